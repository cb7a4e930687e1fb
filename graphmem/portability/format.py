"""The export document format: its constants, limits and the typed field checks that
validate it (shared by `graphmem.portability.load`, which loads and validates whole
documents, and `graphmem.portability.plan`, which plans their import).

Versions (`schema_version`):

- **3** (current): as 2, and each episode also carries its thread place (`prev_id`,
  `position`), the date range it refers to (`refers_from`, `refers_to`) and `speaker`,
  all optional. `migrate_v2` lifts a version 2 document (its episodes keep no thread;
  nothing else changes).
- **2**: `{"format": "graphmem-export", "schema_version": 2, "user_id",
  "exported_at", "embedder", "entities", "facts", "supersedes", "audit", "episodes"}`,
  every record with every field of its dataclass, datetimes as ISO-8601 strings.
- **1** (``"1.0"``, the seed's shape): `{"schema_version": "1.0", "user_id",
  "exported_at", "entries": [{"id", "entry_type", "content", "confidence", "status",
  "half_life_days", ...}]}`. `graphmem.portability.load.migrate_v1` turns it into
  version 2 (see there).

Anything else, and any version newer than 3, is refused with the version named.
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from graphmem.errors import GraphMemError, ImportFormatError
from graphmem.model import AuditRecord, Entity, Fact
from graphmem.stores.base import Episode, SupersedesEdge
from graphmem.text.timestamps import parse_time
from graphmem.write.validate import unstorable

__all__ = [
    "DEFAULT_LIMITS",
    "FORMAT",
    "MAX_FIELD_CHARS",
    "MAX_IMPORT_BYTES",
    "MAX_IMPORT_FACTS",
    "MAX_IMPORT_RECORDS",
    "MAX_VALUE_CHARS",
    "NO_LIMITS",
    "SCHEMA_VERSION",
    "Limits",
    "ParsedDoc",
]

FORMAT = "graphmem-export"
SCHEMA_VERSION = 3
#: The largest document `import` reads (bytes of JSON).
MAX_IMPORT_BYTES = 50 * 1024 * 1024
#: The most facts one document may hold.
MAX_IMPORT_FACTS = 200_000
#: The most records any other list (entities, supersedes, audit, episodes) may hold.
MAX_IMPORT_RECORDS = 1_000_000
#: The longest string field (text, source text, episode text, audit detail).
MAX_FIELD_CHARS = 65_536
#: The longest fact value, as for `remember`.
MAX_VALUE_CHARS = 1000
MAX_ID_CHARS = 256
#: Bounds on every number a document holds, so no imported value can overflow a store's
#: integer (Neo4j's 64-bit long), turn into a float, or make decay arithmetic degenerate.
MAX_ACCESS_COUNT = 1_000_000_000
MIN_HALF_LIFE_DAYS = 1e-3
MAX_HALF_LIFE_DAYS = 100_000.0
#: JSON text limits checked while parsing: digits of one number, nesting of arrays/objects.
MAX_NUMBER_CHARS = 40
MAX_DEPTH = 32


@dataclass(frozen=True)
class Limits:
    max_bytes: int | None = MAX_IMPORT_BYTES
    max_facts: int | None = MAX_IMPORT_FACTS
    max_records: int | None = MAX_IMPORT_RECORDS


DEFAULT_LIMITS = Limits()
NO_LIMITS = Limits(None, None, None)


@dataclass
class ParsedDoc:
    """A validated document, in model types; ids are still the exporter's."""

    user_id: str
    exported_at: datetime
    schema_version: int  # the version as read (1 was migrated)
    embedder: tuple[str, int] | None
    entities: list[Entity]
    facts: list[Fact]
    supersedes: list[SupersedesEdge] = field(default_factory=list)
    audit: list[AuditRecord] = field(default_factory=list)
    episodes: list[Episode] = field(default_factory=list)
    vectors: dict[str, np.ndarray] = field(default_factory=dict)  # fact id -> vector, when included


def fail(path: str, msg: str) -> ImportFormatError:
    return ImportFormatError(f"{path}: {msg}" if path else msg)


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother, _REPR.maxlong = 2, 40, 40, 40


def short(v: object) -> str:
    """A bounded repr for error messages: never recursive, never long."""
    try:
        return _REPR.repr(v)
    except Exception:  # a value whose repr fails
        return f"<{type(v).__name__}>"


def type_name(v: object) -> str:
    names = {"dict": "object", "list": "array", "str": "string", "NoneType": "null"}
    return names.get(type(v).__name__, type(v).__name__)


# ---- field checks -----------------------------------------------------------------------

_MISSING = object()


