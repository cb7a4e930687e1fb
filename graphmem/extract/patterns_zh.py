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
from graphmem.extract.common import ME, Subject, cand, link
from graphmem.extract.frames import city_named
from graphmem.extract.lexicon import (
    EN_NOT_NAMES,
    ZH_BREEDS,
    ZH_DIETS,
    ZH_LEFT_OUT_FOR_DIET,
    ZH_OCCUPATIONS,
    ZH_PLACES,
)
from graphmem.extract.patterns_zh_diet import diet, diet_broken, diet_given_up, reaction, restriction
from graphmem.extract.patterns_zh_marriage import dating, married_zh, wed
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
    WORKPLACE_SAID,
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
from graphmem.extract.relations import entity_type, relation_of
from graphmem.extract.schools import is_school
from graphmem.extract.values_en import is_job
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
from graphmem.text.terms import zh_number

#: An animal counted at the end of a clause ("领回来一只三花猫", "捡了只小狗").
_ANIMAL_AT_END = re.compile(r"(?:一|两)?(?:只|条|头|匹)(?P<k>[\u4e00-\u9fff]{1,5})$")


#: A real name, said as one ("本名", "真名", "大名", "全名"), and a sentence where the user says what
#: they are called.
_REAL_NAME = re.compile(r"^(?:本|真|大|全)名")
_OWN_NAME_SAID = re.compile(r"叫我|喊我|我叫|我的名字|我名字")


def _name(m, ctx):
    v = TAIL.sub("", m["name"]).strip()
    if not v or len(v) > 12 or v in PRONOUN_VALUE:
        return None
    s = ctx.subj
    # "养了两只猫，叫可乐和雪碧": names the clause before already linked are said again
    listed = [n for n in re.split(r"和|跟|与|、", v) if n]
    if len(listed) > 1 and all(
        (hit := ctx.state.entity_at(n, word_boundary=False)) and hit[0].name == n for n in listed
    ):
        return []
    if (
        s.is_self
        and not ctx.explicit
        and _OWN_NAME_SAID.search(ctx.state.sentence or "")
        and _REAL_NAME.match(m[0])
    ):
        # "以后叫我小鱼就行，本名于清漪": a real name said beside what the user is called is theirs
        return [cand("name", v, s, ctx.src)]
    if s.is_self and not ctx.explicit:
        # "…新开了一家店，叫老王烧烤": a name in a clause that does not say it is the user's
        # names what the clause before introduced; it is kept as a note, never as the user's name.
        before = ctx.state.last_clause
        note = [cand("note", f"{before}，{ctx.src.strip()}" if before else ctx.src, s, ctx.src)]
        # "…在一家做咖啡机的小公司，叫暖山科技": the workplace just said is named
        if WORKPLACE_SAID.search(before or "") and not relation_of(v):
            return [cand("employer", v, s, ctx.src), *note]
        # "我家那个拆家大王（边牧，叫土豆）": an animal said by its kind alone, then named; "领回来
        # 一只三花猫，取名年糕": the animal the clause before ended on
        kind = (before or "").strip()
        if (got := _ANIMAL_AT_END.search(kind)) and (
            relation_of(got["k"]) or relation_of(got["k"][-1]) or got["k"] in ZH_BREEDS
        ):
            kind = got["k"] if relation_of(got["k"]) or got["k"] in ZH_BREEDS else got["k"][-1]
        pet = relation_of(kind) if kind else None
        if (pet and pet[0] == "pet") or kind in ZH_BREEDS:
            qual = pet[1] if pet else ZH_BREEDS.get(kind)
            ctx.subj = ctx.state.add(v, "pet", qual)
            breed = [cand("note", kind, ctx.subj, ctx.src)] if kind in ZH_BREEDS else []
            return [link("pet", qual, v, ctx.src), *breed]
        return note
    if s.named and s.type == "pet" and v != s.name:  # 给猫改名了，以后它就叫年糕: the pet is renamed
        attr, qual = "pet", s.relation
        ctx.subj = ctx.state.add(v, "pet", qual)
        return [cand("pet", s.name, ME, ctx.src, retract=True, correction=True, qualifier=qual),
                link(attr, qual, v, ctx.src)]  # fmt: skip
    if not s.named and not s.is_self:  # 我儿子叫乐乐: the name is the link's value
        attr, qual = placeholder_relation(s)
        ctx.subj = ctx.state.add(v, entity_type(attr), qual or attr)
        # the kind it was said by stays on it: a breed, or any kind kept (养了只三花，叫花卷)
        kind = s.name in ZH_BREEDS or (s.type == "pet" and not relation_of(s.name))  # 猫, 主子: no kind
        breed = [cand("note", s.name, ctx.subj, ctx.src)] if kind else []
        return [link(attr, qual, v, ctx.src), *breed]
    return [cand("name", v, s, ctx.src)]


