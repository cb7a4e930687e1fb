"""Chinese diets: what someone eats, since when it holds, and what ends it (the handlers
of patterns_zh's diet rows)."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract.common import cand
from graphmem.extract.lexicon import ZH_DIETS
from graphmem.extract.zh_values import PRONOUN_VALUE, clean

__all__ = ["diet", "diet_broken", "reaction", "restriction"]

_ANIMAL_FOOD = re.compile(r"肉|鸡|鸭|鹅|鱼|虾|蟹|蛋|奶|荤|海鲜|排骨|牛排|火腿|培根")


def diet_broken(m, ctx):
    """'开始吃鸡蛋和牛肉了' from someone whose diet is vegetarian: that diet no longer holds."""
    eaten = m["x"] or m["x2"] or m["x3"] or m["x4"] or ""
    # a diet broken (破功了) is the plant diet's when the message speaks of it (吃了两年素)
    broken = bool(m["x5"]) and "素" in (ctx.state.sentence or "")
    if not ctx.subj.is_self or not (_ANIMAL_FOOD.search(eaten) or broken):
        return None
    gone = [d for d in c.active_values(ctx.state.context, "diet") if d in c.PLANT_DIETS]
    # What they eat now stays as a note beside the retraction.
    retracted = [cand("diet", d, ctx.subj, ctx.src, retract=True, correction=True) for d in gone]
    return [*retracted, cand("note", ctx.src, ctx.subj, ctx.src)] if retracted else None


def diet_given_up(m, ctx):
    """'生酮我放弃了': the way of eating on record no longer holds (one not on record: nothing)."""
    said = ZH_DIETS.get(m["d"] or m["d2"] or "")
    held = c.active_values(ctx.state.context, "diet")
    if not ctx.subj.is_self or said not in held:
        return None
    return [cand("diet", said, ctx.subj, ctx.src, retract=True, correction=True)]


def restriction(m, ctx):
    v = clean(m["v"])
    return [cand("diet", f"不能{m['w']}{v}", ctx.subj, ctx.src)] if v and v not in PRONOUN_VALUE else None


def diet(m, ctx):
    d = ZH_DIETS[m["d"]]
    out = [cand("diet", d, ctx.subj, ctx.src)]
    if d == "不吃辣":
        out.append(cand("dislikes", "辣", ctx.subj, ctx.src))
    return out


def reaction(m, ctx):
    v = clean(m["v"] or m.groupdict().get("v2") or "")
    if not v or v in PRONOUN_VALUE:
        return None
    # "虾蟹我一碰就起疹子": the things named together are each one
    parts = [clean(x) for x in re.split(r"[、和跟]", v)] if re.search(r"[、和跟]", v) else [v]
    if len(parts) == 1 and len(v) == 2 and v in _PAIRED:
        parts = list(v)
    return [cand("allergy", x, ctx.subj, ctx.src) for x in parts if x]


#: Two kinds said as one word ("虾蟹", "鱼虾"): each is what one reacts to.
_PAIRED = frozenset({"虾蟹", "鱼虾", "鱼蟹", "蛋奶", "牛羊"})
