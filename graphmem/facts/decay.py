"""Time decay: effective = confidence × 0.5 ^ (age / half_life), age from last access."""

from __future__ import annotations

from datetime import datetime

from graphmem.model import Fact

_DAY = 86400.0


def effective_score(fact: Fact, at: datetime) -> float:
    """The confidence left at `at`; a recall later than the last access never gains."""
    age_days = max(0.0, (at - fact.last_accessed_at).total_seconds() / _DAY)
    half_life = max(fact.half_life_days, 1e-6)
    return fact.confidence * 0.5 ** (age_days / half_life)
