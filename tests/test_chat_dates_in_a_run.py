"""Days in messy chat, read so that recall answers "when is …" and "what's on for <day>" (on
SQLite; a sample on Neo4j): several plans in one run-on message each keep the day said in their
own clause ("the vet is tomorrow and also mum's birthday is this sunday", 下周二要体检 还有月底要交
房租); a plan moved keeps the day it was moved to ("pushed my dentist back a week", 复查改到下下周
一, 推迟了三天); a span said the chat way ("a week from friday", 十天后) is the day it names; a bare
weekday is the coming one beside a plan ("flying out sat", 周六去看她) and the latest one beside a
past verb ("saturday we hiked", 周六去爬了山); an outing, a start date or an appointment told in a
story is found by its day. The negatives: the day of one clause is not given to another's plan,
nor the day a plan was moved from to the plan. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

import pytest

from graphmem import Memory
from graphmem.text.dates import find_spans

#: Every message is said on Wednesday 2026-10-14 (its day in Beijing for the Chinese ones).
EN = "2026-10-14T12:00:00Z"
ZH = "2026-10-14T12:00:00+08:00"

#: (message, said at, question, the day an answer must show, a word of the memory asked about,
#: a day that memory must not show or None)
CASES = {
    # 1. several plans in one run-on message, each with its own day
    "run-on: the later plan keeps its own day (en)": (
        "the vet is tomorrow and also mum's birthday is this sunday",
        EN, "when is mum's birthday?", "2026-10-18", "birthday", "2026-10-15",
    ),
    "run-on: the first plan keeps its own day (en)": (
        "the vet is tomorrow and also mum's birthday is this sunday",
        EN, "when is the vet?", "2026-10-15", "vet", "2026-10-18",
    ),
    "run-on with a lead-in, a plan named bare and one after 'then' (en)": (
        "ugh so much going on lol, parent teacher night is thursday, then dinner w/ jake next tuesday",
        EN, "when is dinner with jake?", "2026-10-20", "jake", "2026-10-15",
    ),
    "run-on: a plan named bare is on the coming weekday (en)": (
        "ugh so much going on lol, parent teacher night is thursday, then dinner w/ jake next tuesday",
        EN, "when is parent teacher night?", "2026-10-15", "parent", "2026-10-20",
    ),
    "run-on: a plan after 'oh and' keeps its own day (en)": (
        "car's MOT is in 3 days, oh and the book fair is the 30th 📚",
        EN, "when is the book fair?", "2026-10-30", "book fair", "2026-10-17",
    ),
    "run-on: a day of the month after a weekday (en)": (
        "haircut friday n my sister's wedding rehearsal is the 24th!!",
        EN, "when is the wedding rehearsal?", "2026-10-24", "rehearsal", "2026-10-16",
    ),
    "run-on typed with a space (zh)": (
        "下周二要体检 还有月底要交房租",
        ZH, "什么时候体检？", "2026-10-20", "体检", "2026-10-31",
    ),
    "run-on: a bare weekday with a birthday is the coming one (zh)": (
        "明天要去打疫苗，然后周六我妈生日😂",
        ZH, "我妈生日是哪天？", "2026-10-17", "生日", "2026-10-15",
    ),
    "run-on: the later plan keeps its own day (zh)": (
        "后天交论文初稿 下周五还有组会要汇报",
        ZH, "组会是什么时候？", "2026-10-23", "组会", "2026-10-16",
    ),
    "run-on: the first plan keeps its own day (zh)": (
        "这周四家长会，下周一还得去银行办卡",
        ZH, "家长会是哪天？", "2026-10-15", "家长会", "2026-10-19",
    ),
    # 2. a plan moved: the day it was moved to
    "moved by a week from the day it was supposed to be (en)": (
        "they pushed my dentist back a week, it was supposed to be this thursday",
        EN, "when is my dentist appointment?", "2026-10-22", "dentist", "2026-10-15",
    ),
    "moved: 'instead of this thursday it's the thursday after' (en)": (
        "the dentist moved, instead of this thursday it's the thursday after",
        EN, "when is the dentist?", "2026-10-22", "dentist", "2026-10-15",
    ),
    "moved to the day after the day it was (en)": (
        "client call was tomorrow but they moved the call to the day after",
        EN, "when is the client call?", "2026-10-16", "call", "2026-10-15",
    ),
    "moved to a weekday, instead of another (en)": (
        "moved yoga to friday instead of thursday",
        EN, "when is yoga?", "2026-10-16", "yoga", "2026-10-15",
    ),
    "moved from a weekday to one of next week (en)": (
        "the call with the landlord was monday but it got moved to wednesday next week",
        EN, "when is the call with the landlord?", "2026-10-21", "landlord", "2026-10-12",
    ),
    "moved to the monday after next (zh)": (
        "复查改到下下周一了",
        ZH, "复查是哪天？", "2026-10-26", "复查", None,
    ),
    "put off by three days from the day it was (zh)": (
        "面试本来是明天 推迟了三天",
        ZH, "面试是哪天？", "2026-10-18", "面试", "2026-10-15",
    ),
    "moved from this saturday to next (zh)": (
        "搬家从这周六改到下周六了",
        ZH, "什么时候搬家？", "2026-10-24", "搬家", "2026-10-17",
    ),
    "brought forward a day from the day set (zh)": (
        "原定下周三的评审提前一天",
        ZH, "评审是哪天？", "2026-10-20", "评审", "2026-10-21",
    ),
    "put off a week, the day it was said after (zh)": (
        "体检推迟了一周 本来是这周五",
        ZH, "体检是哪天？", "2026-10-23", "体检", "2026-10-16",
    ),
    # 3. spans said the chat way
    "two weeks from today (en)": (
        "the recital is two weeks from today", EN, "when is the recital?", "2026-10-28", "recital", None,
    ),
    "in ten days, said first (en)": (
        "in ten days i'm flying to lisbon!!", EN, "when am I flying to lisbon?", "2026-10-24", "lisbon", None,
    ),
    "the day after tomorrow (en)": (
        "job interview the day after tomorrow, nervous af",
        EN, "when is the job interview?", "2026-10-16", "interview", None,
    ),
    "a week from friday, said first (en)": (
        "a week from friday is the gala, black tie ugh", EN, "when is the gala?", "2026-10-23", "gala", None,
    ),
    "大后天 (zh)": ("大后天去签合同", ZH, "什么时候签合同？", "2026-10-17", "合同", None),
    "十天后 (zh)": ("十天后要考驾照科目二", ZH, "科目二什么时候考？", "2026-10-24", "科目二", None),
    "下下周 (zh)": ("下下周要去杭州出差", ZH, "什么时候去杭州出差？", "2026-10-26", "杭州", None),
    "两周后的周五 (zh)": ("两周后的周五搬家", ZH, "什么时候搬家？", "2026-10-30", "搬家", None),
    # 4. a bare weekday: the coming one beside a plan, the latest beside a past verb
    "a flight booked for a weekday (en)": (
        "booked a flight for saturday to see my gran",
        EN, "when is my flight?", "2026-10-17", "flight", "2026-10-10",
    ),
    "a weekday cut short after 'out' (en)": (
        "flying out sat, need to pack", EN, "when am I flying out?", "2026-10-17", "flying", "2026-10-10",
    ),
    "a weekday cut short after 'on', looked forward to (en)": (
        "can't wait for dinner on thurs w/ the girls",
        EN, "when is dinner with the girls?", "2026-10-15", "girls", "2026-10-08",
    ),
    "a plan named bare with 'the' is on the coming weekday (en)": (
        "the book fair is thursday", EN, "when is the book fair?", "2026-10-15", "book fair", "2026-10-08",
    ),
    "a weekday with a past verb is the latest (en)": (
        "saturday we hiked up to the lake, so pretty",
        EN, "when did we hike to the lake?", "2026-10-10", "hiked", "2026-10-17",
    ),
    "a weekday a thing was on is the latest (en)": (
        "the party was saturday, still hungover", EN, "when was the party?", "2026-10-10", "party", "2026-10-17",
    ),
    "a visit on a weekday is the coming one (zh)": (
        "周六去看她", ZH, "什么时候去看她？", "2026-10-17", "看她", "2026-10-10",
    ),
    "going home on a weekday is the coming one (zh)": (
        "周日回老家", ZH, "什么时候回老家？", "2026-10-18", "老家", "2026-10-11",
    ),
    "a climb with 了 is the latest (zh)": (
        "周六去爬了山 累死", ZH, "什么时候去爬的山？", "2026-10-10", "爬", "2026-10-17",
    ),
    "going home with 了 is the latest (zh)": (
        "周日回了趟老家", ZH, "什么时候回的老家？", "2026-10-11", "老家", "2026-10-18",
    ),
    # 5. a plan or an outing told in a story, found by its day
    "an outing last sunday (en)": (
        "did the big hike last sunday, legs are dead",
        EN, "what did I do on october 11?", "2026-10-11", "hike", None,
    ),
    "a start at a new job on a day of the month (en)": (
        "so I got the offer!! start at the new place on the 22nd, kinda scared",
        EN, "what's on for october 22?", "2026-10-22", "start", "2026-09-22",
    ),
    "an appointment tomorrow at an hour (en)": (
        "adjuster coming tomorrow at 10 about the bumper, ugh",
        EN, "what's on for october 15?", "2026-10-15", "adjuster", None,
    ),
    "an outing yesterday in a story (en)": (
        "lol my cousin dragged me to a pottery class yesterday, made a wonky bowl",
        EN, "what did I do on october 13?", "2026-10-13", "pottery", None,
    ),
    "a start next month on the 3rd (zh)": (
        "终于拿到offer了 下个月3号入职", ZH, "11月3日有什么安排？", "2026-11-03", "入职", None,
    ),
    "an appointment tomorrow morning (zh)": (
        "明天上午保险公司来定损", ZH, "10月15日有什么安排？", "2026-10-15", "定损", None,
    ),
    "an errand yesterday in a story (zh)": (
        "昨天陪我爸去医院拿了报告 还好没事", ZH, "10月13日我干了什么？", "2026-10-13", "报告", None,
    ),
}  # fmt: skip


def _shown(mem: Memory, user: str, query: str, at: str) -> list[tuple[str, str | None]]:
    return [(it.text, it.day) for it in mem.recall(user, query, k=5, at=at)]


@pytest.mark.parametrize("case", list(CASES))
def test_the_day_recall_shows(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, at, query, day, word, not_day = CASES[case]
    user = uid("dates-in-a-run")
    mem.remember(user, said, at=at)
    shown = _shown(mem, user, query, at)
    assert any(day in f"{text} {when}" for text, when in shown), shown
    if not_day is not None:
        wrong = [(t, w) for t, w in shown if word in t and not_day in f"{t} {w}"]
        assert not wrong, shown


@pytest.mark.parametrize(
    ("text", "days"),
    [
        # said on Wednesday 2026-10-14
        ("I sat down on the couch", []),  # "sat" is no Saturday here
        ("lying in the sun all day", []),
        ("moved in on the 3rd, the party was yesterday", ["2026-10-03", "2026-10-13"]),  # no plan moved
        ("the party was saturday", ["2026-10-10"]),
        ("周六去过了", ["2026-10-10"]),
        ("flying out sat", ["2026-10-17"]),
        ("instead of this thursday it's the thursday after", ["2026-10-22"]),
        ("面试本来是明天，推迟了三天", ["2026-10-18"]),
    ],
)
def test_days_and_near_misses(text: str, days: list[str]) -> None:
    spans = find_spans(text, datetime(2026, 10, 14, 12, tzinfo=timezone.utc))
    assert [s.start.isoformat() for s in spans] == days


@pytest.mark.parametrize(
    ("said", "events"),
    [
        # which weekday a habit falls on is no plan of a day
        ("trash day is tuesday", []),
        ("work is monday to friday for me", []),
        ("the best day is saturday honestly", []),
        # a day said beside it still is one
        ("laundry day is sunday but the party is tomorrow", ["the party is tomorrow"]),
    ],
)
def test_the_weekday_of_a_habit_is_no_plan(
    mem: Memory, uid: Callable[[str], str], said: str, events: list[str]
) -> None:
    user = uid("weekday-habit")
    mem.remember(user, said, at=EN)
    assert [f.value for f in mem.facts(user) if f.attribute == "event"] == events


@pytest.mark.parametrize(
    "case", ["run-on: the later plan keeps its own day (zh)", "moved to the day after the day it was (en)"]
)
@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_day_recall_shows(mem, uid, case)
