"""Days in messages that name more than one (on SQLite; a sample on Neo4j): what follows a day
is that day's ("上周日复查，然后这周五年会，我被拉去跳舞": the dancing is Friday's); a day named
beside today is the one the words are about (today is only when it was said); "this past
Tuesday" and "the Saturday of the weekend after next" are days; an appointment with its hour
("dentist the day after tomorrow at 9") is no job; a birth is found by the words for the
child it brought ("when was my nephew born?"). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timezone

import pytest

from graphmem import Memory
from graphmem.text.dates import find_spans


def _days(mem: Memory, user: str, query: str, at: str, k: int = 4) -> list[str | None]:
    return [it.day for it in mem.recall(user, query, k=k, at=at)]


def _first_about(mem: Memory, user: str, query: str, word: str, at: str) -> str | None:
    """The day of the first recalled item whose text (or message) holds `word`."""
    for it in mem.recall(user, query, k=5, at=at):
        said = (it.fact.source_text if it.fact else "") + (it.episode.text if it.episode else "")
        if word in it.text or word in said:
            return it.day
    return None


@pytest.mark.both_stores
def test_what_follows_a_day_is_that_days(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("two-days")
    # said on Wednesday 2026-10-14: 上周六 is 10-10, 这周五 is 10-16
    mem.remember(
        user,
        "上周六去爬了香山，腿到现在还酸😂 然后这周五晚上部门聚餐，我负责订包间",
        at="2026-10-14T12:00:00+08:00",
    )
    assert _first_about(mem, user, "部门聚餐是哪天？", "包间", at="2026-10-30T09:00:00+08:00") == "2026-10-16"
    assert (
        _first_about(mem, user, "什么时候去爬的香山？", "香山", at="2026-10-30T09:00:00+08:00")
        == "2026-10-10"
    )


def test_what_follows_a_day_is_that_days_en(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("two-days-en")
    # said on Wednesday 2026-10-14: yesterday is 10-13, this Saturday 10-17
    mem.remember(
        user,
        "yesterday my tooth finally got fixed 🙌 and this saturday is the book club potluck, I'm bringing flan",
        at="2026-10-14T12:00:00Z",
    )
    assert _first_about(mem, user, "when is the potluck?", "flan", at="2026-10-29T09:00:00Z") == "2026-10-17"


@pytest.mark.both_stores
def test_a_day_named_beside_today_is_the_one_meant(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("beside-today")
    mem.remember(user, "物业今天贴了通知，说停水是下周二，烦死", at="2026-10-14T12:00:00+08:00")
    assert _first_about(mem, user, "什么时候停水？", "停水", at="2026-10-16T09:00:00+08:00") == "2026-10-20"
    other = uid("beside-today-en")
    mem.remember(other, "booked the ferry today, it leaves on the 23rd at dawn", at="2026-10-14T12:00:00Z")
    assert (
        _first_about(mem, other, "when does my ferry leave?", "ferry", at="2026-10-16T09:00:00Z")
        == "2026-10-23"
    )


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("this past thursday the boiler died", "2026-10-08"),  # said Wednesday 10-14
        ("past saturday was a blur", "2026-10-10"),
        ("the regatta is the saturday of the weekend after next", "2026-10-31"),
        ("sunday of next weekend we fly", "2026-10-25"),
    ],
)
def test_weekdays_said_around_weekends(text: str, day: str) -> None:
    spans = find_spans(text, datetime(2026, 10, 14, 12, tzinfo=timezone.utc))
    assert [s.start.isoformat() for s in spans] == [day]


def test_an_appointment_with_its_hour_is_no_job(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("appointment")
    mem.remember(user, "orthodontist the day after tomorrow at 8, wish me luck", at="2026-10-14T12:00:00Z")
    mem.remember(user, "physio on friday at 4:30pm", at="2026-10-14T12:05:00Z")
    titles = [f.value for f in mem.facts(user) if f.attribute == "job_title"]
    assert titles == [], titles
    assert _first_about(
        mem, user, "when is the orthodontist?", "orthodontist", at="2026-10-15T09:00:00Z"
    ) == ("2026-10-16")


@pytest.mark.both_stores
def test_a_birth_is_found_by_the_child_it_brought(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("birth")
    mem.remember(
        user,
        "big news, my brother's wife had their baby two days ago, a boy, 3.4kg",
        at="2026-10-14T12:00:00Z",
    )
    assert "2026-10-12" in _days(mem, user, "when was my nephew born?", at="2026-11-02T09:00:00Z")
    zh = uid("birth-zh")
    mem.remember(zh, "我姐前天生了，是个闺女，母女平安", at="2026-10-14T12:00:00+08:00")
    assert "2026-10-12" in _days(mem, zh, "我外甥女是哪天出生的？", at="2026-11-02T09:00:00+08:00")


def test_the_day_said_first_stays_when_no_other_is_named() -> None:
    # a message naming only today is about today
    spans = find_spans("today I finally fixed the bike", datetime(2026, 10, 14, 12, tzinfo=timezone.utc))
    assert [s.start for s in spans] == [date(2026, 10, 14)]


@pytest.mark.parametrize(
    ("text", "days"),
    [
        # said on Saturday 2026-05-30; Sunday July 5 2026 is a Sunday, July 5 2025 was not
        (
            "entered the lake swim on Sunday July 5, packet pickup is the Friday before",
            ["2026-07-05", "2026-07-03"],
        ),
        ("the gala is on June 13 and the fitting the day before", ["2026-06-13", "2026-06-12"]),
        ("7月5号（周日）比赛，前一天去拿号码布", ["2026-07-05", "2026-07-04"]),
        # counted from a day the text does not name: no day at all (not last Friday)
        ("packet pickup is the Friday before", []),
    ],
)
def test_a_day_counted_from_the_day_named_before_it(text: str, days: list[str]) -> None:
    spans = find_spans(text, datetime(2026, 5, 30, 12, tzinfo=timezone.utc))
    assert [s.start.isoformat() for s in spans] == days


def test_a_day_counted_from_another_is_shown_on_its_memory(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("counted-from")
    mem.remember(
        user,
        "entered the lake swim on Sunday July 5!! packet pickup is the Friday before at the marina",
        at="2026-05-30T12:00:00Z",
    )
    assert _first_about(mem, user, "when is packet pickup?", "packet pickup", at="2026-06-20T09:00:00Z") == (
        "2026-07-03"
    )
