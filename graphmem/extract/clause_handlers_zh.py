"""The handlers of lang/zh/clause.toml's rules that read a clause on their own: clause-level
rules, whose subject is not at the front ("你可以叫我娜娜", "身份证上写的是王大锤", "我妈说我都三十二了").
The one that reads the inner statement again ("忘掉我喜欢寿司") lives with the clause reader
(graphmem.extract.rules_zh)."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract import zh_values as zv
from graphmem.extract.common import ME, cand, link
from graphmem.extract.patterns_zh_places import new_locals_of
from graphmem.extract.relations import entity_type, relation_of
from graphmem.extract.zh_names import points_at_someone
from graphmem.lang import Handler
from graphmem.text.terms import zh_number


def _named_link(m, ctx):
    """豆豆是我家的狗 / 乐乐是我儿子; "他是我哥", "这是我朋友" name no one."""
    if points_at_someone(m["name"]):
        return None
    attr, qual = relation_of(m["rel"]) or ("friend", None)
    ctx.state.add(m["name"], entity_type(attr), qual or attr)
    return [link(attr, qual, m["name"], ctx.src)]


_LIST_SPLIT = re.compile(r"[、，,]|和|跟|还有|以及")


def _test_found(m, ctx):
    return c.allergy_results(m, ctx, _LIST_SPLIT)


def _drop_topic(m, ctx):
    return [cand("*", zv.TAIL.sub("", m["x"]), ME, ctx.src, retract=True, correction=True)]


def _registered_name(m, ctx):
    """身份证上写的是王大锤: the name the user is registered under."""
    name = m["name"]
    if relation_of(name) or points_at_someone(name) or zv.TAIL.sub("", name) != name:
        return None
    return [cand("name", name, ME, ctx.src)]


def _age_said_of_me(m, ctx):
    """我妈说我都三十二了: the age someone tells the user they are."""
    n = int(m["x"]) if m["x"].isdigit() else zh_number(m["x"])
    if not n or not 13 <= n <= 99:
        return None
    return [cand("age", str(n), ME, ctx.src)]


HANDLERS: dict[str, Handler] = {
    "age_said_of_me": _age_said_of_me,
    "registered_name": _registered_name,
    "drop_topic": _drop_topic,
    "named_link": _named_link,
    "new_locals_now": lambda m, x: new_locals_of(m["when"] + m["rest"], x),
    "test_found": _test_found,
}
