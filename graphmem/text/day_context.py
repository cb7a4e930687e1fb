"""Days read from the days around them in one text: a weekday said beside a date is that
date's ("Sunday June 21"), a bare day of the month after a date is in that date's month ("18号飞
大阪，25号回来"), and a day counted from the one named before it ("the Saturday before", 前一
天); one counted from a day the text does not name has none. `graphmem.text.dates.find_spans`
finds the spans; this reads them together.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from graphmem.text.holidays import counted_from
from graphmem.text.offsets import count_of, shifted
from graphmem.text.periods import WD
from graphmem.text.spans import TimeSpan

__all__ = ["moved_by", "read_in_context"]


#: A span with where it stands in the text.
Placed = list[tuple[int, TimeSpan]]


def read_in_context(text: str, spans: list[TimeSpan], base: date | None = None) -> list[TimeSpan]:
    """`spans` (in the order said) with each read against the days around it; `base`, the
    day it was said, puts a moved plan's old day ahead of it."""
    placed = _placed(text, spans)
    if len(placed) > 1:
        placed = _weekday_of_a_date_dropped(placed)
    if placed and _ZH_BARE_DAY.search(text):
        placed = _bare_days_in_the_month_said(text, placed)
    if placed and _ANCHORED.search(text):
        placed = _anchored(text, placed)
    if placed and _MOVED.search(text):
        placed = _rescheduled(text, placed, base)
    if placed and (later := _NOT_THIS_ONE.search(text)):
        placed = _the_one_after(placed, later)
    return [sp for _, sp in placed]


#: "thursday. not this thursday, the one after", 不是这周四，是下周四: the weekday said is a
#: week on from the coming one.
_NOT_THIS_ONE = re.compile(
    r"\bnot\s+(?:this|the\s+coming)\s+(?P<wd>"
    + WD
    + r")\s*[,;—–-]?\s*(?:but\s+)?(?:the\s+one\s+after|next\s+week'?s?(?:\s+one)?)\b"
    r"|不是这(?:周|星期|礼拜)(?P<zwd>[一二三四五六日天])[，,\s]*(?:是|而是)?下(?:周|星期|礼拜)(?:那个|的)?(?P=zwd)?",
    re.I,
)


def _the_one_after(placed: Placed, m: re.Match[str]) -> Placed:
    """`placed` with the coming weekday the match names a week on, said once."""
    days = [(at, sp) for at, sp in placed if _one_day(sp)]
    if not days:
        return placed
    first = min(sp.start for _, sp in days)
    moved = [(at, sp) for at, sp in days if sp.start == first]
    if not moved:
        return placed
    at, sp = moved[0]
    day = sp.start + timedelta(days=7)
    rest = [p for p in placed if p not in moved]
    return sorted([*rest, (at, TimeSpan(sp.text, day, day))], key=lambda p: p[0])


def _placed(text: str, spans: list[TimeSpan]) -> Placed:
    """Each span with where it stands, found in the order said (a repeated expression takes
    its own place, not the first one's)."""
    out, at = [], 0
    for sp in spans:
        found = text.find(sp.text, at)
        if found < 0:
            found = text.find(sp.text)
        out.append((found, sp))
        at = max(at, found + len(sp.text)) if found >= 0 else at
    return out


def _one_day(sp: TimeSpan) -> bool:
    return sp.start == sp.end


#: A day of the month said alone in Chinese ("18号飞大阪，25号回来": the 25th).
_ZH_BARE_DAY = re.compile(r"(?<![月\d零一二两三四五六七八九十])(?P<d>\d{1,2})(?:号|日)(?![\d])")


