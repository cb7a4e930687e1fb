"""One deadline for a whole public call that makes several store calls (remember reads,
then writes): `Config.store_timeout` bounds the call, not each of its transactions.

`within_store_timeout` marks a `Memory` method; stores that keep a bound per transaction
(the Neo4j store's bounded.py) cut each one to what is left of `current()`. Thread-local:
each caller thread has its own call; a call inside a call keeps the outer deadline.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
_local = threading.local()


def current() -> float | None:
    """The monotonic deadline of this thread's public call, or None outside one."""
    return getattr(_local, "deadline", None)


def within_store_timeout(method: F) -> F:
    """Run `method(self, ...)` under one deadline of `self.config.store_timeout` seconds."""

    @functools.wraps(method)
    def bounded(self: Any, *args: Any, **kwargs: Any) -> Any:
        if current() is not None:
            return method(self, *args, **kwargs)
        _local.deadline = time.monotonic() + float(self.config.store_timeout)
        try:
            return method(self, *args, **kwargs)
        finally:
            _local.deadline = None

    return bounded  # type: ignore[return-value]
