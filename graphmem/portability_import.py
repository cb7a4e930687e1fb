"""The import side: read an export document (load, validate strictly, migrate older
versions) and plan its import into one user's subgraph.

Only `Planner.apply` writes, inside the caller's transaction. `load_document` turns a dict, JSON text, bytes, a path or a file
object into a `ParsedDoc` or raises `ImportFormatError` naming the exact place
(`facts[3].confidence: expected a number from 0 to 1, got str`). Every check runs
before the importer opens a transaction, so a broken file changes nothing.

Versions (`schema_version`):

- **2** (current): `{"format": "graphmem-export", "schema_version": 2, "user_id",
  "exported_at", "embedder", "entities", "facts", "supersedes", "audit", "episodes"}`,
  every record with every field of its dataclass, datetimes as ISO-8601 strings.
- **1** (``"1.0"``, the seed's shape): `{"schema_version": "1.0", "user_id",
  "exported_at", "entries": [{"id", "entry_type", "content", "confidence", "status",
  "half_life_days", ...}]}`. `migrate_v1` turns it into version 2 (see there).

Anything else, and any version newer than 2, is refused with the version named.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from .arbitrate import decide, norm_value
from .config import DEFAULT_HALF_LIVES, Config
from .errors import GraphMemError, ImportFormatError
from .model import KINDS, SOURCES, STATUSES, AuditRecord, Candidate, Entity, Fact
from .secrets import find_secrets, redact
from .stores.base import Episode, SupersedesEdge, UserReader, UserWriter
from .timeutil import parse_time
from .validate import ROLES
from .validate import user_id as check_user_id
from .vocab import EXCLUSIVE_GROUPS, OPPOSITES, is_single, is_valid_attribute
from .write import new_id

__all__ = [
    "FORMAT",
    "ImportDecision",
    "ImportReport",
    "MAX_FIELD_CHARS",
    "MAX_IMPORT_BYTES",
    "MAX_IMPORT_FACTS",
    "MAX_IMPORT_RECORDS",
    "SCHEMA_VERSION",
    "Limits",
    "ParsedDoc",
    "Planner",
    "load_document",
    "migrate_v1",
    "parse_document",
]

FORMAT = "graphmem-export"
SCHEMA_VERSION = 2
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
_MAX_ID_CHARS = 256


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


def _fail(path: str, msg: str) -> ImportFormatError:
    return ImportFormatError(f"{path}: {msg}" if path else msg)


def _tname(v: object) -> str:
    names = {"dict": "object", "list": "array", "str": "string", "NoneType": "null"}
    return names.get(type(v).__name__, type(v).__name__)


# ---- loading --------------------------------------------------------------------------


def _no_dupes(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _fail("", f"duplicate key {k!r} in one JSON object")
        out[k] = v
    return out


def _bad_constant(name: str) -> None:
    raise _fail("", f"{name} is not a valid JSON number")


def _too_big(size: int, limit: int) -> ImportFormatError:
    return _fail("", f"document is {size / 1048576:.1f} MB; the import limit is {limit / 1048576:.0f} MB")


def load_document(source: Any, limits: Limits = DEFAULT_LIMITS) -> ParsedDoc:
    """Read and validate an export from a dict, JSON text/bytes, a path or a file object."""
    if isinstance(source, dict):
        return parse_document(source, limits)
    cap = limits.max_bytes
    if isinstance(source, (bytes, bytearray)):
        raw: bytes | str = bytes(source)
    elif isinstance(source, str) and source.lstrip()[:1] in ("{", "["):
        raw = source
    elif isinstance(source, (str, os.PathLike)):
        path = Path(source)
        try:
            size = path.stat().st_size
            if cap is not None and size > cap:
                raise _too_big(size, cap)
            raw = path.read_bytes()
        except OSError as e:
            raise _fail("", f"cannot read {path}: {e.strerror or e}") from e
    elif hasattr(source, "read"):
        raw = source.read(cap + 1) if cap is not None else source.read()
    else:
        raise ImportFormatError(
            f"cannot import from a {type(source).__name__}; pass a path, file, str or dict"
        )
    if cap is not None and len(raw) > cap:
        raise _too_big(len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8")), cap)
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise _fail("", f"document is not UTF-8 text (byte {e.start})") from e
    try:
        doc = json.loads(raw, object_pairs_hook=_no_dupes, parse_constant=_bad_constant)
    except json.JSONDecodeError as e:
        raise _fail(
            "", f"not valid JSON (truncated or corrupted?): {e.msg} at line {e.lineno} column {e.colno}"
        ) from e
    return parse_document(doc, limits)


# ---- field checks -----------------------------------------------------------------------

_MISSING = object()


class _Rec:
    """Typed access to one JSON object, failing with the field's path."""

    def __init__(
        self, raw: Any, path: str, required: Collection[str], optional: Collection[str] = ()
    ) -> None:
        if not isinstance(raw, dict):
            raise _fail(path, f"expected an object, got {_tname(raw)}")
        for k in raw:
            if k not in required and k not in optional:
                raise _fail(path, f"unknown field {k!r}")
        for k in sorted(required):
            if k not in raw:
                raise _fail(path, f"missing field {k!r}")
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
            raise _fail(self.at(key), f"expected a string, got {_tname(v)}")
        if nonempty and not v.strip():
            raise _fail(self.at(key), "must not be empty")
        if len(v) > max_len:
            raise _fail(self.at(key), f"is {len(v)} characters; the limit is {max_len}")
        return v

    def opt_text(self, key: str, *, max_len: int = MAX_FIELD_CHARS) -> str | None:
        return None if self.raw.get(key) is None else self.text(key, max_len=max_len)

    def id(self, key: str) -> str:
        v = self.text(key, max_len=_MAX_ID_CHARS, nonempty=True)
        if any(ord(c) < 32 or ord(c) == 127 for c in v):
            raise _fail(self.at(key), "must not contain control characters")
        return v

    def opt_id(self, key: str) -> str | None:
        return None if self.raw.get(key) is None else self.id(key)

    def number(self, key: str, lo: float, hi: float | None = None, default: float | None = None) -> float:
        v = self.raw.get(key, _MISSING)
        if v is _MISSING and default is not None:
            return default
        ok = isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
        if not ok or v < lo or (hi is not None and v > hi):
            rng = f"from {lo:g} to {hi:g}" if hi is not None else f"of at least {lo:g}"
            raise _fail(self.at(key), f"expected a number {rng}, got {_tname(v)} {v!r}"[:200])
        return float(v)

    def integer(self, key: str, default: int = 0) -> int:
        v = self.raw.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise _fail(self.at(key), f"expected a non-negative integer, got {_tname(v)} {v!r}"[:200])
        return v

    def boolean(self, key: str, default: bool = False) -> bool:
        v = self.raw.get(key, default)
        if not isinstance(v, bool):
            raise _fail(self.at(key), f"expected true or false, got {_tname(v)}")
        return v

    def time(self, key: str) -> datetime:
        v = self.raw.get(key)
        if not isinstance(v, str):
            raise _fail(self.at(key), f"expected an ISO-8601 date-time string, got {_tname(v)}")
        try:
            return parse_time(v, key)
        except GraphMemError as e:
            raise _fail(self.at(key), f"{v[:40]!r} is not an ISO-8601 date-time") from e

    def opt_time(self, key: str) -> datetime | None:
        return None if self.raw.get(key) is None else self.time(key)

    def choice(self, key: str, choices: tuple[str, ...]) -> str:
        v = self.raw.get(key)
        if v not in choices:
            raise _fail(self.at(key), f"expected one of {', '.join(choices)}, got {v!r}"[:200])
        return str(v)

    def strs(self, key: str) -> tuple[str, ...]:
        v = self.raw.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, str) and len(x) <= MAX_FIELD_CHARS for x in v):
            raise _fail(self.at(key), f"expected an array of strings, got {_tname(v)}")
        return tuple(v)


