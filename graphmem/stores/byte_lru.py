"""Values by key within a byte budget, least recently used dropped first: the per-user
vector copies of both stores (sqlite/vectors.py, neo4j/vectors.py) live in one."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from typing import Generic, TypeVar

V = TypeVar("V")


class ByteLRU(Mapping[str, V], Generic[V]):
    """A read-only mapping to the values held, oldest use first; `use` marks a use, `put`
    stores with a size, `forget` drops. Not thread-safe: callers hold their own lock."""

    def __init__(self, budget: int) -> None:
        self.budget = int(budget)
        self._values: OrderedDict[str, V] = OrderedDict()
        # Sizes as they were put (a value may grow in place before it is put again), and
        # their running sum: summing on every put costs O(users).
        self._sizes: dict[str, int] = {}
        self.total = 0

    def __getitem__(self, key: str) -> V:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def use(self, key: str) -> V | None:
        """The value, now the most recently used; None if not held."""
        value = self._values.get(key)
        if value is not None:
            self._values.move_to_end(key)
        return value

    def put(self, key: str, value: V, size: int) -> bool:
        """Hold `value` (replacing the key's old one) as the most recently used, dropping the
        least recently used others while over budget; False, and nothing held for the key,
        when `size` alone exceeds the budget."""
        self.forget(key)
        if size > self.budget:
            return False
        self._values[key] = value
        self._sizes[key] = size
        self.total += size
        while self.total > self.budget and len(self._values) > 1:
            self.forget(next(iter(self._values)))
        return True

    def forget(self, key: str) -> None:
        self._values.pop(key, None)
        self.total -= self._sizes.pop(key, 0)


class UserCache(Generic[V]):
    """Per-user values in a ByteLRU within `budget` bytes, behind one lock: the base of
    the stores' vector caches (sqlite/vectors.py, neo4j/vectors.py, neo4j/episodes.py)."""

    def __init__(self, budget: int) -> None:
        self._entries: ByteLRU[V] = ByteLRU(budget)
        self._lock = threading.Lock()

    @property
    def budget(self) -> int:
        return self._entries.budget

    @property
    def total(self) -> int:
        return self._entries.total

    def drop(self, user_id: str) -> None:
        with self._lock:
            self._entries.forget(user_id)
