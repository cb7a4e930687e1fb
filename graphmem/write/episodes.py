"""Episodes on the write path: what a kept message is stored and indexed as.

A message that passes the gate becomes an episode: its (redacted) text, role, time and
ref, the turn it follows in the same conversation (NEXT; a silence longer than
`THREAD_GAP_S` starts a new one) and the date range it refers to, resolved from its
words against the message time (graphmem.text.dates). It is indexed under its own
words and, weighted lower, under the context it needs to be found, as
`Config.episode_index` says: who said it (`speaker`, when the caller names them), the
turn it answers (`prev`), the reply it got (`next`, added when the reply arrives) and
the words of its date (`date`: month, year, weekday). The same date goes
onto each candidate fact whose clause names it (`valid_from`, when it lies in the past:
a plan's date is on its episode, and the fact stays believed from when it was said).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

from graphmem.config import Config
from graphmem.model import Candidate, Episode
from graphmem.stores.base import THREAD_GAP_S, UserWriter
from graphmem.text.dates import find_spans
from graphmem.text.spans import TimeSpan
from graphmem.text.terms import terms

__all__ = ["EpisodeDraft", "dated_candidates", "draft", "record"]

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")  # fmt: skip


class EpisodeDraft:
    """An episode before its transaction: what can be computed without the store."""

    def __init__(self, episode_id: str, user_id: str, role: str, text: str, at: datetime,
                 ref: str | None, span: TimeSpan | None, vector: object, speaker: str | None,
                 words: list[str] | None = None) -> None:  # fmt: skip
        self.episode = Episode(
            episode_id, user_id, role, text, at, ref,
            refers_from=span.start_dt if span else None, refers_to=span.end_dt if span else None,
            speaker=speaker,
        )  # fmt: skip
        self.vector = vector
        self.words = words  # the text's `terms`, when the caller has them already


def draft(episode_id: str, user_id: str, role: str, text: str, at: datetime, ref: str | None,
          vector: object = None, speaker: str | None = None, words: list[str] | None = None,
          spans: list[TimeSpan] | None = None) -> EpisodeDraft:  # fmt: skip
    """`words` and `spans`: the text's `terms` and `find_spans`, when the caller has them."""
    spans = find_spans(text, at) if spans is None else spans
    return EpisodeDraft(episode_id, user_id, role, text, at, ref, about_day(spans, at), vector,
                        speaker, words)  # fmt: skip


def about_day(spans: list[TimeSpan], at: datetime) -> TimeSpan | None:
    """The day a message is about: the first it names, passing over the day it was said when it
    names another too ("房东今天说房租月底到期", "today I booked the flight for Friday")."""
    said_on = at.astimezone(timezone.utc).date()
    return next((s for s in spans if not s.start == s.end == said_on), spans[0] if spans else None)


def dated_candidates(
    candidates: list[Candidate], message: str, at: datetime, spans: list[TimeSpan] | None = None
) -> list[Candidate]:
    """Each candidate with `valid_from` set when its clause names a past date ("I moved to
    Denver last month" -> the first day of last month). `spans`: the message's
    `find_spans`, when the caller has them."""
    if not candidates:
        return candidates
    spans = find_spans(message, at) if spans is None else spans
    if not spans:
        return candidates
    out = []
    for c in candidates:
        span = about_day([s for s in spans if s.text in (c.source_text or "")], at)
        if span is not None and c.valid_from is None and span.start_dt <= at:
            c = replace(c, valid_from=span.start_dt)
        out.append(c)
    return out


def _date_words(ep: Episode) -> list[str]:
    d = ep.date
    return [_MONTHS[d.month - 1], str(d.year), _WEEKDAYS[d.weekday()]]


def record(w: UserWriter, d: EpisodeDraft, config: Config) -> Episode:
    """Write the drafted episode in this transaction, threaded after the user's previous
    turn of the same conversation, and give that turn this one as its reply."""
    ep = d.episode
    prev = w.last_episode(ep.at)
    if prev is not None and (ep.at - prev.at).total_seconds() > THREAD_GAP_S:
        prev = None
    if prev is not None:
        ep = replace(ep, prev_id=prev.id, position=prev.position + 1)
    index = config.episode_index
    context: list[str] = []
    if "speaker" in index and ep.speaker:
        context += terms(ep.speaker)
    if prev is not None and "prev" in index:
        context += terms(prev.text)
    if "date" in index:
        context += _date_words(ep)
    words = d.words if d.words is not None else terms(ep.text)
    before: list[str] = []
    if prev is not None and "next" in index and prev.prev_id is not None and "prev" in index:
        # Read before this message is added: a server store then sends both writes at once.
        earlier = w.episodes(ids=[prev.prev_id])
        before = terms(earlier[0].text) if earlier else []
    w.add_episode(ep, words, d.vector, context)  # type: ignore[arg-type]
    if prev is not None and "next" in index:
        who = terms(prev.speaker) if prev.speaker and "speaker" in index else []
        date = _date_words(prev) if "date" in index else []
        w.reindex_episode(prev.id, [*who, *before, *date, *words])  # `words` are ep.text's terms
    return ep