def _list(doc: _Rec, key: str, limit: int | None, required: bool = True) -> list[Any]:
    v = doc.get(key, _MISSING)
    if v is _MISSING and not required:
        return []
    if not isinstance(v, list):
        raise _fail(key, f"expected an array, got {_tname(v)}")
    if limit is not None and len(v) > limit:
        raise _fail(key, f"holds {len(v)} records; the import limit is {limit}")
    return v


def _unique(ids: list[str], section: str) -> set[str]:
    seen: dict[str, int] = {}
    for i, x in enumerate(ids):
        if x in seen:
            raise _fail(f"{section}[{i}].id", f"duplicate id {x!r} (also {section}[{seen[x]}].id)")
        seen[x] = i
    return set(seen)


def _version(v: Any) -> int:
    """1 or 2 from the `schema_version` field; anything else is refused by name."""
    if isinstance(v, bool) or not isinstance(v, (int, float, str)):
        raise _fail("schema_version", f"unknown schema_version {v!r}; this graphmem reads 1 and 2")
    text = str(v).strip()
    try:
        major_s, _, minor_s = text.partition(".")
        major, minor = int(major_s), int(minor_s or 0)
    except ValueError:
        raise _fail("schema_version", f"unknown schema_version {v!r}; this graphmem reads 1 and 2") from None
    if (major, minor) > (SCHEMA_VERSION, 0):
        raise _fail("schema_version", f"schema_version {text} is newer than this graphmem understands "
                    f"(up to {SCHEMA_VERSION}); upgrade graphmem to import it")  # fmt: skip
    if (major, minor) not in ((1, 0), (2, 0)):
        raise _fail("schema_version", f"unknown schema_version {text}; this graphmem reads 1 and 2")
    return major


