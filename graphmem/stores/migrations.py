"""Named migrations: one mechanism for every versioned thing graphmem keeps.

Each kind of thing (the SQLite schema, the Neo4j schema, the export document) has one
`Migrations` registry: an ordered list of named steps, step N bringing version N-1 to N.
A registry lists its steps, says which are pending from a version, and applies them in
order; it refuses a version newer than it knows, because an older graphmem must never
write over data a newer one laid out.

    SQLITE = Migrations("SQLite schema")

    @SQLITE.step("initial tables")           # version 1
    def _v1(conn): ...

    SQLITE.upgrade(conn, from_version=0)      # -> names applied, in order
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from graphmem.errors import SchemaVersionError

T = TypeVar("T")


@dataclass(frozen=True)
class Migration(Generic[T]):
    """One step: `apply(thing, *context)` takes the thing at `version - 1` and returns it
    at `version` (the context is whatever the registry's user passes to `upgrade`)."""

    version: int
    name: str
    apply: Callable[..., T]


class Migrations(Generic[T]):
    """The ordered, named steps of one kind of versioned thing."""

    def __init__(self, subject: str, first: int = 0) -> None:
        """`first`: the oldest version there is (0: "nothing yet", as for a new database)."""
        self.subject = subject
        self.first = first
        self._steps: list[Migration[T]] = []

    def step(self, name: str) -> Callable[[Callable[..., T]], Callable[..., T]]:
        """Register the next step (it brings the latest version to the one after it)."""

        def register(fn: Callable[..., T]) -> Callable[..., T]:
            self.add(name, fn)
            return fn

        return register

    def add(self, name: str, fn: Callable[..., T]) -> Migration[T]:
        if any(m.name == name for m in self._steps):
            raise ValueError(f"{self.subject}: a migration is already named {name!r}")
        m = Migration(self.latest + 1, name, fn)
        self._steps.append(m)
        return m

    @property
    def latest(self) -> int:
        return self.first + len(self._steps)

    def all(self) -> list[Migration[T]]:
        return list(self._steps)

    def pending(self, from_version: int) -> list[Migration[T]]:
        """The steps that bring `from_version` to the latest; refuses a newer version."""
        self.check(from_version)
        return self._steps[max(0, from_version - self.first) :]

    def check(self, version: int, where: str = "") -> None:
        if version < self.first:
            raise SchemaVersionError(f"{self.subject} version {version} is older than any graphmem wrote")
        if version > self.latest:
            at = f"{where} has " if where else ""
            raise SchemaVersionError(
                f"{at}{self.subject} version {version}; this graphmem understands up to "
                f"{self.latest}. Upgrade graphmem to open it."
            )

    def upgrade(self, thing: T, from_version: int, *context: object) -> tuple[T, list[str]]:
        """Apply every pending step in order; returns the result and the names applied."""
        done = []
        for m in self.pending(from_version):
            thing = m.apply(thing, *context)
            done.append(m.name)
        return thing, done
