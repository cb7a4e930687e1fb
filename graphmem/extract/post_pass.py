"""The sentence post-pass of the rule extractor: what every sentence's candidates go through
before they leave it (values trimmed of particles, emoji and corner quotes; a hedge made an
inference; a placeholder relation named by the name the sentence gives; the correction flag and
the old value a retraction names; the stored spelling of a retracted value; duplicates)."""

from __future__ import annotations

import re
from dataclasses import replace

from graphmem.extract.common import (
    HEDGED_CONFIDENCE,
    facts_with_value,
    hedged,
    is_placeholder,
    strip_emoji,
)
from graphmem.extract.lexicon import ZH_BREEDS
from graphmem.extract.protocol import ExtractContext
from graphmem.extract.relations import relation_of
from graphmem.facts.vocab import RELATION_KEYS
from graphmem.lang import values
from graphmem.model import SELF, Candidate

__all__ = ["finish"]


#: Particles and sentence-final words a Chinese value must not keep (腾讯了 → 腾讯).
_ZH_TAIL_PARTICLES = re.compile(
    r"(?<=[\u4e00-\u9fffA-Za-z0-9])(?:了|啦|呢|哦|呀|吧|啊|嘛|咯|喔|噢|哈|耶|哟|呗)+$"
)


_FREE_TEXT = ("note", "event", "reply_style")
#: A letter, a digit or a CJK character: a value without one is only marks.
_WORDLIKE = re.compile(r"[^\W_]")


_CORNER_QUOTES = re.compile(r"[「」『』【】]")


#: What no animal has: a job, a workplace, a spouse.
_NOT_OF_PETS = frozenset({"job_title", "employer", "spouse", "partner"})


def values_cut(cands: list[Candidate]) -> list[Candidate]:
    """Candidates read beside the rules (a contrast, a turn, a change) with their values cut
    as the rules' own are ("Teddy to everyone" -> "Teddy"); one left with no value is dropped."""
    out = []
    for c in cands:
        if c.attribute in _FREE_TEXT or c.retract:
            out.append(c)
        elif value := values.trim(c.attribute, c.value):
            out.append(c if value == c.value else replace(c, value=value))
    return out


#: The rules that read a city from where one works ("I work in Bradford").
_WORK_PLACE = re.compile(r"\.work_in_place$")


def finish(
    cands: list[Candidate], context: ExtractContext, *, correction: bool, hedge: bool = False
) -> list[Candidate]:
    """Sentence post-pass: correction flag, old values named by a retraction, stored spellings,
    no duplicates and no empty values."""
    out: list[Candidate] = []
    seen: set[tuple] = set()
    retracted = {(c.subject, c.attribute): c.value for c in cands if c.retract and c.attribute != "*"}
    # "live in Leeds, work in Bradford": where one works is no city beside where one says one lives
    lived = {
        c.subject for c in cands if c.attribute == "city" and not c.retract and not _WORK_PLACE.search(c.rule)
    }
    cands = [
        c for c in cands if not (c.attribute == "city" and c.subject in lived and _WORK_PLACE.search(c.rule))
    ]
    # "我现在是书法班的主讲老师 … 还当上老师了": a title said again shorter is the exact one said before
    titles = {(c.subject, c.value.lower()) for c in cands if c.attribute == "job_title" and not c.retract}
    cands = [
        c
        for c in cands
        if not (
            c.attribute == "job_title"
            and not c.retract
            # the longer one ends with it ("主讲老师", "senior engineer"): a title, not a phrase around one
            and any(
                s == c.subject and t != c.value.lower() and t.endswith(c.value.lower()) for s, t in titles
            )
        )
    ]
    for c in _placeholders_named(cands):
        value = c.value.strip(" \t,，。.;；:：!！?？\"'“”‘’~～")
        if c.attribute not in _FREE_TEXT:
            bare = strip_emoji(value).strip()
            # a particle ends no breed or kin word ("二哈" is a husky, not 二 + 哈)
            value = (
                bare if bare in ZH_BREEDS or relation_of(bare) else _ZH_TAIL_PARTICLES.sub("", bare).strip()
            )
            value = _CORNER_QUOTES.sub("", value).strip()  # 「三只熊猫」: the marks set a name off
            value = values.trim(c.attribute, value)  # "latex since I was a kid" -> "latex"
        if not value or len(value) > 300 or not _WORDLIKE.search(value):
            continue  # "…", "?!": marks alone name nothing
        if c.subject_type == "pet" and c.attribute in _NOT_OF_PETS:
            continue  # "年糕…那边张医生挺靠谱": the vet's title, no pet's
        c = replace(c, value=value)
        if (
            c.attribute not in _FREE_TEXT
            and not c.retract
            and not c.correction
            and c.confidence is None
            and (hedge or hedged(c.source_text))
        ):
            c = replace(c, source="model_inferred", confidence=HEDGED_CONFIDENCE)
        if (
            c.object_type
            and not c.retract
            and (is_placeholder(c.value) or _kept_as_kind(cands, c))
            and _named_link_exists(cands, c)
        ):
            continue  # "养了一只猫，叫咪咪": the named link replaces the placeholder "猫"
        if correction and not c.correction:
            c = replace(c, correction=True)
        old = retracted.get((c.subject, c.attribute))
        if not c.retract and old and old != c.value and c.replaces is None:
            c = replace(c, replaces=old, correction=True)
        if c.retract and c.attribute != "*":
            stored = facts_with_value(context, c.value, c.attribute)
            if len(stored) == 1 and str(stored[0].value) != c.value:
                c = replace(c, value=str(stored[0].value))
        key = (c.subject, c.attribute, c.value.lower(), c.retract)
        if key in seen:
            continue
        seen.add(key)
        out.append(c)
    return out


