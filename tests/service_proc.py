"""Real service processes for the service tests: `python -m graphmem ...` on a free
loopback port, waited for until it answers, always stopped (terminate, then kill)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
#: How long a service may take to start (imports spaCy on a shared 2-core machine).
START_TIMEOUT = 60.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env(extra: Mapping[str, str]) -> dict[str, str]:
    drop = ("GRAPHMEM_API_KEY", "GRAPHMEM_API_KEYS", "GRAPHMEM_MCP_TOKEN", "GRAPHMEM_MCP_TOKENS",
            "GRAPHMEM_STORE")  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(extra)
    env["PYTHONPATH"] = str(ROOT)
    return env


@contextlib.contextmanager
def service(args: list[str], health: str, env: Mapping[str, str] = (), port: int | None = None
            ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:  # fmt: skip
    """Run `python -m graphmem ARGS --port P`; yield (base URL, process) once GET `health`
    answers (any status). The process is stopped on exit whatever happened."""
    port = port or free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "graphmem", *args, "--host", "127.0.0.1", "--port", str(port)],
        env=_env(dict(env)), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if proc.poll() is not None:
                out, err = proc.communicate()
                raise RuntimeError(f"service exited with {proc.returncode}: {err.decode()[-2000:]}")
            try:
                httpx.get(base + health, timeout=2.0)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"service did not answer {health} in {START_TIMEOUT} s") from None
                time.sleep(0.2)
        yield base, proc
    finally:
        stop(proc)


def warmed(base: str, health: str, timeout: float = START_TIMEOUT) -> bool:
    """Whether GET `health` says `warm` within `timeout`: the service warms its engine at
    startup by itself (no request asks it to)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if httpx.get(base + health, timeout=30).json().get("warm") is True:
            return True
        time.sleep(0.2)
    return False


def stop(proc: subprocess.Popen[bytes]) -> str:
    """Stop the process; returns what it wrote to stdout and stderr (its logs)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=15)
    log = "".join(
        s.read().decode(errors="replace")
        for s in (proc.stdout, proc.stderr)
        if s is not None and not s.closed
    )
    for stream in (proc.stdout, proc.stderr):
        if stream is not None:
            stream.close()
    return log
