"""The Neo4j store's episodes: `(:Episode)` nodes under the user's root, `[:NEXT]` between
consecutive turns of a conversation, `(:Fact)-[:FROM]->(:Episode)`.

An episode carries its own BM25 terms (`search_text`) and its context terms
(`context_text`: speaker, neighbouring turns, date words) in the `graphmem_episode_text`
fulltext index; the query weighs the context lower (`CONTEXT_BOOST`). Vectors are a
node property scored in a per-user numpy cache refreshed by seq (episodes are append-only;
deleting or scrubbing one moves the user's epoch, which reloads the cache).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import numpy as np

from ...embed import row_dots
from ...model import Episode
from ...textproc import terms as text_terms
from ...timeutil import from_epoch, to_epoch
from ..base import FORGOTTEN, EpisodeLink
from ..byte_lru import UserCache
from ..common import unique, user_key
from .util import index_terms, lucene_words, usable_vector

#: Lucene boost of the context field against the message's own words (the SQLite
#: store's column weight, graphmem/stores/sqlite/episodes.py).
CONTEXT_BOOST = 0.5
_MAX_TERMS = 500


def episode_from(m: Any) -> Episode:
    return Episode(
        m["id"], m["user_id"], m["role"], m["text"], from_epoch(m["at"]), m.get("ref"),  # type: ignore[arg-type]
        m.get("prev_id"), int(m.get("position") or 0), from_epoch(m.get("refers_from")),
        from_epoch(m.get("refers_to")), m.get("speaker"),
    )  # fmt: skip


def episode_lucene(user_id: str, terms: Sequence[str], related: Sequence[str] = ()) -> str | None:
    words = lucene_words(terms, related, _MAX_TERMS)
    if words is None:
        return None
    return (
        f'ukey:"{user_key(user_id)}" AND (search_text:({words}) OR (context_text:({words}))^{CONTEXT_BOOST})'
    )


# user id -> (created, epoch, last seq, ids, matrix)
_Entry = tuple[Any, int, int, list[str], np.ndarray]


class EpisodeVectors(UserCache[_Entry]):
    """Per-user episode vectors, refreshed incrementally by seq within a byte budget."""

    def matrix(self, r: Any) -> tuple[list[str], np.ndarray]:
        with self._lock:
            cached = self._entries.use(r.user_id)
        created, epoch, since = (cached[0], cached[1], cached[2]) if cached else (None, -1, -1)
        rows = r.run("episode_vectors", since=since, epoch=epoch, created=created)
        if not rows:
            return [], np.zeros((0, 1), dtype=np.float32)
        row = rows[0]
        new = list(row["rows"] or ())
        keep = cached is not None and int(row["since"]) >= 0
        ids = (list(cached[3]) if keep and cached else []) + [str(v[0]) for v in new]
        # Kept a row per dimension (`mat` is its transposed view), so a query reads only the
        # columns its vector uses (`row_dots`).
        parts = [cached[4].T] if keep and cached and len(cached[3]) else []
        if new:
            parts.append(np.asarray([v[2] for v in new], dtype=np.float32).T)
        mat = np.hstack(parts).T if parts else np.zeros((0, 1), dtype=np.float32)
        last = int(new[-1][1]) if new else (cached[2] if keep and cached else -1)
        with self._lock:
            self._entries.put(
                r.user_id, (row["created"], int(row["epoch"]), max(last, 0), ids, mat), mat.nbytes
            )
        return ids, mat


class EpisodeNodes:
    """Episode reads and writes of `Neo4jUser`."""

    user_id: str
    store: Any
    _episode_id: str | None

    def run(self, op: str, /, **params: Any) -> list[Any]:  # pragma: no cover - Neo4jUser's
        raise NotImplementedError

    def _buffer(self, kind: str, params: dict[str, Any]) -> None:  # pragma: no cover - Neo4jUser's
        raise NotImplementedError

    # ---- reads -------------------------------------------------------------
    def episodes(self, ids: Sequence[str] | None = None) -> list[Episode]:
        if ids is None:
            return [episode_from(r["m"]) for r in self.run("episodes_by_user")]
        wanted = unique(ids)
        if not wanted:
            return []
        return [episode_from(r["m"]) for r in self.run("episodes_by_ids", ids=wanted)]

    def episodes_dated(self, start: datetime, end: datetime, limit: int) -> list[Episode]:
        if limit <= 0:
            return []
        rows = self.run("episodes_dated", start=to_epoch(start), end=to_epoch(end), limit=int(limit))
        return [episode_from(r["m"]) for r in rows]

    def last_episode(self, before: datetime) -> Episode | None:
        rows = self.run("episode_last", at=to_epoch(before))
        return episode_from(rows[0]["m"]) if rows else None

    def search_episodes_text(
        self, terms: Sequence[str], limit: int, related: Sequence[str] = ()
    ) -> list[tuple[str, float]]:
        query = episode_lucene(self.user_id, terms, related)
        if query is None or limit <= 0:
            return []
        rows = self.run("episode_search_text", query=query, limit=int(limit))
        return [(str(v[0]), float(v[1])) for v in (rows[0]["hits"] if rows else [])]

    def search_episodes_vector(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        vec = usable_vector(vector)
        if limit <= 0 or vec is None:
            return []
        ids, matrix = self.store.episode_vectors.matrix(self)
        if matrix.shape[0] == 0 or matrix.shape[1] != len(vec):
            return []  # none yet, or vectors of another embedder (reembed under way)
        sims = row_dots(matrix, np.asarray(vec, dtype=np.float32))
        n = min(int(limit), len(sims))
        top = np.argpartition(-sims, n - 1)[:n] if n < len(sims) else np.arange(len(sims))
        top = top[np.argsort(-sims[top], kind="stable")]
        return [(ids[i], float(sims[i])) for i in top]

    def episode_links(
        self, fact_ids: Sequence[str] = (), episode_ids: Sequence[str] = ()
    ) -> list[EpisodeLink]:
        f_ids = unique(fact_ids)
        e_ids = unique(episode_ids)
        if not f_ids and not e_ids:
            return []
        rows = self.run("episode_links", fact_ids=f_ids, episode_ids=e_ids)
        seen: dict[str, EpisodeLink] = {}
        for v in rows[0]["links"] if rows else []:
            seen[str(v[0])] = EpisodeLink(str(v[0]), str(v[1]), v[2], v[3], v[4], v[5])
        return list(seen.values())

    # ---- writes (only inside Neo4jStore.write) -----------------------------------
    def add_episode(
        self,
        episode: Episode,
        terms: Sequence[str] | None = None,
        vector: np.ndarray | None = None,
        context: Sequence[str] = (),
    ) -> None:
        e = episode
        words = list(terms) if terms is not None else text_terms(e.text)
        self._buffer("episode", {
            "id": e.id, "role": e.role, "text": e.text, "at": to_epoch(e.at), "ref": e.ref,
            "prev_id": e.prev_id, "position": int(e.position), "refers_from": to_epoch(e.refers_from),
            "refers_to": to_epoch(e.refers_to), "speaker": e.speaker, "ukey": user_key(self.user_id),
            "search_text": " ".join(index_terms(words)), "context_text": " ".join(index_terms(context)),
            "embedding": usable_vector(vector) if vector is not None else None,
        })  # fmt: skip
        self._episode_id = e.id

    def reindex_episode(self, episode_id: str, context: Sequence[str]) -> None:
        self._buffer(
            "episode_context", {"id": str(episode_id), "context_text": " ".join(index_terms(context))}
        )

    def replace_episode_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        rows = [{"id": str(eid), "embedding": usable_vector(vec)} for eid, vec in items]
        for start in range(0, len(rows), 1000):
            self.run("episode_set_vectors", items=rows[start : start + 1000])
        self.store.episode_vectors.drop(self.user_id)
        self.store.vectors.drop(self.user_id)

    def delete_episode(self, episode_id: str) -> bool:
        rows = self.run("episode_delete", id=str(episode_id))
        self.store.episode_vectors.drop(self.user_id)
        self.store.vectors.drop(self.user_id)
        return bool(rows and int(rows[0]["deleted"]) > 0)

    def _scrub_episodes(self, needles: list[str]) -> int:
        rows = self.run("episode_scrub", needles=needles, marker=FORGOTTEN)
        changed = list(rows[0]["changed"]) if rows else []
        if changed:
            items = [
                {
                    "id": str(v[0]),
                    "search_text": " ".join(index_terms(text_terms(str(v[1]).replace(FORGOTTEN, " ")))),
                }
                for v in changed
            ]
            self.run("episode_set_text", items=items)
            self.store.episode_vectors.drop(self.user_id)
            self.store.vectors.drop(self.user_id)
        return len(changed)
