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
from functools import lru_cache

from graphmem.extract.relations import relation_of
from graphmem.model import SELF, Episode, Fact
from graphmem.text.concepts import expand
from graphmem.text.terms import cjk_words
from graphmem.write.life_topics import asked_only, related_words, topic_shapes, word_pairs
from graphmem.write.owned_matter import owned_matter
from graphmem.write.topic_texts import texts_of
from graphmem.write.topic_words import says

#: Owner and filler words in front of an English topic ("all the stuff about my ex").
_EN_OWNER = re.compile(
    r"^(?:(?:all|any|of|the|my|our|me|about|that|this|those|these|whole|entire)\s+)+", re.I
)
#: A generic noun after a topic ("the allergy thing", "the GRE stuff"): the topic is before it.
_EN_GENERIC_TAIL = re.compile(
    r"\s+(?:thing|things|stuff|business|situation|saga|drama|story|stories|bit|part|info|details|mess|episode|topic"
    r"|plan|plans|idea|ideas|rant|rants|confession|confessions|one|ones|feud|fight|beef|vent|news)$",
    re.I,
)
_ZH_OWNER = re.compile(
    # when the request is for ("以后", "从现在起") or when it was said ("昨晚", "之前") is no part of the topic
    r"^(?:以后|今后|往后|从现在起|之前|以前|刚才|刚刚|上次|昨晚|昨天|前几天|关于|有关|我们的|我们|我的|我|那个|这个|那位|那段|那次|这次|那趟|这趟|那场|那回|那些)+"
)
#: A topic that names nothing in particular.
_TOO_GENERAL = {
    "", "it", "this", "that", "me", "stuff", "things", "everything", "anything", "all", "it all", "them",
    "事", "事情", "那些", "这些", "东西", "一切", "所有", "全部", "的", "都",
}  # fmt: skip
#: Words saying the topic is a thing of the past ("my old job", "前公司", "以前的单位").
_ZH_PAST = re.compile(r"^(?:以前的?|之前的?|原来的?|上一家|上家|上一份|上份|上一个|上个|前)")
#: The words a past role or matter is said with ("my old boss", "former boss"; 前任, 以前的
#: 公司, 之前那份工作): any of them, in the user's words, says the same past thing.
_EN_PAST_WORDS = ("old", "former", "previous", "ex", "last", "prior")
_ZH_PAST_WORDS = ("前", "以前的", "之前的", "原来的", "上一份", "上份", "上一家", "上家") + tuple(
    w + d for w in ("以前", "之前", "原来") for d in ("那份", "那家", "那个", "那")
)
_EN_PAST = re.compile(r"^(?:" + "|".join(_EN_PAST_WORDS) + r")[\s-]+", re.I)  # "ex-" too
#: Words an attribute of the user is named by; the past ones are its superseded facts.
_PAST_ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "employer": ("job", "work", "company", "employer", "workplace", "firm", "公司", "单位", "东家", "工作"),
    "job_title": ("job", "title", "position", "role", "工作", "职位", "岗位"),
    "city": ("place", "apartment", "flat", "house", "home", "city", "town", "address", "住处", "城市", "房子", "家"),
    "school": ("school", "university", "college", "学校", "大学"),
    "partner": ("girlfriend", "boyfriend", "partner", "男友", "女友", "男朋友", "女朋友", "对象", "任"),
    "spouse": ("wife", "husband", "spouse", "妻", "夫", "老公", "老婆"),
}  # fmt: skip
_PERSON_ATTRIBUTES = frozenset({"partner", "spouse"})
#: How a statement says it is about a past value of the attribute ("I worked at Hooli",
#: "以前在美团上班"): such notes go with the superseded facts.
_PAST_SAID: dict[str, re.Pattern[str]] = {
    "employer": re.compile(
        # any work said in the past, done at or for a named place ("used to edit for Quillfeather")
        r"\b(?:worked|used to work|was working)\s+(?:at|for)\b|\bused to [a-z]+\s+(?:at|for)\s+(?-i:[A-Z])"
        r"|(?:以前|之前|原来|曾经)在.{1,10}?(?:上班|工作|实习)",
        re.I,
    ),
    "job_title": re.compile(r"\b(?:worked|used to work)\s+as\b|(?:以前|之前|原来|曾经)(?:是|做|当)", re.I),
    "city": re.compile(r"\b(?:lived|used to live)\s+in\b|(?:以前|之前|原来|曾经)(?:住在|在.{1,8}?住)", re.I),
    "school": re.compile(
        r"\b(?:went to|studied at|graduated from)\b|(?:以前|之前)在.{1,10}?(?:读书|上学)|毕业于", re.I
    ),
    "partner": re.compile(r"\b(?:used to date|dated|broke up|split up)\b|分手|分了手|分开了", re.I),
    "spouse": re.compile(r"\b(?:divorced?|used to be married|split up)\b|离婚|离了婚", re.I),
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


#: Roles said with a word of the past ("my old boss", "前老板"): the words of one role, any of
#: which the user may have used for the same person.
_EN_ROLES: tuple[tuple[str, ...], ...] = (
    ("boss", "manager", "supervisor", "line manager", "team lead"),
    (
        "girlfriend",
        "boyfriend",
        "partner",
        "wife",
        "husband",
        "fiance",
        "fiancee",
        "fiancé",
        "fiancée",
        "spouse",
    ),
    ("roommate", "flatmate", "housemate"),
    ("coworker", "co-worker", "colleague", "teammate"),
    ("landlord", "landlady"),
    ("therapist", "counselor", "counsellor", "psychologist"),
    ("doctor", "gp", "physician"),
    ("neighbor", "neighbour"),
)
_ZH_ROLES: tuple[tuple[str, ...], ...] = (
    ("老板", "领导", "上司", "经理", "主管", "leader"),
    ("任", "男友", "女友", "男朋友", "女朋友", "对象", "妻", "夫", "老公", "老婆"),
    ("室友", "舍友", "合租室友"),
    ("同事",),
    ("房东",),
)
#: The past partners a bare "ex" / 前任 names (any of them, whatever the word used).
_EX_EN = {
    "ex",
    "ex-partner",
    "previous relationship",
    "last relationship",
    "old relationship",
    "past relationship",
    "former relationship",
    "ex-boyfriend",
    "ex-girlfriend",
}
_EX_ZH = {"前任", "上一段感情", "前一段感情", "上段感情"}
#: Words of a subject phrase too general to stand for it ("the hospital stay": "hospital").
_GENERIC_EN = {
    "stay", "time", "thing", "things", "stuff", "story", "situation", "whole", "business", "episode", "period",
    "trip", "day", "days", "week", "year", "issue", "issues", "problem", "problems", "part", "bit", "plan", "plans",
    "news", "saga", "drama", "mess", "deal", "matter", "one", "incident", "experience", "visit", "phase", "old",
    "new", "big", "little", "last", "first", "recent", "entire", "bad", "with", "at", "in", "and", "of",
}  # fmt: skip


def _role_variants(phrase: str) -> list[str]:
    """The other words the user may have said a past role with ("my old boss": "former boss",
    "previous manager", "ex-boss"; "前任": "前男友", "前妻"; "ex": "ex-girlfriend")."""
    low = phrase.lower()
    if _CJK.search(phrase):
        for past in _ZH_PAST_WORDS:
            if phrase.startswith(past):
                role = phrase[len(past) :]
                group = next((g for g in _ZH_ROLES if role in g), None)
                if group is None:
                    return []
                return [p + r for p in _ZH_PAST_WORDS for r in group if len(p + r) >= 2]
        return []
    if low in _EX_EN:
        return [f"ex-{r}" for r in _EN_ROLES[1]] + [f"ex {r}" for r in _EN_ROLES[1]] + ["ex"]
    m = re.fullmatch(r"(" + "|".join(_EN_PAST_WORDS) + r")[\s-]+(.+)", low)
    if m is None:
        return []
    group = next((g for g in _EN_ROLES if m.group(2) in g), None)
    if group is None:
        return []
    out = [f"{p} {r}" for p in _EN_PAST_WORDS for r in group] + [f"ex-{r}" for r in group]
    if group is _EN_ROLES[1]:  # an ex-girlfriend is "my ex" too
        out.append("ex")
    return out


def _head(phrase: str) -> str | None:
    """The word a subject phrase stands on ("knee surgery": "surgery"; "the hospital stay":
    "hospital"), when it has more than one."""
    if _CJK.search(phrase):
        # a light verb and its object ("做手术", "动手术"): the object stands for it, as it is
        # also said with words between them ("做了个阑尾手术")
        m = re.fullmatch(
            r"(?:做|动|开|住|看|打|办|搞|接受|进行|参加|去)(?P<object>[\u4e00-\u9fff]{2,6})", phrase
        )
        return m["object"] if m else None
    words = [w for w in re.findall(r"[a-z][a-z'-]+", phrase.lower()) if w not in _GENERIC_EN]
    if len(phrase.split()) < 2 or not words:
        return None
    return words[-1] if len(words[-1]) >= 4 else None


@dataclass(frozen=True)
class Topic:
    """What a topic request names: its phrases and names, and the attributes it names as past ones."""

    keys: tuple[str, ...]  # phrases and names, each matched on its own
    past_attributes: frozenset[str]
    life_topic: bool = False  # the phrase names a life topic (topics.toml): its turns are about it
    #: the word shapes of that life topic (a drug's name by its ending, an organ taken out):
    #: what no word list can name in full
    shapes: tuple[str, ...] = ()
    #: whose matter it is ("mom's money": mom, and the name on record for her): a text is
    #: about the topic only when it names one of them too (graphmem.write.owned_matter)
    owners: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.keys or self.past_attributes)


