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

from graphmem.embedding.hashing import row_dots
from graphmem.model import Episode
from graphmem.stores.base import FORGOTTEN, EpisodeLink
from graphmem.stores.byte_lru import UserCache
from graphmem.stores.common import append_columns, unique, user_key
from graphmem.stores.neo4j.opening import HeldRows, Refresh
from graphmem.stores.neo4j.statements import UserStatements
from graphmem.stores.neo4j.util import index_terms, lucene_words, usable_vector
from graphmem.stores.neo4j.vectors import VectorCache
from graphmem.text.terms import terms as text_terms
from graphmem.text.timestamps import from_epoch, to_epoch

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


# user id -> (created, epoch, last seq, ids, matrix (a row per dimension, with room to
# grow), columns in use)
_Entry = tuple[Any, int, int, list[str], np.ndarray, int]


class EpisodeVectors(UserCache[_Entry]):
    """Per-user episode vectors, refreshed incrementally by seq within a byte budget."""

    def state(self, user_id: str) -> tuple[int, int, Any]:
        """(seq held, epoch, created_at) of the user's cached vectors: what a refresh reads
        from ((-1, -1, None): nothing held)."""
        with self._lock:
            cached = self._entries.get(user_id)
        return (cached[2], cached[1], cached[0]) if cached else (-1, -1, None)

    def matrix(self, r: UserStatements, opened: Refresh | None) -> tuple[list[str], np.ndarray]:
        """The user's episode ids and vectors, refreshed by what the opening statement of the
        user's transaction read (`opened`, cypher/read_open) or else by
        cypher/episode_vectors, run through `r`."""
        with self._lock:
            cached = self._entries.use(r.user_id)
        held = cached[2] if cached else -1
        if opened is not None and opened[0] >= 0 and opened[0] != held:
            opened = None  # read from a state this cache has left since (another thread)
        if opened is None:
            created, epoch, since = (cached[0], cached[1], cached[2]) if cached else (None, -1, -1)
            rows = r.run("episode_vectors", since=since, epoch=epoch, created=created)
            if not rows:
                return [], np.zeros((0, 1), dtype=np.float32)
            opened = (
                int(rows[0]["since"]),
                list(rows[0]["rows"] or ()),
                int(rows[0]["epoch"]),
                rows[0]["created"],
            )
        since_read, new, epoch_read, created_read = opened
        keep = cached is not None and since_read >= 0
        if keep and cached is not None and not new:
            return cached[3], cached[4][:, : cached[5]].T  # unchanged: the arrays held, uncopied
        # Kept a row per dimension (the matrix handed out is its transposed view), so a
        # query reads only the columns its vector uses (`row_dots`); new episodes are
        # written after the columns in use (`append_columns`), not copied with them.
        cols = np.asarray([v[2] for v in new], dtype=np.float32).T if new else None
        if (
            keep
            and cached is not None
            and cached[5]
            and cols is not None
            and cols.shape[0] == cached[4].shape[0]
        ):
            ids = cached[3]
            ids.extend(str(v[0]) for v in new)  # callers read only the first n they were given
            buf, n = append_columns(cached[4], cached[5], cols)
        else:
            ids = [str(v[0]) for v in new]
            buf = np.ascontiguousarray(cols) if cols is not None else np.zeros((1, 0), dtype=np.float32)
            n = len(ids)
        last = int(new[-1][1]) if new else (cached[2] if keep and cached else -1)
        with self._lock:
            self._entries.put(r.user_id, (created_read, epoch_read, max(last, 0), ids, buf, n), buf.nbytes)
        return ids, buf[:, :n].T


