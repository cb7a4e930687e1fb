"""Frames: idioms that state an ordinary fact in other words (the handlers of the `frames`
table of both packs, graphmem/lang/<language>/frames.toml).

A frame is read only when the ordinary grammar of a clause made nothing of it (no clause or
predicate rule yielded), so a frame never takes a sentence from a rule above it:
"we're Chicagoans for good now" (where one lives), "pulling night shifts as a nurse at
Mercy General" (a job), "my beagle ate a sock" (a pet called by its breed), "tea is basically
my personality" (a liking), "Dana and I tied the knot" (a spouse), "took Pip to Dr. Ruiz"
(something about a pet the user told us of, kept on the pet).

The word lists the handlers consult are data: graphmem/lang/<language>/frames_lexicon.toml
(company nicknames, breeds), added to the lists graphmem/extract/lexicon.py holds.
"""

from __future__ import annotations

import re
from dataclasses import replace

from graphmem.extract import common as c
from graphmem.extract import schools
from graphmem.extract import values_en as ve
from graphmem.extract.common import ME, Subject, cand, link
from graphmem.extract.lexicon import (
    EN_BREEDS,
    EN_NOT_NAMES,
    ZH_BREEDS,
    ZH_GENERIC_ORG,
    ZH_LEFT_OUT_FOR_DIET,
    en_demonym_place,
)
from graphmem.extract.patterns_en import place_tail
from graphmem.extract.relations import relation_of
from graphmem.extract.zh_values import TAIL
from graphmem.facts.vocab import has_cjk, render
from graphmem.lang import Handler
from graphmem.lang.lexicons import lexicon
from graphmem.model import SELF, Candidate

__all__ = ["EN_HANDLERS", "ZH_HANDLERS", "breed_species", "canonical_org", "with_org_alias"]

_ZH = lexicon("zh", "frames_lexicon")
_EN = lexicon("en", "frames_lexicon")
#: Company nicknames (鹅厂, 猫厂, 菊厂 …) and the company each names.
ORG_NICKNAMES: dict[str, str] = dict(_ZH["org_nicknames"])
_NATIONS = frozenset(_EN["demonym"]["nations"])
_BREEDS: dict[str, str] = {
    **{b.lower(): k for k, words in _EN["breeds"].items() for b in words},
    **{b: k for k, words in _ZH["breeds"].items() for b in words},
    **EN_BREEDS,
    **ZH_BREEDS,
}


def breed_species(word: str) -> str | None:
    """The animal a breed or species word names ("beagle" → dog, 英短 → cat), None if none."""
    w = word.strip().lower()
    return _BREEDS.get(w) or (_BREEDS.get(w[:-1]) if w.endswith("s") else None)


def canonical_org(name: str) -> str | None:
    """The company a nickname names (鹅厂 → 腾讯); None when `name` is no nickname."""
    canonical = ORG_NICKNAMES.get(name.strip())
    return canonical if canonical and canonical != name.strip() else None


def with_org_alias(cands: list[Candidate]) -> list[Candidate]:
    """Employer candidates named by a nickname keep the name as said, with the company's own
    name in their text ("我在鹅厂（腾讯）工作"), so recall and `get` find it by either."""
    out = []
    for x in cands:
        canonical = canonical_org(x.value) if x.attribute == "employer" and not x.text else None
        if canonical:
            zh = has_cjk(x.value) or has_cjk(x.source_text)
            said = f"{x.value}（{canonical}）" if zh else f"{x.value} ({canonical})"
            x = replace(x, text=render(x.attribute, said, x.subject, zh=zh))
        out.append(x)
    return out


# --- residence ---------------------------------------------------------------------------


def _demonym_city(m, ctx):
    """'a proud Clevelander these days': the place of the demonym, when it is not a nation."""
    dem = m["dem"].lower()
    irregular = _EN["demonym"].get("irregular", {})
    region = irregular.get(dem) or irregular.get(dem.rstrip("s")) or en_demonym_place(dem)
    if region is None or region in _NATIONS:
        return None
    # "a Scouser through and through": where one is from, wherever one lives now
    attribute = "hometown" if re.search(r"through and through\W*$", m[0], re.I) else "city"
    return [cand(attribute, region.title(), ME, ctx.src, confidence=0.85)]


