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
from graphmem.facts.keys import decay_key
from graphmem.model import AuditRecord, Entity, Fact
from graphmem.stores.base import FORGOTTEN, VECTOR_CACHE_MB, SupersedesEdge
from graphmem.stores.common import fact_filters, fact_from, scrub_needles, unique
from graphmem.stores.neo4j.bounded import BoundedSession
from graphmem.stores.neo4j.cypher_files import query
from graphmem.stores.neo4j.driver import open_driver
from graphmem.stores.neo4j.episodes import EpisodeNodes, EpisodeVectors, episode_lucene
from graphmem.stores.neo4j.schema import upgrade_schema
from graphmem.stores.neo4j.search import VECTOR_EXACT_MAX, cached_hits, server_vector_rows
from graphmem.stores.neo4j.util import (
    SCORE,
    audit_from,
    entity_from,
    entity_params,
    fact_props,
    fact_update_params,
    index_terms,
    lucene_query,
    mapped_errors,
    usable_vector,
)
from graphmem.stores.neo4j.vectors import VectorCache
from graphmem.text.timestamps import from_epoch, to_epoch

T = TypeVar("T")
#: Threads that run transactions (bounded.py); a caller blocks while its own runs, so this
#: bounds concurrent transactions per store, as the driver's pool (100 connections) does.
TX_WORKERS = 64
#: Seconds a schema upgrade on open may take (index population, backfills).
SCHEMA_TIMEOUT = 300.0
_log = logging.getLogger("graphmem")

#: Reads of a writer and the buffered writes each can see (any other statement sends
#: every buffered write first), so a remember's fact read needs no flush of its message.
_FACT_WRITES = frozenset({"fact", "fact_update"})
_FACT_READS = ("facts", "facts_top", "facts_top_about", "facts_active", "search_text", "read_open",
               "search_vector_counts", "search_vector_exact", "search_vector_index")  # fmt: skip
_READS_SEE = {
    **dict.fromkeys(_FACT_READS, _FACT_WRITES),
    "entities_by_user": frozenset({"entity", "entity_update"}),
    "user_revision": frozenset(),
}


def _q(name: str) -> str:
    return query(name)


