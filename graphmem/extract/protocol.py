"""What an extractor reads and returns: the known entities and active facts of one call
(`ExtractContext`), its output (`ExtractOutput`) and the `Extractor` protocol. Kept apart from
the package `__init__` so the rule modules (common.py) can name these types without importing
the package that imports them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from graphmem.model import Candidate, Fact, Ignored

__all__ = ["ExtractContext", "ExtractOutput", "Extractor", "KnownEntity", "LazyFacts"]


@dataclass(frozen=True)
class KnownEntity:
    """An entity the user mentioned before, so "乐乐每周三…" knows who 乐乐 is."""

    name: str
    type: str  # person | pet | place | org | thing
    relation: str | None = None  # canonical relation to the user: "son", "brother", "cat"
    aliases: tuple[str, ...] = ()


class LazyFacts(Sequence[Fact]):
    """Facts read on first use: most messages never look at the user's active facts
    (only corrections without an attribute word and bare retractions do), and a large
    user holds hundreds of them."""

    def __init__(self, load: Callable[[], list[Fact]]) -> None:
        self._load: Callable[[], list[Fact]] | None = load
        self._facts: list[Fact] = []

    def _get(self) -> list[Fact]:
        if self._load is not None:
            self._facts, self._load = self._load(), None
        return self._facts

    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        return self._get()[i]

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self) -> Iterator[Fact]:
        return iter(self._get())


@dataclass
class ExtractContext:
    known_entities: list[KnownEntity] = field(default_factory=list)
    active_facts: Sequence[Fact] = field(default_factory=list)


@dataclass
class ExtractOutput:
    candidates: list[Candidate]
    ignored: list[Ignored]
    usage: dict[str, int] = field(default_factory=dict)


@runtime_checkable
class Extractor(Protocol):
    name: str

    def extract(self, sentences: Sequence[str], context: ExtractContext) -> ExtractOutput: ...
