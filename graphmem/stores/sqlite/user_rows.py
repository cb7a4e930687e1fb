"""What the SQLite store's user views share: the store they read through, one statement
runner, and the user's range of the full-text tables (`user_ranges`)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

from graphmem.stores.sqlite.term_stats import TermStats
from graphmem.stores.sqlite.text_cache import TextIndexCache
from graphmem.stores.sqlite.user_ranges import fts_rowid, slot_range
from graphmem.stores.sqlite.vectors import VectorCache


class RowStore(Protocol):
    """What user views need of their `SQLiteStore` (named by protocol: importing the store
    module here would import it back)."""

    lock: threading.RLock
    vectors: VectorCache
    episode_vectors: VectorCache
    fact_terms: TermStats
    episode_terms: TermStats
    fact_text: TextIndexCache
    episode_text: TextIndexCache


class UserRows:
    """Base of the views of one user (`SQLiteUser` and the row groups it is made of)."""

    user_id: str
    store: RowStore
    _c: sqlite3.Connection
    #: The user's `users` rowid once read: a row keeps its rowid for its life, and a write
    #: indexes a row per fact and episode (`delete_user` forgets it with the row).
    _known_slot: int | None = None

    def _x(self, sql: str, args: Sequence[Any] = ()) -> sqlite3.Cursor:  # pragma: no cover - SQLiteUser's
        raise NotImplementedError

    def _slot(self) -> int | None:
        """The rowid of the user's `users` row (None: the user has written nothing)."""
        if self._known_slot is None:
            row = self._x("SELECT rowid FROM users WHERE user_id = ?", (self.user_id,)).fetchone()
            self._known_slot = int(row[0]) if row else None
        return self._known_slot

    def _fts_rowid(self, rowid: int) -> int:
        """The full-text rowid of one of the user's base rows, inside a write (which made
        the user's row; `delete_user` may have removed it since, so it is made again)."""
        slot = self._slot()
        if slot is None:
            self._x(
                "INSERT INTO users (user_id, rev, epoch, created_at) VALUES (?, 1, 0, ?)",
                (self.user_id, datetime.now().timestamp()),
            )
            slot = self._slot()
        assert slot is not None
        return fts_rowid(slot, rowid)

    def _stamp(self, base: str, rowids: Sequence[int]) -> None:
        """Name the current write (the user's rev) on base rows whose full-text row it wrote:
        the in-memory indexes of every process read back the rows stamped after theirs."""
        assert base in ("facts", "episodes")  # fixed names of this store's schema
        for start in range(0, len(rowids), 500):
            chunk = list(rowids[start : start + 500])
            self._x(
                f"UPDATE {base} SET text_rev = COALESCE((SELECT rev FROM users WHERE user_id = ?), 0) "
                f"WHERE +user_id = ? AND rowid IN ({','.join('?' * len(chunk))})",
                [self.user_id, self.user_id, *chunk],
            )

    def _fts_range(self) -> tuple[int, int] | None:
        """The user's full-text rowids, first and last (None: the user has none)."""
        slot = self._slot()
        return None if slot is None else slot_range(slot)
