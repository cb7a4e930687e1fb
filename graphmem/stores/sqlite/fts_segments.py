"""Keeping the full-text indexes few segments deep while many users write to one file.

FTS5 stores each committed write's new rows as a new segment of the index and merges
segments in small steps on later writes (automerge), in proportion to what each write
adds. A remember adds a few rows to a large index, so the merging lags: in a file of
1,000 users (50,000 facts) the indexes held 11-19 segments, against 3-5 in a file of
one user. Every searched word is looked up in every segment (its term, then a seek to
the user's rowid range), and `bm25()` counts the word's rows in every segment too, so
recall's BM25 statements cost two to three times as much although the user's own rows
were the same. A bounded merge step after each write (FTS5 'merge', 32 pages) only
halved the segment count and took recall p95 at 1,000 users from 10.2 to 8.7 ms; these
rewrites took it to 7.3 ms (one user: 5.6 ms).

So the store rewrites both indexes as one segment each (FTS5 'optimize') once their
tables have grown by `GROWTH` since the last rewrite. A rewrite costs time in proportion
to the index, and the next comes after a proportional number of new rows, so the cost
per written row stays constant however large the file gets; in between, the rows written
since sit in small segments of their own. The row count at the last rewrite is kept in
`meta` (`META_KEY`), so every process sees it. A rewrite only moves postings between
segments: every match, score and row stays the same.
"""

from __future__ import annotations

import contextlib
import sqlite3

from .rows import rollback

#: Share the indexed tables grow by between two rewrites of the indexes.
GROWTH = 0.1
#: ... and at least this many rows (a small index is cheap to search anyway).
MIN_ROWS = 64
#: The `meta` key holding the rows written when the indexes were last rewritten.
META_KEY = "fts_optimized_rows"
#: The store's full-text tables and the tables whose rows they index (fixed names).
FTS_TABLES = {"facts_fts": "facts", "episodes_fts": "episodes"}


def segment_count(c: sqlite3.Connection, fts: str) -> int:
    """How many segments the FTS5 table `fts` holds (its `_idx` table has rows for each)."""
    assert fts in FTS_TABLES
    return int(c.execute(f"SELECT count(DISTINCT segid) FROM {fts}_idx").fetchone()[0])


def rows_written(c: sqlite3.Connection) -> int:
    """Rows the indexed tables have taken so far (their largest rowids: two index seeks)."""
    return sum(
        int(c.execute(f"SELECT coalesce(max(rowid), 0) FROM {t}").fetchone()[0]) for t in FTS_TABLES.values()
    )


def due(c: sqlite3.Connection) -> bool:
    """Whether the tables have grown enough since the last rewrite of the indexes."""
    row = c.execute("SELECT value FROM meta WHERE key = ?", (META_KEY,)).fetchone()
    last = int(row[0]) if row else 0
    return rows_written(c) - last >= max(MIN_ROWS, GROWTH * last)


def keep_shallow(c: sqlite3.Connection) -> None:
    """Rewrite the indexes as one segment each when `due`. Runs outside any transaction
    (after a write committed) and never waits for the write lock: when another process
    holds it, or the rewrite fails, the indexes stay as they were (still correct, only
    deeper) and a later write tries again. Nothing raises: the write it follows is done."""
    with contextlib.suppress(sqlite3.Error):
        if due(c):
            _rewrite(c)


def _rewrite(c: sqlite3.Connection) -> None:
    waits = int(c.execute("PRAGMA busy_timeout").fetchone()[0])
    c.execute("PRAGMA busy_timeout = 0")
    try:
        c.execute("BEGIN IMMEDIATE")
        for fts in FTS_TABLES:
            c.execute(f"INSERT INTO {fts}({fts}) VALUES('optimize')")
        c.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (META_KEY, str(rows_written(c))))
        c.execute("COMMIT")
    except sqlite3.Error:
        rollback(c)
    finally:
        c.execute(f"PRAGMA busy_timeout = {waits}")
