"""A forget that names a matter by whose it is: "mom's money", "the stuff about my sister's
health", "Joanne and Mark splitting up", "我二姐身体那个事", "外孙学校出的那档子事".

Such a matter is narrower than its words: "my sister's health" is not the user's asthma, and
"mom's money" not the user's savings. The topic is split into its owner (one of the user's
people, by the relation word or by a name on record) and the matter; a turn is about it only
when it names the owner (the word, or the name the user gave that person) and says the matter
(the words of its life topic, graphmem/lang/<language>/topics.toml, else the matter's own word).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from graphmem.extract.relations import relation_alternation, relation_of
from graphmem.model import SELF, Fact

__all__ = ["Owned", "owned_matter"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
#: "mom's money", "sister's health stuff", "Joanne's divorce": the owner said with 's.
_EN_POSSESSIVE = re.compile(r"^(?P<o>[A-Za-z][\w-]*(?:\s[a-z][\w-]*)?)['’]s?\s+(?P<m>\S.*)$")
#: "Joanne and Mark splitting up", "Dana getting fired": people by name, then what befell them.
_EN_NAMES_THEN = re.compile(
    r"^(?P<o>(?-i:[A-Z][a-z]+)(?:\s+(?:and|&)\s+(?-i:[A-Z][a-z]+))?)\s+(?P<m>[a-z][\w' -]{2,40})$"
)
#: "the Portland job", "the Denver trip": a matter named by a place or a name said before it.
_EN_NAMED = re.compile(r"^(?P<o>(?-i:[A-Z][a-z]+)(?:\s(?-i:[A-Z][a-z]+))?)\s+(?P<m>[a-z][a-z -]{1,30})$")
#: What stands between a Chinese owner and the matter ("我二姐的身体", "儿子他", "女儿家那边").
_ZH_BETWEEN = r"(?:的|他的?|她的?|家的?|那边的?|在)?"


@lru_cache(maxsize=1)
def _zh_owned() -> re.Pattern[str]:
    """One of the user's people, then what stands between, then the matter (我二姐的身体)."""
    return re.compile(
        r"^(?:我(?:的|家)?)?(?:那个|这个|那位)?(?P<o>"
        + relation_alternation("zh")
        + r")"
        + _ZH_BETWEEN
        + r"(?P<m>.+)$"
    )


@dataclass(frozen=True)
class Owned:
    """Whose matter a topic names (the words and names that say them) and what the matter is."""

    owners: tuple[str, ...]
    matter: str


def _people_of(word: str, facts: list[Fact]) -> tuple[str, ...] | None:
    """The words that name the owner: the relation word and the names on record for that
    relation ("sister": Dana), or a name on record itself; None when it is neither."""
    rel = relation_of(word)
    if rel is None:
        known = {f.subject_name for f in facts if f.subject_name != SELF} | {
            str(f.value) for f in facts if f.object_id
        }
        return (word,) if word in known else None
    attr, qualifier = rel
    names = {
        str(f.value)
        for f in facts
        if f.subject_name == SELF
        and f.attribute == attr
        and (qualifier is None or f.qualifier in (None, qualifier))
        and relation_of(str(f.value)) is None
    }
    return (word, *sorted(names))


def owned_matter(phrase: str, facts: list[Fact]) -> Owned | None:
    """The owner and the matter of a topic phrase (its owner word "my" already taken off), or
    None when the phrase names no matter of one of the user's people."""
    t = phrase.strip(" ,.，。")
    if _CJK.search(t):
        m = _zh_owned().match(t)
        if m is None or relation_of(m["m"]) or len(m["m"]) < 2:
            return None  # "儿子他媳妇" is a chain of people (graphmem.write.forget_person)
        people = _people_of(m["o"], facts)
        return Owned(people, m["m"]) if people else None
    m = _EN_POSSESSIVE.match(t) or _EN_NAMES_THEN.match(t)
    if m is not None and not relation_of(m["m"].split()[0]):  # "my son's girlfriend" is a chain
        owners: list[str] = []
        for who in re.split(r"\s+(?:and|&)\s+", m["o"]):
            theirs = _people_of(who if who[:1].isupper() else who.lower(), facts)
            if theirs is None:
                break
            owners += theirs
        else:
            return Owned(tuple(dict.fromkeys(owners)), m["m"])
    if (named := _EN_NAMED.match(t)) is not None and relation_of(named["m"].split()[0]) is None:
        # a place or a thing's name, whoever's it is: the name and the matter said together
        return Owned((named["o"],), named["m"])
    return None
