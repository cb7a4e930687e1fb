"""The storage protocol every backend implements.

Every read and write goes through an object bound to one user id (`UserReader`,
`UserWriter`): the id is fixed when the object is made and every statement the
backend runs is filtered by it, so callers cannot forget the filter. The only
cross-user calls are the admin ones on `Store` itself (`user_ids`, `counts`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from graphmem.model import AuditRecord, Entity, Episode, Fact

if TYPE_CHECKING:  # annotations only: the store interface does not load numpy
    import numpy as np

T = TypeVar("T")

#: 3: episodes are memories (indexed for BM25 and vectors, threaded, dated) and facts
#: name the episode they came from. 4: SQLite's full-text rows in per-user rowid ranges
#: (nothing changes on Neo4j). 5: SQLite's messages indexed by the days they name (Neo4j
#: reads them through the user's episode index).
SCHEMA_VERSION = 6
#: Default budget of a store's in-process vector cache, in MB (about 1 KB per 256-dim
#: vector); least recently used users go first beyond it.
VECTOR_CACHE_MB = 256

#: Two messages further apart than this (seconds) belong to different conversations:
#: the later one starts a new thread (no NEXT between them).
THREAD_GAP_S = 6 * 3600.0

#: What erasure (`UserWriter.scrub`) leaves where a forgotten fact's content was.
FORGOTTEN = "[FORGOTTEN]"


__all__ = [
    "Episode",
    "EpisodeLink",
    "FORGOTTEN",
    "SCHEMA_VERSION",
    "THREAD_GAP_S",
    "Store",
    "SupersedesEdge",
    "UserReader",
    "UserWriter",
]


@dataclass(frozen=True)
class EpisodeLink:
    """A fact's FROM link to the episode it came from, with what recall needs of the fact."""

    fact_id: str
    episode_id: str
    status: str
    superseded_by: str | None
    subject_id: str
    attribute: str


@dataclass(frozen=True)
class SupersedesEdge:
    new_id: str
    old_id: str
    rule: str
    at: datetime


