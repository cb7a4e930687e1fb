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

__all__ = ["TASTES", "ironic", "without_tastes"]

_MARKERS = re.compile(
    # face with rolling eyes, unamused face; not the upside-down face, which chat puts after
    # sincere news as often as after irony ("just moved to fresno for work 🙃")
    "[\U0001f644\U0001f612]"
    r"|(?:^|\s)/s\s*$"
    r"|\byeah,?\s+right\b|\bsaid no one ever\b|\bnot!+\s*$"
    r"|呵呵",
    re.IGNORECASE,
)


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
