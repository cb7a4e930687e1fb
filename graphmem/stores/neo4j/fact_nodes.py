"""The Neo4j store's facts of one user: reads by filter or in decay order (or from what
the user's transaction already returned), BM25 and vector search over active facts, and
the fact writes a writer buffers (cypher/write_batch) or runs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import numpy as np

from graphmem.facts.keys import decay_key
from graphmem.model import Fact
from graphmem.stores.common import fact_filters, fact_from, unique
from graphmem.stores.neo4j.opening import HeldRows
from graphmem.stores.neo4j.search import cached_hits, server_vector_rows
from graphmem.stores.neo4j.statements import UserStatements
from graphmem.stores.neo4j.util import (
    SCORE,
    fact_props,
    fact_update_params,
    index_terms,
    lucene_query,
    usable_vector,
)
from graphmem.stores.neo4j.vectors import VectorCache
from graphmem.text.timestamps import to_epoch


class FactNodes:
    """Fact reads, search and writes of one user: statements through `statements`, what
    the user's view holds in `held`; `vectors` is the store's fact vector cache, used as
    `vector_search` says ('auto', 'exact', 'index'; exact up to `vector_exact_max` facts
    on the server)."""

    def __init__(
        self,
        statements: UserStatements,
        held: HeldRows,
        vectors: VectorCache,
        vector_search: str,
        vector_exact_max: int,
    ) -> None:
        self.statements = statements
        self.user_id = statements.user_id
        self.held = held
        self.vectors = vectors
        self.vector_search = vector_search
        self.vector_exact_max = vector_exact_max

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
        params = fact_filters(statuses, attributes, subject_ids, ids, value_keys)
        if params is None:
            return []
        if top is not None and ids is None and value_keys is None and statuses is not None:
            if top <= 0:
                return []
            if attributes is not None:  # each attribute read in decay order from its index
                del params["ids"], params["value_keys"]
                return [fact_from(v) for v in self.fact_lists("facts_top", top=int(top), **params)]
            if subject_ids is not None:
                about = {"subject_ids": params["subject_ids"], "statuses": params["statuses"]}
                return [fact_from(v) for v in self.fact_lists("facts_top_about", top=int(top), **about)]
        memo, wanted = self.held.facts, params["ids"]
        by_id_only = wanted is not None and attributes is None and subject_ids is None and value_keys is None
        if memo and by_id_only and all(fid in memo for fid in wanted or ()):
            keep = params["statuses"]
            found = sorted(
                (memo[fid] for fid in dict.fromkeys(wanted or ())), key=lambda t: (t[0].recorded_at, t[1])
            )
            return [f for f, _ in found if keep is None or f.status in keep]
        rows = [fact_from(v) for v in self.fact_lists("facts", **params)]
        if top is not None:  # a rare shape (by id, by value key or all attributes): sort here
            rows.sort(key=lambda f: -decay_key(f.confidence, f.half_life_days, to_epoch(f.last_accessed_at)))  # type: ignore[arg-type]
            rows = rows[: max(0, int(top))]
        return rows

    def fact_lists(self, op: str, /, **params: Any) -> list[list[Any]]:
        """The facts of a statement that returns them as one `facts` list (FACT_FIELDS)."""
        rows = self.statements.run(op, **params)
        return list(rows[0]["facts"]) if rows else []

    def active_lists(self, ids: list[str], limit: int) -> list[list[Any]]:
        """Up to `limit` of the user's active facts among `ids` (held whole afterwards)."""
        rows = self.fact_lists("facts_active", ids=ids, limit=limit)
        self.held.keep_whole(rows)
        return rows

    def links(self, subject_id: str, attributes: Sequence[str]) -> list[tuple[str, str, str | None]]:
        return [(f.attribute, f.object_id, f.qualifier)
                for f in self.facts(attributes=attributes, subject_ids=[subject_id]) if f.object_id]  # fmt: skip

    def search_text(
        self, terms: Sequence[str], limit: int, related: Sequence[str] = ()
    ) -> list[tuple[str, float]]:
        lucene = lucene_query(self.user_id, terms, related)
        if lucene is None or limit <= 0:
            return []
        rows = self.held.opened_text_hits(lucene, int(limit))  # brought by read_together's opening
        if rows is None:
            rows = self.fact_lists("search_text", query=lucene, limit=int(limit))
        self.held.keep_whole(rows)
        return [(v[0], float(v[SCORE])) for v in rows]

    def search_vector(self, vector: np.ndarray, limit: int) -> list[tuple[str, float]]:
        vec = usable_vector(vector)
        if limit <= 0 or vec is None:
            return []  # a query with no direction (zero, non-finite) has no cosine: no hits
        limit = int(limit)
        if self.vector_search == "auto" and self.vectors.budget > 0:
            held = self.held
            cached = held.vectors if held.synced else self.vectors.refresh(self.statements, held)
            if cached is not None:
                return cached_hits(self.active_lists, cached, np.asarray(vec, dtype=np.float32), limit)
        # Neo4j's cosine scores are (1 + cos) / 2; the protocol returns the cosine.
        rows = server_vector_rows(self.statements.run, self.vector_search, self.vector_exact_max, vec, limit)
        return [(r["id"], 2.0 * float(r["score"]) - 1.0) for r in rows]

    # ---- writes (only inside Neo4jStore.write) -----------------------------------
    def add_fact(
        self, fact: Fact, terms: Sequence[str], vector: np.ndarray | None, episode_id: str | None
    ) -> None:
        """Add a fact that came from the message `episode_id` (recorded earlier in this
        transaction; None: from none)."""
        self.statements.buffer(
            "fact",
            {
                "props": {**fact_props(fact, self.user_id, terms), "episode_id": episode_id},
                "embedding": usable_vector(vector),
                "episode_id": episode_id,
            },
        )

    def update_fact(self, fact: Fact) -> None:
        params = fact_update_params(fact, self.user_id)
        params.pop("user_id")
        self.statements.buffer("fact_update", params)

    def touch(self, fact_ids: Iterable[str], at: datetime) -> None:
        ids = unique(fact_ids)
        if ids:
            self.statements.run("fact_touch", ids=ids, at=to_epoch(at))

    def replace_vectors(self, items: list[tuple[str, np.ndarray]]) -> None:
        # fact_set_vectors bumps the user's epoch: every process's vector cache reloads.
        rows = [{"id": str(fid), "embedding": usable_vector(vec)} for fid, vec in items]
        for start in range(0, len(rows), 1000):
            self.statements.run("fact_set_vectors", items=rows[start : start + 1000])
        self.vectors.drop(self.user_id)

    def update_source(self, fact_id: str, source_text: str, terms: Sequence[str]) -> bool:
        search_text = " ".join(index_terms(terms))
        rows = self.statements.run(
            "fact_set_source", id=fact_id, source_text=source_text, search_text=search_text
        )
        return bool(rows and int(rows[0]["updated"]) > 0)
