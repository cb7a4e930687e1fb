"""Chinese plans said without a subject ("周四考教资", "下个月8号搬家") are the user's events; a
date something falls on every year ("我们的恋爱纪念日是6月2号") is a standing fact, not a plan
that fades in days; the weather of a day and small talk are nobody's plan."""

from __future__ import annotations

import pytest

from graphmem.extract import RuleExtractor
from graphmem.gate import screen


def found(text: str) -> set[tuple[str, str]]:
    """What the write path extracts: the gate first (greetings, small talk), then the rules."""
    kept = screen(text, "user").sentences
    return {(c.attribute, c.subject) for c in RuleExtractor().extract(kept).candidates}


@pytest.mark.parametrize(
    "text", ["周四考教资，好慌。", "下个月8号搬家。", "后天去医院复查。", "下周六带儿子打疫苗"]
)
def test_a_plan_without_a_subject_is_the_users_event(text: str) -> None:
    assert ("event", "self") in found(text)


@pytest.mark.parametrize("text", ["我们的恋爱纪念日是6月2号。", "我家狗的生日是三月九号。"])
def test_a_yearly_date_is_a_standing_fact(text: str) -> None:
    got = found(text)
    assert not [a for a, _ in got if a == "event"]
    assert got


@pytest.mark.parametrize("text", ["明天下大雨。", "周末降温了。", "明天见！", "今天好累。"])
def test_weather_and_small_talk_are_no_plan(text: str) -> None:
    assert not [a for a, _ in found(text) if a == "event"]
