"""Irony: a message whose tastes are not meant as said.

"Oh great, another Monday. I just LOVE Mondays 🙄" states no liking for Mondays. A
rule extractor reads the words, not the tone, so a message that carries an explicit
marker of irony (an eye-roll or unamused emoji, a trailing "/s", "yeah right", "said no
one ever", a closing "not!", 呵呵) keeps no liking or dislike from it; the message itself
stays as its episode, and its other facts (a city, a job) are read as usual. Markers are
looked for in the whole message before the gate drops emoji and fillers, and only
unambiguous ones count: an exclamation or capitals alone are as often sincere.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from graphmem.model import Ignored

__all__ = ["TASTES", "ironic", "joke_taken_back", "without_tastes"]

_MARKERS = re.compile(
    # face with rolling eyes, unamused face; not the upside-down face, which chat puts after
    # sincere news as often as after irony ("just moved to fresno for work 🙃")
    "[\U0001f644\U0001f612]"
    r"|(?:^|\s)/s\s*$"
    r"|\byeah,?\s+right\b|\bsaid no one ever\b|\bnot!+\s*$"
    r"|呵呵",
    re.IGNORECASE,
)


#: A claim taken back as a joke right after it is said ("我是秦始皇 打钱😂 开玩笑的", "I'm a
#: billionaire astronaut, as if", "moving to Mars jk"): what came before the marker is not meant.
_JOKE = re.compile(
    r"(?:^|[\s,，。.!！~～…😂🤣]|(?<=[\u4e00-\u9fff]))"
    r"(?:开(?:个|了个)?玩笑(?:的|啦|哈|而已|呢|啊|哦|嘛|呀)*|逗你(?:的|玩的?)(?:哈|啦)*|骗你的(?:哈|啦)*|说着玩的|瞎说的|"
    r"jk|j/k|just kidding|kidding|just joking|as if|not really|lol no|haha no)"
    r"[^\w\u4e00-\u9fff]*$",  # then only marks and emoji
    re.IGNORECASE,
)


#: How far from the end of a message a joke marker and what may follow it can start.
_JOKE_TAIL = 60


#: Where one sentence of a message ends and the next starts: an end mark, an emoji, a line.
_SENTENCE_END = re.compile(r"[。！？!?\n]+|\.(?=\s)|[\U0001F000-\U0001FAFF\u2600-\u27BF]+")


def joke_taken_back(text: str) -> tuple[int, int] | None:
    """The part of a message taken back as a joke, as (start, end) offsets: the last sentence
    before the joke's marker, or None. "我是HR😂 要是学不会我就转行了 哈哈开玩笑的" takes back
    the second sentence, not the first: a joke marker answers what was said just before it."""
    t = text.strip()
    # the marker ends the message: only its last words are searched (a long message costs nothing)
    start = max(0, len(t) - _JOKE_TAIL)
    m = _JOKE.search(t, start)
    if m is None or re.search(r"(?:\bnot|\bno|n't|不是|没|没有|没在|可不是)\W*$", t[: m.start() + 1], re.I):
        return None  # "not kidding!", "不是开玩笑的": said to be meant
    end = m.start()
    before = t[:end].rstrip(" ,，~～…😂🤣")
    ends = [e.end() for e in _SENTENCE_END.finditer(before)]
    # "我是秦始皇 打钱😂 开玩笑的": a sentence end right before the marker starts no new sentence
    begin = ends[-1] if ends else 0
    return (begin, end)


#: The attributes a message in irony does not set: what one likes or dislikes.
TASTES = frozenset({"likes", "dislikes"})


def ironic(text: str) -> bool:
    """Does the message mark itself as not meaning what it says?"""
    return _MARKERS.search(text) is not None


def without_tastes(candidates: Sequence[Any]) -> tuple[list[Any], list[Ignored]]:
    """The candidates of an ironic message but its tastes, and the tastes as ignored."""
    kept = [c for c in candidates if c.attribute not in TASTES]
    dropped = [Ignored(c.source_text or c.value, "irony") for c in candidates if c.attribute in TASTES]
    return kept, dropped
