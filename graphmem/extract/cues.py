"""Cue lexicons, loaded from the data files beside this module and compiled once.

`discourse_cues.json` holds the words people put around a statement (fillers, precision and
retraction cues, change-of-state cues, hypotheticals); `turn_cues.json` the ways a taste is
said to turn away from one thing or toward another. Both are data: a phrasing is added
there, not in code.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any

#: Where an English cue may end: not inside a word ("now" is not the start of "nowhere").
_EN_END = r"(?![\w'])"
_EN_START = r"(?<![\w'])"


@lru_cache(maxsize=4)
def load(name: str) -> dict[str, Any]:
    """The parsed data file `name` of this package."""
    text = resources.files("graphmem.extract").joinpath(name).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def alternation(words: list[str]) -> str:
    """One non-capturing alternation of regex fragments, longest first so phrases beat their prefixes."""
    return "(?:" + "|".join(sorted(words, key=len, reverse=True)) + ")"


@lru_cache(maxsize=32)
def words_rx(lang: str, kind: str) -> re.Pattern[str]:
    """The discourse cues of one kind, as a pattern that finds one anywhere (whole words in English)."""
    alt = alternation(load("discourse_cues.json")[lang][kind])
    if lang == "en":
        return re.compile(_EN_START + alt + _EN_END, re.I)
    return re.compile(alt, re.I)


@lru_cache(maxsize=32)
def lead_rx(lang: str, kinds: tuple[str, ...]) -> re.Pattern[str]:
    """A run of cues of these kinds (and the punctuation between them) at the start of a text;
    each cue is a named group of its kind, so the reader knows which kinds it peeled."""
    data = load("discourse_cues.json")[lang]
    groups = "|".join(f"(?P<{k}>{alternation(data[k])})" for k in kinds)
    end = _EN_END if lang == "en" else ""
    return re.compile(rf"^[\s,，:：!！.。~～—–-]*(?:{groups}){end}[\s,，:：!！.。~～—–-]*", re.I)


@lru_cache(maxsize=8)
def tail_rx(lang: str) -> re.Pattern[str]:
    """Fillers (and the punctuation around them) ending a text: "…, haha", "…哈"."""
    alt = alternation(load("discourse_cues.json")[lang]["filler"])
    start = _EN_START if lang == "en" else ""
    return re.compile(rf"(?:[\s,，!！.。~～—–-]*{start}{alt})+[\s,，!！.。~～]*$", re.I)


@lru_cache(maxsize=8)
def turn_patterns(lang: str, way: str) -> tuple[tuple[re.Pattern[str], bool, bool], ...]:
    """The taste-turn patterns of one language and direction ("away" / "toward"), each with
    whether it is strong (a turn that also dislikes what it leaves: "a hard pass") and whether
    it stands alone (a toward reading that says a taste by itself)."""
    data = load("turn_cues.json")[lang]
    obj = data["object"]
    flags = re.I if lang == "en" else 0
    return tuple(
        (re.compile(row["rx"].replace("{obj}", obj), flags), bool(row.get("strong")), bool(row.get("alone")))
        for row in data[way]
    )


@lru_cache(maxsize=8)
def turn_words(lang: str, kind: str) -> re.Pattern[str]:
    """A lexicon of turn_cues.json (what may stand before a turn, what ends its object) as one pattern."""
    return re.compile(load("turn_cues.json")[lang][kind], re.I)