_EN_WHEN_SAID = re.compile(
    r"\s+(?:from|of|on|in)\s+(?:the other (?:day|night|week)|last (?:night|week|month|time)|yesterday|earlier"
    r"|this morning|the weekend|before)$",
    re.I,
)


def _phrase(what: str) -> str:
    t = what.strip(" ,.，。!！?？")
    if _CJK.search(t):
        t = _ZH_OWNER.sub("", t)
        t = re.sub(r"^(?:家里的?|我们家的?)(?=..)", "", t)  # "家里婚姻方面的": the matter, not the home
        t = re.sub(
            r"(?:那件事|这件事|那事|这事|那块|这块|那一块|那部分|这部分|那些事情?|这些事情?|的?一切|那些数字|的?数字|那次|那回|那段时间|那段|那茬|这茬|那条|这条|的事情?|的那些|那些|这些"
            r"|的?所有(?:的)?事情?|的?全部|内容|东西|信息|记录|部分|的八卦|的瓜|那个计划|的计划|的打算|的想法|的念头|方面|上的糟心事|的糟心事|的"
            # a period named by when it was ("大学那会儿", "澳洲那几年"): the period itself
            r"|的?时候|那会儿?|那时候?|那阵子?|那几年|那两年|期间|时期"
            # "小雅家里那档子事": a household's matter is its person's
            r"|(?<=..)家里的?|(?<=..)家那边)+$",
            "",
            t,
        )
    else:
        # "the gambling thing from the other night": when it was said is no part of the topic
        t = _EN_WHEN_SAID.sub("", t)
        t = _EN_GENERIC_TAIL.sub("", _EN_OWNER.sub("", t))
        # "the story about last night": what the story is about
        t = re.sub(
            # "the one about the guy next door": the one told, by what it was about
            r"^(?:story|stuff|thing|things|bit|part|business|drama|one|ones|confession|rant)\s+(?:about|with|from|of|on)\s+"
            r"(?:the\s+|my\s+|that\s+)?",
            "",
            t,
            flags=re.I,
        )
        t = re.sub(r"['’]s$", "", t)
        # "the wedding that didn't happen", "the trip we took in May": what the clause after
        # the matter says of it is no part of its name
        t = re.sub(
            r"(?<=\w)\s+(?:that|which|who|we|i|you|they|he|she)\s+(?:\w+\s+){0,4}?(?:did|didn't|did not|never|"
            r"was|were|had|took|went|got|made|planned|told|said|mentioned)\b.*$",
            "",
            t,
            flags=re.I,
        )
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


