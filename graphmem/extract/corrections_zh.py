"""Chinese corrections that need what the user has on record: a place said alone after a
lead of precision ("准确地说是佛山顺德") refines the city stored before it."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract.common import ME, cand
from graphmem.extract.lexicon import ZH_REGIONS
from graphmem.lang.normalise import normaliser

_PLACE_ALONE = re.compile(
    r"^(?:我)?(?:是|在|住在?)?(?P<v>[\u4e00-\u9fff]{2,7}?)(?P<there>这边|那边|那儿|这儿|一带)?(?:啦|哈|哦|呀)?$"
)


def place_refined(state: c.State, sentence: str, first: str) -> list:
    """ "准确地说是佛山顺德" after 住在广东: a place said alone after a lead of precision makes
    the city on record exact (a province to its city, a city to its district). `first`: the
    statement's first clause."""
    lead = normaliser("zh").precision_leads
    if lead is None or not lead.search(sentence):
        return []
    m = _PLACE_ALONE.match(first)
    if not m:
        return []
    v = m["v"]
    # "…那边" says a place even of a district no word list knows ("具体是徐汇那边")
    known = c.is_place_zh(v, loose=True) or any(c.is_place_zh(v[:k], loose=True) for k in (2, 3))
    if not (known or (m["there"] and len(v) <= 4)):
        return []
    old = c.active_values(state.context, "city")
    if len(old) != 1 or old[0] == v or old[0] in v:
        return []
    value = v if old[0] in ZH_REGIONS else old[0] + v
    return [cand("city", value, ME, sentence, correction=True, replaces=old[0])]
