"""Fault runs on the session's spare Neo4j (conftest: never the shared server; a free port
and a throwaway data directory, so two test runs at once never stop each other's server).

Two faults, each under writers that retry every failed remember with the same key:

* SIGKILL, under three parties at once: 4 writers with a Memory each, and the outage
  bound's 1 writer and 4 writers sharing one Memory (store_timeout 3 s). The server stays
  down past several timeouts and is started again.
* SIGTERM (a clean stop), under 4 writers with a Memory each, started again at once; no
  warm-up after it, so the writers' own Memory objects bring the server's plans back.

The 4 writers write through the fault until each has a message acknowledged after the
restart. Afterwards: they saw the fault, no duplicate message, no lost acknowledged write,
every error they saw was "rolled back" (StoreError) or "outcome unknown"
(WriteOutcomeUnknownError), and the same Memory objects recovered. For the outage bound: every call, the ones that failed
and the ones that succeeded once the server was back, ended within store_timeout + 1 s,
with a success, a rolled-back StoreUnavailableError or a WriteOutcomeUnknownError; nothing
acknowledged is lost or doubled. One SIGKILL serves both: a restart is the slow part.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

import pytest

from benchmarks.outage import OutageWriters, OwnServer, fault_run
from graphmem import Config, GraphMemError, Memory, StoreError, WriteOutcomeUnknownError

pytestmark = [pytest.mark.slow, pytest.mark.neo4j]

STORE_TIMEOUT = 3.0
WRITERS, PER_WRITER = 4, 6


class FaultWriters:
    """WRITERS threads, each with a Memory of its own (store_timeout 3 s), remembering for
    one user, retrying each message with its key until it is acknowledged. Each writes at
    least PER_WRITER messages and goes on until one is acknowledged after the server is back,
    so every writer meets the fault (a few writes could end inside a clean stop's grace
    period). A party of `benchmarks.outage.fault_run`."""

    def __init__(self, uri: str, fault: str) -> None:
        self.uri = uri
        self.user = f"fault-{fault}-{os.getpid()}-{time.time_ns()}"
        self.keys: list[str] = []  # every key a writer began with
        self.acked: dict[str, str] = {}
        self.errors: list[GraphMemError] = []
        self.foreign: list[BaseException] = []
        self.acked_at_fault = -1
        self._lock = threading.Lock()
        self._resumed = threading.Event()
        # Writers give up 150 s after the server is back (a restart on a busy machine takes a
        # minute or more, and what is under test is what happens once it answers again).
        self._deadline = time.monotonic() + 900
        self._mems: list[Memory] = []
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        self._mems = [Memory(self.uri, config=Config(store_timeout=STORE_TIMEOUT)) for _ in range(WRITERS)]
        self._threads = [
            threading.Thread(target=self._writer, args=(w,), daemon=True) for w in range(WRITERS)
        ]
        for t in self._threads:
            t.start()

    def ready(self) -> bool:
        return bool(self.acked)  # writing, so the fault lands among writes

    def fault(self, at: float) -> None:
        with self._lock:
            self.acked_at_fault = len(self.acked)

    def resumed(self) -> None:
        self._deadline = time.monotonic() + 150
        self._resumed.set()

    def finish(self) -> dict[str, Any]:
        for t in self._threads:
            t.join(timeout=200)
        for m in self._mems:
            m.close()
        # Read back with a patient Memory: a server just restarted plans each statement anew,
        # which can take longer than the writers' 3 s on a busy machine.
        with Memory(self.uri, config=Config(store_timeout=120)) as check:
            episodes = check.store.reader(self.user).episodes()
            check.forget_user(self.user)
        return {"keys": list(self.keys), "acked": dict(self.acked), "errors": self.errors,
                "foreign": self.foreign, "episodes": episodes, "acked_at_fault": self.acked_at_fault}  # fmt: skip

    def _writer(self, w: int) -> None:
        i, after = 0, 0  # messages acknowledged; of them, after the server was back
        while i < PER_WRITER or not after:
            key = f"w{w}-m{i}"
            with self._lock:
                self.keys.append(key)
            while True:
                if time.monotonic() >= self._deadline:
                    return
                try:
                    r = self._mems[w].remember(
                        self.user, f"Note {w} {i}: I visited museum number {w * 100 + i}.", key=key
                    )
                    with self._lock:
                        self.acked[key] = r.episode_id or ""
                    break
                except GraphMemError as e:
                    with self._lock:
                        self.errors.append(e)
                    time.sleep(0.3)
                except BaseException as e:  # pragma: no cover - the property under test
                    self.foreign.append(e)
                    return
            i += 1
            if self._resumed.is_set():
                after += 1


@pytest.fixture(scope="module")
def kill_run(spare_server: OwnServer) -> dict[str, dict[str, Any]]:
    """One SIGKILL under the 4 writers and the outage bound's two parties."""
    one = OutageWriters(spare_server.uri, 1, STORE_TIMEOUT)
    four = OutageWriters(spare_server.uri, 4, STORE_TIMEOUT)
    writers = FaultWriters(spare_server.uri, "kill")
    up_after = fault_run(spare_server, [one, four, writers], fault="kill", down=2 * STORE_TIMEOUT + 2)
    return {"writers": writers.finish(), "outage_1": one.finish(up_after), "outage_4": four.finish(up_after)}


