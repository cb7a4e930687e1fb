"""The turns that carried a forgotten matter on: "my ex showed up at my gym AGAIN" and, a
minute later, "and he still has my good headphones lol"; "前任又给我发消息" then "而且那人还欠我
三千块没还". Such a turn names nothing of the topic (he, 那人), so no key of it picks the turn
out; it is the matter all the same.

A turn of the user's is a continuation when it came within a few minutes of a turn the request
erases (or of another continuation), opens as one (and, also, plus, 而且, 还有) or speaks of the
matter's person by a pronoun (he, she, 那人, 他), and nothing but notes and events of the story
was learned from it: a turn that also said who the user is ("and I'm allergic to peanuts")
stays, as any message that told something else does, and so does one that names someone ("his
name is Tomasz."): who a person is outlives the story. Words are pack data (cues.toml, [forget_continued]).
"""

from __future__ import annotations

import re
from datetime import timedelta
from functools import lru_cache

from graphmem.facts.vocab import has_cjk
from graphmem.lang import data
from graphmem.model import Episode, Fact

#: How soon after the turn before it a continuation is typed.
_WITHIN = timedelta(minutes=15)
#: What a continuation may have told: the story, no fact of who the user is.
_TOLD = ("note", "event")


@lru_cache(maxsize=2)
def _words(lang: str) -> dict[str, re.Pattern[str]]:
    d = data(lang, "cues.toml")["forget_continued"]
    return {k: re.compile(d[k], re.I) for k in ("opens", "names")}


def continuations(
    said: list[Episode], erased: list[Episode], facts_of: dict[str, set[str]], facts: list[Fact]
) -> list[Episode]:
    """The user's turns that carried on one of `erased` and told nothing else."""
    kind = {f.id: f.attribute for f in facts}
    chosen = {e.id for e in erased}
    out: list[Episode] = []
    mine = sorted((e for e in said if e.role == "user"), key=lambda e: e.at)
    for before, e in zip(mine, mine[1:]):
        if before.id not in chosen or e.id in chosen or e.at - before.at > _WITHIN:
            continue
        lang = "zh" if has_cjk(e.text) else "en"
        if not _words(lang)["opens"].search(e.text.strip()):
            continue
        if _words(lang)["names"].search(e.text):
            continue  # "his name is Tomasz.": who someone is, more than the story
        if any(kind.get(f) not in _TOLD for f in facts_of.get(e.id, set())):
            continue  # it told who the user is too
        chosen.add(e.id)
        out.append(e)
    return out
