"""The SQLite store's fact search: BM25 over the user's range of `facts_fts` and cosine
over the user's fact vectors, both keeping active facts only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from graphmem.stores.sqlite.rows import placeholders
from graphmem.stores.sqlite.statements import UserStatements
from graphmem.stores.sqlite.term_stats import TermStats, searchable
from graphmem.stores.sqlite.text_cache import TextIndexCache
from graphmem.stores.sqlite.user_ranges import SLOT_SHIFT, base_rowid, fts_match
from graphmem.stores.sqlite.vectors import VectorCache, nearest_active

if TYPE_CHECKING:  # numpy loads with the first vector, not with the store
    import numpy as np


class FactSearch:
    """Fact search of one user: statements through `sql`, the store's in-memory BM25 index
    (`text`), word statistics (`term_stats`) and vector cache (`vectors`)."""

    __slots__ = ("sql", "text", "term_stats", "vectors")

    def __init__(
        self, sql: UserStatements, text: TextIndexCache, term_stats: TermStats, vectors: VectorCache
    ) -> None:
        self.sql = sql
        self.text = text
        self.term_stats = term_stats
        self.vectors = vectors

    def search_text(
        self, terms: Sequence[str], limit: int, related: Sequence[str] = ()
    ) -> list[tuple[str, float]]:
        if limit <= 0:
            return []
        sql = self.sql
        with sql.lock:
            index = self.text.index(sql.conn, sql.execute, sql.user_id)
            if index is not None:
                # bm25() weighs columns, never words: related words count as the query's own.
                words = searchable(
                    list(dict.fromkeys(t for t in (*terms, *related) if t)), index.rows, index.df
                )
                ids: dict[int, str] = {}

                def active(fts_rows: Sequence[int]) -> list[int]:
                    found = self.active_rowids([base_rowid(r) for r in fts_rows])
                    ids.update({r: found[base_rowid(r)] for r in fts_rows if base_rowid(r) in found})
                    return [r for r in fts_rows if r in ids]

                return [(ids[r], s) for r, s in index.search(words, active, limit=int(limit))]
        return self.search_fts(terms, limit, related)

    def search_fts(self, terms: Sequence[str], limit: int, related: Sequence[str]) -> list[tuple[str, float]]:
        """`search_text` by FTS5's bm25() (inside a write, or when the user's index is not held)."""
        x = self.sql.execute
        # FTS5's bm25() weighs columns, never words: related words count as the query's own.
        match = fts_match(self.term_stats.informative(x, [*terms, *related]))
        span = self.sql.fts_range()
        if match is None or span is None or limit <= 0:
            return []
        # Ranked in the index alone, inside the user's range of it, with room for the
        # frozen facts among the best; the rows are then read by rowid, under
        # `user_id = ?`, only for those kept. Joining first reads a fact row for every
        # match (a common word matches thousands). When frozen facts fill the room, the
        # joined statement ranks the active ones alone.
        room = 2 * int(limit) + 8
        hits = [
            (base_rowid(r[0]), r[1])
            for r in x(
                "SELECT rowid, bm25(facts_fts, 0.0, 1.0) AS s FROM facts_fts "
                "WHERE facts_fts MATCH ? AND rowid BETWEEN ? AND ? ORDER BY s LIMIT ?",
                (match, *span, room),
            ).fetchall()
        ]
        if not hits:
            return []
        active = dict(
            x(
                f"SELECT rowid, id FROM facts WHERE +user_id = ? AND status = 'active' "
                f"AND rowid IN ({placeholders(len(hits))})",
                [self.sql.user_id, *(r[0] for r in hits)],
            ).fetchall()
        )
        # FTS5's bm25() is negative, lower is better.
        found = [(active[r[0]], -float(r[1])) for r in hits if r[0] in active]
        if len(found) >= limit or len(hits) < room:
            return found[: int(limit)]
        rows = x(
            "SELECT f.id, bm25(facts_fts, 0.0, 1.0) AS s FROM facts_fts "
            "JOIN facts f ON f.rowid = (facts_fts.rowid & ?) "
            "WHERE facts_fts MATCH ? AND facts_fts.rowid BETWEEN ? AND ? "
            "AND f.user_id = ? AND f.status = 'active' ORDER BY s LIMIT ?",
            ((1 << SLOT_SHIFT) - 1, match, *span, self.sql.user_id, int(limit)),
        )
        return [(r[0], -float(r[1])) for r in rows]

    def search_vector(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        sql = self.sql
        with sql.lock:
            rowids, matrix = self.vectors.matrix(sql.conn, sql.user_id)
        return nearest_active(rowids, matrix, vector, limit, self.active_rowids)

    def active_rowids(self, rowids: Sequence[int]) -> dict[int, str]:
        """Fact id by rowid of those of `rowids` that are the user's active facts."""
        active: dict[int, str] = {}
        for start in range(0, len(rowids), 500):  # stay under SQLite's bound-parameter limit
            chunk = list(rowids[start : start + 500])
            active.update(
                self.sql.execute(
                    f"SELECT rowid, id FROM facts WHERE +user_id = ? AND status = 'active' "
                    f"AND rowid IN ({placeholders(len(chunk))})",
                    [self.sql.user_id, *chunk],
                ).fetchall()
            )
        return active
