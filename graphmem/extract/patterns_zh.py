"""Chinese predicate handlers: what follows the subject of a clause ("在海川银行做数据分析师",
"对海鲜过敏", "叫乐乐") mapped onto vocabulary attributes, with the value cleaners they use.

The patterns are data, in graphmem/lang/zh/predicate.toml (ordered; rules_zh runs the table
and keeps the first rule that yields candidates); this module holds the handlers they name
(`HANDLERS`). A handler returns None to let later rules (and finally the note/event
fallback) try.
"""

from __future__ import annotations

import re
from dataclasses import replace

from graphmem.extract import common as c
from graphmem.extract import on_record
from graphmem.extract.changes import is_title
from graphmem.extract.common import ME, cand
from graphmem.extract.frames import city_named
from graphmem.extract.lexicon import (
    ZH_DIETS,
    ZH_LEFT_OUT_FOR_DIET,
    ZH_OCCUPATIONS,
    ZH_PLACES,
)
from graphmem.extract.patterns_zh_diet import diet, diet_broken, diet_given_up, reaction, restriction
from graphmem.extract.patterns_zh_marriage import dating, married_zh, wed
from graphmem.extract.patterns_zh_names import (
    age,
    age_this_year,
    birthday,
    birthday_turned,
    kind_then_name,
    name,
    pref_name,
    self_introduced,
    self_introduced_latin,
)
from graphmem.extract.patterns_zh_pets import pet_cared_for, pet_gone, pet_or_relation
from graphmem.extract.patterns_zh_places import (
    back_to,
    city,
    city_with_district,
    hometown,
    new_locals,
)
from graphmem.extract.patterns_zh_work import (
    HOW_THE_JOB_IS_HELD,
    WHAT_THE_JOB_DOES,
    back_to_after_leaving,
    employer_is,
    held_title,
    joined,
    leaving,
    left_known,
    opened_shop,
    quit_and_move,
    teaches,
    title_ended,
    work_if_org,
    workplace_and_title,
)
from graphmem.extract.schools import is_school
from graphmem.extract.zh_values import (
    OCCUPATION,
    PRONOUN_VALUE,
    TAIL,
    TIME,
    clean,
    items,
    languages,
)
from graphmem.lang import Handler

_LANG_AMOUNT = re.compile(r"^(?:一点点|一点|一些|点|几句|流利的|一口流利的|标准的|地道的|简单的)")
_LANG_ITEM = re.compile(r"^[\u4e00-\u9fffA-Za-z]{1,6}?(?:语|话|文)$")


def _spoken_languages(m, ctx):
    """会说粤语和一点点法语: every language of the list, each with its own amount word."""
    items = [_LANG_AMOUNT.sub("", x.strip()) for x in re.split(r"[、，,和跟及与]|以及|还有", m["v"])]
    if len(items) < 2 or not all(_LANG_ITEM.match(x) for x in items):
        return None
    return [cand("language", x, ctx.subj, ctx.src) for x in items]


#: Words that stand for a thing named before ("那个味", "这玩意儿", "它").
_SAID_OF_IT = re.compile(r"(?:那个|这个|那|这)?(?:味|味道|味儿|玩意儿?|东西)|它|那个|这个")


#: Verbs a pastime is said with ("撸猫", "追剧", "爬山"): two such pairs typed together are two.
_PASTIME_VERBS = frozenset("撸追打看听玩刷逛踢跑爬游滑弹唱跳画下钓喝吃泡练拍写读养种骑健蹦")


def _pairs_apart(value: str, attr: str) -> list[str]:
    """A taste of two verb-object pairs typed together ("撸猫追剧", "爬山骑车"): each pair its own
    taste; anything else as said."""
    if (
        attr in ("likes", "dislikes")
        and re.fullmatch(r"[\u4e00-\u9fff]{4}", value)
        and value[0] in _PASTIME_VERBS
        and value[2] in _PASTIME_VERBS
    ):
        return [value[:2], value[2:]]
    return [value]