def _settled_en(m, ctx):
    """'signed a lease in Raleigh', 'got residency in Porto': where one lives now."""
    where = ve.place(m["x"] or m.groupdict().get("x2") or "")
    if not where or not (where[0].isupper() or c.is_place_en(where)):  # "a lease in the city"
        return None
    return [cand("city", where, ctx.subj, ctx.src)]


#: The cities Chinese nicknames and districts name ("魔都", "浦东" → 上海; lang/zh/frames_lexicon.toml).
ZH_CITY_BY_OTHER_NAME: dict[str, str] = {
    k: str(v) for table in ("city_nicknames", "district_city") for k, v in _ZH.get(table, {}).items()
}


def city_named(x: str) -> str:
    """The city a nickname or a district names ("魔都", "浦东" → 上海), else `x`."""
    return ZH_CITY_BY_OTHER_NAME.get(x.strip(), x)


def _settled_zh(m, ctx):
    """'在苏州买了房', '在成都定居了', '还在帝都苟着': where one lives now."""
    x = city_named(TAIL.sub("", m["x"] or m.groupdict().get("x2") or ""))
    return [cand("city", x, ctx.subj, ctx.src)] if c.is_place_zh(x) else None


def _my_allergy_zh(m, ctx):
    """'她还记得我对芒果过敏': the allergy is the user's, whoever remembers it."""
    x = TAIL.sub("", m["x"]).strip()
    return [cand("allergy", x, ME, ctx.src)] if x else None


#: What a doctor's word keeps one from, named as the way of eating it makes ("不让我吃甜的": 控糖).
#: Besides what is left out for a diet anyway, a doctor's word makes one of sweets and spice.
_KEPT_FROM = {
    **ZH_LEFT_OUT_FOR_DIET,
    "甜的": "控糖",
    "甜食": "控糖",
    "甜": "控糖",
    "辣": "不吃辣",
    "辣的": "不吃辣",
}


def _kept_from_zh(m, ctx):
    """'医生不让我吃甜的': a way of eating kept for one's health, not a taste."""
    v = TAIL.sub("", m["v"]).strip()
    if not v or _NOT_A_TASTE.match(v):
        return None
    verb = "吃" if m["verb"] == "碰" else m["verb"]
    return [cand("diet", _KEPT_FROM.get(v, f"不{verb}{v}"), ctx.subj, ctx.src)]


#: What a ban order names that one drinks, not eats (禁酒令 is 不喝酒).
_DRUNK = ("酒", "咖", "茶", "奶", "可乐", "饮料")


def _ban_order_zh(m, ctx):
    """'医生给我下了禁辣令': a way of eating ordered for one's health, not a taste."""
    v = m["v"]
    verb = "喝" if v.startswith(_DRUNK) else "吃"
    return [cand("diet", _KEPT_FROM.get(v, f"不{verb}{v}"), ctx.subj, ctx.src)]


def _drifter_zh(m, ctx):
    """'北漂第五年了': one who drifts to work in 北京 lives there."""
    city = _ZH.get("drifters", {}).get(m["x"])
    return [cand("city", str(city), ctx.subj, ctx.src)] if city else None


# --- work --------------------------------------------------------------------------------


def _work_en(m, ctx):
    """'<doing something> as a <title> at <ORG>', '<shifts> at <ORG>': the employer (a Chinese
    name kept as said), the title when one is said, the city when one is ("stuck in Tulsa")."""
    gd = m.groupdict()
    x, city = gd["x"], gd.get("city")
    if not city and not has_cjk(x):  # "… at Olive Garden in Fresno": the workplace and its city
        x, city = place_tail(x)
    raw = ve.span(x)
    org = raw if has_cjk(raw) else ve.org_name(x)
    if not org or c.is_place_en(org):
        return None
    title = ve.job_title_of(gd.get("y"))
    if gd.get("y") and not title and not has_cjk(gd["y"] or ""):
        return None
    out = [cand("employer", org, ctx.subj, ctx.src)]
    if title or gd.get("y"):
        out.append(cand("job_title", title or ve.span(gd["y"] or ""), ctx.subj, ctx.src))
    if city and (where := ve.place(city)):
        out.append(cand("city", where, ctx.subj, ctx.src))
    return out


#: An indefinite or demonstrative opening (一家…, 某…, 那家…) or a relative clause (…的公司):
#: the words describe a workplace, they do not name it.
_ZH_DESCRIPTION = re.compile(r"^(?:一家|一个|一所|一间|某|这家|那家)|的(?:公司|企业|单位|工厂|厂|店|机构)$")


