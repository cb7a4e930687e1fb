"""Fault runs on a Neo4j of this module's own (never the shared one): the server is stopped
(SIGTERM) and killed (SIGKILL) under 4 writers that retry every failed remember with the
same key. Afterwards: no duplicate message, no lost acknowledged write, every error the
writers saw was "rolled back" (StoreError) or "outcome unknown"
(WriteOutcomeUnknownError), and the same Memory objects recover."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphmem import Config, GraphMemError, Memory, StoreError, WriteOutcomeUnknownError

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tools" / "neo4j" / "neo4j.sh"
PORT = int(os.environ.get("GRAPHMEM_FAULT_PORT", "7736"))
CACHE = Path(os.environ.get("GRAPHMEM_NEO4J_CACHE", Path.home() / ".cache" / "graphmem" / "neo4j-5.26"))

pytestmark = [pytest.mark.slow, pytest.mark.neo4j]


def _sh(*args: str, timeout: float = 200) -> None:
    subprocess.run([str(SCRIPT), *args], check=True, capture_output=True, timeout=timeout)


@pytest.fixture(scope="module")
def fault_uri() -> Iterator[str]:
    try:
        _sh("start", str(PORT))
    except (subprocess.SubprocessError, OSError) as e:
        pytest.skip(f"no local Neo4j for fault runs: {e}")
    try:
        yield f"bolt://127.0.0.1:{PORT}"
    finally:
        _sh("stop", str(PORT))


def _kill() -> None:
    pid = int((CACHE / f"neo4j-{PORT}.pid").read_text().strip())
    os.kill(pid, signal.SIGKILL)
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)


def _run_writers(uri: str, user: str, fault: str, per_writer: int = 6) -> dict[str, object]:
    mems = [Memory(uri, config=Config(store_timeout=3.0)) for _ in range(4)]
    acked: dict[str, str] = {}
    errors: list[GraphMemError] = []
    foreign: list[BaseException] = []
    lock = threading.Lock()
    deadline = time.monotonic() + 150

    def writer(w: int) -> None:
        for i in range(per_writer):
            key = f"w{w}-m{i}"
            while time.monotonic() < deadline:
                try:
                    r = mems[w].remember(
                        user, f"Note {w} {i}: I visited museum number {w * 100 + i}.", key=key
                    )
                    with lock:
                        acked[key] = r.episode_id or ""
                    break
                except GraphMemError as e:
                    with lock:
                        errors.append(e)
                    time.sleep(0.3)
                except BaseException as e:  # pragma: no cover - the property under test
                    foreign.append(e)
                    return

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    time.sleep(1.0)
    if fault == "kill":
        _kill()
    else:
        _sh("stop", str(PORT))
    _sh("start", str(PORT))
    for t in threads:
        t.join(timeout=180)
    episodes = mems[0].store.reader(user).episodes()
    for m in mems:
        m.close()
    return {"acked": acked, "errors": errors, "foreign": foreign, "episodes": episodes}


@pytest.mark.parametrize("fault", ["kill", "stop"])
def test_writers_survive_a_neo4j_fault_without_duplicates(fault_uri: str, fault: str) -> None:
    user = f"fault-{fault}-{os.getpid()}-{time.time_ns()}"
    out = _run_writers(fault_uri, user, fault)
    assert not out["foreign"], out["foreign"]
    acked, episodes = out["acked"], out["episodes"]
    assert len(acked) == 24, f"only {len(acked)} of 24 remembers succeeded"  # type: ignore[arg-type]
    refs = [e.ref for e in episodes]  # type: ignore[attr-defined]
    texts = [e.text for e in episodes]  # type: ignore[attr-defined]
    assert len(texts) == len(set(texts)) == 24, "a retried write was stored twice (or one was lost)"
    assert {e.id for e in episodes} == set(acked.values())  # type: ignore[attr-defined,union-attr]
    del refs
    for e in out["errors"]:  # type: ignore[attr-defined]
        assert isinstance(e, (StoreError, WriteOutcomeUnknownError)), repr(e)
        if isinstance(e, WriteOutcomeUnknownError):
            assert "may have been written" in str(e)
        else:
            assert "rolled back" in str(e) or "not written" in str(e), str(e)
