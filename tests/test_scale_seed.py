"""The scale benchmark's seeding by import (benchmarks/scale_load.py): a seeded user carries
on the conversation it was seeded from, holds what the export held, and gets timed
remembers; a users level seeded from remembered users copies them under their own ids."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks import scale, scale_load
from benchmarks.scale_load import Loader, Snapshot
from graphmem import Memory


def _values(mem: Memory, uid: str) -> list[tuple[str, str, str]]:
    return sorted((f.attribute, f.value, f.status) for f in mem.facts(uid, include_frozen=True))


def test_carry_on_continues_the_same_conversation(tmp_path: Path) -> None:
    mem = Memory(tmp_path / "a.db")
    a = Loader(mem, "speaker-a", replies=0.7)
    assert a.load_to(25, float("inf"))
    b = Loader(mem, "speaker-b", replies=0.7).carry_on(a.snapshot())
    assert (b.messages, b.episodes, b.rows, b.at()) == (a.messages, a.episodes, a.rows, a.at())
    assert next(b.gen) == next(a.gen)
    assert next(b.answers) == next(a.answers)
    assert b.rng.random() == a.rng.random()
    mem.close()


def test_seeded_facts_point_holds_the_export_then_times_remembers(
    tmp_path: Path,
    open_memory: Callable[..., Memory],
    uid: Callable[[str], str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(scale_load, "WINDOW", 6)
    monkeypatch.setattr(scale_load, "SEED_STEP", 20)
    src = Memory(tmp_path / "src.db")
    loader = Loader(src, uid("source"), replies=0.7)
    docs: list[Snapshot] = []
    for step in (20, 40, 50):  # what the SQLite sweep does: an export every SEED_STEP facts
        assert loader.load_to(step, float("inf"))
        scale_load.export_snapshot(src, loader, step, tmp_path, docs)
    target = open_memory()
    p = scale.Point("target", "facts", 50)
    seeded = scale_load.seed_facts(target, uid("seeded"), 50, docs, p)
    assert seeded is not None and p.seed_s > 0 and "3 exports" in p.seeded
    assert len(seeded.timings) == 6  # the timed remembers on the seeded state
    # Before those remembers the seeded user held exactly the last export; they only add.
    held = set(_values(src, loader.uid))
    now_held = _values(target, seeded.uid)
    assert {(a, v) for a, v, _ in held} <= {(a, v) for a, v, _ in now_held}
    assert seeded.messages == loader.messages + 6
    assert len(target.store.reader(seeded.uid).episodes()) >= loader.episodes + 6
    src.close()


def test_seeded_facts_point_needs_an_export_that_reaches_the_size(
    tmp_path: Path, open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    p = scale.Point("target", "facts", 10_000)
    short = [Snapshot(tmp_path / "none.json", 1_000, 1_000, {}, 0.0)]
    assert scale_load.seed_facts(open_memory(), uid("x"), 10_000, short, p) is None
    assert p.skipped.startswith("skipped: no SQLite export")


def test_users_level_seeded_by_copies_of_the_remembered_users(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scale_load, "WINDOW", 3)
    plan = scale.Plan((10,), (2, 7), 6, 10, 60.0, 60.0, profile=False, seed="always")
    points: list[scale.Point] = []
    path = tmp_path / "users.db"
    scale.users_sweep("sqlite", lambda: Memory(path), "t-", plan, {}, points)
    first, seeded = points
    assert not first.seeded and not first.skipped
    assert seeded.seeded.startswith("users 3-7 are imports") and seeded.seed_s > 0
    assert seeded.recall_p95 > 0 and seeded.first_n == 5
    mem = Memory(path)
    users = mem.store.user_ids()
    assert len(users) == 7
    # New user i copies remembered user i mod 2: same facts (before its one timed remember).
    copy, original = "t-users-u00004", "t-users-u00000"
    assert {(a, v) for a, v, _ in _values(mem, original)} <= {(a, v) for a, v, _ in _values(mem, copy)}
    assert all(f.user_id == copy for f in mem.facts(copy, include_frozen=True))
    mem.close()
