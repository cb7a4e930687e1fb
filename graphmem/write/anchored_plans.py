"""A day counted from a plan said in an earlier message ("7月25号回国" then "回国前一天去还钥匙";
"I land on the 28th" then "the wedding is the day after I land").

The message names no day of its own, only one counted from something that happens ("回国前一天",
"落地第二天", "the day before my flight", "two days after the surgery"). That something is the
user's latest plan on record still to come whose words share a topic word with it (回国, land,
flight); the day is counted from the plan's. The message's event then carries that day as an ISO
date a person or a prompt reads ("… (2026-07-24)"). Nothing changes when the message names a
day itself (the day reader counts from it), when no plan shares the words, or when two do
equally (graphmem.write.moved_plans reads a plan on record the same way).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta, timezone

from graphmem.extract.common import ME, cand
from graphmem.model import Candidate
from graphmem.stores.base import UserReader
from graphmem.text.concepts import expand
from graphmem.text.spans import TimeSpan
from graphmem.write.moved_plans import plan_sharing, sentence_of, topic_words

__all__ = ["anchored_days"]

#: Days counted from what happens, in Chinese: what happens, then how far from it.
_ZH_OFFSETS = {
    "前一天": -1, "前一晚": -1, "头一天": -1, "头天": -1, "前两天": -2, "前三天": -3, "前一周": -7,
    "前一个星期": -7, "第二天": 1, "后一天": 1, "次日": 1, "隔天": 1, "第三天": 2, "后两天": 2,
    "后三天": 3, "后一周": 7, "当天": 0,
}  # fmt: skip
#: How far from what happens ("前一天"): found first, then what happens is read right before it.
_ZH_OFFSET = re.compile("|".join(sorted(map(re.escape, _ZH_OFFSETS), key=len, reverse=True)))
#: What happens, right before how far from it ("回国前一天", "落地之后的第二天").
_ZH_WHAT = re.compile(r"(?P<what>[\u4e00-\u9fffA-Za-z]{2,8})(?:的|之?后的?|以后的?)?$")
_EN_COUNT = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "a couple of": 2, "couple": 2}
#: "the day after I land", "the night before my flight", "two days after the surgery", "a week
#: before the move": how far, which way, and what happens.
_EN_ANCHOR = re.compile(
    r"\bthe\s+(?:day|night|morning|evening)\s+(?P<dir>before|after)\s+(?P<what>(?:i|we|my|our|the)\b[\w' -]{2,30}?)"
    r"(?=[,.;!?]|\s+(?:and|so|but|lol|haha|i|i'm|i've|i'll|we|we're|we'll|he|she|they|it's)\b|$)"
    r"|\b(?P<n>\d|a|one|two|three|four|five|a\s+couple\s+of)\s+(?P<unit>days?|weeks?)\s+(?P<dir2>before|after)\s+"
    r"(?P<what2>(?:i|we|my|our|the)\b[\w' -]{2,30}?)"
    r"(?=[,.;!?]|\s+(?:and|so|but|lol|haha|ugh|i|i'm|i've|i'll|we|we're|we'll|he|she|they|it's)\b|$)",
    re.I,
)


def _anchor(message: str) -> tuple[str, int, str] | None:
    """(the words of what happens, the days from it, the words that say so), or None."""
    if m := _EN_ANCHOR.search(message):
        if m["what"]:
            return m["what"], 1 if m["dir"].lower() == "after" else -1, m[0]
        count = m["n"].lower()
        n = int(count) if count.isdigit() else _EN_COUNT.get(" ".join(count.split()), 1)
        days = n * (7 if m["unit"].lower().startswith("week") else 1)
        return m["what2"], days if m["dir2"].lower() == "after" else -days, m[0]
    for off in _ZH_OFFSET.finditer(message):
        if what := _ZH_WHAT.search(message, max(0, off.start() - 12), off.start()):
            return what["what"], _ZH_OFFSETS[off[0]], message[what.start() : off.end()]
    return None


def anchored_days(
    candidates: list[Candidate], message: str, at: datetime, spans: list[TimeSpan], reader: UserReader
) -> list[Candidate]:
    """`candidates` with the event of a day counted from a plan on record given that day
    (module docstring); unchanged when the message says none. The user's plans are read from
    `reader` only for a message that counts from one."""
    said_on = at.astimezone(timezone.utc).date()
    if any(s.start != said_on for s in spans) or (anchor := _anchor(message)) is None:
        return candidates
    what, days, words = anchor
    topic = topic_words(what)
    if not topic:
        return candidates
    # "my flight" of "I fly out on the 14th", 落地 of 到成都: the words of its everyday concept too
    topic |= topic_words(" ".join(expand(what, sorted(topic))))
    plan = plan_sharing(reader.facts(attributes=["event", "note"]), topic, at)
    if plan is None:
        return candidates
    day = plan[1] + timedelta(days=days)
    piece = next(
        (c for c in candidates if c.attribute in ("event", "note") and words in (c.source_text or "")), None
    )
    said = piece.source_text if piece is not None else sentence_of(message, words)
    value = f"{piece.value if piece is not None else said} ({day.isoformat()})"
    if piece is None:
        return [*candidates, cand("event", value, ME, said)]
    return [replace(piece, attribute="event", value=value) if c is piece else c for c in candidates]
