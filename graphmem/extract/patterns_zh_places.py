"""The Chinese pack's handlers of where one lives and comes from (graphmem/lang/zh rule tables):
a city said by moving, living or being a local there, with a district or a nickname after it,
gone back to, and a hometown."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract.common import cand
from graphmem.extract.frames import ZH_CITY_BY_OTHER_NAME, city_named
from graphmem.extract.lexicon import ZH_PLACES
from graphmem.extract.zh_values import TAIL, untimed
from graphmem.lang import fragment

__all__ = ["back_to", "city", "city_with_district", "hometown", "new_locals", "new_locals_of"]


def hometown(m, ctx, *, strict=False):
    x = city_named(TAIL.sub("", m["x"]).strip())  # "泉城人": 济南
    if not x or len(x) > 12 or (strict and not c.is_place_zh(x, loose=True)):
        return None
    return [cand("hometown", x, ctx.subj, ctx.src)]


def new_locals(m, ctx):
    """ "现在也算半个杭州人了": being a local of a place *now* is living there; "是湖南人" (no change
    of state) stays the hometown rule's."""
    if not (m["le"] or (m["now"] and re.match(r"现在|如今|已经|终于|总算|正式", m.group(0)))):
        return None
    x = m["x"]
    if not c.is_place_zh(x, loose=True):
        return None
    return [cand("city", x, ctx.subj, ctx.src, confidence=0.85)]


_NEW_LOCALS = re.compile(fragment("zh", "NEW_LOCALS"))


def new_locals_of(pred: str, ctx):
    """'现在我也算半个杭州人了': the same reading when the time word comes before the subject."""
    m = _NEW_LOCALS.match(pred)
    return new_locals(m, ctx) if m else None


#: A city then one of its districts ("深圳南山", "成都高新区", "杭州滨江").
_CITY_DISTRICT = re.compile(
    r"^(?P<city>[\u4e00-\u9fff]{2,3}?)(?:市)?(?P<district>[\u4e00-\u9fff]{2,3}(?:区|新区)?)$"
)


def city_with_district(m, ctx):
    """在深圳南山: the city, when the words before the district are a city the gazetteer knows."""
    d = _CITY_DISTRICT.match(TAIL.sub("", m["x"]))
    if d is None or d["city"] not in ZH_PLACES:
        return None
    its_own = ZH_CITY_BY_OTHER_NAME.get(d["district"]) == d["city"]
    if c.is_place_zh(m["x"]) and not its_own:
        return None
    if d["district"] in ZH_PLACES and not its_own:
        return None  # "青岛上海" is two cities; "佛山南海" is Foshan's district, once a county
    # a district is said as one (…区), is one of the city's, or is a place name jieba knows;
    # "青岛出差" is a trip
    if not (its_own or d["district"].endswith(("区", "县", "镇")) or c.zh_pos(d["district"]) == "ns"):
        return None
    return [cand("city", d["city"], ctx.subj, ctx.src)]


def _city_named_beside(ctx, x: str) -> bool:
    """Does the sentence, or the user's record, name a city the gazetteer knows besides `x`?"""
    sentence = ctx.state.sentence or ""
    return any(p in sentence and p != x for p in ZH_PLACES) or bool(
        c.active_values(ctx.state.context, "city")
    )


def city(m, ctx):
    x = TAIL.sub("", untimed(TAIL.sub("", m["x"])))  # 搬去深圳下个月, 搬到广州了上个月
    if (
        glued := re.match(r"([\u4e00-\u9fff]{2,6}?)(?:生活|工作|上班|定居|住)?[A-Za-z]", x)
    ) and c.is_place_zh(glued[1]):
        x = glued[1]  # "base成都full remote爽歪歪": English typed after the place starts what is said of it
    if re.fullmatch(r"[A-Za-z][A-Za-z .'-]*", x):  # code-switched: "住Vancouver"
        x = x.strip()
        if not c.is_place_en(x):
            return None
    elif (named := city_named(x)) != x:  # "坐标魔都": the city a nickname names
        x = named
    elif (
        near := re.match(r"([\u4e00-\u9fff]{2,3}?)(?:古城|边上|附近|旁边|那边|这边|郊区|市区|市中心|老城)", x)
    ) and near[1] in ZH_PLACES:
        x = near[1]  # "大理古城边上的一个小院里": the place, and where in it
    elif (
        x not in ZH_PLACES
        and (lead := next((x[:n] for n in (3, 2) if x[:n] in ZH_PLACES), None))
        and re.search(r"(?:那边|那块|那一块|一带|附近)(?:了|啦)?$", m[0])
    ):
        x = lead  # "住苏州园区那边": the city, and the part of it one lives in
    elif (
        x not in ZH_PLACES
        and x[:2] not in ZH_PLACES
        and x[:3] not in ZH_PLACES
        and re.search(r"(?:那边|那块|那一块|一带|附近)(?:了|啦)?$", m[0])
        and _city_named_beside(ctx, x)
    ):
        return None  # "在南京上班，住河西那边": a part of the city just named, no other city
    elif not c.is_place_zh(x, loose=True):
        # "住珠海香洲", "坐标深圳南山": a known city and the district after it
        city = next((x[:n] for n in (3, 2) if len(x) - n in (2, 3) and x[:n] in ZH_PLACES), None)
        if city is None:
            return None
        x = city
    return [cand("note" if ctx.past else "city", ctx.src if ctx.past else x, ctx.subj, ctx.src)]


def back_to(m, ctx):
    """回老家杭州工作了 / 回成都发展了: the city is the one gone back to, and, said 老家, the
    hometown too."""
    out = city(m, ctx)
    if out and m["home"] and not ctx.past:
        out.append(cand("hometown", out[0].value, ctx.subj, ctx.src))
    return out
