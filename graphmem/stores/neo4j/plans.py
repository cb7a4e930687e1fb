"""Plans for the statements every remember and recall runs, made when the store opens.

A server that has just started (or restarted) plans each statement anew, and its first
plans are slow (a cold JVM): on a fresh local server on a shared 2-core machine the first
remember spent 5.2 s planning cypher/read_open and 3.3 s planning cypher/write_batch, and
an EXPLAIN of read_open after a restart took 13 s. Four concurrent first calls each plan
the same statements at once, so none ended within the default store_timeout of 10 s
(tests/test_aio.py on Neo4j, as the first test of a run).

A plan stays in the server's query cache, keyed by the statement and its parameters'
types; so the store runs these statements, with parameters of the types the calls send,
once on open in a transaction it rolls back, under the open's bound rather than a call's
(running them, not only EXPLAIN, also warms the runtime that executes the plans). On a
server that planned them already each one is a cache hit (a few ms).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from graphmem.stores.neo4j.cypher_files import query

_log = logging.getLogger("graphmem")

_USER = "\x00plan"  # never a user id (validation refuses control characters); rolled back
_READ_OPEN = {
    "since": -1, "rev": 0, "epoch": 0, "created": 0.0, "max_rows": 1, "text_query": None,
    "text_limit": 0, "episode_query": None, "episode_limit": 0, "episode_since": None,
    "episode_epoch": 0, "episode_created": None, "user_id": _USER,
}  # fmt: skip
_RECALL_OPEN = {**_READ_OPEN, "text_query": "x", "text_limit": 1, "episode_query": "x",
                "episode_limit": 1, "episode_since": 0}  # fmt: skip
_FACTS = {"statuses": ["active"], "attributes": ["x"], "subject_ids": ["x"], "ids": None,
          "value_keys": None, "user_id": _USER}  # fmt: skip

#: (statement, parameters of the types a remember or a recall sends): the write's lock
#: first (it makes the user the others read), remember's read and write, recall's reads
#: and its access write.
HOT: tuple[tuple[str, dict[str, Any]], ...] = (
    ("user_begin", {"user_id": _USER, "now": 0.0}),
    ("read_open", _READ_OPEN),
    ("read_open", {**_READ_OPEN, "created": None}),
    ("entities_by_user", {"user_id": _USER}),
    ("write_key_get", {"key": "x", "user_id": _USER}),
    ("episode_last", {"at": 0.0, "user_id": _USER}),
    ("write_batch", {"user_id": _USER, "ops": [{"kind": "none"}]}),
    ("facts", _FACTS),
    ("facts", {**_FACTS, "value_keys": ["x"]}),
    ("episodes_by_ids", {"ids": ["x"], "user_id": _USER}),
    ("read_open", _RECALL_OPEN),
    ("read_open", {**_RECALL_OPEN, "episode_created": 0.0}),
    (
        "facts_top",
        {"top": 1, "statuses": ["active"], "attributes": ["x"], "subject_ids": ["x"], "user_id": _USER},
    ),  # fmt: skip
    ("facts_active", {"ids": ["x"], "limit": 1, "user_id": _USER}),
    ("episode_links", {"fact_ids": ["x"], "episode_ids": ["x"], "user_id": _USER}),
    ("fact_touch", {"ids": ["x"], "at": 0.0, "user_id": _USER}),
)


def plan_hot_statements(open_session: Callable[..., Any], timeout: float, uri: str) -> bool:
    """Run each of HOT once in one transaction that is rolled back (nothing is written):
    the server plans them and its runtime runs them once. False when that failed, which
    only leaves the planning to the calls."""
    from neo4j import WRITE_ACCESS

    try:
        with open_session(default_access_mode=WRITE_ACCESS) as s, s.begin_transaction(timeout=timeout) as tx:
            for name, params in HOT:
                tx.run(query(name), params).consume()
            tx.rollback()
        return True
    except Exception as e:  # noqa: BLE001 - best effort: a call plans what is not cached
        _log.debug("graphmem: planning the statements on %s failed: %s", uri, e)
        return False


class Replanner:
    """Plans HOT again, in the background, after a call saw the server fail or time out.

    A server that restarted has lost its plans, and while it is busy a plan can take longer
    than store_timeout; a call abandoned at its deadline has its transaction terminated, so
    every call could give up before any plan is made, and none would succeed again until
    the load dropped (measured: with store_timeout=3 and a SIGKILLed server restarted on a
    loaded machine, 0 of 24 writes went through in 150 s). This thread plans without a
    call's bound, retrying each second while the server is down, for up to `timeout` s."""

    def __init__(self, open_session: Callable[..., Any], timeout: float, uri: str) -> None:
        self._open, self._timeout, self._uri = open_session, timeout, uri
        self._lock = threading.Lock()
        self._running = False
        self._closed = threading.Event()

    def soon(self) -> None:
        with self._lock:
            if self._running or self._closed.is_set():
                return
            self._running = True
        threading.Thread(target=self._plan, name="graphmem-neo4j-plan", daemon=True).start()

    def close(self) -> None:
        self._closed.set()

    def _plan(self) -> None:
        try:
            until = time.monotonic() + self._timeout
            while not self._closed.is_set() and time.monotonic() < until:
                if plan_hot_statements(self._open, self._timeout, self._uri):
                    return
                self._closed.wait(1.0)
        finally:
            with self._lock:
                self._running = False
