"""Transactions that end within the store's timeout, connection and retries included.

The driver's own retry loop (`Session.execute_read` / `execute_write`) does not keep a
bound: its clock starts after the first attempt (which may itself wait up to the
connection acquisition timeout), it checks the clock only before sleeping, and its
back-off doubles from 1 s; nothing bounds a read from a server that accepted a statement
and is slow to answer (one just restarted plans every statement anew). Measured with
`store_timeout=3` and the server SIGKILLed: failed calls took up to 8.6 s, and calls that
succeeded once it was back up to 119 s.

Here one deadline is taken when the call starts. Each attempt runs on a worker thread of
the store (`BoundedSession.run`) while the caller waits for what is left of the deadline;
inside it the wait for a connection (`connection_acquisition_timeout`, opening one
included) and the server-side transaction timeout are cut to the same deadline, and the
back-off sleeps never run past it. When the deadline passes first, the attempt is
abandoned: if it had not started to commit, it never will (`_Attempt.abandon`), so the
caller is told "not written"; if the commit was already sent, "outcome unknown".
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, Generic, TypeVar

from graphmem.stores import call_deadline

T = TypeVar("T")

#: First back-off after a retryable error, its growth, its ceiling (seconds). Shorter
#: than the driver's 1 s start: a refused connection costs nothing to try again, and a
#: deadlock between two writers of one user clears in milliseconds.
FIRST_DELAY = 0.1
GROWTH = 2.0
MAX_DELAY = 1.0
#: An attempt is not started with less time than this left: it could not finish.
MIN_ATTEMPT = 0.05
#: The server-side transaction timeout is a backstop (the server checks it every couple of
#: seconds) that frees an abandoned attempt's locks; it is never set below this.
MIN_SERVER_TIMEOUT = 1.0


class DeadlinePassed(Exception):  # noqa: N818 - a condition, mapped by util.map_error
    """The store timeout passed before the transaction ended; `commit_sent`: it may have
    been written (else it was not, and will not be)."""

    def __init__(self, timeout: float, commit_sent: bool) -> None:
        super().__init__(f"no answer within the store timeout of {timeout:g} s")
        self.commit_sent = commit_sent


class _Abandoned(Exception):  # noqa: N818 - internal signal: roll back instead of committing
    pass


class _Attempt(Generic[T]):
    """One transaction: session, `work(tx)`, commit; committed only if not abandoned first."""

    def __init__(self, open_session: Callable[..., Any], config: dict[str, Any], tx_timeout: float,
                 work: Callable[[Any], T]) -> None:  # fmt: skip
        self._open, self._config, self._tx_timeout, self._work = open_session, config, tx_timeout, work
        self._lock = threading.Lock()
        self._state = "running"  # -> "committing" or "abandoned", once

    def __call__(self) -> T:
        with self._open(**self._config) as s, s.begin_transaction(timeout=self._tx_timeout) as tx:
            result = self._work(_Guarded(tx, self))
            with self._lock:
                if self._state == "abandoned":
                    raise _Abandoned  # leaving the `with` rolls the transaction back
                self._state = "committing"
            tx.commit()
            return result

    @property
    def abandoned(self) -> bool:
        return self._state == "abandoned"

    def abandon(self) -> bool:
        """Stop the attempt from committing; False if its commit was already under way."""
        with self._lock:
            if self._state == "committing":
                return False
            self._state = "abandoned"
            return True


class _Guarded:
    """The transaction `work` sees: once its attempt is abandoned, no further statement is
    sent and the transaction rolls back at once. Otherwise an abandoned writer that was
    waiting for the user's lock would still take it and run all its statements before
    rolling back, holding the lock from the writers still waiting for their answer."""

    def __init__(self, tx: Any, attempt: _Attempt[Any]) -> None:
        self._tx, self._attempt = tx, attempt

    def run(self, *args: Any, **kwargs: Any) -> Any:
        if self._attempt.abandoned:
            raise _Abandoned
        return self._tx.run(*args, **kwargs)


class BoundedSession:
    """What `Neo4jStore` hands out for `with store.session() as s: s.execute_read(fn)`:
    the driver session's two transaction-function methods, each ended within `timeout`
    seconds of its start (a fresh driver session per attempt, on a worker of `workers`)."""

    def __init__(self, open_session: Callable[..., Any], timeout: float, workers: Executor,
                 on_trouble: Callable[[], None] | None = None) -> None:  # fmt: skip
        self._open = open_session
        self._timeout = float(timeout)
        self._workers = workers
        #: Called when an attempt is abandoned at the deadline or fails retryably (the
        #: store plans its statements again: plans.Replanner).
        self._on_trouble = on_trouble or (lambda: None)

    def __enter__(self) -> BoundedSession:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def execute_read(self, work: Callable[[Any], T]) -> T:
        return self.run(work, write=False)

    def execute_write(self, work: Callable[[Any], T]) -> T:
        return self.run(work, write=True)

    def run(self, work: Callable[[Any], T], *, write: bool) -> T:
        """`work(tx)` in a transaction committed on return; retried after a retryable
        error while time is left, so `work` must keep no state outside its return value.
        Raises the last driver error, or DeadlinePassed."""
        from neo4j import READ_ACCESS, WRITE_ACCESS
        from neo4j.exceptions import DriverError, Neo4jError

        deadline = min(time.monotonic() + self._timeout, call_deadline.current() or float("inf"))
        if deadline - time.monotonic() < MIN_ATTEMPT:  # the public call's time is spent
            raise DeadlinePassed(self._timeout, commit_sent=False)
        delay = FIRST_DELAY
        mode = WRITE_ACCESS if write else READ_ACCESS
        while True:
            left = deadline - time.monotonic()
            config = {"default_access_mode": mode, "connection_acquisition_timeout": max(left, MIN_ATTEMPT)}
            attempt = _Attempt(self._open, config, max(left, MIN_SERVER_TIMEOUT), work)
            future = self._workers.submit(attempt)
            try:
                return future.result(timeout=max(deadline - time.monotonic(), 0.0))
            except FutureTimeout:
                future.cancel()
                self._on_trouble()
                committing = not attempt.abandon()
                # A read's commit changes nothing: only a write's can leave its outcome unknown.
                raise DeadlinePassed(self._timeout, commit_sent=write and committing) from None
            except (DriverError, Neo4jError) as e:
                if not e.is_retryable():
                    raise
                self._on_trouble()
                # Sleep only if an attempt can still start after it; else give up now.
                pause = min(delay * random.uniform(0.8, 1.2), MAX_DELAY)  # noqa: S311 - jitter, not secrecy
                if deadline - time.monotonic() - pause < MIN_ATTEMPT:
                    raise
                time.sleep(pause)
                delay *= GROWTH
