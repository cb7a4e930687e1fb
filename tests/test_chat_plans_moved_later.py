"""A plan said with its day, then moved by an amount in a later message that names no day of its
own ("the recital got bumped back a week", 体检往后推了三天): the new day is counted from the
plan's day on record and shown as an ISO date with what recall returns; the plan's old event is
replaced. Nothing is counted when no plan to come shares the message's topic, when the plan's day
has passed, or when the later message names its own day. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

#: (the plan and when it was said, the move and when it was said, a question, the new day, the old day)
MOVED = {
    "a recital bumped back a week (en)": (
        ("Maya's piano recital is next friday, so nervous for her", "2026-03-02T18:00:00Z"),
        ("ugh the school double booked the hall, recital got bumped back a week", "2026-03-04T09:00:00Z"),
        "when is the piano recital?", "2026-03-20", "2026-03-13",
    ),
    "a lesson pushed back by exactly so much (en)": (
        ("driving lesson is this thursday, first one on the motorway", "2026-05-04T18:00:00Z"),
        ("instructor's sick so the driving lesson got pushed back exactly one week, more time to panic", "2026-05-05T09:00:00Z"),
        "when is my driving lesson?", "2026-05-14", "2026-05-07",
    ),
    "a barbecue moved two days earlier (en)": (
        ("we're hosting the neighborhood barbecue on saturday the 18th", "2026-07-06T12:00:00Z"),
        ("rain in the forecast so we moved the barbecue two days earlier", "2026-07-08T12:00:00Z"),
        "when's the barbecue?", "2026-07-16", "2026-07-18",
    ),
    "a check-up put off three days (zh)": (
        ("下周三去医院做年度体检 得空腹", "2026-04-06T20:00:00+08:00"),
        ("医院那边排不过来 体检往后推了三天", "2026-04-07T09:00:00+08:00"),
        "体检是哪天？", "2026-04-18", "2026-04-15",
    ),
    "a dinner brought forward a week (zh)": (
        ("公司年会定在12月20号 在滨江那个酒店", "2026-11-30T19:00:00+08:00"),
        ("老板说年会提前一周 大家赶紧准备节目", "2026-12-01T10:00:00+08:00"),
        "年会什么时候？", "2026-12-13", "2026-12-20",
    ),
}  # fmt: skip


def _dates(mem: Memory, user: str, asked: str, at: str) -> list[str]:
    items = mem.recall(user, asked, k=5, at=at)
    return [it.date.date().isoformat() for it in items if it.date is not None] + [
        t for it in items for t in ([it.fact.text] if it.fact is not None else [])
    ]


@pytest.mark.parametrize("case", list(MOVED))
def test_the_new_day_is_counted_from_the_plan_on_record(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    (plan, plan_at), (move, move_at), asked, new_day, old_day = MOVED[case]
    user = uid("moved-later")
    planned = {str(f.value) for f in mem.remember(user, plan, at=plan_at).added if f.attribute == "event"}
    mem.remember(user, move, at=move_at)
    shown = _dates(mem, user, asked, move_at)
    assert any(new_day in s for s in shown), (case, shown)
    # the event of the move carries the new day; the plan's own event is replaced by it
    active = {str(f.value) for f in mem.get(user, "event")}
    assert any(new_day in v for v in active), (case, active)
    assert not planned & active, (case, planned, active)
    assert not any(old_day in v for v in active), (case, active)


#: (the messages and when, a day that must not be shown)
NOT_MOVED = {
    "no plan on record shares the topic (en)": (
        [("dentist cleaning is next tuesday", "2026-03-02T18:00:00Z"),
         ("the book club got pushed back a week lol", "2026-03-03T18:00:00Z")],
        "2026-03-17",
    ),
    "the plan's day has passed (zh)": (
        [("上周六去看了话剧", "2026-05-11T20:00:00+08:00"),
         ("话剧巡演往后推了一周", "2026-05-12T20:00:00+08:00")],
        "2026-05-16",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(NOT_MOVED))
def test_no_day_is_counted_without_a_plan_to_come(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, wrong = NOT_MOVED[case]
    user = uid("not-moved")
    for text, at in said:
        mem.remember(user, text, at=at)
    values = [str(f.value) for f in mem.facts(user)]
    assert not any(wrong in v for v in values), (case, values)


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_new_day_is_counted_from_the_plan_on_record(mem, uid, "a check-up put off three days (zh)")
