"""The embedded store: one SQLite file (WAL), FTS5 for BM25, float32 blobs for vectors.

Writers take `BEGIN IMMEDIATE`, so two processes remembering for the same user are
serialised and arbitration always sees the other's committed facts. Every statement
in the user-bound classes carries `user_id = ?`.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from graphmem.config import STORE_TIMEOUT
from graphmem.errors import StoreUnavailableError
from graphmem.facts.keys import decay_key, value_key
from graphmem.model import AuditRecord, Entity, Fact
from graphmem.stores.base import SCHEMA_VERSION, VECTOR_CACHE_MB, SupersedesEdge
from graphmem.stores.common import FACT_FILTERS, fact_filters, fact_from, unique, user_key
from graphmem.stores.sqlite.erasure_rows import ErasureRows
from graphmem.stores.sqlite.errors import map_error
from graphmem.stores.sqlite.fact_search import FactSearch
from graphmem.stores.sqlite.rows import FACT_COLS, fts_quote, placeholders, rollback
from graphmem.stores.sqlite.schema import SQLITE_SCHEMA, upgrade_schema
from graphmem.stores.sqlite.term_stats import TermStats
from graphmem.stores.sqlite.text_cache import TextIndexCache
from graphmem.stores.sqlite.vectors import VectorCache
from graphmem.text.timestamps import from_epoch, to_epoch

if TYPE_CHECKING:  # numpy loads with the first vector, not with the store
    import numpy as np

T = TypeVar("T")

assert SQLITE_SCHEMA.latest == SCHEMA_VERSION

#: Bytes of BM25 indexes held in memory per full-text table (text_cache.py), all users.
TEXT_CACHE_MB = 256
#: Decoded entity rows held by a store (all users); past this many it starts afresh.
ENTITY_MEMO = 20_000
#: The column each `facts()` filter (common.FACT_FILTERS) applies to.
_COLUMN = dict(zip(FACT_FILTERS, ("status", "attribute", "subject_id", "id", "value_key"), strict=True))


class SQLiteUser(ErasureRows, FactSearch):
    """One user's view of the SQLite store (reader and, inside `write`, writer)."""

    store: SQLiteStore

    def __init__(self, store: SQLiteStore, conn: sqlite3.Connection, user_id: str) -> None:
        self.store = store
        self._c = conn
        self.user_id = user_id
        self._episode_id: str | None = None  # the message facts added now come from

    def _x(self, sql: str, args: Sequence[Any] = ()) -> sqlite3.Cursor:
        # One connection serves every thread of this process; the store lock keeps
        # statements from interleaving (it is re-entrant, so writes nest inside it).
        with self.store.lock:
            try:
                return self._c.execute(sql, args)
            except sqlite3.Error as e:  # inside a write, `write` rolls back
                raise map_error(e, self.store.uri, "write" if self._c.in_transaction else "read") from e

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
        return [fact_from(r) for r in self._x(sql, args)]

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
                rows += self._x(sql + " ORDER BY decay_key DESC, rowid DESC LIMIT ?", [*args, top]).fetchall()
        rows.sort(key=lambda r: -r[-1])
        return [fact_from(r) for r in rows[:top]]

    def links(self, subject_id: str, attributes: Sequence[str]) -> list[tuple[str, str, str | None]]:
        wanted = unique(attributes)
        if not wanted:
            return []
        rows = self._x(
            "SELECT attribute, object_id, qualifier FROM facts WHERE user_id = ? AND status = 'active' "
            f"AND attribute IN ({placeholders(len(wanted))}) AND +subject_id = ? AND object_id IS NOT NULL "
            "ORDER BY recorded_at, rowid",
            [self.user_id, *wanted, subject_id],
        )
        return [(r[0], r[1], r[2]) for r in rows]

    def entities(self) -> list[Entity]:
        rows = self._x(
            "SELECT id, user_id, name, type, aliases, created_at FROM entities WHERE user_id = ? ORDER BY rowid",
            (self.user_id,),
        )
        # Every remember reads the user's entities twice (for the extractor, then inside
        # the write) and they rarely change: a row read before decodes to the same
        # (frozen) Entity, so only new or changed rows pay for JSON and datetimes.
        memo = self.store.entity_rows
        out = []
        for r in rows:
            e = memo.get(r)
            if e is None:
                if len(memo) >= ENTITY_MEMO:
                    memo.clear()
                e = memo[r] = Entity(r[0], r[1], r[2], r[3], tuple(json.loads(r[4])), from_epoch(r[5]))
            out.append(e)
        return out

    def audit(self, fact_ids: Sequence[str] | None = None) -> list[AuditRecord]:
        sql = (
            "SELECT id, user_id, at, action, rule, new_fact_id, old_fact_id, detail, extraction_rule "
            "FROM audit WHERE user_id = ?"
        )
        args: list[Any] = [self.user_id]
        if fact_ids is not None:
            ids = list(fact_ids)
            if not ids:
                return []
            ph = placeholders(len(ids))
            sql += f" AND (new_fact_id IN ({ph}) OR old_fact_id IN ({ph}))"
            args.extend(ids + ids)
        sql += " ORDER BY at, rowid"
        return [AuditRecord(r[0], r[1], from_epoch(r[2]), *r[3:]) for r in self._x(sql, args)]  # type: ignore[arg-type]

    def supersedes(self) -> list[SupersedesEdge]:
        rows = self._x(
            "SELECT new_id, old_id, rule, at FROM supersedes WHERE user_id = ? ORDER BY at", (self.user_id,)
        )
        return [SupersedesEdge(r[0], r[1], r[2], from_epoch(r[3])) for r in rows]  # type: ignore[arg-type]

    def revision(self) -> int:
        row = self._x("SELECT rev FROM users WHERE user_id = ?", (self.user_id,)).fetchone()
        return int(row[0]) if row else 0

    def read_together(self, fn: Callable[[SQLiteUser], T], *, write: bool = False, text: object = None) -> T:
        # WAL reads need no transaction; a `touch` from fn commits on its own, as Store.touch.
        return fn(self)

    # ---- writes (only called inside SQLiteStore.write; touch also from read_together) ----
    def add_entity(self, entity: Entity) -> None:
        self._x(
            "INSERT INTO entities (id, user_id, name, type, aliases, created_at) VALUES (?,?,?,?,?,?)",
            (entity.id, self.user_id, entity.name, entity.type, json.dumps(list(entity.aliases), ensure_ascii=False),
             to_epoch(entity.created_at)),
        )  # fmt: skip

    def update_entity(self, entity: Entity) -> None:
        self._x(
            "UPDATE entities SET name = ?, type = ?, aliases = ? WHERE id = ? AND user_id = ?",
            (
                entity.name,
                entity.type,
                json.dumps(list(entity.aliases), ensure_ascii=False),
                entity.id,
                self.user_id,
            ),
        )

    def add_fact(self, fact: Fact, terms: Sequence[str], vector: np.ndarray | None) -> None:
        import numpy as np

        f = fact
        last = to_epoch(f.last_accessed_at)
        cur = self._x(
            f"INSERT INTO facts ({FACT_COLS}, value_key, decay_key, episode_id) VALUES ({placeholders(27)})",
            (f.id, self.user_id, f.subject_id, f.subject_name, f.attribute, f.value, f.kind, f.source,
             f.confidence, f.status, f.text, f.source_text, to_epoch(f.recorded_at), to_epoch(f.valid_from),
             to_epoch(f.valid_to), last, f.access_count, f.half_life_days, f.ref,
             f.object_id, f.qualifier, f.superseded_by, int(f.inferred), f.rule,
             value_key(f.value), decay_key(f.confidence, f.half_life_days, last),  # type: ignore[arg-type]
             self._episode_id),
        )  # fmt: skip
        rowid = cur.lastrowid
        self._x(
            "INSERT INTO facts_fts (rowid, ukey, terms) VALUES (?,?,?)",
            (self._fts_rowid(int(rowid or 0)), user_key(self.user_id), " ".join(terms)),
        )
        self._stamp("facts", [int(rowid or 0)])
        if vector is not None:
            self._x(
                "INSERT INTO fact_vectors (fact_rowid, user_id, vec) VALUES (?,?,?)",
                (rowid, self.user_id, np.asarray(vector, dtype=np.float32).tobytes()),
            )

    def update_fact(self, fact: Fact) -> None:
        f = fact
        last = to_epoch(f.last_accessed_at)
        self._x(
            "UPDATE facts SET status = ?, valid_to = ?, confidence = ?, last_accessed_at = ?, "
            "access_count = ?, superseded_by = ?, value = ?, text = ?, object_id = ?, value_key = ?, "
            "decay_key = ? WHERE id = ? AND user_id = ?",
            (f.status, to_epoch(f.valid_to), f.confidence, last, f.access_count, f.superseded_by, f.value,
             f.text, f.object_id, value_key(f.value), decay_key(f.confidence, f.half_life_days, last),  # type: ignore[arg-type]
             f.id, self.user_id),
        )  # fmt: skip

    def add_supersedes(self, edge: SupersedesEdge) -> None:
        self._x(
            "INSERT OR IGNORE INTO supersedes (user_id, new_id, old_id, rule, at) VALUES (?,?,?,?,?)",
            (self.user_id, edge.new_id, edge.old_id, edge.rule, to_epoch(edge.at)),
        )

    def add_audit(self, record: AuditRecord) -> None:
        r = record
        self._x(
            "INSERT INTO audit (id, user_id, at, action, rule, new_fact_id, old_fact_id, detail, extraction_rule) "
            "VALUES (?,?,?,?,?,?,?,?,?)",
            (
                r.id,
                self.user_id,
                to_epoch(r.at),
                r.action,
                r.rule,
                r.new_fact_id,
                r.old_fact_id,
                r.detail,
                r.extraction_rule,
            ),  # fmt: skip
        )

    def touch(self, fact_ids: Iterable[str], at: datetime) -> None:
        """One UPDATE, without the rev bump of `write` (an access changes no content, so
        the vector cache stays valid); in its own transaction outside a write."""
        ids = unique(fact_ids)
        if not ids:
            return
        try:
            self._x(
                # The decay key moves by exactly as much as the last access does (see keys.py).
                f"UPDATE facts SET decay_key = decay_key + MAX(0, ?1 - last_accessed_at), "
                f"last_accessed_at = MAX(last_accessed_at, ?1), access_count = access_count + 1 "
                f"WHERE +user_id = ?2 AND id IN ({','.join(f'?{i + 3}' for i in range(len(ids)))})",
                [to_epoch(at), self.user_id, *ids],
            )
        except sqlite3.Error as e:
            raise map_error(e, self.store.uri, "recording an access") from e

    def write_key(self, key: str) -> str | None:
        row = self._x(
            "SELECT result FROM write_keys WHERE user_id = ? AND key = ?", (self.user_id, key)
        ).fetchone()
        return None if row is None else str(row[0])

    def put_write_key(self, key: str, result: str, at: datetime) -> None:
        self._x("INSERT INTO write_keys (user_id, key, result, at) VALUES (?,?,?,?)",
                (self.user_id, key, result, to_epoch(at)))  # fmt: skip

    def replace_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        import numpy as np

        if not items:
            return
        rowids: dict[str, int] = {}
        ids = unique(fid for fid, _ in items)
        for start in range(0, len(ids), 500):  # stay under SQLite's bound-parameter limit
            chunk = ids[start : start + 500]
            rowids.update(
                self._x(
                    f"SELECT id, rowid FROM facts WHERE +user_id = ? AND id IN ({placeholders(len(chunk))})",
                    [self.user_id, *chunk],
                ).fetchall()
            )
        for fid, vec in items:
            rowid = rowids.get(fid)
            if rowid is None:
                continue
            self._x("DELETE FROM fact_vectors WHERE fact_rowid = ? AND user_id = ?", (rowid, self.user_id))
            self._x(
                "INSERT INTO fact_vectors (fact_rowid, user_id, vec) VALUES (?,?,?)",
                (rowid, self.user_id, np.asarray(vec, dtype=np.float32).tobytes()),
            )
        # The vector cache refreshes incrementally by rowid and would keep the old rows:
        # a new epoch makes every process (not only this one) reload the user's matrix.
        self._x("UPDATE users SET epoch = epoch + 1 WHERE user_id = ?", (self.user_id,))
        self.store.vectors.drop(self.user_id)

    def update_source(self, fact_id: str, source_text: str, terms: Sequence[str]) -> bool:
        row = self._x(
            "SELECT rowid FROM facts WHERE id = ? AND user_id = ?", (fact_id, self.user_id)
        ).fetchone()
        if row is None:
            return False
        self._x("UPDATE facts SET source_text = ? WHERE rowid = ? AND user_id = ?",
                (source_text, row[0], self.user_id))  # fmt: skip
        self._x("UPDATE facts_fts SET terms = ? WHERE rowid = ?", (" ".join(terms), self._fts_rowid(row[0])))
        self._stamp("facts", [row[0]])
        return True


