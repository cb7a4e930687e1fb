"""Chinese predicate patterns: what follows the subject of a clause ("在海川银行做数据分析师",
"对海鲜过敏", "叫乐乐") mapped onto vocabulary attributes, with the value cleaners they use.

`RULES` is ordered; rules_zh tries them in turn and keeps the first that yields candidates.
A handler returns None to let later rules (and finally the note/event fallback) try.
"""

from __future__ import annotations

import re
from dataclasses import replace

from graphmem.extract import common as c
from graphmem.extract.common import ME, Ctx, Subject, cand, link
from graphmem.extract.lexicon import ZH_BREEDS, ZH_DIETS, ZH_GENERIC_ORG, ZH_PLACES
from graphmem.extract.patterns_zh_diet import FOR_YEARS, REACTION, diet, diet_broken, reaction, restriction
from graphmem.extract.patterns_zh_marriage import married_zh, wed
from graphmem.extract.relations import entity_type, relation_of
from graphmem.extract.zh_lists import listed_names
from graphmem.extract.zh_values import (
    LANGS,
    NAME,
    NOT_A_JOB,
    OCCUPATION,
    PET_WORD,
    PRONOUN_VALUE,
    REL,
    TAIL,
    TIME,
    N,
    clean,
    items,
    languages,
    untimed,
)
from graphmem.text.terms import zh_number


def _org_or_place(x: str, y: str | None, ctx: Ctx, *, title_only_ok: bool = True) -> list | None:
    """在X做Y / 在X工作: X is a city, a nameless workplace or an employer."""
    x = re.sub(r"^(?:一家|一个|一所|一间|某|这家|那家|现在的|目前的)", "", untimed(x))
    y = re.sub(r"(?:方面|相关)?(?:的)?(?:工作|岗位|职位)?(?:了|的)?$", "", (y or "").strip()) or None
    y = None if y in NOT_A_JOB else y
    if ctx.past:  # 以前在阿里工作: history, not the current employer
        return [cand("note", ctx.src, ctx.subj, ctx.src)]
    place, org = x, ""
    if "的" in x:
        place, org = x.split("的", 1)
    else:
        for n in (4, 3, 2):  # 北京一家互联网公司
            if x[:n] in ZH_PLACES and len(x) > n and not c.is_place_zh(x):
                place, org = x[:n], x[n:]
                break
    org = re.sub(r"^(?:一家|一个|一所|某)", "", org)
    if _DESCRIBED.match(x):  # 一家做外卖的公司: what the company does, not its name
        x, org = "", ""
    out = []
    if c.is_place_zh(place):
        out.append(cand("city", place, ctx.subj, ctx.src))
        x = org
    if x and x not in ZH_GENERIC_ORG and not c.is_place_zh(x):
        out.append(cand("employer", x, ctx.subj, ctx.src))
    elif not out and not (y and OCCUPATION.search(y) and title_only_ok):
        return None
    if y:
        out.append(cand("job_title", y, ctx.subj, ctx.src))
    return out or None


_DESCRIBED = re.compile(
    r"^(?:做|搞|干|从事|开|卖|专做|主营|生产|研发)[^，,]{1,12}的(?:公司|企业|单位|工厂|厂|店|机构|集团|团队|创业公司)$"
)


def _work(m, ctx):
    return _org_or_place(m["x"], m.groupdict().get("y"), ctx)


def _joined(m, ctx):
    if m["v"] in ("去了", "进了") and not (c.is_org_zh(m["x"]) or re.search(r"[A-Za-z]", m["x"])):
        return None
    return _org_or_place(m["x"], m["y"], ctx, title_only_ok=False)


def _title_ended(m, ctx):
    x = clean(m["x"])
    return [cand("job_title", x, ctx.subj, ctx.src, retract=True, correction=True)] if x else None


