"""Vector search and access bookkeeping behave the same on every store.

A query with no direction finds nothing; `limit` active facts come back even when most of
the nearest vectors belong to frozen facts; recording an access (`Store.touch`) updates
the facts but not the user's revision, which vector caches are keyed on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np
import pytest

from graphmem.model import Fact
from graphmem.stores import Store, open_store
from graphmem.stores.sqlite.store import SQLiteStore

# Vector search and its caches are implemented per store.
pytestmark = pytest.mark.both_stores

T0 = datetime(2026, 1, 5, 10, 0, tzinfo=timezone.utc)
DIM = 16


@pytest.fixture
def store(store_target: str) -> Iterator[Store]:
    s = open_store(store_target)
    yield s
    s.close()


def _fact(user: str, n: int, status: str) -> Fact:
    return Fact(
        id=f"f{n}", user_id=user, subject_id="e_self", subject_name="self", attribute="note", value=f"n{n}",
        kind="note", source="user_declared", confidence=0.9, status=status, text=f"note {n}",
        source_text=f"note {n}", recorded_at=T0 + timedelta(seconds=n), valid_from=T0, last_accessed_at=T0,
        half_life_days=60.0,
    )  # fmt: skip


def _unit(seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).normal(size=DIM).astype(np.float32)
    return v / np.linalg.norm(v)


def _seed(store: Store, user: str, n: int, active_every: int) -> None:
    def tx(w):  # type: ignore[no-untyped-def]
        for i in range(n):
            status = "active" if i % active_every == 0 else "frozen"
            w.add_fact(_fact(user, i, status), ["note"], _unit(i))

    store.write(user, tx)


def test_a_query_without_direction_finds_nothing(store: Store, uid: Callable[[str], str]) -> None:
    u = uid("flat")
    _seed(store, u, 10, 1)
    r = store.reader(u)
    for _ in range(2):  # uncached and cached
        assert r.search_vector(np.zeros(DIM, dtype=np.float32), 5) == []
        assert r.search_vector(np.full(DIM, np.nan, dtype=np.float32), 5) == []
        assert len(r.search_vector(_unit(3), 5)) == 5


def test_limit_active_facts_even_behind_frozen_neighbours(store: Store, uid: Callable[[str], str]) -> None:
    u = uid("widen")
    _seed(store, u, 300, 30)  # 10 active, 290 frozen
    q = _unit(7)
    active = [i for i in range(300) if i % 30 == 0]
    expect = sorted(active, key=lambda i: -float(_unit(i) @ q))
    for _ in range(2):  # uncached and cached
        hits = store.reader(u).search_vector(q, 8)
        assert [fid for fid, _ in hits] == [f"f{i}" for i in expect[:8]]
        assert np.allclose([s for _, s in hits], [float(_unit(i) @ q) for i in expect[:8]], atol=1e-5)
    assert len(store.reader(u).search_vector(q, 50)) == 10  # every active one, then exhausted


def test_touch_records_access_without_a_new_revision(store: Store, uid: Callable[[str], str]) -> None:
    u = uid("touch")
    _seed(store, u, 3, 1)
    r = store.reader(u)
    rev = r.revision()
    later = T0 + timedelta(days=2)
    store.touch(u, ["f0", "f0", "f1"], later)
    store.touch(u, ["f0"], T0)  # an older access never moves the clock back
    f0, f1, f2 = r.facts(ids=["f0", "f1", "f2"])
    assert (f0.access_count, f0.last_accessed_at) == (2, later)
    assert (f1.access_count, f1.last_accessed_at) == (1, later)
    assert (f2.access_count, f2.last_accessed_at) == (0, T0)
    assert r.revision() == rev
    store.touch(u, [], later)  # nothing to record
    store.touch(uid("nobody"), ["f0"], later)  # a user without facts: nothing happens


def test_sqlite_vector_cache_stays_within_its_budget(tmp_path: Path) -> None:
    """Least recently used users leave the in-process cache beyond its byte budget, a user
    larger than the budget is never kept, and every user gets the same hits either way."""
    users = [f"lru{i}" for i in range(6)]

    def seed(store: SQLiteStore, user: str, n: int) -> None:  # fact ids are unique per store
        def tx(w):  # type: ignore[no-untyped-def]
            for i in range(n):
                w.add_fact(replace(_fact(user, i, "active"), id=f"{user}-f{i}"), ["note"], _unit(i))

        store.write(user, tx)

    with_cache = SQLiteStore(tmp_path / "v.db", vector_cache_mb=3.5 * 30 * (DIM * 4 + 8) / 2**20)
    without = SQLiteStore(tmp_path / "v.db", vector_cache_mb=0)
    try:
        for user in users:
            seed(with_cache, user, 30)
        q = _unit(7)
        first = {u: with_cache.reader(u).search_vector(q, 5) for u in users}
        cache = with_cache.vectors
        assert list(cache._entries) == users[-3:]  # the three most recent fit
        assert cache.total == sum(e[3].nbytes + e[4].nbytes for e in cache._entries.values()) <= cache.budget
        assert with_cache.reader(users[0]).search_vector(q, 5) == first[users[0]]  # read again
        assert list(cache._entries) == [*users[-2:], users[0]]
        seed(with_cache, "big", 200)
        big = with_cache.reader("big").search_vector(q, 5)
        assert "big" not in cache._entries and list(cache._entries) == [*users[-2:], users[0]]
        assert {u: without.reader(u).search_vector(q, 5) for u in users} == first
        assert without.reader("big").search_vector(q, 5) == big and not without.vectors._entries
    finally:
        with_cache.close()
        without.close()


def test_sqlite_vectors_added_between_searches_grow_the_cache_in_place(tmp_path: Path) -> None:
    """A search after each write scores the new vectors too, with the same hits as a store
    that keeps no cache, and appends them to the cached matrix instead of copying it."""
    cached = SQLiteStore(tmp_path / "g.db")
    plain = SQLiteStore(tmp_path / "g.db", vector_cache_mb=0)
    u, q = "grow", _unit(99)

    def add(first: int, n: int) -> None:
        def tx(w):  # type: ignore[no-untyped-def]
            for i in range(first, first + n):
                w.add_fact(_fact(u, i, "active"), ["note"], _unit(i))

        cached.write(u, tx)

    try:
        add(0, 40)
        assert cached.reader(u).search_vector(q, 5) == plain.reader(u).search_vector(q, 5)
        buffers = []
        for step in range(12):
            add(40 + step, 1)
            got = cached.reader(u).search_vector(q, 41 + step)
            assert got == plain.reader(u).search_vector(q, 41 + step)
            assert len(got) == 41 + step  # every vector, the newest included
            buffers.append(cached.vectors._entries[u][4])
        assert all(b is buffers[0] for b in buffers)  # one growth (room for 80 rows), then in place
    finally:
        cached.close()
        plain.close()