class SQLiteStore:
    """The embedded default store."""

    def __init__(
        self,
        path: str | Path,
        *,
        timeout: float = STORE_TIMEOUT,
        vector_cache_mb: float = VECTOR_CACHE_MB,
        text_cache_mb: float = TEXT_CACHE_MB,
    ) -> None:
        self.path = Path(path).expanduser()
        self.uri = str(self.path)
        try:
            if self.path.parent and not self.path.parent.exists():
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(
                str(self.path), timeout=timeout, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.Error) as e:
            raise StoreUnavailableError(f"cannot open SQLite store at {self.uri}: {e}") from e
        self.lock = threading.RLock()
        self.vectors = VectorCache(int(vector_cache_mb * 1024 * 1024))
        self.episode_vectors = VectorCache(
            int(vector_cache_mb * 1024 * 1024), "episode_vectors", "episode_rowid"
        )
        self.fact_terms = TermStats("facts_fts", "facts", self.lock)
        self.entity_rows: dict[tuple[Any, ...], Entity] = {}  # decoded entity rows, by the row
        self.episode_terms = TermStats("episodes_fts", "episodes", self.lock)
        self.fact_text = TextIndexCache(int(text_cache_mb * 1024 * 1024), "facts_fts")
        self.episode_text = TextIndexCache(int(text_cache_mb * 1024 * 1024), "episodes_fts")
        c = self._conn
        try:
            c.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            c.execute("PRAGMA journal_mode = WAL")
            c.execute("PRAGMA synchronous = NORMAL")
            c.execute("PRAGMA foreign_keys = ON")
            with self.lock:
                upgrade_schema(c, self.uri)
                self.fact_terms.attach(c)
                self.episode_terms.attach(c)
        except sqlite3.Error as e:  # not a database, locked past the timeout, read-only
            c.close()
            raise StoreUnavailableError(f"cannot open SQLite store at {self.uri}: {e}") from e

    # ---- protocol ------------------------------------------------------------
    def reader(self, user_id: str) -> SQLiteUser:
        return SQLiteUser(self, self._conn, user_id)

    def write(self, user_id: str, fn: Callable[[Any], T]) -> T:
        c = self._conn
        with self.lock:
            try:
                c.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as e:
                raise map_error(e, self.uri, "starting a write") from e
            try:
                now = datetime.now().timestamp()
                c.execute(
                    "INSERT INTO users (user_id, rev, epoch, created_at) VALUES (?, 1, 0, ?) "
                    "ON CONFLICT(user_id) DO UPDATE SET rev = rev + 1",
                    (user_id, now),
                )
                result = fn(SQLiteUser(self, c, user_id))
                c.execute("COMMIT")
                return result
            except sqlite3.Error as e:
                rollback(c)
                raise map_error(e, self.uri, "write") from e
            except BaseException:
                rollback(c)
                raise

    def touch(self, user_id: str, fact_ids: Iterable[str], at: datetime) -> None:
        SQLiteUser(self, self._conn, user_id).touch(fact_ids, at)

    def embedder_info(self) -> tuple[str, int] | None:
        with self.lock:
            row = self._conn.execute("SELECT value FROM meta WHERE key = 'embedder'").fetchone()
        if not row:
            return None
        data = json.loads(row[0])
        return str(data["model"]), int(data["dim"])

    def set_embedder_info(self, model: str, dim: int) -> None:
        with self.lock:
            self._conn.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('embedder', ?)",
                (json.dumps({"model": model, "dim": dim}),),
            )

    def user_ids(self) -> list[str]:
        with self.lock:
            rows = self._conn.execute(
                "SELECT user_id FROM users UNION SELECT DISTINCT user_id FROM facts ORDER BY 1"
            ).fetchall()
        return [r[0] for r in rows]

    def count_rows(self, user_id: str) -> int:
        with self.lock:
            c = self._conn
            n = 0
            for table in ("facts", "fact_vectors", "episode_vectors", "entities", "supersedes", "audit",
                          "episodes", "users", "write_keys"):  # fmt: skip
                n += c.execute(f"SELECT COUNT(*) FROM {table} WHERE user_id = ?", (user_id,)).fetchone()[0]
            for fts in ("facts_fts", "episodes_fts"):
                n += c.execute(
                    f"SELECT COUNT(*) FROM {fts} WHERE {fts} MATCH ?",
                    (f"ukey : {fts_quote(user_key(user_id))}",),
                ).fetchone()[0]
            return int(n)

    def close(self) -> None:
        with self.lock, contextlib.suppress(sqlite3.Error):  # closing twice is harmless
            self._conn.close()