def _title(m, ctx, *, need_occupation=True):
    y = clean(m["y"])
    return (
        [cand("job_title", y, ctx.subj, ctx.src)]
        if y and (OCCUPATION.search(y) or not need_occupation)
        else None
    )


def _left(kind: str):
    """Leaving X: 离职 is always a job, 不住 always a city; 离开/不在X工作 decide by the gazetteer."""

    def rule(m, ctx):
        x = clean(m["x"])
        attr = kind if kind != "either" else ("city" if c.is_place_zh(x) else "employer")
        return [cand(attr, x, ctx.subj, ctx.src, retract=True, correction=True)] if x else None

    return rule


def _quit_and_move(m, ctx):
    """三月初辞职回长沙了: the job on record ends and the city changes."""
    x = clean(m["x"])
    if not c.is_place_zh(x, loose=True):
        return None
    return [*(c.employer_ended(m, ctx) or []), cand("city", x, ctx.subj, ctx.src)]


def _name(m, ctx):
    v = TAIL.sub("", m["name"]).strip()
    if not v or len(v) > 12 or v in PRONOUN_VALUE:
        return None
    s = ctx.subj
    if s.is_self and not ctx.explicit:
        # "…新开了一家店，叫老王烧烤": a name in a clause that does not say it is the user's
        # names what the clause before introduced; it is kept as a note, never as the user's name.
        before = ctx.state.last_clause
        return [cand("note", f"{before}，{ctx.src.strip()}" if before else ctx.src, s, ctx.src)]
    if s.named and s.type == "pet" and v != s.name:  # 给猫改名了，以后它就叫年糕: the pet is renamed
        attr, qual = "pet", s.relation
        ctx.subj = ctx.state.add(v, "pet", qual)
        return [cand("pet", s.name, ME, ctx.src, retract=True, correction=True, qualifier=qual),
                link(attr, qual, v, ctx.src)]  # fmt: skip
    if not s.named and not s.is_self:  # 我儿子叫乐乐: the name is the link's value
        attr, qual = placeholder_relation(s)
        ctx.subj = ctx.state.add(v, entity_type(attr), qual or attr)
        breed = [cand("note", s.name, ctx.subj, ctx.src)] if s.name in ZH_BREEDS else []
        return [link(attr, qual, v, ctx.src), *breed]
    return [cand("name", v, s, ctx.src)]


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


def pref_name(m, ctx):
    v = TAIL.sub("", re.sub(r"(?:就行|就好|就可以|就是了|好了|吧)+$", "", m["name"])).strip()
    return [cand("preferred_name", v, ctx.subj, ctx.src)] if v and len(v) <= 12 else None


def _age_n(text: str, ctx):
    n = zh_number(text)
    return [cand("age", str(n), ctx.subj, ctx.src)] if n and 0 < n < 130 else None


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


def _hometown(m, ctx, *, strict=False):
    x = TAIL.sub("", m["x"]).strip()
    if not x or len(x) > 12 or (strict and not c.is_place_zh(x, loose=True)):
        return None
    return [cand("hometown", x, ctx.subj, ctx.src)]


def _new_locals(m, ctx):
    """ "现在也算半个杭州人了": being a local of a place *now* is living there; "是湖南人" (no change
    of state) stays the hometown rule's."""
    if not (m["le"] or (m["now"] and re.match(r"现在|如今|已经|终于|总算|正式", m.group(0)))):
        return None
    x = m["x"]
    if not c.is_place_zh(x, loose=True):
        return None
    return [cand("city", x, ctx.subj, ctx.src, confidence=0.85)]


_NEW_LOCALS = re.compile(
    r"^(?P<now>现在|如今|已经|终于|总算|也|都|正式)*(?:算是?|成为了?|成了|变成了?|是)(?:半个|一个|个|正式的|真正的|地道的|新)?"
    r"(?P<x>[^，,的个一]{2,10})人(?P<le>了|啦)*(?:哈+|呀|啊|哦|~|～)*$"
)


