"""Days read from the days around them in one text: a weekday said beside a date is that
date's ("Sunday June 21"), a bare day of the month after a date is in that date's month ("18号飞
大阪，25号回来"), and a day counted from the one named before it ("the Saturday before", 前一
天); one counted from a day the text does not name has none. `graphmem.text.dates.find_spans`
finds the spans; this reads them together.
"""

from __future__ import annotations

import re
from datetime import timedelta

from graphmem.text.holidays import counted_from
from graphmem.text.periods import WD
from graphmem.text.spans import TimeSpan

__all__ = ["read_in_context"]


#: A span with where it stands in the text.
Placed = list[tuple[int, TimeSpan]]


def read_in_context(text: str, spans: list[TimeSpan]) -> list[TimeSpan]:
    """`spans` (in the order said) with each read against the days around it."""
    placed = _placed(text, spans)
    if len(placed) > 1:
        placed = _weekday_of_a_date_dropped(placed)
    if placed and _ZH_BARE_DAY.search(text):
        placed = _bare_days_in_the_month_said(text, placed)
    if placed and _ANCHORED.search(text):
        placed = _anchored(text, placed)
    return [sp for _, sp in placed]


def _placed(text: str, spans: list[TimeSpan]) -> Placed:
    """Each span with where it stands, found in the order said (a repeated expression takes
    its own place, not the first one's)."""
    out, at = [], 0
    for sp in spans:
        found = text.find(sp.text, at)
        if found < 0:
            found = text.find(sp.text)
        out.append((found, sp))
        at = max(at, found + 1) if found >= 0 else at
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
    r"(?!\s+(?:last|next|yesterday|tomorrow|that|this|the|it|we|i|my|you|he|she|they)\b)"
    r"|(?P<zh>前一天|前一晚|头一天|头天晚上|前一天晚上|第二天|后一天|次日|隔天)",
    re.I,
)


def _anchored(text: str, placed: Placed) -> Placed:
    """`placed` with each day counted from the one day named before it put in, in place of the
    bare weekday inside it ("the Saturday before" is no last Saturday)."""
    out = list(placed)
    for m in _ANCHORED.finditer(text):
        if any(at <= m.start() and m.end() < at + len(sp.text) for at, sp in out):
            continue  # already read as part of a longer day ("the Monday after Easter")
        before = [sp for at, sp in out if _one_day(sp) and at >= 0 and at + len(sp.text) <= m.start()]
        # what the match holds ("Saturday" of "the Saturday before") is no day of its own
        out = [(at, sp) for at, sp in out if not (m.start() <= at and at + len(sp.text) <= m.end())]
        if not before:  # counted from a day this text does not name: no day here
            continue
        if m["zh"]:
            day = counted_from(before[-1].start, "day", "before" if m["zh"][0] in "前头" else "after")
        else:
            day = counted_from(before[-1].start, m["what"].lower(), m["dir"].lower())
        out.append((m.start(), TimeSpan(m[0], day, day)))
    return sorted(out, key=lambda p: p[0])