#: Where a topic names two matters at once ("收入和房贷", "my salary and the mortgage").
_BOTH = re.compile(
    r"\s*(?:和|跟|与|以及|及|还有|、)\s*|\s+(?:and|&|or|plus)\s+(?:the\s+|my\s+|about\s+)?", re.I
)


def topic_of(what: str, facts: list[Fact], episodes: list[Episode]) -> Topic:
    """The keys a topic (`spoken_forget.topic`'s words) is matched by, read against the
    user's own facts and messages (which hold the names the user gave). A topic of two
    matters ("收入和房贷") is each of them."""
    if (owned := owned_matter(_phrase(what), facts)) is not None:
        matter = _one_topic(owned.matter, facts, episodes)
        keys = matter.keys if matter.life_topic else (owned.matter, *matter.keys)
        # "the Portland job": a matter of everyday life said in the words of its concept too
        # ("got an interview at … in Portland")
        keys = (*keys, *expand(owned.matter, [owned.matter]))
        narrow = Topic(
            tuple(dict.fromkeys(keys)),
            frozenset(),
            life_topic=matter.life_topic,
            shapes=matter.shapes,
            owners=owned.owners,
        )
        # the matter said in other words than any its topic knows ("my neighbor's affair": "is
        # seeing the mail carrier behind his wife's back"): the person's turns are read as before
        if matter.keys and any(
            says_topic(t, narrow) for t in (*(e.text for e in episodes), *(f.source_text for f in facts))
        ):
            return narrow
    whole = _one_topic(what, facts, episodes)
    parts = [p for p in _BOTH.split(_phrase(what)) if len(p.strip()) >= 2]
    if len(parts) < 2:
        return whole
    each = [_one_topic(p, facts, episodes) for p in parts]
    if not all(each):  # "salt and pepper": a matter named by two words, not two matters
        return whole
    return Topic(
        tuple(dict.fromkeys(k for t in (whole, *each) for k in t.keys)),
        frozenset().union(whole.past_attributes, *(t.past_attributes for t in each)),
        life_topic=whole.life_topic or any(t.life_topic for t in each),
        shapes=tuple(dict.fromkeys(x for t in (whole, *each) for x in t.shapes)),
    )


