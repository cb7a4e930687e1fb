"""Holidays as days (graphmem.text.holidays): fixed ones, moving ones (Easter, Thanksgiving),
the lunar ones of the Chinese calendar, the year said or the nearest one, and a day counted
from a holiday ("the Monday after Easter", 中秋前一天); and a bare day of the month after a date
said before it (18号…，25号…). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timezone

import pytest

from graphmem import Memory
from graphmem.text.dates import find_spans
from graphmem.text.holidays import HOLIDAYS


def _days(text: str, on: tuple[int, int, int]) -> list[str]:
    return [s.start.isoformat() for s in find_spans(text, datetime(*on, 12, tzinfo=timezone.utc))]


@pytest.mark.parametrize(
    ("text", "on", "days"),
    [
        ("we host the family the Friday after Thanksgiving", (2026, 10, 1), ["2026-11-27"]),
        ("school's out until the Tuesday after Easter", (2027, 3, 10), ["2027-03-30"]),
        ("last Halloween I dressed as a toaster", (2026, 9, 1), ["2025-10-31"]),
        ("the office party is the night before Christmas Eve", (2026, 12, 1), ["2026-12-23"]),
        ("端午节那天去划龙舟", (2026, 5, 20), ["2026-06-19"]),
        ("中秋前一天回老家", (2027, 9, 1), ["2027-09-14"]),
        ("去年国庆去了趟西安", (2026, 12, 1), ["2025-10-01"]),
        ("下个月3号飞成都，9号回来", (2026, 2, 20), ["2026-03-03", "2026-03-09"]),
    ],
)
def test_holidays_and_days_counted_from_them(text: str, on: tuple[int, int, int], days: list[str]) -> None:
    got = _days(text, on)
    assert got[-len(days) :] == days, got


def test_moving_holidays_fall_on_their_weekday() -> None:
    for year in range(2024, 2033):
        assert HOLIDAYS["easter"](year).weekday() == 6  # a Sunday
        thanksgiving = HOLIDAYS["thanksgiving"](year)
        assert thanksgiving.weekday() == 3 and 22 <= thanksgiving.day <= 28  # the fourth Thursday
        assert HOLIDAYS["春节"](year) is not None
    assert HOLIDAYS["easter"](2026) == date(2026, 4, 5)


@pytest.mark.both_stores
def test_a_plan_named_by_a_holiday_shows_its_day(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("holiday")
    mem.remember(
        user, "my in-laws arrive the Sunday before Thanksgiving, send snacks", at="2026-10-20T09:00:00Z"
    )
    days = [it.day for it in mem.recall(user, "when do my in-laws arrive?", k=3, at="2026-11-01T09:00:00Z")]
    assert "2026-11-22" in days, days