def new_locals_of(pred: str, ctx):
    """'现在我也算半个杭州人了': the same reading when the time word comes before the subject."""
    m = _NEW_LOCALS.match(pred)
    return _new_locals(m, ctx) if m else None


def _city(m, ctx):
    x = TAIL.sub("", untimed(TAIL.sub("", m["x"])))  # 搬去深圳下个月, 搬到广州了上个月
    if not c.is_place_zh(x, loose=True):
        return None
    return [cand("note" if ctx.past else "city", ctx.src if ctx.past else x, ctx.subj, ctx.src)]


def _back_to(m, ctx):
    """回老家杭州工作了 / 回成都发展了: the city is the one gone back to, and, said 老家, the
    hometown too."""
    out = _city(m, ctx)
    if out and m["home"] and not ctx.past:
        out.append(cand("hometown", out[0].value, ctx.subj, ctx.src))
    return out


_LANG_AMOUNT = re.compile(r"^(?:一点点|一点|一些|点|几句|流利的|一口流利的|标准的|地道的|简单的)")
_LANG_ITEM = re.compile(r"^[\u4e00-\u9fffA-Za-z]{1,6}?(?:语|话|文)$")


def _spoken_languages(m, ctx):
    """会说粤语和一点点法语: every language of the list, each with its own amount word."""
    items = [_LANG_AMOUNT.sub("", x.strip()) for x in re.split(r"[、，,和跟及与]|以及|还有", m["v"])]
    if len(items) < 2 or not all(_LANG_ITEM.match(x) for x in items):
        return None
    return [cand("language", x, ctx.subj, ctx.src) for x in items]


def pref(attr: str, group: str = "v"):
    """likes/dislikes/allergy/language from one group; allergy and 、-lists hold several values."""

    def rule(m, ctx):
        raw, q = m[group], m.groupdict().get("cat")
        if attr == "language":
            values = languages(raw)
        else:
            values = items(raw) if attr == "allergy" or "、" in raw else [clean(raw)]
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


def _pet_or_relation(m, ctx):
    """我养了一只猫(叫咪咪) / 我有个哥哥 / 我养了一只柯基叫豆豆."""
    word, name = m["rel"], (m["name"] or "").strip()
    attr, qual = ("pet", ZH_BREEDS[word]) if word in ZH_BREEDS else relation_of(word) or ("pet", None)
    if name and name not in PRONOUN_VALUE:
        subj = ctx.state.add(name, entity_type(attr), qual or attr)
        out = [link(attr, qual, name, ctx.src)]
        return out + [cand("note", word, subj, ctx.src)] if word in ZH_BREEDS else out
    if m["cnt"] not in (None, "一", "1"):
        if names := listed_names(ctx.state.sentence or "", word, m["cnt"]):  # 两只猫，叫可乐和雪碧
            for n in names:
                ctx.state.add(n, entity_type(attr), qual or attr, mention=False)
            return [link(attr, qual, n, ctx.src) for n in names]
        return [cand("note", ctx.src, ctx.subj, ctx.src)]
    # A name may follow in the next clause ("，叫咪咪"); it inherits this subject.
    ctx.subj = Subject(word, entity_type(attr), qual or attr, named=False)
    ctx.state.mention(ctx.subj)
    return [link(attr, qual, word, ctx.src)]


def _pet_gone(m, ctx):
    s = ctx.subj
    if s.type == "pet" and s.named:
        gone = cand("pet", s.name, ME, ctx.src, retract=True, correction=True, qualifier=s.relation)
        # "团子上个月去喵星了": when it happened stays, as for any event
        return [gone, cand("event", ctx.src, ME, ctx.src)] if ctx.has_time else [gone]
    word = m.groupdict().get("rel") or s.name
    qual = (relation_of(word) or ("pet", ZH_BREEDS.get(word)))[1]
    names = [e.name for e in ctx.state.by_relation(qual)] or [word]
    return [cand("pet", n, ME, ctx.src, retract=True, correction=True, qualifier=qual) for n in names]


