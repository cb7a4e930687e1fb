"""Facts said the messy way (on SQLite; a sample also on Neo4j): an allergy said with what one
knew and did anyway, a spouse said as 我家那位 and their job said alone after the name, a
workplace named in corner quotes after what is done there, a workplace named after a slang
verb of work and a title said before "is the official title", a Chinese job word inside
English, a pet said with its looks before its kind. And what must not read so: a meal at a
place called something, a weekday inside a name. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read

# (turns said a day apart, {attribute: values active on the user}, {attribute: values not active})
CASES = {
    "an allergy said with what one knew (zh)": (
        ["明明知道自己对榛子过敏，还是偷吃了一块蛋糕"],
        {"allergy": ["榛子"]},
        {"allergy": ["明明知道自己对榛子", "知道自己榛子"]},
    ),
    "an allergy known, said without 对 (zh)": (
        ["我知道自己菠萝过敏，但就是馋"],
        {"allergy": ["菠萝"]},
        {},
    ),
    "a workplace in corner quotes after what is done there (zh)": (
        ["在一个叫「青木」的小设计工作室画海报，钱少事多"],
        {"employer": ["青木"]},
        {"employer": ["「青木」"]},
    ),
    "a workplace named after a slang verb of work (en)": (
        ["I mostly wrangle invoices for a logistics startup called Parcelry, it's chaos"],
        {"employer": ["Parcelry"]},
        {},
    ),
    "a title said before 'is the official title' (en)": (
        ["data steward is the official title, glorified librarian is the real one"],
        {"job_title": ["data steward"]},
        {},
    ),
    "a meal at a named place is no workplace (en)": (
        ["had brunch at a cafe called Marigold, the eggs were perfect"],
        {},
        {"employer": ["Marigold"]},
    ),
    "a Chinese job word inside English (en)": (
        ["long week, I'm a 药剂师 at Riverside Pharmacy and flu season is brutal"],
        {"job_title": ["药剂师"], "employer": ["Riverside Pharmacy"]},
        {},
    ),
    "a trade said by its daily work at a named place (en)": (
        ["mostly I sling lattes at Copperpot Coffee, the tips are decent"],
        {"employer": ["Copperpot Coffee"], "job_title": ["barista"]},
        {},
    ),
    "a nickname dropped that is part of the full name (en)": (
        [
            "I'm Roberta, but everyone calls me Bert",
            "funny thing, nobody calls me Bert anymore, it's Bobbie these days",
        ],
        {"preferred_name": ["Bobbie"], "name": ["Roberta"]},
        {"preferred_name": ["Bert"]},
    ),
    "a pet said with its looks before its kind (en)": (
        ["my chunky grey tabby Noodle ate a hair tie again"],
        {"pet": ["Noodle"]},
        {},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("chat"), said, present, absent, first_day=date(2026, 10, 12), exact=True, label=case)


def _on(mem: Memory, user: str, who: str) -> dict[str, str]:
    return {f.attribute: str(f.value) for f in mem.facts(user) if f.subject_name == who}


def test_a_spouse_said_as_the_one_at_home_with_a_job_after_the_name(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    user = uid("home")
    mem.remember(user, "我家那位叫周三省，麻醉师，经常半夜被叫去医院", at="2026-10-12T21:00:00+08:00")
    facts = mem.facts(user)
    spouse = [f for f in facts if f.subject_name == "self" and f.attribute == "spouse"]
    assert [f.value for f in spouse] == ["周三省"], facts
    # the name holds a weekday's characters (周三) and is still no date
    assert spouse[0].valid_from.date() == date(2026, 10, 12)
    assert _on(mem, user, "周三省").get("job_title") == "麻醉师"
    mem.remember(user, "我家那口子下个月要去进修", at="2026-10-13T21:00:00+08:00")
    assert [f.value for f in mem.facts(user) if f.subject_name == "self" and f.attribute == "spouse"] == [
        "周三省"
    ]


def test_someone_named_by_a_kind_of_name_after_the_one_at_home(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    user = uid("names")
    mem.remember(
        user, "我家那位是做游戏策划的，英文名Rowan，中文名陆远，在米哈游上班", at="2026-10-12T21:00:00+08:00"
    )
    facts = mem.facts(user)
    assert [f.value for f in facts if f.subject_name == "self" and f.attribute == "spouse"] == ["Rowan"], (
        facts
    )
    rowan = _on(mem, user, "Rowan")
    assert rowan.get("employer") == "米哈游" and rowan.get("job_title") == "游戏策划", rowan
    # "我家那位祖宗" is that one at home (a pet, here), no spouse
    other = uid("master")
    mem.remember(other, "我家那位祖宗，布偶，叫年糕，又把花瓶推下去了", at="2026-10-12T21:00:00+08:00")
    assert not [f for f in mem.facts(other) if f.attribute == "spouse"]


def test_a_parent_who_stays_put_lives_there(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("stays")
    mem.remember(
        user, "mum still refuses to leave Kilkenny, says the city is too loud", at="2026-10-12T09:00:00Z"
    )
    mem.remember(user, "I refuse to leave the couch this weekend", at="2026-10-12T09:05:00Z")
    facts = mem.facts(user)
    assert _on(mem, user, "mum").get("city") == "Kilkenny", facts
    assert not [f for f in facts if f.subject_name == "self" and f.attribute == "city"], facts
    found = " ".join(it.text for it in mem.recall(user, "which city does my mother live in?", k=3))
    assert "Kilkenny" in found, found


SAMPLE = [
    "an allergy said with what one knew (zh)",
    "a workplace named after a slang verb of work (en)",
    "a pet said with its looks before its kind (en)",
    "a trade said by its daily work at a named place (en)",
]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_message_is_read(mem, uid, case)


@pytest.mark.both_stores
def test_the_one_at_home_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_a_spouse_said_as_the_one_at_home_with_a_job_after_the_name(mem, uid)
