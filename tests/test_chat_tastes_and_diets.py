"""Ways of eating and tastes that change, said the messy way (on SQLite; a sample on Neo4j): a
plant diet broken (破功了, what is eaten now said first) with a meat still left out, a diet given
up said object first and the one switched to with its fasting window ("16:8"), a drink one can
no longer stand with the new habit said without a verb ("最近天天气泡水"). And what must not
read so: a hour or ratio split into an age, someone else's meat left out. The sentences are
this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read

CASES = {
    "a plant diet broken, a meat still left out (zh)": (
        ["我是素食者，蛋奶可以", "素了三年还是没忍住，现在虾和鸡蛋都吃了，猪肉还是不碰"],
        {"diet": ["不吃猪肉"]},
        {"diet": ["素食"]},
    ),
    "a diet given up object first, the new one with its window (zh)": (
        ["最近在搞低碳饮食", "低碳我放弃了，馋米饭，改成18:6轻断食"],
        {"diet": ["轻断食"]},
        {"diet": ["低碳水"], "age": ["18"]},
    ),
    "a drink no longer stood, the new habit without a verb (zh)": (
        ["我特别爱喝可乐", "可乐我现在是真喝不下去了，太甜，最近天天气泡水"],
        {"likes": ["气泡水"]},
        {"likes": ["可乐"]},
    ),
    "someone else's meat left out is no diet of the user's (zh)": (
        ["小周是回族，不吃猪肉"],
        {},
        {"diet": ["不吃猪肉"]},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("chat"), said, present, absent, first_day=date(2026, 10, 5), exact=True, label=case)


def test_an_hour_with_a_colon_stays_one_clause(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("hour")
    mem.remember(user, "后天8:45去面签", at="2026-10-05T09:00:00+08:00")
    facts = mem.facts(user)
    assert not [f for f in facts if f.attribute == "age"], facts
    assert any(f.attribute == "event" and "8:45" in str(f.value) for f in facts), facts


SAMPLE = [
    "a plant diet broken, a meat still left out (zh)",
    "a drink no longer stood, the new habit without a verb (zh)",
]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_message_is_read(mem, uid, case)
