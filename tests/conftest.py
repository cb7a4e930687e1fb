"""Fixtures: one behaviour suite, parametrized over every store.

`backend` is "sqlite" (a real file in a temp dir) or "neo4j" (a real server, see
tests/neo4j_server.py). Tests build Memory objects with `open_memory()` so a restart
is a real close and reopen, and use `uid()` for user ids unique to the test, because
the Neo4j database is shared by the whole session.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from graphmem import Memory

BACKENDS = ["sqlite", "neo4j"]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line saying whether the optional shared scenarios ran (shown even with -q)."""
    from .eval_dir import status_line

    terminalreporter.write_line(status_line())


@pytest.fixture(scope="session")
def neo4j_uri() -> Iterator[str]:
    from tests.neo4j_server import provision

    with provision() as uri:
        yield uri


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


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
