"""A dislike on record that has turned into a liking, told by how the user enjoys it now rather
than by a turn's words: "ate like 40 olives during close. I'm obsessed now??", "Priya made me
an oat flat white as a joke and now I order one every morning", 现在天天惦记榴莲,
一周能炫半个榴莲 猫山王yyds.

The turn table reads a turn said as one ("olives have grown on me", "榴莲真香了"); chat tells it
as a story around the thing. When the user dislikes something on record and a message names
it (or something of its kind: a flat white for coffee, 猫山王 for 榴莲) in a sentence that, in the
user's own voice, says they enjoy it (obsessed, every morning, 天天惦记, yyds), the dislike is
taken back and the liking recorded. A sentence that still refuses it ("still can't stand
olives"), asks, hedges the enjoying, or tells of someone else's taste turns nothing. Words
are pack data (cues.toml, [taste_turned]).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from graphmem.extract.common import ME, State, builtin, cand, hedged, names_word, self_like
from graphmem.extract.relations import names_someone_else
from graphmem.lang import data
from graphmem.model import Candidate
from graphmem.text.terms import cjk_words

_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？\n]*")
#: Where the clause of the enjoying starts ("my roommate made it once and now I make it every
#: weekend": the enjoying is the speaker's, in its own clause).
_CLAUSE_BREAK = {
    "en": re.compile(r"[,;:]|\s(?:and|but|so|then)\s", re.I),
    "zh": re.compile(r"[,;，；:：\s]|然后|结果|所以|但是"),
}


@dataclass(frozen=True)
class _Words:
    enjoys: re.Pattern[str]  # the user enjoys it now
    refuses: re.Pattern[str]  # the same sentence still refuses it
    denied: re.Pattern[str]  # the enjoying's own clause denies or dreads it
    generic: frozenset[str]  # words of a value that name no thing by themselves ("recipes", 东西)
    kinds: dict[str, tuple[str, ...]]  # a thing and what is of its kind (coffee: flat white, latte)


@lru_cache(maxsize=2)
def _words(lang: str) -> _Words:
    d = data(lang, "cues.toml")["taste_turned"]
    flags = re.I if lang == "en" else 0
    return _Words(
        re.compile(d["enjoys"], flags),
        re.compile(d["refuses"], flags),
        re.compile(d["denied"], flags),
        frozenset(w.lower() for w in d["generic"]),
        {k.lower(): tuple(v) for k, v in d["kinds"].items()},
    )


def taste_turned(text: str, lang: str, found: Sequence[Candidate], state: State) -> list[Candidate]:
    """The dislikes on record the message says the user now enjoys: each taken back, and liked."""
    w = _words(lang)
    if not w.enjoys.search(text):  # one scan first: most messages enjoy nothing, facts stay unloaded
        return []
    held = [f for f in state.context.active_facts if f.attribute == "dislikes" and self_like(f.subject_name)]
    if not held:
        return []
    sentences = _SENTENCE.findall(text)
    out: list[Candidate] = []
    for fact in held:
        value = str(fact.value)
        if any(c.attribute in ("likes", "dislikes") and c.value.lower() == value.lower() for c in found):
            continue  # the rules read this taste already
        names = _names_of(value, lang, w)
        for n, sentence in enumerate(sentences):
            if not any(names_word(sentence, name, lang) for name in names):
                continue
            # the enjoying in the sentence that names it, or in the one right after it
            # ("ate like 40 olives during close. I'm obsessed now??")
            told = next((s for s in sentences[n : n + 2] if _enjoys(s, lang, w)), None)
            if told is not None and not w.refuses.search(sentence):
                src = sentence.strip() if told is sentence else f"{sentence.strip()} {told.strip()}"
                out += [
                    cand("dislikes", value, ME, src, retract=True, correction=True, cue="change"),
                    cand("likes", value, ME, src, correction=True, cue="change"),
                ]
                break
    return builtin(out, lang, "taste_turned")


def _enjoys(sentence: str, lang: str, w: _Words) -> bool:
    """The sentence says, in the user's own voice and as a fact, that they enjoy what it names."""
    m = w.enjoys.search(sentence)
    if m is None or sentence.rstrip().endswith(("?", "？")) and lang == "zh":
        return False
    # the clause the enjoying stands in, to its end ("olives every day would kill me")
    start = max((b.end() for b in _CLAUSE_BREAK[lang].finditer(sentence, 0, m.start())), default=0)
    after = _CLAUSE_BREAK[lang].search(sentence, m.end())
    clause = sentence[start : after.start() if after else len(sentence)]
    if hedged(clause) or names_someone_else(sentence[start : m.end()], lang) or w.refuses.search(clause):
        return False
    return not w.denied.search(clause)


def _names_of(value: str, lang: str, w: _Words) -> list[str]:
    """What may name a disliked thing in a later message: its value, its words that name a thing
    ("oat" of "oat milk"), and what is of its kind."""
    low = value.lower()
    if lang == "en":
        words = [x for x in re.findall(r"[a-z][a-z'-]{2,}", low) if x not in w.generic]
    else:
        words = [x for x in cjk_words(value) if len(x) >= 2 and x not in w.generic]
    kinds = [k for name in (low, *words) for k in w.kinds.get(name.rstrip("s"), w.kinds.get(name, ()))]
    return list(dict.fromkeys([value, *words, *kinds]))
