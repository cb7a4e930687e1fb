"""Forgets of plans and hopes, said after the fact (on SQLite and Neo4j): a plan or a hope named
as such in one clause and the request pointing back at it in the next ("换城市那个打算算了，你也
把这事忘了吧"), a hope named by the words of its life topic ("scrub what I said about us
wanting to start a family" reaches "we've been trying for a kid"); what else was said stays.
And the partner asked by a word that says only "partner" (对象, "my other half") reaches a
spouse; "教了十年" is no job title. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory


def _all_text(mem: Memory, user: str) -> str:
    return " ".join(f"{f.value} {f.source_text}" for f in mem.facts(user))


@pytest.mark.both_stores
def test_a_plan_pointed_back_at_is_forgotten_zh(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("plan-zh")
    mem.remember(user, "我们在琢磨明年移民新西兰，奥克兰那边有同学", at="2026-10-01T20:00:00+08:00")
    mem.remember(user, "我女儿在学钢琴，考过了五级", at="2026-10-02T20:00:00+08:00")
    result = mem.remember(user, "移民那个打算先搁着了，你也把这事忘了吧", at="2026-10-09T20:00:00+08:00")
    assert result.forgotten_episodes or result.retracted, result
    said = _all_text(mem, user)
    assert "奥克兰" not in said and "新西兰" not in said, said
    assert "钢琴" in said  # the other matter stays


@pytest.mark.both_stores
def test_a_hope_named_by_its_topic_is_forgotten_en(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("hope-en")
    mem.remember(user, "my husband Idris is a paramedic", at="2026-10-01T09:00:00Z")
    mem.remember(
        user,
        "we've been trying for a kid since the spring, nothing yet, it's hard",
        at="2026-10-03T09:00:00Z",
    )
    mem.remember(
        user,
        "can you scrub what I said about us wanting to start a family? rather not have it saved",
        at="2026-10-09T09:00:00Z",
    )
    said = _all_text(mem, user)
    assert "trying for a kid" not in said, said
    assert "paramedic" in said


def test_a_plan_and_an_unrelated_request_stay_apart() -> None:
    from graphmem.gate.forget_request import topic_request

    # a request whose object points back names the plan of the clause before it
    assert topic_request("开店那个想法放弃了，你也把这事删了吧").topic == "开店"
    # the topic of a plain request is its own; a pointer alone names nothing
    assert topic_request("把这事忘了") is None


@pytest.mark.both_stores
def test_a_word_for_partner_reaches_a_spouse(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("other-half")
    mem.remember(user, "我爱人叫沈砚，是中学化学老师", at="2026-10-01T20:00:00+08:00")
    found = " ".join(it.text for it in mem.recall(user, "我对象是做什么的？", k=3))
    assert "化学老师" in found, found
    other = uid("other-half-en")
    mem.remember(other, "my wife Marisol is a welder", at="2026-10-01T09:00:00Z")
    found = " ".join(it.text for it in mem.recall(other, "what does my partner do for work?", k=3))
    assert "welder" in found, found


def test_years_of_teaching_are_no_title(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("taught")
    mem.remember(user, "我妈是小学语文老师，教了二十年了", at="2026-10-01T20:00:00+08:00")
    titles = sorted(str(f.value) for f in mem.facts(user) if f.attribute == "job_title")
    assert titles == ["小学语文老师"], titles
