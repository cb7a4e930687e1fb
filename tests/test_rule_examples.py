"""Every rule of the language packs carries example sentences, and each example, read by the
whole extractor (all its tables, in order), is made by that rule: a rule placed where it
shadows another, or a handler that stops yielding, fails here.

The examples live with the rules (graphmem/lang/<language>/*.toml); this file generates one
test per rule from them.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from graphmem.extract import ExtractContext, RuleExtractor, rules_en, rules_zh
from graphmem.lang import Example, Pack, Rule, RuleTableError, load_pack
from graphmem.model import SELF, Fact

PACKS: dict[str, Pack] = {"en": rules_en.PACK, "zh": rules_zh.PACK}
RULES = [rule for pack in PACKS.values() for rule in pack.rules()]
_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _fact(given: str) -> Fact:
    """A fact the user stated before ("diet=vegetarian")."""
    attribute, value = given.split("=", 1)
    return Fact(
        id=f"f-{attribute}-{value}", user_id="u", subject_id="self", subject_name=SELF, attribute=attribute,
        value=value, kind="profile", source="user_declared", confidence=1.0, status="active", text=given,
        source_text=given, recorded_at=_AT, valid_from=_AT, last_accessed_at=_AT, half_life_days=365.0,
    )  # fmt: skip


def fired(example: Example, packs: dict[str, Pack] | None = None) -> set[str]:
    """The ids of the rules that made the candidates of `example`."""
    context = ExtractContext(active_facts=[_fact(g) for g in example.given])
    out = RuleExtractor(packs=packs).extract([example.text], context)
    return {c.rule for c in out.candidates}


def misfires(rule: Rule, packs: dict[str, Pack] | None = None) -> list[str]:
    """The examples of `rule` that some other rule (or none) reads."""
    return [
        f"{ex.text!r} -> {sorted(got)}" for ex in rule.examples if rule.id not in (got := fired(ex, packs))
    ]


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_each_rule_reads_its_own_examples(rule: Rule) -> None:
    assert rule.examples, f"{rule.id} has no example sentence"
    assert not misfires(rule), f"{rule.id} is not the rule that reads: {misfires(rule)}"


def test_every_rule_has_an_id_and_examples() -> None:
    ids = [r.id for r in RULES]
    assert len(ids) == len(set(ids)) > 200
    assert all(
        re.fullmatch(
            r"(?:en|zh)\.(?:clause|predicate|contrast|turn|promotion|age|frames|fragment)\.[a-z0-9_]+", i
        )
        for i in ids
    )
    assert not [r.id for r in RULES if not r.examples]


def _shadow(table: str, above: str, pattern: str, flags: int = 0) -> dict[str, Pack]:
    """The shipped packs with one new rule placed right above `above`: its pattern reads the
    same sentences, its handler yields a note."""
    language = above.split(".")[0]
    pack = PACKS[language]
    t = pack.table(table)
    target = t.rules[t.index(above)]
    from graphmem.extract.common import cand

    def note(m: re.Match[str], ctx: object) -> list:
        return [cand("note", m.group(0), ctx.subj, ctx.src)]  # type: ignore[attr-defined]

    new = Rule(f"{language}.{table}.greedy_note", pattern, flags, "greedy_note", note, target.examples)
    return {**PACKS, language: pack.with_table(t.inserted(t.index(above), new))}


@pytest.mark.parametrize(
    ("table", "above", "pattern", "flags"),
    [
        # "am <anything>" placed above the allergy rule reads "I'm allergic to X" first
        ("predicate", "en.predicate.allergic_to", r"^(?:am|is|are) (?P<v>.+)", re.I),
        # "对…" placed above the allergy rule reads "我对花生过敏" first
        ("predicate", "zh.predicate.allergic_to", r"^对(?P<v>.+)", 0),
        # a clause rule placed above "call me …" reads it first
        ("clause", "en.clause.call_me", r"^.*\bcall me\b.*", re.I),
    ],
)
def test_a_rule_placed_to_shadow_another_fails_the_example_test(
    table: str, above: str, pattern: str, flags: int
) -> None:
    target = next(r for r in RULES if r.id == above)
    assert target.examples and not misfires(target)  # as shipped, it reads its examples
    shadowed = _shadow(table, above, pattern, flags)
    assert len(misfires(target, shadowed)) == len(target.examples)  # every example is read by another
    assert all(f"{above.split('.')[0]}.{table}.greedy_note" in fired(ex, shadowed) for ex in target.examples)


def test_a_rule_placed_below_shadows_nothing() -> None:
    """The same greedy rule at the end of the table leaves the allergy rule reading its examples."""
    pack = PACKS["en"]
    t = pack.table("predicate")
    target = t.rules[t.index("en.predicate.allergic_to")]
    at_end = Rule(
        "en.predicate.greedy_note", r"^(?:am|is|are) (?P<v>.+)", re.I, "greedy_note", lambda m, c: None
    )
    packs = {**PACKS, "en": pack.with_table(t.inserted(len(t.rules), at_end))}
    assert not misfires(target, packs)


def test_a_pack_naming_an_unknown_handler_does_not_load() -> None:
    with pytest.raises(RuleTableError, match="no handler registered"):
        load_pack("en", {}, {"DIET": "x", "LANG": "y"})


def test_a_pack_with_a_handler_no_rule_names_does_not_load() -> None:
    from graphmem.extract import (
        changes,
        clause_handlers_en,
        contrasts,
        fragments,
        frames,
        patterns_en,
        patterns_en_life,
        patterns_en_work,
        schools,
        turns,
    )

    handlers = {
        **patterns_en.HANDLERS,
        **patterns_en_work.HANDLERS,
        **patterns_en_life.PREDICATE_HANDLERS,
        **patterns_en_life.CLAUSE_HANDLERS,
        **contrasts.HANDLERS["en"],
        **schools.HANDLERS["en"],
        **fragments.HANDLERS["en"],
        **turns.HANDLERS,
        **changes.EN_HANDLERS,
        **frames.EN_HANDLERS,
        # the clause-level handlers, and the one the clause reader keeps for itself
        **{n: (lambda m, c: None) for n in (*clause_handlers_en.HANDLERS, "forget_that")},
        "spare": lambda m, c: None,
    }
    with pytest.raises(RuleTableError, match="handlers no rule names: \\['spare'\\]"):
        load_pack("en", handlers, {"DIET": patterns_en.DIET, "LANG": patterns_en.LANG})


def test_a_turn_rule_moved_below_one_that_reads_its_sentences_fails_the_example_test() -> None:
    """The discourse tables are checked the same way: "受够了X" placed back below "X…够了"
    (where it once sat) is read by the wider rule as a turn away from "受"."""
    from graphmem.lang import RuleTable

    pack = PACKS["zh"]
    t = pack.table("turn")
    target = t.rules[t.index("zh.turn.shou_gou_le")]
    assert not misfires(target)
    rest = [r for r in t.rules if r.id != target.id]
    at = next(i for i, r in enumerate(rest) if r.id == "zh.turn.x_ni_le") + 1
    moved = RuleTable(t.name, (*rest[:at], target, *rest[at:]))
    assert len(misfires(target, {**PACKS, "zh": pack.with_table(moved)})) == len(target.examples)
