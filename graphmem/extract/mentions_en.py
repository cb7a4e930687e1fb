"""Where English chat names the user's people and pets, and asides in brackets, outside the
place a clause's subject stands: "I live in akron with my wife Dolores and a parrot named
Captain", "then Mochi my bearded dragon escaped", "took Pickles (my lab) in", "my name is
siobhan (pronounced shi-vawn, dont try lol), from cork"."""

from __future__ import annotations

import re
from functools import lru_cache

from graphmem.extract import common as c
from graphmem.extract.common import link
from graphmem.extract.frames import breed_species
from graphmem.extract.lexicon import EN_NOT_NAMES, EN_TITLES
from graphmem.extract.relations import entity_type, relation_of, relation_words
from graphmem.lang.normalise import normaliser


@lru_cache(maxsize=1)
def _named_rx() -> tuple[re.Pattern[str], ...]:
    rel = "|".join(re.escape(w) for w in relation_words("en"))
    name = r"(?P<name>(?-i:[A-Z][a-z][\w'-]*))(?![\w'-])"
    # "with my wife Dolores", "gf is Saoirse", "partner: Femi", "husband Luis," (a list item)
    said = re.compile(
        rf"(?:\b(?:my|our)\s+|(?:^|[,;:.]\s*|\band\s+))(?P<rel>{rel})(?:\s+(?:is|named|called)\s+|\s*[:=-]\s*|\s*\(\s*|\s+)"
        + name,
        re.I,
    )
    # "a parrot named Captain", "one very fat cat named Tamal"
    pet = re.compile(
        rf"\b(?:a|an|one|our|my|this)\s+(?:[a-z][a-z-]*\s+){{0,3}}?(?P<rel>{rel})\s+(?:named|called)\s+"
        + name,
        re.I,
    )
    # "then Mochi my bearded dragon escaped", "Ines, my little sister, …": the name said first
    first = re.compile(
        name
        + rf",?\s+(?:my|our)\s+(?:(?:little|baby|big|older|younger|old|new|sweet|crazy|lil)\s+)?(?P<rel>{rel})\b"
    )
    # "I have a girlfriend again lol, Tamsin, …", "got a new boyfriend!! his name's Ade": one had, then named
    had = re.compile(
        rf"\b(?:have|got|found|met)\s+(?:a|an)\s+(?:new\s+)?(?P<rel>{rel})\b(?:\s+(?:again|now|finally|at last|lol|haha\w*|omg))*"
        rf"[\s,!.]+(?:(?:his|her|their)\s+name(?:'s|\s+is)\s+)?" + name,
        re.I,
    )
    return said, pet, first, had


#: Words before a name that make it the thing compared, not someone introduced ("so chill
#: compared to Stripe, my new manager …"); "talked to Ines, my sister" introduces her.
_NOT_APPOSED = re.compile(r"\b(?:compared (?:to|with)|than|vs\.?|versus|unlike)\s+$", re.I)


def named_anywhere(s: str, out: list, state: c.State, sentence: str) -> list:
    """The user's people and pets named anywhere in the sentence, not only where a clause
    starts: "I live in akron with my wife Dolores and a parrot named Captain", a list's
    "husband Luis, 3 kids", "partner: Femi". Only those no clause has linked already."""
    linked = {str(x.value).lower() for x in out if x.object_type}
    found: list = []
    places_of: set[str] | None = None  # read from the facts on record only when a name is met
    for rx in _named_rx():
        for m in rx.finditer(s):
            rel = relation_of(m["rel"])
            # "at my gf Priya's", "my son Leo's school": the name, said with whose
            name = re.sub(r"'s$", "", m["name"], flags=re.I)
            if (
                not rel
                or name.lower() in linked
                # "my cat Sir Pounce", "my buddy Ivo Brandt": a title, or the first name of a full
                # name a clause has linked already
                or name.lower() in EN_TITLES
                or any(v.startswith(name.lower() + " ") for v in linked)
                or name in EN_NOT_NAMES
                or re.search(r"'(?:t|s|re|ve|ll|d|m)$", name, re.I)  # "wife Doesn't know"
                or c.is_place_en(name)
                or c.is_org_en(name)
                or _NOT_APPOSED.search(s, 0, m.start())
            ):
                continue
            if places_of is None:
                # a workplace or school on record is no person ("… at Stripe, my new manager …")
                places_of = {
                    v.lower() for a in ("employer", "school") for v in c.active_values(state.context, a)
                }
            if name.lower() in places_of:
                continue
            attribute, qual = rel
            state.add(name, entity_type(attribute), qual or attribute)
            linked.add(name.lower())
            found.append(link(attribute, qual, name, sentence))
    return c.builtin(found, "en", "named_anywhere") if found else []


