"""Days counted from a plan said before ("9月12号搬家" then "搬家前一天去退宽带"; "I fly out on the
14th" then "the night before my flight I'm seeing Nan"), a month and a day with no year ahead of
when it was said (7月25号 said on 2 July is this July's), a count of days hedged ("in exactly 12
days", "in like 3 weeks"), and a day counted from one named earlier in the same message, the
clause parted from it by a space. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone

import pytest

from graphmem import Memory
from graphmem.text.dates import find_spans

ZH = timezone(timedelta(hours=8))


@pytest.mark.parametrize(
    ("text", "at", "day"),
    [
        ("票买好了 8月19号回老家", datetime(2026, 8, 2, 10, tzinfo=ZH), "2026-08-19"),
        (
            "booked!! September 3rd I fly to Accra",
            datetime(2026, 8, 20, 10, tzinfo=timezone.utc),
            "2026-09-03",
        ),
        # a day gone by is still the one gone by
        ("3月2号那天我去爬了山", datetime(2026, 8, 2, 10, tzinfo=ZH), "2026-03-02"),
        # more than half a year ahead: last year's
        ("on November 30 we got the keys", datetime(2026, 3, 1, 10, tzinfo=timezone.utc), "2025-11-30"),
        ("the audition is in exactly 12 days", datetime(2026, 8, 2, 10, tzinfo=timezone.utc), "2026-08-14"),
        ("moving out in like 3 weeks", datetime(2026, 8, 2, 10, tzinfo=timezone.utc), "2026-08-23"),
    ],
)
def test_the_day_is_read(text: str, at: datetime, day: str) -> None:
    assert [s.start.isoformat() for s in find_spans(text, at)] == [day]


#: (the plan, when, the day counted from it said later, when, the day it names, words of it)
COUNTED = {
    "the day before a move on record (zh)": (
        "9月12号搬家 东西还没打包", "2026-09-01T20:00:00+08:00",
        "搬家前一天得去营业厅把宽带退了", "2026-09-05T21:00:00+08:00", "2026-09-11", "宽带",
    ),
    "the day after a landing on record (zh)": (
        "下周三落地成都 航班已经订好", "2026-10-05T09:00:00+08:00",
        "落地第二天就去见客户 已经约好了", "2026-10-06T09:00:00+08:00", "2026-10-15", "客户",
    ),
    "the night before a flight on record (en)": (
        "flight's booked, I fly out to Lima on the 14th", "2026-11-02T09:00:00Z",
        "the night before my flight I'm having dinner with Nan", "2026-11-04T09:00:00Z", "2026-11-13", "Nan",
    ),
    "two days after a surgery on record (en)": (
        "my knee surgery is scheduled for December 9", "2026-11-20T09:00:00Z",
        "physio starts two days after the surgery, ugh", "2026-11-22T09:00:00Z", "2026-12-11", "physio",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(COUNTED))
def test_the_day_counted_from_the_plan_is_shown(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    plan, plan_at, later, later_at, day, word = COUNTED[case]
    user = uid("counted")
    mem.remember(user, plan, at=plan_at)
    mem.remember(user, later, at=later_at)
    shown = [str(f.value) for f in mem.facts(user) if word in str(f.value)]
    assert any(day in v for v in shown), (case, shown)


def test_no_plan_on_record_leaves_the_day_unsaid(mem: Memory, uid: Callable[[str], str]) -> None:
    """Counted from nothing on record, no day is made up."""
    user = uid("none")
    mem.remember(user, "搬家前一天得去把宽带退了", at="2026-09-05T21:00:00+08:00")
    assert not [f for f in mem.facts(user) if "2026-" in str(f.value)]


def test_a_day_counted_in_the_same_message_dates_its_clause(mem: Memory, uid: Callable[[str], str]) -> None:
    """ "下周二飞深圳 落地第二天就得去见新老板": the clause parted by a space is the next day's."""
    user = uid("same")
    mem.remember(user, "下周二飞深圳 落地第二天就得去见新老板 紧张死了", at="2026-09-02T21:00:00+08:00")
    items = mem.recall(user, "我哪天去见新老板", k=4, at="2026-09-20T09:00:00+08:00")
    dated = [it for it in items if it.fact is not None and "新老板" in it.text]
    assert dated and dated[0].date is not None and dated[0].date.date().isoformat() == "2026-09-09", [
        (it.text, it.date) for it in items
    ]


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_day_counted_from_the_plan_is_shown(mem, uid, "the day before a move on record (zh)")
    test_the_day_counted_from_the_plan_is_shown(mem, uid, "the night before a flight on record (en)")
