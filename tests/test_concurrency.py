"""Two processes remembering for the same user at once lose nothing."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from graphmem import Memory

# Writer processes (slow), on both stores: each serialises a user's writers its own way.
pytestmark = [pytest.mark.slow, pytest.mark.both_stores]

ROOT = Path(__file__).resolve().parents[1]

WORKER = textwrap.dedent(
    """
    import sys
    from graphmem import Memory
    store, user, tag = sys.argv[1], sys.argv[2], sys.argv[3]
    m = Memory(store)
    for i in range(25):
        m.remember(user, f"I live in {tag.title()}ville{i}.", at=f"2026-01-01T00:{i:02d}:00Z")
        m.remember(user, f"I love {tag}hobby{i}.", at=f"2026-01-01T00:{i:02d}:30Z")
    m.close()
    """
)


def test_two_writer_processes(store_target: str, uid: Callable[[str], str]) -> None:
    u = uid("race")
    Memory(store_target).close()  # schema in place before the race
    procs = [
        subprocess.Popen([sys.executable, "-c", WORKER, store_target, u, tag], cwd=ROOT)
        for tag in ("north", "south")
    ]
    for p in procs:
        assert p.wait(timeout=300) == 0
    mem = Memory(store_target)
    try:
        cities = mem.get(u, "city")
        assert len(cities) == 1, [f.value for f in cities]
        everything = mem.facts(u, include_frozen=True)
        city_values = {f.value for f in everything if f.attribute == "city"}
        assert len(city_values) == 50
        likes = {f.value for f in mem.get(u, "likes")}
        assert len(likes) == 50
        assert len(mem.store.reader(u).episodes()) == 100
    finally:
        mem.close()