def pref(attr: str, group: str = "v"):
    """likes/dislikes/allergy/language from one group; allergy and 、-lists hold several values."""

    def rule(m, ctx):
        raw, q = m[group], m.groupdict().get("cat")
        if attr == "allergy":  # "是对菠萝过敏", "其实是对虾": the copula and 对 are not the allergen
            raw = re.sub(r"^(?:就是|其实是|也是|只是|是)?(?:对于?)?", "", raw)
        if attr == "language":
            values = languages(raw)
        elif attr == "dislikes" and _SAID_OF_IT.fullmatch(raw):
            values = [_liking_named(ctx)]  # "闻到那个味就反胃": the liking on record the message names
        else:
            values = items(raw) if attr == "allergy" or "、" in raw else _pairs_apart(clean(raw), attr)
        out = [
            cand(attr, v, ctx.subj, ctx.src, qualifier=clean(q) if q else None)
            for v in values
            if v and v not in PRONOUN_VALUE and len(v) <= 40
        ]
        if out and attr in ("likes", "dislikes"):
            ctx.state.last_topic = out[-1].value
            if ctx.past and attr == "likes":  # 以前超爱喝咖啡: a liking that is over
                out = [replace(x, retract=True, correction=True) for x in out] + [
                    cand("note", ctx.src, ctx.subj, ctx.src)
                ]
        return out or None

    return rule


def _named_thing(m, ctx):
    """店名叫老街面馆: the name of something the user runs or belongs to, kept as a note."""
    before = ctx.state.last_clause
    return [cand("note", f"{before}，{ctx.src.strip()}" if before else ctx.src, ctx.subj, ctx.src)]


def _called_off(m, ctx):
    """周五的体检预约取消了: the plan named is no longer coming up (any event holding the word)."""
    x = re.sub(rf"^(?:{TIME}|的)+", "", clean(m["x"]))
    x = re.sub(r"(?:的)?(?:预约|安排|计划|行程|活动|约会|预订)$", "", x) or x
    return [cand("event", x, ctx.subj, ctx.src, retract=True, correction=True)] if len(x) >= 2 else None


def _liking_named(ctx) -> str:
    """The liking on record the sentence names, by its whole value or its head (the last two
    characters: 美式 for 冰美式): what "已经不爱了" with its object left out is about."""
    sentence = ctx.state.sentence or ""
    for value in c.active_values(ctx.state.context, "likes"):
        if value in sentence or (len(value) >= 3 and value[-2:] in sentence):
            return value
    return ""


def _gave_up(m, ctx):
    """咖啡已经戒了: a liking (or diet) that no longer holds."""
    said = m.groupdict()
    v = clean(said.get("v") or said.get("v2") or "") or ctx.state.last_topic or _liking_named(ctx)
    if not v:
        return None
    out = [cand("likes", v, ctx.subj, ctx.src, retract=True, correction=True)]
    if d := ZH_DIETS.get(v):
        out.append(cand("diet", d, ctx.subj, ctx.src, retract=True, correction=True))
    return out


def _breakup(m, ctx):
    gone = [cand(a, m["name"], ME, ctx.src, retract=True, correction=True) for a in ("partner", "spouse")]
    return [*gone, cand("event", ctx.src, ME, ctx.src, kind="fact")]  # the break-up itself is history


def _note(m, ctx):
    return [cand("note", TAIL.sub("", m["v"]), ctx.subj, ctx.src)]


def _whole_note(m, ctx):
    return [cand("note", ctx.src, ctx.subj, ctx.src)]


def _gender(m, ctx):
    return [cand("gender", m["g"], ctx.subj, ctx.src)]


def _certified(m, ctx):
    """A skill told by the paper that certifies it; the day it was got, when said, is an event."""
    out = [cand("skill", TAIL.sub("", m["v"]), ctx.subj, ctx.src)]
    if ctx.has_time:
        out.append(cand("event", ctx.src, ctx.subj, ctx.src, kind="fact"))
    return out


def _skill(m, ctx):
    """ "我会弹吉他": a skill; "我会粤语跟一点点西班牙语": languages, each of them."""
    if ctx.has_time:
        return None
    v = TAIL.sub("", m["v"])
    parts = [re.sub(r"^(?:一点点|一点|一些|点|些)", "", p) for p in _LISTED.split(v)]
    if all(_LANGUAGE_WORD.fullmatch(p) for p in parts):
        return [cand("language", p, ctx.subj, ctx.src) for p in parts]
    return [cand("skill", v, ctx.subj, ctx.src)]


