"""Pure data: facts, entities, audit records and the results the API returns.

Nothing here touches a database; stores translate to and from these types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

KINDS = ("profile", "preference", "fact", "event")
SOURCES = ("user_declared", "behavior_observed", "model_inferred")
STATUSES = ("active", "frozen", "archived")

#: Base confidence by source (seed rule: declared 0.9 > observed 0.7 > inferred 0.5).
SOURCE_CONFIDENCE = {"user_declared": 0.9, "behavior_observed": 0.7, "model_inferred": 0.5}
#: Arbitration priority by source; higher wins.
SOURCE_PRIORITY = {"user_declared": 3, "behavior_observed": 2, "model_inferred": 1}

SELF = "self"


@dataclass(frozen=True)
class Entity:
    """A node of one user's subgraph: the user (`self`) or someone/something they mentioned."""

    id: str
    user_id: str
    name: str
    type: str = "thing"  # self | person | pet | place | org | thing
    aliases: tuple[str, ...] = ()
    created_at: datetime | None = None


@dataclass
class Fact:
    """One entity–attribute–value memory with its metadata."""

    id: str
    user_id: str
    subject_id: str
    subject_name: str
    attribute: str
    value: str
    kind: str
    source: str
    confidence: float
    status: str
    text: str
    source_text: str
    recorded_at: datetime
    valid_from: datetime
    last_accessed_at: datetime
    half_life_days: float
    valid_to: datetime | None = None
    access_count: int = 0
    ref: str | None = None
    object_id: str | None = None  # the entity the value names, when it names one
    qualifier: str | None = None  # e.g. "daughter" on a child fact, "cat" on a pet fact
    superseded_by: str | None = None
    inferred: bool = False
    rule: str = ""  # the extraction rule that made it (Candidate.rule); "" for facts from before

    @property
    def is_active(self) -> bool:
        return self.status == "active"


@dataclass(frozen=True)
class AuditRecord:
    """Why arbitration did what it did: both ids, the rule, the time."""

    id: str
    user_id: str
    at: datetime
    action: str  # supersede | reinforce | keep_frozen | retract | forget | import
    rule: str  # explicit_correction | source_priority | recency | polarity | retraction | ...
    new_fact_id: str | None = None
    old_fact_id: str | None = None
    detail: str = ""
    extraction_rule: str = ""  # the extraction rule of the candidate it decided on ("en.predicate.likes_2")


@dataclass
class Candidate:
    """What an extractor proposes; arbitration decides what becomes of it."""

    attribute: str
    value: str
    subject: str = SELF  # SELF, or the name of the entity the statement is about
    subject_type: str = "self"  # self | person | pet | place | org | thing
    subject_relation: str | None = None  # how the subject relates to the user: "daughter", "哥哥"
    object_type: str | None = None  # when the value names an entity: person | pet | place | org
    qualifier: str | None = None  # refines the attribute: "son" for child, "cat" for pet
    kind: str | None = None  # defaults from the vocabulary
    source: str = "user_declared"
    correction: bool = False  # the user is correcting an earlier statement
    retract: bool = False  # the user says this value no longer holds
    replaces: str | None = None  # an old value the user named explicitly ("not Ohio")
    text: str | None = None  # rendered sentence; derived when absent
    source_text: str = ""  # the clause it came from
    confidence: float | None = None  # defaults from the source
    valid_from: datetime | None = None  # when it became true, if the message says ("last month")
    #: What made it: the id of a language-pack rule ("en.predicate.allergy_1"), of a code path
    #: of the rule extractor ("zh.builtin.event"), or "llm"; "" when not said (imported).
    rule: str = ""
    #: Why a correction corrects, when the discourse around it said so (graphmem.extract.discourse):
    #: "explicit_correction" (the user fixes what they said) or "change" (what held has changed). It names
    #: the arbitration rule in the audit record; None keeps the rule's own name.
    cue: str | None = None


@dataclass(frozen=True)
class Ignored:
    """A piece of a message that was not remembered, and why."""

    text: str
    reason: str


@dataclass(frozen=True)
class Refusal:
    """A secret that was caught before anything was written."""

    kind: str  # card_number | national_id | password | verification_code | api_key | ...
    reason: str


@dataclass(frozen=True)
class ExplainedPiece:
    """One piece of a message as `explain` saw it. Dropped: `reason` says why, a gate
    reason ("question", "greeting", "small_talk", "filler", "secret", "control", "irony",
    "assistant_turn", "empty", "candidate_cap") or "no_rule_matched" (read, nothing made).
    Read: `rules` lists, in order, each rule that matched it with "fired" (its candidates
    kept) or "passed" (its handler declined), and each discourse cue found around it with
    "cue" ("en.cue.retraction"); `candidates` what it made, each with `.rule`."""

    text: str
    reason: str | None = None
    rules: tuple[tuple[str, str], ...] = ()
    candidates: tuple[Candidate, ...] = ()


