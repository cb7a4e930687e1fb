"""Vector search for the Neo4j store: the cached path (numpy over the user's vectors in
vectors.py, the server asked only which candidates are active) and the server path
(exact cosine or the shared HNSW index, per the policy below)."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from graphmem.embedding.hashing import row_dots
from graphmem.stores.common import widening
from graphmem.stores.neo4j.vectors import UserVectors

#: The user's active facts among some ids, as fact lists in the server's order, at most a
#: number of them (cypher/facts_active through `FactNodes.active_lists`).
ActiveLists = Callable[[list[str], int], list[list[Any]]]
#: Runs a named statement of the user (`UserStatements.run`).
Run = Callable[..., list[Any]]

_log = logging.getLogger("graphmem")

#: Vector search on the server, used when the user's vectors are not cached (the cache is
#: off, they do not fit its budget, or it is the first query about the user; the cached
#: path is in vectors.py). Exact cosine (`vector.similarity.cosine`) over the user's
#: own active facts is isolated (it reads nothing of other users) and exact, but its cost
#: grows with the user's facts; the shared HNSW index costs a roughly fixed amount plus a
#: part that grows with k, and k must be oversampled by the user's share of the whole index
#: (k = 2 * limit * all facts / user's facts) before the user filter. Measured on the dev
#: box (Neo4j 5.26 Community, 2 shared vCPUs under other load, 256-dim float32 vectors,
#: limit 40; best-of/median ms):
#:
#:     user facts          100     500    1000    2000    4000    8000
#:     exact cosine      10/33   13/20   30/60   39/68   77/117  157/280
#:     index, user alone 11/47   11/16   12/36   15/26   14/27    16/33   (k = 80)
#:     index, +20k other     -   59/91   82/240  46/70   43/80    79/106  (k = 3280 .. 280)
#:
#: So the index pays off above ~500-1000 facts, and only while the oversampled k stays
#: below the number of facts exact cosine would score (with 20k facts of other users
#: that is from ~4,000 facts on). Policy: exact up to VECTOR_EXACT_MAX active facts;
#: above it the index when k <= the user's active facts, else exact; and exact again
#: whenever the filtered index answer comes back short.
VECTOR_EXACT_MAX = 1000
#: Oversampling factor on top of the user's share of the index.
VECTOR_OVERSAMPLE = 2.0


def cached_hits(
    active: ActiveLists, cached: UserVectors, query: np.ndarray, limit: int
) -> list[tuple[str, float]]:
    """Exact cosine in numpy over the cached vectors of the query's dimension; the
    server then keeps the first `limit` active ones among the best candidates (and
    returns them whole, for the caller's facts()); more candidates only when too few
    of them were active."""
    group = cached.groups.get(int(query.shape[0]))
    if group is None:
        return []
    ids, matrix = group.ids, group.rows  # ids grow before rows: one per published row
    if len(matrix) == 0:
        return []
    sims = row_dots(matrix, query / np.linalg.norm(query))
    skip = cached.inactive_rows(group)
    skip = skip[skip < len(sims)]
    if len(skip):
        sims[skip] = -np.inf  # sims is this query's own array
    n = len(sims) - len(skip)  # candidates that may be active
    if n <= 0:
        return []
    # Most cached vectors belong to active facts (frozen ones are the few superseded),
    # so a small margin usually suffices; the loop widens it when it does not.
    out: list[tuple[str, float]] = []
    for done, depth in widening(n, limit + max(8, limit // 4)):
        top = np.argpartition(-sims, depth - 1)[:depth] if depth < n else np.flatnonzero(sims > -np.inf)
        # Best first; equal scores in row (= seq) order, like the server's ORDER BY.
        top = top[np.lexsort((top, -sims[top]))][done:]
        score = {ids[i]: float(sims[i]) for i in top}
        rows = active(list(score), limit - len(out))
        out += [(v[0], score[v[0]]) for v in rows]
        if len(out) >= limit:
            break
    return out


def server_vector_rows(run: Run, policy: str, exact_max: int, vec: list[float], limit: int) -> list[Any]:
    """The user's nearest active facts by the server's cosine (statements through `run`),
    exact or by the vector index per `policy` ('auto': exact up to `exact_max` facts)."""
    counts = run("search_vector_counts")
    mine, total = int(counts[0]["mine"]), int(counts[0]["total"])
    if mine == 0:
        return []
    if policy == "index" or (policy == "auto" and mine > exact_max):
        k = max(2 * limit, math.ceil(limit * VECTOR_OVERSAMPLE * total / mine))
        if policy == "index" or k <= mine:
            rows = run("search_vector_index", vector=vec, k=k, limit=limit)
            if len(rows) >= min(limit, mine):
                return rows
            _log.debug("vector index gave %d of %d for a large user; exact cosine", len(rows), limit)
    return run("search_vector_exact", vector=vec, limit=limit)