#: Between the items of a short list: 和, 跟, 与, 还有, a pause mark.
_LISTED = re.compile(r"和|跟|与|还有|以及|、")


#: 西班牙语, 粤语, 日文, 上海话: what is learnt is a language
_LANGUAGE_WORD = re.compile(r"[\u4e00-\u9fff]{1,4}(?:语|文|话)$")


def _learning(m, ctx):
    """ "最近在学西班牙语" / "开始学游泳": a language learnt is one of the user's languages, anything
    else a skill in the making (a time word beside it is when it began, not a condition)."""
    v = TAIL.sub("", m["v"])
    if not v or v in ("习", "校", "生", "会"):
        return None
    return [cand("language" if _LANGUAGE_WORD.match(v) else "skill", v, ctx.subj, ctx.src)]


def _if(test, handler):
    return lambda m, ctx: handler(m, ctx) if test(m, ctx) else None


#: The diet words a rule names, longest first (the pack's provided DIET_WORDS).
DIET_WORDS = "|".join(sorted(map(re.escape, ZH_DIETS), key=len, reverse=True))
_is_place = _if(lambda m, x: c.is_place_zh(m["x"], loose=True), hometown)
_occ = lambda m, x: bool(OCCUPATION.search(m["y"]))  # noqa: E731


#: The handlers of lang/zh/predicate.toml's rules, by the name a rule gives as `handler`.
def _their_occupation_alone(m, ctx):
    """An occupation said alone in the clause after someone was named ("…叫周一鸣，程序员"): theirs.
    The user's own such fragments are the fragment reader's (graphmem.extract.fragments)."""
    y = clean(m["y"])
    if ctx.explicit or ctx.subj.is_self or not y or not (y in ZH_OCCUPATIONS or is_title(y, "zh")):
        return None
    return [cand("job_title", y, ctx.subj, ctx.src)]


#: Meats whose leaving out is a way of eating ("不吃红肉", "猪肉不碰"), not only a dislike.
_MEAT_LEFT_OUT = re.compile(r"^(?:红肉|猪肉|牛肉|羊肉|肉|荤|荤菜|海鲜|肉类)$")


def _not_eaten(m, ctx):
    """'我不吃香菜', '红肉还是不碰': a dislike; a meat left out is also a way of eating (不吃红肉);
    carbs or sugar left out is a way of eating only (不碰碳水: 低碳水)."""
    out = pref("dislikes")(m, ctx)
    if not out:
        return out
    # "碳水一口不碰": how little of it is no part of it
    if len(out) == 1 and (
        diet := ZH_LEFT_OUT_FOR_DIET.get(re.sub(r"(?:一口|一点|一丁点)$", "", str(out[0].value)))
    ):
        return [cand("diet", diet, ctx.subj, ctx.src)]
    # only where the way of eating is the matter: the subject said ("我不吃猪肉"), or a diet on
    # record or spoken of (not "老王是回族，不吃猪肉", whose subject the clause leaves out)
    sentence = ctx.state.sentence or ""
    spoken = (
        ctx.explicit
        or bool(c.active_values(ctx.state.context, "diet"))
        or "素" in sentence
        # "我是回族，猪肉不碰的": the speaker's own faith keeps the meat out, a way of eating
        or re.search(r"我(?:是|们家是|家是)(?:回族|穆斯林|清真|犹太)", sentence) is not None
    )
    meats = [x.value for x in out if _MEAT_LEFT_OUT.match(x.value)] if spoken else []
    return [*out, *(cand("diet", f"不吃{v}", ctx.subj, ctx.src) for v in meats)]


#: What was had, said by its measure ("一碗螺蛳粉", "一杯杨枝甘露", "两串烤腰子").
_HAD = re.compile(
    r"(?:[一两二三几半]|\d+)(?:碗|杯|份|盒|包|串|块|口|顿|瓶|罐|根|个|桶|锅)(?P<x>[\u4e00-\u9fffA-Za-z]{2,6}?)(?=$|[，,。！!？?\s]|了|啊|呀)"
)


