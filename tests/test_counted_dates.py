"""Days counted from another day, as people write them, resolve to the day they name against
the message's time, in both languages ("a week from Thursday", "Tuesday week", "the first
Friday of next month", 再过三天, 两周后的周四, 下个月最后一个周五); the shorter expressions
inside them ("Thursday" alone) give way; and the fact and the recall item show that day."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

import pytest

from graphmem import Memory
from graphmem.text.dates import find_spans
from graphmem.text.memory_dates import fact_day

WED = datetime(2026, 5, 6, 15, tzinfo=timezone.utc)  # a Wednesday
SUN = datetime(2026, 5, 10, 20, tzinfo=timezone.utc)  # a Sunday
NEW_YEAR = datetime(2026, 12, 28, 9, tzinfo=timezone.utc)  # a Monday, days before the year ends


def _days(text: str, at: datetime) -> list[tuple[str, str]]:
    return [(s.start.isoformat(), s.end.isoformat()) for s in find_spans(text, at)]


def one(iso: str) -> list[tuple[str, str]]:
    return [(iso, iso)]


@pytest.mark.parametrize(
    ("text", "at", "want"),
    [
        # a count from a named day, ahead
        ("the plumber can only come a week from Thursday", WED, one("2026-05-14")),
        ("my contract is up two weeks from tomorrow", WED, one("2026-05-21")),
        ("the cast comes off three days after next Monday", WED, one("2026-05-14")),
        ("the results are due ten days from today", WED, one("2026-05-16")),
        ("we close on the house a couple days from now", WED, one("2026-05-08")),
        ("the tiles arrive in a couple days", WED, one("2026-05-08")),
        ("a fortnight from Saturday is her recital", WED, one("2026-05-23")),
        ("inspection is a month from Friday", WED, one("2026-06-08")),
        ("the audition is a week from Monday", SUN, one("2026-05-18")),  # said on a Sunday
        # British counts
        ("the kitchen fitters start Tuesday week", WED, one("2026-05-19")),
        ("the removal van is booked for a week on Saturday", WED, one("2026-05-16")),
        ("my sister lands a fortnight today", WED, one("2026-05-20")),
        # a weekday of a week or month that is named
        ("the vote is Friday of the week after next", WED, one("2026-05-22")),
        ("week after next on Monday we paint the hall", WED, one("2026-05-18")),
        ("book club is the first Friday of next month", WED, one("2026-06-05")),
        ("payday is the last Thursday of the month", WED, one("2026-05-28")),
        ("this time next year we'll have the keys", WED, one("2027-05-06")),
        # across a year's end
        ("the lease starts a week from Friday", NEW_YEAR, one("2027-01-08")),
        ("the first Monday of next month I start at the clinic", NEW_YEAR, one("2027-01-04")),
        # counted back
        ("a week ago Tuesday the boiler died", WED, one("2026-04-28")),
        ("three weeks ago today I quit sugar", WED, one("2026-04-15")),
        ("couple weeks ago we moved the piano", WED, one("2026-04-22")),
    ],
)
def test_english_counted_days(text: str, at: datetime, want: list[tuple[str, str]]) -> None:
    assert _days(text, at) == want


@pytest.mark.parametrize(
    ("text", "at", "want"),
    [
        ("再过三天就能拿到签证了", WED, one("2026-05-09")),
        ("过两天再去复查", WED, one("2026-05-08")),
        ("还有十天就要答辩了", WED, one("2026-05-16")),
        ("再过一个月房租要涨", WED, one("2026-06-06")),
        ("两周后的周四去拆线", WED, one("2026-05-21")),
        ("三个星期以后的星期一出发", WED, one("2026-05-25")),
        ("下周的周二要交论文", WED, one("2026-05-12")),
        ("下个月第一个周六搬家", WED, one("2026-06-06")),
        ("这个月的最后一个周五发奖金", WED, one("2026-05-29")),
        ("明年这个时候我应该在读研了", WED, one("2027-05-06")),
        ("去年的今天我们第一次见面", WED, one("2025-05-06")),
        # the families the issue names, said on a Sunday and near a year's end
        ("下下周三要去考科目一", SUN, one("2026-05-20")),
        ("两周后交房", SUN, one("2026-05-24")),
        ("大后天回老家", NEW_YEAR, one("2026-12-31")),
        ("大前天去拔了智齿", NEW_YEAR, one("2026-12-25")),
        ("下个月初去报到", NEW_YEAR, [("2027-01-01", "2027-01-10")]),
        ("下个月底之前要交材料", NEW_YEAR, one("2027-01-31")),
        ("下个月第一个周一开学", NEW_YEAR, one("2027-01-04")),
    ],
)
def test_chinese_counted_days(text: str, at: datetime, want: list[tuple[str, str]]) -> None:
    assert _days(text, at) == want


@pytest.mark.parametrize(
    "text",
    [
        "我还有两个月的年假没休",  # leave left, no day
        "不过两天就好了",
        "超过三天没睡好了",
        "I work every Friday week in, week out",
        "each Tuesday week the bins go out",
    ],
)
def test_words_that_only_look_like_counts_name_no_counted_day(text: str) -> None:
    assert all(
        s.start.isoformat() not in ("2026-05-08", "2026-05-09", "2026-06-06") for s in find_spans(text, WED)
    )
    assert not any("两个月" in s.text or "两天" in s.text or "三天" in s.text for s in find_spans(text, WED))
    assert not any("week" in s.text.lower() for s in find_spans(text, WED))


AT = "2026-05-06T15:00:00Z"  # the Wednesday above
LATER = "2026-05-30T09:00:00Z"


def test_the_fact_and_the_recall_item_show_the_counted_day(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("counted")
    told = {
        "My piano tuner is coming a week from Thursday.": ("piano", "2026-05-14"),
        "Book club is the first Friday of next month.": ("Book club", "2026-06-05"),
        "两周后的周四去医院拆线。": ("拆线", "2026-05-21"),
        "再过三天去领护照。": ("护照", "2026-05-09"),
    }
    for text in told:
        mem.remember(u, text, at=AT)
    days = {f.source_text: fact_day(f).isoformat() for f in mem.facts(u)}
    for text, (_, day) in told.items():
        said = next((d for src, d in days.items() if src and src in text or text.startswith(src)), None)
        assert said == day, (text, days)
    for query, (word, day) in zip(
        ("when does the piano tuner come?", "when is book club?", "我什么时候去拆线？", "哪天去领护照？"),
        told.values(),
    ):
        items = [it for it in mem.recall(u, query, k=4, at=LATER) if word in it.text]
        assert items and items[0].day == day, (query, [(it.text, it.day) for it in items])
