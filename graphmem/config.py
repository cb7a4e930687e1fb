"""Engine configuration, passed in by the caller (never read from the environment here)."""

from __future__ import annotations

from dataclasses import dataclass, field

#: Default bound, in seconds, on one store call (a write with its retries, a read, waiting
#: for a connection or a lock); past it the caller gets StoreUnavailableError. Well under
#: the Neo4j driver's own 30 s retry window. `Config.store_timeout` overrides it.
STORE_TIMEOUT = 10.0


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
    #: Measured on LoCoMo (benchmarks/locomo.py): the facts' lexical channels mostly
    #: repeat what the episodes' BM25 finds, so they count as light extra keys.
    channel_weights: dict[str, float] = field(
        default_factory=lambda: {"exact": 2.0, "bm25": 0.25, "vector": 0.1}
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
    #: How recall fuses its channels: "rrf" (rank-only) or "score" (per-query normalised
    #: scores; see graphmem.recall.fusion). Chosen by the LoCoMo benchmark's
    #: leave-one-conversation-out selection, with speaker_boost, exact_span and
    #: own_fact_share below.
    fusion: str = "score"
    #: Weights of the episode channels (BM25 and vectors over the kept messages, and the
    #: messages about the days a question names).
    episode_channel_weights: dict[str, float] = field(
        default_factory=lambda: {"episode_bm25": 1.0, "episode_vector": 0.1, "episode_dated": 1.0}
    )
    #: Ranking weight of a recalled message of the user (a fact's weight is its
    #: confidence after decay), and of an assistant turn (recallable, below the user's own).
    episode_weight: float = 0.8
    assistant_weight: float = 0.5
    #: A message whose facts were all superseded or retracted is history: this factor,
    #: and it never ranks above an active fact of the same attribute.
    superseded_episode_weight: float = 0.5
    #: What an episode is indexed under besides its own words (measured on LoCoMo):
    #: "speaker" (who said it, when named), "prev" (the turn it answers), "next" (the
    #: reply), "date" (month, year, weekday of what it refers to).
    episode_index: tuple[str, ...] = ("speaker", "prev", "next", "date")
    #: Time intents ("when did I…", "上周"): the factor for memories with a resolved date
    #: (when-questions) and for memories dated inside the range the query names.
    dated_boost: float = 0.5
    range_boost: float = 1.0
    #: A question about what lies ahead ("what's coming up?", "接下来有什么安排"): memories
    #: dated today or later are multiplied by 1 + this, those dated before by
    #: `past_plan_weight` (a plan whose day has passed is not coming up any more).
    ahead_boost: float = 1.0
    past_plan_weight: float = 0.5
    #: Vector hits less similar than this are no evidence (rank fusion would count a
    #: channel's best hit however weak it is).
    vector_floor: float = 0.15
    #: Half-life (days) over which a kept message loses up to (1 - decay_floor) of its
    #: weight, from when it was said; None: messages do not age.
    episode_half_life_days: float | None = None
    #: A query naming who said something ("what did Ola say about …") multiplies the
    #: score of that speaker's messages (and of facts carrying them) by 1 + this.
    speaker_boost: float = 1.0
    #: How many facts one attribute cue of the exact lookup may find and still name each of
    #: them: a bigger crowd (dozens of events for "when did I …") shares this much boost.
    exact_span: float = 1.0
    #: Share of the exact boost for the user's own facts of a multi-valued attribute found
    #: by its cue alone ("what do I like?": one of many) against the asked facts of an
    #: entity the query reached by name or relations ("my sister's husband's job"), which
    #: only the graph can find; a single-valued one ("where do I work?") counts in full.
    own_fact_share: float = 0.5
    #: `context()` keeps items scoring at least this share of the best one.
    context_floor: float = 0.3
    #: The built-in embedder `Memory` uses when given none (graphmem.embedding.choice):
    #: "hashing" (lexical), "static" (bilingual, distilled from multilingual-e5-small),
    #: "blend" (the two side by side) or "e5" (the transformer itself, `graphmem[e5]`).
    embedder: str = "hashing"

    def half_life(self, kind: str) -> float:
        return float(self.half_lives.get(kind, self.half_lives.get("fact", 30.0)))
