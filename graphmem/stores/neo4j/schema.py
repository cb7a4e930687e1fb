"""The Neo4j store's schema: constraints and indexes (cypher/schema_*.cypher, run when
their fingerprint changes) and the migrations between graphmem schema versions."""

from __future__ import annotations

import hashlib
import logging
from typing import TYPE_CHECKING

from ...errors import SchemaVersionError
from ...keys import decay_key, value_key
from ..base import SCHEMA_VERSION
from .cypher_files import query, statements

if TYPE_CHECKING:
    from .store import Neo4jStore

_log = logging.getLogger("graphmem")

#: The schema files, run (each statement IF NOT EXISTS) when the stored fingerprint differs.
_SCHEMA = ("schema_constraints", "schema_indexes")


def migrate(store: Neo4jStore) -> None:
    """Create the schema when its fingerprint changed, backfill what a version needs,
    record the version; refuse a database written by a newer graphmem."""
    meta = store._read("meta_get", {})
    version = meta[0]["schema_version"] if meta else None
    if version is not None and int(version) > SCHEMA_VERSION:
        raise SchemaVersionError(
            f"{store.uri} has graphmem schema version {version}; this graphmem understands up to "
            f"{SCHEMA_VERSION}. Upgrade graphmem to open it."
        )
    fingerprint = hashlib.sha1(
        "\n".join(stmt for name in _SCHEMA for stmt in statements(name)).encode("utf-8")
    ).hexdigest()
    if version is not None and int(version) == SCHEMA_VERSION and meta[0]["schema_hash"] == fingerprint:
        return
    from neo4j.exceptions import ClientError

    for name in _SCHEMA:
        for stmt in statements(name):
            try:
                store._write_one(stmt, what=name)
            except Exception as e:  # a concurrent opener created it first
                cause = e.__cause__
                if not (isinstance(cause, ClientError) and "AlreadyExists" in str(cause.code)):
                    raise
    store._write_one(query("schema_await"), {"timeout_s": 300}, "schema_await")
    if version is not None and int(version) < 2:
        _backfill_keys(store)
    store._write_one(
        query("meta_set_schema"), {"version": SCHEMA_VERSION, "hash": fingerprint}, "meta_set_schema"
    )
    _log.info("graphmem schema version %s in place at %s", SCHEMA_VERSION, store.uri)


def _backfill_keys(store: Neo4jStore, batch: int = 5000) -> None:
    """Version 1 -> 2: value_key and decay_key on facts written before they existed."""
    while rows := store._read("facts_missing_keys", {"limit": batch}):
        items = [
            {"user_id": r["user_id"], "id": r["id"], "value_key": value_key(r["value"] or ""),
             "decay_key": decay_key(r["confidence"] or 0.0, r["half_life_days"] or 1.0,
                                    r["last_accessed_at"] or 0.0)}
            for r in rows
        ]  # fmt: skip
        store._write_one(query("facts_set_keys"), {"items": items}, "facts_set_keys")
