"""The Neo4j store's schema: constraints and indexes (cypher/schema_*.cypher, run when
their fingerprint changes) and the migrations between graphmem schema versions."""

from __future__ import annotations

import hashlib
import logging
from typing import Any, Protocol

from graphmem.facts.keys import decay_key, value_key
from graphmem.stores.base import SCHEMA_VERSION, THREAD_GAP_S
from graphmem.stores.migrations import Migrations
from graphmem.stores.neo4j.cypher_files import query, statements


class SchemaRunner(Protocol):
    """What the schema needs of the store: its public statement runners."""

    uri: str

    def run_read(self, name: str, params: dict[str, Any]) -> list[Any]: ...

    def run_write(self, statement: str, params: dict[str, Any] | None = None, what: str = "") -> Any: ...


_log = logging.getLogger("graphmem")

#: The schema files, run (each statement IF NOT EXISTS) when the stored fingerprint differs.
_SCHEMA = ("schema_constraints", "schema_indexes")


def upgrade_schema(store: SchemaRunner) -> list[str]:
    """Create the schema when its fingerprint changed, backfill what a version needs,
    record the version; refuse a database written by a newer graphmem."""
    meta = store.run_read("meta_get", {})
    version = meta[0]["schema_version"] if meta else None
    if version is not None:
        NEO4J_SCHEMA.check(int(version), store.uri)
    fingerprint = hashlib.sha1(
        "\n".join(stmt for name in _SCHEMA for stmt in statements(name)).encode("utf-8")
    ).hexdigest()
    if version is not None and int(version) == SCHEMA_VERSION and meta[0]["schema_hash"] == fingerprint:
        return []
    from neo4j.exceptions import ClientError

    for name in _SCHEMA:
        for stmt in statements(name):
            try:
                store.run_write(stmt, what=name)
            except Exception as e:  # a concurrent opener created it first
                cause = e.__cause__
                if not (isinstance(cause, ClientError) and "AlreadyExists" in str(cause.code)):
                    raise
    store.run_write(query("schema_await"), {"timeout_s": 300}, "schema_await")
    # A new database gets the latest schema whole; an older one its backfills in order.
    done = NEO4J_SCHEMA.upgrade(store, int(version))[1] if version is not None else []
    store.run_write(
        query("meta_set_schema"), {"version": SCHEMA_VERSION, "hash": fingerprint}, "meta_set_schema"
    )
    _log.info("graphmem schema version %s in place at %s", SCHEMA_VERSION, store.uri)
    return done


def _backfill_keys(store: SchemaRunner, batch: int = 5000) -> None:
    """Version 1 -> 2: value_key and decay_key on facts written before they existed."""
    while rows := store.run_read("facts_missing_keys", {"limit": batch}):
        items = [
            {"user_id": r["user_id"], "id": r["id"], "value_key": value_key(r["value"] or ""),
             "decay_key": decay_key(r["confidence"] or 0.0, r["half_life_days"] or 1.0,
                                    r["last_accessed_at"] or 0.0)}
            for r in rows
        ]  # fmt: skip
        store.run_write(query("facts_set_keys"), {"items": items}, "facts_set_keys")


def _backfill_episodes(store: SchemaRunner, batch: int = 2000) -> None:
    """Version 2 -> 3: index older episodes for BM25, thread each user's in time order
    (a new conversation after a long silence, as `remember` does) and turn FROM_EPISODE
    into FROM. Vectors stay absent (the store has no embedder): `graphmem reembed` adds them."""
    from graphmem.stores.common import user_key
    from graphmem.stores.neo4j.util import index_terms
    from graphmem.text.terms import terms

    last: dict[str, tuple[str, float, int]] = {}
    while rows := store.run_read("episodes_missing_terms", {"limit": batch}):
        items = []
        for r in rows:
            uid, at = r["user_id"], float(r["at"])
            prev = last.get(uid)
            linked = prev is not None and at - prev[1] <= THREAD_GAP_S
            position = prev[2] + 1 if linked and prev is not None else 0
            items.append({"user_id": uid, "id": r["id"], "ukey": user_key(uid),
                          "search_text": " ".join(index_terms(terms(r["text"] or ""))),
                          "prev_id": prev[0] if linked and prev is not None else None, "position": position})  # fmt: skip
            last[uid] = (r["id"], at, position)
        store.run_write(query("episodes_set_terms"), {"items": items}, "episodes_set_terms")


def _returning(fn: Any) -> Any:
    def apply(store: SchemaRunner) -> SchemaRunner:
        fn(store)
        return store

    return apply


#: The Neo4j schema's versions: constraints and indexes come from the schema files (run
#: whenever their fingerprint changes); a step backfills what its version added.
NEO4J_SCHEMA: Migrations[SchemaRunner] = Migrations("Neo4j graphmem schema")
NEO4J_SCHEMA.add("users, entities, facts, audit and episodes with their constraints", lambda s: s)
NEO4J_SCHEMA.add("value and decay keys on facts", _returning(_backfill_keys))
NEO4J_SCHEMA.add("episodes threaded and indexed; FROM_EPISODE becomes FROM", _returning(_backfill_episodes))
# The SQLite store's version 4 moves its full-text rows; a Neo4j graph needs nothing.
NEO4J_SCHEMA.add("no change (SQLite's full-text rows in per-user rowid ranges)", lambda s: s)
NEO4J_SCHEMA.add("no change (SQLite's index of the days messages name)", lambda s: s)
NEO4J_SCHEMA.add("no change (SQLite's full-text rows stamped with the write that made them)", lambda s: s)
# Facts and audit records carry the extraction rule that made them as a property; one
# written before has none, read as "" (neo4j.util): nothing to backfill.
NEO4J_SCHEMA.add("extraction rule ids on facts and audit records", lambda s: s)
assert NEO4J_SCHEMA.latest == SCHEMA_VERSION