def _one_topic(what: str, facts: list[Fact], episodes: list[Episode]) -> Topic:
    phrase = _phrase(what)
    if phrase.lower() in _TOO_GENERAL:
        return Topic((), frozenset())
    if len(phrase) < 2:  # "钱那事": one character names a topic only as a life topic's word
        related = related_words(phrase, "zh") if _CJK.search(phrase) else []
        if phrase in related:
            return Topic(tuple(related), frozenset(), life_topic=True, shapes=topic_shapes(phrase, "zh"))
        if _CJK.search(phrase) and relation_of(phrase):  # "我弟那些破事": one of the user's people
            return Topic((f"我{phrase}", phrase * 2, f"我的{phrase}"), frozenset())
        return Topic((), frozenset())
    zh = bool(_CJK.search(phrase))
    past = (_ZH_PAST if zh else _EN_PAST).match(phrase)
    rest = phrase[past.end() :] if past else ""
    past_attributes = set(
        attr
        for attr, words in _PAST_ATTRIBUTES.items()
        if rest and any((w in rest) if zh else re.search(rf"\b{w}s?\b", rest, re.I) for w in words)
    )
    if phrase.lower() in _EX_EN or phrase in _EX_ZH:  # "my ex", 前任: any past partner
        past_attributes = past_attributes | {"partner", "spouse"}
    texts = [f.source_text for f in facts] + [e.text for e in episodes]
    # The names in the phrase itself ("my time at Initech": Initech) are keys of their own.
    proper = [] if zh else re.findall(r"(?<!^)\b(?-i:[A-Z][\w&'-]+(?:\s+[A-Z][\w&'-]+)*)", phrase)
    # "Tasha's medical stuff": the person whose matter it is, even first
    proper += [] if zh else re.findall(r"^(?-i:[A-Z][a-z]+)(?=['’]s\s)", phrase)
    # "my pay" names a life topic, but "pay" says it in no turn ("pay the rent"): its words do
    lang = "zh" if zh else "en"
    own = [] if asked_only(phrase, lang) else [phrase]
    phrases = list(dict.fromkeys((*own, *_role_variants(phrase))))
    if past and rest and past_attributes:  # "old job" is also "last job", "previous job"
        joiner = "" if zh else " "
        phrases += [f"{w}{joiner}{rest.strip()}" for w in (_ZH_PAST_WORDS if zh else _EN_PAST_WORDS)]
        phrases = list(dict.fromkeys(phrases))
    names = {n for p in phrases for n in _names(p, texts)}
    # A past partner's or spouse's name ("Sam", once Sam and the user broke up) is a key of "my ex".
    names |= {
        str(f.value)
        for f in facts
        if f.subject_name == SELF
        and f.attribute in past_attributes & _PERSON_ATTRIBUTES
        and f.status != "active"
    }
    # "房东吵架" said as "跟房东大吵了一架": a Chinese topic of two words is said when both are
    phrases += _words_together(phrase) if zh and not past else []
    related = related_words(phrase, lang)
    # "old boss" is no "boss"; "traffic stop" is its life topic's words, no "stop"
    head = None if len(phrases) > 1 or past or related else _head(phrase)
    keys = tuple(dict.fromkeys((*phrases, *proper, *([head] if head else []), *sorted(names), *related)))
    if related and own and not past:
        # "年糕生病那事": one of the user's own people or pets named with the matter is whose
        # it is, not the matter (the pet and what else was said of it stay)
        known = {f.subject_name for f in facts} | {str(f.value) for f in facts if f.object_id}
        keys += tuple(k for k in _modifiers(phrase, related) if k not in known)
    if not zh and not past:
        keys += word_pairs(phrase)
    shapes = topic_shapes(phrase, lang) if related else ()
    return Topic(keys, frozenset(past_attributes), life_topic=bool(related), shapes=shapes)


