"""Dates people can read: relative dates, ahead and gone by, resolve to the day they name
(against fixed message times, across month and year ends and weekends), and every surface
that returns a memory shows that day as an ISO date: recall items, `facts`/`get`/`recall`
JSON (CLI, REST, MCP), and the MemoryContext block, on every store."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.shells.cli.output import to_jsonable as cli_json
from graphmem.shells.service.jsonable import recall_item, recall_record, to_jsonable
from graphmem.text.dates import find_spans
from graphmem.text.memory_dates import fact_day

MON = datetime(2026, 3, 9, 9, tzinfo=timezone.utc)  # a Monday
SAT = datetime(2026, 3, 14, 16, tzinfo=timezone.utc)  # a Saturday
YEAR_END = datetime(2026, 12, 30, 20, tzinfo=timezone.utc)  # a Wednesday, two days before New Year
MONTH_END = datetime(2026, 1, 31, 11, tzinfo=timezone.utc)  # a Saturday, the last of January


def _day(text: str, at: datetime) -> tuple[date, date]:
    spans = find_spans(text, at)
    assert spans, f"no date found in {text!r}"
    return spans[0].start, spans[0].end


def d(iso: str) -> tuple[date, date]:
    one = date.fromisoformat(iso)
    return one, one


@pytest.mark.parametrize(
    ("text", "at", "want"),
    [
        # ahead, said on a Monday
        ("the gas meter reading is this Friday", MON, d("2026-03-13")),
        ("we have the dress rehearsal next Thursday", MON, d("2026-03-19")),  # next week's
        ("the lease renewal is three weeks from now", MON, d("2026-03-30")),
        ("my passport should arrive in 10 days", MON, d("2026-03-19")),
        ("the piano tuner comes the day after tomorrow", MON, d("2026-03-11")),
        ("rent goes up next month on the 5th", MON, d("2026-04-05")),
        ("the audit starts on the 2nd of next month", MON, d("2026-04-02")),
        ("the roof gets fixed Friday next week", MON, d("2026-03-20")),
        ("I'm off to Porto this coming Wednesday", MON, d("2026-03-11")),
        ("the bathroom remodel wraps up mid next month", MON, d("2026-04-15")),
        ("the grant report is due by the end of the month", MON, d("2026-03-31")),
        ("we move out at the end of the year", MON, d("2026-12-31")),
        ("a fortnight from now I start the new job", MON, d("2026-03-23")),
        ("my sublet ends on the last day of this month", MON, d("2026-03-31")),
        ("the new rota starts the first day of next month", MON, d("2026-04-01")),
        ("vet appt tmrw morning for the cat", MON, d("2026-03-10")),  # as chat spells it
        ("my cousin visits later this week", MON, (date(2026, 3, 10), date(2026, 3, 15))),
        # gone by
        ("the Saturday before last we repainted the fence", MON, d("2026-02-28")),
        ("yday the printer caught fire lol", MON, d("2026-03-08")),
        ("we went to the planetarium last night", MON, d("2026-03-08")),
        ("two months ago I sold the old car", MON, d("2026-01-09")),
        ("I met the new neighbours Thursday of last week", MON, d("2026-03-05")),
        # said on a Saturday: the week ahead is next week
        ("the boiler inspection is next Tuesday", SAT, d("2026-03-17")),
        ("this Friday I'm driving to my aunt's", SAT, d("2026-03-20")),  # ahead: the coming one
        ("this Friday I went bowling with the team", SAT, d("2026-03-13")),  # gone by: this week's
        # across a year's end
        ("the keys are handed over the day after tomorrow", YEAR_END, d("2027-01-01")),
        ("the visa interview is next month on the 3rd", YEAR_END, d("2027-01-03")),
        ("the course begins in 10 days", YEAR_END, d("2027-01-09")),
        # across a month's end (and a February without a 30th)
        ("the invoice is due at the end of next month", MONTH_END, d("2026-02-28")),
        ("parents' evening is this coming Monday", MONTH_END, d("2026-02-02")),
        ("I was stuck in the airport two days ago", MONTH_END, d("2026-01-29")),
        ("the next payment is next month on the 30th", MONTH_END, (date(2026, 2, 1), date(2026, 2, 28))),
    ],
)
def test_english_dates_resolve_to_the_day_they_name(text: str, at: datetime, want: tuple[date, date]) -> None:
    assert _day(text, at) == want


@pytest.mark.parametrize(
    ("text", "at", "want"),
    [
        ("下周末我们去莫干山露营", MON, (date(2026, 3, 21), date(2026, 3, 22))),
        ("下个月中旬要去昆明出差", MON, (date(2026, 4, 11), date(2026, 4, 20))),
        ("下个月中我妈过来住几天", MON, d("2026-04-15")),
        ("下下周二有个面试", MON, d("2026-03-24")),
        ("这周五晚上部门聚餐", MON, d("2026-03-13")),
        ("月底要交房租", MON, d("2026-03-31")),
        ("这个月最后一天要把钥匙还给房东", MON, d("2026-03-31")),
        ("下个月第一天正式入职", MON, d("2026-04-01")),
        ("年底前要把驾照考下来", MON, d("2026-12-31")),
        ("后天去拿体检报告", MON, d("2026-03-11")),
        ("大后天要飞深圳", MON, d("2026-03-12")),
        ("明晚约了朋友看话剧", MON, d("2026-03-10")),
        ("前晚加班到凌晨", MON, d("2026-03-07")),
        ("上周三去看了牙医", MON, d("2026-03-04")),
        ("大前天把车送去保养了", MON, d("2026-03-06")),
        ("上上周去了一趟敦煌", MON, (date(2026, 2, 23), date(2026, 3, 1))),
        ("三周后驾照考科目二", MON, d("2026-03-30")),
        ("半个月前换了新手机", MON, d("2026-02-22")),
        ("周末去爬了紫金山", MON, (date(2026, 3, 7), date(2026, 3, 8))),  # gone by: the last one
        ("周末要去参加婚礼", MON, (date(2026, 3, 14), date(2026, 3, 15))),  # ahead: the coming one
        # across a year's end and a month's end
        ("后天就是元旦了", YEAR_END, d("2027-01-01")),
        ("下个月中旬去哈尔滨看冰灯", YEAR_END, (date(2027, 1, 11), date(2027, 1, 20))),
        ("明年初准备换工作", YEAR_END, (date(2027, 1, 1), date(2027, 4, 30))),
        ("下个月底合同到期", MONTH_END, d("2026-02-28")),
        ("上周三去办了居住证", MONTH_END, d("2026-01-21")),
    ],
)
def test_chinese_dates_resolve_to_the_day_they_name(text: str, at: datetime, want: tuple[date, date]) -> None:
    assert _day(text, at) == want


@pytest.mark.parametrize(
    "text",
    ["I do pilates every Thursday", "each Sunday we call grandma", "我每周四都去游泳", "我每周末都回爸妈家"],
)
def test_a_habit_names_no_day(text: str) -> None:
    assert find_spans(text, MON) == []


def test_words_that_only_look_like_dates_name_none() -> None:
    assert find_spans("我在中国长大", MON) == []
    assert [s.text for s in find_spans("今年中秋回老家", MON)] == ["今年中秋"]  # this year's 中秋, not 年中


# ---- end to end: the day is shown wherever a memory comes back -------------------------

AT = "2026-03-11T09:00:00Z"  # a Wednesday
LATER = "2026-03-25T09:00:00Z"


def _told(mem: Memory, u: str) -> None:
    for text in (
        "Took my nephew to the science museum last Sunday.",  # 2026-03-08
        "The chimney sweep is coming the day after tomorrow.",  # 2026-03-13
        "I swim laps every Friday morning.",  # a habit: the day it was said
        "大前天在西湖边跑了个半马。",  # 2026-03-08
        "下周末要去苏州看外婆。",  # 2026-03-21
    ):
        mem.remember(u, text, at=AT)


def _item(items: list, word: str):
    found = [it for it in items if word in it.text]
    assert found, f"nothing about {word!r} recalled: {[it.text for it in items]}"
    return found[0]


def test_recall_items_show_the_day_they_are_about(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("days")
    _told(mem, u)
    cases = [
        ("when did I take my nephew to the museum?", "museum", "2026-03-08"),
        ("when is the chimney sweep coming?", "chimney", "2026-03-13"),
        ("我是哪天跑的半马？", "半马", "2026-03-08"),
        ("我什么时候去苏州看外婆？", "苏州", "2026-03-21"),
        ("when do I swim laps?", "swim", "2026-03-11"),  # a habit: when it was said
    ]
    for query, word, day in cases:
        items = mem.recall(u, query, k=4, at=LATER)
        it = _item(items, word)
        assert it.day == day, (query, it.text, it.day)
        # the JSON every shell sends carries it, as the ISO day and on the fact
        assert recall_item(it)["day"] == day
        assert recall_record(it)["day"] == day
        assert cli_json(it)["day"] == day
        if it.fact is not None:
            assert to_jsonable(it.fact)["day"] == day and recall_record(it)["fact"]["day"] == day
        # and the block a prompt reads
        block = mem.context(u, query, k=4, at=LATER).text
        line = next(ln for ln in block.splitlines() if word in ln)
        assert day in line, block


def test_facts_and_get_show_the_day_each_fact_is_about(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("facts")
    _told(mem, u)
    mem.remember(u, "I'm allergic to kiwi.", at=AT)
    days = {f.source_text: fact_day(f).isoformat() for f in mem.facts(u)}
    by_word = {
        w: next(day for src, day in days.items() if w in src)
        for w in ("museum", "chimney", "半马", "苏州", "kiwi")
    }
    assert by_word == {
        "museum": "2026-03-08",
        "chimney": "2026-03-13",  # ahead: the day named, not the message's
        "半马": "2026-03-08",
        "苏州": "2026-03-21",
        "kiwi": "2026-03-11",  # undated: when it was said
    }
    for f in mem.facts(u):  # `facts --json`, REST and MCP
        assert to_jsonable(f)["day"] == cli_json(f)["day"] == fact_day(f).isoformat()
    (allergy,) = mem.get(u, "allergy")
    assert to_jsonable([allergy])[0]["day"] == "2026-03-11"


def test_the_cli_json_carries_the_day(tmp_path: Path) -> None:
    db = str(tmp_path / "m.db")

    def cli(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "graphmem", "--store", db, *args],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    cli("remember", "--user", "u", "--at", AT, "The locksmith comes the day after tomorrow.")
    cli("remember", "--user", "u", "--at", AT, "上周六去看了一场话剧。")
    facts = json.loads(cli("facts", "--user", "u", "--json"))
    assert sorted(f["day"] for f in facts) == ["2026-03-07", "2026-03-13"]
    items = json.loads(cli("recall", "--user", "u", "--at", LATER, "--json", "when does the locksmith come?"))
    assert any(it["day"] == "2026-03-13" and "locksmith" in json.dumps(it) for it in items)
    assert "2026-03-07" in cli("recall", "--user", "u", "--at", LATER, "我哪天去看的话剧？")