def _work_zh(m, ctx):
    """'在鹅厂搬砖', '在Google当PM': the employer as said (a nickname keeps the company's
    name with it), the title when one is said."""
    org = TAIL.sub("", m["x"]).strip()
    if _ZH_DESCRIPTION.match(org) or org in ZH_GENERIC_ORG:
        return None  # 一家做物流的公司, 公司: a workplace described or unnamed is no employer
    city = city_named(org) if org else ""
    if city and (city != org or c.is_place_zh(org)):
        # "在魔都搬砖第三年了": a city, by its name or its nickname, is where one works and lives
        return [cand("city", city, ctx.subj, ctx.src)] if c.is_place_zh(city) else None
    if not org or not (org in ORG_NICKNAMES or c.is_org_zh(org) or org.isascii()):
        return None
    out = [cand("employer", org, ctx.subj, ctx.src)]
    if (y := (m.groupdict().get("y") or "").strip()) and not re.search(r"[了着过]$", y):
        out.append(cand("job_title", TAIL.sub("", y), ctx.subj, ctx.src))
    return out


# --- pets --------------------------------------------------------------------------------


_ZH_SPECIES = {"dog": "狗", "cat": "猫"}


def _known_pet(ctx, species: str) -> str | None:
    """The name of the user's one pet of `species` on record, if there is exactly one."""
    names = {
        str(f.value)
        for f in ctx.state.context.active_facts
        if f.attribute == "pet" and f.subject_name == SELF and f.qualifier == species
    }
    return next(iter(names)) if len(names) == 1 else None


def _pet_by_breed(m, ctx):
    """'my beagle chewed the couch', '我家那只英短又吐了': the pet (called by its breed unless
    one of that animal is known by name), its species kept, and what was said kept on it."""
    breed = m["breed"].strip()
    species = breed_species(breed)
    if species is None:
        return None
    zh = has_cjk(breed)
    name = _known_pet(ctx, species) or (breed if zh else breed.lower())
    pet = ctx.state.add(name, "pet", species)
    # the breed with its animal ("beagle (dog)", "英短（猫）"): what "my dog" / "我家猫" finds
    said = f"{breed}（{_ZH_SPECIES.get(species, species)}）" if zh else f"{breed.lower()} ({species})"
    out = [link("pet", species, name, ctx.src), cand("note", said, pet, ctx.src)]
    if (m.groupdict().get("rest") or "").strip(" .!，。"):
        kind = "event" if ctx.has_time else "note"
        out.append(cand(kind, ctx.src, pet, ctx.src, kind="fact" if kind == "event" else None))
    return out


def _pet_named_after_breed(m, ctx):
    """'我家二哈雪球今天又…', '我家柯基叫土豆': the pet by its name, its breed and animal kept on it,
    and what was said of it."""
    breed, name = m["breed"].strip(), m["name"].strip()
    species = breed_species(breed)
    if species is None or name in _NOT_PET_NAMES:
        return None
    pet = ctx.state.add(name, "pet", species)
    out = [
        link("pet", species, name, ctx.src),
        cand("note", f"{breed}（{_ZH_SPECIES.get(species, species)}）", pet, ctx.src),
    ]
    if (m["rest"] or "").strip(" .!，。,"):
        kind = "event" if ctx.has_time else "note"
        out.append(cand(kind, ctx.src, pet, ctx.src, kind="fact" if kind == "event" else None))
    return out


#: Words after a breed that are no pet's name ("我家柯基真的…").
_NOT_PET_NAMES = frozenset(
    "真的 特别 非常 超级 平时 现在 这个 那个 好像 还是 就是 每次 不是 没有 可能 应该 已经 今年 明天".split()
)


# --- tastes ------------------------------------------------------------------------------

#: (a Chinese word has no word boundary after it: "我的猫" is 我的 + 猫, "这家" names no taste)
_NOT_A_TASTE = re.compile(
    r"^(?:(?:my|our|his|her|their|this|that|it|he|she|they|you)\b|我|他|她|你|它|这|那|今天|昨天|今晚|刚才|人生)",
    re.I,
)