class EpisodeNodes:
    """Episode reads and writes of one user: statements through `statements`, what the
    user's view holds from its transaction in `held`; the store's episode vector cache
    (`episode_vectors`) and fact vector cache (`fact_vectors`), which changing an episode's
    vectors empties for the user."""

    def __init__(
        self,
        statements: UserStatements,
        held: HeldRows,
        episode_vectors: EpisodeVectors,
        fact_vectors: VectorCache,
    ) -> None:
        self.statements = statements
        self.user_id = statements.user_id
        self.held = held
        self.episode_vectors = episode_vectors
        self.fact_vectors = fact_vectors
        #: The turn before the latest one as episode_last returned it in this transaction,
        #: with `statements.writes` then: (writes, node), or None.
        self._before: tuple[int, Any] | None = None

    # ---- reads -------------------------------------------------------------
    def episodes(self, ids: Sequence[str] | None = None) -> list[Episode]:
        if ids is None:
            return [episode_from(r["m"]) for r in self.statements.run("episodes_by_user")]
        wanted = unique(ids)
        if not wanted:
            return []
        before = self._before
        if before is not None and before[0] == self.statements.writes and wanted == [before[1]["id"]]:
            return [episode_from(before[1])]  # episode_last brought it, nothing written since
        held = self.held.held_episodes(wanted)
        if held is not None:  # episode_links brought them, in this read's transaction
            return [episode_from(m) for m in sorted(held, key=lambda m: (m["at"], m.get("seq") or 0))]
        return [episode_from(r["m"]) for r in self.statements.run("episodes_by_ids", ids=wanted)]

    def episodes_dated(self, start: datetime, end: datetime, limit: int) -> list[Episode]:
        if limit <= 0:
            return []
        rows = self.statements.run(
            "episodes_dated", start=to_epoch(start), end=to_epoch(end), limit=int(limit)
        )
        return [episode_from(r["m"]) for r in rows]

    def last_episode(self, before: datetime) -> Episode | None:
        rows = self.statements.run("episode_last", at=to_epoch(before))
        if rows and self.statements.tx is not None and rows[0]["before"] is not None:
            self._before = (self.statements.writes, rows[0]["before"])
        return episode_from(rows[0]["m"]) if rows else None

    def search_episodes_text(
        self, terms: Sequence[str], limit: int, related: Sequence[str] = ()
    ) -> list[tuple[str, float]]:
        query = episode_lucene(self.user_id, terms, related)
        if query is None or limit <= 0:
            return []
        hits = self.held.opened_episode_hits(query, int(limit))  # brought by read_together's opening
        if hits is None:
            rows = self.statements.run("episode_search_text", query=query, limit=int(limit))
            hits = rows[0]["hits"] if rows else []
        return [(str(v[0]), float(v[1])) for v in hits]

    def search_episodes_vector(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        vec = usable_vector(vector)
        if limit <= 0 or vec is None:
            return []
        ids, matrix = self.episode_vectors.matrix(self.statements, self.held.episode_opening())
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
        rows = self.statements.run("episode_links", fact_ids=f_ids, episode_ids=e_ids)
        self.held.keep_episodes(rows[0]["episodes"] if rows else [])
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
        self.statements.buffer("episode", {
            "id": e.id, "role": e.role, "text": e.text, "at": to_epoch(e.at), "ref": e.ref,
            "prev_id": e.prev_id, "position": int(e.position), "refers_from": to_epoch(e.refers_from),
            "refers_to": to_epoch(e.refers_to), "speaker": e.speaker, "ukey": user_key(self.user_id),
            "search_text": " ".join(index_terms(words)), "context_text": " ".join(index_terms(context)),
            "embedding": usable_vector(vector) if vector is not None else None,
        })  # fmt: skip

    def reindex_episode(self, episode_id: str, context: Sequence[str]) -> None:
        self.statements.buffer(
            "episode_context", {"id": str(episode_id), "context_text": " ".join(index_terms(context))}
        )

    def replace_episode_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        rows = [{"id": str(eid), "embedding": usable_vector(vec)} for eid, vec in items]
        for start in range(0, len(rows), 1000):
            self.statements.run("episode_set_vectors", items=rows[start : start + 1000])
        self.episode_vectors.drop(self.user_id)
        self.fact_vectors.drop(self.user_id)

    def delete_episode(self, episode_id: str) -> bool:
        found = self.statements.run("episodes_by_ids", ids=[str(episode_id)])
        if found:  # its turn before and its reply held its terms in their context: they go with it
            text = str(found[0]["m"]["text"]).replace(FORGOTTEN, " ")
            gone = sorted(set(index_terms(text_terms(text))))
            if gone:
                self.statements.run(
                    "episode_trim_context", items=[{"id": str(episode_id), "gone": gone}], skip=[]
                )
        rows = self.statements.run("episode_delete", id=str(episode_id))
        self.episode_vectors.drop(self.user_id)
        self.fact_vectors.drop(self.user_id)
        return bool(rows and int(rows[0]["deleted"]) > 0)

    def scrub_episodes(self, needles: list[str]) -> int:
        """Replace each needle by FORGOTTEN in the user's episode texts; returns how many changed."""
        rows = self.statements.run("episode_scrub", needles=needles, marker=FORGOTTEN)
        changed = list(rows[0]["changed"]) if rows else []
        if changed:
            items, trims = [], []
            for eid, text, old in changed:
                words = index_terms(text_terms(str(text).replace(FORGOTTEN, " ")))  # the marker is no term
                items.append({"id": str(eid), "search_text": " ".join(words)})
                gone = set(index_terms(text_terms(str(old).replace(FORGOTTEN, " ")))) - set(words)
                if gone:
                    trims.append({"id": str(eid), "gone": sorted(gone)})
            self.statements.run("episode_set_text", items=items)
            if trims:  # the neighbours' context held the old text's terms
                self.statements.run("episode_trim_context", items=trims, skip=[it["id"] for it in items])
            self.episode_vectors.drop(self.user_id)
            self.fact_vectors.drop(self.user_id)
        return len(changed)