def _kind_then_name(m, ctx):
    """家里主子是一只橘猫叫大橘: an animal spoken of by a word for it, then its kind and its name."""
    s, name = ctx.subj, TAIL.sub("", m["name"]).strip()
    if s.is_self or s.named or s.type != "pet" or not name or name in PRONOUN_VALUE:
        return None
    attr, qual = placeholder_relation(s)
    ctx.subj = ctx.state.add(name, "pet", qual or attr)
    return [link(attr, qual, name, ctx.src), cand("note", clean(m["kind"]), ctx.subj, ctx.src)]


def _self_introduced(m, ctx):
    """我是唐宁: a surname and a given name after 我是 introduce the user (not 我是老师, 我是湖南人)."""
    v = m["name"]
    if (
        not ctx.explicit
        or OCCUPATION.search(v)
        or c.is_place_zh(v, loose=True)
        or c.zh_pos(v) in ("n", "ns", "a", "v")
        or v.endswith("人")  # 我是沈阳人, 我是黄山人: where one is from (a given name rarely ends in 人)
    ):
        return None
    return [cand("name", v, ctx.subj, ctx.src)]


def _self_introduced_latin(m, ctx):
    """我是Kevin: a Latin given name; not a job ("我是Designer"), a place or a company."""
    v = m["name"]
    if not ctx.explicit or is_job(v) or c.is_place_en(v) or c.is_org_en(v) or v.split()[0] in EN_NOT_NAMES:
        return None
    return [cand("name", v, ctx.subj, ctx.src)]


def pref_name(m, ctx):
    v = TAIL.sub("", re.sub(r"(?:就行|就好|就可以|就是了|好了|吧)+$", "", m["name"])).strip()
    if not v or len(v) > 12 or v in PRONOUN_VALUE:
        return None
    s = ctx.subj
    if not s.named and not s.is_self:
        # "闺女小名叫豆豆", "我儿子乳名乐乐": a child (or pet) known only by a nickname is
        # that one, so what is said of it next is kept on it, and recall finds it by the name
        attr, qual = placeholder_relation(s)
        ctx.subj = ctx.state.add(v, entity_type(attr), qual or attr)
        return [link(attr, qual, v, ctx.src)]
    return [cand("preferred_name", v, s, ctx.src)]


def _age_n(text: str, ctx):
    n = zh_number(text)
    return [cand("age", str(n), ctx.subj, ctx.src)] if n and 0 < n < 130 else None


#: "目标瘦到50公斤 现在56": a bare number after a clause about a measure is that measure, not an age
_MEASURED = re.compile(
    r"斤|公斤|千克|kg|KG|磅|厘米|cm|CM|米|分(?!钟)|块钱|元|万|度(?!假)|血压|血糖|体重|身高"
)


def _said_this_year(n: str | None, ctx) -> str:
    """An age said as what one "should be" counts only beside 今年 or 岁 ("今年该是六十六")."""
    return n if n and ("今年" in ctx.src or "岁" in ctx.src) else ""


def _age(m, ctx):
    return _age_n(m["n"], ctx)


def _birthday_turned(m, ctx):
    """过8岁生日: the age turned, and, with a day said (昨天), the birthday party as an event."""
    out = _age_n(m["n"], ctx)
    return out + [cand("event", ctx.src, ctx.subj, ctx.src)] if out and ctx.has_time else out


def _birthday(m, ctx):
    month, day = zh_number(m["m"]), zh_number(m["d"])
    if not month or not day or month > 12 or day > 31:
        return None
    y = m["y"] or ""
    y = ("19" if int(y) > 30 else "20") + y if len(y) == 2 else y  # 94年 → 1994年
    year = f"{y}年" if y else ""
    return [cand("birthday", f"{m['cal'] or ''}{year}{month}月{day}日", ctx.subj, ctx.src)]


def placeholder_relation(s: Subject) -> tuple[str, str | None]:
    """(attribute, qualifier) of an unnamed relative or pet: 女儿, 狗狗, or a breed (柯基)."""
    if rel := relation_of(s.name):
        return rel
    return ("pet", s.relation) if s.type == "pet" else ("friend", s.relation)


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
    return None if ctx.has_time else [cand("skill", TAIL.sub("", m["v"]), ctx.subj, ctx.src)]


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
    "name": _name,
    "kind_then_name": _kind_then_name,
    "self_introduced": _self_introduced,
    "self_introduced_latin": _self_introduced_latin,
    "pref_name": pref_name,
    "age": _age,
    "birthday_turned": _birthday_turned,
    "favourite_of_what_was_had": _favourite_of_what_was_had,
    "age_this_year": lambda m, x: (
        None
        if _MEASURED.search(x.state.last_clause or "") and not re.search("岁|今年", x.src)
        else _age_n(m["n"] or m["n2"] or m["n3"] or m["n5"] or _said_this_year(m["n4"], x), x)
    ),
    "birthday": _birthday,
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
