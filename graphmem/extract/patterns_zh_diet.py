"""Chinese diets: what someone eats, since when it holds, and what ends it (the handlers
of patterns_zh's diet rows)."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract.common import cand
from graphmem.extract.lexicon import ZH_DIETS
from graphmem.extract.zh_values import PRONOUN_VALUE, N, clean

__all__ = ["FOR_YEARS", "REACTION", "diet", "diet_broken", "reaction", "restriction"]

# "吃素三年了", "吃素好多年": how long a diet has held does not change what it is.
FOR_YEARS = rf"(?:(?:已经|有)?(?:好几|好多|很多|几|多|{N}{{1,3}})(?:年|个月|月|周|星期|天)(?:多)?(?:了|啦)?|很久了?|多年了?)?"
_ANIMAL_FOOD = re.compile(r"肉|鸡|鸭|鹅|鱼|虾|蟹|蛋|奶|荤|海鲜|排骨|牛排|火腿|培根")


def diet_broken(m, ctx):
    """'开始吃鸡蛋和牛肉了' from someone whose diet is vegetarian: that diet no longer holds."""
    if not ctx.subj.is_self or not _ANIMAL_FOOD.search(m["x"]):
        return None
    gone = [d for d in c.active_values(ctx.state.context, "diet") if d in c.PLANT_DIETS]
    # What they eat now stays as a note beside the retraction.
    retracted = [cand("diet", d, ctx.subj, ctx.src, retract=True, correction=True) for d in gone]
    return [*retracted, cand("note", ctx.src, ctx.subj, ctx.src)] if retracted else None


def restriction(m, ctx):
    v = clean(m["v"])
    return [cand("diet", f"不能{m['w']}{v}", ctx.subj, ctx.src)] if v and v not in PRONOUN_VALUE else None


def diet(m, ctx):
    d = ZH_DIETS[m["d"]]
    out = [cand("diet", d, ctx.subj, ctx.src)]
    if d == "不吃辣":
        out.append(cand("dislikes", "辣", ctx.subj, ctx.src))
    return out


#: "一吃芒果嘴就肿", "吃虾会起疹子", "碰到猫就过敏": a reaction told instead of the word 过敏 is
#: an allergy to what causes it (a sneeze or a stomach ache is not: too many other causes).
REACTION = (
    r"^一?(?:吃|碰|喝|摸|闻)(?:到|了)?(?P<v>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:就|会|都会|就会)?"
    r"(?:(?:嘴|嘴巴|嘴唇|喉咙|嗓子|脸|眼睛|全身|身上)(?:就|会|都)?(?:肿|红肿|起疹子)|(?:起|长|出)(?:疹子|红疹|荨麻疹|风团|包)|过敏|呼吸困难)"
    r"(?:了|啦)*$"
)


def reaction(m, ctx):
    v = clean(m["v"])
    return [cand("allergy", v, ctx.subj, ctx.src)] if v and v not in PRONOUN_VALUE else None
