"""What both stores share: the Fact field order, the user's index token, filter
normalisation, the scrub needles and the widening of vector candidates.

Both stores read and write these the same way, so they live here once; the on-disk
(SQLite columns) and on-server (Neo4j fact lists) formats are built from them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime, timezone
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from graphmem.model import Fact
from graphmem.stores.base import FORGOTTEN

if TYPE_CHECKING:  # numpy loads with the first vector, not with the store
    import numpy as np

#: The stored fields of a Fact, in the order both stores keep them: SQLite's fact columns
#: (rows.FACT_COLS) and the head of the Neo4j store's fact lists (neo4j.util.FACT_FIELDS).
FACT_FIELDS = (
    "id", "user_id", "subject_id", "subject_name", "attribute", "value", "kind", "source",
    "confidence", "status", "text", "source_text", "recorded_at", "valid_from", "valid_to",
    "last_accessed_at", "access_count", "half_life_days", "ref", "object_id", "qualifier",
    "superseded_by", "inferred", "rule",
)  # fmt: skip

#: The filters of `UserReader.facts`, in the order the stores apply them.
FACT_FILTERS = ("statuses", "attributes", "subject_ids", "ids", "value_keys")

#: How much a vector search widens its candidates when too few of them were active.
WIDEN_FACTOR = 4


@lru_cache(maxsize=4096)  # every fact a write adds names its user's key
def user_key(user_id: str) -> str:
    """A token naming the user inside a full-text index (SQLite FTS5, Neo4j fulltext)
    without putting raw ids (quotes, operators) into query syntax."""
    return "u" + hashlib.sha1(user_id.encode("utf-8")).hexdigest()[:20]


def unique(values: Iterable[Any]) -> list[str]:
    """The values as strings, each once, in first-seen order."""
    return list(dict.fromkeys(str(v) for v in values))


def fact_filters(
    statuses: Sequence[str] | None,
    attributes: Sequence[str] | None,
    subject_ids: Sequence[str] | None,
    ids: Sequence[str] | None,
    value_keys: Sequence[str] | None,
) -> dict[str, list[str] | None] | None:
    """The `facts()` filters (FACT_FILTERS order) as de-duplicated lists, None for "no
    filter"; or None for the whole when one is an empty list (it matches nothing)."""
    out: dict[str, list[str] | None] = {}
    for key, values in zip(FACT_FILTERS, (statuses, attributes, subject_ids, ids, value_keys)):
        out[key] = None if values is None else unique(values)
        if out[key] == []:
            return None
    return out


def scrub_needles(needles: Iterable[Any]) -> list[str]:
    """What an erasure replaces by FORGOTTEN: each needle once, none empty, never the
    marker itself (replacing it would change nothing but the count)."""
    return [s for s in unique(needles) if s and s != FORGOTTEN]


def fact_from(v: Sequence[Any]) -> Fact:
    """A Fact from one row or list in FACT_FIELDS order (datetimes as epoch seconds)."""
    # Recall and remember decode thousands of rows a second: the datetimes are made here
    # rather than through timeutil.from_epoch (same result, no call per field).
    at, utc = datetime.fromtimestamp, timezone.utc
    return Fact(
        id=v[0], user_id=v[1], subject_id=v[2], subject_name=v[3], attribute=v[4], value=v[5],
        kind=v[6], source=v[7], confidence=float(v[8]), status=v[9], text=v[10], source_text=v[11],
        recorded_at=None if v[12] is None else at(v[12], utc),  # type: ignore[arg-type]
        valid_from=None if v[13] is None else at(v[13], utc),  # type: ignore[arg-type]
        valid_to=None if v[14] is None else at(v[14], utc),
        last_accessed_at=None if v[15] is None else at(v[15], utc),  # type: ignore[arg-type]
        access_count=int(v[16] or 0), half_life_days=float(v[17]), ref=v[18], object_id=v[19],
        qualifier=v[20], superseded_by=v[21], inferred=bool(v[22]), rule=v[23] or "",
    )  # fmt: skip


def widening(n: int, first: int) -> Iterator[tuple[int, int]]:
    """(done, depth) for each round of a vector search over `n` candidates: the best
    `depth` are asked about (the first `done` of them already were), starting at `first`
    and widened by WIDEN_FACTOR while the caller still lacks active hits, up to all `n`."""
    done, depth = 0, min(n, first)
    while True:
        yield done, depth
        if depth >= n:
            return
        done, depth = depth, min(n, depth * WIDEN_FACTOR)


def append_columns(buf: np.ndarray, n: int, new: np.ndarray) -> tuple[np.ndarray, int]:
    """`new` (..., m) written after the first `n` columns of `buf` (..., capacity): in place
    while there is room, else into an array twice as large. A cache that appends a row
    at a time would otherwise copy everything it holds for each new row (20 MB at 20,000
    episodes). Views handed out earlier end at their own `n`, so columns written beyond it
    never change what they see. Returns the array and the columns now in use."""
    import numpy as np

    m = new.shape[-1]
    if n + m > buf.shape[-1]:
        grown = np.empty((*buf.shape[:-1], max(2 * buf.shape[-1], n + m, 64)), dtype=buf.dtype)
        grown[..., :n] = buf[..., :n]
        buf = grown
    buf[..., n : n + m] = new
    return buf, n + m
