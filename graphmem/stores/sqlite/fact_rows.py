"""The SQLite store's facts of one user: reading them by filter or in decay order, the
links between entities they make, and writing them (with their full-text row and vector)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from graphmem.facts.keys import decay_key, value_key
from graphmem.model import Fact
from graphmem.stores.common import FACT_FILTERS, fact_filters, fact_from, unique, user_key
from graphmem.stores.sqlite.errors import map_error
from graphmem.stores.sqlite.rows import FACT_COLS, placeholders
from graphmem.stores.sqlite.statements import UserStatements
from graphmem.stores.sqlite.vectors import VectorCache
from graphmem.text.timestamps import to_epoch

if TYPE_CHECKING:  # numpy loads with the first vector, not with the store
    import numpy as np

#: The column each `facts()` filter (common.FACT_FILTERS) applies to.
_COLUMN = dict(zip(FACT_FILTERS, ("status", "attribute", "subject_id", "id", "value_key"), strict=True))


class FactRows:
    """Fact reads and writes of one user: statements through `sql`; `vectors` is the
    store's fact vector cache, which re-embedding empties for the user."""

    __slots__ = ("sql", "user_id", "vectors")

    def __init__(self, sql: UserStatements, vectors: VectorCache) -> None:
        self.sql = sql
        self.user_id = sql.user_id
        self.vectors = vectors

    # ---- reads -------------------------------------------------------------
    def facts(
        self,
        *,
        statuses: Sequence[str] | None = ("active",),
        attributes: Sequence[str] | None = None,
        subject_ids: Sequence[str] | None = None,
        ids: Sequence[str] | None = None,
        value_keys: Sequence[str] | None = None,
        top: int | None = None,
    ) -> list[Fact]:
        wanted = fact_filters(statuses, attributes, subject_ids, ids, value_keys)
        if wanted is None:
            return []
        filters: list[tuple[str, list[Any]]] = [
            (_COLUMN[key], values) for key, values in wanted.items() if values is not None
        ]
        if top is not None and attributes is not None and statuses is not None and ids is None:
            return self._top(filters, int(top))
        sql, args = self._where(filters)
        if top is not None:
            sql += " ORDER BY decay_key DESC, rowid DESC LIMIT ?"
            args.append(max(0, int(top)))
        else:
            sql += " ORDER BY recorded_at, rowid"
        return [fact_from(r) for r in self.sql.execute(sql, args)]

    def _where(self, filters: list[tuple[str, list[Any]]]) -> tuple[str, list[Any]]:
        # Looking up by id, the primary key seeks; a user_id index would scan the user's
        # facts (the planner has no statistics to tell), so a unary + keeps it a filter.
        by_id = any(col == "id" for col, _ in filters)
        sql = f"SELECT {FACT_COLS}, decay_key FROM facts WHERE {'+' if by_id else ''}user_id = ?"
        args: list[Any] = [self.user_id]
        by_attribute = any(col == "attribute" for col, _ in filters)
        for col, values in filters:
            # With an attribute to seek, a unary + keeps the subject index out of the plan:
            # a user's facts are nearly all about the user, so it narrows little.
            plus = "+" if col == "subject_id" and by_attribute else ""
            sql += f" AND {plus}{col} IN ({placeholders(len(values))})"
            args.extend(values)
        return sql, args

    def _top(self, filters: list[tuple[str, list[Any]]], top: int) -> list[Fact]:
        # One query per (attribute, status): each walks the decay index backwards and
        # stops after `top` rows, where one query over several would sort them all.
        if top <= 0:
            return []
        fixed = dict(filters)
        rest = [(c, v) for c, v in filters if c not in ("attribute", "status")]
        rows: list[Any] = []
        for attribute in fixed["attribute"]:
            for status in fixed["status"]:
                sql, args = self._where([("attribute", [attribute]), ("status", [status]), *rest])
                rows += self.sql.execute(
                    sql + " ORDER BY decay_key DESC, rowid DESC LIMIT ?", [*args, top]
                ).fetchall()
        rows.sort(key=lambda r: -r[-1])
        return [fact_from(r) for r in rows[:top]]

    def links(self, subject_id: str, attributes: Sequence[str]) -> list[tuple[str, str, str | None]]:
        wanted = unique(attributes)
        if not wanted:
            return []
        rows = self.sql.execute(
            "SELECT attribute, object_id, qualifier FROM facts WHERE user_id = ? AND status = 'active' "
            f"AND attribute IN ({placeholders(len(wanted))}) AND +subject_id = ? AND object_id IS NOT NULL "
            "ORDER BY recorded_at, rowid",
            [self.user_id, *wanted, subject_id],
        )
        return [(r[0], r[1], r[2]) for r in rows]

    # ---- writes (only inside SQLiteStore.write; touch also from read_together) ----
    def add_fact(
        self, fact: Fact, terms: Sequence[str], vector: np.ndarray | None, episode_id: str | None
    ) -> None:
        """Add a fact that came from the message `episode_id` (None: from none)."""
        import numpy as np

        f = fact
        last = to_epoch(f.last_accessed_at)
        cur = self.sql.execute(
            f"INSERT INTO facts ({FACT_COLS}, value_key, decay_key, episode_id) VALUES ({placeholders(26)})",
            (f.id, self.user_id, f.subject_id, f.subject_name, f.attribute, f.value, f.kind, f.source,
             f.confidence, f.status, f.text, f.source_text, to_epoch(f.recorded_at), to_epoch(f.valid_from),
             to_epoch(f.valid_to), last, f.access_count, f.half_life_days, f.ref,
             f.object_id, f.qualifier, f.superseded_by, int(f.inferred),
             value_key(f.value), decay_key(f.confidence, f.half_life_days, last),  # type: ignore[arg-type]
             episode_id),
        )  # fmt: skip
        rowid = cur.lastrowid
        self.sql.execute(
            "INSERT INTO facts_fts (rowid, ukey, terms) VALUES (?,?,?)",
            (self.sql.fts_rowid(int(rowid or 0)), user_key(self.user_id), " ".join(terms)),
        )
        self.sql.stamp("facts", [int(rowid or 0)])
        if vector is not None:
            self.sql.execute(
                "INSERT INTO fact_vectors (fact_rowid, user_id, vec) VALUES (?,?,?)",
                (rowid, self.user_id, np.asarray(vector, dtype=np.float32).tobytes()),
            )

    def update_fact(self, fact: Fact) -> None:
        f = fact
        last = to_epoch(f.last_accessed_at)
        self.sql.execute(
            "UPDATE facts SET status = ?, valid_to = ?, confidence = ?, last_accessed_at = ?, "
            "access_count = ?, superseded_by = ?, value = ?, text = ?, object_id = ?, value_key = ?, "
            "decay_key = ? WHERE id = ? AND user_id = ?",
            (f.status, to_epoch(f.valid_to), f.confidence, last, f.access_count, f.superseded_by, f.value,
             f.text, f.object_id, value_key(f.value), decay_key(f.confidence, f.half_life_days, last),  # type: ignore[arg-type]
             f.id, self.user_id),
        )  # fmt: skip

    def touch(self, fact_ids: Iterable[str], at: datetime) -> None:
        """One UPDATE, without the rev bump of `write` (an access changes no content, so
        the vector cache stays valid); in its own transaction outside a write."""
        ids = unique(fact_ids)
        if not ids:
            return
        try:
            self.sql.execute(
                # The decay key moves by exactly as much as the last access does (see keys.py).
                f"UPDATE facts SET decay_key = decay_key + MAX(0, ?1 - last_accessed_at), "
                f"last_accessed_at = MAX(last_accessed_at, ?1), access_count = access_count + 1 "
                f"WHERE +user_id = ?2 AND id IN ({','.join(f'?{i + 3}' for i in range(len(ids)))})",
                [to_epoch(at), self.user_id, *ids],
            )
        except sqlite3.Error as e:
            raise map_error(e, self.sql.uri, "recording an access") from e

    def replace_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        import numpy as np

        if not items:
            return
        rowids: dict[str, int] = {}
        ids = unique(fid for fid, _ in items)
        for start in range(0, len(ids), 500):  # stay under SQLite's bound-parameter limit
            chunk = ids[start : start + 500]
            rowids.update(
                self.sql.execute(
                    f"SELECT id, rowid FROM facts WHERE +user_id = ? AND id IN ({placeholders(len(chunk))})",
                    [self.user_id, *chunk],
                ).fetchall()
            )
        for fid, vec in items:
            rowid = rowids.get(fid)
            if rowid is None:
                continue
            self.sql.execute(
                "DELETE FROM fact_vectors WHERE fact_rowid = ? AND user_id = ?", (rowid, self.user_id)
            )
            self.sql.execute(
                "INSERT INTO fact_vectors (fact_rowid, user_id, vec) VALUES (?,?,?)",
                (rowid, self.user_id, np.asarray(vec, dtype=np.float32).tobytes()),
            )
        # The vector cache refreshes incrementally by rowid and would keep the old rows:
        # a new epoch makes every process (not only this one) reload the user's matrix.
        self.sql.new_epoch()
        self.vectors.drop(self.user_id)

    def update_source(self, fact_id: str, source_text: str, terms: Sequence[str]) -> bool:
        row = self.sql.execute(
            "SELECT rowid FROM facts WHERE id = ? AND user_id = ?", (fact_id, self.user_id)
        ).fetchone()
        if row is None:
            return False
        self.sql.execute(
            "UPDATE facts SET source_text = ? WHERE rowid = ? AND user_id = ?",
            (source_text, row[0], self.user_id),
        )
        self.sql.execute(
            "UPDATE facts_fts SET terms = ? WHERE rowid = ?", (" ".join(terms), self.sql.fts_rowid(row[0]))
        )
        self.sql.stamp("facts", [row[0]])
        self.sql.note_erasure("facts_fts")  # erasure rewrites provenance: the old terms go
        return True
