"""A forget said after the fact, by topic: "scratch everything I told you about my old
boss", "forget all the stuff about my ex", "之前说我前任的事都删了吧", "把我住院那件事忘了".

The topic (the words the request names, `spoken_forget.topic`) becomes a few keys:

- the topic phrase itself, without the owner ("my old boss" → "old boss", "我前任" → "前任"),
  matched as whole words (English) or as a part of the text (Chinese);
- the people the user named by it: "my old boss Gregor", "Daniel, my ex", "我前任叫小林"
  give "Gregor", "Daniel", "小林", found in the user's own facts and messages, so the turn
  that only says "Gregor made me redo the deck" is about the topic too;
- an attribute said to be a past one ("my old job", "前公司"): that attribute's superseded
  facts, never the current one.

The facts any key picks out are forgotten, and so are the messages that said them (or that
name a key) when nothing else was learned from them. A phrase too general to be a topic
("everything", "stuff", "那些") picks out nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from graphmem.model import SELF, Episode, Fact

#: Owner and filler words in front of an English topic ("all the stuff about my ex").
_EN_OWNER = re.compile(r"^(?:(?:all|any|of|the|my|our|me|about|that|this|those|these)\s+)+", re.I)
_ZH_OWNER = re.compile(r"^(?:关于|有关|我们的|我们|我的|我|那个|这个|那位|那段|那次|那些)+")
#: A topic that names nothing in particular.
_TOO_GENERAL = {
    "", "it", "this", "that", "me", "stuff", "things", "everything", "anything", "all", "it all", "them",
    "事", "事情", "那些", "这些", "东西", "一切", "所有", "全部", "的", "都",
}  # fmt: skip
#: Words saying the topic is a thing of the past ("my old job", "前公司", "以前的单位").
_EN_PAST = re.compile(r"^(?:old|former|previous|ex|ex-|last|prior)[\s-]+", re.I)
_ZH_PAST = re.compile(r"^(?:以前的?|之前的?|原来的?|上一家|上家|前)")
#: Words an attribute of the user is named by; the past ones are its superseded facts.
_PAST_ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "employer": ("job", "work", "company", "employer", "workplace", "firm", "公司", "单位", "东家", "工作"),
    "job_title": ("job", "title", "position", "role", "工作", "职位", "岗位"),
    "city": ("place", "apartment", "flat", "house", "home", "city", "town", "address", "住处", "城市", "房子", "家"),
    "school": ("school", "university", "college", "学校", "大学"),
}  # fmt: skip
#: How a statement says it is about a past value of the attribute ("I worked at Hooli",
#: "以前在美团上班"): such notes go with the superseded facts.
_PAST_SAID: dict[str, re.Pattern[str]] = {
    "employer": re.compile(
        r"\b(?:worked|used to work|was working)\s+(?:at|for)\b|(?:以前|之前|原来|曾经)在.{1,10}?(?:上班|工作|实习)",
        re.I,
    ),
    "job_title": re.compile(r"\b(?:worked|used to work)\s+as\b|(?:以前|之前|原来|曾经)(?:是|做|当)", re.I),
    "city": re.compile(r"\b(?:lived|used to live)\s+in\b|(?:以前|之前|原来|曾经)(?:住在|在.{1,8}?住)", re.I),
    "school": re.compile(
        r"\b(?:went to|studied at|graduated from)\b|(?:以前|之前)在.{1,10}?(?:读书|上学)|毕业于", re.I
    ),
}
_NAME_EN = r"(?P<name>(?-i:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))"
_NAME_ZH = r"(?P<name>[\u4e00-\u9fffA-Za-z]{1,4}?)"
#: Words that stand where a name would ("my ex, Honestly…", "前男友老是迟到") and are none.
_NOT_NAMES = {
    "i", "and", "the", "who", "he", "she", "they", "we", "it", "you", "but", "so", "honestly", "anyway", "also",
    "then", "still", "well", "lol", "ugh", "oh", "ok", "okay", "yeah", "yes", "no",
    "老是", "老家", "老师", "老板", "老公", "老婆", "老人", "小时", "小孩", "小区", "小心", "阿姨", "老实",
}  # fmt: skip
_CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class Topic:
    """What a topic request names: its phrases and names, and the attributes it names as past ones."""

    keys: tuple[str, ...]  # phrases and names, each matched on its own
    past_attributes: frozenset[str]

    def __bool__(self) -> bool:
        return bool(self.keys or self.past_attributes)


def _phrase(what: str) -> str:
    t = what.strip(" ,.，。!！?？")
    if _CJK.search(t):
        t = _ZH_OWNER.sub("", t)
        t = re.sub(
            r"(?:那件事|这件事|那些事情?|这些事情?|那次|那回|那段时间|那段|的事情?|的那些|那些|这些|的)+$",
            "",
            t,
        )
    else:
        t = _EN_OWNER.sub("", t)
        t = re.sub(r"['’]s$", "", t)
    return t.strip(" ,.，。")


def _names(phrase: str, texts: Iterable[str]) -> set[str]:
    """The people the user named by the phrase ("my old boss Gregor", "Daniel, my ex",
    "我前任叫小林"), in any of `texts`."""
    p = re.escape(phrase)
    if _CJK.search(phrase):
        # "我前任叫小林", or a nickname right after the phrase ("前男友阿杰上个月…")
        rx = re.compile(
            p
            + r"(?:(?:叫做?|名叫|是)"
            + _NAME_ZH
            + r"(?=[，,。.！!？?\s]|$|是|在)|(?P<nick>[小老阿][\u4e00-\u9fff]))"
        )
    else:
        rx = re.compile(
            r"\b"
            + p
            + r"(?:,\s+|\s+)"
            + _NAME_EN
            + r"\b|"
            + r"\b(?P<before>(?-i:[A-Z][a-z]+)),\s+(?:my|our)\s+"
            + p
            + r"\b",
            re.I,
        )
    found: set[str] = set()
    for text in texts:
        for m in rx.finditer(text):
            groups = m.groupdict()
            name = groups.get("name") or groups.get("before") or groups.get("nick")
            if name and name.lower() not in _TOO_GENERAL and name.lower() not in _NOT_NAMES:
                found.add(name)
    return found


def topic_of(what: str, facts: list[Fact], episodes: list[Episode]) -> Topic:
    """The keys a topic (`spoken_forget.topic`'s words) is matched by, read against the
    user's own facts and messages (which hold the names the user gave)."""
    phrase = _phrase(what)
    if phrase.lower() in _TOO_GENERAL or len(phrase) < 2:
        return Topic((), frozenset())
    zh = bool(_CJK.search(phrase))
    past = (_ZH_PAST if zh else _EN_PAST).match(phrase)
    rest = phrase[past.end() :] if past else ""
    past_attributes = frozenset(
        attr
        for attr, words in _PAST_ATTRIBUTES.items()
        if rest and any((w in rest) if zh else re.search(rf"\b{w}s?\b", rest, re.I) for w in words)
    )
    texts = [f.source_text for f in facts] + [e.text for e in episodes]
    # The names in the phrase itself ("my time at Initech": Initech) are keys of their own.
    proper = [] if zh else re.findall(r"(?<!^)\b(?-i:[A-Z][\w&'-]+(?:\s+[A-Z][\w&'-]+)*)", phrase)
    keys = tuple(dict.fromkeys((phrase, *proper, *sorted(_names(phrase, texts)))))
    return Topic(keys, past_attributes)


def _says(text: str, key: str) -> bool:
    if _CJK.search(key):
        return key in text
    return re.search(r"(?<![\w-])" + re.escape(key) + r"(?![\w])", text, re.I) is not None


def says_topic(text: str, topic: Topic) -> bool:
    return any(_says(text, k) for k in topic.keys)


def _past_said(f: Fact, attributes: frozenset[str]) -> bool:
    """A note of the user's that says a past value of one of the attributes ("I worked at Hooli")."""
    said = f.source_text or str(f.value)
    return f.attribute in ("note", "event") and any(_PAST_SAID[a].search(said) for a in attributes)


def _past_fact(f: Fact, topic: Topic) -> bool:
    if f.subject_name != SELF or not topic.past_attributes:
        return False
    superseded = f.attribute in topic.past_attributes and f.status != "active"
    return superseded or _past_said(f, topic.past_attributes)


def topic_facts(facts: list[Fact], topic: Topic) -> list[Fact]:
    """The facts (any status) the topic picks out: those whose value, text, subject or source
    names a key, and for an attribute named as a past one, its superseded facts and the
    notes that say a past value of it."""
    return [
        f
        for f in facts
        if _past_fact(f, topic)
        or any(
            _says(t, k)
            for k in topic.keys
            for t in (str(f.value), f.text, f.source_text, f.subject_name)
            if t
        )
    ]


def topic_episodes(
    episodes: list[Episode], topic: Topic, named: set[str], facts_of: dict[str, set[str]]
) -> list[Episode]:
    """The messages to erase with the `named` facts: those that said one of them or name a
    key of the topic, and from which nothing else was learned (`facts_of`: message id ->
    the ids of the facts that came from it). A message that also told something else stays;
    forgetting the facts scrubs what it said of them."""
    out = []
    for e in episodes:
        own = facts_of.get(e.id, set())
        if own - named:
            continue
        if (own and own <= named) or says_topic(e.text, topic):
            out.append(e)
    return out
