"""The language-pack engine on packs written here: a table runs in order, a handler that
declines lets the rules below try, candidates carry their rule's id, and a pack written
wrong does not load but says which file and rule is wrong."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from graphmem.lang import RuleTableError, Trace, load_pack
from graphmem.model import Candidate

FRAGMENTS = """
[fragments]
NOUN = '(?P<v>[a-z]+)'
BOTH = 'a ${NOUN}'

[provided]
COLOUR = "colours, given by the caller"
"""

TABLE = """
[[rule]]
id = "xx.clause.picky"
pattern = '^I like ${BOTH}$'
handler = "only_cats"
examples = ["I like a cat"]

[[rule]]
id = "xx.clause.likes"
pattern = ['^I like ', '${BOTH}$']
flags = ["IGNORECASE"]
handler = "likes"
examples = ["I like a dog"]

[[rule]]
id = "xx.clause.colour"
pattern = '^(?P<v>${COLOUR}) is nice$'
handler = "likes"
examples = ["red is nice"]
"""


def _likes(m: re.Match[str], ctx: Any) -> list[Candidate]:
    return [Candidate("likes", m["v"])]


def _only_cats(m: re.Match[str], ctx: Any) -> list[Candidate] | None:
    return [Candidate("pet", m["v"])] if m["v"] == "cat" else None


HANDLERS = {"likes": _likes, "only_cats": _only_cats}


def _pack(tmp_path: Path, table: str = TABLE, fragments: str = FRAGMENTS, **kw: Any) -> Any:
    d = tmp_path / "xx"
    d.mkdir(exist_ok=True)
    (d / "pack.toml").write_text('tables = ["clause"]\n', encoding="utf-8")
    (d / "fragments.toml").write_text(fragments, encoding="utf-8")
    (d / "clause.toml").write_text(table, encoding="utf-8")
    return load_pack("xx", kw.get("handlers", HANDLERS), kw.get("provided", {"COLOUR": "red|blue"}), tmp_path)


def test_a_table_runs_in_order_and_stamps_the_rule_that_yielded(tmp_path: Path) -> None:
    table = _pack(tmp_path).table("clause")
    assert [r.id for r in table.rules] == ["xx.clause.picky", "xx.clause.likes", "xx.clause.colour"]
    assert table.rules[1].pattern == "^I like a (?P<v>[a-z]+)$" and table.rules[1].flags == re.IGNORECASE
    got = table.first("I like a cat", None)
    assert [(c.attribute, c.value, c.rule) for c in got or []] == [("pet", "cat", "xx.clause.picky")]
    trace = Trace()
    trace.begin(0, "I like a dog")
    got = table.first("I like a dog", None, trace)  # the first rule matches and declines
    assert [(c.attribute, c.value, c.rule) for c in got or []] == [("likes", "dog", "xx.clause.likes")]
    assert trace.pieces[0].steps == [("xx.clause.picky", "passed"), ("xx.clause.likes", "fired")]
    assert [c.rule for c in table.first("blue is nice", None) or []] == ["xx.clause.colour"]
    assert table.first("I like dogs", None) is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ('handler = "likes"', 'handler = "loves"', 1),
            "rule 1 \\(xx.clause.likes\\): no handler registered as 'loves'",
        ),
        (("${BOTH}$']", "${BOTHER}$']", 1), "rule 1 .*unknown fragment \\$\\{BOTHER\\}"),
        (
            ('id = "xx.clause.colour"', 'id = "xx.clause.likes"', 1),
            "rule ids used twice: \\['xx.clause.likes'\\]",
        ),
        (('id = "xx.clause.colour"', 'id = "xx.predicate.colour"', 1), "an id reads 'xx.clause.<words>'"),
        (('flags = ["IGNORECASE"]', 'flags = ["I"]', 1), "flags must be a list of"),
        (("is nice$'", "is nice($'", 1), "rule 2 \\(xx.clause.colour\\): the pattern does not compile"),
        (('handler = "only_cats"', 'handler = "only_cats"\nweight = 2', 1), "unknown keys \\['weight'\\]"),
    ],
)
def test_a_pack_written_wrong_does_not_load(
    tmp_path: Path, change: tuple[str, str, int], message: str
) -> None:
    old, new, count = change
    assert TABLE.count(old) >= count
    with pytest.raises(RuleTableError, match=message):
        _pack(tmp_path, TABLE.replace(old, new, count))


def test_fragments_provided_must_be_the_ones_declared(tmp_path: Path) -> None:
    with pytest.raises(
        RuleTableError, match="\\[provided\\] names \\['COLOUR'\\], the extractor gave \\[\\]"
    ):
        _pack(tmp_path, provided={})
    cyclic = FRAGMENTS.replace("NOUN = '(?P<v>[a-z]+)'", "NOUN = '${BOTH}'")
    with pytest.raises(RuleTableError, match="fragment cycle"):
        _pack(tmp_path, fragments=cyclic)


def test_a_handler_no_rule_names_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RuleTableError, match="handlers no rule names: \\['spare'\\]"):
        _pack(tmp_path, handlers={**HANDLERS, "spare": _likes})
