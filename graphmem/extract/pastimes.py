"""The pastime on record a turn without a name of its own stands for: a pastime taken up
"instead" ("sold the saw, signed up for pottery instead") replaces it, and one given up by
pointing back at it ("那一套我就放下了", "had to give it up") is it. Only when exactly one pastime
is on record: with two, which one is meant is not guessed. A liking named short ("IPAs", 舞) is the
one on record it names."""

from __future__ import annotations

import re

from graphmem.extract.common import facts_with_value, self_like
from graphmem.extract.protocol import ExtractContext
from graphmem.model import Fact

__all__ = ["points_back", "the_liking_said_short", "the_one_pastime"]

#: An object said by pointing back at it ("那一套拳", "那个", "that hobby"), not by its name.
_POINTING_BACK = re.compile(
    r"^(?:那|这)(?:一)?(?:套|个|些|项|门)|^(?:it|that|this|those)(?:\s+(?:hobby|stuff|thing|one))?$", re.I
)
#: What the id of a rule that reads a pastime says ("en.predicate.pastime_how_often",
#: "zh.predicate.free_time_habit", "en.predicate.plays_game").
_PASTIME_RULE = re.compile(r"pastime|free_time|plays|practi[cs]e|hobby|sport")


def points_back(said: str) -> bool:
    """Whether a turn's object points back at what was said instead of naming it."""
    return _POINTING_BACK.match(said.strip()) is not None


def the_one_pastime(context: ExtractContext, other_than: str) -> str | None:
    """The user's one liking on record that is a pastime (read by a pastime rule, or said as a
    doing: "woodworking", "birding"), other than `other_than`; None when there is none or more."""
    low = other_than.strip().lower()
    found = [
        str(f.value)
        for f in context.active_facts
        if f.attribute == "likes"
        and self_like(f.subject_name)
        and not (low and (low in str(f.value).lower() or str(f.value).lower() in low))
        and (_PASTIME_RULE.search(f.rule or "") or re.search(r"[a-z]{3}ing$", str(f.value)))
    ]
    return found[0] if len(found) == 1 else None


#: An English plural not of a word ending in s ("IPAs", not "grass").
_PLURAL_EN = re.compile(r"[^s]s$")


def the_liking_said_short(context: ExtractContext, word: str, lang: str) -> list[Fact]:
    """The user's liking on record a turn names by less than its whole name: an English plural
    of one ("IPAs" turned away from, "a cold hazy IPA" on record), or a short Chinese word the one
    liking ends with ("舞" said of 跳广场舞, "球" of 打羽毛球); none when that is unclear."""
    if lang == "en":
        return facts_with_value(context, word[:-1], "likes") if _PLURAL_EN.search(word) else []
    if len(word) > 2:
        return []
    ending = [
        f
        for f in context.active_facts
        if f.attribute == "likes" and self_like(f.subject_name) and str(f.value).endswith(word)
    ]
    return ending if len(ending) == 1 else []