def _bare_days_in_the_month_said(text: str, placed: Placed) -> Placed:
    """Each bare day of the month after a date said before it, in that date's month (the next
    one when the day is earlier than that date's)."""
    out = list(placed)
    for m in _ZH_BARE_DAY.finditer(text):
        if any(at <= m.start() < at + len(sp.text) for at, sp in out):
            continue
        before = [sp for at, sp in out if _one_day(sp) and 0 <= at < m.start()]
        if not before:
            continue
        anchor, day = before[-1].start, int(m["d"])
        try:
            got = anchor.replace(day=day)
            if got < anchor:
                got = (anchor.replace(day=1) + timedelta(days=32)).replace(day=day)
        except ValueError:
            continue
        out.append((m.start(), TimeSpan(m[0], got, got)))
    return sorted(out, key=lambda p: p[0])


_WEEKDAY_ALONE = re.compile(r"^(?:on\s+)?(?:" + WD + r")$|^(?:周|星期|礼拜)[一二三四五六日天]$", re.I)


def _weekday_of_a_date_dropped(placed: Placed) -> Placed:
    """Without the weekday said beside a date ("Sunday June 21", "6月21号（周日）"): it is
    that date's, no day of its own."""
    keep = []
    for i, (at, sp) in enumerate(placed):
        if _WEEKDAY_ALONE.match(sp.text):
            end = at + len(sp.text)
            # only the spans either side can stand beside it (the spans are in the order said)
            near = [placed[j] for j in (i - 1, i + 1) if 0 <= j < len(placed)]
            if any(
                not _WEEKDAY_ALONE.match(o.text) and (0 <= s - end <= 2 or 0 <= at - (s + len(o.text)) <= 3)
                for s, o in near
            ):
                continue
        keep.append((at, sp))
    return keep


#: A day counted from the day named before it in the message ("the race is June 21, bib pickup
#: is the Saturday before", "6月21号比赛，前一天去领号码布").
_ANCHORED = re.compile(
    r"\bthe\s+(?P<what>" + WD + r"|day|night|morning|evening)\s+(?P<dir>before|after)\b"
    r"(?!\s+(?:last|next|yesterday|tomorrow|that|this|the(?!\s+\d)|it|we|i|my|you|he|she|they)\b)"
    r"|(?P<zh>前一天|前一晚|头一天|头天晚上|前一天晚上|第二天|后一天|次日|隔天)"
    # "8月8号后面的那个周六", "20号之前的那个礼拜天": the weekday after (before) the date said
    # right before it
    r"|(?P<zdir>(?:之后|以后|后面|过后|之前|以前|前面)的?|(?:后|前)的)(?:那个|那|第一个|头一个|最后一个)?"
    r"(?:周|星期|礼拜)(?P<zwd>[一二三四五六日天])",
    re.I,
)
_ZH_WD = {
    "一": "monday",
    "二": "tuesday",
    "三": "wednesday",
    "四": "thursday",
    "五": "friday",
    "六": "saturday",
}


def _anchored(text: str, placed: Placed) -> Placed:
    """`placed` with each day counted from the one day named before it put in, in place of the
    bare weekday inside it ("the Saturday before" is no last Saturday)."""
    out = list(placed)
    for m in _ANCHORED.finditer(text):
        if any(at <= m.start() and m.end() < at + len(sp.text) for at, sp in out):
            continue  # already read as part of a longer day ("the Monday after Easter")
        before = [sp for at, sp in out if _one_day(sp) and at >= 0 and at + len(sp.text) <= m.start()]
        if m["zdir"]:  # the date it counts from is the one right before it, or none
            before = [sp for at, sp in out if _one_day(sp) and at >= 0 and at + len(sp.text) == m.start()]
            if not before:  # "然后周六", "以后的周末": no date said right before, nothing counted
                continue
        # "the Sunday after June 14": the date right after it is the one counted from, no day
        # of its own
        after = [
            p
            for p in out
            if m["what"] and _one_day(p[1]) and 0 <= p[0] - m.end() <= 2 and not text[m.end() : p[0]].strip()
        ]
        said = m[0]
        if after:
            before = [after[0][1]]
            said = text[m.start() : after[0][0] + len(after[0][1].text)]
            out = [p for p in out if p is not after[0]]
        # what the match holds ("Saturday" of "the Saturday before") is no day of its own
        out = [(at, sp) for at, sp in out if not (m.start() <= at and at + len(sp.text) <= m.end())]
        if not before:  # counted from a day this text does not name: no day here
            continue
        if m["zdir"]:
            way = "before" if "前" in m["zdir"] else "after"
            day = counted_from(before[-1].start, _ZH_WD.get(m["zwd"], "sunday"), way)
            out = [(at, sp) for at, sp in out if sp is not before[-1]]
            start = m.start() - len(before[-1].text)
            out.append((start, TimeSpan(text[start : m.end()], day, day)))
            continue
        if m["zh"]:
            day = counted_from(before[-1].start, "day", "before" if m["zh"][0] in "前头" else "after")
        else:
            day = counted_from(before[-1].start, m["what"].lower(), m["dir"].lower())
        out.append((m.start(), TimeSpan(said, day, day)))
    return sorted(out, key=lambda p: p[0])


