"""The embedded store: one SQLite file (WAL, FTS5), vectors cached in process."""

from graphmem.stores.sqlite.store import SQLiteStore

__all__ = ["SQLiteStore"]
