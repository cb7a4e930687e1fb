"""The outage bound: how long one call waits while Neo4j is down, against `store_timeout`.

A Neo4j of this module's own (`tools/neo4j/neo4j.sh` on a free port, a throwaway data
directory; never a shared server) takes writers that retry every failed remember with the
same key, is SIGKILLed, stays down, and is started again. Every call is timed: each must
end (acknowledged, StoreUnavailableError rolled back, or WriteOutcomeUnknownError) within
`store_timeout` + 1 s, and every acknowledged write must be in the store once afterwards.
Used by `benchmarks/reliability.py` (the report row) and `tests/test_outage_bound.py`.
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

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.port}"

    def _sh(self, *args: str) -> None:
        subprocess.run(
            ["bash", str(NEO4J_SH), *args, str(self.port)],
            check=True,
            capture_output=True,
            env=self.env,
            timeout=300,
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
def own_server() -> Iterator[OwnServer]:
    """Start a Neo4j on a free port with a temporary data directory; stop and delete it after."""
    data = tempfile.mkdtemp(prefix="graphmem-outage-")
    env = {k: v for k, v in os.environ.items() if k != "GRAPHMEM_NEO4J_PASSWORD"}
    env.update(GRAPHMEM_NEO4J_DATA=data, GRAPHMEM_NEO4J_HTTP_PORT="off")
    server = OwnServer(_free_port(), env)
    try:
        server.start()
        yield server
    finally:
        subprocess.run(
            ["bash", str(NEO4J_SH), "stop", str(server.port)], capture_output=True, env=env, check=False
        )
        shutil.rmtree(data, ignore_errors=True)


def outage_run(server: OwnServer, writers: int, store_timeout: float, down: float) -> dict[str, Any]:
    """`writers` threads sharing one Memory remember with retries (same key) while the
    server is SIGKILLed, kept down for `down` seconds and started again, until each has a
    write acknowledged after the restart. Returns the call durations by outcome and the acknowledged writes lost or doubled."""
    from graphmem import Config, GraphMemError, Memory, StoreUnavailableError, WriteOutcomeUnknownError

    mem: Any = None  # opened after the first warm-up (a cold server plans `meta_get` for seconds)
    user = f"outage-{writers}-{os.getpid()}-{time.time_ns()}"
    lock = threading.Lock()
    calls: list[tuple[str, float, float]] = []  # (outcome, seconds, start - kill)
    killed_at = [float("inf")]
    acked: dict[str, str] = {}
    foreign: list[str] = []
    samples: dict[str, str] = {}  # the first message of each unexpected error class
    restarted = threading.Event()

    def call(key: str, text: str) -> bool:
        t0 = time.monotonic()
        outcome = "ok"
        try:
            r = mem.remember(user, text, key=key)
        except WriteOutcomeUnknownError:
            outcome = "unknown"
        except StoreUnavailableError:
            outcome = "unavailable"
        except GraphMemError as e:
            outcome = type(e).__name__
            samples.setdefault(outcome, str(e)[:300])
        except Exception as e:  # noqa: BLE001 - a raw error escaping the API is what this counts
            outcome = "foreign"
            foreign.append(f"{type(e).__name__}: {e}"[:300])
        took = time.monotonic() - t0
        with lock:
            calls.append((outcome, took, t0 - killed_at[0]))
            if outcome == "ok":
                acked[key] = r.episode_id or ""
        return outcome == "ok"

    done_before = [0] * writers  # writes acknowledged before the kill / after the restart
    done_after = [0] * writers

    def writer(w: int) -> None:
        i = 0
        while not (restarted.is_set() and done_after[w] > 0) and time.monotonic() < give_up[0]:
            key = f"w{w}-n{i}"
            text = f"Writer {w} logged reading number {i} of the tide gauge."
            while not call(key, text):  # the same key again: a retry must not write twice
                if time.monotonic() >= give_up[0]:
                    return
                time.sleep(0.2)
            i += 1
            if restarted.is_set():
                done_after[w] += 1
            elif killed_at[0] == float("inf"):
                done_before[w] += 1

    def warm(deadline: float) -> None:
        """One remember and recall with a patient Memory, retried until the server answers:
        a server just started plans every statement anew (seconds each on a busy machine)."""
        while True:
            try:
                with Memory(server.uri, config=Config(store_timeout=120)) as patient:
                    patient.remember(f"{user}-warm", "The harbour gauge reads low water at noon.")
                    patient.recall(f"{user}-warm", "when is low water?")
                    patient.forget_user(f"{user}-warm")
                return
            except GraphMemError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(1.0)

    give_up = [time.monotonic() + 900]
    warm(time.monotonic() + 300)
    mem = Memory(server.uri, config=Config(store_timeout=store_timeout))
    threads = [threading.Thread(target=writer, args=(w,), daemon=True) for w in range(writers)]
    for t in threads:
        t.start()
    while min(done_before) < 1 and time.monotonic() < give_up[0]:
        time.sleep(0.1)
    time.sleep(0.5)
    killed_at[0] = time.monotonic()
    server.kill()
    time.sleep(down)
    server.start()
    up_after = time.monotonic() - killed_at[0]
    warm(time.monotonic() + 300)
    restarted.set()
    for t in threads:
        t.join(timeout=300)
    mem.close()
    # Read back with a patient Memory: a server just restarted plans each statement anew.
    with Memory(server.uri, config=Config(store_timeout=120)) as check:
        episodes = check.store.reader(user).episodes()
        check.forget_user(user)
    ids = [e.id for e in episodes]
    texts = [e.text for e in episodes]
    failed = [s for o, s, _ in calls if o != "ok"]
    slowest = max(calls, key=lambda c: c[1])
    return {
        "writers": writers,
        "store_timeout": store_timeout,
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
        "foreign": foreign,
        "unexpected": samples,
    }
