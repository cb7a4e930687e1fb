"""The Chinese value vocabulary the clause patterns share: time expressions, habits and
schedules, occupations, relation and pet words, names, languages, and the cleaners that
take particles and adverbs off a value ("很喜欢吃火锅了" -> 火锅)."""

from __future__ import annotations

import re

from graphmem.extract import nlp
from graphmem.extract.lexicon import ZH_BREEDS, ZH_OCCUPATIONS, words
from graphmem.extract.relations import RELATION_WORDS, relation_words

N = r"[零〇一二两三四五六七八九十百\d]"
LANGS = (
    r"(?:英语|英文|法语|德语|日语|韩语|粤语|西班牙语|俄语|意大利语|葡萄牙语|阿拉伯语|普通话|上海话|闽南语|客家话|四川话|泰语|越南语|"
    r"荷兰语|瑞典语|土耳其语|希腊语|印地语|手语|中文)"
)
_WD = r"[一二三四五六日天末]"
TIME = (
    r"(?:大后天|后天|明天|今天|昨天|前天|今晚|明晚|昨晚|今早|明早|今儿|明儿|"
    rf"(?:这|下下|下|上)个?(?:周|星期|礼拜){_WD}?|(?:周|星期|礼拜){_WD}|周末|"
    r"(?:这|下|上)个?月(?:初|底|中)?|月初|月底|月中|年初|年底|今年|明年|去年|前年|后年|"
    rf"{N}{{1,4}}月(?:{N}{{1,3}}(?:日|号)|初|底|中旬|上旬|下旬|中)?|{N}{{1,3}}(?:日|号)|"
    rf"早上|上午|中午|下午|傍晚|晚上|凌晨|半夜|早晨|清晨|{N}{{1,3}}点(?:半|{N}{{1,2}}分|钟)?|"
    r"春节|国庆|元旦|中秋|端午|圣诞节?|五一|寒假|暑假|过几天|过两天|改天|待会儿?|等会儿?)"
    r"(?:起|开始|以后|之后|前|以前|的时候)?"
)
TIME_RX = re.compile(TIME)
#: Weekly schedules ("每周三下午上游泳课") are facts, not one-off events.
RECURRING = re.compile(rf"每个?(?:周|星期|礼拜){_WD}|每逢|每个?月{N}+号|(?:周|星期){_WD}都")
HABIT = re.compile(
    r"每天|每晚|每早|每周|每个?星期|每个?月|每年|经常|常常|通常|一般|总是|老是|平时|平常|偶尔|有时候?|天天"
)

OCCUPATION = re.compile(
    "(?:" + "|".join(sorted(map(re.escape, ZH_OCCUPATIONS), key=len, reverse=True)) + ")$", re.I
)
REL = "|".join(map(re.escape, relation_words("zh")))
PET_WORD = "|".join(
    sorted(
        [*(w for w in relation_words("zh") if RELATION_WORDS[w][0] == "pet"), *ZH_BREEDS],
        key=len,
        reverse=True,
    )
)
NAME = r"(?P<name>[A-Za-z][A-Za-z .'-]{0,30}|[\u4e00-\u9fff·]{1,8})"

# Consumption verbs carry no meaning across polarity: 吃甜食 / 别推荐甜食 are both about 甜食.
_STRIP_VERB = re.compile(r"^(?:吃|喝|看|听|玩|下|打|去|逛|追|刷|弹|踢|养)")
_VALUE_ADV = re.compile(
    r"^(?:很|非常|特别|超级|超|挺|比较|蛮|相当|十分|尤其|更|真的|一点|一些|有点|有些|点|也|还|都|最)+"
)
TAIL = re.compile(r"(?:了|啦|呢|哦|呀|吧|哈|啊|嘛|咯|喔|噢|而已|的|之类的|什么的|等等|一类的)+$")
PRONOUN_VALUE = frozenset(words("你 你们 它 他 她 这个 那个 这样 那样 这种 那种 这些 那些 什么"))
NOT_A_JOB = frozenset(words("事 事情 饭 作业 家务 什么 啥 兼职"))


def clean(v: str) -> str:
    v = TAIL.sub("", _VALUE_ADV.sub("", v.strip()))
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