class Neo4jUser(EpisodeNodes):
    """One user's view of the graph: a reader (own read transactions, or one shared by
    `read_together`) or, inside `Neo4jStore.write`, a writer bound to that transaction
    that buffers its writes into one statement (cypher/write_batch) before each read."""

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
        self._tx = tx
        self._hold(memo)
        self._episode_id: str | None = None
        self._ops: list[dict[str, Any]] = []
        # The user's entities as user_begin (or, for a reader, read_open) returned them;
        # a writer drops them at its next statement, which may change them.
        self._entities = entities
        self.user_id = user_id

    def run(self, op: str, /, **params: Any) -> list[Any]:
        params["user_id"] = self.user_id
        if self._tx is not None:
            # Buffered writes go first unless this is a read that cannot see any of them.
            sees = _READS_SEE.get(op)
            if sees is None or any(o["kind"] in sees for o in self._ops):
                self._flush()
            if self._memo is None:  # a writer's statement may change them
                self._entities = None
            return list(self._tx.run(_q(op), params))
        return self.store.run_read(op, params)

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
        if self._tx is not None:
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
                r.expect_opening(lucene, episode_query, int(limit))
                r.opened(store.vectors.refresh(r, **params))
            return fn(r)

        with mapped_errors(store.uri, "read"), store._session() as s:
            return (s.execute_write if write else s.execute_read)(work)  # type: ignore[no-any-return]

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
        params = fact_filters(statuses, attributes, subject_ids, ids, value_keys)
        if params is None:
            return []
        if top is not None and ids is None and value_keys is None and statuses is not None:
            if top <= 0:
                return []
            if attributes is not None:  # each attribute read in decay order from its index
                del params["ids"], params["value_keys"]
                return [fact_from(v) for v in self.fact_lists("facts_top", top=int(top), **params)]
            if subject_ids is not None:
                about = {"subject_ids": params["subject_ids"], "statuses": params["statuses"]}
                return [fact_from(v) for v in self.fact_lists("facts_top_about", top=int(top), **about)]
        memo, wanted = self._memo, params["ids"]
        by_id_only = wanted is not None and attributes is None and subject_ids is None and value_keys is None
        if memo and by_id_only and all(fid in memo for fid in wanted or ()):
            keep = params["statuses"]
            found = sorted(
                (memo[fid] for fid in dict.fromkeys(wanted or ())), key=lambda t: (t[0].recorded_at, t[1])
            )
            return [f for f, _ in found if keep is None or f.status in keep]
        rows = [fact_from(v) for v in self.fact_lists("facts", **params)]
        if top is not None:  # a rare shape (by id, by value key or all attributes): sort here
            rows.sort(key=lambda f: -decay_key(f.confidence, f.half_life_days, to_epoch(f.last_accessed_at)))  # type: ignore[arg-type]
            rows = rows[: max(0, int(top))]
        return rows

    def fact_lists(self, op: str, /, **params: Any) -> list[list[Any]]:
        """The facts of a statement that returns them as one `facts` list (FACT_FIELDS)."""
        rows = self.run(op, **params)
        return list(rows[0]["facts"]) if rows else []

    def links(self, subject_id: str, attributes: Sequence[str]) -> list[tuple[str, str, str | None]]:
        return [(f.attribute, f.object_id, f.qualifier)
                for f in self.facts(attributes=attributes, subject_ids=[subject_id]) if f.object_id]  # fmt: skip

    def entities(self) -> list[Entity]:
        if self._entities is not None:
            return list(self._entities)
        return [entity_from(r) for r in self.run("entities_by_user")]

    def search_text(
        self, terms: Sequence[str], limit: int, related: Sequence[str] = ()
    ) -> list[tuple[str, float]]:
        lucene = lucene_query(self.user_id, terms, related)
        if lucene is None or limit <= 0:
            return []
        if self._text_key == (lucene, int(limit)) and self._text_rows is not None:
            rows = self._text_rows  # brought by the opening statement (read_together)
        else:
            rows = self.fact_lists("search_text", query=lucene, limit=int(limit))
        self.keep_whole(rows)
        return [(v[0], float(v[SCORE])) for v in rows]

    def search_vector(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        vec = usable_vector(vector)
        if limit <= 0 or vec is None:
            return []  # a query with no direction (zero, non-finite) has no cosine: no hits
        limit = int(limit)
        if self.store.vector_search == "auto" and self.store.vectors.budget > 0:
            cached = self._vectors_synced if self._synced else self.store.vectors.refresh(self)
            if cached is not None:
                return cached_hits(self, cached, np.asarray(vec, dtype=np.float32), limit)
        # Neo4j's cosine scores are (1 + cos) / 2; the protocol returns the cosine.
        return [(r["id"], 2.0 * float(r["score"]) - 1.0) for r in server_vector_rows(self, vec, limit)]

    def audit(self, fact_ids: Sequence[str] | None = None) -> list[AuditRecord]:
        ids = None if fact_ids is None else [str(i) for i in fact_ids]
        if ids is not None and not ids:
            return []
        return [audit_from(r) for r in self.run("audit_by_user", fact_ids=ids)]

    def supersedes(self) -> list[SupersedesEdge]:
        return [
            SupersedesEdge(r["new_id"], r["old_id"], r["rule"], from_epoch(r["at"]))  # type: ignore[arg-type]
            for r in self.run("supersedes_by_user")
        ]

    def revision(self) -> int:
        rows = self.run("user_revision")
        return int(rows[0]["rev"]) if rows else 0

    # ---- writes (only inside Neo4jStore.write) -----------------------------------
    def _buffer(self, kind: str, params: dict[str, Any]) -> None:
        if self._tx is None:
            raise RuntimeError("Neo4jUser writes only inside Neo4jStore.write")
        params["kind"] = kind
        params["n"] = len(self._ops) + 1
        self._ops.append(params)
        self._entities = None  # the prefetched entities may be stale from here on

    def _flush(self) -> None:
        """Send the buffered writes (cypher/write_batch) as one statement."""
        if not self._ops:
            return
        ops, self._ops = self._ops, []
        self._tx.run(_q("write_batch"), {"user_id": self.user_id, "ops": ops}).consume()

    def add_entity(self, entity: Entity) -> None:
        params = entity_params(entity, self.user_id)
        params.pop("user_id")
        self._buffer("entity", params)

    def update_entity(self, entity: Entity) -> None:
        params = entity_params(entity, self.user_id)
        for key in ("user_id", "created_at"):
            params.pop(key)
        self._buffer("entity_update", params)

    def add_fact(self, fact: Fact, terms: Sequence[str], vector: np.ndarray | None) -> None:
        # The fact is linked to the episode (message) recorded earlier in this transaction.
        self._buffer(
            "fact",
            {
                "props": {**fact_props(fact, self.user_id, terms), "episode_id": self._episode_id},
                "embedding": usable_vector(vector),
                "episode_id": self._episode_id,
            },
        )

    def update_fact(self, fact: Fact) -> None:
        params = fact_update_params(fact, self.user_id)
        params.pop("user_id")
        self._buffer("fact_update", params)

    def add_supersedes(self, edge: SupersedesEdge) -> None:
        self._buffer(
            "supersedes",
            {"new_id": edge.new_id, "old_id": edge.old_id, "rule": edge.rule, "at": to_epoch(edge.at)},
        )

    def add_audit(self, record: AuditRecord) -> None:
        r = record
        self._buffer("audit", {
            "id": r.id, "at": to_epoch(r.at), "action": r.action, "rule": r.rule,
            "new_fact_id": r.new_fact_id, "old_fact_id": r.old_fact_id, "detail": r.detail,
        })  # fmt: skip

    def touch(self, fact_ids: Iterable[str], at: datetime) -> None:
        ids = unique(fact_ids)
        if ids:
            self.run("fact_touch", ids=ids, at=to_epoch(at))

    def write_key(self, key: str) -> str | None:
        return next((str(r["result"]) for r in self.run("write_key_get", key=key)), None)

    def put_write_key(self, key: str, result: str, at: datetime) -> None:
        self.run("write_key_put", key=key, result=result, at=to_epoch(at))

    def replace_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        # fact_set_vectors bumps the user's epoch: every process's vector cache reloads.
        rows = [{"id": str(fid), "embedding": usable_vector(vec)} for fid, vec in items]
        for start in range(0, len(rows), 1000):
            self.run("fact_set_vectors", items=rows[start : start + 1000])
        self.store.vectors.drop(self.user_id)

    def delete_fact(self, fact_id: str) -> bool:
        rows = self.run("fact_delete", id=fact_id)
        self.store.vectors.drop(self.user_id)
        return bool(rows and int(rows[0]["deleted"]) > 0)

    def scrub(self, fact_id: str, needles: Sequence[str]) -> int:
        n = int(self.run("audit_scrub", id=fact_id, marker=FORGOTTEN)[0]["changed"])
        subs = scrub_needles(needles)
        if subs:
            n += self._scrub_episodes(subs)
        return n

    def update_source(self, fact_id: str, source_text: str, terms: Sequence[str]) -> bool:
        search_text = " ".join(index_terms(terms))
        rows = self.run("fact_set_source", id=fact_id, source_text=source_text, search_text=search_text)
        return bool(rows and int(rows[0]["updated"]) > 0)

    def delete_orphans(self, entity_ids: Sequence[str]) -> int:
        ids = unique(entity_ids)
        if not ids:
            return 0
        rows = self.run("entity_delete_orphans", ids=ids)
        self._entities = None  # entities prefetched by user_begin may name deleted ones
        return int(rows[0]["deleted"]) if rows else 0

    def delete_user(self) -> int:
        n = int(self.run("user_count_rows")[0]["rows"])
        self.run("user_delete")
        self.store.vectors.drop(self.user_id)
        self.store.episode_vectors.drop(self.user_id)
        return n


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
        try:
            self._migrate()
        except BaseException:
            self.close()
            raise

    # ---- plumbing --------------------------------------------------------------------
    def _session(self) -> BoundedSession:
        """A session whose `execute_read` / `execute_write` end within the store timeout."""
        return BoundedSession(self._driver_session, self._call_timeout, self._workers)

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
        # Building indexes and backfills on open may take minutes; a call's bound is not theirs.
        self._call_timeout = max(self.timeout, SCHEMA_TIMEOUT)
        try:
            upgrade_schema(self)
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
        self._workers.shutdown(wait=False, cancel_futures=True)
        with contextlib.suppress(Exception):  # closing twice, or a dead connection
            self._driver.close()
