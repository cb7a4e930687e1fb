"""Bad input raises a specific exception and writes nothing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pytest

from graphmem import (
    GraphMemError,
    InvalidInputError,
    InvalidTimeError,
    InvalidUserIdError,
    Memory,
    TextTooLargeError,
)
from graphmem.config import MAX_TEXT_CHARS


def _snapshot(mem: Memory, users: list[str]) -> list[int]:
    return [mem.store.count_rows(u) for u in users]


@pytest.mark.parametrize("bad", [None, "", "   ", 42, b"bytes", "a" * 257, "tab\tid", "nul\x00id"])
def test_bad_user_id(mem: Memory, bad: object) -> None:
    with pytest.raises(InvalidUserIdError):
        mem.remember(bad, "I live in Oslo.")  # type: ignore[arg-type]
    with pytest.raises(InvalidUserIdError):
        mem.recall(bad, "where do I live?")  # type: ignore[arg-type]
    with pytest.raises(InvalidUserIdError):
        mem.get(bad, "city")  # type: ignore[arg-type]


def test_bad_inputs_write_nothing(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("bad")
    mem.remember(u, "I live in Oslo.", at="2026-01-01T00:00:00Z")
    before = _snapshot(mem, [u])
    cases: list[tuple[type[Exception], Callable[[], object]]] = [
        (InvalidInputError, lambda: mem.remember(u, None)),  # type: ignore[arg-type]
        (InvalidInputError, lambda: mem.remember(u, ["I live in Rome"])),  # type: ignore[arg-type]
        (TextTooLargeError, lambda: mem.remember(u, "I live in Rome. " + "x" * MAX_TEXT_CHARS)),
        (InvalidTimeError, lambda: mem.remember(u, "I live in Rome.", at="yesterday-ish")),
        (InvalidTimeError, lambda: mem.remember(u, "I live in Rome.", at=12345)),  # type: ignore[arg-type]
        (InvalidInputError, lambda: mem.remember(u, "I live in Rome.", role="boss")),
        (InvalidInputError, lambda: mem.recall(u, "where?", k=0)),
        (InvalidInputError, lambda: mem.get(u, "city; DROP TABLE facts")),
    ]
    for exc, call in cases:
        with pytest.raises(exc):
            call()
    assert _snapshot(mem, [u]) == before
    assert [f.value for f in mem.get(u, "city")] == ["Oslo"]


def test_all_errors_share_one_root() -> None:
    for exc in (InvalidUserIdError, TextTooLargeError, InvalidTimeError, InvalidInputError):
        assert issubclass(exc, GraphMemError)


def test_naive_and_aware_times_are_accepted(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("time")
    mem.remember(u, "I live in Oslo.", at=datetime(2026, 1, 1, 12, 0))
    mem.remember(u, "I moved to Bergen.", at="2026-02-01T12:00:00+01:00")
    assert [f.value for f in mem.get(u, "city")] == ["Bergen"]
