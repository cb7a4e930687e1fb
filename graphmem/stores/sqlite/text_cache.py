"""The SQLite store's BM25 indexes held in memory, one per user and full-text table
(`TextIndex`, stores/text_index.py), read from the user's range of the FTS5 table and kept
up to date by what was written since.

A user's `users` row names its state: `rev` is bumped by every write, `epoch` when rows are
deleted or rewritten wholesale (forget, scrub, reembed), and `rowid` with `created_at` tell
a user from one of the same name made again after `delete_user`. Every write of a full-text
row also stamps its base row (`facts`, `episodes`) with the rev that wrote it (`text_rev`),
so an index a rev behind reads back only the rows stamped after it, from any process; a
new epoch or a user made again reads all of them. The `users` row is read before the rows,
so an index is never marked newer than what it holds.

Inside a transaction (a search during a write, on uncommitted rows) no index is used or
kept: the store searches FTS5 itself, as it does for a user whose index would not fit the
budget.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from graphmem.stores.byte_lru import UserCache
from graphmem.stores.sqlite.term_stats import Execute
from graphmem.stores.sqlite.user_ranges import fts_rowid, slot_range
from graphmem.stores.text_index import TextIndex

#: Tokens of the user token (`ukey`, "u" and 20 hex digits) in each FTS5 row: it counts in
#: the row's length as FTS5 counts it.
UKEY_TOKENS = 1
#: A user whose index did not fit is searched in FTS5 until this many writes later, when
#: reading it is tried again (other users may have left room).
_RETRY_REVS = 1_000

#: BM25 weight of an episode's context column (its neighbours) against its own terms.
CONTEXT_WEIGHT = 0.5
#: (FTS5 table, base table, indexed columns with their BM25 weights): the two of the schema.
TABLES = {
    "facts_fts": ("facts", (("terms", 1.0),)),
    "episodes_fts": ("episodes", (("terms", 1.0), ("context", CONTEXT_WEIGHT))),
}


@dataclass
class _Held:
    key: tuple[int, float, int]  # users rowid, created_at, epoch
    rev: int
    index: TextIndex


class TextIndexCache(UserCache[_Held]):
    """Per-user `TextIndex` of one FTS5 table within `budget` bytes (least recently used
    users dropped first)."""

    def __init__(self, budget: int, fts: str) -> None:
        super().__init__(budget)
        self.fts = fts
        self.base, cols = TABLES[fts]  # fixed names of this store's schema, never user input
        self.columns = tuple(c for c, _ in cols)
        self.weights = tuple(w for _, w in cols)
        # Users whose index did not fit, by the state it was read in: not read again for it.
        self._too_large: dict[str, tuple[tuple[int, float, int], int]] = {}

    def index(self, c: sqlite3.Connection, x: Execute, user_id: str) -> TextIndex | None:
        """The user's index, brought up to date through `x` (statements on connection `c`);
        None when the store must search FTS5 itself (inside a transaction, or the index is
        over budget)."""
        if c.in_transaction:
            return None
        row = x("SELECT rowid, rev, epoch, created_at FROM users WHERE user_id = ?", (user_id,)).fetchone()
        if row is None:
            return TextIndex(self.weights, UKEY_TOKENS)  # nothing written: nothing found
        slot, rev, key = int(row[0]), int(row[1]), (int(row[0]), float(row[3]), int(row[2]))
        with self._lock:
            held = self._entries.use(user_id)
            too_large = self._too_large.get(user_id)
        if too_large is not None and too_large[0] == key and rev - too_large[1] < _RETRY_REVS:
            return None
        if held is not None and held.key == key and held.rev == rev:
            return held.index
        cols = ", ".join(self.columns)
        if held is not None and held.key == key and held.rev < rev:
            index = held.index
            changed = [
                r[0]
                for r in x(
                    f"SELECT rowid FROM {self.base} WHERE user_id = ? AND text_rev > ?", (user_id, held.rev)
                )
            ]
            for start in range(0, len(changed), 500):
                chunk = [fts_rowid(slot, r) for r in changed[start : start + 500]]
                rows = x(
                    f"SELECT rowid, {cols} FROM {self.fts} WHERE rowid IN ({','.join('?' * len(chunk))})",
                    chunk,
                ).fetchall()
                found = {r[0] for r in rows}
                for r in rows:
                    index.put(r[0], r[1:])
                for gone in set(chunk) - found:  # stamped, then its full-text row removed
                    index.remove(gone)
        else:
            index = TextIndex(self.weights, UKEY_TOKENS)
            for r in x(f"SELECT rowid, {cols} FROM {self.fts} WHERE rowid BETWEEN ? AND ?", slot_range(slot)):
                index.put(r[0], r[1:])
        with self._lock:
            kept = self._entries.put(user_id, _Held(key, rev, index), index.nbytes())
            if kept:
                self._too_large.pop(user_id, None)
            else:
                if len(self._too_large) > 10_000:
                    self._too_large.clear()
                self._too_large[user_id] = (key, rev)
        return index if kept else None
