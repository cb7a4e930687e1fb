"""Engine configuration, passed in by the caller (never read from the environment here)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .stores.base import STORE_TIMEOUT

#: Half-lives in days per kind. Seed guidance: profile 30–90, preference 7–30, event 1–7;
#: plain facts sit between preference and profile.
DEFAULT_HALF_LIVES = {"profile": 60.0, "preference": 21.0, "fact": 30.0, "event": 3.0}

#: The longest message `remember` accepts, in characters. Longer text raises
#: TextTooLargeError instead of being truncated, so nothing is silently lost.
MAX_TEXT_CHARS = 8000


@dataclass(frozen=True)
class Config:
    half_lives: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_HALF_LIVES))
    max_text_chars: int = MAX_TEXT_CHARS
    #: RRF's k: smaller lets a channel's top ranks count for more than its tail.
    rrf_k: int = 20
    #: How many candidates each channel contributes before fusion.
    channel_depth: int = 20
    #: Channel weights in the fusion; the exact lookup is the most precise signal.
    channel_weights: dict[str, float] = field(
        default_factory=lambda: {"exact": 2.0, "bm25": 1.0, "vector": 1.0}
    )
    #: Confidence gained when an identical fact is stated again.
    reinforce_step: float = 0.05
    #: The forgetting pass archives facts whose effective score fell below this.
    archive_floor: float = 0.05
    #: Whether the forgetting pass may archive active profile facts.
    archive_profile: bool = False
    #: Share of a fact's confidence that time decay can never take away in ranking:
    #: weight = confidence × (floor + (1 − floor) × 0.5^(age/half-life)). Zero is the pure
    #: seed formula; a floor keeps an old but exactly matching memory above fresh noise.
    decay_floor: float = 0.75
    #: A lower floor per kind: a plan (kind `event`: "an interview next Tuesday") is
    #: mostly obsolete once its days have passed, not an old memory to keep in front.
    kind_floors: dict[str, float] = field(default_factory=lambda: {"event": 0.25})

    #: Seconds one store call may take (a write with the driver's retries, a read, the wait
    #: for a lock or a connection) before it fails with StoreUnavailableError, rolled back.
    store_timeout: float = STORE_TIMEOUT

    def half_life(self, kind: str) -> float:
        return float(self.half_lives.get(kind, self.half_lives.get("fact", 30.0)))
