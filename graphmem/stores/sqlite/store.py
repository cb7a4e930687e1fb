"""The embedded store: one SQLite file (WAL), FTS5 for BM25, float32 blobs for vectors.

Writers take `BEGIN IMMEDIATE`, so two processes remembering for the same user are
serialised and arbitration always sees the other's committed facts. Reads and writes go
through a `SQLiteUser` (user.py), bound to one user: every statement of its row objects
carries `user_id = ?`.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from graphmem.config import STORE_TIMEOUT
from graphmem.errors import StoreUnavailableError
from graphmem.model import Entity
from graphmem.stores.base import SCHEMA_VERSION, VECTOR_CACHE_MB
from graphmem.stores.byte_lru import UserCache
from graphmem.stores.common import user_key
from graphmem.stores.sqlite.errors import map_error
from graphmem.stores.sqlite.rows import fts_quote, rollback
from graphmem.stores.sqlite.schema import SQLITE_SCHEMA, upgrade_schema
from graphmem.stores.sqlite.term_stats import TermStats
from graphmem.stores.sqlite.text_cache import TextIndexCache
from graphmem.stores.sqlite.user import SQLiteUser
from graphmem.stores.sqlite.vectors import VectorCache
from graphmem.stores.sqlite.wipe import merge_index, truncate_wal

T = TypeVar("T")

assert SQLITE_SCHEMA.latest == SCHEMA_VERSION

#: Bytes of BM25 indexes held in memory per full-text table (text_cache.py), all users.
TEXT_CACHE_MB = 256


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
        self.user_caches: tuple[UserCache[Any], ...] = (
            self.vectors,
            self.episode_vectors,
            self.fact_text,
            self.episode_text,
        )
        c = self._conn
        try:
            c.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            c.execute("PRAGMA journal_mode = WAL")
            c.execute("PRAGMA synchronous = NORMAL")
            c.execute("PRAGMA foreign_keys = ON")
            c.execute("PRAGMA secure_delete = ON")  # deleted content is zeroed (wipe.py)
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
                user = SQLiteUser(self, c, user_id)
                result = fn(user)
                erased = user.statements.erased
                if erased is not None:
                    merge_index(c, erased)  # with the erasure, or not at all
                c.execute("COMMIT")
                if erased is not None:
                    self._settle_erasure(user_id)
                return result
            except sqlite3.Error as e:
                rollback(c)
                raise map_error(e, self.uri, "write") from e
            except BaseException:
                rollback(c)
                raise

    def _settle_erasure(self, user_id: str) -> None:
        """After an erasure committed: no in-memory copy of the user's rows from before it
        (the other processes' read afresh: the erasure moved the user's epoch), and the
        WAL's old pages copied over and truncated (wipe.py)."""
        for cache in self.user_caches:
            cache.drop(user_id)
        truncate_wal(self._conn, self.uri)

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
