"""Pets named right after their kind, anywhere in a message the speaker's pets are at home in:
"橘猫大橘把柯基馒头的尾巴挠秃了", "walked the beagle, Rosie, in the rain", "the two greyhounds,
Biscuit and Pepper, zoomed past".

The table rules read a pet where a clause opens with whose it is ("我家金毛旺财…", "my corgi
Waffles…"); here the kind and the name stand in the middle of a sentence. They are the
speaker's pets when the message says they live with the speaker (the pack's [pets_by_breed]
`home` words: 我家, 铲屎, walked, the vet) and nothing makes them someone else's. A name
already read (the rules' or earlier in the message) is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from graphmem.extract.common import State, builtin, cand, link
from graphmem.extract.frames import breed_species
from graphmem.extract.lexicon import EN_TITLES, ZH_BREEDS
from graphmem.extract.relations import RELATION_WORDS
from graphmem.extract.zh_values import PET_WORD
from graphmem.lang import data
from graphmem.model import Candidate

_ZH_BREED_WORDS = "|".join(sorted(map(re.escape, ZH_BREEDS), key=len, reverse=True))
#: The words of a pet's kind, by language: a message with none of them names no pet here.
_KINDS = {
    "en": tuple(
        sorted(
            (w for w, (attr, _) in RELATION_WORDS.items() if attr == "pet" and w.isascii()),
            key=len,
            reverse=True,
        )
    ),
    "zh": (*(w for w, (attr, _) in RELATION_WORDS.items() if attr == "pet" and not w.isascii()), *ZH_BREEDS),
}
_EN_PET_WORDS = "|".join(_KINDS["en"])


#: Words that stand where a name may, and are none ("my old dog (a lab)").
_NOT_EN_NAMES = frozenset(
    "the and a an my our old new little lil big sweet good baby dog dogs cat cats".split()
)


@lru_cache(maxsize=2)
def _words(lang: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], frozenset[str]]:
    """A kind then its name(s), what says they live with the speaker, what makes them someone
    else's, and the words that follow a kind without being a name."""
    d = data(lang, "cues.toml")["pets_by_breed"]
    if lang == "zh":
        named = re.compile(
            # a breed, not a bare species word ("两只狗回家" names no dog 回家)
            rf"(?P<kind>{_ZH_BREED_WORDS})(?P<names>[\u4e00-\u9fff]{{2}})(?={d['after_name']})"
            # "年糕和汤圆 都是橘猫": the names, then what they are
            rf"|(?<![\u4e00-\u9fff])(?P<names2>[\u4e00-\u9fff]{{2}}(?:(?:和|跟|、)[\u4e00-\u9fff]{{2}})*)[\s，,]*"
            rf"(?:都|也|俩都|两个都)?是(?:[一两三]只)?(?P<kind2>{PET_WORD})"
        )
    else:
        named = re.compile(
            rf"\b(?:the|our|my)\s+(?:(?:two|three|four|both)\s+)?(?P<kind>{_EN_PET_WORDS})s?,?\s+"
            r"(?P<names>[A-Z][a-z]+(?:(?:,\s*|\s+and\s+|\s*&\s*)[A-Z][a-z]+)*)\b"
            # "my lil gremlin biscuit (corgi, 3 yrs old)": the name, then its kind in brackets
            rf"|\b(?:my|our)\s+(?:[\w'-]+\s+){{0,3}}?(?P<names2>[A-Za-z]+)\s+\((?:an?\s+)?(?P<kind2>{_EN_PET_WORDS})\b"
            # "got two rescue greyhounds, biscuit and moose, they…": names in a closed aside, any case
            rf"|\b(?:got|have|adopted|rescued|own)\s+(?:two|three|four|a|an)\s+(?:[\w-]+\s+)?(?P<kind3>{_EN_PET_WORDS})s?,\s+"
            r"(?P<names3>[A-Za-z]+(?:(?:,\s*|\s+and\s+|\s*&\s*)[A-Za-z]+)*)\s*[,(]",
        )
    return named, re.compile(d["home"], re.I), re.compile(d["not_mine"], re.I), frozenset(d["not_names"])


def pets_named_by_breed(text: str, lang: str, found: Sequence[Candidate], state: State) -> list[Candidate]:
    """The speaker's pets named right after their kind in a message about pets at home."""
    named, home, not_mine, not_names = _words(lang)
    low = text.lower()
    if not any(k in low for k in _KINDS[lang]):  # a substring test first: most name no animal
        return []
    if not home.search(text) or not_mine.search(text):
        return []
    known = {c.value.lower() for c in found} | {c.subject.lower() for c in found}
    out: dict[str, list[Candidate]] = {}
    for m in named.finditer(text):
        kind = m["kind"] or m["kind2"] or m["kind3"]
        names = m["names"] or m["names2"] or m["names3"]
        species = breed_species(kind) or RELATION_WORDS.get(kind.lower(), ("pet", None))[1]
        for name in re.split(r",\s*|\s+and\s+|\s*&\s*|和|跟|、", names):
            name = name.title() if lang == "en" and name.islower() else name
            if name.lower() in known or name in not_names or name.lower() in out:
                continue
            if lang == "en" and (
                name.lower() in _NOT_EN_NAMES
                or name.lower() in EN_TITLES  # "Sir Pounce": the title, no name
                or any(k.startswith(name.lower() + " ") for k in known)  # a full name's first word
            ):
                continue
            pet = state.add(name, "pet", species)
            said = [link("pet", species, name, m.group(0))]
            if breed_species(kind):  # the breed is kept on the pet ("柯基", "beagle")
                said.append(cand("note", kind, pet, m.group(0)))
            out[name.lower()] = said
    return builtin([c for said in out.values() for c in said], lang, "pet_named_by_breed")
