"""After each committed write, the SQLite store merges a full-text index that holds too many
segments (graphmem.stores.sqlite.fts_segments): the indexes stay shallower than FTS5's own
merging keeps them, and every search finds and scores exactly what it did before."""

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
        m.setattr(fts_segments, "MAX_SEGMENTS", 10**9)  # FTS5's own merging only
        unmerged = _load(tmp_path / "unmerged.db")
    try:
        for fts in FTS_TABLES:
            kept, left = segment_count(merged.store._conn, fts), segment_count(unmerged.store._conn, fts)
            assert left > fts_segments.MAX_SEGMENTS  # the workload does fragment the index
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


def test_merge_step_is_a_no_op_on_a_shallow_index(tmp_path: Path) -> None:
    mem = Memory(tmp_path / "one.db")
    try:
        mem.remember("solo", "My sister lives in Quito.", at=T0)
        before = {fts: segment_count(mem.store._conn, fts) for fts in FTS_TABLES}
        assert all(n <= fts_segments.MAX_SEGMENTS for n in before.values())
        fts_segments.merge_step(mem.store._conn)
        assert {fts: segment_count(mem.store._conn, fts) for fts in FTS_TABLES} == before
    finally:
        mem.close()


def test_merge_step_never_waits_for_another_writer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "busy.db"
    mem = Memory(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        mem.remember("solo", "My cousin keeps bees near Perth.", at=T0)
        monkeypatch.setattr(fts_segments, "MAX_SEGMENTS", 0)  # every index is "too deep"
        conn = mem.store._conn
        waits = conn.execute("PRAGMA busy_timeout").fetchone()[0]
        assert waits > 0
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        t0 = time.monotonic()
        fts_segments.merge_step(conn)
        assert time.monotonic() - t0 < 0.5 * waits / 1000
        assert not conn.in_transaction
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == waits
        other.execute("ROLLBACK")
        before = segment_count(conn, "episodes_fts")
        fts_segments.merge_step(conn)  # free again: the step runs
        assert segment_count(conn, "episodes_fts") <= before
    finally:
        other.close()
        mem.close()
