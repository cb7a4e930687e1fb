"""Moves said from where one now is: the place named in one part of the message, the move in
another ("the altitude in Denver is brutal, week two here and I'm still winded", "重庆的坡是真
多，搬过来一个月腿都练粗了").

No sentence of such a message says "I live in X" or "moved to X", so no rule of the tables
reads it; the message as a whole does. When a piece says the user has just moved here (the
pack's [arrival] cue words, graphmem/lang/<language>/cues.toml) and no rule of the message read
a city of the user's, the one place the message names is the user's new city. When it names
more, the one the move itself names ("took the Berlin offer") or the one called home ("the
Portland place", 重庆这边) is taken. Nothing is read when the move is someone else's or a wish
("my sister moved here", 打算搬过来), when the message names no place or which is home stays
unclear, or when the place is the city on record already.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from graphmem.extract import cues
from graphmem.extract.common import ME, State, active_values, builtin, cand, hedged, is_place_en
from graphmem.extract.frames import ZH_CITY_BY_OTHER_NAME
from graphmem.extract.lexicon import ZH_PLACES
from graphmem.extract.relations import names_someone_else
from graphmem.extract.values_en import COMMON_WORD_CITIES, city_by_nickname, city_of_district
from graphmem.model import Candidate

#: Where the place's piece ends: a Chinese or English stop, a comma, a line break.
_PIECES = re.compile(r"[。！？!?；;\n]+|[.](?:\s|$)")
_EN_WORDS = re.compile(r"[A-Za-z][A-Za-z.'’-]*")
_ONE_RUN = re.compile(r"^[A-Za-z][A-Za-z.'’-]*(?: [A-Za-z][A-Za-z.'’-]*)*$")
#: Words before a place that make it where the user came from or went for a while, not home.
#: Where one grew up or was born is where one came from too ("grew up in Lagos, moved here …").
_EN_NOT_HOME = re.compile(
    r"\b(?:from|left|leaving|visit(?:ed|ing)?|trip to|back in|than|unlike|grew up in|raised in|born in"
    r"|born and raised in|hometown (?:is|was)|(?:the|our|my) (?:old|former|previous))\s+$",
    re.I,
)
_ZH_NOT_HOME = re.compile(
    r"(?:从|离开|不像|比|以前在|之前在|原来在|去了趟|出差|老家在?|老家是|出生在|生在|长在)$"
)
#: What follows a place that is home, when a message names two ("the Portland place", 重庆这边).
_HOME_AFTER = {
    "en": re.compile(r"^\s+(?:place|apartment|apt|house|flat|condo|neighbou?rhood|rent|lease|life)\b", re.I),
    "zh": re.compile(r"^(?:这边|这里|这儿|这|的新家|的房子|新家)"),
}
#: Where a home is said to be ("the new apartment in portland").
_HOME_IN = re.compile(
    r"\b(?:place|apartment|apt|house|flat|condo|home|townhouse|studio|rental|walkup|walk-up|loft|sublet|duplex"
    r"|bungalow|cottage|semi|terrace|maisonette|farmhouse) (?:in|out in|over in|up in|down in) "
    r"(?P<p>[A-Za-z][\w.'-]+(?: [A-Za-z][\w.'-]+)?)",
    re.I,
)
#: Cities by their nicknames and districts (魔都, 浦东 → 上海), read as the city they name.
_ZH_NICKNAMES = ZH_CITY_BY_OTHER_NAME
#: The longest Chinese place name or nickname of the lexicons, in characters.
_ZH_LONGEST = max(map(len, [*ZH_PLACES, *_ZH_NICKNAMES]))


def arrival(text: str, lang: str, found: Sequence[Candidate], state: State) -> list[Candidate]:
    """The user's new city, read from a move said without its place and the one place the
    message names; nothing when the message says no such move or the rules read a city."""
    here, not_mine = cues.arrival_words(lang, "here"), cues.arrival_words(lang, "not_mine")
    if not here.search(text):  # one scan first: most messages tell no move
        return []
    said = next((p for p in _PIECES.split(text) if here.search(p)), None)
    if said is None or not_mine.search(said) or hedged(said):
        return []
    if any(c.attribute == "city" and c.subject == ME.name for c in found):
        return []
    places = _places_zh(text) if lang == "zh" else _places_en(text)
    if not places and lang == "en":
        # "unpacking at the new apartment in portland": a city that is also a word counts,
        # lower case too, named as where the new home is
        for home in _HOME_IN.finditer(said):
            words = home["p"].split()
            place = next((" ".join(words[:n]) for n in (2, 1) if is_place_en(" ".join(words[:n]))), None)
            if place:
                places = {place.title()}
                break
    if len(places) > 1 and (cue := here.search(said)):  # "took the Berlin offer": the one the move names
        named = {p for p in places if p in cue.group(0)}
        places = named or places
    if (
        len(places) > 1 and lang == "en"
    ):  # "… the big apple, lease signed, a walkup in brooklyn": where the home is
        homes = {h["p"].lower() for h in _HOME_IN.finditer(text)}
        places = {p for p in places if p.lower() in homes} or places
    if len(places) > 1 and lang == "zh":  # "黑龙江的，八几年来帝都当兵，在这儿扎根了": the one come to
        places = _came_to_zh(text, places) or places
    if len(places) > 1:  # "the Portland place is tiny … Denver friends": the one called home
        places = {p for p in places if _HOME_AFTER[lang].search(text[text.find(p) + len(p) :][:12])}
    if len(places) != 1:
        return []
    place = places.pop()
    held = [v.lower() for v in active_values(state.context, "city")]
    if place.lower() in held or any(v.startswith(place.lower() + ",") for v in held):
        return []
    return builtin(
        [cand("city", place, ME, said.strip(), correction=bool(held), cue="change")], lang, "arrival"
    )


def residence(text: str, lang: str, found: Sequence[Candidate], state: State) -> list[Candidate]:
    """The user's city read from everyday life at one place, when no city is on record or read:
    the rent, the landlord, the commute, the neighbours (the pack's [arrival] `lives` words) in
    a sentence that names one place ("rent in Boise went up again", 苏州地铁早高峰挤死了).
    Nothing when the sentence is about someone else's home, a former or a wished-for one, or
    names two places; and it never replaces a city on record (a weak reading)."""
    if any(c.attribute == "city" and c.subject == ME.name for c in found):
        return []
    lives, not_here = cues.arrival_words(lang, "lives"), cues.arrival_words(lang, "lives_not")
    if not lives.search(text):  # one scan first: most messages say nothing of the kind
        return []
    for piece in _PIECES.split(text):
        if (
            not lives.search(piece)
            or not_here.search(piece)
            or hedged(piece)
            or names_someone_else(piece, lang)
        ):
            continue
        places = _places_zh(piece) if lang == "zh" else _places_en(piece)
        if len(places) == 1:
            if active_values(state.context, "city"):  # the facts on record, read only this far on
                return []
            return builtin([cand("city", places.pop(), ME, piece.strip())], lang, "lives_here")
    return []


def _places_en(text: str) -> set[str]:
    """The places an English message names: runs of one to three words found in the
    gazetteers, capitalised as written; a lower-case run only when it is no common word."""
    words = list(_EN_WORDS.finditer(text))
    places: dict[str, str] = {}
    i = 0
    while i < len(words):
        for n in (3, 2, 1):
            run = words[i : i + n]
            if len(run) < n:
                continue
            phrase = text[run[0].start() : run[-1].end()].rstrip(".")
            if not _ONE_RUN.match(phrase):  # "Tampa, send help": no place across a comma
                continue
            lowered = phrase.lower()
            capitalised = phrase[:1].isupper()
            if (city := city_by_nickname(phrase) or (capitalised and city_of_district(phrase))) and (
                capitalised or n > 1
            ):
                # "landed in the Big Apple", "up to the Goldie": the city its nickname names
                if not _EN_NOT_HOME.search(text[: run[0].start()]):
                    places.setdefault(city.lower(), city)
                i += n - 1
                break
            # a city that is also a word ("Savannah", "Reading") counts only written as a name
            known = is_place_en(phrase) or (
                capitalised and lowered in COMMON_WORD_CITIES and run[0].start() > 0
            )
            if not known or (not capitalised and lowered in COMMON_WORD_CITIES):
                continue
            if _EN_NOT_HOME.search(text[: run[0].start()]):
                break
            places.setdefault(lowered, phrase if capitalised else phrase.title())
            i += n - 1
            break
        i += 1
    return set(places.values())


def _places_zh(text: str) -> set[str]:
    """The places a Chinese message names, longest first at each point."""
    return set(_places_zh_at(text))


def _places_zh_at(text: str) -> dict[str, int]:
    """The places a Chinese message names (a nickname as the city it names), each with where
    it is first said."""
    places: dict[str, int] = {}
    i = 0
    while i < len(text):
        for n in range(_ZH_LONGEST, 1, -1):
            word = text[i : i + n]
            if len(word) == n and (word in ZH_PLACES or word in _ZH_NICKNAMES):
                if not _ZH_NOT_HOME.search(text[:i]):
                    places.setdefault(_ZH_NICKNAMES.get(word, word), i)
                i += n - 1
                break
        i += 1
    return places


#: Right before a place: coming to it ("八几年来帝都当兵", "后来调到杭州"), where one then settled.
_ZH_CAME_TO = re.compile(r"(?:来|来了|来到|到了|搬到|搬来|搬去了|调到|跑到|跑|落户)$")


def _came_to_zh(text: str, places: set[str]) -> set[str]:
    """Of the places a Chinese message names, the ones it says one came to."""
    at = _places_zh_at(text)
    return {p for p in places if p in at and _ZH_CAME_TO.search(text[: at[p]])}
