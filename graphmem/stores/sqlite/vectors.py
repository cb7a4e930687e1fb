"""The SQLite store's vectors: per-user matrices kept in memory, and the nearest active facts.

A user's vectors are read once into a float32 matrix and then refreshed incrementally by
rowid: the `users` row carries `rev` (bumped by every write) and `epoch` (bumped when
vectors are deleted or replaced, which makes every process reload the whole matrix, as
does a user deleted and made again).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from graphmem.embedding.hashing import row_dots
from graphmem.stores.byte_lru import UserCache
from graphmem.stores.common import append_columns, widening

if TYPE_CHECKING:  # numpy loads with the first vector, not with the store
    import numpy as np

# rev, (epoch, users rowid, created_at), last rowid, rowids, matrix (transposed: one row per dimension), rows in use
# (the arrays have room to grow)
_Entry = tuple[int, tuple[int, int, float], int, "np.ndarray", "np.ndarray", int]


class VectorCache(UserCache[_Entry]):
    """Per-user (rowids, matrix), valid while the user's rev and epoch are unchanged, within
    `budget` bytes: least recently used users are dropped first, and a user whose vectors
    alone exceed it is read for each query and never kept (0 keeps nothing). The matrix is
    kept column by column, so a query reads only the columns its vector uses (`row_dots`)."""

    def __init__(self, budget: int, table: str = "fact_vectors", key: str = "fact_rowid") -> None:
        super().__init__(budget)
        # Fixed names of this store's schema (facts' or episodes' vectors), never user input.
        assert (table, key) in (("fact_vectors", "fact_rowid"), ("episode_vectors", "episode_rowid"))
        self._select = f"SELECT {key}, vec FROM {table} WHERE user_id = ? AND {key} > ? ORDER BY {key}"

    def matrix(self, c: sqlite3.Connection, user_id: str) -> tuple[np.ndarray, np.ndarray]:
        """The user's vector rowids and rows, read or brought up to date on `c`."""
        import numpy as np

        row = c.execute(
            "SELECT rev, epoch, rowid, created_at FROM users WHERE user_id = ?", (user_id,)
        ).fetchone()
        if row is None:
            return np.zeros(0, dtype=np.int64), np.zeros((0, 1), dtype=np.float32)
        # A user deleted and made again (by any process) has a new `users` row: its rowid or
        # creation time tells it apart, where rev and epoch start over and rowids are reused.
        rev, epoch = int(row[0]), (int(row[1]), int(row[2]), float(row[3]))
        with self._lock:
            cached = self._entries.use(user_id)
        if cached and cached[0] == rev and cached[1] == epoch:
            return cached[3][: cached[5]], cached[4][:, : cached[5]].T
        since = cached[2] if cached and cached[1] == epoch else 0
        rows = c.execute(self._select, (user_id, since)).fetchall()
        new_ids = np.array([r[0] for r in rows], dtype=np.int64)
        new_mat = np.vstack([np.frombuffer(r[1], dtype=np.float32) for r in rows]).T if rows else None
        with self._lock:
            if since and cached is not None:
                ids, mat, n = _appended(cached[3], cached[4], cached[5], new_ids, new_mat)
            else:
                ids = new_ids
                mat = (
                    np.ascontiguousarray(new_mat)
                    if new_mat is not None
                    else np.zeros((1, 0), dtype=np.float32)
                )
                n = len(ids)
            last = int(ids[n - 1]) if n else 0
            self._entries.put(user_id, (rev, epoch, last, ids, mat, n), ids.nbytes + mat.nbytes)
        return ids[:n], mat[:, :n].T


def _appended(
    ids: np.ndarray, mat: np.ndarray, n: int, new_ids: np.ndarray, new_mat: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray, int]:
    """New rows written after the first `n` (`mat` and `new_mat` transposed: a column per
    row), rowids and vectors alike (`append_columns`): a recall after each remember would
    otherwise copy the user's whole matrix (8 MB at 8,000 facts)."""
    if new_mat is None or len(new_ids) == 0:
        return ids, mat, n
    ids, _ = append_columns(ids, n, new_ids)
    mat, n = append_columns(mat, n, new_mat)
    return ids, mat, n


def nearest_active(
    rowids: np.ndarray,
    matrix: np.ndarray,
    vector: np.ndarray,
    limit: int,
    active_of: Callable[[Sequence[int]], dict[int, str]],
) -> list[tuple[str, float]]:
    """The `limit` rows most similar to `vector` whose facts are active, as (fact id, score).

    The matrix holds vectors of every status; `active_of(rowids)` says which of the best
    candidates are active (rowid -> fact id). It is asked about the best `depth` first,
    then about more until `limit` of them are active."""
    import numpy as np

    query = np.asarray(vector, dtype=np.float32).ravel()
    if limit <= 0 or not np.all(np.isfinite(query)) or not np.any(query) or matrix.shape[0] == 0:
        return []  # a query with no direction has no cosine: no hits
    sims = row_dots(matrix, query)
    n = len(sims)
    out: list[tuple[str, float]] = []
    for done, depth in widening(n, max(limit * 4, limit + 32)):
        top = np.argpartition(-sims, depth - 1)[:depth] if depth < n else np.arange(n)
        top = top[np.argsort(-sims[top], kind="stable")][done:]
        wanted = [int(rowids[i]) for i in top]
        active = active_of(wanted)
        out += [(active[rid], float(sims[i])) for rid, i in zip(wanted, top) if rid in active]
        if len(out) >= limit:
            break
    return out[:limit]