# ---- version 2 --------------------------------------------------------------------------

_TOP = {"format", "schema_version", "user_id", "exported_at", "entities", "facts"}
_TOP_OPT = {"supersedes", "audit", "episodes", "embedder", "generator"}
_FACT_REQ = {"id", "user_id", "subject_id", "subject_name", "attribute", "value", "kind", "source",
             "confidence", "status", "text", "source_text", "recorded_at", "valid_from",
             "last_accessed_at", "half_life_days"}  # fmt: skip
_FACT_OPT = {
    "valid_to",
    "access_count",
    "ref",
    "object_id",
    "qualifier",
    "superseded_by",
    "inferred",
    "vector",
}


def _parse_fact(raw: Any, path: str, uid: str, dim: int | None) -> tuple[Fact, np.ndarray | None]:
    r = _Rec(raw, path, _FACT_REQ, _FACT_OPT)
    attribute = r.text("attribute", nonempty=True)
    if not is_valid_attribute(attribute):
        raise _fail(r.at("attribute"), f"{attribute[:40]!r} is not a valid attribute name")
    f = Fact(
        id=r.id("id"), user_id=r.text("user_id"), subject_id=r.id("subject_id"),
        subject_name=r.text("subject_name", nonempty=True), attribute=attribute,
        value=r.text("value", max_len=MAX_VALUE_CHARS, nonempty=True), kind=r.choice("kind", KINDS),
        source=r.choice("source", SOURCES), confidence=r.number("confidence", 0.0, 1.0),
        status=r.choice("status", STATUSES), text=r.text("text", nonempty=True), source_text=r.text("source_text"),
        recorded_at=r.time("recorded_at"), valid_from=r.time("valid_from"), valid_to=r.opt_time("valid_to"),
        last_accessed_at=r.time("last_accessed_at"), half_life_days=r.number("half_life_days", 1e-6),
        access_count=r.integer("access_count"), ref=r.opt_text("ref", max_len=_MAX_ID_CHARS),
        object_id=r.opt_id("object_id"), qualifier=r.opt_text("qualifier", max_len=_MAX_ID_CHARS),
        superseded_by=r.opt_id("superseded_by"), inferred=r.boolean("inferred"),
    )  # fmt: skip
    if f.user_id != uid:
        raise _fail(r.at("user_id"), "differs from the document's user_id")
    if f.valid_to is not None and f.valid_to < f.valid_from:
        raise _fail(r.at("valid_to"), "is before valid_from")
    if f.status == "active" and f.superseded_by is not None:
        raise _fail(r.at("superseded_by"), "an active fact cannot be superseded")
    found = find_secrets(f"{f.value}\n{f.text}\n{f.source_text}")
    if found:
        raise _fail(path, f"holds what looks like a secret ({found[0].kind}); graphmem never stores secrets")
    vec = None
    if r.get("vector", None) is not None:
        v = r.get("vector", None)
        if dim is None:
            raise _fail(r.at("vector"), "vectors need an `embedder` with model and dim at the top level")
        ok = isinstance(v, list) and len(v) == dim
        if not ok or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
            raise _fail(r.at("vector"), f"expected an array of {dim} numbers")
        vec = np.asarray(v, dtype=np.float32)
        if not np.all(np.isfinite(vec)):
            raise _fail(r.at("vector"), "holds a non-finite number")
    return f, vec


