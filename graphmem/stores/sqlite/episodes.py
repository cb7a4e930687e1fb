"""The SQLite store's episodes: the kept messages as memories of their own.

An episode row is a message (text, role, time, ref), its place in the conversation
(`prev_id`, the NEXT link, and `position`) and the date range it refers to. Its BM25
terms live in `episodes_fts` (by episode rowid, in the user's range of it as in the facts'
index, `user_ranges`) and its vector in `episode_vectors`; facts name theirs in
`facts.episode_id` (the FROM link). Every statement carries `user_id = ?`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from graphmem.embedding.hashing import row_dots
from graphmem.model import Episode
from graphmem.stores.base import FORGOTTEN, EpisodeLink
from graphmem.stores.common import user_key
from graphmem.stores.sqlite.statements import UserStatements
from graphmem.stores.sqlite.term_stats import TermStats, searchable
from graphmem.stores.sqlite.text_cache import CONTEXT_WEIGHT, TextIndexCache
from graphmem.stores.sqlite.user_ranges import base_rowid, fts_match
from graphmem.stores.sqlite.vectors import VectorCache
from graphmem.text.terms import terms as text_terms
from graphmem.text.timestamps import to_epoch

if TYPE_CHECKING:  # numpy loads with the first vector, not with the store
    import numpy as np


_COLS = "id, user_id, role, text, at, ref, prev_id, position, refers_from, refers_to, speaker"
#: A year and a day, in seconds: no date a message names covers more ("last year").
_LONGEST_SPAN_S = 367 * 86400.0


def _episode(r: Sequence[Any]) -> Episode:
    # Recall decodes hundreds of these per query: datetimes made inline (as from_epoch).
    at, utc = datetime.fromtimestamp, timezone.utc
    return Episode(r[0], r[1], r[2], r[3], at(r[4], utc), r[5], r[6], int(r[7] or 0),
                   None if r[8] is None else at(r[8], utc), None if r[9] is None else at(r[9], utc),
                   r[10])  # fmt: skip


class EpisodeRows:
    """Episode reads and writes of one user: statements through `sql`, the store's
    in-memory BM25 index of episodes (`text`), its word statistics (`term_stats`) and its
    episode vector cache (`vectors`)."""

    __slots__ = ("sql", "user_id", "text", "term_stats", "vectors")

    def __init__(
        self, sql: UserStatements, text: TextIndexCache, term_stats: TermStats, vectors: VectorCache
    ) -> None:
        self.sql = sql
        self.user_id = sql.user_id
        self.text = text
        self.term_stats = term_stats
        self.vectors = vectors

    # ---- reads -------------------------------------------------------------
    def episodes(self, ids: Sequence[str] | None = None) -> list[Episode]:
        sql, args = f"SELECT {_COLS} FROM episodes WHERE user_id = ?", [self.user_id]
        if ids is not None:
            wanted = list(dict.fromkeys(ids))
            if not wanted:
                return []
            out: list[Episode] = []
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                rows = self.sql.execute(f"{sql} AND id IN ({','.join('?' * len(chunk))})", [*args, *chunk])
                out += [_episode(r) for r in rows]
            return sorted(out, key=lambda e: e.at)
        return [_episode(r) for r in self.sql.execute(sql + " ORDER BY at, rowid", args)]

    def last_episode(self, before: datetime) -> Episode | None:
        row = self.sql.execute(
            f"SELECT {_COLS} FROM episodes WHERE user_id = ? AND at <= ? ORDER BY at DESC, rowid DESC LIMIT 1",
            (self.user_id, to_epoch(before)),
        ).fetchone()
        return _episode(row) if row else None

    def episodes_dated(self, start: datetime, end: datetime, limit: int) -> list[Episode]:
        if limit <= 0:
            return []
        lo, hi = start.timestamp(), end.timestamp()
        # Two index seeks: the messages that named days (by the first day named, which lies
        # at most a year before the range it overlaps: the longest span a message names is
        # a year) and those that named none (by when they were said).
        named = self.sql.execute(
            f"SELECT {_COLS} FROM episodes WHERE user_id = ? AND refers_from BETWEEN ? AND ? "
            "AND COALESCE(refers_to, refers_from) >= ? ORDER BY refers_from DESC LIMIT ?",
            (self.user_id, lo - _LONGEST_SPAN_S, hi, lo, int(limit)),
        ).fetchall()
        said = self.sql.execute(
            f"SELECT {_COLS} FROM episodes WHERE user_id = ? AND at BETWEEN ? AND ? AND refers_from IS NULL "
            "ORDER BY at DESC LIMIT ?",
            (self.user_id, lo, hi, int(limit)),
        ).fetchall()
        found = [_episode(r) for r in (*named, *said)]
        found.sort(key=lambda e: e.date, reverse=True)
        return found[: int(limit)]

    def search_episodes_text(
        self, terms: Sequence[str], limit: int, related: Sequence[str] = ()
    ) -> list[tuple[str, float]]:
        if limit <= 0:
            return []
        with self.sql.lock:
            index = self.text.index(self.sql.conn, self.sql.execute, self.user_id)
            if index is not None:
                uniq = list(dict.fromkeys(t for t in (*terms, *related) if t))
                found = index.search(searchable(uniq, index.rows, index.df), limit=int(limit))
                hits = [(base_rowid(r), s) for r, s in found]
            else:
                hits = self.search_fts(terms, limit, related)
        if not hits:
            return []
        ids = dict(
            self.sql.execute(
                f"SELECT rowid, id FROM episodes WHERE +user_id = ? AND rowid IN ({','.join('?' * len(hits))})",
                [self.user_id, *(r[0] for r in hits)],
            ).fetchall()
        )
        return [(ids[r[0]], float(r[1])) for r in hits if r[0] in ids]

    def search_fts(self, terms: Sequence[str], limit: int, related: Sequence[str]) -> list[tuple[int, float]]:
        """Episode rowids and scores by FTS5's bm25() (inside a write, or when the user's
        index is not held)."""
        words = self.term_stats.informative(self.sql.execute, [*terms, *related])  # as search_text
        match = fts_match(words, "{terms context}")
        span = self.sql.fts_range()
        if match is None or span is None:
            return []
        # Ranked in the index alone, inside the user's range of it; the rows are then read
        # by rowid, still under `user_id = ?`. Joining first would read an episode row for
        # every match, not only for the `limit` kept. bm25() is negative, lower is better.
        return [
            (base_rowid(r[0]), -float(r[1]))
            for r in self.sql.execute(
                f"SELECT rowid, bm25(episodes_fts, 0.0, 1.0, {CONTEXT_WEIGHT}) AS s FROM episodes_fts "
                "WHERE episodes_fts MATCH ? AND rowid BETWEEN ? AND ? ORDER BY s LIMIT ?",
                (match, *span, int(limit)),
            ).fetchall()
        ]

    def search_episodes_vector(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        import numpy as np

        query = np.asarray(vector, dtype=np.float32).ravel()
        if limit <= 0 or not np.all(np.isfinite(query)) or not np.any(query):
            return []
        with self.sql.lock:
            rowids, matrix = self.vectors.matrix(self.sql.conn, self.user_id)
        if matrix.shape[0] == 0 or matrix.shape[1] != query.shape[0]:
            return []  # none yet, or vectors of another embedder (reembed under way)
        sims = row_dots(matrix, query)
        n = min(int(limit), len(sims))
        top = np.argpartition(-sims, n - 1)[:n] if n < len(sims) else np.arange(len(sims))
        top = top[np.argsort(-sims[top], kind="stable")]
        wanted = [int(rowids[i]) for i in top]
        ids = dict(
            self.sql.execute(
                f"SELECT rowid, id FROM episodes WHERE +user_id = ? AND rowid IN ({','.join('?' * len(wanted))})",
                [self.user_id, *wanted],
            ).fetchall()
        )
        return [(ids[r], float(sims[i])) for r, i in zip(wanted, top) if r in ids]

    def episode_links(
        self, fact_ids: Sequence[str] = (), episode_ids: Sequence[str] = ()
    ) -> list[EpisodeLink]:
        out: dict[str, EpisodeLink] = {}
        for col, values in (("id", fact_ids), ("episode_id", episode_ids)):
            wanted = list(dict.fromkeys(values))
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                plus = "+" if col == "id" else ""  # by id, the primary key seeks
                for r in self.sql.execute(
                    f"SELECT id, episode_id, status, superseded_by, subject_id, attribute FROM facts WHERE {plus}user_id = ? "
                    f"AND episode_id IS NOT NULL AND {col} IN ({','.join('?' * len(chunk))})",
                    [self.user_id, *chunk],
                ):
                    out[r[0]] = EpisodeLink(*r)
        return list(out.values())

    # ---- writes ------------------------------------------------------------
    def add_episode(
        self,
        episode: Episode,
        terms: Sequence[str] | None = None,
        vector: np.ndarray | None = None,
        context: Sequence[str] = (),
    ) -> None:
        import numpy as np

        e = episode
        cur = self.sql.execute(
            f"INSERT INTO episodes ({_COLS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (e.id, self.user_id, e.role, e.text, to_epoch(e.at), e.ref, e.prev_id, e.position,
             to_epoch(e.refers_from), to_epoch(e.refers_to), e.speaker),
        )  # fmt: skip
        rowid = cur.lastrowid
        words = list(terms) if terms is not None else text_terms(e.text)
        self.sql.execute(
            "INSERT INTO episodes_fts (rowid, ukey, terms, context) VALUES (?,?,?,?)",
            (self.sql.fts_rowid(int(rowid or 0)), user_key(self.user_id), " ".join(words), " ".join(context)),
        )
        self.sql.stamp("episodes", [int(rowid or 0)])
        if vector is not None:
            self.sql.execute(
                "INSERT INTO episode_vectors (episode_rowid, user_id, vec) VALUES (?,?,?)",
                (rowid, self.user_id, np.asarray(vector, dtype=np.float32).tobytes()),
            )

    def _episode_rowid(self, episode_id: str) -> int | None:
        row = self.sql.execute(
            "SELECT rowid FROM episodes WHERE id = ? AND user_id = ?", (episode_id, self.user_id)
        ).fetchone()
        return int(row[0]) if row else None

    def reindex_episode(self, episode_id: str, context: Sequence[str]) -> None:
        rowid = self._episode_rowid(episode_id)
        if rowid is not None:
            self.sql.execute(
                "UPDATE episodes_fts SET context = ? WHERE rowid = ?",
                (" ".join(context), self.sql.fts_rowid(rowid)),
            )
            self.sql.stamp("episodes", [rowid])

    def replace_episode_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        import numpy as np

        for eid, vec in items:
            rowid = self._episode_rowid(eid)
            if rowid is None:
                continue
            self.sql.execute(
                "DELETE FROM episode_vectors WHERE episode_rowid = ? AND user_id = ?", (rowid, self.user_id)
            )
            self.sql.execute(
                "INSERT INTO episode_vectors (episode_rowid, user_id, vec) VALUES (?,?,?)",
                (rowid, self.user_id, np.asarray(vec, dtype=np.float32).tobytes()),
            )
        if items:
            self.sql.new_epoch()
            self.vectors.drop(self.user_id)

    def delete_episode(self, episode_id: str) -> bool:
        row = self.sql.execute(
            "SELECT rowid, prev_id, text FROM episodes WHERE id = ? AND user_id = ?",
            (episode_id, self.user_id),
        ).fetchone()
        if row is None:
            return False
        # Its turn before and its reply held its terms in their context: they go with it.
        lost = set(text_terms(row[2].replace(FORGOTTEN, " ")))
        trimmed = [
            n
            for (n,) in self.sql.execute(
                "SELECT rowid FROM episodes WHERE user_id = ? AND (prev_id = ? OR id = ?)",
                (self.user_id, episode_id, row[1]),
            ).fetchall()
            if lost and self._trim_context(n, lost)
        ]
        if trimmed:
            self.sql.stamp("episodes", trimmed)
        self.sql.execute("DELETE FROM episodes_fts WHERE rowid = ?", (self.sql.fts_rowid(row[0]),))
        self.sql.execute(
            "DELETE FROM episode_vectors WHERE episode_rowid = ? AND user_id = ?", (row[0], self.user_id)
        )
        self.sql.execute(
            "UPDATE episodes SET prev_id = ? WHERE user_id = ? AND prev_id = ?",
            (row[1], self.user_id, episode_id),
        )
        self.sql.execute(
            "UPDATE facts SET episode_id = NULL WHERE user_id = ? AND episode_id = ?",
            (self.user_id, episode_id),
        )
        self.sql.execute("DELETE FROM episodes WHERE rowid = ?", (row[0],))
        self.sql.new_epoch()
        self.sql.note_erasure("episodes_fts")
        return True

    def reindex_scrubbed(self, before: Mapping[int, str]) -> None:
        """Episodes whose text a scrub rewrote (rowid -> text before): BM25 terms from the
        new text, no context terms and no vector (both described the old text); the
        neighbours whose context held the old text's terms lose those the rewrite removed."""
        gone: dict[int, set[str]] = {}  # neighbour rowid -> terms its context loses
        for rowid, old in before.items():
            row = self.sql.execute(
                "SELECT text, id, prev_id FROM episodes WHERE rowid = ? AND user_id = ?",
                (rowid, self.user_id),
            ).fetchone()
            if row is None:
                continue
            words = text_terms(row[0].replace(FORGOTTEN, " "))  # the marker is no term
            self.sql.execute(
                "UPDATE episodes_fts SET terms = ?, context = '' WHERE rowid = ?",
                (" ".join(words), self.sql.fts_rowid(rowid)),
            )
            self.sql.execute(
                "DELETE FROM episode_vectors WHERE episode_rowid = ? AND user_id = ?", (rowid, self.user_id)
            )
            lost = set(text_terms(old.replace(FORGOTTEN, " "))) - set(words)
            for (n,) in self.sql.execute(  # its turn before and its replies: their context named it
                "SELECT rowid FROM episodes WHERE user_id = ? AND (prev_id = ? OR id = ?)",
                (self.user_id, row[1], row[2]),
            ).fetchall():
                if lost and n not in before:
                    gone.setdefault(int(n), set()).update(lost)
        trimmed = [n for n, lost in gone.items() if self._trim_context(n, lost)]
        if before:
            self.sql.stamp("episodes", [*before, *trimmed])
            self.sql.new_epoch()
            self.sql.note_erasure("episodes_fts")

    def _trim_context(self, rowid: int, lost: set[str]) -> bool:
        """Drop `lost` from an episode's context terms; False if it held none of them."""
        fts_row = self.sql.fts_rowid(rowid)
        row = self.sql.execute("SELECT context FROM episodes_fts WHERE rowid = ?", (fts_row,)).fetchone()
        if row is None or not row[0]:
            return False
        held = row[0].split(" ")
        kept = [t for t in held if t not in lost]
        if len(kept) == len(held):
            return False
        self.sql.execute("UPDATE episodes_fts SET context = ? WHERE rowid = ?", (" ".join(kept), fts_row))
        return True
