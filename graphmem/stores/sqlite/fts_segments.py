"""Keeping the full-text indexes few segments deep while many users write to one file.

FTS5 stores each committed write's new rows as a new segment of the index and merges
segments in small steps on later writes (automerge), in proportion to what each write
adds. A remember adds a few rows to a large index, so the merging lags: in a file of
1,000 users (50,000 facts) the indexes held 11-19 segments, against 3-5 in a file of
one user. Every searched word is looked up in every segment (its term, then a seek to
the user's rowid range), and `bm25()` counts the word's rows in every segment too, so
each BM25 statement of recall cost about three times as much although the user's own
rows were the same.

After a committed write, an index holding more than `MAX_SEGMENTS` segments gets a
bounded step of merge work (`'merge'` of about `MERGE_PAGES` pages, FTS5's own
incremental merge) in a transaction of its own: about half a millisecond per write on
average, and the segment count stays near half of what it was. A merge only moves
postings between segments: every match, score and row stays the same.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Sequence

from .rows import rollback

#: Segments an index may hold before a write pays for a merge step.
MAX_SEGMENTS = 4
#: Pages of merge work per step (FTS5 'merge' command; about 4 KB each).
MERGE_PAGES = 32
#: The store's full-text tables (fixed names of its schema, never user input).
FTS_TABLES = ("facts_fts", "episodes_fts")


def segment_count(c: sqlite3.Connection, fts: str) -> int:
    """How many segments the FTS5 table `fts` holds (its `_idx` table has rows for each)."""
    assert fts in FTS_TABLES
    return int(c.execute(f"SELECT count(DISTINCT segid) FROM {fts}_idx").fetchone()[0])


def merge_step(c: sqlite3.Connection, tables: Sequence[str] = FTS_TABLES) -> None:
    """One bounded merge step on each of `tables` that holds too many segments. Runs outside
    any transaction (after a write committed) and never waits for the write lock: when
    another process holds it, or the step fails, the index stays as it was and a later
    write merges instead."""
    deep = []
    for fts in tables:
        assert fts in FTS_TABLES
        with contextlib.suppress(sqlite3.Error):
            if segment_count(c, fts) > MAX_SEGMENTS:
                deep.append(fts)
    if not deep:
        return
    waits = int(c.execute("PRAGMA busy_timeout").fetchone()[0])
    c.execute("PRAGMA busy_timeout = 0")
    try:
        c.execute("BEGIN IMMEDIATE")
        for fts in deep:
            c.execute(f"INSERT INTO {fts}({fts}, rank) VALUES('merge', ?)", (MERGE_PAGES,))
        c.execute("COMMIT")
    except sqlite3.Error:
        rollback(c)
    finally:
        c.execute(f"PRAGMA busy_timeout = {waits}")