class Record:
    """Typed access to one JSON object, failing with the field's path."""

    def __init__(
        self, raw: Any, path: str, required: Collection[str], optional: Collection[str] = ()
    ) -> None:
        if not isinstance(raw, dict):
            raise fail(path, f"expected an object, got {type_name(raw)}")
        for k in raw:
            if k not in required and k not in optional:
                raise fail(path, f"unknown field {k!r}")
        for k in sorted(required):
            if k not in raw:
                raise fail(path, f"missing field {k!r}")
        self.raw, self.path = raw, path

    def at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str, default: Any = _MISSING) -> Any:
        return self.raw.get(key, default)

    def text(self, key: str, *, max_len: int = MAX_FIELD_CHARS, nonempty: bool = False) -> str:
        v = self.raw.get(key, _MISSING)
        if v is _MISSING and not nonempty:
            return ""
        if not isinstance(v, str):
            raise fail(self.at(key), f"expected a string, got {type_name(v)}")
        if nonempty and not v.strip():
            raise fail(self.at(key), "must not be empty")
        if len(v) > max_len:
            raise fail(self.at(key), f"is {len(v)} characters; the limit is {max_len}")
        problem = unstorable(v)
        if problem:
            raise fail(self.at(key), f"holds {problem}, which cannot be stored as text")
        return v

    def opt_text(self, key: str, *, max_len: int = MAX_FIELD_CHARS) -> str | None:
        return None if self.raw.get(key) is None else self.text(key, max_len=max_len)

    def id(self, key: str) -> str:
        v = self.text(key, max_len=MAX_ID_CHARS, nonempty=True)
        if any(ord(c) < 32 or ord(c) == 127 for c in v):
            raise fail(self.at(key), "must not contain control characters")
        return v

    def opt_id(self, key: str) -> str | None:
        return None if self.raw.get(key) is None else self.id(key)

    def number(self, key: str, lo: float, hi: float | None = None, default: float | None = None) -> float:
        v = self.raw.get(key, _MISSING)
        if v is _MISSING and default is not None:
            return default
        ok = isinstance(v, (int, float)) and not isinstance(v, bool)
        ok = ok and (abs(v) < 1e300 if isinstance(v, int) else math.isfinite(v))  # type: ignore[arg-type]
        if not ok or v < lo or (hi is not None and v > hi):  # type: ignore[operator]
            rng = f"from {lo:g} to {hi:g}" if hi is not None else f"of at least {lo:g}"
            raise fail(self.at(key), f"expected a number {rng}, got {type_name(v)} {short(v)}")
        return float(v)  # type: ignore[arg-type]

    def integer(self, key: str, default: int = 0, hi: int = MAX_ACCESS_COUNT) -> int:
        v = self.raw.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= hi:
            raise fail(self.at(key), f"expected an integer from 0 to {hi:,}, got {type_name(v)} {short(v)}")
        return v

    def boolean(self, key: str, default: bool = False) -> bool:
        v = self.raw.get(key, default)
        if not isinstance(v, bool):
            raise fail(self.at(key), f"expected true or false, got {type_name(v)}")
        return v

    def time(self, key: str) -> datetime:
        v = self.raw.get(key)
        if not isinstance(v, str):
            raise fail(self.at(key), f"expected an ISO-8601 date-time string, got {type_name(v)}")
        try:
            return parse_time(v, key)
        except GraphMemError as e:
            raise fail(
                self.at(key), f"{short(v)} is not an ISO-8601 date-time in the years 1000 to 9000"
            ) from e

    def opt_time(self, key: str) -> datetime | None:
        return None if self.raw.get(key) is None else self.time(key)

    def choice(self, key: str, choices: tuple[str, ...]) -> str:
        v = self.raw.get(key)
        if v not in choices:
            raise fail(self.at(key), f"expected one of {', '.join(choices)}, got {short(v)}")
        return str(v)

    def strs(self, key: str) -> tuple[str, ...]:
        v = self.raw.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, str) and len(x) <= MAX_FIELD_CHARS for x in v):
            raise fail(self.at(key), f"expected an array of strings, got {type_name(v)}")
        for i, x in enumerate(v):
            problem = unstorable(x)
            if problem:
                raise fail(f"{self.at(key)}[{i}]", f"holds {problem}, which cannot be stored as text")
        return tuple(v)


def section_list(doc: Record, key: str, limit: int | None, required: bool = True) -> list[Any]:
    v = doc.get(key, _MISSING)
    if v is _MISSING and not required:
        return []
    if not isinstance(v, list):
        raise fail(key, f"expected an array, got {type_name(v)}")
    if limit is not None and len(v) > limit:
        raise fail(key, f"holds {len(v)} records; the import limit is {limit}")
    return v


def unique_ids(ids: list[str], section: str) -> set[str]:
    seen: dict[str, int] = {}
    for i, x in enumerate(ids):
        if x in seen:
            raise fail(f"{section}[{i}].id", f"duplicate id {x!r} (also {section}[{seen[x]}].id)")
        seen[x] = i
    return set(seen)


def version_of(v: Any) -> int:
    """1 or 2 from the `schema_version` field; anything else is refused by name."""
    if isinstance(v, bool) or not isinstance(v, (int, float, str)):
        raise fail("schema_version", f"unknown schema_version {short(v)}; this graphmem reads 1 to 3")
    if isinstance(v, float) and not math.isfinite(v):
        raise fail("schema_version", f"unknown schema_version {v!r}; this graphmem reads 1 to 3")
    text = str(v).strip()[:20] if not isinstance(v, int) or abs(v) < 10**6 else "?"
    try:
        major_s, _, minor_s = text.partition(".")
        major, minor = int(major_s), int(minor_s or 0)
    except ValueError:
        raise fail(
            "schema_version", f"unknown schema_version {short(v)}; this graphmem reads 1 to 3"
        ) from None
    if (major, minor) > (SCHEMA_VERSION, 0):
        raise fail("schema_version", f"schema_version {text} is newer than this graphmem understands "
                    f"(up to {SCHEMA_VERSION}); upgrade graphmem to import it")  # fmt: skip
    if (major, minor) not in ((1, 0), (2, 0), (3, 0)):
        raise fail("schema_version", f"unknown schema_version {text}; this graphmem reads 1 to 3")
    return major