#: Words that move a planned day ("they pushed my dentist back a week", "moved the call to the
#: day after", "instead of this thursday it's …", 复查改到下下周一, 推迟了三天).
_MOVED = re.compile(
    r"\b(?:mov(?:ed|ing)|push(?:ed|ing)|bump(?:ed|ing)|reschedul(?:ed|ing)|postpon(?:ed|ing)|delay(?:ed|ing)"
    r"|chang(?:ed|ing)|switch(?:ed|ing)|shift(?:ed|ing)|brought\s+forward|instead\s+of|rather\s+than)\b"
    r"|改到|改成|改在|改为|挪到|换到|调到|推迟|延期|延后|推后|往后推|顺延|提前",
    re.I,
)
#: What stands right before the day a plan was moved from ("instead of this thursday", "was
#: supposed to be friday", 本来是明天, 从这周六改到…).
_OLD_BEFORE = re.compile(
    r"(?:\b(?:instead\s+of|rather\s+than|from|supposed\s+to\s+be|meant\s+to\s+be|originally(?:\s+\w+)?)"
    r"(?:\s+(?:on|for|at))?\s*|本来(?:是|定在|约的)?|原来(?:是|定在)?|原定(?:在|于|的)?|原本(?:是|定在)?|从)$",
    re.I,
)
#: "was tomorrow but they moved it …": a day said with "was" before the words that move it.
_WAS_BEFORE = re.compile(r"\b(?:was|were)(?:\s+(?:on|for|at))?(?:\s+" + WD + r")?\s*$", re.I)
#: A move by so much ("pushed it back a week", "moved up two days", 推迟了三天, 提前一天).
_MOVED_BY = re.compile(
    r"\b(?:push(?:ed)?|mov(?:ed|e)|bump(?:ed)?|put|set|postpon(?:ed|e)|delay(?:ed)?|shift(?:ed)?)"
    r"(?:\s+[\w']+){0,3}?\s+(?P<dir>back|up|forward|ahead|out|by)(?:\s+by)?"
    r"(?:\s+(?:exactly|precisely|about|around|roughly|another|just|only))?\s+"
    r"(?P<dur>(?:\d{1,2}|an?|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of|a\s+few)\s+"
    r"(?:day|week|fortnight|month)s?)\b"
    # "pushed the bbq two days later", "moved it a week earlier": the amount, then its way
    r"|\b(?:push(?:ed)?|mov(?:ed|e)|bump(?:ed)?|put|shift(?:ed)?)(?:\s+[\w']+){0,3}?\s+"
    r"(?P<dur2>(?:\d{1,2}|an?|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of|a\s+few)\s+"
    r"(?:day|week|fortnight|month)s?)\s+(?P<dir2>later|earlier|sooner)\b"
    r"|(?P<zdir>推迟|延后|推后|往后推|往后挪|往后延|顺延|提前|往前挪|往前提)了?(?P<zn>[0-9一二两三四五六七八九十]{1,3})个?"
    r"(?P<zu>天|周|星期|礼拜|月)",
    re.I,
)
#: Between a move and the day it names as the new one ("pushed it a week, to the 9th", 推迟一周
#: 改到…): that day is the plan's new one, and the amount gives no other.
_MOVED_TO = re.compile(
    r"^[^。.!！?？;；]{0,12}?(?:改到|改成|改在|挪到|换到|调到|推到|延到|到|\bto|\btil|\btill|\buntil)\s*(?:on\s+)?(?:the\s+)?$",
    re.I,
)


