"""What forgetting removes or rewrites in the SQLite store, for one user: a fact with its
index rows, vector and edges; the words of a forgotten fact in the messages and audit
details that held them; entities nothing names any more; a whole user. Removing a fact or
rewriting messages moves the user's epoch, so every process's in-memory copies (vectors,
BM25 indexes) read the user afresh; `delete_user` removes the user's row, which those
copies tell apart from a user of the same id made later, and drops this process's at once.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from graphmem.stores.base import FORGOTTEN
from graphmem.stores.byte_lru import UserCache
from graphmem.stores.common import scrub_needles, unique
from graphmem.stores.sqlite.episodes import EpisodeRows
from graphmem.stores.sqlite.rows import placeholders
from graphmem.stores.sqlite.statements import UserStatements
from graphmem.stores.sqlite.wipe import FTS_TABLES


class ErasureRows:
    """Erasure of one user (inside `SQLiteStore.write`): statements through `sql`; scrubbed
    messages are re-indexed by `episodes`; `caches` are the store's in-memory copies of
    users' rows (vectors, BM25 indexes), emptied of a deleted user at once."""

    __slots__ = ("sql", "user_id", "episodes", "caches")

    def __init__(self, sql: UserStatements, episodes: EpisodeRows, caches: Sequence[UserCache[Any]]) -> None:
        self.sql = sql
        self.user_id = sql.user_id
        self.episodes = episodes
        self.caches = caches

    def delete_fact(self, fact_id: str) -> bool:
        row = self.sql.execute(
            "SELECT rowid FROM facts WHERE id = ? AND user_id = ?", (fact_id, self.user_id)
        ).fetchone()
        if row is None:
            return False
        self.sql.execute("DELETE FROM facts_fts WHERE rowid = ?", (self.sql.fts_rowid(row[0]),))
        self.sql.execute(
            "DELETE FROM fact_vectors WHERE fact_rowid = ? AND user_id = ?", (row[0], self.user_id)
        )
        self.sql.execute("DELETE FROM supersedes WHERE user_id = ? AND (new_id = ? OR old_id = ?)",
                        (self.user_id, fact_id, fact_id))  # fmt: skip
        self.sql.execute("DELETE FROM facts WHERE rowid = ?", (row[0],))
        self.sql.new_epoch()
        self.sql.note_erasure("facts_fts")
        return True

    def scrub(self, fact_id: str, needles: Sequence[str]) -> int:
        n = self.sql.execute(
            "UPDATE audit SET detail = ? WHERE user_id = ? AND (new_fact_id = ? OR old_fact_id = ?) "
            "AND detail NOT IN ('', ?)",
            (FORGOTTEN, self.user_id, fact_id, fact_id, FORGOTTEN),
        ).rowcount
        subs = scrub_needles(needles)
        if subs:
            # replace(replace(text, ?1, m), ?2, m): needles apply in the order given.
            expr, args = "text", list[str]()
            for s in subs:
                expr, args = f"replace({expr}, ?, ?)", [*args, s, FORGOTTEN]
            hit = " OR ".join(["instr(text, ?) > 0"] * len(subs))
            before = dict(self.sql.execute(
                f"SELECT rowid, text FROM episodes WHERE user_id = ? AND ({hit})", [self.user_id, *subs]
            ).fetchall())  # fmt: skip
            changed = [r[0] for r in self.sql.execute(
                f"UPDATE episodes SET text = {expr} WHERE user_id = ? AND ({hit}) RETURNING rowid",
                [*args, self.user_id, *subs],
            ).fetchall()]  # fmt: skip
            self.episodes.reindex_scrubbed({r: before[r] for r in changed if r in before})
            n += len(changed)
            n += self._scrub_write_keys(subs)
        if n:
            self.sql.note_erasure()
        return n

    def _scrub_write_keys(self, subs: list[str]) -> int:
        """The needles leave the user's idempotency records too (a remember's record keeps
        the text of what it ignored), as they are written there: JSON-escaped."""
        escaped = [json.dumps(s, ensure_ascii=False)[1:-1] for s in subs]
        expr, args = "result", list[str]()
        for s in escaped:
            expr, args = f"replace({expr}, ?, ?)", [*args, s, FORGOTTEN]
        hit = " OR ".join(["instr(result, ?) > 0"] * len(escaped))
        return int(
            self.sql.execute(
                f"UPDATE write_keys SET result = {expr} WHERE user_id = ? AND ({hit})",
                [*args, self.user_id, *escaped],
            ).rowcount
        )

    def delete_orphans(self, entity_ids: Sequence[str]) -> int:
        ids = unique(entity_ids)
        if not ids:
            return 0
        n = self.sql.execute(
            f"DELETE FROM entities WHERE +user_id = ? AND type <> 'self' AND id IN ({placeholders(len(ids))}) "
            "AND NOT EXISTS (SELECT 1 FROM facts f WHERE f.user_id = entities.user_id "
            "AND (f.subject_id = entities.id OR f.object_id = entities.id))",
            [self.user_id, *ids],
        ).rowcount
        if n:
            self.sql.note_erasure()  # an entity's name may be the forgotten value
        return int(n)

    def delete_user(self) -> int:
        n = 0
        uid = self.user_id
        span = self.sql.fts_range()
        if span is not None:
            for fts in FTS_TABLES:
                n += self.sql.execute(f"DELETE FROM {fts} WHERE rowid BETWEEN ? AND ?", span).rowcount
        for table in ("fact_vectors", "episode_vectors", "facts", "entities", "supersedes", "audit", "episodes",
                      "users", "write_keys"):  # fmt: skip
            n += self.sql.execute(f"DELETE FROM {table} WHERE user_id = ?", (uid,)).rowcount
        self.sql.forget_slot()  # its `users` row is gone; a later write makes another
        for cache in self.caches:
            cache.drop(uid)
        if n:
            self.sql.note_erasure(*FTS_TABLES)
        return n