class UserReader(Protocol):
    """Reads of one user's subgraph."""

    user_id: str

    def facts(
        self,
        *,
        statuses: Sequence[str] | None = ("active",),
        attributes: Sequence[str] | None = None,
        subject_ids: Sequence[str] | None = None,
        ids: Sequence[str] | None = None,
        value_keys: Sequence[str] | None = None,
        top: int | None = None,
    ) -> list[Fact]:
        """The user's facts that pass every given filter (None: no filter; an empty list
        matches nothing), oldest first. `value_keys` keeps facts whose `keys.value_key`
        of the value is listed. `top` keeps only the `top` facts with the highest
        `keys.decay_key` (the surest after decay), those first."""
        ...

    def entities(self) -> list[Entity]: ...

    def links(self, subject_id: str, attributes: Sequence[str]) -> list[tuple[str, str, str | None]]:
        """(attribute, object id, qualifier) of the subject's active facts of these
        attributes that point at an entity: how the user is related to whom, read without
        whole facts (every remember asks, for the extractor)."""
        ...

    def search_text(
        self, terms: Sequence[str], limit: int, related: Sequence[str] = ()
    ) -> list[tuple[str, float]]:
        """BM25 over active facts: (fact id, score), best first. `related` are words of the
        concepts the query names (graphmem.text.concepts): searched too, and counting less than
        the query's own `terms` where the index can weigh words apart."""
        ...

    def search_vector(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        """Cosine over active facts: (fact id, similarity), best first; up to `limit` of
        them whenever the user has that many active facts with vectors. A query vector
        with no direction (all zero, non-finite) has no cosine and finds nothing."""
        ...

    def audit(self, fact_ids: Sequence[str] | None = None) -> list[AuditRecord]: ...

    def supersedes(self) -> list[SupersedesEdge]: ...

    def episodes(self, ids: Sequence[str] | None = None) -> list[Episode]:
        """The user's episodes (those of `ids` only, when given), oldest first."""
        ...

    def last_episode(self, before: datetime) -> Episode | None:
        """The user's latest episode at or before `before` (the turn a new one follows)."""
        ...

    def episodes_dated(self, start: datetime, end: datetime, limit: int) -> list[Episode]:
        """Up to `limit` of the user's episodes about a day in [start, end]: the days the
        message named ("yesterday"), else the day it was said; the latest such days first."""
        ...

    def search_episodes_text(
        self, terms: Sequence[str], limit: int, related: Sequence[str] = ()
    ) -> list[tuple[str, float]]:
        """BM25 over the user's episodes (their indexed text): (episode id, score), best
        first; `related` as in `search_text`."""
        ...

    def search_episodes_vector(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        """Cosine over the user's episodes with vectors: (episode id, similarity), best first."""
        ...

    def episode_links(
        self, fact_ids: Sequence[str] = (), episode_ids: Sequence[str] = ()
    ) -> list[EpisodeLink]:
        """The FROM links of the given facts and of the facts that came from the given
        episodes (facts of every status), one per fact."""
        ...

    def revision(self) -> int:
        """A number that changes whenever this user's memory changes (every `Store.write`;
        recording an access with `Store.touch` changes no content and leaves it alone)."""
        ...

    def write_key(self, key: str) -> str | None:
        """The result recorded with this idempotency key by an earlier write, or None."""
        ...

    def read_together(
        self, fn: Callable[[Any], T], *, write: bool = False, text: tuple[Any, ...] | None = None
    ) -> T:
        """`fn(reader)`, its reads in one transaction where the store has them (Neo4j: one
        BEGIN and COMMIT for the lot; `text`, the (terms, limit[, related]) `fn` will search, may come
        with the opening statement). With `write`, `fn` may also `touch` the reader: a
        recall records its access. `fn` may run again after a transient error, so it keeps
        no state outside its return value."""
        ...


class UserWriter(UserReader, Protocol):
    """Writes of one user's subgraph, inside one transaction."""

    def add_entity(self, entity: Entity) -> None: ...

    def update_entity(self, entity: Entity) -> None: ...

    def add_fact(self, fact: Fact, terms: Sequence[str], vector: np.ndarray | None) -> None: ...

    def update_fact(self, fact: Fact) -> None:
        """Persist status, validity, confidence and access fields of an existing fact."""
        ...

    def add_supersedes(self, edge: SupersedesEdge) -> None: ...

    def add_audit(self, record: AuditRecord) -> None: ...

    def add_episode(
        self,
        episode: Episode,
        terms: Sequence[str] | None = None,
        vector: np.ndarray | None = None,
        context: Sequence[str] = (),
    ) -> None:
        """Record a message. `terms` are its own BM25 terms (default: those of its text),
        `context` the terms of what it needs to be found (its neighbours; BM25 weighs them
        lower), `vector` its embedding (none: the vector channel does not find it). Facts
        added later in the same transaction come from it (FROM); `prev_id` is its NEXT link."""
        ...

    def replace_episode_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        """Replace the stored vectors of these episodes (re-embedding), as `replace_vectors`."""
        ...

    def reindex_episode(self, episode_id: str, context: Sequence[str]) -> None:
        """Replace an episode's context terms (its reply arrived and joins them)."""
        ...

    def delete_episode(self, episode_id: str) -> bool:
        """Delete one episode and its index entries; the facts that came from it stay
        (they lose the link); its neighbours are linked to each other and their context
        terms lose its terms. False if unknown."""
        ...

    def touch(self, fact_ids: Iterable[str], at: datetime) -> None:
        """Record an access: last_accessed_at = max(old, at), access_count + 1."""
        ...

    def put_write_key(self, key: str, result: str, at: datetime) -> None:
        """Record an idempotency key and its (JSON) result in this write's transaction.
        Its own small record (not part of the graph); `delete_user` removes it too."""
        ...

    def replace_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        """Replace the stored vectors of these facts (fact id -> new vector), used when
        re-embedding with another model. Ids that are not this user's facts are skipped.
        Must invalidate any cached vectors of the user, in this process and others."""
        ...

    def delete_fact(self, fact_id: str) -> bool: ...

    def scrub(self, fact_id: str, needles: Sequence[str]) -> int:
        """Erase the content of a forgotten fact from this user's logs: the `detail` of every
        audit record naming `fact_id` (as new or old fact) becomes `FORGOTTEN`, and each
        needle, in the order given, is replaced by `FORGOTTEN` in every episode text and in
        the user's idempotency records (`put_write_key`: a result keeps what a remember
        ignored); a changed episode is re-indexed from its new text and loses its vector
        (it described the old text), and its neighbours' context terms lose the terms its
        text lost. Mechanical: which needles (and their order) is the caller's policy;
        empty needles are skipped. Returns how many audit records, episodes and
        idempotency records changed. Stores also wipe what their files keep of erased
        content when the erasure commits, as far as the backend allows (README, "Erasure")."""
        ...

    def update_source(self, fact_id: str, source_text: str, terms: Sequence[str]) -> bool:
        """Replace a fact's `source_text` and its BM25 terms (erasure rewrites the provenance
        of facts that shared a forgotten fact's message); the vector goes through
        `replace_vectors`. False if the fact is not this user's."""
        ...

    def delete_orphans(self, entity_ids: Sequence[str]) -> int:
        """Delete those of these entities that no fact of the user names as subject or
        object, never the `self` entity; returns how many were deleted."""
        ...

    def delete_user(self) -> int:
        """Remove every node, edge, log row and index entry of the user; returns rows removed."""
        ...


class Store(Protocol):
    """A backend: SQLite embedded, Neo4j server."""

    uri: str

    def reader(self, user_id: str) -> UserReader: ...

    def write(self, user_id: str, fn: Callable[[UserWriter], T]) -> T:
        """Run `fn` in one transaction, serialised with other writers of the same user.

        `fn` may be called again if the backend retries, so it must not keep state
        outside its return value.
        """
        ...

    def touch(self, user_id: str, fact_ids: Iterable[str], at: datetime) -> None:
        """Record an access (what recall does): like `UserWriter.touch` in a write of its
        own, serialised with the user's writers, but without changing `revision()`, so
        caches keyed on it (vectors) stay valid."""
        ...

    def embedder_info(self) -> tuple[str, int] | None:
        """(model, dim) the stored vectors came from, or None if none yet."""
        ...

    def set_embedder_info(self, model: str, dim: int) -> None: ...

    def user_ids(self) -> list[str]:
        """Admin: every user with data (for migration and export)."""
        ...

    def count_rows(self, user_id: str) -> int:
        """Admin: how many stored rows/nodes/edges/index entries mention `user_id`."""
        ...

    def close(self) -> None: ...
