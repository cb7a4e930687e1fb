"""Chinese: who married whom (the handlers of patterns_zh's marriage rows)."""

from __future__ import annotations

from graphmem.extract import common as c
from graphmem.extract import on_record
from graphmem.extract.changes import is_title
from graphmem.extract.common import ME, cand, link
from graphmem.extract.relations import dated_as, relation_of
from graphmem.extract.zh_values import TAIL

__all__ = ["dating", "married_zh", "wed"]


def married_zh(m, ctx):
    """'我姐姐嫁给了张伟': 张伟 is her husband and the user's brother-in-law (姐夫/妹夫); '我弟娶了
    小芳': his wife, the user's sister-in-law. The wedding stays as an event or a note."""
    subj, name = ctx.subj, TAIL.sub("", m["name"])
    if subj.is_self or not name or relation_of(name):
        return None
    ctx.state.add(name, "person", "spouse")
    bride = m["verb"].startswith("嫁")
    out = [link("spouse", "husband" if bride else "wife", name, ctx.src, owner=subj)]
    if subj.relation == "sister" and bride:
        out.append(link("relative", "brother-in-law", name, ctx.src))
    elif subj.relation == "brother" and not bride:
        out.append(link("relative", "sister-in-law", name, ctx.src))
    kind = "event" if ctx.has_time else "note"
    return [*out, cand(kind, ctx.src, subj, ctx.src, kind="fact" if kind == "event" else None)]


def wed(m, ctx):
    """'跟阿杰结婚啦': the user's spouse, who ends as a partner; someone else's ('我哥跟小雅结婚了'):
    theirs. The wedding stays as an event or a note."""
    name = TAIL.sub("", m["name"])
    if not name or relation_of(name):
        return None
    subj = ctx.subj
    ctx.state.add(name, "person", "spouse")
    kind = "event" if ctx.has_time else "note"
    wedding = cand(kind, ctx.src, subj, ctx.src, kind="fact" if kind == "event" else None)
    if not subj.is_self:
        return [link("spouse", None, name, ctx.src, owner=subj), wedding]
    was = [v for v in c.active_values(ctx.state.context, "partner") if v == name]
    ended = [cand("partner", v, ME, ctx.src, retract=True, correction=True) for v in was]
    return [*ended, link("spouse", None, name, ctx.src), wedding]


def dating(m, ctx):
    """'在跟一个叫X的男生约会' / '和X在一起了': the user's partner (a boyfriend or girlfriend by
    the word for them); someone else's ('我妹跟阿城在一起了'): theirs."""
    name = TAIL.sub("", m["name"])
    if not name or relation_of(name) or c.self_like(name):
        return None
    kind = m["kind"] or ""
    qualifier = dated_as(kind) if kind else None
    partner = ctx.state.add(name, "person", qualifier or "partner")
    # "一个叫林远的摄影师": what they do, said as who they are
    job = [cand("job_title", m["occ"], partner, ctx.src)] if m["occ"] and is_title(m["occ"], "zh") else []
    return [
        *on_record.partners_before(ctx, name),
        link("partner", qualifier, name, ctx.src, owner=ctx.subj),
        *job,
    ]
