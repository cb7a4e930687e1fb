"""A store opened on first use, so a service starts (and says "not ready") while its
store is down, and recovers by itself once the store answers."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from ..aio import DEFAULT_WORKERS, AsyncMemory
from ..memory import Memory
from .jsonable import public_store


class LazyMemory:
    """Opens `opener()` in a worker thread on the first `get()`; a failure (a
    `StoreUnavailableError`, say) propagates to that caller and the next `get()` tries again."""

    def __init__(
        self, opener: Callable[[], Memory], target: str, *, max_workers: int = DEFAULT_WORKERS
    ) -> None:
        self._opener = opener
        self._max_workers = max_workers
        self._mem: AsyncMemory | None = None
        self._lock: asyncio.Lock | None = None
        #: What responses name as the store (no credentials).
        self.store = public_store(target)

    @classmethod
    def of(cls, memory: Memory, *, max_workers: int = DEFAULT_WORKERS) -> LazyMemory:
        """An already open Memory (tests, embedding the app in another program)."""
        lazy = cls(lambda: memory, memory.store.uri, max_workers=max_workers)
        lazy._mem = AsyncMemory(memory, max_workers=max_workers)
        return lazy

    async def get(self) -> AsyncMemory:
        if self._mem is not None:
            return self._mem
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            if self._mem is None:
                mem = await asyncio.get_running_loop().run_in_executor(None, self._opener)
                self._mem = AsyncMemory(mem, max_workers=self._max_workers)
                self.store = public_store(mem.store.uri)
        return self._mem

    async def close(self) -> None:
        if self._mem is not None:
            await self._mem.close()
            self._mem = None
