"""The words of a fact a forget's topic is matched against (graphmem.write.forget_topic): its
value, text, source and subject; for a life topic, who the user is and their people only by the
words that introduce them, and where the user is and works only by its own clause of the message."""

from __future__ import annotations

import re

from graphmem.model import SELF, Fact

__all__ = ["said_in", "texts_of"]

_CJK = re.compile(r"[\u4e00-\u9fff]")


#: Who the user is and who their people are: a life topic (the party, the gift) takes such a
#: fact only when its value names the topic, not because the message that said it did. Work
#: and home are not among them: a job hunt's or a move's turns say the new employer or address.
_STANDING = frozenset(
    {"name", "preferred_name", "age", "birthday", "gender", "hometown", "language", "spouse", "partner", "child",
     "sibling", "parent", "friend", "pet", "relative"}
)  # fmt: skip


#: Where the user is and works: a life topic takes such a fact when the clause that says it
#: speaks of the topic ("I got the job at Vantix!" of the job hunt), not another clause of its
#: message ("my landlord is raising the rent and I'm a barista at Fernhill").
_PLACED = frozenset({"employer", "job_title", "city", "school"})
#: Where one clause of a message ends and the next begins.
_CLAUSE_END = re.compile(
    r"[;!?。；！？]|\.(?:\s|$)|,?\s+(?:and|but|so|plus)\s+(?=(?:i|i'm|im|my|we|we're)\b)", re.I
)


def texts_of(f: Fact, life_topic: bool) -> tuple[str, ...]:
    if life_topic and f.attribute in _STANDING:
        # the words that introduce the person say who they are ("my coworker Brent"): a topic
        # of people (coworkers) takes them; what the rest of the message says does not
        return (str(f.value), f.subject_name, *_introduced_as(str(f.value), f.source_text or ""))
    if life_topic and f.attribute in _PLACED and f.subject_name == SELF:
        return (str(f.value), f.text, said_in(f))
    return (str(f.value), f.text, f.source_text, f.subject_name)


def said_in(f: Fact) -> str:
    """The words a fact was read from: for where the user is and works, its own clause of the
    message ("i'm a barista at Fernhill" of "my landlord is raising the rent and i'm a barista
    at Fernhill"); else its source text."""
    source = f.source_text or ""
    if f.attribute not in _PLACED or f.subject_name != SELF:
        return source
    value = str(f.value).lower()
    own = [c for c in _CLAUSE_END.split(source) if c and value in c.lower()]
    return own[0] if own else source


def _introduced_as(value: str, text: str) -> list[str]:
    """The few words (or, in Chinese, characters) right before `value` where `text` names it
    ("my coworker Brent", "我同事老周")."""
    if not value or not text:
        return []
    zh = _CJK.search(value) is not None
    before, after = (r"[^，,。]{0,6}", "") if zh else (r"(?:[\w'-]+\s+){0,2}", r"\b")
    return [m[0] for m in re.finditer(before + re.escape(value) + after, text)]
