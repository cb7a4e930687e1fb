"""Days counted from another day: "a week from Wednesday", "two weeks from tomorrow", "three
days after next Friday", "a week ago Tuesday", "Friday week", "a fortnight today", "the
Tuesday of the week after next", "the first Monday of next month", "this time next year";
再过三天, 还有两周就…, 两周后的周五, 下个月第一个周一, 下周的周三, 去年的今天.

Each is read as its parts: an anchor day (today, tomorrow, a weekday, next Friday, a month)
and a count of days, weeks, months or years from it. The anchor is read as the calendar reads
it (a weekday after "from" is the coming one, after "ago" the latest one); the count is added
by dateparser (month and year lengths are its business). `offset_spans(text, base)` gives the
spans with the days they name; `graphmem.text.dates.find_spans` prefers them to the shorter
expressions inside them ("Wednesday" alone).
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from graphmem.text.periods import WD, WEEKDAYS_EN, WEEKDAYS_ZH, month_form, parsed_day, week_form
from graphmem.text.terms import zh_number

_NUM_EN = ("one two three four five six seven eight nine ten eleven twelve").split()
_N = r"(?:\d{1,3}|an?|(?:a\s+)?couple(?:\s+of)?|(?:a\s+)?few|" + "|".join(_NUM_EN) + ")"
# (chat's short forms too: "3 wks from today", "2 mos after")
_UNIT = r"(?:day|week|wk|fortnight|month|mo|year|yr)s?"
_ANCHOR_AHEAD = r"(?:today|tomorrow|tonight|now|(?:(?:this\s+)?coming\s+|this\s+|next\s+)?" + WD + ")"
_ANCHOR_PAST = r"(?:today|yesterday|(?:last\s+)?" + WD + ")"
_NTH = r"(?:first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)"

_EN = re.compile(
    r"(?=[a-z\d])(?<![a-z])(?:"
    r"(?P<dur>" + _N + r"\s+" + _UNIT + r")\s+(?P<dir>from|after|before)\s+(?P<anchor>" + _ANCHOR_AHEAD + r")"
    r"|(?P<dur2>" + _N + r"\s+" + _UNIT + r")\s+ago\s+(?P<past>" + _ANCHOR_PAST + r")"
    # British: "a week on Friday", "a fortnight today", "two weeks tomorrow"
    r"|(?P<dur3>(?:an?|one|two|three|\d)\s+(?:week|fortnight)s?)\s+(?:on\s+)?(?P<on>today|tomorrow|"
    + WD
    + r")"
    # British: "Friday week", "next Monday week"
    r"|(?P<wdweek>(?:next\s+)?" + WD + r")\s+week(?![a-z'])"
    r"|(?:the\s+)?(?P<wd2>" + WD + r")\s+(?:of\s+)?the\s+week\s+after\s+next"
    r"|(?:the\s+)?week\s+after\s+next(?:'s)?\s+(?:on\s+)?(?P<wd3>" + WD + r")"
    r"|(?:the\s+)?(?P<nth>"
    + _NTH
    + r")\s+(?P<wd4>"
    + WD
    + r")\s+(?:of|in)\s+(?P<which>next|this|the|last)\s+month"
    r"|(?:this|same)\s+time\s+(?P<tw>next|last)\s+(?P<tu>week|month|year)"
    # "the Saturday of the weekend after next", "Sunday of next weekend"
    r"|(?:the\s+)?(?P<wkd>saturday|sunday)\s+of\s+(?:the\s+)?(?:(?P<wkw>this|next|coming)\s+)?weekend(?P<wkn>\s+after\s+next)?"
    r")(?![a-z])",
    re.I,
)

_ZN = r"[0-9零一二两三四五六七八九十几]{1,3}"
_ZU = r"(?:天|周|星期|礼拜|个月|月|年)"
_ZH = re.compile(
    # Every alternative's first character, so the search passes over the rest at once.
    r"(?=[再过还上下这本个月去明\d零一二两三四五六七八九十几])(?:"
    # 再过三天, 过两天再说, 还有两周就考试: that many days (weeks…) from today
    r"再过(?P<n0>" + _ZN + r")个?(?P<u0>" + _ZU + r")(?:后|以后|之后)?"
    r"|(?:(?:^|(?<=[\s，,。！？!?；;：:我你他她们就]))过|还有|再有)(?P<n>" + _ZN + r")个?(?P<u>" + _ZU + r")"
    r"(?:后|以后|之后)?(?=就|才|再|便|以后|之后|后|我|你|他|她|要|得|会|去|回|[，,。！!？?\s]|$)"
    # 两周后的周五, 三个星期以后的星期二: that weekday of that week
    r"|(?P<wn>" + _ZN + r")个?(?:周|星期|礼拜)(?:后|以后|之后)的?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])"
    # 下周的周三: the weekday of the week named
    r"|(?P<ws>上上|下下|上|下|这|本)个?(?:周|星期|礼拜)的(?:周|星期|礼拜)(?P<wd5>[一二三四五六日天])"
    # 下个月第一个周一, 这个月的最后一个周五
    r"|(?P<ms>上|下|这|本)?个?月的?(?P<nth>第[一二三四五1-5]个|最后一个)(?:周|星期|礼拜)(?P<wd6>[一二三四五六日天])"
    # 去年的今天, 明年这个时候
    r"|(?P<yr>去年|明年)(?:的今天|这个时候|这时候|的这个时候)"
    r")"
)
#: `_EN` without re.I, for a lower-cased text (a case-sensitive search costs a fraction), as
#: `graphmem.text.dates` does: the same spans where lower-casing keeps every character in
#: place and none of the four characters re.I matches with an ASCII letter is there.
_EN_LOWER = re.compile(_EN.pattern)
_RE_I_ODD = re.compile("[\u0130\u0131\u017f\u212a]")
_LATIN = re.compile(r"[A-Za-z]")
_CJK = re.compile(r"[\u4e00-\u9fff]")
#: The same for Chinese: what every Chinese count holds.
_ZH_KEY = re.compile(
    r"(?=[过还再后周星礼第最年])(?:(?:过|还有|再有)[0-9零一二两三四五六七八九十几]|后的?(?:周|星期|礼拜)|(?:周|星期|礼拜)的(?:周|星期|礼拜)"
    r"|(?:第[一二三四五1-5]|最后一)个(?:周|星期|礼拜)|年(?:的今天|这个时候|这时候|的这个时候))"
)
#: What every English count holds (a unit before its anchor, "week" after a weekday, "week
#: after next", "of … month", "time next"): searched first, case-sensitively, in the
#: lower-cased text, so a long message without one costs one quick scan.
_EN_KEY = re.compile(
    r"(?=[dwfmyoits])(?:(?:day|week|wk|fortnight|month|mo|year|yr)s?\s+(?:from|after|before|ago|on|today|tomorrow)\b"
    r"|day\s+week\b|week\s+after\s+next|(?:of|in)\s+(?:next|this|the|last)\s+month|time\s+(?:next|last)\s"
    r"|(?:satur|sun)day\s+of\s)"
)
_EVERY = re.compile(r"\b(?:every|each)\s+(?:other\s+)?$|每$", re.I)
_ZH_SHIFT = {"上上": -2, "下下": 2, "上": -1, "下": 1, "这": 0, "本": 0}


def count_of(dur: str) -> tuple[int, str] | None:
    """("two weeks") -> (2, "week"); a fortnight is two weeks; "三 day" reads its Chinese number."""
    words = dur.lower().split()
    unit = words[-1].rstrip("s")
    n_words = " ".join(words[:-1])
    if n_words in ("a", "an", "one"):
        n = 1
    elif "couple" in n_words:
        n = 2
    elif "few" in n_words:
        n = 3
    elif n_words.isdigit():
        n = int(n_words)
    elif n_words in _NUM_EN:
        n = _NUM_EN.index(n_words) + 1
    elif not (n := zh_number(n_words) or 0):
        return None
    if unit == "fortnight":
        return 2 * n, "week"
    return n, _SHORT_UNITS.get(unit, unit)


_SHORT_UNITS = {"wk": "week", "mo": "month", "yr": "year"}


def shifted(day: date, n: int, unit: str, sign: int = 1) -> date | None:
    """`day` moved by n units: days and weeks by the calendar, months and years by dateparser."""
    if unit in ("day", "week"):
        return day + sign * timedelta(days=n * (7 if unit == "week" else 1))
    expr = f"in {n} {unit}s" if sign > 0 else f"{n} {unit}s ago"
    return parsed_day(expr, day, "future" if sign > 0 else "past")


def _coming(wd: int, base: date) -> date:
    """The first such weekday after the base day."""
    return base + timedelta(days=(wd - base.weekday() - 1) % 7 + 1)


def _latest(wd: int, base: date) -> date:
    """The latest such weekday before the base day."""
    return base - timedelta(days=(base.weekday() - wd - 1) % 7 + 1)


def _anchor(words: str, base: date, ahead: bool) -> date:
    w = " ".join(words.lower().split())
    fixed = {"today": 0, "tonight": 0, "now": 0, "tomorrow": 1, "yesterday": -1}
    if w in fixed:
        return base + timedelta(days=fixed[w])
    day = w.split()[-1]
    wd = WEEKDAYS_EN.index(day)
    if w.startswith("next "):  # "next Friday": next calendar week's, as `periods` reads it
        return week_form(1, wd, base)[0]
    return _coming(wd, base) if ahead else _latest(wd, base)


def _nth_weekday(nth: str, wd: int, first: date, last: date) -> date | None:
    if nth in ("last", "最后一个"):
        return last - timedelta(days=(last.weekday() - wd) % 7)
    k = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}.get(nth) or zh_number(
        nth.strip("第个stndrh")
    )
    if not k:
        return None
    d = first + timedelta(days=(wd - first.weekday()) % 7 + 7 * (k - 1))
    return d if d <= last else None


def _en(m: re.Match[str], base: date) -> date | None:
    g = m.groupdict()
    if g["dur"]:
        got = count_of(g["dur"])
        if got is None:
            return None
        before = g["dir"].lower() == "before"
        return shifted(_anchor(g["anchor"], base, ahead=True), *got, sign=-1 if before else 1)
    if g["dur2"]:
        got = count_of(g["dur2"])
        return shifted(_anchor(g["past"], base, ahead=False), *got, sign=-1) if got else None
    if g["dur3"]:
        got = count_of(g["dur3"])
        return shifted(_anchor(g["on"], base, ahead=True), *got) if got else None
    if g["wdweek"]:
        return _anchor(g["wdweek"], base, ahead=True) + timedelta(weeks=1)
    if wd := g["wd2"] or g["wd3"]:
        return week_form(2, WEEKDAYS_EN.index(wd.lower()), base)[0]
    if g["nth"]:
        shift = {"next": 1, "last": -1}.get(g["which"].lower(), 0)
        return _nth_weekday(g["nth"].lower(), WEEKDAYS_EN.index(g["wd4"].lower()), *month_form(shift, base))
    if g["tw"]:
        return shifted(base, 1, g["tu"].lower(), sign=1 if g["tw"].lower() == "next" else -1)
    if g["wkd"]:  # the weekend's day, of the weekend the words name (as `periods` reads them)
        weeks = 2 if g["wkn"] else 1 if (g["wkw"] or "").lower() == "next" else 0
        return week_form(weeks, WEEKDAYS_EN.index(g["wkd"].lower()), base)[0]
    return None


def _zh(m: re.Match[str], base: date) -> date | None:
    g = m.groupdict()
    if count := g["n0"] or g["n"]:
        n = 3 if count == "几" else zh_number(count)  # 过几天: in a few days, as "a few" is read
        unit = {
            "天": "day",
            "周": "week",
            "星期": "week",
            "礼拜": "week",
            "个月": "month",
            "月": "month",
            "年": "year",
        }
        return shifted(base, n, unit[g["u0"] or g["u"]]) if n else None
    if g["wn"]:
        n = zh_number(g["wn"])
        return week_form(n, WEEKDAYS_ZH[g["wd"]], base)[0] if n else None
    if g["ws"]:
        return week_form(_ZH_SHIFT[g["ws"]], WEEKDAYS_ZH[g["wd5"]], base)[0]
    if g["nth"]:
        first, last = month_form(_ZH_SHIFT[g["ms"] or "这"], base)
        return _nth_weekday(g["nth"], WEEKDAYS_ZH[g["wd6"]], first, last)
    if g["yr"]:
        return shifted(base, 1, "year", sign=1 if g["yr"] == "明年" else -1)
    return None


#: How far a count reaches from the words `_EN_KEY` / `_ZH_KEY` find ("three days from this
#: coming Wednesday", "the fourth Saturday of next month"): only that much text is read.
_REACH = 48


def _windows(key: re.Pattern[str], where: str) -> list[tuple[int, int]]:
    """The stretches of `where` around each key word, merged: a count is looked for there
    only, so a long message costs a scan for the key words (their first characters let the
    search skip ahead) and nothing more."""
    out: list[tuple[int, int]] = []
    for m in key.finditer(where):
        lo, hi = max(0, m.start() - _REACH), min(len(where), m.end() + _REACH)
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return out


def offset_spans(text: str, base: date) -> list[tuple[int, int, date]]:
    """(start, end, day) of each day counted from another one in `text`, said on `base`."""
    out: list[tuple[int, int, date]] = []
    low = text.lower()
    en, searched = (_EN_LOWER, low) if len(low) == len(text) and not _RE_I_ODD.search(text) else (_EN, text)
    passes = [
        (en, searched, _en, _windows(_EN_KEY, low) if _LATIN.search(text) else []),
        (_ZH, text, _zh, _windows(_ZH_KEY, text) if _CJK.search(text) else []),
    ]
    for rx, where, read, windows in passes:
        seen = -1
        for lo, hi in windows:
            for m in rx.finditer(where, lo, hi):
                if m.start() < seen:
                    continue
                if _EVERY.search(text, max(0, m.start() - 12), m.start()):
                    continue  # "every Friday week": a habit, no day of its own
                try:
                    day = read(m, base)
                except (ValueError, OverflowError):  # a day out of range
                    day = None
                if day is not None:
                    out.append((m.start(), m.end(), day))
                    seen = m.end()
    return out
