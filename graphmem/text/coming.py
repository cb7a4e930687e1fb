"""A day said without a year or a month (a date, "the 22nd", a weekday): dates resolve it to the
latest one; the words around it may say it lies ahead ("科目三约在3月20号", "the recital is on May
3", "moved yoga to friday"), and then it is the coming one. `graphmem.text.dates.find_spans`
asks `coming` for each day it resolves.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from graphmem.text.periods import WD, WEEKDAYS_EN, month_form

__all__ = ["EN_ORDINAL", "WEEKDAY_SHORT", "coming", "weekday_beside"]

EN_ORDINAL = re.compile(r"(?:on )?the (\d{1,2})(?:st|nd|rd|th)")
_MONTH_STEMS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")

#: A weekday cut short ("sat", "thurs") and the whole of it.
WEEKDAY_SHORT = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "thu": "thursday",
                  "thur": "thursday", "thurs": "thursday", "thus": "thursday", "fri": "friday",
                  "sat": "saturday", "sun": "sunday"}  # fmt: skip


#: Words that put a day of the month said without a year ahead ("科目三约在3月20号", "the recital
#: is on May 3"): the coming one, not last year's, once it has passed this year.
_ZH_DAY_AHEAD = re.compile(
    r"要|会|打算|准备|计划|将|约|定在|安排在|排在|预约|到时候|入职|报到|有什么安排|有啥安排"
    # a plan moved to a day ("改到7月4号之后的那个周日"): the day lies ahead
    r"|改到|改成|改在|挪到|换到|调到|推到|延到|顺延到"
)
_EN_DAY_AHEAD = re.compile(
    r"\b(?:will|'ll|going to|gonna|is on|are on|'s on|scheduled|booked|planned|due|coming up|set for|until|till|by"
    # A thing one goes to, or a going said in the progressive ("dentist appt on thursday",
    # "flying to Lisbon on March 22"): what a message names that way lies ahead.
    r"|appt|appointment|meeting|interview|exam|deadline|reservation|flight|visit|check-?up|party|concert|gig"
    r"|flying|leaving|heading|driving|moving|starting|visiting|start|starts|can.?t wait|looking forward"
    # a reminder asked, or a thing one has booked ("remind me I have a haircut thursday at 4")
    r"|remind me|reminder|haircut|dentist|doctor|i have an?|i've got an?|ive got an?)\b"
)
#: Words that put the clause in the past ("the interview was on thursday"): the day is the
#: latest one even beside a word of `_EN_DAY_AHEAD`.
_EN_PAST = re.compile(r"\b(?:was|were|had|did|went|came|got back|ago|yesterday|last)\b")
#: A verb in the past ("got paid on the 15th", "moved in on the 3rd").
_EN_PAST_VERB = re.compile(r"\b(?:got|paid|left|met|began|saw|took|made|[a-z]{2,}(?<!e)ed)\b")
#: Right before a day: the thing it is ("the party is thursday", "mum's birthday's saturday")
#: or the day a plan was moved to ("moved yoga to friday", "bumped it til monday").
_EN_IS_DAY = re.compile(
    r"(?:\b(?:is|are)|(?<=[a-z])'s)\s+(?:on\s+|this\s+)?$"
    r"|\b(?:mov(?:ed|ing)|push(?:ed|ing)|bump(?:ed|ing)|reschedul(?:ed|ing)|postpon(?:ed|ing)|chang(?:ed|ing)"
    r"|switch(?:ed|ing)|shift(?:ed|ing))\b(?:\s+[\w']+){0,7}?,?\s+(?:to|til|till|until)\s+(?:on\s+)?(?:the\s+)?"
    # "moved to the Sunday after June 14": the day counted from lies ahead as well
    r"(?:the\s+" + WD + r"\s+(?:after|before)\s+)?$",
    re.I,
)
_YEAR = re.compile(r"\d{4}|[零一二三四五六七八九]{4}年")
_ZH_MONTH_DAY = re.compile(r"^[0-9零一二两三四五六七八九十]{1,3}月")


def coming(text: str, found: tuple[int, int], lang: int, got: tuple[date, date], base: date):
    """A day of the month without a year resolves to the latest one; when the words around
    it (`text` outside the `found` offsets) say it lies ahead, the coming one instead."""
    start, end = found
    span = text[start:end]
    if got[1] >= base or _YEAR.search(span):
        return got
    if got[0] == got[1] and (named := weekday_beside(text, start, end)) is not None:
        # "Sunday June 21": the year whose June 21 is a Sunday, the coming one or the latest
        try:
            coming = got[0].replace(year=got[0].year + 1)
        except ValueError:
            return got
        if coming.weekday() == named != got[0].weekday():
            return coming, coming
        # "friday the 12th": a day of the month alone, the coming month whose 12th is a Friday
        if EN_ORDINAL.fullmatch(span.lower()) and got[0].weekday() != named:
            try:
                nxt = month_form(1, got[0])[0].replace(day=got[0].day)
            except ValueError:
                nxt = None
            if nxt is not None and nxt.weekday() == named:
                return nxt, nxt
        if got[0].weekday() == named:
            return got
    if lang == 1:
        if not _ZH_MONTH_DAY.search(span) or not _ZH_DAY_AHEAD.search(
            text[max(0, start - 6) : start] + text[end : end + 8]
        ):
            return got
    else:
        low = span.lower()
        kind = (
            "month"
            if any(m in low for m in _MONTH_STEMS)
            else "week"
            if WEEKDAY_SHORT.get(low.rstrip("."), low).removeprefix("on ").removeprefix("this ")
            in WEEKDAYS_EN
            else "day"
            if EN_ORDINAL.fullmatch(low)
            else None
        )
        around = text[max(0, start - 30) : start].lower() + " " + text[end : end + 20].lower()
        # a day of the month said with no word of the past is one to come ("surgery is on the 19th")
        ahead = _EN_DAY_AHEAD.search(around) or (kind == "day" and not _EN_PAST_VERB.search(around))
        # what a day is ("parent night is thursday") or what a plan was moved to ("bumped yoga
        # to friday") lies ahead, whatever else the words around it say
        said_ahead = _EN_IS_DAY.search(text, max(0, start - 60), start) is not None
        if kind is None or not (ahead or said_ahead) or (_EN_PAST.search(around) and not said_ahead):
            return got
        if kind == "week":  # "dentist appt on thursday": the coming Thursday
            return got[0] + timedelta(days=7), got[1] + timedelta(days=7)
        if kind == "day":  # "on the 22nd" once the 22nd has passed: next month's
            nxt = month_form(1, got[0])[0]
            try:
                return (d := nxt.replace(day=got[0].day)), d
            except ValueError:  # the 31st of a shorter month
                return got
    try:
        return got[0].replace(year=got[0].year + 1), got[1].replace(year=got[1].year + 1)
    except ValueError:  # 29 February
        return got


def weekday_beside(text: str, start: int, end: int) -> int | None:
    """The weekday said right before a date ("Sunday June 21") or in brackets after it
    ("6月21号（周日）"), Monday 0; None when none is."""
    if m := re.search(r"\b(" + WD + r")\b,?\s*(?:the\s+)?$", text[max(0, start - 14) : start], re.I):
        return WEEKDAYS_EN.index(m[1].lower())
    if m := re.match(r"\s*[（(]?\s*(?:周|星期|礼拜)([一二三四五六日天])", text[end : end + 6]):
        return "一二三四五六日".find(m[1]) if m[1] != "天" else 6
    return None
