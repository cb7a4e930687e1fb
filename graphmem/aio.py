"""`AsyncMemory`: the public `Memory` methods as coroutines, for asyncio services.

Each call runs the synchronous `Memory` in a bounded thread pool, so an event loop never
blocks on a store. One `AsyncMemory` is safe to share across tasks because `Memory` is
safe to share across threads: the SQLite store serialises statements on its connection
(one writer at a time, reads between them), and the Neo4j driver hands each thread a
session from its connection pool. The pool bound keeps a burst of requests from opening
more concurrent work than the store can take.

>>> async with await AsyncMemory.open("memory.db") as mem:
...     await mem.remember("u1", "I moved to Denver")
...     items = await mem.recall("u1", "where do I live?")
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from graphmem.memory import Memory
from graphmem.model import Explanation, Fact, HistoryEntry, MemoryContext, RecallItem, RememberResult
from graphmem.portability import ExportReport, ImportReport

if TYPE_CHECKING:
    import networkx as nx

    from graphmem.stores import Store

T = TypeVar("T")

#: Threads per AsyncMemory by default: enough to overlap store round trips, few enough
#: that a small machine is not swamped (the GIL bounds the CPU-bound part anyway).
DEFAULT_WORKERS = 8


def _opened_warm(store: str | Path | Store, auth: tuple[str, str] | None, options: dict[str, Any]) -> Memory:
    mem = Memory(store, auth, **options)
    try:
        mem.warm()
    except BaseException:
        mem.close()
        raise
    return mem


class AsyncMemory:
    """Async twin of `Memory`; wraps one (owned) `Memory` and a thread pool.

    `AsyncMemory(memory)` wraps an open Memory; `await AsyncMemory.open(store, ...)` opens
    one off the event loop (opening Neo4j is a network round trip).
    """

    def __init__(self, memory: Memory, *, max_workers: int = DEFAULT_WORKERS) -> None:
        self.memory = memory
        self._pool = ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="graphmem")

    @classmethod
    async def open(
        cls,
        store: str | Path | Store = "memory.db",
        auth: tuple[str, str] | None = None,
        *,
        max_workers: int = DEFAULT_WORKERS,
        **memory_options: Any,
    ) -> AsyncMemory:
        """Open a `Memory(store, auth, **memory_options)` in a worker thread, warm it
        (`Memory.warm`: the first calls would otherwise load the language pipelines inside
        their store timeout, all at once) and wrap it."""
        loop = asyncio.get_running_loop()
        mem = await loop.run_in_executor(None, functools.partial(_opened_warm, store, auth, memory_options))
        return cls(mem, max_workers=max_workers)

    async def _run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(fn, *args, **kwargs))

    # ---- lifecycle -------------------------------------------------------------------
    async def warm(self) -> None:
        """`Memory.warm` in a worker thread."""
        await self._run(self.memory.warm)

    async def close(self) -> None:
        """Wait for running calls, then close the store."""
        await asyncio.get_running_loop().run_in_executor(None, self._shutdown)

    def _shutdown(self) -> None:
        self._pool.shutdown(wait=True)
        self.memory.close()

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def ready(self) -> None:
        """Ask the store one small question (what its vectors came from); raises the
        store's GraphMemError when it does not answer (a readiness probe)."""
        await self._run(self.memory.store.embedder_info)

    # ---- the Memory API, as coroutines ------------------------------------------------
    async def remember(
        self,
        user_id: str,
        text: str,
        role: str = "user",
        at: datetime | str | None = None,
        ref: str | None = None,
        *,
        key: str | None = None,
        speaker: str | None = None,
    ) -> RememberResult:
        return await self._run(
            self.memory.remember, user_id, text, role=role, at=at, ref=ref, key=key, speaker=speaker
        )

    async def explain(self, user_id: str | None, text: str, role: str = "user") -> Explanation:
        return await self._run(self.memory.explain, user_id, text, role=role)

    async def recall(
        self, user_id: str, query: str, k: int = 6, at: datetime | str | None = None
    ) -> list[RecallItem]:
        return await self._run(self.memory.recall, user_id, query, k=k, at=at)

    async def context(
        self, user_id: str, query: str, k: int = 6, at: datetime | str | None = None
    ) -> MemoryContext:
        return await self._run(self.memory.context, user_id, query, k=k, at=at)

    async def get(
        self,
        user_id: str,
        attribute: str,
        at: datetime | str | None = None,
        *,
        subject: str | None = None,
        as_of: datetime | str | None = None,
    ) -> list[Fact]:
        return await self._run(self.memory.get, user_id, attribute, at, subject=subject, as_of=as_of)

    async def facts(
        self, user_id: str, include_frozen: bool = False, *, as_of: datetime | str | None = None
    ) -> list[Fact]:
        return await self._run(self.memory.facts, user_id, include_frozen, as_of=as_of)

    async def graph(
        self,
        user_id: str,
        as_of: datetime | str | None = None,
        include_frozen: bool = False,
        include_episodes: bool = False,
    ) -> nx.MultiDiGraph:
        return await self._run(self.memory.graph, user_id, as_of, include_frozen, include_episodes)

    async def history(self, user_id: str, attribute: str | None = None) -> list[HistoryEntry]:
        return await self._run(self.memory.history, user_id, attribute)

    async def export(
        self, user_id: str, path_or_fileobj: Any = None, include_embeddings: bool = False
    ) -> ExportReport:
        return await self._run(self.memory.export, user_id, path_or_fileobj, include_embeddings)

    async def import_(self, doc: Any, as_user: str | None = None, dry_run: bool = False) -> ImportReport:
        return await self._run(self.memory.import_, doc, as_user, dry_run)

    import_user = import_

    async def forget_user(self, user_id: str) -> int:
        return await self._run(self.memory.forget_user, user_id)

    async def forget(self, user_id: str, fact_id: str, at: datetime | str | None = None) -> bool:
        return await self._run(self.memory.forget, user_id, fact_id, at)

    async def forget_episode(self, user_id: str, ref: str, at: datetime | str | None = None) -> int:
        return await self._run(self.memory.forget_episode, user_id, ref, at)

    async def gc(
        self,
        user_id: str | None = None,
        at: datetime | str | None = None,
        *,
        floor: float | None = None,
        archive_profile: bool | None = None,
    ) -> int:
        return await self._run(self.memory.gc, user_id, at, floor=floor, archive_profile=archive_profile)
