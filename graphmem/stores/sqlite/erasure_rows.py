"""What forgetting removes or rewrites in the SQLite store, for one user: a fact with its
index rows, vector and edges; the words of a forgotten fact in the messages and audit
details that held them; entities nothing names any more; a whole user. Removing a fact or
rewriting messages moves the user's epoch, so every process's in-memory copies (vectors,
BM25 indexes) read the user afresh; `delete_user` removes the user's row, which those
copies tell apart from a user of the same id made later, and drops this process's at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphmem.stores.base import FORGOTTEN
from graphmem.stores.common import scrub_needles, unique
from graphmem.stores.sqlite.episodes import EpisodeRows
from graphmem.stores.sqlite.rows import placeholders


class ErasureRows(EpisodeRows):
    """Erasure of `SQLiteUser` (one user, one connection; inside `SQLiteStore.write`)."""

    def delete_fact(self, fact_id: str) -> bool:
        row = self._x(
            "SELECT rowid FROM facts WHERE id = ? AND user_id = ?", (fact_id, self.user_id)
        ).fetchone()
        if row is None:
            return False
        self._x("DELETE FROM facts_fts WHERE rowid = ?", (self._fts_rowid(row[0]),))
        self._x("DELETE FROM fact_vectors WHERE fact_rowid = ? AND user_id = ?", (row[0], self.user_id))
        self._x("DELETE FROM supersedes WHERE user_id = ? AND (new_id = ? OR old_id = ?)",
                        (self.user_id, fact_id, fact_id))  # fmt: skip
        self._x("DELETE FROM facts WHERE rowid = ?", (row[0],))
        self._x("UPDATE users SET epoch = epoch + 1 WHERE user_id = ?", (self.user_id,))
        return True

    def scrub(self, fact_id: str, needles: Sequence[str]) -> int:
        n = self._x(
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
            changed = [r[0] for r in self._x(
                f"UPDATE episodes SET text = {expr} WHERE user_id = ? AND ({hit}) RETURNING rowid",
                [*args, self.user_id, *subs],
            ).fetchall()]  # fmt: skip
            self._reindex_scrubbed(changed)
            n += len(changed)
        return n

    def delete_orphans(self, entity_ids: Sequence[str]) -> int:
        ids = unique(entity_ids)
        if not ids:
            return 0
        return self._x(
            f"DELETE FROM entities WHERE +user_id = ? AND type <> 'self' AND id IN ({placeholders(len(ids))}) "
            "AND NOT EXISTS (SELECT 1 FROM facts f WHERE f.user_id = entities.user_id "
            "AND (f.subject_id = entities.id OR f.object_id = entities.id))",
            [self.user_id, *ids],
        ).rowcount

    def delete_user(self) -> int:
        n = 0
        uid = self.user_id
        span = self._fts_range()
        if span is not None:
            for fts in ("facts_fts", "episodes_fts"):
                n += self._x(f"DELETE FROM {fts} WHERE rowid BETWEEN ? AND ?", span).rowcount
        for table in ("fact_vectors", "episode_vectors", "facts", "entities", "supersedes", "audit", "episodes",
                      "users", "write_keys"):  # fmt: skip
            n += self._x(f"DELETE FROM {table} WHERE user_id = ?", (uid,)).rowcount
        self._known_slot = None  # its `users` row is gone; a later write makes another
        for cache in (
            self.store.vectors,
            self.store.episode_vectors,
            self.store.fact_text,
            self.store.episode_text,
        ):
            cache.drop(uid)
        return n
