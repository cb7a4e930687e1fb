"""A real Neo4j for the test session, provisioned in this order:

1. `GRAPHMEM_NEO4J_URI` if set (with `GRAPHMEM_NEO4J_USER` / `GRAPHMEM_NEO4J_PASSWORD`
   if set): a server someone else runs; it is used as is and never stopped.
2. testcontainers `neo4j:5.26`, when the `testcontainers` package is installed and a
   Docker engine answers `docker info`.
3. The local Neo4j 5.26 Community from Maven Central jars (`tools/neo4j/neo4j.sh`), on a
   free port with a fresh data directory, killed and deleted at the end.

If none works, `provision()` raises `ProvisionError` saying what to install; it never
skips. Credentials go into the yielded URI (`bolt://user:pw@host:port`), which
`Neo4jStore` understands, so tests can open `Memory(uri)` without an auth argument.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
NEO4J_SH = ROOT / "tools" / "neo4j" / "neo4j.sh"
IMAGE = "neo4j:5.26"

HOW_TO_FIX = (
    "No Neo4j for the neo4j-backend tests. Any one of these fixes it:\n"
    "  * install Java 17+ (JDK) and Maven: apt-get install openjdk-17-jdk-headless maven\n"
    "    (tools/neo4j/neo4j.sh then fetches Neo4j 5.26 from Maven Central on first use), or\n"
    "  * run Docker and pip install testcontainers, or\n"
    "  * point GRAPHMEM_NEO4J_URI (and GRAPHMEM_NEO4J_USER / GRAPHMEM_NEO4J_PASSWORD) at a Neo4j 5.26+."
)


class ProvisionError(RuntimeError):
    """No Neo4j could be found or started."""


#: Bolt URI -> Neo4j Browser URL of the servers `local_server` started (see `browser_url`).
_BROWSERS: dict[str, str] = {}


def browser_url(uri: str) -> str | None:
    """Neo4j Browser of the server at `uri`: `GRAPHMEM_NEO4J_BROWSER_URL` if set (CI exports
    it beside `GRAPHMEM_NEO4J_URI`), else the one `local_server` started with it, else None."""
    return os.environ.get("GRAPHMEM_NEO4J_BROWSER_URL") or _BROWSERS.get(uri)


def with_credentials(uri: str, user: str | None, password: str | None) -> str:
    """`uri` with `user:password@` in it (when a password is given)."""
    if not password:
        return uri
    parts = urlsplit(uri)
    userinfo = f"{quote(user or 'neo4j', safe='')}:{quote(password, safe='')}"
    return urlunsplit((parts.scheme, f"{userinfo}@{parts.netloc}", parts.path, parts.query, parts.fragment))


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def docker_answers(timeout: float = 5.0) -> bool:
    docker = shutil.which("docker")
    if docker is None:
        return False
    try:
        out = subprocess.run([docker, "info"], capture_output=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.returncode == 0


@contextmanager
def _from_testcontainers() -> Iterator[str]:
    from testcontainers.neo4j import Neo4jContainer  # lazy: optional dependency

    password = "graphmem-test-pw"
    with Neo4jContainer(IMAGE, password=password) as container:
        uri = container.get_connection_url()
        yield with_credentials(uri, "neo4j", password)


@contextmanager
def local_server(port: int | None = None, password: str | None = None) -> Iterator[str]:
    """Start tools/neo4j/neo4j.sh on a free port with a throwaway data dir; kill it and delete
    the data dir after."""
    port = port or free_port()
    data = tempfile.mkdtemp(prefix=f"graphmem-neo4j-{port}-")
    env = {k: v for k, v in os.environ.items() if k not in ("GRAPHMEM_NEO4J_PASSWORD", "GRAPHMEM_NEO4J_DATA")}
    env["GRAPHMEM_NEO4J_DATA"] = data
    env["GRAPHMEM_NEO4J_HTTP_PORT"] = "auto"  # Neo4j Browser on a free port, never a fixed one
    if password:
        env["GRAPHMEM_NEO4J_PASSWORD"] = password
    started = subprocess.run(
        ["bash", str(NEO4J_SH), "start", str(port)], capture_output=True, text=True, env=env, check=False
    )
    uri = ""
    try:
        if started.returncode != 0:
            raise ProvisionError(
                f"tools/neo4j/neo4j.sh start {port} failed:\n{started.stderr.strip()[-3000:]}"
            )
        uri = with_credentials(started.stdout.strip().splitlines()[-1], "neo4j", password)
        browser = subprocess.run(
            ["bash", str(NEO4J_SH), "browser-url", str(port)],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        ).stdout.strip()
        if browser:
            _BROWSERS[uri] = browser
        yield uri
    finally:
        _BROWSERS.pop(uri, None)
        # SIGKILL: the data directory goes next, so a checkpoint would only be waited for.
        subprocess.run(["bash", str(NEO4J_SH), "kill", str(port)], capture_output=True, env=env, check=False)
        shutil.rmtree(data, ignore_errors=True)


@contextmanager
def provision() -> Iterator[str]:
    """Yield a bolt URI of a running Neo4j (see the module docstring for the order)."""
    uri = os.environ.get("GRAPHMEM_NEO4J_URI")
    if uri:
        yield with_credentials(
            uri, os.environ.get("GRAPHMEM_NEO4J_USER"), os.environ.get("GRAPHMEM_NEO4J_PASSWORD")
        )
        return
    problems: list[str] = []
    if docker_answers():
        try:
            import testcontainers.neo4j  # noqa: F401
        except ImportError:
            problems.append("Docker answers, but the testcontainers package is not installed")
        else:
            with _from_testcontainers() as found:
                yield found
            return
    else:
        problems.append("no Docker engine answers `docker info`")
    if shutil.which("java") is None:
        problems.append("java (17+) is not on PATH")
    else:
        for _attempt in range(2):  # a second try covers losing the free port to another process
            stack = ExitStack()
            try:
                found = stack.enter_context(local_server())
            except ProvisionError as e:
                problems.append(str(e))
                continue
            with stack:
                yield found
            return
    raise ProvisionError(HOW_TO_FIX + "\nWhat was tried:\n  - " + "\n  - ".join(problems))
