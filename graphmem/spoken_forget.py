"""Which stored facts a spoken "forget that …" request names.

The extractor reads the request's inner statement ("forget that I live in Boston" → city
Boston) and proposes retractions; this module matches them against the user's facts, active
and frozen (an erased fact must not survive as an old version). When the extractor found
no statement, the words after the cue are the topic ("把我妹妹的事删了" → 妹妹), matched
against values and subjects.
"""

from __future__ import annotations

import re

from .arbitrate import mentions_value
from .model import SELF, Candidate, Fact

_EN_LEAD = re.compile(
    r"^(?:(?:please|pls|just|and|but|so|oh|hey|ok|okay|also)[,\s]+)*(?:(?:can|could|would|will) you\s+(?:please\s+)?)?"
    r"(?:forget|delete|erase|remove|wipe|drop|scrub|unlearn)\s+(?:about\s+)?"
    r"(?:everything (?:about|on)\s+|all (?:about|of)\s+|what (?:I|you) (?:said|told you|mentioned|know|have|remember) "
    r"(?:about|on|regarding)\s+|the (?:fact|bit|part|thing|note|memory) (?:that|about)\s+|that\s+|about\s+)?",
    re.I,
)
_EN_TAIL = re.compile(r"\s*(?:please|pls|for me|from (?:your )?memory|again|too|as well|now)?[.!]*$", re.I)
_ZH_LEAD = re.compile(
    r"^(?:请|麻烦|你|帮我|麻烦你|能不能|可以)*(?:把)?(?:忘掉|忘记掉?|删掉|删除|抹掉|清除|忘了)?(?:关于)?"
)
_ZH_TAIL = re.compile(
    r"(?:的(?:事情?|记忆|信息|内容|那条|这条|那些))?(?:这件事|这一条|这条|那条)?"
    r"(?:删了|删掉|删除|忘了|忘掉|抹掉|去掉)?(?:吧|哈|啊|了|哦)*[。！!.]*$"
)
_ZH_SAID = re.compile(r"^(?:我)?(?:之前|刚才|上次)?(?:说过?的|提到的|讲的|告诉你的)")


def topic(text: str) -> str:
    """The words a forget request names, without the cue and politeness ("Boston", "妹妹")."""
    t = text.strip()
    if re.search(r"[\u4e00-\u9fff]", t):
        t = _ZH_TAIL.sub("", _ZH_LEAD.sub("", t))
        return _ZH_SAID.sub("", t).strip(" ，,。")
    return _EN_TAIL.sub("", _EN_LEAD.sub("", t)).strip(" ,.")


def _about(fact: Fact, cand: Candidate) -> bool:
    subject_ok = (
        cand.subject == SELF and fact.subject_name == SELF or mentions_value(cand.subject, fact.subject_name)
    )
    if not subject_ok:
        return False
    if cand.attribute not in ("*", "note", "event") and fact.attribute != cand.attribute:
        return False
    return mentions_value(cand.value, str(fact.value))


def named_facts(facts: list[Fact], candidates: list[Candidate], request: str) -> list[Fact]:
    """The facts (any status) the request names, each once."""
    hits: dict[str, Fact] = {}
    statements = [c for c in candidates if c.attribute not in ("note", "event") or c.retract]
    for c in statements:
        for f in facts:
            if _about(f, c):
                hits.setdefault(f.id, f)
    if not hits:
        what = topic(request)
        if len(what) >= 2:
            for f in facts:
                if (
                    mentions_value(what, str(f.value))
                    or mentions_value(what, f.subject_name)
                    or (len(what) >= 3 and what.lower() in f.source_text.lower())
                ):
                    hits.setdefault(f.id, f)
    return list(hits.values())
