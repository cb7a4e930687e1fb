"""Chinese rules' handlers for animals and the people one has: a pet or relative one has
(我养了一只柯基叫豆豆, 我有个哥哥), an animal one walks or cuddles at home, a pet gone."""

from __future__ import annotations

import re

from graphmem.extract.common import ME, Subject, cand, link
from graphmem.extract.lexicon import ZH_BREEDS
from graphmem.extract.relations import entity_type, relation_of
from graphmem.extract.zh_lists import listed_names
from graphmem.extract.zh_values import PRONOUN_VALUE

#: How a clause about an animal goes on when no name follows its word: a time or a manner
#: adverb, then what it does.
_DOING = re.compile(r"^(?:天天|每天|整天|总是|经常|一直|老是|又|也|都|还|在|正在|就|把|被|一起)")


def pet_or_relation(m, ctx):
    """我养了一只猫(叫咪咪) / 我有个哥哥 / 我养了一只柯基叫豆豆."""
    word, name = m["rel"], (m["name"] or "").strip()
    if _DOING.match(name):  # "两只布偶天天打架掉毛": what the animals do, no name
        name = ""
    attr, qual = ("pet", ZH_BREEDS[word]) if word in ZH_BREEDS else relation_of(word) or ("pet", None)
    # "外婆…，养了只三花猫叫咪咪": a pet kept by the person the sentence is about is theirs
    owner = ctx.subj if attr == "pet" and ctx.subj.type == "person" else ME
    if name and name not in PRONOUN_VALUE:
        subj = ctx.state.add(name, entity_type(attr), qual or attr)
        out = [link(attr, qual, name, ctx.src, owner=owner)]
        if entity_type(attr) == "person":  # "我有个哥哥叫小明，在北京工作": what follows is about 小明
            ctx.subj = subj
        else:  # "家里有只柯基叫豆包，十二岁了": an age right after is the pet's
            ctx.state.pet_just_named = subj
        return out + [cand("note", word, subj, ctx.src)] if word in ZH_BREEDS else out
    if m["cnt"] not in (None, "一", "1"):
        if names := listed_names(ctx.state.sentence or "", word, m["cnt"]):  # 两只猫，叫可乐和雪碧
            for n in names:
                ctx.state.add(n, entity_type(attr), qual or attr, mention=False)
            return [link(attr, qual, n, ctx.src, owner=owner) for n in names]
        if attr != "pet":
            return [cand("note", ctx.src, ctx.subj, ctx.src)]
        # "两只布偶天天打架": the animals by their kind, as no names are said
    # A name may follow in the next clause ("，叫咪咪"); it inherits this subject.
    ctx.subj = Subject(word, entity_type(attr), qual or attr, named=False)
    ctx.state.mention(ctx.subj)
    return [link(attr, qual, word, ctx.src, owner=owner)]


def pet_cared_for(m, ctx):
    """回家撸了半小时狗 / 每天早上遛狗: an animal the user walks or cuddles at home is theirs."""
    if ctx.subj is not ME:
        return None
    word = m["rel"]
    attr, qual = relation_of(word) or ("pet", None)
    return [link("pet", qual, word, ctx.src)] if attr == "pet" else None


def pet_gone(m, ctx):
    s = ctx.subj
    if s.type == "pet" and s.named:
        gone = cand("pet", s.name, ME, ctx.src, retract=True, correction=True, qualifier=s.relation)
        # "团子上个月去喵星了": when it happened stays, as for any event
        return [gone, cand("event", ctx.src, ME, ctx.src)] if ctx.has_time else [gone]
    word = m.groupdict().get("rel") or s.name
    qual = (relation_of(word) or ("pet", ZH_BREEDS.get(word)))[1]
    names = [e.name for e in ctx.state.by_relation(qual)] or [word]
    return [cand("pet", n, ME, ctx.src, retract=True, correction=True, qualifier=qual) for n in names]
