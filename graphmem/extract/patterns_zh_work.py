"""Chinese rules' handlers for work: where one works and as what (在海川银行做数据分析师,
宇宙行柜员, 是做产品的), a job or workplace left, a subject taught."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract import on_record
from graphmem.extract.common import Ctx, cand
from graphmem.extract.frames import ORG_NICKNAMES, city_named
from graphmem.extract.lexicon import ZH_GENERIC_ORG, ZH_ORG_SUFFIXES, ZH_PLACES
from graphmem.extract.relations import relation_of
from graphmem.extract.schools import is_school
from graphmem.extract.values_en import is_job
from graphmem.extract.zh_values import NOT_A_JOB, OCCUPATION, SHRUG, clean, untimed

#: 在 + a verb done for or with someone: in the middle of doing it, at no workplace.
_DOING_FOR_SOMEONE = re.compile(r"^(?:帮|给|替|陪|跟|和|为|教)(?:我|你|他|她|它|我们|你们|他们|人家|大家)")
#: What is done to one at a hospital or a clinic, no line of work ("做膝盖手术", "做核磁").
_CARE_RECEIVED = re.compile(
    r"(?:手术|检查|体检|复查|治疗|化疗|放疗|透析|理疗|康复|B超|CT|核磁|胃镜|肠镜|产检|针灸|推拿|按摩|搭桥|支架|微创|穿刺"
    r"|活检|拔牙|种牙|洗牙|矫正|输液|挂水|抽血|化验|疫苗|心理咨询|心理治疗|心理辅导|婚姻咨询|咨询治疗)$"
)
#: Whom being at a school says is a pupil there (the user there may as well teach).
_A_PUPIL = re.compile(r"^(?:child|son|daughter|niece|nephew|grandchild|grandson|granddaughter)$")


#: What an English title typed in Chinese ends with ("product manager", "backend dev", "PM").
_EN_TITLE_WORD = re.compile(
    r"(?i)\b(?:manager|lead|dev|developer|engineer|designer|pm|ops|sales|intern|analyst)$"
)


def _org_or_place(x: str, y: str | None, ctx: Ctx, *, title_only_ok: bool = True) -> list | None:
    """在X做Y / 在X工作: X is a city, a nameless workplace or an employer."""
    # "陆家嘴一家hedge fund", "一家law firm": a kind of workplace typed in lower-case English after
    # 一家 describes it (a name is typed with its capitals)
    if re.fullmatch(r"(?:[\u4e00-\u9fff]{0,4}?)(?:一家|一个|一所|一间)[a-z][a-z &-]+", untimed(x)):
        kind = re.sub(r"^.*?(?:一家|一个|一所|一间)", "", untimed(x))
        place = untimed(x)[: untimed(x).find(kind)].rstrip("一家个所间")
        # where it is, when a place one can live in ("北京一家law firm"); a district ("陆家嘴") says no city
        x = place + "一家公司" if place and (c.is_place_zh(place) or place in ZH_PLACES) else "一家公司"
    x = re.sub(r"^(?:一家|一个|一所|一间|某|这家|那家|现在的|目前的)", "", untimed(x))
    x = re.sub(r"(?<=..)(?:了|啦|呢|哦|呀)+$", "", x)  # 调去上海分公司了: the particle is no part of it
    if _DOING_FOR_SOMEONE.match(x) or (y and _CARE_RECEIVED.search(y)):
        return None  # "在帮我写周报" (helping me), "在华西做膝盖手术" (an operation, no job)
    x = city_named(x)  # "在魔都打工": a city by its nickname is where one works, no employer
    if not y and _A_PUPIL.match(ctx.subj.relation or "") and is_school(x, "zh"):
        return [cand("school", x, ctx.subj, ctx.src)]  # "我闺女…，在育才小学": where a child studies
    # "在鹅厂做产品就这样": a shrug after the title is no part of it
    y = re.sub(r"(?:" + SHRUG + r"|呗|啦|呢|吧)+$", "", (y or "").strip())
    y = re.sub(r"(?:方面|相关)?(?:的)?(?:工作|岗位|职位)?(?:了|的)?$", "", y) or None
    # "一家做外卖的公司当运营": the first 做 says what the company does, the title follows the second verb
    if y and (inner := _TITLE_AFTER_WORKPLACE.match(y)) and c.is_org_zh(inner["place"]):
        y = inner["title"]
    # "杭州一家做跨境电商的公司": 做 there says what the company does; a title is never a workplace
    y = None if y in NOT_A_JOB or (y and c.is_org_zh(y)) else y
    if y and re.match(r"^(?:了|过|着)|^[一二三四五六七八九十几半\d]+(?:个)?(?:年|月|天|周)", y):
        y = None  # "在狼厂干了五年": how long, not a title
    # "做HRBP", "当PM": a role said by its capitals is a title
    acronym = bool(y and _ROLE_ACRONYM.fullmatch(y))
    if (
        y
        and not acronym
        and re.fullmatch(r"[A-Za-z][A-Za-z .&/-]*", y)
        and not (is_job(y) or _EN_TITLE_WORD.search(y))
    ):
        y = None  # "在 Dunmore 写 firmware": what one writes, not a title
    if ctx.past:  # 以前在阿里工作: history, not the current employer
        return [cand("note", ctx.src, ctx.subj, ctx.src)]
    place, org = x, ""
    if named := _NAMED_PLACE_OF_WORK.match(x):  # 威海一家叫听涛小院的民宿: the name, and where it is
        place, org, x = named["place"] or "", _name_of(named), _name_of(named)
    elif "的" in x:
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
    place = city_named(place)  # "狮城的Lazada": the city by its nickname
    # "在Toronto做RN": a city typed in English is where one works, no employer
    if c.is_place_zh(place) or (re.fullmatch(r"[A-Z][A-Za-z .'-]+", place) and c.is_place_en(place)):
        out.append(cand("city", place, ctx.subj, ctx.src))
        x = org
    if x and x not in ZH_GENERIC_ORG and not c.is_place_zh(x):
        out.append(cand("employer", x, ctx.subj, ctx.src))
    elif not out and not (
        # "在一家外企做product manager": a title typed in English counts as one typed in Chinese;
        # "在一家startup做设计": a line of work is one too
        y
        and (
            OCCUPATION.search(y)
            or acronym
            or _EN_TITLE_WORD.search(y)
            or _LINE_OF_WORK.fullmatch(y)
            or (re.fullmatch(r"[A-Za-z][A-Za-z -]*", y) and is_job(y))  # "做quant"
        )
        and title_only_ok
    ):
        return None
    if y:
        out.append(cand("job_title", y, ctx.subj, ctx.src))
    return out or None


#: A line of work said as one's job ("做设计", "做运营").
_LINE_OF_WORK = re.compile(
    r"(?:产品|运营|设计|测试|开发|销售|市场|财务|行政|前端|后端|算法|客服|人事|法务|采购|会计)(?:岗)?"
)
#: A role said by its capitals (HRBP, PM, SRE, QA): not a product or a language.
_ROLE_ACRONYM = re.compile(r"(?!(?:APP|AI|PPT|IT|API|SQL)$)[A-Z]{2,5}")  # 做UI: a UI designer
_TITLE_AFTER_WORKPLACE = re.compile(
    r"^(?P<place>.{2,16}?)(?:里面?|这边)?(?:当|做|干|担任|搞)(?P<title>[^，,的]{1,10})$"
)
#: A workplace by its name, the kind after it ("一家叫听涛小院的民宿") or before it ("一家小公司叫蓝鲸互动",
#: "一家hedge fund叫Kestrel Capital").
_NAMED_PLACE_OF_WORK = re.compile(
    r"^(?P<place>[\u4e00-\u9fff]{2,4}?)?(?:这边|那边|本地)?(?:的)?(?:一家|一个|一所|一间|家)?"
    r"(?:(?:叫|名叫|叫做)(?P<name>[^，,的]{2,12})的[\u4e00-\u9fff]{1,8}"
    r"|(?<=[家个所间])[^，,叫]{1,14}?(?:叫|名叫|叫做)(?P<name2>[^，,的]{2,24}))$"
)


def _name_of(named: re.Match[str]) -> str:
    return (named["name"] or named["name2"]).strip()


def employer_is(m, ctx):
    """公司叫星辰科技 / 新单位是大连这边一家叫安和的殡葬服务公司: the name, and the city said with it."""
    x = clean(m["x"])
    if named := _NAMED_PLACE_OF_WORK.match(x):
        out = [cand("employer", _name_of(named), ctx.subj, ctx.src)]
        if named["place"] and c.is_place_zh(named["place"]):
            out.append(cand("city", named["place"], ctx.subj, ctx.src))
        return out
    return [cand("employer", x, ctx.subj, ctx.src)]


_DESCRIBED = re.compile(
    r"^(?:做|搞|干|从事|开|卖|专做|主营|生产|研发)[^，,]{1,12}的(?:公司|企业|单位|工厂|厂|店|机构|集团|团队|创业公司)$"
)


#: "在面一家…公司", "在投字节": a place one interviews or applies at is no workplace yet.
_APPLYING = re.compile(r"^(?:面|面试|投|应聘|看)(?:了|过|着)?(?:一家|一个|两家|几家)?")


def workplace_and_title(m, ctx):
    gd = m.groupdict()
    x = next((gd[k] for k in ("x", "x2", "x3", "x4") if gd.get(k)), None)
    if x and _APPLYING.match(x) and len(x) > 2:
        return None
    return _org_or_place(x, gd.get("y") or gd.get("y2"), ctx)


#: "去了趟超市", "进了一次城": a trip counted, no place joined.
_A_TRIP = re.compile(r"^(?:一|两|几)?(?:趟|次|回|下)")


def joined(m, ctx):
    if _A_TRIP.match(m["x"]):
        return None
    if m["v"] in ("去了", "进了") and not (c.is_org_zh(m["x"]) or re.search(r"[A-Za-z]", m["x"])):
        return None
    return _org_or_place(m["x"], m["y"], ctx, title_only_ok=False)


#: A verb that opens what follows 在 ("在做心理咨询", "在学画画"): something done, no workplace.
_DOING_VERB = re.compile(r"^(?:做|干|搞|学|练|上|看|打|弄)(?=..)")
#: Being cared for at a place ("在瑞鹏宠物医院住院", "在社区医院打针"): being there is no job.
_CARED_FOR_THERE = re.compile(
    r"(?:住院|看病|就诊|治疗|打针|输液|挂水|做手术|手术|体检|复查|寄养|洗澡|美容|驱虫|绝育)(?:了|呢)?$"
)


def work_if_org(m, ctx):
    """ "我是做后端的，在字节": being at an organisation is working there; not what is done there
    ("在做心理咨询": 咨询 ends firms' names too), being cared for there, a shop one opened there
    (read as such), a place pointed at ("在滨江那个酒店": where something happens), or a pet's."""
    x = m["x"]
    if (
        not c.is_org_zh(x)
        or c.is_place_zh(x)
        or _DOING_VERB.match(x)
        or _CARED_FOR_THERE.search(x)
        or OPENED_HERE.search(x)
        or re.search(r"[那这](?:个|家|边|里)", x)
        or ctx.subj.type == "pet"
    ):
        return None
    return workplace_and_title(m, ctx)


#: A shop or a business one opened, said after where ("在县城开了个五金店").
OPENED_HERE = re.compile(r"开了?(?:个|一个|家|一家|间|一间)")


def opened_shop(m, ctx):
    """ "在县城开了个五金店", "开了家火锅店": the business one runs is one's workplace; where it is,
    when that is a place, one's city."""
    shop, where = clean(m["x"]), clean(m.groupdict().get("place") or "")
    if not shop or shop in ZH_GENERIC_ORG or ctx.past:
        return None
    out = [cand("employer", shop, ctx.subj, ctx.src)]
    if where and c.is_place_zh(where):
        out.append(cand("city", where, ctx.subj, ctx.src))
    return out


def title_ended(m, ctx):
    x = clean(m["x"])
    return [cand("job_title", x, ctx.subj, ctx.src, retract=True, correction=True)] if x else None


_DOING = re.compile(r"^(?:做|干|搞|从事)(?=..)")


def _org_then_title(y: str) -> tuple[str, str] | None:
    """(workplace, title) when `y` is a workplace's name (a nickname or a name that reads as an
    organisation) glued to an occupation, the longest workplace first; else None."""
    for cut in range(len(y) - 2, 1, -1):
        org, title = y[:cut], y[cut:]
        if (
            (org in ORG_NICKNAMES or c.is_org_zh(org))
            and org not in ZH_GENERIC_ORG
            # a suffix with no name before it is the line of work ("技术经理", "投资顾问")
            and org not in ZH_ORG_SUFFIXES
            and OCCUPATION.search(title)
        ):
            return org, title
    return None


#: How a unit inside a workplace is named (调度中心, 市场部, 质检科, 二车间).
_DEPARTMENT = re.compile(r"(?:部|科|处|室|组|中心|车间|班组|大队|事业部|分部|科室)$")


#: Chat's words for a worker in general ("魔都打工人", "资深社畜"): who one is, not a job.
_ANY_WORKER = re.compile(r"(?:打工人|打工仔|社畜|牛马|搬砖人|工具人)$")


WHAT_THE_JOB_DOES = re.compile(r"^(?:带|管|负责|主管|分管|主抓|做|搞|跑|干|教|写|修|专门|主要)")
#: How the job is held, said before 的 ("正式的数据分析师", "全职的设计师"): no workplace.
HOW_THE_JOB_IS_HELD = re.compile(
    r"^(?:正式|全职|兼职|实习|资深|高级|初级|中级|首席|专职|专业|普通|小小|新晋|新|真正|合格|光荣|苦逼|快乐|一名|一个)$"
    # how it is done: "坐办公室的公务员", "跑外卖的骑手"
    r"|^(?:坐|跑|开|送|搬|看|守|站|修|打)[\u4e00-\u9fff]{1,4}$"
)


#: Words of a request or a reminder: "做检查记得提醒护士" asks something of someone; a title
#: ending in a job word after them is no title.
_A_REQUEST = re.compile(r"记得|别忘了|提醒|告诉|通知|麻烦|帮我|让[他她你]")


def held_title(m, ctx, *, need_occupation=True):
    y = _DOING.sub("", clean(m["y"]))  # "是做产品": the line of work, not the verb
    if _ANY_WORKER.search(y or "") or _A_REQUEST.search(y or ""):
        return None
    # "我是松间的店长": the title, and where it is held when that is a name on record or said
    if (
        owned := re.fullmatch(r"(?P<org>[^的，,]{2,8})的(?P<y>[^的，,]{1,8})", y or "")
    ) and OCCUPATION.search(owned["y"]):
        org = owned["org"]
        held = any(f.attribute == "employer" and org in str(f.value) for f in ctx.state.context.active_facts)
        someone = re.search(r"[我你他她它们]|^(?:公司|单位|医院|学校|店里|厂里)$", org) or relation_of(org)
        # "带团队的高级律师", "负责华东区的销售": what the job does, not where it is held
        someone = someone or WHAT_THE_JOB_DOES.match(org)
        if HOW_THE_JOB_IS_HELD.match(org):
            return [cand("job_title", owned["y"], ctx.subj, ctx.src)]
        if held or c.is_org_zh(org) or not someone:
            out = [cand("job_title", owned["y"], ctx.subj, ctx.src)]
            if not c.is_place_zh(org) and not someone and org not in ZH_GENERIC_ORG:
                out.append(cand("employer", org, ctx.subj, ctx.src))
            return out
    # "宇宙行柜员", "招行客户经理": a workplace and the title held there, said as one word
    if y and not owned and (glued := _org_then_title(y)):
        org, title = glued
        if _DEPARTMENT.search(org) and c.active_values(ctx.state.context, "employer"):
            # "当上调度中心副主任" with a workplace on record: a unit inside it, no new workplace
            return [cand("job_title", title, ctx.subj, ctx.src)]
        return [cand("job_title", title, ctx.subj, ctx.src), cand("employer", org, ctx.subj, ctx.src)]
    # an English title in Chinese text ("我是一名data scientist") is a job when English reads it so
    english_job = bool(re.fullmatch(r"[A-Za-z][A-Za-z &/-]*", y or "")) and is_job(y)
    return (
        [cand("job_title", y, ctx.subj, ctx.src)]
        if y and (OCCUPATION.search(y) or english_job or not need_occupation)
        else None
    )


def leaving(kind: str):
    """Leaving X: 离职 is always a job, 不住 always a city; 离开/不在X工作 decide by the gazetteer."""

    def rule(m, ctx):
        x = clean(m.groupdict().get("x") or m.groupdict().get("x2") or "")
        attr = kind if kind != "either" else ("city" if c.is_place_zh(x) else "employer")
        return [cand(attr, x, ctx.subj, ctx.src, retract=True, correction=True)] if x else None

    return rule


def left_known(m, ctx):
    """不在X了: the workplace or the city X ends, when X is the one on record or a known one."""
    x = city_named(clean(m["x"]))
    if not x:
        return None
    if (
        x in c.active_values(ctx.state.context, "employer", ctx.subj.name)
        or c.is_org_zh(x)
        or x in ORG_NICKNAMES
    ):
        attr = "employer"
    elif x in c.active_values(ctx.state.context, "city", ctx.subj.name) or c.is_place_zh(x):
        attr = "city"
    else:
        return None
    return [cand(attr, x, ctx.subj, ctx.src, retract=True, correction=True)]


_A_MOVE_SAID = re.compile(r"离开|搬家|搬走|搬完|退租|不住|辞职|离职")


def back_to_after_leaving(m, ctx):
    """回成都了, said in a message that says a move or a leaving: the city one lives in now."""
    x = city_named(clean(m["x"]))
    if not _A_MOVE_SAID.search(ctx.state.sentence) or not c.is_place_zh(x, loose=True):
        return None
    return [cand("city", x, ctx.subj, ctx.src)]


def quit_and_move(m, ctx):
    """三月初辞职回长沙了: the job on record ends and the city changes."""
    x = clean(m["x"])
    if not c.is_place_zh(x, loose=True):
        return None
    return [*(on_record.employer_ended(m, ctx) or []), cand("city", x, ctx.subj, ctx.src)]


#: a clause that says where the user works without naming it ("在一家做咖啡机的小公司")
WORKPLACE_SAID = re.compile(
    r"(?:在|去了|进了|跳到了?|入职了?)(?:一家|一个|家)[^，,]{0,16}?"
    r"(?:公司|工作室|事务所|律所|厂|机构|医院|银行|酒店|餐厅|门店)(?:上班|工作|打工|做事|实习)?$"
)


def teaches(m, ctx):
    """在一所中学教物理 / 我教初中数学: one who teaches a subject is its teacher (物理老师), and
    a named school is where."""
    subject = clean(m["y"])
    if not subject or len(subject) > 6 or re.search(r"[我你他她孩子们]", subject):
        return None
    out = [cand("job_title", subject + "老师", ctx.subj, ctx.src)]
    x = clean(m["x"] or "")
    if x and not re.match(r"^(?:一|某|这|那)(?:所|家|个)", x) and x not in ZH_GENERIC_ORG:
        out.append(cand("employer", x, ctx.subj, ctx.src))
    return out