def _affinity(m, ctx):
    """'tea is basically my personality', 'can't live without tea', '奶茶是我的命': a liking."""
    v = m["v"].strip(" ,.!，。")
    v = _MEAL_LEAD.sub("", v) if has_cjk(v) else v
    if not v or _NOT_A_TASTE.match(v) or relation_of(v.lower()):
        return None
    value = TAIL.sub("", v) if has_cjk(v) else ve.like_value(v)
    return [cand("likes", value, ctx.subj, ctx.src)] if value else None


#: When and at which meal it was had, before the dish praised ("今天午饭螺蛳粉绝绝子",
#: "晚上点了个麻辣烫yyds"): no part of what is liked.
_MEAL_LEAD = re.compile(
    r"^(?:今天|昨天|昨晚|今晚|刚才|刚刚|中午|晚上|早上|周末)?(?:的)?(?:午饭|晚饭|早饭|早餐|午餐|晚餐|宵夜|夜宵|下午茶|外卖)?"
    r"(?:又)?(?:吃了|喝了|点了|吃的|喝的|买了|来了)?(?:一|个|一个)?(?:碗|份|杯|个|顿|盒)?"
)


def _aversion(m, ctx):
    """'cilantro tastes like soap to me', 'olives smell like feet': a thing one cannot stand."""
    v = m["v"].strip(" ,.!，。")
    if not v or _NOT_A_TASTE.match(v) or relation_of(v.lower()):
        return None
    value = TAIL.sub("", v) if has_cjk(v) else ve.like_value(v)
    return [cand("dislikes", value, ctx.subj, ctx.src)] if value else None


# --- marriage ----------------------------------------------------------------------------


def _clean_name(name: str | None) -> str | None:
    n = TAIL.sub("", (name or "").strip())
    if not n or relation_of(n.lower()) or n.split()[0] in EN_NOT_NAMES:
        return None
    return n


def _wed_self(m, ctx):
    """'Dana and I tied the knot', '我和小雨领证了': the user's spouse (a partner by that name
    ends), the wedding kept as an event or a note."""
    name = _clean_name(m["name"])
    if name is None:
        return None
    ctx.state.add(name, "person", "spouse")
    was = [v for v in c.active_values(ctx.state.context, "partner") if v == name]
    ended = [cand("partner", v, ME, ctx.src, retract=True, correction=True) for v in was]
    kind = "event" if ctx.has_time else "note"
    wedding = cand(kind, ctx.src, ME, ctx.src, kind="fact" if kind == "event" else None)
    return [*ended, link("spouse", None, name, ctx.src), wedding]


def _engaged_self(m, ctx):
    """'Dana and I got engaged', '我和阿杰订婚了': the user's fiancé(e)."""
    name = _clean_name(m["name"])
    if name is None:
        return None
    ctx.state.add(name, "person", "fiance")
    kind = "event" if ctx.has_time else "note"
    return [link("partner", "fiance", name, ctx.src), cand(kind, ctx.src, ME, ctx.src)]


# --- the user's people -------------------------------------------------------------------


_LINKS = {"pet": "pet", "child": "person", "parent": "person", "sibling": "person", "spouse": "person",
          "partner": "person", "friend": "person"}  # fmt: skip


def _linked(ctx, who: str) -> Subject | None:
    """Someone the user's facts link them to by this name (a pet, a child …), not yet met in
    this message."""
    for f in ctx.state.context.active_facts:
        if f.subject_name == SELF and f.attribute in _LINKS and str(f.value) == who:
            return ctx.state.add(who, _LINKS[f.attribute], f.qualifier or f.attribute)
    return None


def _met(ctx, who: str) -> Subject | None:
    """Someone this message has named by exactly `who` so far."""
    found = ctx.state.entity_at(who, word_boundary=True)
    return found[0] if found is not None and found[1] == len(who) else None


def _about_known(m, ctx):
    """'took Pip to Dr. Ruiz at Elm Vet', '带豆豆去打疫苗': something done with someone the user
    told us of is kept on them (an event when dated, else a note), found by the multi-hop path."""
    who = m["who"].strip()
    subj = _met(ctx, who) or _linked(ctx, who)
    if subj is None:
        return None
    if subj.is_self or not (m["rest"] or "").strip(" .!，。"):
        return None
    ctx.state.mention(subj)
    kind = "event" if ctx.has_time else "note"
    return [cand(kind, ctx.src, subj, ctx.src, kind="fact" if kind == "event" else None)]


