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
#: One of a person's people said in one word ("my son's wife": 儿媳妇, daughter-in-law): what
#: the user may have called the one a chain reaches, by the owner's relation and the link's.
_ONE_WORD: dict[tuple[str, str], tuple[str, ...]] = {
    ("son", "wife"): ("儿媳妇", "儿媳", "daughter-in-law"),
    ("son", "spouse"): ("儿媳妇", "儿媳", "daughter-in-law"),
    ("daughter", "husband"): ("女婿", "son-in-law"),
    ("daughter", "spouse"): ("女婿", "son-in-law"),
    ("brother", "wife"): ("嫂子", "弟媳", "sister-in-law"),
    ("sister", "husband"): ("姐夫", "妹夫", "brother-in-law"),
    ("son", "son"): ("孙子", "grandson"),
    ("son", "daughter"): ("孙女", "granddaughter"),
    ("daughter", "son"): ("外孙", "grandson"),
    ("daughter", "daughter"): ("外孙女", "granddaughter"),
}


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
            # "我家那个儿子他媳妇": the owner pointed at, and "his" between the two
            r"(?:我(?:的|家)?)?(?:那个|这个|那位)?(?P<x>"
            + words
            + r"|[\u4e00-\u9fff]{2,3}?)(?:的|他的?|她的?)?(?P<y>"
            + words
            + r")",
            t,
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


def _one_word_said(x: str, y: str, texts: list[str]) -> set[str]:
    """The one word for the chain's person that the user's words hold ("my son's wife":
    儿媳妇, daughter-in-law)."""
    said = " ".join(texts).lower()
    owner, link = relation_of(x), relation_of(y)
    one_word = _ONE_WORD.get(((owner or ("", ""))[1] or "", (link or ("", ""))[1] or ""), ())
    return {w for w in one_word if w.lower() in said}


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
        # "儿子他老婆" when only "我儿媳妇…" was said: the one word the user called her by
        said = _one_word_said(x, y, texts)
        if not said:
            return None
        return Chain(
            tuple(sorted(said)), tuple(f for f in facts if f.subject_name in said or str(f.value) in said)
        )
    attr, qualifier = relation_of(y) or ("", None)
    names = {
        str(f.value)
        for f in facts
        if f.subject_name in owners
        and f.attribute == attr
        and (qualifier is None or f.qualifier in (None, qualifier))
    }
    names = (names | introduced) - owners - {SELF}
    if not names:  # no name on record: the word the user calls that one by ("我儿媳妇…")
        names = _one_word_said(x, y, texts)
    theirs = [
        f
        for f in facts
        if f.subject_name in names or (str(f.value) in names and f.subject_name in owners | {SELF})
    ]
    return Chain(tuple(sorted(names)), tuple(theirs))
