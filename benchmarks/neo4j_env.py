"""Finding a Neo4j for the Neo4j rows, or saying exactly why there is none.

Order: `--neo4j bolt://...` (used as is), else `--neo4j auto` or `GRAPHMEM_NEO4J_URI`
set: the URI from the environment if set (with `GRAPHMEM_NEO4J_USER` /
`GRAPHMEM_NEO4J_PASSWORD`), otherwise a throwaway local server started with
`tools/neo4j/neo4j.sh start PORT` on a free port and a temporary data directory,
stopped and deleted at the end. A server we did not start is never stopped; the
users the benchmarks created on it are deleted instead (`cleanup`).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from benchmarks.common import REPO

NEO4J_SH = REPO / "tools" / "neo4j" / "neo4j.sh"


@dataclass
class Neo4jTarget:
    """A usable server (`uri` set) or the reason there is none (`skipped`)."""

    uri: str | None = None
    auth: tuple[str, str] | None = None
    skipped: str = ""
    started_here: bool = False
    server_version: str = ""
    created_users: set[str] = field(default_factory=set)

    @property
    def ok(self) -> bool:
        return self.uri is not None

    def memory(self, **kwargs: object):  # type: ignore[no-untyped-def]
        from graphmem import Memory

        return Memory(self.uri, auth=self.auth, **kwargs)  # type: ignore[arg-type]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _check(target: Neo4jTarget) -> Neo4jTarget:
    """Open a Memory on the server once; on failure the target becomes a skip with the reason."""
    try:
        m = target.memory()
        m.close()
    except Exception as e:  # noqa: BLE001 - any failure means "no Neo4j rows", with the reason
        return Neo4jTarget(skipped=f"Memory({target.uri!r}) failed: {type(e).__name__}: {str(e)[:300]}")
    try:
        from neo4j import GraphDatabase

        with GraphDatabase.driver(target.uri, auth=target.auth) as d:
            rec = d.execute_query("CALL dbms.components() YIELD name, versions, edition RETURN *").records
            if rec:
                target.server_version = f"{rec[0]['name']} {rec[0]['versions'][0]} {rec[0]['edition']}"
    except Exception:  # noqa: BLE001 - the version is informational only
        target.server_version = "?"
    return target


@contextmanager
def provision(arg: str | None) -> Iterator[Neo4jTarget]:
    """Yield a Neo4jTarget; see the module docstring for the order."""
    env_uri = os.environ.get("GRAPHMEM_NEO4J_URI")
    if not arg and not env_uri:
        yield Neo4jTarget(
            skipped="not requested (pass --neo4j auto, --neo4j bolt://..., or set GRAPHMEM_NEO4J_URI)"
        )
        return
    user = os.environ.get("GRAPHMEM_NEO4J_USER") or "neo4j"
    password = os.environ.get("GRAPHMEM_NEO4J_PASSWORD")
    auth = (user, password) if password else None
    uri = arg if arg and arg != "auto" else env_uri
    if uri:
        target = _check(Neo4jTarget(uri=uri, auth=auth))
        try:
            yield target
        finally:
            cleanup(target)
        return
    yield from _local_server()


def _local_server() -> Iterator[Neo4jTarget]:
    if shutil.which("java") is None:
        yield Neo4jTarget(skipped="java 17+ not on PATH, so tools/neo4j/neo4j.sh cannot start a local server")
        return
    port = _free_port()
    data = tempfile.mkdtemp(prefix=f"graphmem-bench-neo4j-{port}-")
    env = {k: v for k, v in os.environ.items() if k not in ("GRAPHMEM_NEO4J_PASSWORD", "GRAPHMEM_NEO4J_DATA")}
    env["GRAPHMEM_NEO4J_DATA"] = data
    try:
        started = subprocess.run(
            ["bash", str(NEO4J_SH), "start", str(port)], capture_output=True, text=True, env=env, check=False
        )
        if started.returncode != 0:
            tail = " ".join(started.stderr.strip().splitlines()[-3:])[:400]
            yield Neo4jTarget(skipped=f"tools/neo4j/neo4j.sh start {port} failed: {tail}")
            return
        uri = started.stdout.strip().splitlines()[-1]
        target = _check(Neo4jTarget(uri=uri, started_here=True))
        yield target
    finally:
        subprocess.run(["bash", str(NEO4J_SH), "stop", str(port)], capture_output=True, env=env, check=False)
        shutil.rmtree(data, ignore_errors=True)


def cleanup(target: Neo4jTarget) -> None:
    """Delete the users the benchmarks created on a server we did not start."""
    if not target.ok or target.started_here or not target.created_users:
        return
    try:
        m = target.memory()
    except Exception:  # noqa: BLE001
        return
    try:
        for uid in sorted(target.created_users):
            m.store.write(uid, lambda w: w.delete_user())
    finally:
        m.close()