def _known_school(m, ctx):
    """ "Leo's teacher at Maple Ridge Elementary emailed me": the school of someone the user told
    us of, said by who is there with them."""
    who = m["who"].strip()
    # someone the user told of before this message, and no one else ("Priya's teacher at …"
    # about a stranger is no school of the user's people)
    on_record = any(f.subject_name == who for f in ctx.state.context.active_facts)
    subj = _linked(ctx, who) or (_met(ctx, who) if on_record else None)
    school = schools.school_name_en(m["x"])
    if subj is None or subj.is_self or school is None or not schools.is_school(school, "en"):
        return None
    ctx.state.mention(subj)
    return [cand("school", school, subj, ctx.src)]


def _dropped_at_school(m, ctx):
    """ "dropped Leo at Maplewood Elementary this morning": someone the user takes to school is
    their child (unless told of as someone else), and that is the child's school."""
    who, school = m["who"].strip(), schools.school_name_en(m["x"])
    if school is None or not schools.is_school(school, "en") or who in EN_NOT_NAMES:
        return None
    subj = _met(ctx, who) or _linked(ctx, who)
    out = []
    if subj is None:
        subj = ctx.state.add(who, "person", "child")
        out.append(link("child", None, who, ctx.src))
    if subj.is_self or subj.type != "person":
        return None
    ctx.state.mention(subj)
    return [*out, cand("school", school, subj, ctx.src)]


def _dropped_at_school_zh(m, ctx):
    """'送我儿子乐乐去实验小学': the child the user takes to a school goes there (named, or only
    said as 娃 or 儿子)."""
    school = m["x"]
    if not schools.is_school(school, "zh"):
        return None
    who, rel = (m["who"] or "").strip(), m["rel"]
    if who and not rel:
        subj = _met(ctx, who) or _linked(ctx, who)
        if subj is None or subj.is_self or subj.type != "person":
            return None  # "送朋友去…": only one of the user's people, or a child said as one
        return [cand("school", school, subj, ctx.src)]
    attribute, qual = relation_of(rel or "孩子") or ("child", None)
    if who:
        subj = _met(ctx, who) or ctx.state.add(who, "person", qual or attribute)
        ctx.state.mention(subj)
        return [link(attribute, qual, who, ctx.src), cand("school", school, subj, ctx.src)]
    known = ctx.state.by_relation(qual) if qual else []
    subj = known[0] if len(known) == 1 else Subject(rel or "孩子", "person", qual or attribute, named=False)
    return [cand("school", school, subj, ctx.src)]


#: The handlers of lang/en/frames.toml's rules, by the name a rule gives as `handler`.
_EMPLOYEE_NAMES: dict[str, str] = {k.lower(): v for k, v in _EN["employee_names"].items()}


def _employee_name(m, ctx):
    """'being a googler': the company whose staff call themselves so (lang/en/frames_lexicon.toml)."""
    company = _EMPLOYEE_NAMES.get(m["e"].lower())
    return [cand("employer", company, ME, ctx.src)] if company else None


EN_HANDLERS: dict[str, Handler] = {
    "frame_employee_name": _employee_name,
    "frame_demonym_city": _demonym_city,
    "frame_settled_city": _settled_en,
    "frame_work": _work_en,
    "frame_pet_by_breed": _pet_by_breed,
    "frame_affinity": _affinity,
    "frame_aversion": _aversion,
    "frame_wed_self": _wed_self,
    "frame_engaged_self": _engaged_self,
    "frame_about_known": _about_known,
    "frame_known_school": _known_school,
    "frame_dropped_at_school": _dropped_at_school,
}

#: The handlers of lang/zh/frames.toml's rules.
ZH_HANDLERS: dict[str, Handler] = {
    "frame_settled_city": _settled_zh,
    "frame_my_allergy": _my_allergy_zh,
    "frame_drifter_city": _drifter_zh,
    "frame_work": _work_zh,
    "frame_pet_named_after_breed": _pet_named_after_breed,
    "frame_pet_by_breed": _pet_by_breed,
    "frame_affinity": _affinity,
    "frame_aversion": _aversion,
    "frame_kept_from": _kept_from_zh,
    "frame_ban_order": _ban_order_zh,
    "frame_wed_self": _wed_self,
    "frame_engaged_self": _engaged_self,
    "frame_about_known": _about_known,
    "frame_dropped_at_school": _dropped_at_school_zh,
}
