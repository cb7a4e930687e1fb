"""Holidays as days: "Thanksgiving", "Easter Monday", "Christmas Eve", 国庆, 中秋, and a day
counted from one ("the Saturday after Thanksgiving", "the Monday after Easter", 中秋前一天).

dateparser reads no holiday, so a message that names its plans by them ("the kids are off until
the Monday after Easter") kept no day. Fixed holidays are their month and day; moving ones are
computed (Easter by the Gregorian computus, Thanksgiving the fourth Thursday of November, …);
the lunar ones of the Chinese calendar (春节, 端午, 中秋, …) come from a table of their Gregorian
days, years 2024 to 2032. Which year: the one said ("last Christmas", "next Easter"), else the
nearest occurrence to the message's day, the coming one on a tie.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from graphmem.text.periods import WD, WEEKDAYS_EN


def _easter(year: int) -> date:
    """Gregorian Easter Sunday (the anonymous Gregorian algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l = (32 + 2 * e + 2 * i - h - k) % 7  # noqa: E741
    m = (a + 11 * h + 22 * l) // 451
    month = (h + l - 7 * m + 114) // 31
    day = (h + l - 7 * m + 114) % 31 + 1
    return date(year, month, day)


def _nth(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th weekday of a month (n = -1: the last)."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


#: The lunar holidays' Gregorian days (春节 is the first day of the lunar year).
_LUNAR: dict[str, dict[int, tuple[int, int]]] = {
    "春节": {2024: (2, 10), 2025: (1, 29), 2026: (2, 17), 2027: (2, 6), 2028: (1, 26), 2029: (2, 13),
             2030: (2, 3), 2031: (1, 23), 2032: (2, 11)},
    "元宵": {2024: (2, 24), 2025: (2, 12), 2026: (3, 3), 2027: (2, 20), 2028: (2, 9), 2029: (2, 27),
             2030: (2, 17), 2031: (2, 6), 2032: (2, 25)},
    "端午": {2024: (6, 10), 2025: (5, 31), 2026: (6, 19), 2027: (6, 9), 2028: (5, 28), 2029: (6, 16),
             2030: (6, 5), 2031: (6, 24), 2032: (6, 12)},
    "七夕": {2024: (8, 10), 2025: (8, 29), 2026: (8, 19), 2027: (8, 8), 2028: (8, 26), 2029: (8, 16),
             2030: (8, 5), 2031: (8, 24), 2032: (8, 12)},
    "中秋": {2024: (9, 17), 2025: (10, 6), 2026: (9, 25), 2027: (9, 15), 2028: (10, 3), 2029: (9, 22),
             2030: (9, 12), 2031: (10, 1), 2032: (9, 19)},
}  # fmt: skip


def _lunar(name: str) -> Callable[[int], date | None]:
    def day(year: int) -> date | None:
        got = _LUNAR[name].get(year)
        return date(year, *got) if got else None

    return day


def _fixed(month: int, day: int) -> Callable[[int], date | None]:
    return lambda year: date(year, month, day)


#: Each holiday's names (lower-cased English, Chinese as written) and its day in a year.
HOLIDAYS: dict[str, Callable[[int], date | None]] = {
    "christmas eve": _fixed(12, 24), "christmas day": _fixed(12, 25), "christmas": _fixed(12, 25),
    "xmas": _fixed(12, 25), "boxing day": _fixed(12, 26), "new year's eve": _fixed(12, 31),
    "new years eve": _fixed(12, 31), "nye": _fixed(12, 31), "new year's day": _fixed(1, 1),
    "new years day": _fixed(1, 1), "halloween": _fixed(10, 31), "valentine's day": _fixed(2, 14),
    "valentines day": _fixed(2, 14), "valentine's": _fixed(2, 14), "st. patrick's day": _fixed(3, 17),
    "st patrick's day": _fixed(3, 17), "the fourth of july": _fixed(7, 4), "fourth of july": _fixed(7, 4),
    "july 4th": _fixed(7, 4), "independence day": _fixed(7, 4),
    "easter sunday": _easter, "easter monday": lambda y: _easter(y) + timedelta(days=1),
    "good friday": lambda y: _easter(y) - timedelta(days=2), "easter": _easter,
    "thanksgiving": lambda y: _nth(y, 11, 3, 4), "black friday": lambda y: _nth(y, 11, 3, 4) + timedelta(days=1),
    "memorial day": lambda y: _nth(y, 5, 0, -1), "labor day": lambda y: _nth(y, 9, 0, 1),
    "mother's day": lambda y: _nth(y, 5, 6, 2), "mothers day": lambda y: _nth(y, 5, 6, 2),
    "father's day": lambda y: _nth(y, 6, 6, 3), "fathers day": lambda y: _nth(y, 6, 6, 3),
    "元旦": _fixed(1, 1), "情人节": _fixed(2, 14), "劳动节": _fixed(5, 1), "五一": _fixed(5, 1),
    "国庆节": _fixed(10, 1), "国庆": _fixed(10, 1), "圣诞节": _fixed(12, 25), "圣诞": _fixed(12, 25),
    "平安夜": _fixed(12, 24), "跨年": _fixed(12, 31), "除夕": lambda y: (d := _lunar("春节")(y)) and d - timedelta(days=1),
    "春节": _lunar("春节"), "大年初一": _lunar("春节"), "元宵节": _lunar("元宵"), "元宵": _lunar("元宵"),
    "端午节": _lunar("端午"), "端午": _lunar("端午"), "七夕": _lunar("七夕"), "中秋节": _lunar("中秋"),
    "中秋": _lunar("中秋"), "清明节": _fixed(4, 5), "清明": _fixed(4, 5),
}  # fmt: skip

_NAMES = sorted(HOLIDAYS, key=len, reverse=True)
_EN_NAMES = "|".join(re.escape(n) for n in _NAMES if n.isascii())
_ZH_NAMES = "|".join(re.escape(n) for n in _NAMES if not n.isascii())
#: A holiday, with the year said before it, and a weekday or "the day" counted from it.
HOLIDAY = re.compile(
    r"(?:\bthe\s+(?P<what>" + WD + r"|day|night|weekend)\s+(?P<dir>before|after)\s+)?"
    r"(?:\b(?P<which>last|next|this)\s+)?(?<![A-Za-z])(?P<en>" + _EN_NAMES + r")(?![A-Za-z])"
    r"|(?P<zwhich>去年|今年|明年)?的?(?P<zh>"
    + _ZH_NAMES
    + r")(?P<zdir>前一天|前一晚|后一天|第二天|当天|那天)?",
    re.I,
)


def holiday_spans(text: str, base: date) -> list[tuple[int, int, date]]:
    """(start, end, day) of each holiday the text names, and of each day counted from one."""
    out = []
    for m in HOLIDAY.finditer(text):
        name = (m["en"] or m["zh"]).lower()
        rule = HOLIDAYS.get(name)
        if rule is None:
            continue
        which = (m["which"] or "").lower() or {"去年": "year-1", "今年": "this", "明年": "year+1"}.get(
            m["zwhich"] or "", ""
        )
        day = _pick(rule, base, which)
        if day is None:
            continue
        if m["what"]:
            day = counted_from(day, m["what"].lower(), m["dir"].lower())
        elif m["zdir"] and m["zdir"] not in ("当天", "那天"):
            day = day + timedelta(days=-1 if m["zdir"].startswith("前") else 1)
        out.append((m.start(), m.end(), day))
    return out


def _pick(rule: Callable[[int], date | None], base: date, which: str) -> date | None:
    days = [d for y in (base.year - 1, base.year, base.year + 1) if (d := rule(y)) is not None]
    if not days:
        return None
    if which == "last":
        past = [d for d in days if d < base]
        return past[-1] if past else None
    if which == "next":
        ahead = [d for d in days if d > base]
        return ahead[0] if ahead else None
    if which == "this":
        return next((d for d in days if d.year == base.year), None)
    if which in ("year-1", "year+1"):  # 去年国庆, 明年春节: that calendar year's
        year = base.year + (1 if which == "year+1" else -1)
        return rule(year)
    return min(days, key=lambda d: (abs((d - base).days), d < base))


def counted_from(day: date, what: str, direction: str) -> date:
    """The day, night, weekend (its Saturday) or weekday before or after `day`."""
    step = -1 if direction == "before" else 1
    if what in ("day", "night", "morning", "evening"):
        return day + timedelta(days=step)
    if what == "weekend":  # the weekend before or after: its Saturday
        sat = (
            day + timedelta(days=(5 - day.weekday()) % 7 or 7)
            if step > 0
            else day - timedelta(days=(day.weekday() - 5) % 7 or 7)
        )
        return sat
    wd = WEEKDAYS_EN.index(what)
    if step > 0:
        return day + timedelta(days=(wd - day.weekday()) % 7 or 7)
    return day - timedelta(days=(day.weekday() - wd) % 7 or 7)
