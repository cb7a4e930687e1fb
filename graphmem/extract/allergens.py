"""Allergies said by what to keep away and what it did, not by the word "allergic to": "no
peanuts please (deathly allergic)", "keep tree nuts out of anything you suggest, they sent me to
the ER last spring", "千万别放花生，上次直接进了急诊".

No clause says "I am allergic to X", so the table rules read nothing; the message as a whole
does. When it names a reaction (allergic, anaphylaxis, an EpiPen, the ER; 过敏, 急诊) and keeps
a known allergen away (no, without, keep … out; 别放, 不能碰) within a few words, that allergen
is the user's allergy. A body's reaction (lips swelling, hives, 嘴唇肿) beside one allergen says
it too ("每次吃完虾嘴唇就肿"). Nothing is read when the rules already read an allergy in the message
(theirs or someone else's), or when the message is about someone else's reaction.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from graphmem.extract import cues
from graphmem.extract.common import ME, builtin, cand, hedged
from graphmem.extract.relations import names_someone_else
from graphmem.model import Candidate

_EN_WORD = re.compile(r"[A-Za-z][\w'-]*")


def avoided(text: str, lang: str, found: Sequence[Candidate]) -> list[Candidate]:
    """The allergies a message says by keeping allergens away beside a reaction."""
    reaction, avoid, gap, words = cues.allergen_words(lang)
    if any(c.attribute == "allergy" for c in found) or hedged(text):
        return []
    if not reaction.search(text) or names_someone_else(text, lang):
        # "每次吃完虾嘴唇就肿", "my lips blew up after the cashew stir-fry": no word of an
        # allergy, a body's reaction beside one allergen
        return builtin(_reacted(text, lang, words), lang, "reacted_to_allergen")
    out: dict[str, str] = {}
    if lang == "en":
        # "tree nuts will literally end me": an allergen said to be deadly to the speaker
        for m in _deadly(tuple(words)).finditer(text):
            out.setdefault(m["w"].lower(), _clause_of(text, m.start()))
    for keep in avoid.finditer(text):
        # a few words on is all the window needs, and never past the end of the sentence
        after = re.split(r"[.!?。！？]", text[keep.end() : keep.end() + 120], maxsplit=1)[0]
        window = (
            " ".join(_EN_WORD.findall(after)[: gap + 2]).lower() if lang == "en" else after[: gap * 2 + 4]
        )
        hit = next((w for w in words if _names(window, w, lang)), None)
        if hit:
            out.setdefault(hit, _clause_of(text, keep.start()))
    if not out:  # "my lips swelled up after the shrimp pad thai": a reaction, nothing kept away
        return builtin(_reacted(text, lang, words), lang, "reacted_to_allergen")
    found_here = [cand("allergy", w, ME, source) for w, source in out.items()]
    return builtin(found_here, lang, "avoided_allergen")


@lru_cache(maxsize=4)
def _deadly(words: tuple[str, ...]) -> re.Pattern[str]:
    """An allergen of `words`, then that it will kill or end the speaker."""
    return re.compile(
        r"(?<![\w-])(?P<w>" + "|".join(re.escape(w) for w in words) + r")\s+(?:\w+\s+){0,2}?"
        r"(?:kill|end|murder|finish)(?:s)?\s+me\b",
        re.I,
    )


def _reacted(text: str, lang: str, words: Sequence[str]) -> list[Candidate]:
    """The one allergen named near a reaction of the body (the pack's [allergen] symptom
    words), in a sentence that is the speaker's own: when the window names two, the one in the
    reaction's own clause; nothing when that is unclear too, or the reaction is someone else's."""
    symptom = cues.allergen_symptoms(lang)
    out: list[Candidate] = []
    for m in symptom.finditer(text):
        reach = 60 if lang == "en" else 24
        window = text[max(0, m.start() - reach) : m.end() + reach]
        if names_someone_else(window, lang) or cues.allergen_not_mine(lang).search(window):
            continue
        hits = _allergens_in(window, lang, words)
        if len(hits) > 1:  # "shellfish = instant hives so no shrimp": the one in the reaction's clause
            hits = _allergens_in(_clause_at(text, m.start(), m.end()), lang, words)
        if len(hits) == 1:
            out.append(cand("allergy", hits.pop(), ME, _clause_of(text, m.start())))
            break
    return out


def _allergens_in(window: str, lang: str, words: Sequence[str]) -> set[str]:
    """The allergens `window` names, a longer one standing for the shorter inside it."""
    low = window if lang == "zh" else window.lower()
    hits = {w for w in words if w in low and _names(low, w, lang)}  # a substring test first: cheap
    return {w for w in hits if not any(w != o and w in o for o in hits)}  # "nuts" in "tree nuts"


#: What parts a sentence's clauses: a stop or a comma, or a word that opens the next one.
_CLAUSE_BREAK = re.compile(
    r"[,;.!?，；。！？\n]|\s(?:so|but|because|cause|cuz|then|and then)\s|所以|但是|不过|然后"
)


def _clause_at(text: str, start: int, end: int) -> str:
    """The clause of `text` that holds the span start..end."""
    before = [m.end() for m in _CLAUSE_BREAK.finditer(text, 0, start)]
    after = _CLAUSE_BREAK.search(text, end)
    return text[before[-1] if before else 0 : after.start() if after else len(text)]


def _names(window: str, word: str, lang: str) -> bool:
    if lang == "en":
        return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", window) is not None
    return word in window


def _clause_of(text: str, at: int) -> str:
    """The sentence around `at`, as the candidate's source."""
    start = max(text.rfind(p, 0, at) for p in ".!?。！？\n") + 1
    ends = [i for i in (text.find(p, at) for p in ".!?。！？\n") if i >= 0]
    return text[start : min(ends) if ends else len(text)].strip()