def _named_thing(m, ctx):
    """店名叫老街面馆: the name of something the user runs or belongs to, kept as a note."""
    before = ctx.state.last_clause
    return [cand("note", f"{before}，{ctx.src.strip()}" if before else ctx.src, ctx.subj, ctx.src)]


def _called_off(m, ctx):
    """周五的体检预约取消了: the plan named is no longer coming up (any event holding the word)."""
    x = re.sub(rf"^(?:{TIME}|的)+", "", clean(m["x"]))
    x = re.sub(r"(?:的)?(?:预约|安排|计划|行程|活动|约会|预订)$", "", x) or x
    return [cand("event", x, ctx.subj, ctx.src, retract=True, correction=True)] if len(x) >= 2 else None


def _gave_up(m, ctx):
    """咖啡已经戒了: a liking (or diet) that no longer holds."""
    v = clean(m["v"] or m["v2"] or "") or ctx.state.last_topic
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


def _skill(m, ctx):
    return None if ctx.has_time else [cand("skill", TAIL.sub("", m["v"]), ctx.subj, ctx.src)]


def _if(test, handler):
    return lambda m, ctx: handler(m, ctx) if test(m, ctx) else None


_X = r"(?P<x>[^，,]{1,24}?)"
_PET_ADJ = r"橘|白|黑|花|灰|黄|三花|狸花|奶|小|大|流浪|一只小"
_SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪"
    "范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤欧阳司马上官诸葛"
)
_Y = r"(?P<y>[^，,]{1,16})"
_DIET_WORDS = "|".join(sorted(map(re.escape, ZH_DIETS), key=len, reverse=True))
_LIKE_ADV = r"(?:很|非常|特别|超级|超|挺|最|比较|真的|蛮|尤其|更|越来越|有点)*"
_is_place = _if(lambda m, x: c.is_place_zh(m["x"], loose=True), _hometown)
_occ = lambda m, x: bool(OCCUPATION.search(m["y"]))  # noqa: E731

