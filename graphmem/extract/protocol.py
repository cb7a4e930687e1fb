"""What an extractor reads and returns: the known entities and active facts of one call
(`ExtractContext`), its output (`ExtractOutput`) and the `Extractor` protocol. Kept apart from
the package `__init__` so the rule modules (common.py) can name these types without importing
the package that imports them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol, runtime_checkable

from graphmem.facts.vocab import CORE_KEYS, RELATION_KEYS, is_single
from graphmem.model import Candidate, Fact, Ignored
from graphmem.stores.base import THREAD_GAP_S, UserReader

__all__ = [
    "ExtractContext",
    "ExtractOutput",
    "Extractor",
    "KnownEntity",
    "LazyFacts",
    "known_entities",
    "read_context",
]


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
    #: The user's turns just before this message, read on first call (only a sentence that
    #: names someone by a pronoun, "她叫小满", asks whom the pronoun stands for).
    earlier: Callable[[], str] | None = None
    #: The assistant's turn just before this message, if it was one (read on first call): what
    #: a short answer ("just the one, Ezra, 5") names.
    asked: Callable[[], str] | None = None


@dataclass
class ExtractOutput:
    candidates: list[Candidate]
    ignored: list[Ignored]
    usage: dict[str, int] = field(default_factory=dict)


@runtime_checkable
class Extractor(Protocol):
    name: str

    def extract(self, sentences: Sequence[str], context: ExtractContext) -> ExtractOutput: ...


def known_entities(r: UserReader) -> list[KnownEntity]:
    """The user's entities for the extractor, each with its relation to the user."""
    entities = r.entities()
    me = next((e for e in entities if e.type == "self"), None)
    relation = {}
    if me is not None:
        for attribute, object_id, qualifier in r.links(me.id, list(RELATION_KEYS)):
            relation[object_id] = qualifier or attribute
    return [KnownEntity(e.name, e.type, relation.get(e.id), e.aliases) for e in entities if e.type != "self"]


# What an extractor may need to place a bare correction or a retraction: the user's
# single-valued profile, relations and standing constraints. Free-text notes, events and
# open-ended likes/dislikes are most of a large user's facts and stay out of this
# per-message read.
#: The likings too: a taste that turns ("so over X, it's all Y now") names the one it leaves.
_CONTEXT_ATTRIBUTES = (
    [k for k in CORE_KEYS if is_single(k)] + list(RELATION_KEYS) + ["diet", "allergy", "likes", "dislikes"]
)


def earlier_turns(r: UserReader, at: datetime) -> Callable[[], str]:
    """The text of the user's last two turns before `at` of the same conversation (a gap of
    THREAD_GAP_S ends one), older first; read once, on the first call."""
    read: list[str] = []

    def load() -> str:
        if not read:
            texts, before = [], at
            for _ in range(2):
                ep = r.last_episode(before - timedelta(microseconds=1))
                if ep is None or (before - ep.at).total_seconds() > THREAD_GAP_S:
                    break
                texts.append(ep.text)
                before = ep.at
            read.append("\n".join(reversed(texts)))
        return read[0]

    return load


def read_context(
    r: UserReader, extractor: Extractor, key: str | None = None, at: datetime | None = None
) -> tuple[ExtractContext, str | None]:
    """What `extractor` needs to know of the user, and the record of `key` if a write with it
    is already stored (one read, so one round trip on a server store). With `at`, the time
    of the message, the context can also read the turns just before it."""

    def read(rr: UserReader) -> tuple[list[KnownEntity], str | None]:
        return known_entities(rr), (rr.write_key(key) if key is not None else None)

    known, prior = r.read_together(read)
    active: Sequence[Fact] = (
        LazyFacts(lambda: r.facts(attributes=_CONTEXT_ATTRIBUTES))
        if getattr(extractor, "needs_active_facts", False)
        else []
    )
    earlier = earlier_turns(r, at) if at is not None else None
    asked = assistant_asked(r, at) if at is not None else None
    return ExtractContext(known_entities=known, active_facts=active, earlier=earlier, asked=asked), prior


def assistant_asked(r: UserReader, at: datetime) -> Callable[[], str]:
    """The text of the turn just before `at` when it was the assistant's and of the same
    conversation, else ""; read once, on the first call."""
    read: list[str] = []

    def load() -> str:
        if not read:
            ep = r.last_episode(at - timedelta(microseconds=1))
            ok = ep is not None and ep.role == "assistant" and (at - ep.at).total_seconds() <= THREAD_GAP_S
            read.append(ep.text if ok and ep is not None else "")
        return read[0]

    return load