def _parse_v2(doc: dict[str, Any], limits: Limits) -> ParsedDoc:
    top = _Rec(doc, "", _TOP, _TOP_OPT)
    if doc.get("format") != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, got {doc.get('format')!r}"[:200])
    try:
        uid = check_user_id(doc.get("user_id"))
    except GraphMemError as e:
        raise _fail("user_id", str(e)) from e
    exported_at = top.time("exported_at")
    embedder: tuple[str, int] | None = None
    if doc.get("embedder") is not None:
        em = _Rec(doc["embedder"], "embedder", {"model", "dim"}, {"included"})
        embedder = (em.text("model", nonempty=True), int(em.number("dim", 1, 65536)))
        em.boolean("included")
    recs = limits.max_records

    entities = []
    for i, raw in enumerate(_list(top, "entities", recs)):
        r = _Rec(raw, f"entities[{i}]", {"id", "name", "type"}, {"user_id", "aliases", "created_at"})
        if r.get("user_id", uid) != uid:
            raise _fail(r.at("user_id"), "differs from the document's user_id")
        entities.append(Entity(r.id("id"), uid, r.text("name", nonempty=True, max_len=MAX_VALUE_CHARS),
                               r.text("type", nonempty=True, max_len=64), r.strs("aliases"),
                               r.opt_time("created_at")))  # fmt: skip
    entity_ids = _unique([e.id for e in entities], "entities")
    if sum(e.type == "self" for e in entities) > 1:
        raise _fail("entities", "more than one entity has type 'self'")

    facts, vectors = [], {}
    for i, raw in enumerate(_list(top, "facts", limits.max_facts)):
        f, vec = _parse_fact(raw, f"facts[{i}]", uid, embedder[1] if embedder else None)
        facts.append(f)
        if vec is not None:
            vectors[f.id] = vec
    fact_ids = _unique([f.id for f in facts], "facts")
    for i, f in enumerate(facts):
        for key, ref, known, what in (("subject_id", f.subject_id, entity_ids, "entity"),
                                      ("object_id", f.object_id, entity_ids, "entity"),
                                      ("superseded_by", f.superseded_by, fact_ids, "fact")):  # fmt: skip
            if ref is not None and ref not in known:
                raise _fail(f"facts[{i}].{key}", f"{ref!r} is not the id of any {what} in the document")

    edges: list[SupersedesEdge] = []
    pairs: dict[tuple[str, str], int] = {}
    for i, raw in enumerate(_list(top, "supersedes", recs, required=False)):
        r = _Rec(raw, f"supersedes[{i}]", {"new_id", "old_id", "rule", "at"})
        edge = SupersedesEdge(
            r.id("new_id"), r.id("old_id"), r.text("rule", nonempty=True, max_len=128), r.time("at")
        )
        for key in ("new_id", "old_id"):
            if getattr(edge, key) not in fact_ids:
                raise _fail(r.at(key), f"{getattr(edge, key)!r} is not the id of any fact in the document")
        if edge.new_id == edge.old_id:
            raise _fail(r.path, "a fact cannot supersede itself")
        if (edge.new_id, edge.old_id) in pairs:
            raise _fail(r.path, f"duplicates supersedes[{pairs[(edge.new_id, edge.old_id)]}]")
        pairs[(edge.new_id, edge.old_id)] = i
        edges.append(edge)

    audit = []
    for i, raw in enumerate(_list(top, "audit", recs, required=False)):
        r = _Rec(raw, f"audit[{i}]", {"id", "at", "action", "rule"},
                 {"user_id", "new_fact_id", "old_fact_id", "detail"})  # fmt: skip
        if r.get("user_id", uid) != uid:
            raise _fail(r.at("user_id"), "differs from the document's user_id")
        a = AuditRecord(r.id("id"), uid, r.time("at"), r.text("action", nonempty=True, max_len=64),
                        r.text("rule", nonempty=True, max_len=128), r.opt_id("new_fact_id"),
                        r.opt_id("old_fact_id"), redact(r.text("detail")))  # fmt: skip
        for key in ("new_fact_id", "old_fact_id"):
            ref = getattr(a, key)
            if ref is not None and ref not in fact_ids:
                raise _fail(r.at(key), f"{ref!r} is not the id of any fact in the document")
        audit.append(a)
    _unique([a.id for a in audit], "audit")

    episodes = []
    for i, raw in enumerate(_list(top, "episodes", recs, required=False)):
        r = _Rec(raw, f"episodes[{i}]", {"id", "role", "text", "at"}, {"user_id", "ref"})
        if r.get("user_id", uid) != uid:
            raise _fail(r.at("user_id"), "differs from the document's user_id")
        episodes.append(Episode(r.id("id"), uid, r.choice("role", ROLES), redact(r.text("text")), r.time("at"),
                                r.opt_text("ref", max_len=_MAX_ID_CHARS)))  # fmt: skip
    _unique([e.id for e in episodes], "episodes")
    return ParsedDoc(
        uid, exported_at, SCHEMA_VERSION, embedder, entities, facts, edges, audit, episodes, vectors
    )


# ---- version 1 (the seed's format) ------------------------------------------------------

_V1_TOP = {"schema_version", "user_id", "exported_at", "entries"}
_V1_REQ = {"id", "entry_type", "content", "confidence", "status"}
_V1_OPT = {"half_life_days", "source", "created_at", "last_accessed_at", "access_count", "superseded_by",
           "supersedes", "facts", "user_id"}  # fmt: skip


