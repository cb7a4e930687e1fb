"""The Neo4j store: each user's memory is a subgraph under a `(:User {user_id})` root.

    (:User)-[:HAS_ENTITY]->(:Entity)<-[:SUBJECT]-(:Fact)-[:OBJECT]->(:Entity)
    (:Fact)-[:SUPERSEDES {rule, at}]->(:Fact)      (:Fact)-[:FROM]->(:Episode)
    (:User)-[:HAS_EPISODE]->(:Episode)-[:NEXT]->(:Episode)    (:User)-[:HAS_AUDIT]->(:Audit)
    (:GraphmemMeta {key: 'meta'})                  schema version and embedder

Every node carries `user_id`; every statement (all in `cypher/*.cypher`) is anchored at
the user's root or seeks the user_id indexes, so one user's reads never touch another
user's nodes. Writes are managed transactions: the first statement locks the user's
relationship-free `(:UserLock)` node until commit (writers of a user are serialised; see
cypher/user_begin.cypher), then bumps the root's `rev`. A writer buffers its writes and
sends them in one statement (cypher/write_batch.cypher) before each read and at the end.
`touch` takes the same lock but leaves `rev` alone. Vector search scores a per-user numpy
cache of vectors (vectors.py). `(:WriteKey)` nodes are remember's idempotency records.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any, TypeVar

import numpy as np

from graphmem.config import STORE_TIMEOUT
from graphmem.errors import InvalidInputError
from graphmem.model import AuditRecord, Entity, Episode, Fact
from graphmem.stores.base import VECTOR_CACHE_MB, EpisodeLink, SupersedesEdge
from graphmem.stores.common import unique
from graphmem.stores.neo4j.bounded import BoundedSession
from graphmem.stores.neo4j.cypher_files import query
from graphmem.stores.neo4j.driver import open_driver
from graphmem.stores.neo4j.episodes import EpisodeNodes, EpisodeVectors, episode_lucene
from graphmem.stores.neo4j.erasure_nodes import ErasureNodes
from graphmem.stores.neo4j.fact_nodes import FactNodes
from graphmem.stores.neo4j.graph_nodes import EntityNodes, HistoryNodes
from graphmem.stores.neo4j.opening import HeldRows
from graphmem.stores.neo4j.plans import Replanner, plan_hot_statements
from graphmem.stores.neo4j.schema import upgrade_schema
from graphmem.stores.neo4j.search import VECTOR_EXACT_MAX
from graphmem.stores.neo4j.statements import UserStatements
from graphmem.stores.neo4j.util import entity_from, lucene_query, mapped_errors
from graphmem.stores.neo4j.vectors import VectorCache
from graphmem.text.timestamps import to_epoch

T = TypeVar("T")
#: Threads that run transactions (bounded.py); a caller blocks while its own runs, so this
#: bounds concurrent transactions per store, as the driver's pool (100 connections) does.
TX_WORKERS = 64
#: Seconds a schema upgrade on open may take (index population, backfills).
SCHEMA_TIMEOUT = 300.0
_log = logging.getLogger("graphmem")


def _q(name: str) -> str:
    return query(name)


class Neo4jUser:
    """One user's view of the graph: a reader (own read transactions, or one shared by
    `read_together`) or, inside `Neo4jStore.write`, a writer bound to that transaction
    that buffers its writes into one statement (cypher/write_batch) before each read.

    It holds the user's statement runner (`statements`), what its transaction's
    statements returned (`held`), and the node objects made over them, and hands each
    protocol method to the one that owns those nodes:

        fact_nodes     facts, links, BM25 and vector search; fact writes, touch, re-embed
        episode_nodes  messages: reads, BM25 and cosine, writes, deletion
        entity_nodes   entities
        history_nodes  SUPERSEDES edges, audit, idempotency records, revision
        erasure_nodes  forgetting: a fact, a fact's words, orphaned entities, the whole user
    """

    def __init__(
        self,
        store: Neo4jStore,
        user_id: str,
        tx: Any = None,
        entities: list[Entity] | None = None,
        *,
        memo: bool = False,
    ) -> None:
        self.store = store
        self.user_id = user_id
        self.held = held = HeldRows(memo, entities)
        self.statements = statements = UserStatements(store, user_id, tx, held)
        self.fact_nodes = FactNodes(
            statements, held, store.vectors, store.vector_search, store.vector_exact_max
        )
        self.episode_nodes = EpisodeNodes(statements, held, store.episode_vectors, store.vectors)
        self.entity_nodes = EntityNodes(statements, held)
        self.history_nodes = HistoryNodes(statements)
        self.erasure_nodes = ErasureNodes(
            statements, held, self.episode_nodes, store.vectors, store.episode_vectors
        )
        self._episode_id: str | None = None  # the message facts added now come from

    def read_together(
        self,
        fn: Callable[[Neo4jUser], T],
        *,
        write: bool = False,
        text: tuple[Any, ...] | None = None,
    ) -> T:
        """`fn(reader)` with every read in one managed transaction; with `write`, `fn` may
        also `touch` (a recall and its access commit together); `text`, the (terms, limit[,
        related]) `fn` will search, comes with the opening statement. The driver may call `fn` again
        after a transient error, so it must not keep state outside its return value."""
        if self.statements.tx is not None:
            return fn(self)
        store = self.store
        terms, limit, related = (*text, ())[:3] if text is not None else ((), 0, ())
        lucene = lucene_query(self.user_id, terms, related) if limit > 0 else None
        episode_query = episode_lucene(self.user_id, terms, related) if limit > 0 else None

        def work(tx: Any) -> T:
            r = Neo4jUser(store, self.user_id, tx, memo=True)
            # One opening round trip: both vector refreshes, the user's entities, the BM25
            # hits over facts and episodes.
            if store.vector_search == "auto":  # refresh itself says when there is no cache
                # Episode vectors only for a recall (`text`): another read (remember's) would
                # load them all and leave them unused.
                since, epoch, created = store.episode_vectors.state(self.user_id)
                params: dict[str, Any] = (
                    {"episode_since": since, "episode_epoch": epoch, "episode_created": created}
                    if text is not None
                    else {}
                )
                if lucene is not None:
                    params.update(text_query=lucene, text_limit=int(limit))
                if episode_query is not None:
                    params.update(episode_query=episode_query, episode_limit=int(limit))
                r.held.expect_opening(lucene, episode_query, int(limit))
                r.held.opened(store.vectors.refresh(r.statements, r.held, **params))
            return fn(r)

        with mapped_errors(store.uri, "read"), store._session() as s:
            return (s.execute_write if write else s.execute_read)(work)  # type: ignore[no-any-return]

    def _flush(self) -> None:
        """Send the buffered writes (`Neo4jStore.write` does at the end of its function)."""
        self.statements.flush()

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
        return self.fact_nodes.facts(
            statuses=statuses,
            attributes=attributes,
            subject_ids=subject_ids,
            ids=ids,
            value_keys=value_keys,
            top=top,
        )

    def links(self, subject_id: str, attributes: Sequence[str]) -> list[tuple[str, str, str | None]]:
        return self.fact_nodes.links(subject_id, attributes)

    def entities(self) -> list[Entity]:
        return self.entity_nodes.entities()

    def search_text(
        self, terms: Sequence[str], limit: int, related: Sequence[str] = ()
    ) -> list[tuple[str, float]]:
        return self.fact_nodes.search_text(terms, limit, related)

    def search_vector(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        return self.fact_nodes.search_vector(vector, limit)

    def audit(self, fact_ids: Sequence[str] | None = None) -> list[AuditRecord]:
        return self.history_nodes.audit(None if fact_ids is None else list(fact_ids))

    def supersedes(self) -> list[SupersedesEdge]:
        return self.history_nodes.supersedes()

    def revision(self) -> int:
        return self.history_nodes.revision()

    def write_key(self, key: str) -> str | None:
        return self.history_nodes.write_key(key)

    def episodes(self, ids: Sequence[str] | None = None) -> list[Episode]:
        return self.episode_nodes.episodes(ids)

    def last_episode(self, before: datetime) -> Episode | None:
        return self.episode_nodes.last_episode(before)

    def episodes_dated(self, start: datetime, end: datetime, limit: int) -> list[Episode]:
        return self.episode_nodes.episodes_dated(start, end, limit)

    def search_episodes_text(
        self, terms: Sequence[str], limit: int, related: Sequence[str] = ()
    ) -> list[tuple[str, float]]:
        return self.episode_nodes.search_episodes_text(terms, limit, related)

    def search_episodes_vector(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        return self.episode_nodes.search_episodes_vector(vector, limit)

    def episode_links(
        self, fact_ids: Sequence[str] = (), episode_ids: Sequence[str] = ()
    ) -> list[EpisodeLink]:
        return self.episode_nodes.episode_links(fact_ids, episode_ids)

    # ---- writes (only inside Neo4jStore.write; touch also from read_together) ----
    def add_entity(self, entity: Entity) -> None:
        self.entity_nodes.add_entity(entity)

    def update_entity(self, entity: Entity) -> None:
        self.entity_nodes.update_entity(entity)

    def add_fact(self, fact: Fact, terms: Sequence[str], vector: np.ndarray | None) -> None:
        # The fact is linked to the episode (message) recorded earlier in this transaction.
        self.fact_nodes.add_fact(fact, terms, vector, self._episode_id)

    def update_fact(self, fact: Fact) -> None:
        self.fact_nodes.update_fact(fact)

    def touch(self, fact_ids: Iterable[str], at: datetime) -> None:
        self.fact_nodes.touch(fact_ids, at)

    def replace_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        self.fact_nodes.replace_vectors(items)

    def update_source(self, fact_id: str, source_text: str, terms: Sequence[str]) -> bool:
        return self.fact_nodes.update_source(fact_id, source_text, terms)

    def add_supersedes(self, edge: SupersedesEdge) -> None:
        self.history_nodes.add_supersedes(edge)

    def add_audit(self, record: AuditRecord) -> None:
        self.history_nodes.add_audit(record)

    def put_write_key(self, key: str, result: str, at: datetime) -> None:
        self.history_nodes.put_write_key(key, result, at)

    def add_episode(
        self,
        episode: Episode,
        terms: Sequence[str] | None = None,
        vector: np.ndarray | None = None,
        context: Sequence[str] = (),
    ) -> None:
        self.episode_nodes.add_episode(episode, terms, vector, context)
        self._episode_id = episode.id

    def reindex_episode(self, episode_id: str, context: Sequence[str]) -> None:
        self.episode_nodes.reindex_episode(episode_id, context)

    def replace_episode_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        self.episode_nodes.replace_episode_vectors(items)

    def delete_episode(self, episode_id: str) -> bool:
        return self.episode_nodes.delete_episode(episode_id)

    def delete_fact(self, fact_id: str) -> bool:
        return self.erasure_nodes.delete_fact(fact_id)

    def scrub(self, fact_id: str, needles: Sequence[str]) -> int:
        return self.erasure_nodes.scrub(fact_id, needles)

    def delete_orphans(self, entity_ids: Sequence[str]) -> int:
        return self.erasure_nodes.delete_orphans(entity_ids)

    def delete_user(self) -> int:
        return self.erasure_nodes.delete_user()


class Neo4jStore:
    """The server store: a Neo4j 5.26+ database reached through the official driver."""

    def __init__(
        self,
        uri: str,
        auth: tuple[str, str] | None = None,
        *,
        database: str | None = None,
        connect_timeout: float = 5.0,
        timeout: float = STORE_TIMEOUT,
        vector_exact_max: int = VECTOR_EXACT_MAX,
        vector_search: str = "auto",
        vector_cache_mb: float = VECTOR_CACHE_MB,
        **driver_config: Any,
    ) -> None:
        # `auto` scores cached vectors in numpy; 0 MB turns the cache off (server-side cosine).
        self.vectors = VectorCache(int(vector_cache_mb * 1024 * 1024))
        self.episode_vectors = EpisodeVectors(int(vector_cache_mb * 1024 * 1024))
        if vector_search not in ("auto", "exact", "index"):
            raise InvalidInputError(
                f"vector_search must be 'auto', 'exact' or 'index', not {vector_search!r}"
            )
        self.vector_search = vector_search
        self.database = database
        self.vector_exact_max = int(vector_exact_max)
        # `timeout` bounds each call, its retries and its wait for a connection included
        # (bounded.py); the driver's own retry loop is not used.
        self.timeout = float(timeout)
        self._call_timeout = self.timeout
        self._driver, self._bookmarks, self.uri = open_driver(
            uri, auth, connect_timeout, timeout, driver_config
        )
        # Transactions run on these threads while callers wait at most the timeout for them.
        self._workers = ThreadPoolExecutor(max_workers=TX_WORKERS, thread_name_prefix="graphmem-neo4j")
        self._replanner = Replanner(self._driver_session, SCHEMA_TIMEOUT, self.uri)
        try:
            self._migrate()
        except BaseException:
            self.close()
            raise

    # ---- plumbing --------------------------------------------------------------------
    def _session(self) -> BoundedSession:
        """A session whose `execute_read` / `execute_write` end within the store timeout."""
        return BoundedSession(self._driver_session, self._call_timeout, self._workers, self._replanner.soon)

    def _driver_session(self, **config: Any) -> Any:
        return self._driver.session(database=self.database, bookmark_manager=self._bookmarks, **config)

    def run_read(self, name: str, params: dict[str, Any]) -> list[Any]:
        return self._read_statement(_q(name), params, name)

    def _read_statement(self, statement: str, params: dict[str, Any], what: str) -> list[Any]:
        with mapped_errors(self.uri, what), self._session() as s:
            return s.execute_read(lambda tx: list(tx.run(statement, params)))  # type: ignore[no-any-return]

    def run_write(
        self, statement: str, params: dict[str, Any] | None = None, what: str = "write"
    ) -> list[Any]:
        with mapped_errors(self.uri, what), self._session() as s:
            return s.execute_write(lambda tx: list(tx.run(statement, params or {})))  # type: ignore[no-any-return]

    def _migrate(self) -> None:
        # Building indexes and backfills on open may take minutes; a call's bound is not
        # theirs, nor is planning the statements calls run on a cold server (plans.py).
        self._call_timeout = max(self.timeout, SCHEMA_TIMEOUT)
        try:
            upgrade_schema(self)
            plan_hot_statements(self._driver_session, SCHEMA_TIMEOUT, self.uri)
        finally:
            self._call_timeout = self.timeout

    # ---- protocol ------------------------------------------------------------------
    def reader(self, user_id: str) -> Neo4jUser:
        return Neo4jUser(self, user_id)

    def write(self, user_id: str, fn: Callable[[Neo4jUser], T]) -> T:
        begin = _q("user_begin")

        attempts = [0]

        def work(tx: Any) -> T:
            # A driver retry calls this again: a fresh writer each time, nothing leaks.
            attempts[0] += 1
            rows = list(tx.run(begin, {"user_id": user_id, "now": time.time()}))
            w = Neo4jUser(self, user_id, tx, [entity_from(e) for e in rows[0]["entities"]])
            result = fn(w)
            w._flush()
            return result

        with mapped_errors(self.uri, "write", attempts), self._session() as s:
            return s.execute_write(work)  # type: ignore[no-any-return]

    def touch(self, user_id: str, fact_ids: Iterable[str], at: datetime) -> None:
        """Record an access in one small write: under the user's lock, without a rev bump."""
        ids = unique(fact_ids)
        if ids:
            self.run_write(_q("fact_touch"), {"user_id": user_id, "ids": ids, "at": to_epoch(at)}, "touch")

    def embedder_info(self) -> tuple[str, int] | None:
        meta = self.run_read("meta_get", {})
        if not meta or meta[0]["embedder_model"] is None:
            return None
        return str(meta[0]["embedder_model"]), int(meta[0]["embedder_dim"])

    def set_embedder_info(self, model: str, dim: int) -> None:
        self.run_write(_q("meta_set_embedder"), {"model": str(model), "dim": int(dim)}, "meta_set_embedder")

    def user_ids(self) -> list[str]:
        return sorted({r["user_id"] for r in self.run_read("user_ids", {})})

    def count_rows(self, user_id: str) -> int:
        return int(self.run_read("user_count_rows", {"user_id": user_id})[0]["rows"])

    def run_analyst(self, user_id: str, name: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        """Rows of the analyst cookbook's `cypher/analyst/<name>.cypher` for one user, run in
        a read transaction (see graphmem.views.analyst, which normalises the rows)."""
        statement = query(name, "analyst")
        args = {**params, "user_id": user_id}
        rows = self._read_statement(statement, args, f"analyst {name}")
        return [r.data() for r in rows]

    def close(self) -> None:
        # Abandoned attempts (a dead server) are not waited for; their sockets close with the driver.
        self._replanner.close()
        self._workers.shutdown(wait=False, cancel_futures=True)
        with contextlib.suppress(Exception):  # closing twice, or a dead connection
            self._driver.close()
