"""Chinese predicate handlers of who someone is: a name (叫乐乐, 我是唐宁, 小名叫豆豆, a pet named
after its kind), an age (今年29, 过8岁生日) and a birthday. The patterns are data, in
graphmem/lang/zh/predicate.toml; graphmem.extract.patterns_zh binds these handlers to them."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract.common import ME, Subject, cand, link
from graphmem.extract.lexicon import EN_NOT_NAMES, ZH_BREEDS
from graphmem.extract.patterns_zh_work import WORKPLACE_SAID
from graphmem.extract.relations import entity_type, relation_of
from graphmem.extract.values_en import is_job
from graphmem.extract.zh_values import OCCUPATION, PRONOUN_VALUE, TAIL, clean
from graphmem.text.terms import zh_number

#: An animal counted at the end of a clause ("领回来一只三花猫", "捡了只小狗").
_ANIMAL_AT_END = re.compile(r"(?:一|两)?(?:只|条|头|匹)(?P<k>[\u4e00-\u9fff]{1,5})$")


#: A real name, said as one ("本名", "真名", "大名", "全名"), and a sentence where the user says what
#: they are called.
_REAL_NAME = re.compile(r"^(?:本|真|大|全)名")
_OWN_NAME_SAID = re.compile(r"叫我|喊我|我叫|我的名字|我名字")


def name(m, ctx):
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


def kind_then_name(m, ctx):
    """家里主子是一只橘猫叫大橘: an animal spoken of by a word for it, then its kind and its name."""
    s, name = ctx.subj, TAIL.sub("", m["name"]).strip()
    if s.is_self or s.named or s.type != "pet" or not name or name in PRONOUN_VALUE:
        return None
    attr, qual = placeholder_relation(s)
    ctx.subj = ctx.state.add(name, "pet", qual or attr)
    return [link(attr, qual, name, ctx.src), cand("note", clean(m["kind"]), ctx.subj, ctx.src)]


def self_introduced(m, ctx):
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


def self_introduced_latin(m, ctx):
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


def age(m, ctx):
    return _age_n(m["n"], ctx)


def birthday_turned(m, ctx):
    """过8岁生日: the age turned, and, with a day said (昨天), the birthday party as an event."""
    out = _age_n(m["n"], ctx)
    return out + [cand("event", ctx.src, ctx.subj, ctx.src)] if out and ctx.has_time else out


def birthday(m, ctx):
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


def age_this_year(m, ctx):
    """今年29, 都31了, 今年该是六十六: this year's age, unless the clause before spoke of a measure."""
    if _MEASURED.search(ctx.state.last_clause or "") and not re.search("岁|今年", ctx.src):
        return None
    return _age_n(m["n"] or m["n2"] or m["n3"] or m["n5"] or _said_this_year(m["n4"], ctx), ctx)
