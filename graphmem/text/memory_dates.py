"""The day a stored memory is about, as every surface shows it: the day a fact's own words name
(a past day set as it was written, a day ahead read from its words), else the day named last
before it in its message, else the day its message refers to, else when it was said.
`graphmem.text.dates` finds the date expressions; this reads them for one memory."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, timezone
from functools import lru_cache

from graphmem.model import Episode, Fact
from graphmem.text.dates import find_spans
from graphmem.text.spans import TimeSpan

__all__ = ["fact_day", "memory_date", "named_day"]


def _utc_day(t: datetime) -> date:
    return t.astimezone(timezone.utc).date() if t.tzinfo is not None else t.date()


def named_day(f: Fact, shift: int = 0) -> date | None:
    """The day a fact's own words name, resolved against when it was said: its validity
    start when its message named a day gone by ("went hiking last Saturday": `valid_from`,
    set as it was written), else the day its clause names ahead ("dentist this Friday", "下个
    月中去上海": a plan is valid from when it was said, so the day is read from its words),
    else None (nothing in its words names a day)."""
    if f.valid_from != f.recorded_at:
        return _utc_day(f.valid_from)
    if f.source_text:
        # `shift`: the days the speaker's own clock was ahead of (or behind) UTC's day when it
        # was said ("明天" at 07:30 in Beijing is counted from Beijing's day)
        spans = find_spans(f.source_text, f.recorded_at + timedelta(days=shift))
        # "房东今天说房租月底到期", "today I booked the flight for next Friday": the day the
        # words name beside "today" is the one they are about (today is when it was said)
        said_on = _utc_day(f.recorded_at + timedelta(days=shift))
        other = [s for s in spans if s.start != said_on]
        if spans:
            return (other or spans)[0].start
    if f.value != f.source_text and (dated := _ISO_DAY.search(str(f.value))):
        # a plan moved by an amount carries its new day in its words ("… (2026-06-27)")
        return date.fromisoformat(dated[0])
    return None


_ISO_DAY = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def fact_day(f: Fact) -> date:
    """The day shown beside a fact: the day its words name (`named_day`), else the day it was
    said (a taste, a habit, a job: when the user told us)."""
    return named_day(f) or _utc_day(f.recorded_at)


#: Where a clause's words end: a mark or a space.
_MARK = re.compile(r"[\s，,。.!！?？；;：:、]+")
#: The longest message read for the day before a fact's words; a chat turn is far shorter.
_LONGEST = 2000


@lru_cache(maxsize=256)
def _message_spans(text: str, at: datetime) -> tuple[TimeSpan, ...]:
    """A message's spans, read once for all the facts of it one recall returns."""
    return tuple(find_spans(text, at))


def _day_said_before(text: str, at: datetime, source: str) -> date | None:
    """The day named last before or inside `source` in a message that names several ("上周日去
    复查，然后这周五年会，我被拉去跳舞": the dancing is Friday's): a day governs what follows it.
    None when the message names one day only (its date is the message's) or none so placed."""
    if len(text) > _LONGEST:  # a pasted document: its first day stands (reading it all costs)
        return None
    # the clause as kept may be punctuated where the message had a space ("…报到，新老板" of
    # "…报到 新老板"): its words up to the first mark find it
    head = _MARK.split(source.strip(), maxsplit=1)[0][:16]
    where = text.find(head) if len(head) >= 3 else text.find(source[:16])
    spans = _message_spans(text, at) if where > 0 else ()
    if len(spans) < 2:
        return None
    day, at_char = None, 0
    for span in spans:
        found = text.find(span.text, at_char)
        # a day named inside the source counts too: one counted from a day named before it
        # ("bib pickup is the Saturday before") has none in the source alone
        if found < 0 or found >= where + len(source):
            break
        day, at_char = span.start, found + len(span.text)
    return day


@lru_cache(maxsize=256)
def _speakers_shift(text: str, at: datetime, refers_from: datetime) -> int:
    """How many days the speaker's own day was from UTC's when `text` was said: the message's
    first day was resolved from the speaker's clock when it was kept (`refers_from`); the
    shift that resolves it so again from `at` (UTC) is the difference, 0 when none tells."""
    for shift in (0, 1, -1):
        spans = find_spans(text, at + timedelta(days=shift))
        if spans and spans[0].start == refers_from.astimezone(timezone.utc).date():
            return shift
    return 0


def _day_of_the_words_asked(text: str, at: datetime, about: tuple[str, ...]) -> date | None:
    """In a text naming several days ("这周六值班，下礼拜五同学聚会"), the day of the part a
    question asks about: the day named last before the first of `about`'s words found in it
    (a day governs what follows it), else the first one named after it. None when the text
    names one day or fewer, or holds none of the words."""
    if not about or len(text) > _LONGEST:
        return None
    # the day it was said is only when ("今天贴了通知，说停水是下周二"): the day beside it is meant
    said_on = _utc_day(at)
    spans = [sp for sp in _message_spans(text, at) if sp.start != said_on]
    if len({sp.start for sp in spans}) < 2:
        return None
    low = text.lower()
    where = next((i for w in about if len(w) >= 2 and (i := low.find(w.lower())) >= 0), -1)
    if where < 0:
        return None
    placed, at_char = [], 0
    for sp in spans:
        found = text.find(sp.text, at_char)
        if found >= 0:
            placed.append((found, sp.start))
            at_char = found + len(sp.text)
    before = [d for start, d in placed if start <= where]
    after = [d for start, d in placed if start > where]
    return before[-1] if before else (after[0] if after else None)


def memory_date(fact: Fact | None, episode: Episode | None, about: tuple[str, ...] = ()) -> datetime | None:
    """The date a recalled memory is about (midnight UTC of a named day): the day its fact's
    words name, else what its message refers to ("last weekend"), else when it was said. `about`,
    the words a question asks with: in words naming several days, the day of the part holding
    them ("聚会是哪天？" of "这周六值班，下礼拜五同学聚会": Friday's)."""
    if about:
        text, said = (
            (fact.source_text, fact.recorded_at)
            if fact is not None
            else (episode.text, episode.at)
            if episode
            else ("", None)
        )
        if text and said is not None and (d := _day_of_the_words_asked(text, said, about)) is not None:
            return datetime.combine(d, time(), tzinfo=timezone.utc)
    shift = 0
    if (
        fact is not None
        and episode is not None
        and episode.refers_from is not None
        and len(episode.text) <= _LONGEST
        and fact.source_text
        and fact.source_text[:16] in episode.text
    ):
        shift = _speakers_shift(episode.text, episode.at, episode.refers_from)
    if fact is not None and (d := named_day(fact, shift)) is not None:
        return datetime.combine(d, time(), tzinfo=timezone.utc)
    if episode is not None:
        if (
            fact is not None
            and fact.source_text
            and episode.refers_from is not None
            and (d := _day_said_before(episode.text, episode.at, fact.source_text)) is not None
        ):
            return datetime.combine(d, time(), tzinfo=timezone.utc)
        return episode.date
    return fact.recorded_at if fact is not None else None