def _modifiers(phrase: str, related: list[str]) -> tuple[str, ...]:
    """The words of a life topic's phrase that are none of its topic's ("the napa trip": "napa";
    "三亚旅游": 三亚): what the user named that matter by, a key of its own. A word for one of
    the user's people ("my sister's trip", 女儿相亲) names them, not the matter."""
    if _CJK.search(phrase):
        rest = phrase
        for w in sorted(related, key=len, reverse=True):
            rest = rest.replace(w, " ")
        # "对门那个人": what points at the matter ("那个人", "的那些") names none of it
        parts = [re.sub(r"^[的那这个些位件次想要去在说]+|[的了吧啊]+$", "", p) for p in rest.split()]
        return tuple(p for p in parts if len(p) >= 2 and not relation_of(p) and p not in _TOO_GENERAL)
    said = {t for w in related for t in re.findall(r"[a-z][a-z'-]+", w.lower())}
    words = re.findall(r"[a-z][a-z'-]+", phrase.lower())
    return tuple(
        w
        for w in words
        if len(w) >= 4
        and w not in said
        and w not in _GENERIC_EN
        and w not in _TOO_GENERAL
        and w not in _MODIFIER_FILLER
        and not relation_of(w.removesuffix("'s"))
    )


#: Words of a topic phrase that name no matter of their own ("the money I owe", "my whole thing").
_MODIFIER_FILLER = frozenset(
    "money about that this those these what whatever their there with from into over after before some your".split()
)


def _words_together(phrase: str) -> list[str]:
    """A Chinese topic of two or more words as one key of all of them ("房东&吵架"), when it is
    longer than a word."""
    if len(phrase) < 4:
        return []
    words = [w for w in cjk_words(phrase) if len(w) >= 2]
    return ["&".join(words)] if len(words) >= 2 and "".join(words) == phrase else []


def says_topic(text: str, topic: Topic) -> bool:
    if topic.owners and not any(says(text, o) for o in topic.owners):
        return False
    return any(says(text, k) for k in topic.keys) or _shaped(text, topic)


def _shaped(text: str, topic: Topic) -> bool:
    return any(_shape(x).search(text) for x in topic.shapes)


@lru_cache(maxsize=256)
def _shape(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


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
        # whose matter it is may be the fact's subject, the matter its text
        or (
            says_topic("\n".join(t for t in texts_of(f, topic.life_topic) if t), topic)
            if topic.owners
            else False
        )
        or any(says_topic(t, topic) for t in texts_of(f, topic.life_topic) if t)
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
