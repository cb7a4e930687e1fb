"""One user's view of the SQLite store (`SQLiteUser`): the `UserReader` and, inside
`SQLiteStore.write`, the `UserWriter` of graphmem/stores/base.py. It holds the user's
statement runner (`statements`, on the store's connection) and the row objects made over
it, and hands each protocol method to the one that owns those rows:

    fact_rows     facts, links; add/update a fact, touch, re-embed, rewrite provenance
    fact_search   BM25 and cosine over active facts
    episode_rows  messages: reads, BM25 and cosine, writes, deletion
    entity_rows   entities
    history_rows  SUPERSEDES edges, audit, idempotency records, revision
    erasure_rows  forgetting: a fact, a fact's words, orphaned entities, the whole user
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from graphmem.model import AuditRecord, Entity, Episode, Fact
from graphmem.stores.base import EpisodeLink, SupersedesEdge
from graphmem.stores.byte_lru import UserCache
from graphmem.stores.sqlite.episodes import EpisodeRows
from graphmem.stores.sqlite.erasure_rows import ErasureRows
from graphmem.stores.sqlite.fact_rows import FactRows
from graphmem.stores.sqlite.fact_search import FactSearch
from graphmem.stores.sqlite.graph_rows import EntityRows, HistoryRows
from graphmem.stores.sqlite.statements import UserStatements
from graphmem.stores.sqlite.term_stats import TermStats
from graphmem.stores.sqlite.text_cache import TextIndexCache
from graphmem.stores.sqlite.vectors import VectorCache

if TYPE_CHECKING:  # numpy loads with the first vector, not with the store
    import numpy as np

T = TypeVar("T")


class UserStore(Protocol):
    """What a user view takes from its `SQLiteStore` (named by protocol: the store module
    imports this one): the lock and uri of its connection and its in-memory caches."""

    uri: str
    lock: threading.RLock
    vectors: VectorCache
    episode_vectors: VectorCache
    fact_terms: TermStats
    episode_terms: TermStats
    fact_text: TextIndexCache
    episode_text: TextIndexCache
    entity_rows: dict[tuple[Any, ...], Entity]
    #: Every cache above that holds users' rows, to empty of a deleted user.
    user_caches: tuple[UserCache[Any], ...]


class SQLiteUser:
    """One user's view of the SQLite store (reader and, inside `write`, writer)."""

    __slots__ = ("user_id", "statements", "fact_rows", "fact_search", "episode_rows", "entity_rows", "history_rows",
                 "erasure_rows", "_episode_id")  # fmt: skip

    def __init__(self, store: UserStore, conn: sqlite3.Connection, user_id: str) -> None:
        self.user_id = user_id
        self.statements = sql = UserStatements(conn, store.lock, store.uri, user_id)
        self.fact_rows = FactRows(sql, store.vectors)
        self.fact_search = FactSearch(sql, store.fact_text, store.fact_terms, store.vectors)
        self.episode_rows = EpisodeRows(sql, store.episode_text, store.episode_terms, store.episode_vectors)
        self.entity_rows = EntityRows(sql, store.entity_rows)
        self.history_rows = HistoryRows(sql)
        self.erasure_rows = ErasureRows(sql, self.episode_rows, store.user_caches)
        self._episode_id: str | None = None  # the message facts added now come from

    # ---- reads -------------------------------------------------------------
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
        return self.fact_rows.facts(
            statuses=statuses,
            attributes=attributes,
            subject_ids=subject_ids,
            ids=ids,
            value_keys=value_keys,
            top=top,
        )

    def links(self, subject_id: str, attributes: Sequence[str]) -> list[tuple[str, str, str | None]]:
        return self.fact_rows.links(subject_id, attributes)

    def entities(self) -> list[Entity]:
        return self.entity_rows.entities()

    def search_text(
        self, terms: Sequence[str], limit: int, related: Sequence[str] = ()
    ) -> list[tuple[str, float]]:
        return self.fact_search.search_text(terms, limit, related)

    def search_vector(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        return self.fact_search.search_vector(vector, limit)

    def audit(self, fact_ids: Sequence[str] | None = None) -> list[AuditRecord]:
        return self.history_rows.audit(fact_ids)

    def supersedes(self) -> list[SupersedesEdge]:
        return self.history_rows.supersedes()

    def revision(self) -> int:
        return self.history_rows.revision()

    def write_key(self, key: str) -> str | None:
        return self.history_rows.write_key(key)

    def episodes(self, ids: Sequence[str] | None = None) -> list[Episode]:
        return self.episode_rows.episodes(ids)

    def last_episode(self, before: datetime) -> Episode | None:
        return self.episode_rows.last_episode(before)

    def episodes_dated(self, start: datetime, end: datetime, limit: int) -> list[Episode]:
        return self.episode_rows.episodes_dated(start, end, limit)

    def search_episodes_text(
        self, terms: Sequence[str], limit: int, related: Sequence[str] = ()
    ) -> list[tuple[str, float]]:
        return self.episode_rows.search_episodes_text(terms, limit, related)

    def search_episodes_vector(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        return self.episode_rows.search_episodes_vector(vector, limit)

    def episode_links(
        self, fact_ids: Sequence[str] = (), episode_ids: Sequence[str] = ()
    ) -> list[EpisodeLink]:
        return self.episode_rows.episode_links(fact_ids, episode_ids)

    def read_together(self, fn: Callable[[SQLiteUser], T], *, write: bool = False, text: object = None) -> T:
        # WAL reads need no transaction; a `touch` from fn commits on its own, as Store.touch.
        return fn(self)

    # ---- writes (only called inside SQLiteStore.write; touch also from read_together) ----
    def add_entity(self, entity: Entity) -> None:
        self.entity_rows.add_entity(entity)

    def update_entity(self, entity: Entity) -> None:
        self.entity_rows.update_entity(entity)

    def add_fact(self, fact: Fact, terms: Sequence[str], vector: np.ndarray | None) -> None:
        # The fact comes from the message recorded earlier in this transaction, if any.
        self.fact_rows.add_fact(fact, terms, vector, self._episode_id)

    def update_fact(self, fact: Fact) -> None:
        self.fact_rows.update_fact(fact)

    def touch(self, fact_ids: Iterable[str], at: datetime) -> None:
        self.fact_rows.touch(fact_ids, at)

    def replace_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        self.fact_rows.replace_vectors(items)

    def update_source(self, fact_id: str, source_text: str, terms: Sequence[str]) -> bool:
        return self.fact_rows.update_source(fact_id, source_text, terms)

    def add_supersedes(self, edge: SupersedesEdge) -> None:
        self.history_rows.add_supersedes(edge)

    def add_audit(self, record: AuditRecord) -> None:
        self.history_rows.add_audit(record)

    def put_write_key(self, key: str, result: str, at: datetime) -> None:
        self.history_rows.put_write_key(key, result, at)

    def add_episode(
        self,
        episode: Episode,
        terms: Sequence[str] | None = None,
        vector: np.ndarray | None = None,
        context: Sequence[str] = (),
    ) -> None:
        self.episode_rows.add_episode(episode, terms, vector, context)
        self._episode_id = episode.id

    def reindex_episode(self, episode_id: str, context: Sequence[str]) -> None:
        self.episode_rows.reindex_episode(episode_id, context)

    def replace_episode_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        self.episode_rows.replace_episode_vectors(items)

    def delete_episode(self, episode_id: str) -> bool:
        return self.episode_rows.delete_episode(episode_id)

    def delete_fact(self, fact_id: str) -> bool:
        return self.erasure_rows.delete_fact(fact_id)

    def scrub(self, fact_id: str, needles: Sequence[str]) -> int:
        return self.erasure_rows.scrub(fact_id, needles)

    def delete_orphans(self, entity_ids: Sequence[str]) -> int:
        return self.erasure_rows.delete_orphans(entity_ids)

    def delete_user(self) -> int:
        return self.erasure_rows.delete_user()
