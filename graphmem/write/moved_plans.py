"""A plan moved by an amount in a later message that names no day of its own ("venue double
booked, the tasting got pushed back two weeks", 聚会整体往后推一周).

The message says how far the plan moved but not from when: the day is the plan's on record.
The plan is the user's latest event or note still to come whose words share a topic word with
the message's ("tasting", 聚会); the new day is counted from its day. The message's event then
carries that day as an ISO date a person or a prompt reads ("… (2026-06-27)"), and replaces the
plan's event (it is frozen, not lost). Nothing changes when the message names a day itself (the
day reader counts from it), when no plan to come shares its topic, or when two do equally.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, timezone

from graphmem.extract.common import ME, cand
from graphmem.model import Candidate, Fact
from graphmem.stores.base import UserReader
from graphmem.text.day_context import moved_by
from graphmem.text.memory_dates import named_day
from graphmem.text.offsets import shifted
from graphmem.text.spans import TimeSpan
from graphmem.text.terms import terms

__all__ = ["dated_moves", "plan_sharing", "sentence_of", "topic_words"]

#: Words of the move and of time, shared by any two messages about plans: no topic.
_NOT_TOPIC = frozenset(
    terms(
        "push pushed back moved move bumped postponed delayed later earlier week weeks day days month "
        "got get the same time tho still it was is 推迟 延后 推后 往后 往后推 往前 提前 顺延 改期 一周 "
        "一个 礼拜 星期 时间 还是 那个 这个 那家 还 是 了 的 周 天 月 改 期 推 后 前"
    )
)


def topic_words(text: str) -> set[str]:
    """A text's words that may name what it is about: index terms of two letters or more, and
    each two characters running in Chinese (a word cut apart by segmentation, 说年会, is still
    found), that are no words of moving or of time."""
    pairs = {run[i : i + 2] for run in _CJK_RUN.findall(text) for i in range(len(run) - 1)}
    return {t for t in [*terms(text), *pairs] if len(t) >= 2 and t not in _NOT_TOPIC}


_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")


def plan_sharing(facts: list[Fact], topic: set[str], today: datetime) -> tuple[Fact, date] | None:
    """The one plan to come among `facts` (events and notes) that shares the most of `topic`,
    with its day."""
    scored: list[tuple[int, datetime, Fact, date]] = []
    for f in facts:
        day = named_day(f)
        if day is None or day < today.astimezone(timezone.utc).date():
            continue
        if shared := len(topic & topic_words(f.source_text or str(f.value))):
            scored.append((shared, f.recorded_at, f, day))
    if not scored:
        return None
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    if len(scored) > 1 and scored[1][:2] == scored[0][:2] and scored[1][3] != scored[0][3]:
        return None  # two plans said at once share it equally: which one is meant is unclear
    return scored[0][2], scored[0][3]


def dated_moves(
    candidates: list[Candidate], message: str, at: datetime, spans: list[TimeSpan], reader: UserReader
) -> list[Candidate]:
    """`candidates` with the event of a plan moved by an amount given its new day and set to
    replace the plan it moves (module docstring); unchanged when the message says no such move.
    The user's plans are read from `reader` only for a message that moves one."""
    said_on = at.astimezone(timezone.utc).date()
    if any(s.start != said_on for s in spans) or (move := moved_by(message)) is None:
        return candidates
    facts = reader.facts(attributes=["event", "note"])
    words, n, unit, sign = move
    piece = next(
        (c for c in candidates if c.attribute in ("event", "note") and words in (c.source_text or "")), None
    )
    # the sentence of the move, when no reading kept it ("so the tasting got pushed back two weeks")
    said = piece.source_text if piece is not None else sentence_of(message, words)
    plan = plan_sharing(facts, topic_words(message), at)  # what moved may be named in another sentence
    if plan is None or (day := shifted(plan[1], n, unit, sign=sign)) is None:
        return candidates
    value = f"{piece.value if piece is not None else said} ({day.isoformat()})"
    moved = replace(piece, attribute="event", value=value, replaces=str(plan[0].value)) if piece else None
    if moved is None:
        return [*candidates, cand("event", value, ME, said, replaces=str(plan[0].value), cue="change")]
    return [moved if c is piece else c for c in candidates]


def sentence_of(message: str, words: str) -> str:
    """The sentence of `message` that holds `words`."""
    for sentence in _SENTENCES.split(message):
        if words in sentence:
            return sentence.strip(" ,，")
    return message.strip()


_SENTENCES = re.compile(r"[.!?。！？;；\n]+\s*|[\U0001F300-\U0001FAFF\u2600-\u27BF]+")