# fmt: off
_TABLE = [
    # what the user's company or shop is called; ending a plan or a relationship
    (r"^(?:的)?(?:公司|单位|东家|雇主)(?:的)?(?:名字|名称|全称|名)?(?:叫做?|是|为)(?P<x>[^，,]{2,24})$",
     lambda m, x: [cand("employer", clean(m["x"]), x.subj, x.src)]),
    (r"^(?:的)?(?:店|店铺|小店|铺子|餐馆|饭馆|面馆|饭店|餐厅|咖啡馆|工作室|网店|公众号|频道|乐队|球队)(?:的)?(?:名字|名称|名)?(?:叫做?|是)"
     r"(?P<x>[^，,]{2,20})$|^(?:店名|店的名字)(?:叫做?|是)(?P<x2>[^，,]{2,20})$", _named_thing),
    (rf"^(?:和|跟){NAME}(?:已经|早就|正式)?(?:分手|分了|离婚|离了|掰了|分开)", _breakup),
    (r"^(?P<x>[^，,]{2,20}?)(?:被|给)?(?:取消|推迟|延期|泡汤|黄)了", _called_off),
    (r"^(?:不去|去不了|不办|办不了|不考|不参加)(?P<x>[^，,]{2,16}?)了$", _called_off),
    (r"^(?:根本|其实|并|压根|倒)?(?:没有|不)(?:对)?(?P<x>[^，,不]{1,10}?)过敏(?:了|啊|的)*$",
     lambda m, x: [cand("allergy", clean(m["x"]), x.subj, x.src, retract=True, correction=True)]),
    (r"^(?:已经)?(?:把)?(?P<v>[^，,]{1,8}?)戒(?:掉)?了$|^(?:已经)?戒(?:掉)?了(?P<v2>[^，,]{1,8})?$", _gave_up),
    (r"^(?:改|换成|改成)(?:喝|吃|用|玩|听)(?P<v>[^，,]{1,12})$", pref("likes")),
    (rf"^(?P<v>{LANGS}(?:[、和跟及]?(?:{LANGS}))*)(?:也|都|还)?(?:行|可以|会|会说|没问题|能应付|能用|流利|很流利|不错|还行|凑合|都行|也行)",
     pref("language")),
    (r"^(?:.{0,8}?(?:让我|提拔我|任命我|派我|安排我))?(?:当上了?|升(?:职)?(?:为|成|到|成了)|晋升(?:为|成|到)|提拔(?:为|成)|被提拔为|转正(?:成|为)|"
     r"(?:当|做|担任)(?=.{2,10}(?:了|啦)$))(?P<y>[^，,]{2,12}?)(?:了|啦)*$", lambda m, x: _title(m, x, need_occupation=False)),
    (r"^(?:辞职|离职|辞了职|裸辞|辞了工作)(?:了)?(?:回|回到|去|到|搬到|搬回)了?(?P<x>[^，,]{2,8}?)(?:了|啦)*$", _quit_and_move),
    (rf"^在{_X}找了?(?:个|份|一份|一个)(?P<y>[^，,]{{2,12}}?)的?(?:活|工作|班|差事|岗位)(?:儿)?$", _work),
    # leaving a job or a city
    (rf"^(?:从|在){_X}(?:离职|辞职)", _left("employer")),
    (rf"^(?:从|在){_X}离开", _left("either")),
    (rf"^离开了?{_X}$", _left("either")),
    (r"^(?:离职|辞职|裸辞|失业|被裁)了?$", c.employer_ended),
    (rf"^不(?:再)?在{_X}(?:工作|上班|干)了?$", _left("either")),
    (rf"^不(?:再)?在{_X}(?:住|生活)了?$", _left("city")),
    (rf"^不(?:再)?住在?{_X}了$", _left("city")),
    (rf"^(?:和|跟){NAME}分手了?$", _breakup),
    # names, age, birthday, gender
    (rf"^(?:的)?(?:名字|姓名|全名|大名)(?:是|叫){NAME}$", _name),
    (rf"^(?:叫|名叫|叫做)(?!我|你|他|她|了|过|着|车|外卖|醒|人|好|声){NAME}$", _name),
    # "旺财改名叫来福了": a pet (or anyone) known by name, renamed
    (rf"^(?:已经)?(?:改名|改名字|更名|改叫)了?(?:叫|为|成)?(?:了)?{NAME}$", _name),
    (rf"^是(?P<name>[{_SURNAMES}][\u4e00-\u9fff]{{1,2}})(?:啊|呀|哈|哦)?$", _self_introduced),
    (rf"^(?:的)?(?:小名|昵称|外号|绰号|英文名|网名|花名)(?:是|叫){NAME}$", pref_name),
    (rf"^(?P<n>{N}{{1,3}})(?:周)?岁(?:了|啦|整)?$", _age),
    # "儿子昨天过8岁生日了", "刚过完三十岁生日": the age turned
    (rf"^(?:刚刚?|已经)?(?:过|过完|过了)了?(?P<n>{N}{{1,3}})(?:周)?岁(?:的)?生日(?:了|啦)*$", _birthday_turned),
    (r"^(?:今年)?(?P<n>[1-9]\d)(?:了|啦)$|^今年(?P<n2>[1-9]\d|[一二三四五六七八九]?十[一二三四五六七八九]?)(?:了|啦)?$",
     lambda m, x: _age_n(m["n"] or m["n2"], x)),
    (rf"^(?:的)?(?:生日|出生日期|生辰)?(?:是|在)?(?P<cal>农历|阴历|公历|阳历)?(?:(?P<y>\d{{4}}|\d{{2}})年)?"
     rf"(?P<m>{N}{{1,2}})月(?P<d>{N}{{1,3}})(?:日|号)?(?:出生的?|生的?|过生日|生日)?$", _birthday),
    (r"^是(?:个|一个|一名)?(?P<g>男|女)(?:生|的|人|孩子?|性|士)$", _gender),
    # where from, where now
    (_NEW_LOCALS.pattern, _new_locals),
    (r"^(?:(?:去年|今年|前年|上个月|上周|刚|刚刚|已经|终于|早就)\s*)*(?:跟|和|与)(?![我你他她它])(?P<name>[\u4e00-\u9fff·]{2,4}?|[A-Z][A-Za-z'-]{1,20})"
     r"(?:(?:去年|今年|上个月|上周|已经|终于|刚|刚刚)\s*)*(?:结婚|领证|结婚领证)(?:了|啦)*$", wed),
    (r"^(?:(?:去年|今年|前年|上个月|上周|刚|刚刚|已经|终于|早就)\s*)*(?P<verb>嫁给了?|娶了)(?:一个叫|个叫)?"
     r"(?P<name>[\u4e00-\u9fff·]{2,4}|[A-Z][A-Za-z'-]{1,20})(?:的(?:人|男的|女的|姑娘|小伙子?))?(?:了|啦)*$", married_zh),
    (r"^是(?:土生土长的|地道的|正宗的)?(?P<x>[^，,的个一]{1,10})人$", _is_place),
    (r"^是(?P<x>[^，,的个一]{2,8})的$", _if(lambda m, x: c.is_place_zh(m["x"]), _hometown)),
    # "俺是东北人，哈尔滨的": a place and 的 right after saying where one is from narrows it
    (r"^(?P<x>[^，,的个一是]{2,8})的$",
     _if(lambda m, x: c.is_place_zh(m["x"]) and bool(re.search(r"是.{1,8}[人银]|老家|来自", x.state.last_clause)), _hometown)),
    (r"^(?:的)?(?:老家|家乡|故乡|籍贯|祖籍)(?:是|在)?(?P<x>[^，,]{1,12}?)(?:的|人)?$", _hometown),
    (r"^来自(?P<x>[^，,]{1,12})$", _hometown),
    (r"^(?:是)?(?:在|出生在|生在)(?P<x>[^，,]{1,10}?)(?:长大|出生|土生土长)的?$", _hometown),
    (r"^出生(?:在|于)(?P<x>[^，,\d]{1,10})$", _is_place),
    # food
    (rf"^(?:是(?:一(?:个|名))?|在|开始|坚持|改成|一直|已经|只)?(?P<d>{_DIET_WORDS})(?:了|的|啦)*{FOR_YEARS}$", diet),
    (r"^(?:现在|最近|已经|又|重新|也)*(?:开始|恢复|改回|又)(?:吃|碰)(?P<x>[^，,]{1,16}?)(?:了|啦)*$", diet_broken),
    (rf"^对{_X}(?:严重|有点|有些|特别|比较|很|非常)?过敏(?:了)?$", pref("allergy", "x")),
    (r"^(?:有|一)?(?:吃了?|碰到?|接触到?|喝了?|闻到|摸到?|沾到?)?(?P<x>[^，,不]{1,10}?)(?:就会|就|会|容易|都会)?过敏(?:症)?$", pref("allergy", "x")),
    (r"^(?:的)?过敏源?(?:是|有)(?P<x>.+)$", pref("allergy", "x")),
    # work
    (rf"^在{_X}(?:做|当|担任|任|干|从事){_Y}$", _work),
    (rf"^在{_X}(?:工作|上班|任职|供职|就职|实习|打工)(?:转正|转正了|和生活|和居住)?(?:了)?$", _work),
    (rf"^是(?P<x>[^，,的]{{2,20}})的{_Y}$", _if(_occ, _work)),
    # "从字节跳槽到腾讯": where they left is said on the way; the single employer supersedes it.
    (rf"^(?:从[^，,、。]{{1,20}}?)?(?P<v>跳槽到|跳槽去|跳到|换到|转到|调到)了?{_X}(?:(?:做|当|担任){_Y})?$", _joined),
    (rf"^(?P<v>入职|加入|加盟|去了|进了)了?{_X}(?:(?:做|当|担任){_Y})?$", _joined),
    (rf"^(?:做|当|担任|从事){_Y}$", _title),
    # "转行做设计" is the new line of work; "不做产品了" ends the one on record
    (rf"^(?:已经|最近|去年|今年)?(?:转行|改行)了?(?:去)?(?:做|当|干|搞){_Y}(?:了)?$", lambda m, x: _title(m, x, need_occupation=False)),
    (r"^(?:已经)?不(?:再)?(?:做|当|干)(?P<x>[^，,]{1,10}?)了$", _title_ended),
    (rf"^(?:的)?(?:工作|职业|职位|岗位|本职工作)(?:是|为){_Y}$", lambda m, x: _title(m, x, need_occupation=False)),
    (r"^是(?:个|一个)?(?P<v>[^，,]{1,8}?)(?:迷|控|粉|粉丝|爱好者|发烧友)$", pref("likes")),
    (r"^(?:是)?(?:做|干|搞|从事)(?P<y>[^，,]{1,10}?)(?:的|工作|行业)$", lambda m, x: _title(m, x, need_occupation=False)),
    (rf"^是(?:一名|一个|一位|名|个|位)?{_Y}$", _title),
    # "本人程序员一枚", "资深社畜一名": the job named with its measure word after it, no 是
    (r"^(?:是)?(?:一名|一个|一位|个)?(?P<y>[^，,]{2,10}?)(?:一枚|一名|一个|一只)$", _title),
    (r"^人在(?P<x>[^，,]{2,8})$", _if(lambda m, x: c.is_place_zh(m["x"]), _city)),
    (r"^(?:家|家里)(?:住)?在(?P<x>[^，,]{2,10})$", _city),
    (r"^(?:来|来到|到)了?(?P<x>[^，,]{2,8}?)(?:了|发展|工作|打工|定居|生活)+$", _city),
    (r"^(?:又|已经|现在)?回(?:到|去)?了?(?P<home>老家)?(?P<x>[^，,]{2,8}?)(?:发展|工作|上班|打工|定居|生活)(?:了|啦)*$", _back_to),
    (r"^在(?P<x>[^，,]{2,10}?)(?:漂着?|打拼|混日子|混|发展|安家|落脚|扎根|讨生活|搬砖|打工)(?:了|呢|着)*$", _city),
    (r"^(?P<x>[^，,的个一是在]{2,10})人$", _is_place),
    (rf"^(?:要|就要|准备|打算|将要?|计划)?(?:住在|住|居住在|生活在|定居在?|现居|常驻|长居|驻扎在|base在|[Bb]ase|坐标|搬到了?|搬去了?|搬家到了?|"
     rf"移居到?了?|迁居到?了?|落户在?){_X}"
     r"(?:了|啦|生活|工作|定居|住|这边|那边)*$", _city),
    (rf"^在{_X}(?:生活|定居|居住|住)(?:了)?$", _city),
    (rf"^在{_X}$", _if(lambda m, x: m["x"] in ZH_PLACES, _city)),
    # "我是做后端的，在字节": a company said alone after the job is where one works
    (rf"^在{_X}$", _if(lambda m, x: c.is_org_zh(m["x"]) and not c.is_place_zh(m["x"]), _work)),
    # preferences
    (r"^(?:的)?最(?:喜欢|爱)的(?P<cat>[^，,是]{1,8})(?:是|就是)(?P<v>.+)$", pref("likes")),
    (r"^(?:的)?(?:爱好|兴趣爱好|兴趣|业余爱好)(?:是|有|就是|包括)(?P<v>.+)$", pref("likes")),
    (r"^对(?P<v>.+?)(?:不感兴趣|没兴趣|没有兴趣|不感冒)$", pref("dislikes")),
    (r"^对(?P<v>.+?)(?:很|非常|特别|挺|比较)?(?:感兴趣|有兴趣)$", pref("likes")),
    (rf"^{_LIKE_ADV}(?:不喜欢|不太喜欢|不怎么喜欢|不再喜欢|不爱|讨厌|厌恶|反感|受不了|接受不了|忍受不了|不感冒|不想再|怕)(?P<v>.+)$", pref("dislikes")),
    # "不能吃鸡蛋": a restriction (allergy, doctor's orders, faith), not a taste: a diet, in their words.
    (r"^(?:不能|不可以|不敢|没法|不宜)(?P<w>吃|喝|碰)(?P<v>[^，,。]{1,12})$", restriction),
    (REACTION, reaction),
    (r"^(?:不|不再|从不|从来不)(?:吃|喝)(?P<v>.+)$", pref("dislikes")),
    # "只喝茶", "平时只喝美式": the one thing one has, a habit (not "只吃了一碗", not "只吃一顿")
    (r"^(?:平时|一般|基本上?|向来|一直)?只(?:喝|吃)(?![了过])(?![一二两三几半\d])(?P<v>[^，,了]{1,8})(?<!的)$", pref("likes")),
    (rf"^{_LIKE_ADV}(?:喜欢|热爱|偏好|偏爱|钟爱|酷爱|迷上了?|沉迷于?|爱上了?|喜爱|热衷于?|爱(?!人|好))(?P<v>.+)$", pref("likes")),
    # languages and skills
    (r"^(?:会|能)?(?:说|讲)(?:一点点|一点|一些|点|几句|流利的|一口流利的|标准的)?(?P<v>[\u4e00-\u9fffA-Za-z]{1,6}?(?:语|话|文))$", pref("language")),
    (r"^(?:会|能)?(?:说|讲)(?P<v>.{3,40})$", _spoken_languages),
    (r"^(?:的)?母语是(?P<v>.+)$", pref("language")),
    (r"^(?P<v>英语|日语|韩语|法语|德语|粤语|西班牙语|俄语)(?:很|比较|非常|还|挺)?(?:好|流利|不错)$", pref("language")),
    # pets and family
    (rf"^(?:(?:家里?)?(?:养了?|有|领养了?|收养了?|捡了|捡到了?|救助了|买了|抱回了?|接回了?)|家里(?=[一两三几\d](?:只|条)))(?:(?P<cnt>一|两|三|几|\d)?(?:只|条|个|位|头|匹))?"
     rf"(?:{_PET_ADJ})?(?P<rel>{PET_WORD}|{REL})[，,]?"
     rf"(?:(?:名字)?叫|名叫|叫做)?{NAME}?$", _pet_or_relation),
    (rf"^(?:已经)?(?:没有?再?|不再?)养(?P<rel>{PET_WORD})了$", _pet_gone),
    (rf"^(?:{TIME})*(?:已经)?(?:去世|过世|死|走|丢|没|不在|去喵星|回喵星|去汪星|回汪星|去天堂|当小天使)了(?:啦)?$",
     _if(lambda m, x: x.subj.type == "pet", _pet_gone)),
    (r"^是(?:一|1)?(?:只|条)(?P<v>[^，,]{1,8})$", _note),
    (r"^(?:会|擅长|精通|熟悉)(?!去|来|在|把|给|再|记|考虑|努力|注意|告诉|回|帮|有|是|让|被)(?P<v>.{2,20})$", _skill),
    (r"^姓(?P<v>[\u4e00-\u9fff]{1,2})$", _whole_note),
]
# fmt: on
RULES = [(re.compile(p), f) for p, f in _TABLE]
