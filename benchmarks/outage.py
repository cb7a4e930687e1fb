"""The outage bound: how long one call waits while Neo4j is down, against `store_timeout`.

A Neo4j of this module's own (`tools/neo4j/neo4j.sh` on a free port, a throwaway data
directory; never a shared server) takes writers that retry every failed remember with the
same key, is SIGKILLed, stays down, and is started again. Every call is timed: each must
end (acknowledged, StoreUnavailableError rolled back, or WriteOutcomeUnknownError) within
`store_timeout` + 1 s, and every acknowledged write must be in the store once afterwards.
Used by `benchmarks/reliability.py` (the report row, `outage_run`) and `tests/test_faults.py`
(`fault_run`: one fault under several parties of writers at once).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

REPO = Path(__file__).resolve().parents[1]
NEO4J_SH = REPO / "tools" / "neo4j" / "neo4j.sh"
CACHE = Path(os.environ.get("GRAPHMEM_NEO4J_CACHE", Path.home() / ".cache" / "graphmem" / "neo4j-5.26"))


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class OwnServer:
    """A local Neo4j this process started and may kill."""

    port: int
    env: dict[str, str]
    #: Auth on, user neo4j with this password (in `uri`), or None: auth off.
    password: str | None = None

    @property
    def uri(self) -> str:
        creds = f"neo4j:{quote(self.password, safe='')}@" if self.password else ""
        return f"bolt://{creds}127.0.0.1:{self.port}"

    def _sh(self, *args: str) -> None:
        done = subprocess.run(
            ["bash", str(NEO4J_SH), *args, str(self.port)],
            check=False,
            capture_output=True,
            text=True,
            env=self.env,
            timeout=300,
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"tools/neo4j/neo4j.sh {' '.join(args)} {self.port} failed:\n{done.stderr.strip()[-3000:]}"
            )

    def start(self) -> None:
        self._sh("start")

    def stop(self) -> None:
        self._sh("stop")

    def kill(self) -> None:
        """SIGKILL the server (no shutdown: its sockets close, its transactions are lost)."""
        pid = int((CACHE / f"neo4j-{self.port}.pid").read_text().strip())
        os.kill(pid, signal.SIGKILL)
        for _ in range(200):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)


@contextmanager
def own_server(password: str | None = None) -> Iterator[OwnServer]:
    """Start a Neo4j on a free port with a temporary data directory (auth on when a
    `password` of 8+ characters is given); kill it and delete the directory after."""
    data = tempfile.mkdtemp(prefix="graphmem-outage-")
    env = {k: v for k, v in os.environ.items() if k != "GRAPHMEM_NEO4J_PASSWORD"}
    env.update(GRAPHMEM_NEO4J_DATA=data, GRAPHMEM_NEO4J_HTTP_PORT="off")
    if password:
        env["GRAPHMEM_NEO4J_PASSWORD"] = password
    server = OwnServer(_free_port(), env, password)
    try:
        server.start()
        yield server
    finally:
        subprocess.run(  # SIGKILL: the data directory goes next, it needs no checkpoint
            ["bash", str(NEO4J_SH), "kill", str(server.port)], capture_output=True, env=env, check=False
        )
        shutil.rmtree(data, ignore_errors=True)


class OutageWriters:
    """`writers` threads sharing one Memory (`store_timeout`) that remember with retries
    (the same key again after a failure) for one user of their own, through a fault of the
    server: the party `outage_run` and `fault_run` drive. Every call is timed."""

    def __init__(self, uri: str, writers: int, store_timeout: float) -> None:
        self.uri, self.writers, self.store_timeout = uri, writers, store_timeout
        self.user = f"outage-{writers}-{os.getpid()}-{time.time_ns()}"
        self._lock = threading.Lock()
        self.calls: list[tuple[str, float, float]] = []  # (outcome, seconds, start - fault)
        self._fault_at = float("inf")
        self.acked: dict[str, str] = {}
        self.foreign: list[str] = []
        self.samples: dict[str, str] = {}  # the first message of each unexpected error class
        self._restarted = threading.Event()
        self._done_before = [0] * writers  # writes acknowledged before the fault / after the restart
        self._done_after = [0] * writers
        self._give_up = time.monotonic() + 900
        self._mem: Any = None
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        from graphmem import Config, Memory

        self._mem = Memory(self.uri, config=Config(store_timeout=self.store_timeout))
        self._threads = [
            threading.Thread(target=self._writer, args=(w,), daemon=True) for w in range(self.writers)
        ]
        for t in self._threads:
            t.start()

    def ready(self) -> bool:
        """Each writer has had a write acknowledged before the fault."""
        return min(self._done_before) >= 1

    def fault(self, at: float) -> None:
        self._fault_at = at

    def resumed(self) -> None:
        """The server answers again: each writer stops after one more acknowledged write."""
        self._restarted.set()

    def finish(self, up_after: float) -> dict[str, Any]:
        """Join the writers, read the user's episodes back (a patient Memory: a server just
        restarted plans each statement anew), forget the user; the figures."""
        from graphmem import Config, Memory

        for t in self._threads:
            t.join(timeout=300)
        self._mem.close()
        with Memory(self.uri, config=Config(store_timeout=120)) as check:
            episodes = check.store.reader(self.user).episodes()
            check.forget_user(self.user)
        calls, acked = self.calls, self.acked
        ids = [e.id for e in episodes]
        texts = [e.text for e in episodes]
        failed = [s for o, s, _ in calls if o != "ok"]
        slowest = max(calls, key=lambda c: c[1])
        return {
            "writers": self.writers,
            "store_timeout": self.store_timeout,
            "down_s": round(up_after, 1),
            "calls": len(calls),
            "acknowledged": len(acked),
            "failed_calls": len(failed),
            "outcomes": sorted({c[0] for c in calls}),
            "max_call_s": round(slowest[1], 2),
            "slowest_call": {"outcome": slowest[0], "started_after_kill_s": round(slowest[2], 1)},
            "max_failed_call_s": round(max(failed, default=0.0), 2),
            "max_ok_call_s": round(max((s for o, s, _ in calls if o == "ok"), default=0.0), 2),
            "lost": len(set(acked.values()) - set(ids)),
            "doubled": len(texts) - len(set(texts)),
            "foreign": self.foreign,
            "unexpected": self.samples,
        }

    def _call(self, key: str, text: str) -> bool:
        from graphmem import GraphMemError, StoreUnavailableError, WriteOutcomeUnknownError

        t0 = time.monotonic()
        outcome = "ok"
        try:
            r = self._mem.remember(self.user, text, key=key)
        except WriteOutcomeUnknownError:
            outcome = "unknown"
        except StoreUnavailableError:
            outcome = "unavailable"
        except GraphMemError as e:
            outcome = type(e).__name__
            self.samples.setdefault(outcome, str(e)[:300])
        except Exception as e:  # noqa: BLE001 - a raw error escaping the API is what this counts
            outcome = "foreign"
            self.foreign.append(f"{type(e).__name__}: {e}"[:300])
        took = time.monotonic() - t0
        with self._lock:
            self.calls.append((outcome, took, t0 - self._fault_at))
            if outcome == "ok":
                self.acked[key] = r.episode_id or ""
        return outcome == "ok"

    def _writer(self, w: int) -> None:
        i = 0
        while not (self._restarted.is_set() and self._done_after[w] > 0) and time.monotonic() < self._give_up:
            key = f"w{w}-n{i}"
            text = f"Writer {w} logged reading number {i} of the tide gauge."
            while not self._call(key, text):  # the same key again: a retry must not write twice
                if time.monotonic() >= self._give_up:
                    return
                time.sleep(0.2)
            i += 1
            if self._restarted.is_set():
                self._done_after[w] += 1
            elif self._fault_at == float("inf"):
                self._done_before[w] += 1


def warm(uri: str, deadline: float) -> None:
    """One remember and recall with a patient Memory, retried until the server answers:
    a server just started plans every statement anew (seconds each on a busy machine)."""
    from graphmem import Config, GraphMemError, Memory

    user = f"outage-warm-{os.getpid()}-{time.time_ns()}"
    while True:
        try:
            with Memory(uri, config=Config(store_timeout=120)) as patient:
                patient.remember(user, "The harbour gauge reads low water at noon.")
                patient.recall(user, "when is low water?")
                patient.forget_user(user)
            return
        except GraphMemError:
            if time.monotonic() > deadline:
                raise
            time.sleep(1.0)


def fault_run(
    server: OwnServer,
    parties: list[Any],
    *,
    fault: str = "kill",
    down: float = 0.0,
    warm_before: bool = True,
    warm_after: bool = True,
    settle: float = 0.5,
) -> float:
    """One fault of `server` under every party at once: warm the server (optional), start
    each party (`start()`), wait until each is `ready()` and `settle` s more, SIGKILL the
    server (`fault="kill"`) or stop it (`"stop"`, SIGTERM), keep it down `down` s more, start
    it again, warm it (optional) and tell each party (`fault(at)`, `resumed()`). Returns the
    seconds from the fault until the server answered again; the parties' `finish` reads back."""
    if warm_before:
        warm(server.uri, time.monotonic() + 300)
    for p in parties:
        p.start()
    give_up = time.monotonic() + 300
    while not all(p.ready() for p in parties) and time.monotonic() < give_up:
        time.sleep(0.05)
    time.sleep(settle)
    at = time.monotonic()
    for p in parties:
        p.fault(at)
    if fault == "kill":
        server.kill()
    elif fault == "stop":
        server.stop()
    else:
        raise ValueError(f"fault must be 'kill' or 'stop', not {fault!r}")
    time.sleep(down)
    server.start()
    up_after = time.monotonic() - at
    if warm_after:
        warm(server.uri, time.monotonic() + 300)
    for p in parties:
        p.resumed()
    return up_after


def outage_run(server: OwnServer, writers: int, store_timeout: float, down: float) -> dict[str, Any]:
    """`writers` threads sharing one Memory remember with retries (same key) while the
    server is SIGKILLed, kept down for `down` seconds and started again, until each has a
    write acknowledged after the restart. Returns the call durations by outcome and the acknowledged writes lost or doubled."""
    party = OutageWriters(server.uri, writers, store_timeout)
    up_after = fault_run(server, [party], fault="kill", down=down)
    return party.finish(up_after)
