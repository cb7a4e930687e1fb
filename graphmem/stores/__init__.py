"""Storage backends and the function that picks one from a path or URI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from graphmem.stores.base import SCHEMA_VERSION, Episode, Store, SupersedesEdge, UserReader, UserWriter
from graphmem.stores.sqlite.store import SQLiteStore

NEO4J_SCHEMES = ("bolt://", "bolt+s://", "bolt+ssc://", "neo4j://", "neo4j+s://", "neo4j+ssc://")

__all__ = [
    "SCHEMA_VERSION",
    "Episode",
    "SQLiteStore",
    "Store",
    "SupersedesEdge",
    "UserReader",
    "UserWriter",
    "is_neo4j_uri",
    "open_store",
]


def is_neo4j_uri(target: str) -> bool:
    return target.lower().startswith(NEO4J_SCHEMES)


def open_store(target: Any, auth: tuple[str, str] | None = None, **options: Any) -> Store:
    """A store from a Store object, a Neo4j URI or a SQLite path."""
    if not isinstance(target, (str, Path)):
        return target  # type: ignore[no-any-return]
    text = str(target)
    if is_neo4j_uri(text):
        from graphmem.stores.neo4j.store import Neo4jStore

        return Neo4jStore(text, auth=auth, **options)
    return SQLiteStore(text, **options)
