"""What a messy message says about when, and how much (on SQLite; a sample of each kind also on
Neo4j): a place with the season of the move after it, a home said by how many years one has
been there (and a stay of weeks that is no home), where one ended up, an age corrected with the
day it became true, an emphatic 是 before a verb, an aversion named after what is fine now, the
short form of a title or place on record said again, a statement dated years back that is
history and no longer replaces what holds, a company described by what it does, and the new
year as a time lead. The sentences are this file's own; the rules read the shape."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timezone

import pytest

from graphmem import Memory
from graphmem.text.dates import find_spans
from tests.chat_cases import assert_read

# (turns said a day apart, {attribute: values active on the user}, {attribute: values not active})
CASES = {
    "a move with its season after the place (en)": (
        ["we packed up and relocated to Nantes in early autumn"],
        {"city": ["Nantes"]},
        {"city": ["Nantes in early autumn"]},
    ),
    "a home said by its years (en)": (
        ["been living up in Duluth for four years, the winters are no joke"],
        {"city": ["Duluth"]},
        {},
    ),
    "a stay of weeks is no home (en)": (
        ["I live in Ghent", "I've been in Lisbon for two weeks, the tiles are gorgeous"],
        {"city": ["Ghent"]},
        {"city": ["Lisbon"]},
    ),
    "where one wound up (en)": (
        ["I live in Fresno", "wound up in Tacoma after the divorce, long story"],
        {"city": ["Tacoma"]},
        {"city": ["Fresno"]},
    ),
    "ending up somewhere that is no place (en)": (
        ["I live in Fresno", "ended up in the ER again, nothing serious"],
        {"city": ["Fresno"]},
        {},
    ),
    "an age corrected with the day it became true (en)": (
        ["I'm 44, for the record", "scratch that, 45 as of Tuesday 🎉"],
        {"age": ["45"]},
        {"age": ["44"]},
    ),
    "an emphatic 是 before an allergy (zh)": (
        ["我是对芒果过敏，吃了嘴会肿"],
        {"allergy": ["芒果"]},
        {},
    ),
    "an emphatic 是 before a liking, and 是 as the copula (zh)": (
        ["我是特别喜欢爬山", "我是老师"],
        {"likes": ["爬山"], "job_title": ["老师"]},
        {},
    ),
    "an aversion named after what is fine now (zh)": (
        ["我不喝咖啡", "其实咖啡还好，我是受不了奶茶"],
        {"dislikes": ["奶茶"]},
        {"dislikes": ["咖啡", "受不了奶茶"]},
    ),
    "the short form of a title on record (zh)": (
        ["我在深圳做前端工程师", "换了家公司，还是干前端"],
        {"job_title": ["前端工程师"]},
        {"job_title": ["前端"]},
    ),
    "the short form of a place on record (en)": (
        ["I live in Portland, Maine", "anyway I'm in Portland, it's pouring"],
        {"city": ["Portland, Maine"]},
        {},
    ),
    "a study years back is history, not home (zh)": (
        ["我住在苏州", "我五年前在西安读的大学"],
        {"city": ["苏州"]},
        {"city": ["西安"]},
    ),
    "a move in a year long gone is history, not home (en)": (
        ["I live in Raleigh", "moved to Prague in 2016 for a job, loved it"],
        {"city": ["Raleigh"]},
        {"city": ["Prague"]},
    ),
    "a move last month still replaces the home (en)": (
        ["I live in Raleigh", "moved to Boise last month, still unpacking"],
        {"city": ["Boise"]},
        {"city": ["Raleigh"]},
    ),
    "a company described by what it does, then the title (zh)": (
        ["我在一家做新能源的公司当财务"],
        {"job_title": ["财务"]},
        {"job_title": ["新能源的公司当财务"]},
    ),
    "a job change to a described company keeps no company as a title (zh)": (
        ["去年跳槽去了苏州一家做芯片的公司"],
        {"city": ["苏州"]},
        {"job_title": ["芯片的公司"]},
    ),
    "the new year as a time lead (zh)": (
        ["我在美团上班", "年后我换到了滴滴"],
        {"employer": ["滴滴"]},
        {"employer": ["美团"]},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("chat"), said, present, absent, first_day=date(2026, 9, 10), exact=True, label=case)


def test_history_is_kept_frozen_not_lost(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("history")
    mem.remember(user, "I live in Raleigh", at="2026-09-10T09:00:00Z")
    mem.remember(user, "moved to Prague in 2016 for a job, loved it", at="2026-09-11T09:00:00Z")
    prague = [
        f for f in mem.facts(user, include_frozen=True) if f.attribute == "city" and f.value == "Prague"
    ]
    assert prague and prague[0].status == "frozen", prague
    assert prague[0].valid_from.year == 2016


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("back in 2009 we lived by the sea", 2009),
        ("我2017年在成都读的研", 2017),
        ("since early 2021 I run", 2021),
    ],
)
def test_a_year_said_alone_is_a_date(text: str, year: int) -> None:
    spans = find_spans(text, datetime(2026, 9, 10, tzinfo=timezone.utc))
    assert [(s.start_dt.date().isoformat(), s.end_dt.date().isoformat()) for s in spans] == [
        (f"{year}-01-01", f"{year}-12-31")
    ]


@pytest.mark.parametrize("text", ["2018年3月", "call me at 2016 ext", "20185年"])
def test_a_number_that_is_no_year_alone_is_no_date(text: str) -> None:
    assert find_spans(text, datetime(2026, 9, 10, tzinfo=timezone.utc)) == []


SAMPLE = [
    "a stay of weeks is no home (en)",
    "an aversion named after what is fine now (zh)",
    "a study years back is history, not home (zh)",
]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_message_is_read(mem, uid, case)


@pytest.mark.both_stores
def test_history_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_history_is_kept_frozen_not_lost(mem, uid)
