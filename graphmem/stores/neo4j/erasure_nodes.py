"""What forgetting removes or rewrites in the Neo4j store, for one user: a fact with its
edges; the words of a forgotten fact in the audit details and messages that held them;
entities nothing names any more; a whole user. Each also empties this process's vector
caches of the user (the statements move the user's epoch for other processes)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from graphmem.stores.base import FORGOTTEN
from graphmem.stores.common import scrub_needles, unique
from graphmem.stores.neo4j.episodes import EpisodeNodes, EpisodeVectors
from graphmem.stores.neo4j.opening import HeldRows
from graphmem.stores.neo4j.statements import UserStatements
from graphmem.stores.neo4j.vectors import VectorCache


class ErasureNodes:
    """Erasure of one user (inside `Neo4jStore.write`): statements through `statements`;
    scrubbed messages are rewritten by `episodes`; `held` loses entities deleted here."""

    def __init__(
        self,
        statements: UserStatements,
        held: HeldRows,
        episodes: EpisodeNodes,
        vectors: VectorCache,
        episode_vectors: EpisodeVectors,
    ) -> None:
        self.statements = statements
        self.user_id = statements.user_id
        self.held = held
        self.episodes = episodes
        self.vectors = vectors
        self.episode_vectors = episode_vectors

    def delete_fact(self, fact_id: str) -> bool:
        rows = self.statements.run("fact_delete", id=fact_id)
        self.vectors.drop(self.user_id)
        return bool(rows and int(rows[0]["deleted"]) > 0)

    def scrub(self, fact_id: str, needles: Sequence[str]) -> int:
        n = int(self.statements.run("audit_scrub", id=fact_id, marker=FORGOTTEN)[0]["changed"])
        subs = scrub_needles(needles)
        if subs:
            n += self.episodes.scrub_episodes(subs)
            # A remember's idempotency record keeps what it ignored, JSON-escaped.
            escaped = [json.dumps(s, ensure_ascii=False)[1:-1] for s in subs]
            n += int(self.statements.run("write_key_scrub", needles=escaped, marker=FORGOTTEN)[0]["changed"])
        return n

    def delete_orphans(self, entity_ids: Sequence[str]) -> int:
        ids = unique(entity_ids)
        if not ids:
            return 0
        rows = self.statements.run("entity_delete_orphans", ids=ids)
        self.held.entities = None  # entities prefetched by user_begin may name deleted ones
        return int(rows[0]["deleted"]) if rows else 0

    def delete_user(self) -> int:
        n = int(self.statements.run("user_count_rows")[0]["rows"])
        self.statements.run("user_delete")
        self.vectors.drop(self.user_id)
        self.episode_vectors.drop(self.user_id)
        return n
