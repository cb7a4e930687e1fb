"""Calendar periods a date expression names: weeks (Monday first), months and years shifted
from the message's, their parts (early, mid, late, end; 月初 月中 月底, 上旬 中旬 下旬), and the
English families dateparser has no reading for ("the Saturday before last", "next month on
the 5th", "mid next month", "Friday next week", "this coming Friday").

Every function takes the message's day (`base`) and returns a range of whole days.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from functools import lru_cache

WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
WD = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"


@lru_cache(maxsize=4096)
def parsed_day(expr: str, base: date, prefer: str) -> date | None:
    """The day dateparser reads `expr` as, said on `base` (`prefer`: "past" or "future")."""
    import dateparser  # imported on the first message that names a date

    found = dateparser.parse(
        expr,
        languages=["en"],
        settings={
            "RELATIVE_BASE": datetime.combine(base, time(12)),
            "PREFER_DATES_FROM": prefer,
            "RETURN_AS_TIMEZONE_AWARE": False,
        },
    )
    return found.date() if found is not None else None


def monday_of(d: date) -> date:
    return d - timedelta(days=d.weekday())


def week_form(shift: int, weekday: int | None, base: date, weekend: bool = False) -> tuple[date, date]:
    """Calendar-week arithmetic: the week `shift` weeks from the base's week, its day
    `weekday` (0 Monday), or the whole week, or its weekend."""
    monday = monday_of(base) + timedelta(weeks=shift)
    if weekend:
        return monday + timedelta(days=5), monday + timedelta(days=6)
    if weekday is None:
        return monday, monday + timedelta(days=6)
    d = monday + timedelta(days=weekday)
    return d, d


def month_form(shift: int, base: date) -> tuple[date, date]:
    y, m = divmod(base.year * 12 + base.month - 1 + shift, 12)
    start = date(y, m + 1, 1)
    ny, nm = divmod(y * 12 + m + 1, 12)
    return start, date(ny, nm + 1, 1) - timedelta(days=1)


def year_form(shift: int, base: date) -> tuple[date, date]:
    return date(base.year + shift, 1, 1), date(base.year + shift, 12, 31)


SHIFT_EN = {"last": -1, "past": -1, "this": 0, "next": 1}
PART_EN = {"beginning": "early", "start": "early", "early": "early", "middle": "mid", "mid": "mid",
            "late": "late", "end": "end"}  # fmt: skip


def part_of(part: str, first: date, last: date) -> tuple[date, date]:
    """A part of a month or a year (from `first` to `last`): its beginning (the first ten days,
    the first four months), its middle (the 15th, the 1st of July: one day, the one shown),
    its late part (from the 21st, from September), its end (the last day)."""
    month = first.month == last.month
    if part == "early":
        return first, first.replace(day=10) if month else date(first.year, 4, 30)
    if part == "mid":
        mid = first.replace(day=15) if month else date(first.year, 7, 1)
        return mid, mid
    if part == "late":
        return (first.replace(day=21) if month else date(first.year, 9, 1)), last
    return last, last


def week_part(part: str, monday: date) -> tuple[date, date]:
    """Parts of a week: early is Monday–Tuesday, mid Wednesday, late Thursday–Friday, and its
    end (of the working week, "by the end of the week") Friday."""
    return {"early": (monday, monday + timedelta(days=1)), "mid": (monday + timedelta(days=2),) * 2,
            "late": (monday + timedelta(days=3), monday + timedelta(days=4)),
            "end": (monday + timedelta(days=4),) * 2}[part]  # fmt: skip


def resolve_en_family(s: str, base: date) -> tuple[date, date] | None:
    """The calendar families dateparser has no reading for (`s` lower-cased, one space)."""
    wd = r"(" + WD + r")"
    if m := re.fullmatch(r"(?:the )?(" + WD + r"|week|weekend) (before last|after next)", s):
        unit, shift = m.group(1), -2 if m.group(2) == "before last" else 2
        if unit in ("week", "weekend"):
            return week_form(shift, None, base, weekend=unit == "weekend")
        # "the Saturday before last": the one before "last Saturday" (the latest before
        # today); "the Friday after next": the one after "next Friday" (next week's)
        wday = WEEKDAYS_EN.index(unit)
        if shift < 0:
            d = base - timedelta(days=(base.weekday() - wday - 1) % 7 + 1 + 7)
            return d, d
        return week_form(2, wday, base)
    if m := re.fullmatch(r"(?:on )?(?:the )?(last|first) day of (the|this|next|last) month", s):
        first, last = month_form(SHIFT_EN.get(m.group(2), 0), base)
        return (last, last) if m.group(1) == "last" else (first, first)
    if m := re.fullmatch(r"(last|this|next) month on the (\d{1,2})(?:st|nd|rd|th)", s) or re.fullmatch(
        r"(?:on )?the (\d{1,2})(?:st|nd|rd|th) (?:of )?(last|this|next) month", s
    ):
        which, nth = (m.group(1), m.group(2)) if not m.group(1).isdigit() else (m.group(2), m.group(1))
        first, last = month_form(SHIFT_EN[which], base)
        if not 1 <= int(nth) <= last.day:  # no such day that month: the month is still meant
            return first, last
        return first.replace(day=int(nth)), first.replace(day=int(nth))
    if m := re.fullmatch(
        r"(?:the )?(early|mid|late|beginning|start|middle|end)(?: of)?[ -](?:(the|this|next|last) )?(week|month|year)",
        s,
    ):
        part, which, unit = PART_EN[m.group(1)], m.group(2) or "this", m.group(3)
        shift = SHIFT_EN.get(which, 0)
        if unit == "week":
            return week_part(part, monday_of(base) + timedelta(weeks=shift))
        first, last = month_form(shift, base) if unit == "month" else year_form(shift, base)
        return part_of(part, first, last)
    if m := re.fullmatch(r"(?:on )?" + wd + r" (?:of )?(last|this|next) week", s) or re.fullmatch(
        r"(last|this|next) week(?:'s)? (?:on )?" + wd, s
    ):
        name, which = (m.group(1), m.group(2)) if m.group(1) in WEEKDAYS_EN else (m.group(2), m.group(1))
        return week_form(SHIFT_EN[which], WEEKDAYS_EN.index(name), base)
    if m := re.fullmatch(r"(?:this )?coming " + wd, s):  # the first one after today
        d = base + timedelta(days=(WEEKDAYS_EN.index(m.group(1)) - base.weekday() - 1) % 7 + 1)
        return d, d
    if m := re.fullmatch(r"next " + wd, s):
        # "next Thursday" is the Thursday of next calendar week, as 下周四 is and as "this
        # Thursday" is this week's: said on a Monday, ten days ahead, not three (the reading
        # of the two most people give when "this Thursday" is also at hand). Said on the
        # weekend, next week's Thursday is also the first one to come.
        return week_form(1, WEEKDAYS_EN.index(m.group(1)), base)
    if s == "last night":
        return base - timedelta(days=1), base - timedelta(days=1)
    if s in ("this morning", "this afternoon", "this evening"):
        return base, base
    return None


SHIFT_ZH = {"上上": -2, "下下": 2, "上": -1, "下": 1, "这": 0, "本": 0}
#: 初 / 中 / 底: as "early", "mid", "end of" a month or a year; 上旬 中旬 下旬: a month's thirds.
PART_OF_ZH = {"初": "early", "中": "mid", "底": "end", "末": "end"}


def part_zh(part: str, first: date, last: date) -> tuple[date, date]:
    if part in PART_OF_ZH:
        return part_of(PART_OF_ZH[part], first, last)
    if part == "上旬":
        return first, first.replace(day=10)
    if part == "中旬":
        return first.replace(day=11), first.replace(day=20)
    return first.replace(day=21), last  # 下旬


WEEKDAYS_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "末": 5}
_ZH_BARE_WEEKDAY = re.compile(r"(?:周|星期|礼拜)([一二三四五六日天末])")
#: Words around a bare weekday that make it one ahead ("周五要聚餐"), not the latest one.
#: (a plan moved to a weekday, "改到周日", lies ahead too)
_ZH_AHEAD = re.compile(r"要|会|打算|准备|计划|将|得|约了|想|改到|改成|改在|挪到|换到|调到|推到|延到")


#: What a weekday's own clause says of a plan or a day to come ("周六去看她", "周六我妈生日"),
#: unless the clause says it is done (周六去爬了山, 周六去过了).
_ZH_PLAN = re.compile(r"去|来|回|过来|见|约|生日|聚|开会|考试|面试|复查|体检|出发|飞|到")
_ZH_DONE = re.compile(r"了|过(?!来|去|生日)|完|刚")


def zh_bare_weekday(text: str, start: int, end: int, base: date) -> tuple[date, date] | None:
    """A bare "周五": the coming one when the clause says it lies ahead, else the latest."""
    m = _ZH_BARE_WEEKDAY.fullmatch(text[start:end])
    if m is None:
        return None
    wd = WEEKDAYS_ZH[m.group(1)]
    around = text[max(0, start - 4) : start] + text[end : end + 8]
    clause = re.split(r"[，,。.!！?？；;~～\s]", text[end : end + 12], maxsplit=1)[0]
    if _ZH_AHEAD.search(around) or (_ZH_PLAN.search(clause) and not _ZH_DONE.search(clause)):
        d = base + timedelta(days=(wd - base.weekday()) % 7)
    else:
        d = base - timedelta(days=(base.weekday() - wd) % 7)
    if m.group(1) == "末":  # 周末: that Saturday and Sunday (on a Sunday, this weekend)
        if base.weekday() == 6 and d > base:
            d -= timedelta(days=7)
        return d, d + timedelta(days=1)
    return d, d
