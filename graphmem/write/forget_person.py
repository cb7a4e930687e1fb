"""A forget that names a matter through one of the user's people: "the stuff about my son's
girlfriend", "闺女对象那事", "小薇男朋友的事". The topic is the person the chain reaches (the
girlfriend, by the name the user gave her), not the first link: the son and what was said of
him (his school) stay; the girlfriend, what was said of her, and the turns that told it go.

The person is found in the user's facts (the son's partner link) or, when the extractor kept
no link, in the user's words ("闺女处了个对象，叫孙浩"): the relation word, then a name said
with 叫 / named / called, or a name already on record right after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphmem.extract.relations import relation_of, relation_words
from graphmem.model import SELF, Episode, Fact

__all__ = ["Chain", "chain_of"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
#: Words after the chain that name no part of it ("my son's girlfriend stuff", "闺女对象那事").
_EN_TAIL = re.compile(
    r"\s+(?:stuff|thing|things|situation|drama|business|story|saga|info|details|news|bit|part)$", re.I
)
_EN_LEAD = re.compile(r"^(?:(?:all|any|the|about|that|this|whole)\s+)+", re.I)
_ZH_TAIL = re.compile(
    r"(?:的)?(?:那些事情?|那件事|那个事|那事儿?|的事情?|那些|那档子事|那茬|的情况|这事|的)+$"
)
_ZH_LEAD = re.compile(r"^(?:之前|以前|关于|有关|那个|我说的?|我说|说的?)+")


@dataclass(frozen=True)
class Chain:
    """The people a chain named ("Tess"), and their facts with the links to them."""

    names: tuple[str, ...]
    facts: tuple[Fact, ...]


def _parts(what: str) -> tuple[str, str] | None:
    """The owner and the relation of a chain ("my son's girlfriend": son, girlfriend;
    "闺女对象": 闺女, 对象; "Dana's boyfriend": Dana, boyfriend)."""
    t = what.strip(" ,.，。")
    if _CJK.search(t):
        t = _ZH_TAIL.sub("", _ZH_LEAD.sub("", t))
        if relation_of(re.sub(r"^我(?:的|家)?", "", t)):  # "我姐姐" is one person, no chain of 姐 and 姐
            return None
        words = "|".join(re.escape(w) for w in relation_words("zh"))
        m = re.fullmatch(
            r"(?:我(?:的|家)?)?(?P<x>" + words + r"|[\u4e00-\u9fff]{2,3}?)的?(?P<y>" + words + r")", t
        )
    else:
        t = _EN_TAIL.sub("", _EN_LEAD.sub("", t))
        m = re.fullmatch(
            r"(?:(?:my|our)\s+(?P<x>[a-z-]+(?:\s[a-z-]+)?)|(?P<name>[A-Z][\w-]+))['’]s?\s+"
            r"(?:(?:new|current|latest)\s+)?(?P<y>[a-z-]+(?:\s[a-z-]+)?)",
            t,
            re.I,
        )
    if m is None:
        return None
    x = (m.groupdict().get("x") or m.groupdict().get("name") or "").strip()
    return (x, m["y"].strip()) if x and relation_of(m["y"]) else None


def _owners(x: str, facts: list[Fact]) -> set[str]:
    """Who the chain starts at: the user's people of that relation ("son": the son's
    subject name), or the person of that name."""
    rel = relation_of(x)
    if rel is None:
        return {
            f.subject_name for f in facts if f.subject_name != SELF and f.subject_name.lower() == x.lower()
        }
    attr, qualifier = rel
    links = [
        f
        for f in facts
        if f.subject_name == SELF
        and f.attribute == attr
        and (qualifier is None or f.qualifier in (None, qualifier))
        and relation_of(str(f.value)) in (None, rel)
    ]
    return {str(f.value) for f in links} | {
        f.subject_name for f in facts if f.subject_name.lower() == x.lower()
    }


def _named_after(y: str, x: str, texts: list[str], known: set[str]) -> set[str]:
    """Names said right after the relation word in a text that names the owner too
    ("闺女处了个对象，叫孙浩", "his girlfriend is called Tess")."""
    if _CJK.search(y):
        rx = re.compile(
            re.escape(y)
            + r"[，,\s]*(?:(?P<said>叫做?|名叫|名字叫)(?P<a>[\u4e00-\u9fff]{2,3})|(?P<b>[\u4e00-\u9fff]{2,3}))"
        )
    else:
        rx = re.compile(
            r"\b" + re.escape(y) + r"(?:[,\s]+(?:is\s+)?(?P<said>called|named|is called|is named|goes by)\s+"
            r"(?P<a>(?-i:[A-Z][a-z]+))|,?\s+(?P<b>(?-i:[A-Z][a-z]+)))\b",
            re.I,
        )
    found: set[str] = set()
    for text in texts:
        if x.lower() not in text.lower():
            continue
        for m in rx.finditer(text):
            if m["a"]:
                found.add(m["a"])
            elif m["b"] and any(m["b"].startswith(k) or k.startswith(m["b"]) for k in known):
                found |= {k for k in known if m["b"].startswith(k) or k.startswith(m["b"])}
    return found


def chain_of(what: str, facts: list[Fact], episodes: list[Episode]) -> Chain | None:
    """The people and facts a topic said as a chain names ("my son's girlfriend", "闺女对象"),
    or None when the topic is no chain from one of the user's people."""
    parts = _parts(what)
    if parts is None:
        return None
    x, y = parts
    texts = [f.source_text for f in facts if f.source_text] + [e.text for e in episodes]
    everyone = {f.subject_name for f in facts if f.subject_name != SELF}
    # who was introduced as the one the chain reaches is not its owner, even where the
    # extractor linked them to the user ("闺女处了个对象，叫孙浩": no child of the user's)
    introduced = _named_after(y, x, texts, everyone)
    owners = _owners(x, facts) - introduced
    if not owners:
        return None
    attr, qualifier = relation_of(y) or ("", None)
    names = {
        str(f.value)
        for f in facts
        if f.subject_name in owners
        and f.attribute == attr
        and (qualifier is None or f.qualifier in (None, qualifier))
    }
    names = (names | introduced) - owners - {SELF}
    theirs = [
        f
        for f in facts
        if f.subject_name in names or (str(f.value) in names and f.subject_name in owners | {SELF})
    ]
    return Chain(tuple(sorted(names)), tuple(theirs))
