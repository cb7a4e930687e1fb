"""The named-migration mechanism (graphmem.stores.migrations) every versioned thing uses."""

from __future__ import annotations

import pytest

from graphmem.errors import SchemaVersionError
from graphmem.stores.migrations import Migrations


def _registry() -> Migrations[list[str]]:
    reg: Migrations[list[str]] = Migrations("test ledger")

    @reg.step("add a")
    def _a(x: list[str]) -> list[str]:
        return [*x, "a"]

    @reg.step("add b")
    def _b(x: list[str]) -> list[str]:
        return [*x, "b"]

    reg.add("add c", lambda x: [*x, "c"])
    return reg


def test_steps_are_numbered_in_order_and_listed_by_name() -> None:
    reg = _registry()
    assert reg.latest == 3
    assert [(m.version, m.name) for m in reg.all()] == [(1, "add a"), (2, "add b"), (3, "add c")]


def test_upgrade_applies_only_what_is_pending() -> None:
    reg = _registry()
    assert reg.upgrade([], 0) == (["a", "b", "c"], ["add a", "add b", "add c"])
    assert reg.upgrade(["a", "b"], 2) == (["a", "b", "c"], ["add c"])
    assert reg.upgrade(["a", "b", "c"], 3) == (["a", "b", "c"], [])


def test_a_newer_version_is_refused_naming_both() -> None:
    with pytest.raises(SchemaVersionError, match="version 4; this graphmem understands up to 3"):
        _registry().upgrade([], 4)


def test_names_are_unique() -> None:
    reg = _registry()
    with pytest.raises(ValueError, match="already named"):
        reg.add("add b", lambda x: x)
