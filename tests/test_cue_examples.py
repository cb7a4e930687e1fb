"""Every discourse cue of the language packs (graphmem/lang/<language>/cues.toml) has an id
and example statements, and the reader finds that cue in each of them: a cue word that a
kind read before it swallows (an opener that also lists a precision cue) fails here, as a
shadowed rule fails tests/test_rule_examples.py."""

from __future__ import annotations

import re
from typing import Any

import pytest

from graphmem.extract import cues, discourse, rules_en, rules_zh, turns

PACKS = {"en": rules_en.PACK, "zh": rules_zh.PACK}
CUES = [(lang, row) for lang in PACKS for row in cues.cue_rows(lang)]


@pytest.mark.parametrize(("lang", "row"), CUES, ids=[row["id"] for _, row in CUES])
def test_each_cue_is_found_in_its_own_examples(lang: str, row: dict[str, Any]) -> None:
    assert re.fullmatch(rf"{lang}\.cue\.{row['kind']}", row["id"])
    assert row["examples"], f"{row['id']} has no example"
    for example in row["examples"]:
        assert cues.words_rx(lang, row["kind"]).search(example), (row["id"], example)
        if row["kind"] == "hypothetical":  # what might be: no taste turn is read in it
            assert turns.read_turns(example, lang, PACKS[lang].table("turn")) == [], example
        else:
            assert row["id"] in discourse.read(example, lang).cues, (example, discourse.read(example, lang))


@pytest.mark.parametrize(
    ("lang", "said", "plain"),
    [
        ("en", "if I ever get bored of chess", "I'm bored of chess"),
        ("zh", "要是哪天火锅吃腻了", "火锅吃腻了"),
    ],
)
def test_the_same_turn_said_plainly_is_read(lang: str, said: str, plain: str) -> None:
    """The hypothetical examples hold a turn only their cue keeps from being read."""
    table = PACKS[lang].table("turn")
    assert turns.read_turns(said, lang, table) == []
    assert [t.value for t in turns.read_turns(plain, lang, table)] == [
        plain.split()[-1] if lang == "en" else "火锅"
    ]


def test_every_kind_the_reader_uses_is_in_both_packs() -> None:
    kinds = {"opener", "filler", "precision", "retraction", "change", "hypothetical"}
    for lang in PACKS:
        rows = cues.cue_rows(lang)
        assert kinds <= {r["kind"] for r in rows}
        assert len({r["id"] for r in rows}) == len(rows)
