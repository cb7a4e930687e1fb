"""Keeping the full-text indexes few segments deep while many users write to one file.

FTS5 stores each committed write's new rows as a new segment of the index and merges
segments in small steps on later writes (automerge), in proportion to what each write
adds. A remember adds a few rows to a large index, so the merging lags: in a file of
1,000 users (50,000 facts) the indexes held 11-19 segments, against 3-5 in a file of
one user. Every searched word is looked up in every segment (its term, then a seek to
the user's rowid range), and `bm25()` counts the word's rows in every segment too, so
recall's BM25 statements cost two to three times as much although the user's own rows
were the same. FTS5's ordinary merge step after each write (positive 'merge', 32 pages)
only halved the segment count and took recall p95 at 1,000 users from 10.2 to 8.7 ms;
merging each index down to one segment took it to 7.3 ms (one user: 5.6 ms).

So once the indexed tables have grown by `GROWTH` since the last compaction, the store
compacts both indexes to one segment each: FTS5's incremental optimize, a 'merge' with a
negative page budget to start it, then positive ones to carry it on, one step after each
committed write until a step finds nothing left to merge. A step's budget is in
proportion to what its write wrote (`step_pages`: a remember of a sentence merges a few
pages, an import of a user's document hundreds), so no write pays more than a share of
its own cost, however large the index: a one-go 'optimize' costs time in proportion to
the whole index inside one caller's write, holding the write lock from every other
writer meanwhile (0.6 s on the 1,000-user file, growing with it), and a fixed budget of
100 pages (7-10 ms an index there) added 20-30 ms to a long message's remember in a
small file that grows fast. The next compaction comes after a proportional number of new
rows, so the merging per written row stays bounded. Where a compaction stands is kept in `meta` (`META_KEY`, `META_RUNNING`),
so every process sees it. Merging only moves postings between segments: every match,
score and row stays the same.
"""

from __future__ import annotations

import contextlib
import sqlite3

from .rows import rollback

#: Share the indexed tables grow by between two compactions of the indexes.
GROWTH = 0.1
#: ... and at least this many rows (a small index is cheap to search anyway).
MIN_ROWS = 64
#: Pages of merging one write carries a compaction on by, in each index: one per this many
#: rows the write changed, within the bounds below.
CHANGES_PER_PAGE = 4
MIN_STEP_PAGES, MAX_STEP_PAGES = 8, 400
#: The `meta` key holding the rows written when the last compaction started.
META_KEY = "fts_optimized_rows"
#: The `meta` key present while a compaction is under way.
META_RUNNING = "fts_compacting"
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


def _meta(c: sqlite3.Connection, key: str) -> str | None:
    row = c.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def running(c: sqlite3.Connection) -> bool:
    """Whether a compaction is under way (started, not yet found finished)."""
    return _meta(c, META_RUNNING) is not None


def due(c: sqlite3.Connection) -> bool:
    """Whether the tables have grown enough since the last compaction started."""
    last = int(_meta(c, META_KEY) or 0)
    return rows_written(c) - last >= max(MIN_ROWS, GROWTH * last)


def step_pages(changes: int) -> int:
    """The merge budget of a step after a write that changed `changes` rows."""
    return max(MIN_STEP_PAGES, min(MAX_STEP_PAGES, changes // CHANGES_PER_PAGE))


def keep_shallow(c: sqlite3.Connection, changes: int) -> None:
    """One step of compaction after a write that changed `changes` rows, when one is
    under way or `due`. Runs outside any transaction
    (after a write committed) and never waits for the write lock: when another process
    holds it, or the step fails, nothing changes (the indexes are still correct, only
    deeper) and a later write carries on. Nothing raises: the write it follows is done."""
    with contextlib.suppress(sqlite3.Error):
        if running(c):
            _step(c, step_pages(changes), start=False)
        elif due(c):
            _step(c, step_pages(changes), start=True)


def _step(c: sqlite3.Connection, pages: int, start: bool) -> None:
    waits = int(c.execute("PRAGMA busy_timeout").fetchone()[0])
    c.execute("PRAGMA busy_timeout = 0")
    try:
        c.execute("BEGIN IMMEDIATE")
        merged = False
        for fts in FTS_TABLES:
            # FTS5: a negative budget puts every segment on one level and starts merging
            # them; a positive one carries on the merge started, even if writes have added
            # segments since. A step that changes fewer than two rows found nothing to do.
            before = c.total_changes
            c.execute(f"INSERT INTO {fts}({fts}, rank) VALUES('merge', ?)", (-pages if start else pages,))
            merged = merged or c.total_changes - before >= 2
        if start:
            c.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (META_KEY, str(rows_written(c)))
            )
        if merged:
            c.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, '1')", (META_RUNNING,))
        else:
            c.execute("DELETE FROM meta WHERE key = ?", (META_RUNNING,))
        c.execute("COMMIT")
    except sqlite3.Error:
        rollback(c)
    finally:
        c.execute(f"PRAGMA busy_timeout = {waits}")
