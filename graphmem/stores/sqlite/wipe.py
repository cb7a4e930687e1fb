"""What an erasure does to the SQLite store's files, beyond deleting rows, so that none of
the erased words stays in them (the main file or its WAL):

- Every connection runs with `PRAGMA secure_delete = ON`: SQLite overwrites deleted
  content with zeros (freed cells, freed pages), not only unlinks it.
- FTS5 does not remove a deleted row's words from its index: it appends a segment of
  "delete" entries that repeat them and leaves the old segments until they are merged
  (`facts_fts_data`, `episodes_fts_data`). Before the erasure commits, `merge_index` merges
  each full-text table it touched into one segment ('optimize'), which drops the deleted
  entries; the freed segments are zeroed by secure_delete.
- The WAL keeps page images of earlier transactions, the erased words among them, until a
  checkpoint copies them into the main file and the log is restarted and overwritten.
  After the erasure commits, `truncate_wal` checkpoints every frame into the main file
  and truncates the WAL to zero bytes.

'optimize' reads and rewrites the whole full-text table, every user's rows (see README,
"Erasure", for what it costs); ordinary writes do none of this.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterable

_log = logging.getLogger("graphmem")

#: The full-text tables of this store's schema (never user input).
FTS_TABLES = ("facts_fts", "episodes_fts")


def merge_index(c: sqlite3.Connection, tables: Iterable[str]) -> None:
    """Merge each of these full-text tables into one segment, dropping deleted entries
    (inside the erasure's transaction: it commits with it or not at all)."""
    for fts in sorted(set(tables)):
        assert fts in FTS_TABLES  # fixed names of this store's schema
        c.execute(f"INSERT INTO {fts} ({fts}) VALUES ('optimize')")


def truncate_wal(c: sqlite3.Connection, uri: str) -> bool:
    """Copy every WAL frame into the main file and truncate the WAL (after an erasure
    committed). False, with a warning, when readers of other connections kept it from
    completing within the busy timeout: the WAL then keeps the old pages until a later
    checkpoint (the next erasure's, or the last connection's close)."""
    try:
        busy, _, _ = c.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    except sqlite3.Error as e:
        _log.warning("erasure committed on %s, but its WAL checkpoint failed: %s", uri, e)
        return False
    if busy:
        _log.warning(
            "erasure committed on %s, but other readers kept its WAL from being truncated: "
            "the WAL holds old pages until the next checkpoint",
            uri,
        )
    return not busy