#: "took Pickles (my lab) in": who the name is, said in brackets.
_WHOSE_BRACKET = re.compile(r"(?P<name>\b[A-Z][\w'-]+)\s*\((?P<rel>(?:my|our) [a-z][a-z -]{1,30}?)\)")
_KIN_BRACKET = re.compile(r"(?P<name>\b[A-Z][\w'-]+)\s*\((?P<rel>[a-z][a-z-]{2,20}(?: [a-z][a-z-]{2,12})?)\)")
_ANIMAL_BRACKET = re.compile(
    r"(?P<name>\b[A-Z][\w'-]+)\s*\((?:(?:our|my|the|a|an)\s+)?(?P<kind>[a-z][a-z -]{1,24}?)(?:,[^()]*)?\)"
    # "my void (black cat, Pepper)": the kind first, then the name
    r"|\((?:[a-z]+\s+)?(?P<kind2>[a-z]{3,12}),\s*(?P<name2>[A-Z][\w'-]+)\)"
)


def _is_animal(word: str) -> bool:
    rel = relation_of(word)
    return (rel is not None and rel[0] == "pet") or breed_species(word) is not None


_ASIDE_BRACKETS = re.compile(r"(?P<before>\w*)(?P<aside>\s*\((?=[a-z])(?P<inner>[^()]{0,80})(?:\)|$))")
_NAME_LIST = re.compile(r"^[a-z][a-z'-]*(?:\s*(?:,|and|&)\s*[a-z][a-z'-]*)*$")


def _aside_kept(m: re.Match[str]) -> str:
    """The bracket off, unless it names who was just spoken of ("two cats (mochi and kiwi)")."""
    lead = m["before"].lower()
    leads = normaliser("en").typos
    if (
        _NAME_LIST.match(m["inner"].strip())
        and leads is not None
        and (lead in leads.name_leads or lead.rstrip("s") in leads.name_leads or "and" in m["inner"])
    ):
        return m[0]
    return m["before"]


#: A name said in brackets after a relation word, with what the family calls them ("(we call her
#: Bean, real name Beatrice)", "(aka Bean)").
_REL_ALIAS = re.compile(
    r"(?P<rel>\b(?:my|our)\s+(?:[a-z]+\s+)?(?:"
    + "|".join(re.escape(w) for w in relation_words("en"))
    + r"))\s*\(\s*(?:(?:we|they|everyone|everybody|the family)\s+calls?\s+(?:her|him|them)|aka|a\.k\.a\.?|nicknamed)\s+"
    r"(?P<nick>(?-i:[A-Z])[\w'-]+)(?:\s*[,;]\s*(?:her\s+|his\s+|their\s+)?(?:real|full|proper|actual|given)\s+name(?:'s|\s+is)?:?\s+"
    r"(?P<name>(?-i:[A-Z])[\w'-]+))?\s*\)",
    re.I,
)


def without_brackets(s: str) -> str:
    """`s` with its asides in brackets read: one that breaks the clause it stands in goes
    ("siobhan (pronounced shi-vawn, dont try lol), from cork"), one that says who goes on as a
    clause of its own ("took Pickles (my lab) in" → "took Pickles in; Pickles is my lab"), one
    that opens with a lower-case word says how, not who ("Ava (8)", "my wife (Hana)" keep theirs)."""
    if "(" not in s:  # every aside opens with one; the searches below cost a long word n² steps
        return s.strip() or s
    # "my little sis (we call her Bean, real name Beatrice) just …": the name in brackets is hers
    s = _REL_ALIAS.sub(lambda a: f"{a['rel']} {a['name'] or a['nick']}", s)
    said_whose = [f"{m['name']} is {m['rel']}" for m in _WHOSE_BRACKET.finditer(s)]
    s = _WHOSE_BRACKET.sub(lambda m: m["name"], s)
    # "Marco (husband) is on nights": the kin word alone in brackets, the speaker's own
    kin = [m for m in _KIN_BRACKET.finditer(s) if (rel := relation_of(m["rel"])) and rel[0] != "pet"]
    said_whose += [f"{m['name']} is my {m['rel']}" for m in kin]
    for m in reversed(kin):
        s = s[: m.start()] + m["name"] + s[m.end() :]
    # "Biscuit (corgi, 4, menace) has a vet appt": a name, then the animal it is in brackets
    kinds = [m for m in _ANIMAL_BRACKET.finditer(s) if _is_animal(m["kind"] or m["kind2"])]
    said_whose += [f"{m['name'] or m['name2']} is my {m['kind'] or m['kind2']}" for m in kinds]
    for m in reversed(kinds):
        s = s[: m.start()] + (m["name"] or "") + s[m.end() :]
    s = _ASIDE_BRACKETS.sub(_aside_kept, s).strip() or s
    if said_whose:
        s = "; ".join([s.rstrip(" .!"), *said_whose])
    return s
