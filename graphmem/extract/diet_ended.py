"""A meatless way of eating on record, ended by what the user eats now, said anywhere in a
message: "doc said my iron is low so I've been eating meat again", "RIP vegan era", "first
steak in two years", 以后荤素都吃, 素不吃了 现在荤素都来.

The table rules read such a change only when a clause says nothing else ("I eat meat again
now", "我开荤了"); chat buries it in a story. When a vegetarian, vegan or fish-only diet is on
record and no rule read a change of it, a sentence in the user's own voice that says they eat
meat (or fish, for a plant diet) again, or that the diet is over, takes the diet back. What is
planned, asked, hedged, denied or said of someone else ends nothing ("I might eat fish again",
"my wife eats meat again", "我不会再吃肉"). Words are pack data (cues.toml, [diet_ended]).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from graphmem.extract.common import FISH_ONLY_DIETS, ME, PLANT_DIETS, State, builtin, cand, hedged, self_like
from graphmem.extract.relations import names_someone_else
from graphmem.lang import data
from graphmem.model import Candidate

_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？\n]*")


@dataclass(frozen=True)
class _Words:
    eats_again: re.Pattern[str]  # eating what the diet left out, said as now or again
    over: re.Pattern[str]  # the diet said to be over
    not_yet: re.Pattern[str]  # before it in its clause: a plan, a wish, a denial
    meat: re.Pattern[str]  # what ends a fish-only diet too


@lru_cache(maxsize=2)
def _words(lang: str) -> _Words:
    d = data(lang, "cues.toml")["diet_ended"]
    flags = re.I if lang == "en" else 0
    return _Words(*(re.compile(d[k], flags) for k in ("eats_again", "over", "not_yet", "meat")))


def diet_ended(text: str, lang: str, found: Sequence[Candidate], state: State) -> list[Candidate]:
    """The meatless diets on record the message says are over, taken back."""
    w = _words(lang)
    if not (w.eats_again.search(text) or w.over.search(text)):  # one scan first: facts stay unloaded
        return []
    held = [
        f
        for f in state.context.active_facts
        if f.attribute == "diet"
        and self_like(f.subject_name)
        and str(f.value).lower() in PLANT_DIETS | FISH_ONLY_DIETS
    ]
    if not held or any(c.attribute == "diet" and (c.retract or c.replaces) for c in found):
        return []
    for sentence in _SENTENCE.findall(text):
        if sentence.rstrip().endswith(("?", "？")) or "吗" in sentence or hedged(sentence):
            continue
        for m in (*w.eats_again.finditer(sentence), *w.over.finditer(sentence)):
            clause = re.split(r"[,;，；:：]" if lang == "en" else r"[,;，；:：\s]", sentence[: m.start()])[-1]
            if w.not_yet.search(clause) or names_someone_else(clause, lang):
                continue
            meat = w.meat.search(m[0]) is not None or w.over.fullmatch(m[0]) is not None
            gone = [
                str(f.value)
                for f in held
                if str(f.value).lower() in PLANT_DIETS or (meat and str(f.value).lower() in FISH_ONLY_DIETS)
            ]
            if gone:
                said = sentence.strip()
                return builtin(
                    [cand("diet", v, ME, said, retract=True, correction=True, cue="change") for v in gone],
                    lang,
                    "diet_ended",
                )
    return []