@dataclass
class Explanation:
    """What `remember` would make of one message, written nowhere (`Memory.explain`)."""

    user_id: str | None  # None: read as a new user's message
    text: str  # secrets redacted
    control: str | None = None  # dont_keep | forget | remember, when the message says one
    refused: list[Refusal] = field(default_factory=list)  # secrets found (never kept)
    pieces: list[ExplainedPiece] = field(default_factory=list)  # in message order


@dataclass
class RememberResult:
    """What one `remember` call did."""

    user_id: str
    added: list[Fact] = field(default_factory=list)
    superseded: list[tuple[Fact, Fact]] = field(default_factory=list)  # (old, new)
    reinforced: list[Fact] = field(default_factory=list)
    retracted: list[Fact] = field(default_factory=list)
    kept_frozen: list[Fact] = field(default_factory=list)  # news that lost arbitration
    ignored: list[Ignored] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    audit: list[AuditRecord] = field(default_factory=list)
    episode_id: str | None = None
    usage: dict[str, int] = field(default_factory=dict)  # LLM token usage, when any
    #: Ids of the messages a spoken forget request erased (those that said what it named).
    forgotten_episodes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(
            self.added or self.superseded or self.retracted or self.reinforced or self.forgotten_episodes
        )


@dataclass(frozen=True)
class Episode:
    """One kept message (secrets already redacted): a memory of its own and the
    provenance of the facts extracted from it.

    `speaker` names who said it when the caller knows (a multi-party chat); `role` says
    whether it was the user or the assistant. `prev_id` is the previous turn of the same conversation (NEXT points from it to this
    one), `position` the turn's 0-based place in it. `refers_from`/`refers_to` is the
    date range the message talks about, when it names one ("yesterday", "上周六"),
    resolved against `at`."""

    id: str
    user_id: str
    role: str
    text: str
    at: datetime
    ref: str | None = None
    prev_id: str | None = None
    position: int = 0
    refers_from: datetime | None = None
    refers_to: datetime | None = None
    speaker: str | None = None  # who said it, when the caller names them ("Ana")

    @property
    def date(self) -> datetime:
        """What the message refers to, else when it was said."""
        return self.refers_from or self.at


@dataclass
class RecallItem:
    """One recalled memory: a fact (carrying the episode it came from, when known) or an
    episode (a kept message no recalled fact stands for), with its score and the channels
    that found it (channel -> 1-based rank; `episode_*` channels ranked the message;
    `retraction`: the message that took back a recalled one, brought along with it)."""

    fact: Fact | None
    score: float
    channels: dict[str, int]
    path: list[str] = field(default_factory=list)  # hop path, e.g. ["self", "child", "朵朵"]
    episode: Episode | None = None
    #: The date the memory is about, as the recaller resolved it (`graphmem.text.memory_dates.
    #: memory_date`: the day its words name, even ahead, else its message's, else when it was
    #: said); None on an item built by hand, whose `date` is then read from its fields.
    when: datetime | None = None

    @property
    def kind(self) -> str:
        return "fact" if self.fact is not None else "episode"

    @property
    def text(self) -> str:
        if self.fact is not None:
            return self.fact.text
        return self.episode.text if self.episode is not None else ""

    @property
    def ref(self) -> str | None:
        if self.fact is not None and self.fact.ref is not None:
            return self.fact.ref
        return self.episode.ref if self.episode is not None else None

    @property
    def date(self) -> datetime | None:
        """The date the memory refers to: `when` when the recaller set it, else a fact's
        validity start when it was resolved from the message ("yesterday"), else what its
        message refers to, else when it was said."""
        if self.when is not None:
            return self.when
        f, e = self.fact, self.episode
        if f is not None and f.valid_from != f.recorded_at:
            return f.valid_from
        if e is not None:
            return e.date
        return f.valid_from if f is not None else None

    @property
    def day(self) -> str | None:
        """`date` as an ISO day ("2026-03-07"), the form every surface shows."""
        d = self.date
        return d.date().isoformat() if d is not None else None


@dataclass
class MemoryContext:
    """The block to put before the user's message."""

    user_id: str
    query: str
    items: list[RecallItem]
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass
class HistoryEntry:
    """One fact of a supersession chain with the audit records that touched it."""

    fact: Fact
    events: list[AuditRecord] = field(default_factory=list)
