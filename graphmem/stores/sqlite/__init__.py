"""The embedded store: one SQLite file (WAL, FTS5), vectors cached in process."""

from .store import SQLiteStore

__all__ = ["SQLiteStore"]
