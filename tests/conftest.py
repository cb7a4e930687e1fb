"""Fixtures and tiers.

`backend` is "sqlite" (a real file in a temp dir) or "neo4j" (a real server, see
tests/neo4j_server.py). The storage protocol is held to on both stores by the contract
suite (tests/test_store_contract.py, every protocol method), so a Memory-level test runs
on SQLite alone unless it is marked `both_stores`: tests of code that differs by store
(the contract, the analyst's Cypher, secrets at rest, isolation through the shells, the
public scenarios and the dev set). Tests build Memory objects with `open_memory()` so a
restart is a real close and reopen, and use `uid()` for user ids unique to the test,
because the Neo4j database is shared by the whole session.

Markers (pyproject.toml): `neo4j` is added to every test that runs on Neo4j (the neo4j
backend, the `neo4j_uri` fixture); `slow` marks subprocess-heavy tests. The Neo4j server is
one per pytest process: under pytest-xdist each worker that meets a Neo4j test starts its
own, so `make test` runs the Neo4j tests in a process of their own, after the others ran in
parallel. (xdist's `--dist loadgroup` would keep them on one worker, but xdist 3.8 sets a
node id pytest 9 no longer reads, so its groups do nothing.)
"""

from __future__ import annotations

import contextlib
import signal
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from graphmem import Memory

if TYPE_CHECKING:
    from benchmarks.outage import OwnServer

SQLITE = pytest.param("sqlite", id="sqlite")
NEO4J = pytest.param("neo4j", id="neo4j", marks=pytest.mark.neo4j)
#: Both stores, the neo4j one marked: for tests parametrized by hand (`@pytest.mark.parametrize`).
BACKENDS = [SQLITE, NEO4J]


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def pytest_configure(config: pytest.Config) -> None:
    """SIGTERM ends the run as Ctrl-C does, so session fixtures stop the Neo4j servers they
    started (`make test` stops its background tiers with it; the servers run detached)."""
    signal.signal(signal.SIGTERM, _interrupt)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """`backend`: SQLite alone, both stores for tests marked `both_stores`; a test that
    parametrizes `backend` itself (indirectly, beside other arguments) names its stores."""
    by_hand = any(
        "backend" in (m.args[0].replace(" ", "").split(",") if isinstance(m.args[0], str) else m.args[0])
        for m in metafunc.definition.iter_markers("parametrize")
    )
    if "backend" in metafunc.fixturenames and not by_hand:
        both = metafunc.definition.get_closest_marker("both_stores") is not None
        # Module scope: a module-scoped fixture (a service process) may depend on it too.
        metafunc.parametrize("backend", BACKENDS if both else [SQLITE], scope="module")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if {"neo4j_uri", "spare_server"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.neo4j)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line saying whether the optional shared scenarios ran (shown even with -q)."""
    from .eval_dir import status_line

    terminalreporter.write_line(status_line())


@pytest.fixture(scope="session")
def neo4j_uri() -> Iterator[str]:
    from tests.neo4j_server import provision

    with provision() as uri:
        yield uri


#: The spare server's password (auth on, user neo4j).
SPARE_PASSWORD = "graphmem-secret-pw"


@pytest.fixture(scope="session")
def spare_server() -> Iterator[OwnServer]:
    """A second local Neo4j of this session (tools/neo4j/neo4j.sh on a free port, a throwaway
    data directory), auth on: user neo4j, SPARE_PASSWORD, both in its `uri`. Tests may kill,
    stop and restart it, and change what is recorded per database (the embedder, the schema
    version) if they put it back: the fault runs (test_faults.py), the auth, schema-version
    and re-embedding tests (test_neo4j_store.py). Started once, when a test first needs it;
    never the shared server, never one GRAPHMEM_NEO4J_URI names. No Java is a failure."""
    from benchmarks.outage import own_server

    with own_server(password=SPARE_PASSWORD) as server:
        yield server


@pytest.fixture(scope="module")
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)  # always parametrized by pytest_generate_tests


@pytest.fixture
def store_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    if backend == "sqlite":
        return str(tmp_path / "memory.db")
    return str(request.getfixturevalue("neo4j_uri"))


@pytest.fixture
def open_memory(store_target: str) -> Iterator[Callable[..., Memory]]:
    opened: list[Memory] = []

    def _open(**kwargs: object) -> Memory:
        m = Memory(store_target, **kwargs)  # type: ignore[arg-type]
        opened.append(m)
        return m

    yield _open
    for m in opened:
        with contextlib.suppress(Exception):  # closing twice is fine
            m.close()


@pytest.fixture
def mem(open_memory: Callable[..., Memory]) -> Memory:
    return open_memory()


@pytest.fixture
def uid() -> Callable[[str], str]:
    token = uuid.uuid4().hex[:8]
    return lambda name: f"t{token}-{name}"
