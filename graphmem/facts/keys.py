"""Keys the stores keep beside each fact so the hot reads need no full scan.

`value_key` is the comparison key arbitration uses (two values are the same value when
their keys are equal), so a remember finds an identical or opposite value by an index
seek instead of reading every value of the attribute.

`decay_key` orders facts by what time decay leaves of their confidence:
effective = confidence * 0.5 ** ((at - last_access) / half_life), so for facts of one
half-life, log2(effective) = (last_access + half_life * log2(confidence) - at) / half_life,
and sorting by `last_access + half_life * log2(confidence)` (seconds) sorts by effective
score at any `at`. Facts of different half-lives sort approximately, which is why readers
that take the top N by this key take a margin more than they need. An access moves the
key by exactly the time the last access moved, so stores update it without a read.
"""

from __future__ import annotations

import math
import re
import unicodedata
from functools import lru_cache

_PUNCT = re.compile(r"[\s\W_]+", re.UNICODE)
_LEADING_EN = re.compile(r"^(?:the|a|an|my|to|at|in|for)\s+", re.IGNORECASE)
_DAY = 86400.0
_MIN_CONFIDENCE = 1e-6


@lru_cache(maxsize=65536)
def value_key(value: str) -> str:
    """Comparison key of a value: NFKC, case-folded, articles and punctuation removed."""
    v = unicodedata.normalize("NFKC", value).casefold().strip()
    v = _LEADING_EN.sub("", v)
    return _PUNCT.sub("", v)


#: A verb of eating or drinking said before a taste ("吃辣", "喝奶茶", "eating sushi"): the same
#: taste as the thing alone, so a liking and a dislike of it oppose each other.
_CONSUMED = re.compile(r"^(?:吃|喝|eating|drinking)(?=.)")
_CONSUMING = ("吃", "喝")


def taste_keys(value: str) -> list[str]:
    """The keys a taste of the same thing may be stored under: "辣" finds 吃辣 and 喝辣 too,
    "吃辣" finds 辣; English "sushi" finds "eating sushi"."""
    key = value_key(value)
    bare = _CONSUMED.sub("", key)
    cjk = bool(re.match(r"[\u4e00-\u9fff]", bare))
    said = (*_CONSUMING,) if cjk else ("eating", "drinking")
    return sorted({key, bare, *(v + bare for v in said)})


def same_taste(a: str, b: str) -> bool:
    """Whether two taste values name the same thing, a verb of eating or drinking aside."""
    return _CONSUMED.sub("", value_key(a)) == _CONSUMED.sub("", value_key(b))


def decay_key(confidence: float, half_life_days: float, last_accessed_epoch: float) -> float:
    """Sort key, in epoch seconds, that orders facts of one half-life by effective score."""
    conf = max(float(confidence), _MIN_CONFIDENCE)
    return float(last_accessed_epoch) + max(float(half_life_days), 1e-6) * _DAY * math.log2(conf)