def _placeholders_named(cands: list[Candidate]) -> list[Candidate]:
    """A name given to someone known only by the relation word ("女儿" from "我女儿下周开学",
    then "我女儿叫小满") is that relation's person: a link to "小满" (qualified as a daughter,
    as "我女儿小满" would give), and what the sentence says of the placeholder is said of her."""
    named = {
        c.subject: (c.value, rel)
        for c in cands
        if c.attribute == "name"
        and not c.retract
        and c.subject_type in ("person", "pet")
        and (rel := relation_of(c.subject)) is not None
        and rel[0] in RELATION_KEYS
    }
    # "我家那位是做UX的，英文名Kevin": the placeholder's one named link of its relation in the
    # sentence names it too; what was said of the placeholder is said of Kevin
    links = [
        c
        for c in cands
        if c.object_type and not c.retract and c.subject == SELF and not is_placeholder(c.value)
    ]
    linked = {}
    for c in cands:
        rel = relation_of(c.subject) if c.subject != SELF and c.subject not in named else None
        same = [x.value for x in links if rel and x.attribute == rel[0]]
        if rel and len(set(same)) == 1:
            linked[c.subject] = same[0]
    if not named and not linked:
        return cands
    out = []
    for c in cands:
        if c.subject in linked:
            out.append(replace(c, subject=linked[c.subject]))
            continue
        if c.subject not in named:
            out.append(c)
            continue
        name, (attribute, qualifier) = named[c.subject]
        if c.attribute == "name":
            out.append(replace(
                c, attribute=attribute, subject=SELF, subject_type="self", subject_relation=None,
                object_type="pet" if attribute == "pet" else "person",
                qualifier=qualifier or c.subject_relation,
            ))  # fmt: skip
        else:
            out.append(replace(c, subject=name))
    return out


def _kept_as_kind(cands: list[Candidate], link_: Candidate) -> bool:
    """Whether a link's value is kept as what someone named is (养了只三花，叫花卷: 三花 is
    花卷's kind, no pet of its own): a word no lexicon knows as a kind."""
    return any(o.attribute == "note" and o.value == link_.value and o.subject != link_.subject for o in cands)


def _named_link_exists(cands: list[Candidate], placeholder: Candidate) -> bool:
    return any(
        o.object_type
        and o.attribute == placeholder.attribute
        and o.qualifier == placeholder.qualifier
        and o.subject == placeholder.subject
        and not is_placeholder(o.value)
        and not o.retract
        for o in cands
    )
