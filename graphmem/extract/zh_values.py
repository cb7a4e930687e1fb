"""The Chinese value vocabulary the clause patterns share: time expressions, habits and
schedules, occupations, relation and pet words, names, languages, and the cleaners that
take particles and adverbs off a value ("很喜欢吃火锅了" -> 火锅)."""

from __future__ import annotations

import re

from graphmem.extract import nlp
from graphmem.extract.lexicon import ZH_BREEDS, ZH_OCCUPATIONS, words
from graphmem.extract.relations import RELATION_WORDS, relation_words
from graphmem.lang import fragment

N = fragment("zh", "NUM")
LANGS = fragment("zh", "LANGS")
_WD = fragment("zh", "WD")
TIME = fragment("zh", "TIME")
TIME_RX = re.compile(TIME)
#: Weekly schedules ("每周三下午上游泳课") are facts, not one-off events.
RECURRING = re.compile(rf"每个?(?:周|星期|礼拜){_WD}|每逢|每个?月{N}+号|(?:周|星期){_WD}都")
HABIT = re.compile(
    r"每天|每晚|每早|每周|每个?星期|每个?月|每年|经常|常常|通常|一般|总是|老是|平时|平常|偶尔|有时候?|天天"
)

#: How Chinese names a trade by its last character (柜员, 质检员, 入殓师, 木匠, 二厨, 检察官, 行长),
#: without the words that end so and name none (会员, 党员, 大师, 打工, 器官, 家长).
_TRADE_SUFFIX = (
    r"[\u4e00-\u9fff]{1,5}(?:(?<![会党成团人学队要社委组动])员|(?<![祖大巫宗导])师|匠"
    r"|(?<![打手加开完上下分做用务罢童施员])工|(?<=[二大主帮掌])厨|(?<![器五感])官"
    r"|(?<=[店校科处局行班组队船机院所厂镇村乡县市])长)"
)
OCCUPATION = re.compile(
    "(?:"
    + "|".join(sorted(map(re.escape, ZH_OCCUPATIONS), key=len, reverse=True))
    + "|"
    + _TRADE_SUFFIX
    + ")$",
    re.I,
)
REL = "|".join(map(re.escape, relation_words("zh")))
PET_WORD = "|".join(
    sorted(
        [*(w for w in relation_words("zh") if RELATION_WORDS[w][0] == "pet"), *ZH_BREEDS],
        key=len,
        reverse=True,
    )
)
NAME = fragment("zh", "NAME")

# Consumption verbs carry no meaning across polarity: 吃甜食 / 别推荐甜食 are both about 甜食.
_STRIP_VERB = re.compile(r"^(?:吃|喝|看|听|玩|下|打|去|逛|追|刷|弹|踢|养)")
_VALUE_ADV = re.compile(
    r"^(?:很|非常|特别|超级|超|挺|比较|蛮|相当|十分|尤其|更|真的|一点|一些|有点|有些|点|也|还|都|最)+"
)
#: A shrug after a value ("当店员就是这样", "在鹅厂做产品就这样"): what it is like, no part of it.
SHRUG = r"(?:就是|也就|就|都是|总是)(?:这样|那样|这么回事|那么回事|这个样子?)|而已|罢了"
TAIL = re.compile(r"(?:了|啦|呢|哦|呀|吧|哈|啊|嘛|咯|喔|噢|" + SHRUG + r"|的|之类的|什么的|等等|一类的)+$")
PRONOUN_VALUE = frozenset(words("你 你们 它 他 她 这个 那个 这样 那样 这种 那种 这些 那些 什么"))
NOT_A_JOB = frozenset(words("事 事情 饭 作业 家务 什么 啥 兼职"))


#: How far into a habit one is, said after its thing ("不吃碳水第三周"): no part of the thing.
_NTH_STRETCH = re.compile(r"(?<=.)第[一二两三四五六七八九十\d]{1,3}(?:周|天|个月|年|个星期|个礼拜)了?$")


def clean(v: str) -> str:
    v = TAIL.sub("", _VALUE_ADV.sub("", _NTH_STRETCH.sub("", v.strip())))
    if _STRIP_VERB.match(v) and len(v) >= 3:
        v = v[1:]
    return TAIL.sub("", v).strip(" ，,。")


def untimed(v: str) -> str:
    """`v` without a trailing time expression (spaCy matcher): 成都从下个月起 → 成都."""
    return nlp.strip_trailing_time(v, "zh")


def items(v: str) -> list[str]:
    return [x for x in (clean(p) for p in re.split(r"[、和跟及与或]|以及|还有", v)) if x]


_LANG_RX: re.Pattern | None = None


def languages(v: str) -> list[str]:
    """英语法语 / 英语、法语: every language named, even run together."""
    global _LANG_RX
    _LANG_RX = _LANG_RX or re.compile(LANGS)
    found = _LANG_RX.findall(v)
    return found if found and "".join(found) == re.sub(r"[、和跟及与或\s]|以及", "", clean(v)) else items(v)