@pytest.fixture(scope="module")
def stop_run(spare_server: OwnServer) -> dict[str, dict[str, Any]]:
    """A clean stop under the 4 writers, started again at once, no warm-up after it."""
    writers = FaultWriters(spare_server.uri, "stop")
    fault_run(spare_server, [writers], fault="stop", warm_after=False)
    return {"writers": writers.finish()}


@pytest.mark.parametrize("fault", ["kill", "stop"])
def test_writers_survive_a_neo4j_fault_without_duplicates(request: pytest.FixtureRequest, fault: str) -> None:
    out = request.getfixturevalue(f"{fault}_run")["writers"]
    assert not out["foreign"], out["foreign"]
    keys, acked, episodes = out["keys"], out["acked"], out["episodes"]
    assert out["acked_at_fault"] > 0, f"no write went through before the {fault}"
    assert out["errors"], f"no writer saw the {fault}"
    seen = [str(e)[:160] for e in out["errors"]][-3:]
    assert len(keys) >= WRITERS * PER_WRITER, keys
    assert set(acked) == set(keys), (
        f"only {len(acked)} of {len(keys)} remembers succeeded; last errors: {seen}"
    )
    texts = [e.text for e in episodes]
    assert len(texts) == len(set(texts)) == len(keys), "a retried write was stored twice (or one was lost)"
    assert {e.id for e in episodes} == set(acked.values())
    for e in out["errors"]:
        assert isinstance(e, (StoreError, WriteOutcomeUnknownError)), repr(e)
        if isinstance(e, WriteOutcomeUnknownError):
            assert "may have been written" in str(e)
        else:
            assert "rolled back" in str(e) or "not written" in str(e), str(e)


@pytest.mark.parametrize("writers", [1, 4])
def test_every_call_ends_within_the_store_timeout_during_an_outage(
    kill_run: dict[str, dict[str, Any]], writers: int
) -> None:
    out = kill_run[f"outage_{writers}"]
    assert not out["foreign"], out["foreign"]
    assert out["failed_calls"] >= writers, f"the outage was not seen: {out}"
    assert set(out["outcomes"]) <= {"ok", "unavailable", "unknown"}, out
    assert out["acknowledged"] > writers, out  # writes went through before and after the outage
    assert out["max_call_s"] <= STORE_TIMEOUT + 1.0, out
    assert out["lost"] == 0 and out["doubled"] == 0, out
