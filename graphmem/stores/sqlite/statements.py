"""How one user's rows of the SQLite store are reached: `UserStatements` runs statements
on the store's connection under its lock (errors mapped) and knows the user's range of
the full-text tables (`user_ranges`). The row objects of a `SQLiteUser` share one."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from graphmem.stores.sqlite.errors import map_error
from graphmem.stores.sqlite.user_ranges import fts_rowid, slot_range


class UserStatements:
    """Statements of one user on one connection (`conn`), serialised by the store's `lock`."""

    __slots__ = ("conn", "lock", "uri", "user_id", "erased", "_known_slot")

    def __init__(self, conn: sqlite3.Connection, lock: threading.RLock, uri: str, user_id: str) -> None:
        self.conn = conn
        self.lock = lock
        self.uri = uri
        self.user_id = user_id
        #: The user's `users` rowid once read: a row keeps its rowid for its life, and a
        #: write indexes a row per fact and episode (`forget_slot` after `delete_user`).
        self._known_slot: int | None = None
        #: The full-text tables an erasure of this write deleted or rewrote rows of (an
        #: empty set: only rows of plain tables); None: nothing erased. See wipe.py.
        self.erased: set[str] | None = None

    def execute(self, sql: str, args: Sequence[Any] = ()) -> sqlite3.Cursor:
        # One connection serves every thread of this process; the store lock keeps
        # statements from interleaving (it is re-entrant, so writes nest inside it).
        with self.lock:
            try:
                return self.conn.execute(sql, args)
            except sqlite3.Error as e:  # inside a write, `write` rolls back
                raise map_error(e, self.uri, "write" if self.conn.in_transaction else "read") from e

    def slot(self) -> int | None:
        """The rowid of the user's `users` row (None: the user has written nothing)."""
        if self._known_slot is None:
            row = self.execute("SELECT rowid FROM users WHERE user_id = ?", (self.user_id,)).fetchone()
            self._known_slot = int(row[0]) if row else None
        return self._known_slot

    def forget_slot(self) -> None:
        """The user's `users` row is gone (`delete_user`); a later write makes another."""
        self._known_slot = None

    def fts_rowid(self, rowid: int) -> int:
        """The full-text rowid of one of the user's base rows, inside a write (which made
        the user's row; `delete_user` may have removed it since, so it is made again)."""
        slot = self.slot()
        if slot is None:
            self.execute(
                "INSERT INTO users (user_id, rev, epoch, created_at) VALUES (?, 1, 0, ?)",
                (self.user_id, datetime.now().timestamp()),
            )
            slot = self.slot()
        assert slot is not None
        return fts_rowid(slot, rowid)

    def stamp(self, base: str, rowids: Sequence[int]) -> None:
        """Name the current write (the user's rev) on base rows whose full-text row it wrote:
        the in-memory indexes of every process read back the rows stamped after theirs."""
        assert base in ("facts", "episodes")  # fixed names of this store's schema
        for start in range(0, len(rowids), 500):
            chunk = list(rowids[start : start + 500])
            self.execute(
                f"UPDATE {base} SET text_rev = COALESCE((SELECT rev FROM users WHERE user_id = ?), 0) "
                f"WHERE +user_id = ? AND rowid IN ({','.join('?' * len(chunk))})",
                [self.user_id, self.user_id, *chunk],
            )

    def fts_range(self) -> tuple[int, int] | None:
        """The user's full-text rowids, first and last (None: the user has none)."""
        slot = self.slot()
        return None if slot is None else slot_range(slot)

    def note_erasure(self, *fts: str) -> None:
        """An erasure deleted or rewrote rows (of these full-text tables): the store wipes
        what its files keep of them when the write commits (wipe.py)."""
        if self.erased is None:
            self.erased = set()
        self.erased.update(fts)

    def new_epoch(self) -> None:
        """Rows were deleted or rewritten: every process's in-memory copies of the user's
        vectors and BM25 indexes read the user afresh."""
        self.execute("UPDATE users SET epoch = epoch + 1 WHERE user_id = ?", (self.user_id,))
