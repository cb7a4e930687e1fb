"""AsyncMemory: the same public methods as Memory, as coroutines, shared across tasks."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable

import pytest

from graphmem import AsyncMemory, Config, InvalidInputError, InvalidUserIdError, Memory

# AsyncMemory runs calls on threads: the Neo4j driver gives each thread its own session.
pytestmark = pytest.mark.both_stores


def test_same_public_methods_as_memory() -> None:
    sync = {n for n, v in inspect.getmembers(Memory, callable) if not n.startswith("_")}
    mirrored = {
        n for n, v in inspect.getmembers(AsyncMemory, inspect.iscoroutinefunction) if not n.startswith("_")
    }
    assert sync - {"applier_class"} <= mirrored | {"close"}
    assert inspect.iscoroutinefunction(AsyncMemory.close)
    for name in sorted(sync - {"applier_class", "close"}):  # same parameters, same defaults
        want = list(inspect.signature(getattr(Memory, name)).parameters.values())
        got = list(inspect.signature(getattr(AsyncMemory, name)).parameters.values())
        assert [(q.name, q.kind, q.default) for q in got] == [(q.name, q.kind, q.default) for q in want], name


def test_shared_across_tasks(store_target: str, uid: Callable[[str], str]) -> None:
    users = [uid(f"u{i}") for i in range(4)]
    cities = ["Quito", "Hanoi", "Perth", "Tallinn"]

    async def scenario() -> None:
        # What is shared across tasks is under test here, not latency (tests/test_faults.py
        # holds store_timeout): the first four calls are writers of one user, queued on its
        # lock, and on a machine shared by many test runs each write can take seconds, so
        # the default bound of 10 s would make this a test of the machine's load.
        config = Config(store_timeout=60)
        async with await AsyncMemory.open(store_target, max_workers=4, config=config) as mem:
            writes = [mem.remember(u, f"I have a cat named Shell{j}.", ref=f"r{j}")
                      for u in users for j in range(5)]  # fmt: skip
            writes += [mem.remember(u, f"I live in {c}.") for u, c in zip(users, cities)]
            results = await asyncio.gather(*writes)
            assert all(r.added for r in results)
            recalls = await asyncio.gather(*(mem.recall(u, "which city do I live in?", k=3) for u in users))
            for u, c, items in zip(users, cities, recalls):
                assert items[0].fact is not None and items[0].fact.value == c
                assert all((it.fact or it.episode).user_id == u for it in items)
            for u in users:
                pets = {f.value for f in await mem.get(u, "pet")}
                assert pets == {f"Shell{j}" for j in range(5)}
                assert (await mem.context(u, "where do I live?")).text.count("<MemoryContext>") == 1
                assert len(await mem.history(u)) == 6
            # Retry-safe through the pool too: the same ref again writes nothing and
            # answers with the first result.
            again = await mem.remember(users[0], "I have a cat named Shell0.", ref="r0")
            assert again.episode_id == results[0].episode_id
            assert [f.id for f in again.added] == [f.id for f in results[0].added]
            assert len(await mem.history(users[0])) == 6
            with pytest.raises(InvalidUserIdError):
                await mem.facts("")
            with pytest.raises(InvalidInputError):
                await mem.recall(users[0], "x", k=0)
            for u in users:
                assert await mem.forget_user(u) > 0
                assert await mem.facts(u) == []

    asyncio.run(asyncio.wait_for(scenario(), timeout=300))
