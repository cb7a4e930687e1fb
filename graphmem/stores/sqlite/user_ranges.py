"""Where one user's rows live in the shared full-text tables: a range of rowids of its own.

Every user's facts and episodes share `facts_fts` and `episodes_fts`. A row's full-text
rowid is its base row's rowid (`facts`, `episodes`) under the user's slot, the rowid of
the user's row in `users`: `slot << SLOT_SHIFT | rowid`. A user's rows are then one
contiguous range of each index, and a search names it (`rowid BETWEEN lo AND hi`): FTS5
seeks to the range in each word's posting list and scores only the rows inside it.

Scoping by a per-user token instead (`ukey : "…" AND (…)`) walks the posting list of a
token every one of the user's rows holds and scores it in every match: half of a search's
time at 20,000 episodes. Giving each user words of its own (a user-prefixed term) would
avoid that too, but then a word's document frequency is the user's while BM25's row count
is the whole table's, which tilts every IDF by the log of the number of users; with the
range, frequencies and row count both stay the table's.

Isolation does not rest on the range: every statement that reads rows back still carries
`user_id = ?`. The `ukey` column keeps the per-user token that counts of a user's index
rows use.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphmem.stores.sqlite.rows import fts_quote

#: Bits of a full-text rowid that hold the base row's rowid (a trillion rows per table).
SLOT_SHIFT = 40
_MASK = (1 << SLOT_SHIFT) - 1


def fts_rowid(slot: int, rowid: int) -> int:
    """The full-text rowid of base row `rowid` of the user in `slot`."""
    if not 0 < rowid <= _MASK:
        raise ValueError(f"rowid {rowid} does not fit a full-text slot")
    return (slot << SLOT_SHIFT) | rowid


def base_rowid(fts_row: int) -> int:
    """The base table's rowid of a full-text row."""
    return fts_row & _MASK


def slot_range(slot: int) -> tuple[int, int]:
    """The full-text rowids of the user in `slot`, first and last."""
    return slot << SLOT_SHIFT, (slot << SLOT_SHIFT) | _MASK


def fts_match(terms: Sequence[str], columns: str = "terms") -> str | None:
    """An FTS5 query for any of `terms` in `columns` (None: no term)."""
    uniq = list(dict.fromkeys(t for t in terms if t))
    if not uniq:
        return None
    return f"{columns} : ({' OR '.join(fts_quote(t) for t in uniq)})"