_DAY_OF_MONTH = re.compile(r"^(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)$|^\d{1,2}[号日]$", re.I)


def _still_to_come(sp: TimeSpan, base: date | None) -> date:
    """The day of a plan being moved: a plan is moved before it happens, so a day of the month
    said alone ("it was on the 23rd") or a weekday gone by is the coming one."""
    day = sp.start
    if base is None or day >= base:
        return day
    if _WEEKDAY_ALONE.match(sp.text):
        return day + timedelta(days=7)
    if _DAY_OF_MONTH.match(sp.text.strip()):
        try:
            return (day.replace(day=1) + timedelta(days=32)).replace(day=day.day)
        except ValueError:
            return day
    return day


def _amount(m: re.Match[str]) -> tuple[tuple[int, str] | None, int]:
    """((how many, unit), +1 later or -1 earlier) of a move by an amount."""
    if m["zdir"]:
        unit = "day" if m["zu"] == "天" else "month" if m["zu"] == "月" else "week"
        return count_of(f"{m['zn']} {unit}"), -1 if m["zdir"] in ("提前", "往前挪", "往前提") else 1
    if m["dur2"]:
        return count_of(m["dur2"]), 1 if m["dir2"].lower() == "later" else -1
    return count_of(m["dur"]), -1 if m["dir"].lower() in ("up", "forward", "ahead") else 1


def moved_by(text: str) -> tuple[str, int, str, int] | None:
    """The first move of a plan by an amount in `text` ("pushed back two weeks", 往后推一周):
    (the words of the move, how many, the unit, +1 later or -1 earlier); None when it says none."""
    for m in _MOVED_BY.finditer(text):
        n, sign = _amount(m)
        if n is not None:
            return m[0], n[0], n[1], sign
    return None


def _rescheduled(text: str, placed: Placed, base: date | None = None) -> Placed:
    """`placed` with a moved plan's day as the new one: the day it was moved from (said after
    "instead of", "supposed to be", 本来, 从) is none when another is named, and a move by so
    much ("pushed back a week", 推迟了三天) counts from the day said before it."""
    moves = [m.start() for m in _MOVED.finditer(text)]
    old = []
    for p in placed:
        at = p[0]
        before = text[max(0, at - 28) : at] if at >= 0 else ""
        # a day said with "was" is the old one, before the words that move it or after a
        # move by so much ("moved it up two days, it was on the 23rd")
        was_said = _WAS_BEFORE.search(before) and (
            any(mv > at for mv in moves) or any(mb.end() <= at for mb in _MOVED_BY.finditer(text))
        )
        if _OLD_BEFORE.search(before) or was_said:
            old.append(p)
    out = list(placed)
    for m in _MOVED_BY.finditer(text):
        days = [(at, sp) for at, sp in out if _one_day(sp) and at >= 0]
        if not days or any(m.end() <= at and _MOVED_TO.search(text[m.end() : at]) for at, _ in days):
            continue
        # the day moved: one said as the old day, else the last said before the move, else the first
        was = old[-1] if old else ([p for p in days if p[0] < m.start()] or days)[-1]
        n, sign = _amount(m)
        if n is None or (day := shifted(_still_to_come(was[1], base), *n, sign=sign)) is None:
            continue
        out = [p for p in out if p != was]
        old = [p for p in old if p != was]
        out.append((m.start(), TimeSpan(m[0], day, day)))
    kept = [p for p in out if p not in old]
    return sorted(kept if kept else out, key=lambda p: p[0])
