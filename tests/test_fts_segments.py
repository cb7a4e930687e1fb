"""After a committed write, the SQLite store compacts its full-text indexes to one segment each
once their tables have grown by a share since the last compaction, a bounded step per write
(graphmem.stores.sqlite.fts_segments): the indexes stay shallower than FTS5's own merging
keeps them, every search finds and scores exactly what it did before, no write does more than
one step, and a step never waits for another writer."""

from __future__ import annotations

import sqlite3
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.model import RecallItem
from graphmem.stores.sqlite import fts_segments
from graphmem.stores.sqlite.fts_segments import FTS_TABLES, segment_count

T0 = datetime(2024, 3, 4, 9, 0, tzinfo=timezone.utc)
PETS = ["cat", "dog", "parrot", "hamster", "tortoise", "rabbit"]
CITIES = ["Lisbon", "Oslo", "Quito", "Hanoi", "Perth", "Tunis", "Kyoto"]


def _said(item: RecallItem) -> tuple[float, str]:
    text = item.fact.text if item.fact else item.episode.text if item.episode else ""
    return round(item.score, 9), text


def _load(path: Path) -> Memory:
    """Many users, each a few small writes: one new segment per write and table."""
    mem = Memory(path)
    for u in range(12):
        for i in range(6):
            at = T0 + timedelta(hours=u * 10 + i)
            pet, city = PETS[(u + i) % len(PETS)], CITIES[(u * 3 + i) % len(CITIES)]
            mem.remember(
                f"seg-u{u}", f"My {pet} is called Pip{u}{i} and I visited {city} last spring.", at=at
            )
    return mem


def test_writes_keep_indexes_shallow_and_search_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    merged = _load(tmp_path / "merged.db")
    with monkeypatch.context() as m:
        m.setattr(fts_segments, "MIN_ROWS", 10**9)  # FTS5's own merging only
        unmerged = _load(tmp_path / "unmerged.db")
    try:
        for fts in FTS_TABLES:
            kept, left = segment_count(merged.store._conn, fts), segment_count(unmerged.store._conn, fts)
            assert left > 3  # the workload does fragment the index
            assert kept < left
        at = T0 + timedelta(days=30)
        terms = ["parrot", "oslo", "pip", "spring", "tortoise"]
        for u in (0, 5, 11):
            uid = f"seg-u{u}"
            for q in ("what is my parrot called?", "when did I go to Oslo?"):
                a, b = merged.recall(uid, q, k=40, at=at), unmerged.recall(uid, q, k=40, at=at)
                # Ties may come in either order (ids are random, so are their tie-breaks).
                assert sorted(map(_said, a)) == sorted(map(_said, b))
            found = []
            for mem in (merged, unmerged):
                r = mem.store.reader(uid)
                text = {f.id: f.text for f in r.facts()}
                said = {e.id: e.text for e in r.episodes()}
                found.append(
                    (
                        sorted((round(s, 9), text[i]) for i, s in r.search_text(terms, 50)),
                        sorted((round(s, 9), said[i]) for i, s in r.search_episodes_text(terms, 50)),
                    )
                )
            assert found[0][0] and found[0][1]
            assert found[0] == found[1]
    finally:
        merged.close()
        unmerged.close()


def test_compaction_starts_after_the_tables_grew_by_a_share(tmp_path: Path) -> None:
    mem = Memory(tmp_path / "grow.db")
    conn = mem.store._conn

    def last() -> int | None:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (fts_segments.META_KEY,)).fetchone()
        return None if row is None else int(row[0])

    try:
        mem.remember("solo", "My sister lives in Quito.", at=T0)
        assert last() is None  # a few rows: no compaction yet
        seen: list[int] = []
        for i in range(60):
            city = CITIES[i % len(CITIES)]
            mem.remember(
                f"grow-{i % 5}", f"My friend Ada{i} moved to {city} in May.", at=T0 + timedelta(hours=i)
            )
            if last() is not None and (not seen or last() != seen[-1]):
                seen.append(last() or 0)
                # Just started: a small index is merged whole by the first step, and the
                # next compaction waits for the tables to grow again.
                assert all(segment_count(conn, fts) == 1 for fts in FTS_TABLES)
                assert not fts_segments.due(conn)
        assert len(seen) >= 2
        for a, b in zip(seen, seen[1:]):
            assert b - a >= max(fts_segments.MIN_ROWS, fts_segments.GROWTH * a)
    finally:
        mem.close()


def test_a_compaction_is_spread_over_writes_in_bounded_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as m:
        m.setattr(fts_segments, "MIN_ROWS", 10**9)  # FTS5's own merging only
        mem = _load(tmp_path / "steps.db")
    conn = mem.store._conn
    try:
        deep = {fts: segment_count(conn, fts) for fts in FTS_TABLES}
        assert all(n > 3 for n in deep.values())
        r = mem.store.reader("seg-u3")
        before = sorted((round(s, 9), i) for i, s in r.search_episodes_text(["parrot", "spring"], 50))
        monkeypatch.setattr(fts_segments, "MIN_ROWS", 0)
        monkeypatch.setattr(fts_segments, "MIN_STEP_PAGES", 1)  # the least work a step can do
        monkeypatch.setattr(fts_segments, "MAX_STEP_PAGES", 1)
        steps = 0
        fts_segments.keep_shallow(conn, 1)  # starts it
        while fts_segments.running(conn) and steps < 200:
            assert not fts_segments.due(conn)  # under way: never started again meanwhile
            mem.remember(
                "seg-u3", f"My parrot learned word number {steps}.", at=T0 + timedelta(days=2, hours=steps)
            )
            steps += 1  # each write above carried the compaction on by one step
        assert 1 < steps < 200
        assert all(segment_count(conn, fts) < deep[fts] for fts in FTS_TABLES)
        after = {i for i, _ in r.search_episodes_text(["parrot", "spring"], 500)}
        assert before and {i for _, i in before} <= after  # what was found still is
    finally:
        mem.close()


def test_a_step_never_waits_for_another_writer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "busy.db"
    mem = Memory(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        mem.remember("solo", "My cousin keeps bees near Perth.", at=T0)
        monkeypatch.setattr(fts_segments, "MIN_ROWS", 0)  # always due
        monkeypatch.setattr(fts_segments, "GROWTH", 0.0)
        conn = mem.store._conn
        waits = conn.execute("PRAGMA busy_timeout").fetchone()[0]
        assert waits > 0
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        t0 = time.monotonic()
        fts_segments.keep_shallow(conn, 10)
        assert time.monotonic() - t0 < 0.5 * waits / 1000
        assert not conn.in_transaction
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == waits
        assert conn.execute("SELECT 1 FROM meta WHERE key = ?", (fts_segments.META_KEY,)).fetchone() is None
        other.execute("ROLLBACK")
        fts_segments.keep_shallow(conn, 10)  # free again: the compaction starts
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (fts_segments.META_KEY,)).fetchone()
        assert int(row[0]) == fts_segments.rows_written(conn)
        assert all(segment_count(conn, fts) == 1 for fts in FTS_TABLES)
    finally:
        other.close()
        mem.close()


def test_a_steps_budget_follows_what_its_write_wrote() -> None:
    pages = fts_segments.step_pages
    assert pages(0) == pages(5) == fts_segments.MIN_STEP_PAGES  # a sentence: a few pages
    assert pages(400) == 400 // fts_segments.CHANGES_PER_PAGE > pages(40)  # more written, more merged
    assert pages(10**7) == fts_segments.MAX_STEP_PAGES  # bounded however large the write
