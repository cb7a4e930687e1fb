"""The attribute vocabulary: cardinality, default kind, polarity pairs and rendering.

The core keys are a contract (see DESIGN.md); extractors may add open attributes,
which are treated as multi-valued facts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Attribute:
    key: str
    single: bool
    kind: str
    en_self: str  # English rendering about the user, {v} value
    en_other: str  # English rendering about someone else, {s} subject, {v} value
    zh: str  # Chinese rendering, {s} subject ("我" for the user), {v} value
    relation: bool = False  # the value names a person/pet entity


def _a(
    key: str, single: bool, kind: str, en_self: str, en_other: str, zh: str, rel: bool = False
) -> Attribute:
    return Attribute(key, single, kind, en_self, en_other, zh, rel)


_ATTRS = [
    _a("name", True, "profile", "My name is {v}", "{s}'s name is {v}", "{s}叫{v}"),
    _a("preferred_name", True, "profile", "Call me {v}", "{s} goes by {v}", "{s}希望被称为{v}"),
    _a("age", True, "profile", "I am {v} years old", "{s} is {v} years old", "{s}{v}岁"),
    _a("birthday", True, "profile", "My birthday is {v}", "{s}'s birthday is {v}", "{s}的生日是{v}"),
    _a("gender", True, "profile", "My gender is {v}", "{s}'s gender is {v}", "{s}的性别是{v}"),
    _a("hometown", True, "profile", "I am originally from {v}", "{s} is from {v}", "{s}是{v}人"),
    _a("city", True, "profile", "I live in {v}", "{s} lives in {v}", "{s}住在{v}"),
    _a("employer", True, "profile", "I work at {v}", "{s} works at {v}", "{s}在{v}工作"),
    _a("job_title", True, "profile", "My job is {v}", "{s}'s job is {v}", "{s}的职业是{v}"),
    _a("school", True, "profile", "I study at {v}", "{s} goes to {v}", "{s}在{v}上学"),
    _a("diet", False, "preference", "My diet: {v}", "{s}'s diet: {v}", "{s}的饮食：{v}"),
    _a("likes", False, "preference", "I like {v}", "{s} likes {v}", "{s}喜欢{v}"),
    _a("dislikes", False, "preference", "I dislike {v}", "{s} dislikes {v}", "{s}不喜欢{v}"),
    _a("allergy", False, "profile", "I am allergic to {v}", "{s} is allergic to {v}", "{s}对{v}过敏"),
    _a("pet", False, "profile", "My pet is {v}", "{s}'s pet is {v}", "{s}的宠物是{v}", True),
    _a("skill", False, "profile", "I can {v}", "{s} can {v}", "{s}会{v}"),
    _a("language", False, "profile", "I speak {v}", "{s} speaks {v}", "{s}会说{v}"),
    _a("spouse", True, "profile", "My spouse is {v}", "{s}'s spouse is {v}", "{s}的配偶是{v}", True),
    _a("partner", False, "profile", "My partner is {v}", "{s}'s partner is {v}", "{s}的伴侣是{v}", True),
    _a("child", False, "profile", "My child is {v}", "{s}'s child is {v}", "{s}的孩子是{v}", True),
    _a("sibling", False, "profile", "My sibling is {v}", "{s}'s sibling is {v}", "{s}的兄弟姐妹是{v}", True),
    _a("parent", False, "profile", "My parent is {v}", "{s}'s parent is {v}", "{s}的父母是{v}", True),
    _a("friend", False, "profile", "My friend is {v}", "{s}'s friend is {v}", "{s}的朋友是{v}", True),
    _a("reply_style", False, "preference", "Reply style: {v}", "Reply style: {v}", "回复风格：{v}"),
    _a("event", False, "event", "{v}", "{s}: {v}", "{v}"),
    _a("note", False, "fact", "{v}", "{s}: {v}", "{v}"),
]

VOCAB: dict[str, Attribute] = {a.key: a for a in _ATTRS}
CORE_KEYS = tuple(VOCAB)
RELATION_KEYS = tuple(a.key for a in _ATTRS if a.relation)

#: Attributes whose values contradict each other for the same value (polarity).
OPPOSITES = {"likes": "dislikes", "dislikes": "likes"}

#: Values of a multi-valued attribute that exclude each other (one diet at a time).
EXCLUSIVE_GROUPS: dict[str, list[frozenset[str]]] = {
    "diet": [
        frozenset({"omnivore", "vegetarian", "vegan", "pescatarian", "杂食", "素食", "纯素", "吃素", "鱼素"})
    ],
}

_MAX_ATTR_LEN = 64
_ATTR_RE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")


def attribute(key: str) -> Attribute:
    """The vocabulary entry for `key`; open attributes are multi-valued facts."""
    found = VOCAB.get(key)
    if found is not None:
        return found
    label = key.replace("_", " ")
    return Attribute(
        key, False, "fact", "My " + label + ": {v}", "{s}'s " + label + ": {v}", "{s}的" + label + "：{v}"
    )


def is_valid_attribute(key: str) -> bool:
    return isinstance(key, str) and len(key) <= _MAX_ATTR_LEN and bool(_ATTR_RE.match(key))


def is_single(key: str) -> bool:
    return attribute(key).single


def default_kind(key: str) -> str:
    return attribute(key).kind


_CJK = re.compile(r"[\u3400-\u9fff]")


def has_cjk(text: str) -> bool:
    return bool(_CJK.search(text))


def render(key: str, value: str, subject: str, *, zh: bool | None = None) -> str:
    """A short sentence for the fact, in the language of its value or subject."""
    use_zh = zh if zh is not None else (has_cjk(value) or has_cjk(subject))
    entry = attribute(key)
    if use_zh:
        return entry.zh.format(s="我" if subject == "self" else subject, v=value)
    if subject == "self":
        return entry.en_self.format(v=value)
    return entry.en_other.format(s=subject, v=value)


#: How the MemoryContext names the user: the block is read by a model, for which "I" and
#: "my" would be ambiguous (the user? the assistant?).
USER_EN, USER_ZH = "The user", "用户"
_SAID_EN, _SAID_ZH = '{s} said: "{v}"', "{s}说过：“{v}”"


def neutral(key: str, value: str, subject: str, *, zh: bool | None = None) -> str:
    """The fact as a statement about the user (or the third party by name), never in the
    user's voice: "The user lives in Boston", "用户住在杭州", "Anna is allergic to nuts"."""
    use_zh = zh if zh is not None else (has_cjk(value) or has_cjk(subject))
    who = (USER_ZH if use_zh else USER_EN) if subject == "self" else subject
    if key in ("note", "event"):  # free text in the speaker's own words: quoted, attributed
        return (_SAID_ZH if use_zh else _SAID_EN).format(s=who, v=value.strip())
    entry = attribute(key)
    if key == "reply_style":
        return f"{who}希望的回复风格：{value}" if use_zh else f"{who} asked for this reply style: {value}"
    return (entry.zh if use_zh else entry.en_other).format(s=who, v=value)