def _favourite_of_what_was_had(m, ctx):
    """ "…一碗螺蛳粉，酸笋加倍，我的本命美食": "my favourite" said alone is of the last dish or drink
    the sentence says was had."""
    sentence = ctx.state.sentence or ""
    before = sentence[: max(0, sentence.find(ctx.src.strip()))] if ctx.src.strip() in sentence else sentence
    had = [h["x"] for h in _HAD.finditer(before)]
    return [cand("likes", had[-1], ctx.subj, ctx.src)] if had and ctx.subj.is_self else None


HANDLERS: dict[str, Handler] = {
    "not_eaten": _not_eaten,
    "their_occupation_alone": _their_occupation_alone,
    "employer_is": employer_is,
    "named_thing": _named_thing,
    "breakup": _breakup,
    "called_off": _called_off,
    "not_allergic": lambda m, x: [
        cand("allergy", clean(m["x"]), x.subj, x.src, retract=True, correction=True)
    ],
    "gave_up": _gave_up,
    "likes": pref("likes"),
    "language": pref("language"),
    "title_any": lambda m, x: held_title(m, x, need_occupation=False),
    "quit_and_move": quit_and_move,
    "work": workplace_and_title,
    "left_employer": leaving("employer"),
    "left_either": leaving("either"),
    "employer_ended": on_record.employer_ended,
    "left_city": leaving("city"),
    "left_known": left_known,
    "name": name,
    "kind_then_name": kind_then_name,
    "self_introduced": self_introduced,
    "self_introduced_latin": self_introduced_latin,
    "pref_name": pref_name,
    "age": age,
    "birthday_turned": birthday_turned,
    "favourite_of_what_was_had": _favourite_of_what_was_had,
    "age_this_year": age_this_year,
    "birthday": birthday,
    "gender": _gender,
    "new_locals": new_locals,
    "wed": wed,
    "dating": dating,
    "married_zh": married_zh,
    "is_place": _is_place,
    # "我广东梅州的": said with 我; "…米粉，桂林的" says where the noodles are from
    "is_place_said_of_self": _if(lambda m, x: x.explicit, _is_place),
    "pet_cared_for": pet_cared_for,
    "teaches": teaches,
    "hometown_if_place": _if(lambda m, x: c.is_place_zh(m["x"]), hometown),
    "hometown_narrowed": _if(
        lambda m, x: (
            c.is_place_zh(m["x"]) and bool(re.search(r"是.{1,8}[人银]|老家|来自", x.state.last_clause))
        ),
        hometown,
    ),
    "hometown": hometown,
    "diet": diet,
    "diet_broken": diet_broken,
    "diet_given_up": diet_given_up,
    "allergy": pref("allergy", "x"),
    "work_as_occupation": _if(
        # "坐办公室的公务员": how the job is done, no workplace
        lambda m, x: (
            _occ(m, x) and not WHAT_THE_JOB_DOES.match(m["x"]) and not HOW_THE_JOB_IS_HELD.match(m["x"])
        ),
        workplace_and_title,
    ),
    "joined": joined,
    "opened_shop": opened_shop,
    # "去区卫健委报到": a new workplace; one reports to a school as a pupil (zh.predicate.school)
    "joined_if_not_school": _if(lambda m, x: not is_school(m["x"], "zh"), workplace_and_title),
    "back_to_after_leaving": back_to_after_leaving,
    "title": held_title,
    # "我在做产品经理" is the user's job; a clause with its subject left out after someone is
    # named ("我前任叫阿凯，在做房产中介") is theirs, not the user's
    "title_said_of_self": _if(lambda m, x: x.explicit, held_title),
    "title_ended": title_ended,
    "city_if_place": _if(lambda m, x: c.is_place_zh(m["x"]), city),
    "city": city,
    "back_to": back_to,
    "city_if_known_place": _if(lambda m, x: city_named(m["x"]) in ZH_PLACES, city),
    # "现在在深圳南山": the city with its district said after it
    "city_with_district": city_with_district,
    "work_if_org": work_if_org,
    "dislikes": pref("dislikes"),
    "restriction": restriction,
    "reaction": reaction,
    "spoken_languages": _spoken_languages,
    "pet_or_relation": pet_or_relation,
    "pet_gone": pet_gone,
    "pet_died": _if(lambda m, x: x.subj.type == "pet", pet_gone),
    "note": _note,
    "skill": _skill,
    "certified": _certified,
    "learning": _learning,
    "whole_note": _whole_note,
}