def migrate_v1(doc: dict[str, Any], limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Version 1 → version 2, documented field by field.

    - the document gets `format: "graphmem-export"` and one `self` entity;
    - each entry becomes a fact about the user: attribute `event` for `entry_type`
      event, else `note`; `kind` = entry_type; value, text and source text = content;
      `source` defaults to user_declared, `half_life_days` to the kind's default;
      recorded_at / valid_from = `created_at` (else the document's `exported_at`),
      last_accessed_at defaults to that; a non-active entry ends (`valid_to`) when its
      successor (`superseded_by`) was created, else at `exported_at`;
    - `superseded_by` / `supersedes` become SUPERSEDES links with rule `v1:supersedes`;
    - `facts` (atomic assertions) are accepted and dropped: the content is the fact.
    """
    top = _Rec(doc, "", _V1_TOP)
    try:
        uid = check_user_id(doc.get("user_id"))
    except GraphMemError as e:
        raise _fail("user_id", str(e)) from e
    exported = top.time("exported_at")
    entries = [_Rec(raw, f"entries[{i}]", _V1_REQ, _V1_OPT)
               for i, raw in enumerate(_list(top, "entries", limits.max_facts))]  # fmt: skip
    ids = _unique([r.id("id") for r in entries], "entries")
    created = {r.raw["id"]: (r.opt_time("created_at") or exported) for r in entries}
    links: dict[tuple[str, str], None] = {}
    for r in entries:
        if r.get("user_id", uid) != uid:
            raise _fail(r.at("user_id"), "differs from the document's user_id")
        for key in ("superseded_by", "supersedes"):
            other = r.opt_id(key)
            if other is not None and other not in ids:
                raise _fail(r.at(key), f"{other!r} is not the id of any entry")
            if other is not None:
                links[(other, r.raw["id"]) if key == "superseded_by" else (r.raw["id"], other)] = None
    facts = []
    for r in entries:
        eid, kind = r.raw["id"], r.choice("entry_type", KINDS)
        content = r.text("content", max_len=MAX_VALUE_CHARS, nonempty=True)
        status, at = r.choice("status", STATUSES), created[eid]
        succ = r.opt_id("superseded_by")
        end = None if status == "active" else max(at, created[succ] if succ else exported)
        facts.append({
            "id": eid, "user_id": uid, "subject_id": "self", "subject_name": "self",
            "attribute": "event" if kind == "event" else "note", "value": content, "kind": kind,
            "source": r.choice("source", SOURCES) if "source" in r.raw else "user_declared",
            "confidence": r.number("confidence", 0.0, 1.0), "status": status, "text": content,
            "source_text": content, "recorded_at": at.isoformat(), "valid_from": at.isoformat(),
            "valid_to": end.isoformat() if end else None,
            "last_accessed_at": (r.opt_time("last_accessed_at") or at).isoformat(),
            "half_life_days": r.number("half_life_days", 1e-6, default=DEFAULT_HALF_LIVES[kind]),
            "access_count": r.integer("access_count"), "superseded_by": succ if status != "active" else None,
        })  # fmt: skip
    edges = [{"new_id": n, "old_id": o, "rule": "v1:supersedes", "at": created[n].isoformat()}
             for n, o in links if n != o]  # fmt: skip
    return {
        "format": FORMAT, "schema_version": SCHEMA_VERSION, "user_id": uid, "exported_at": exported.isoformat(),
        "entities": [{"id": "self", "user_id": uid, "name": "self", "type": "self", "aliases": []}],
        "facts": facts, "supersedes": edges,
    }  # fmt: skip


#: Older version -> function that lifts a document of it to the next version.
MIGRATIONS: dict[int, Callable[[dict[str, Any], Limits], dict[str, Any]]] = {1: migrate_v1}


def parse_document(doc: Any, limits: Limits = DEFAULT_LIMITS) -> ParsedDoc:
    """Validate a decoded document (any known version) into a `ParsedDoc`."""
    if not isinstance(doc, dict):
        raise _fail("", f"expected a JSON object at the top level, got {_tname(doc)}")
    if "schema_version" not in doc:
        raise _fail("schema_version", "missing; is this a graphmem export?")
    version = _version(doc["schema_version"])
    first = version
    while version < SCHEMA_VERSION:
        doc = MIGRATIONS[version](doc, limits)
        version += 1
    parsed = _parse_v2(doc, limits)
    parsed.schema_version = first
    return parsed


# ---- results -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportDecision:
    """One arbitration between an imported fact and the target's own."""

    action: str  # supersede | keep_frozen | reinforce | mirror
    rule: str  # import:recency | import:source_priority | import:identical | ...
    subject: str
    attribute: str
    imported: str
    local: str | None


@dataclass
class ImportReport:
    """What an import did (or, with `dry_run`, would do)."""

    user_id: str
    source_user_id: str
    schema_version: int
    dry_run: bool = False
    mode: str = "merge"
    facts_added: int = 0  # stored with their exported status (active or history)
    facts_frozen: int = 0  # imported active facts that lost arbitration, stored frozen
    local_superseded: int = 0  # the target's active facts frozen by newer imported ones
    reinforced: int = 0  # identical to an active local fact: reinforced, not duplicated
    synced: int = 0  # mirror mode: an existing copy caught up (status, confidence, access)
    skipped: int = 0  # already present (same fact, same times): nothing to do
    entities_added: int = 0
    entities_merged: int = 0
    supersedes_added: int = 0
    audit_added: int = 0
    episodes_added: int = 0
    decisions: list[ImportDecision] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.facts_added or self.facts_frozen or self.local_superseded or self.reinforced
                    or self.synced or self.entities_added or self.supersedes_added or self.audit_added
                    or self.episodes_added)  # fmt: skip


# ---- import: the plan ---------------------------------------------------------------------


class Planner:
    """Everything an import would write, computed from the target's current state.

    Pure: reads the target through `r` once, mutates nothing outside itself, so the
    same code serves the dry run (a reader) and the import (the transaction's writer).
    """

    def __init__(self, r: UserReader, doc: ParsedDoc, at: datetime, mode: str, config: Config) -> None:
        self.uid, self.doc, self.at, self.mode, self.config = r.user_id, doc, at, mode, config
        self.entities = {e.id: e for e in r.entities()}
        self.by_name: dict[str, str] = {}
        for e in self.entities.values():
            self._index(e)
        self.facts: dict[str, Fact] = {f.id: f for f in r.facts(statuses=None)}
        self.local = set(self.facts)
        self.edges = {(e.new_id, e.old_id) for e in r.supersedes()}
        self.audit_keys = {
            (a.at, a.action, a.rule, a.new_fact_id, a.old_fact_id, a.detail) for a in r.audit()
        }
        self.episode_keys = {(m.at, m.role, m.text, m.ref) for m in r.episodes()}
        self.origin = {self._key(f): f.id for f in self.facts.values()}
        # Active facts by (subject, attribute), then by normalised value: arbitration only
        # needs the same value of a multi-valued attribute, so a large import stays linear.
        self.active: dict[tuple[str, str], dict[str, list[str]]] = {}
        for f in self.facts.values():
            if f.status == "active":
                self._activate(f)
        self.report = ImportReport(r.user_id, doc.user_id, doc.schema_version, mode=mode)
        self.new_entities: dict[str, Entity] = {}
        self.entity_updates: dict[str, Entity] = {}
        self.new_facts: dict[str, str] = {}  # new id -> the document's id (for text and vector)
        self.updated: set[str] = set()  # local facts to update
        self.pending: dict[str, str] = {}  # fact id -> document id its superseded_by must map to
        self.new_edges: list[SupersedesEdge] = []
        self.new_audit: list[AuditRecord] = []
        self.new_episodes: list[Episode] = []
        self.emap: dict[str, str] = {}
        self.fmap: dict[str, str] = {}

    def _activate(self, f: Fact) -> None:
        self.active.setdefault((f.subject_id, f.attribute), {}).setdefault(norm_value(f.value), []).append(
            f.id
        )

    def _deactivate(self, f: Fact) -> None:
        self.active[(f.subject_id, f.attribute)][norm_value(f.value)].remove(f.id)

    def _actives(self, subject: str, attribute: str | None, value: str | None) -> list[Fact]:
        """Active facts of the subject's attribute (only those with this value, if given)."""
        bucket = self.active.get((subject, attribute or ""), {})
        ids = (
            bucket.get(norm_value(value), [])
            if value is not None
            else [i for v in bucket.values() for i in v]
        )
        return [self.facts[i] for i in ids]

    @staticmethod
    def _key(f: Fact) -> tuple[Any, ...]:
        return (f.subject_id, f.attribute, norm_value(f.value), f.recorded_at, f.valid_from)

    def plan(self) -> Planner:
        self._entities()
        facts = sorted(self.doc.facts, key=lambda f: (f.status == "active", f.valid_from))
        for x in facts:
            self._fact(replace(x, user_id=self.uid, subject_id=self.emap[x.subject_id],
                               subject_name=self.entities[self.emap[x.subject_id]].name,
                               object_id=self.emap[x.object_id] if x.object_id else None))  # fmt: skip
        for fid, raw in self.pending.items():
            self.facts[fid] = replace(self.facts[fid], superseded_by=self.fmap[raw])
        self._links()
        rep = self.report
        if self.mode == "merge" and (
            rep.facts_added or rep.facts_frozen or rep.reinforced or rep.entities_added
        ):
            self._audit("import", "import:merge", None, None,
                        f"{rep.facts_added + rep.facts_frozen} facts, {rep.entities_added} entities from a "
                        f"schema_version {self.doc.schema_version} export of {self.doc.exported_at.isoformat()}")  # fmt: skip
        rep.audit_added, rep.episodes_added = len(self.new_audit), len(self.new_episodes)
        rep.supersedes_added = len(self.new_edges)
        return self

    def _index(self, e: Entity) -> None:
        for name in (e.name, *e.aliases):
            key = norm_value(name)
            if key and e.type != "self":
                self.by_name.setdefault(key, e.id)

    def _entities(self) -> None:
        me = next((t.id for t in self.entities.values() if t.type == "self"), None)
        for e in self.doc.entities:
            found_id = me if e.type == "self" else self.by_name.get(norm_value(e.name))
            if found_id is None:
                ent = Entity(new_id("e"), self.uid, e.name, e.type, e.aliases, e.created_at)
                self.entities[ent.id] = self.new_entities[ent.id] = ent
                self._index(ent)
                me = ent.id if ent.type == "self" else me
                self.emap[e.id] = ent.id
                self.report.entities_added += 1
                continue
            found = self.entities[found_id]
            self.emap[e.id] = found.id
            self.report.entities_merged += 1
            have = {norm_value(a) for a in (found.name, *found.aliases)}
            extra = tuple(dict.fromkeys(a for a in (e.name, *e.aliases) if norm_value(a) not in have))
            if extra and found.type != "self":
                merged = replace(found, aliases=(*found.aliases, *extra))
                self.entities[found.id] = merged
                self._index(merged)
                (self.new_entities if found.id in self.new_entities else self.entity_updates)[found.id] = (
                    merged
                )

    def _fact(self, x: Fact) -> None:
        same_origin = self.origin.get(self._key(x))
        if same_origin is not None:
            self.fmap[x.id] = same_origin
            if self.mode == "mirror" and same_origin in self.local:
                self._mirror(self.facts[same_origin], x)
            else:
                self.report.skipped += 1
            return
        if x.status != "active":
            self._add(x)
            return
        # `decide` looks at every value of single-valued and exclusive attributes, and only
        # at the same value otherwise (identical, or the opposite polarity).
        wide = is_single(x.attribute) or x.attribute in EXCLUSIVE_GROUPS
        same = self._actives(x.subject_id, x.attribute, None if wide else x.value)
        opp = OPPOSITES.get(x.attribute)
        opposite = self._actives(x.subject_id, opp, x.value) if opp else []
        d = decide(
            Candidate(attribute=x.attribute, value=x.value, source=x.source), same, opposite, x.valid_from
        )
        rule = f"import:{d.rule}"
        if d.action == "reinforce":
            self._reinforce(d.targets[0], x, rule)
        elif d.action == "add":
            self._add(x)
        elif d.action == "supersede":
            new = self._add(x)
            for old in d.targets:
                frozen = replace(old, status="frozen", superseded_by=new.id,
                                 valid_to=max(x.valid_from, old.valid_from))  # fmt: skip
                self._set(frozen)
                self._deactivate(old)
                self._edge(new.id, old.id, rule)
                self._audit("supersede", rule, new.id, old.id,
                            f"{old.attribute}={old.value} -> {x.attribute}={x.value}")  # fmt: skip
                self._decide("supersede", rule, x, old.value)
                self.report.local_superseded += old.id in self.local
        else:  # keep_frozen: older or lower-priority news stays history
            end = max(x.valid_from, min(t.valid_from for t in d.targets))
            new = self._add(
                replace(x, status="frozen", valid_to=end, superseded_by=d.targets[0].id), lost=True
            )
            for t in d.targets:
                self._edge(t.id, new.id, rule)
            self._audit("keep_frozen", rule, new.id, d.targets[0].id,
                        f"{x.attribute}={x.value} lost to {d.targets[0].value}")  # fmt: skip
            self._decide("keep_frozen", rule, x, d.targets[0].value)

    def _add(self, x: Fact, lost: bool = False) -> Fact:
        fact = replace(x, id=new_id("f"), superseded_by=None if not lost else x.superseded_by)
        if x.superseded_by is not None and not lost:
            self.pending[fact.id] = x.superseded_by
        self.facts[fact.id] = fact
        self.new_facts[fact.id] = x.id
        self.fmap[x.id] = fact.id
        self.origin[self._key(fact)] = fact.id
        if fact.status == "active":
            self._activate(fact)
        if lost:
            self.report.facts_frozen += 1
        else:
            self.report.facts_added += 1
        return fact

    def _reinforce(self, old: Fact, x: Fact, rule: str) -> None:
        self.fmap[x.id] = old.id
        if self.mode == "mirror":
            self._mirror(old, x)
            return
        conf = min(0.99, max(old.confidence, x.confidence))
        conf = min(0.99, conf + self.config.reinforce_step * (1 - conf))
        self._set(replace(old, confidence=conf, access_count=old.access_count + 1,
                          last_accessed_at=max(old.last_accessed_at, x.last_accessed_at)))  # fmt: skip
        self._audit("reinforce", rule, None, old.id, f"{old.attribute}={old.value}")
        self._decide("reinforce", rule, x, old.value)
        self.report.reinforced += 1

    def _mirror(self, old: Fact, x: Fact) -> None:
        """Mirror mode (migration): the copy takes the larger confidence and access
        figures and a status the source moved on to (the source's own audit records,
        copied too, explain the change); never a reinforcement bump, so migrating twice
        changes nothing."""
        new = replace(old, confidence=max(old.confidence, x.confidence),
                      access_count=max(old.access_count, x.access_count),
                      last_accessed_at=max(old.last_accessed_at, x.last_accessed_at))  # fmt: skip
        if old.status == "active" and x.status != "active":
            new = replace(new, status=x.status, valid_to=x.valid_to)
            self._deactivate(old)
            if x.superseded_by is not None:
                self.pending[old.id] = x.superseded_by
            self._decide("mirror", "import:mirror", x, old.value)
        if new != old:
            self._set(new)
            self.report.synced += 1
        else:
            self.report.skipped += 1

    def _set(self, fact: Fact) -> None:
        self.facts[fact.id] = fact
        if fact.id in self.local:
            self.updated.add(fact.id)

    def _edge(self, new: str, old: str, rule: str, at: datetime | None = None) -> None:
        if new != old and (new, old) not in self.edges:
            self.edges.add((new, old))
            self.new_edges.append(SupersedesEdge(new, old, rule, at or self.at))

    def _audit(self, action: str, rule: str, new: str | None, old: str | None, detail: str,
               at: datetime | None = None) -> None:  # fmt: skip
        key = (at or self.at, action, rule, new, old, detail)
        if at is None or key not in self.audit_keys:
            self.audit_keys.add(key)
            self.new_audit.append(AuditRecord(new_id("a"), self.uid, key[0], action, rule, new, old, detail))

    def _decide(self, action: str, rule: str, x: Fact, local: str | None) -> None:
        self.report.decisions.append(
            ImportDecision(action, rule, x.subject_name, x.attribute, x.value, local)
        )

    def _links(self) -> None:
        f = self.fmap
        for e in self.doc.supersedes:
            self._edge(f[e.new_id], f[e.old_id], e.rule, e.at)
        for a in self.doc.audit:
            new = f[a.new_fact_id] if a.new_fact_id else None
            old = f[a.old_fact_id] if a.old_fact_id else None
            self._audit(a.action, a.rule, new, old, a.detail, a.at)
        for m in self.doc.episodes:
            if (m.at, m.role, m.text, m.ref) not in self.episode_keys:
                self.episode_keys.add((m.at, m.role, m.text, m.ref))
                self.new_episodes.append(replace(m, id=new_id("m"), user_id=self.uid))

    def needs_text(self) -> list[str]:
        """Document ids of the facts this plan adds (they need terms and vectors)."""
        return list(self.new_facts.values())

    def apply(self, w: UserWriter, prepared: dict[str, tuple[list[str], np.ndarray | None]]) -> None:
        for e in self.new_entities.values():
            w.add_entity(e)
        for e in self.entity_updates.values():
            w.update_entity(e)
        # Facts follow the message they came from, so a store that links facts to the
        # transaction's latest episode (Neo4j's FROM_EPISODE) links them to the right one.
        by_episode: dict[tuple[datetime, str | None], list[str]] = {}
        for fid in self.new_facts:
            f = self.facts[fid]
            by_episode.setdefault((f.recorded_at, f.ref), []).append(fid)
        episodes: dict[tuple[datetime, str | None], list[Episode]] = {}
        for m in self.new_episodes:
            episodes.setdefault((m.at, m.ref), []).append(m)
        order = [k for k in by_episode if k not in episodes] + list(episodes)
        for k in order:
            for m in episodes.get(k, []):
                w.add_episode(m)
            for fid in by_episode.get(k, []):
                t, v = prepared[self.new_facts[fid]]
                w.add_fact(self.facts[fid], t, v)
        for fid in self.updated:
            w.update_fact(self.facts[fid])
        for edge in self.new_edges:
            w.add_supersedes(edge)
        for a in self.new_audit:
            w.add_audit(a)
