"""A store opened on first use, so a service starts (and says "not ready") while its
store is down, and recovers by itself once the store answers."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from graphmem.aio import DEFAULT_WORKERS, AsyncMemory
from graphmem.memory import Memory
from graphmem.shells.service.jsonable import public_store

_log = logging.getLogger(__name__)


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
        #: `warm()` has loaded the engine's pipelines (health routes report it).
        self.warmed = False

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

    async def warm(self) -> None:
        """Open the store and warm the engine (`Memory.warm`), so the first request waits for
        neither. Meant to run in the background at startup: a failure (the store is down) is
        logged and left to the first request, which opens the store again."""
        try:
            mem = await self.get()
            await mem.warm()
            self.warmed = True
        except Exception as e:  # noqa: BLE001 - a background task: nothing may escape it
            # Only the class: a store's message may quote its address.
            _log.warning("graphmem: warming up at startup failed (%s); the first request opens the store",
                         type(e).__name__)  # fmt: skip

    def warming(self) -> asyncio.Task[None]:
        """`warm()` as a task of the running loop: the server answers meanwhile."""
        return asyncio.get_running_loop().create_task(self.warm())

    async def close(self) -> None:
        if self._mem is not None:
            await self._mem.close()
            self._mem = None
