"""Facts made by the discourse readings (taste turns, contrasts with a stored value, titles
and ages said by what happened) carry the id of the language-pack rule that read them, in
the result, in the stored fact and in its audit record, on both stores; `explain` lists the
cues and turn rules it found. Before these readings were pack rules, their facts named no
rule at all."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.extract import rules_en, rules_zh

pytestmark = pytest.mark.both_stores

RULE_IDS = {r.id for pack in (rules_en.PACK, rules_zh.PACK) for r in pack.rules()}
BEFORE, AFTER = "2026-03-01T09:00:00Z", "2026-03-05T09:00:00Z"

# (what the user said first, what they said after, the attribute and value it makes, the rule)
READINGS = [
    ("I'm allergic to walnuts.", "not walnuts, it's pecans I react to", "allergy", "pecans",
     "en.contrast.not_old_its_new"),
    ("我对牛奶过敏", "牛奶其实没事，是鸡蛋过敏", "allergy", "鸡蛋", "zh.contrast.old_fine_new"),
    ("I love ramen.", "ugh, ramen is a hard pass for me now", "dislikes", "ramen", "en.turn.hard_pass"),
    ("我很喜欢羽毛球", "羽毛球打不动了，改游泳了", "likes", "游泳", "zh.turn.gai_y"),
    # a pastime taken up in place of the one on record, no turn away said
    ("我很喜欢羽毛球", "肩膀伤了，改练八段锦了", "likes", "八段锦", "zh.turn.took_up_instead"),
    ("I work as a nurse at Mercy General.", "my manager named me charge nurse!!", "job_title", "charge nurse",
     "en.promotion.they_made_me"),
    ("我在医院当护士", "领导叫我当上了护士长", "job_title", "护士长", "zh.promotion.promoted_to"),
    ("I'm 33.", "had my birthday on Sunday, so 34 now", "age", "34", "en.age.since_birthday"),
    ("我今年29岁", "过完生日就三十了", "age", "30", "zh.age.since_birthday"),
]  # fmt: skip


@pytest.mark.parametrize(("first", "then", "attribute", "value", "rule"), READINGS)
def test_a_discourse_reading_names_its_rule_in_the_fact_and_the_audit(
    open_memory: Callable[..., Memory],
    uid: Callable[[str], str],
    first: str,
    then: str,
    attribute: str,
    value: str,
    rule: str,
) -> None:
    assert rule in RULE_IDS
    u = uid("discourse")
    mem = open_memory()
    mem.remember(u, first, at=BEFORE)
    result = mem.remember(u, then, at=AFTER)
    [made] = [f for f in result.added if f.attribute == attribute and f.value == value]
    assert made.rule == rule
    assert [a.extraction_rule for a in result.audit if a.new_fact_id == made.id] == [rule]
    mem.close()

    again = open_memory()  # stored, not only returned
    [kept] = [f for f in again.facts(u) if f.id == made.id]
    assert kept.rule == rule
    assert {a.extraction_rule for a in again.store.reader(u).audit([made.id])} == {rule}


def test_a_turn_away_names_its_rule_on_the_liking_it_ends(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    u = uid("turn-away")
    mem = open_memory()
    mem.remember(u, "I really like karaoke.", at=BEFORE)
    result = mem.remember(u, "I no longer enjoy karaoke", at=AFTER)
    [ended] = result.retracted
    assert ended.value == "karaoke"
    [record] = [a for a in result.audit if a.old_fact_id == ended.id]
    assert record.action == "retract" and record.extraction_rule == "en.turn.no_longer_into"


@pytest.mark.parametrize(
    ("said", "cue", "rule"),
    [
        ("wait no, I'm not really into opera anymore", "en.cue.retraction", "en.turn.not_into_anymore"),
        ("说错了，我现在不碰奶茶了", "zh.cue.retraction", "zh.turn.bu_peng"),
    ],
)
def test_explain_lists_the_cues_and_turn_rules_it_found(
    open_memory: Callable[..., Memory], uid: Callable[[str], str], said: str, cue: str, rule: str
) -> None:
    mem = open_memory()
    [piece] = mem.explain(uid("explain"), said).pieces
    assert (cue, "cue") in piece.rules and (rule, "fired") in piece.rules
