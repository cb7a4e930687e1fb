"""Reading an export document: load it (dict, JSON text, bytes, path or file object),
validate it strictly and lift older versions to the current one (`migrate_v1`).

`load_document` returns a `ParsedDoc` or raises `ImportFormatError` naming the exact
place (`facts[3].confidence: expected a number from 0 to 1, got str`). Every check runs
before the importer opens a transaction, so a broken file changes nothing. The format
and its versions are described in `graphmem.portability.format`.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import numpy as np

from graphmem.config import DEFAULT_HALF_LIVES
from graphmem.errors import GraphMemError, ImportFormatError
from graphmem.facts.vocab import is_single, is_valid_attribute
from graphmem.gate.secrets import find_secrets, redact
from graphmem.model import KINDS, SOURCES, STATUSES, AuditRecord, Entity, Fact
from graphmem.portability.format import (
    DEFAULT_LIMITS,
    FORMAT,
    MAX_DEPTH,
    MAX_HALF_LIFE_DAYS,
    MAX_ID_CHARS,
    MAX_NUMBER_CHARS,
    MAX_VALUE_CHARS,
    MIN_HALF_LIFE_DAYS,
    SCHEMA_VERSION,
    Limits,
    ParsedDoc,
    Record,
    fail,
    section_list,
    type_name,
    unique_ids,
    version_of,
)
from graphmem.stores.base import Episode, SupersedesEdge
from graphmem.stores.migrations import Migrations
from graphmem.write.validate import ROLES
from graphmem.write.validate import user_id as check_user_id

__all__ = ["DOCUMENT_MIGRATIONS", "load_document", "migrate_v1", "parse_document"]

# ---- loading --------------------------------------------------------------------------


def _no_dupes(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise fail("", f"duplicate key {k!r} in one JSON object")
        out[k] = v
    return out


def _bad_constant(name: str) -> None:
    raise fail("", f"{name} is not a valid JSON number")


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise fail("", f"a number of {len(text)} digits; the limit is {MAX_NUMBER_CHARS}")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise fail("", f"a number of {len(text)} characters; the limit is {MAX_NUMBER_CHARS}")
    return float(text)


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _check_depth_text(raw: str) -> None:
    """Refuse arrays/objects nested deeper than MAX_DEPTH before parsing (brackets inside
    strings do not count)."""
    depth = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", raw)):
        depth = depth + 1 if ch in "[{" else depth - 1
        if depth > MAX_DEPTH:
            raise fail("", f"arrays or objects nested more than {MAX_DEPTH} deep")


def _check_depth(doc: Any) -> None:
    """The same bound on an already decoded document (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        v, d = stack.pop()
        if d > MAX_DEPTH:
            raise fail("", f"arrays or objects nested more than {MAX_DEPTH} deep")
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values() if isinstance(x, (dict, list)))
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v if isinstance(x, (dict, list)))


def _too_big(size: int, limit: int) -> ImportFormatError:
    return fail("", f"document is {size / 1048576:.1f} MB; the import limit is {limit / 1048576:.0f} MB")


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
        except (OSError, ValueError) as e:  # ValueError: a path no file system can name
            raise fail(
                "", f"cannot read {str(path)[:80]!r}: {getattr(e, 'strerror', None) or type(e).__name__}"
            ) from e
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
            raise fail("", f"document is not UTF-8 text (byte {e.start})") from e
    _check_depth_text(raw)
    try:
        doc = json.loads(
            raw, object_pairs_hook=_no_dupes, parse_constant=_bad_constant, parse_int=_int, parse_float=_float
        )
    except json.JSONDecodeError as e:
        raise fail(
            "", f"not valid JSON (truncated or corrupted?): {e.msg} at line {e.lineno} column {e.colno}"
        ) from e
    except (RecursionError, ValueError, OverflowError) as e:  # past the checks above: say so plainly
        raise fail("", f"not a readable JSON document ({type(e).__name__})") from e
    return parse_document(doc, limits)


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
    "rule",
}


def _parse_fact(raw: Any, path: str, uid: str, dim: int | None) -> tuple[Fact, np.ndarray | None]:
    r = Record(raw, path, _FACT_REQ, _FACT_OPT)
    attribute = r.text("attribute", nonempty=True)
    if not is_valid_attribute(attribute):
        raise fail(r.at("attribute"), f"{attribute[:40]!r} is not a valid attribute name")
    f = Fact(
        id=r.id("id"), user_id=r.text("user_id"), subject_id=r.id("subject_id"),
        subject_name=r.text("subject_name", nonempty=True), attribute=attribute,
        value=r.text("value", max_len=MAX_VALUE_CHARS, nonempty=True), kind=r.choice("kind", KINDS),
        source=r.choice("source", SOURCES), confidence=r.number("confidence", 0.0, 1.0),
        status=r.choice("status", STATUSES), text=r.text("text", nonempty=True), source_text=r.text("source_text"),
        recorded_at=r.time("recorded_at"), valid_from=r.time("valid_from"), valid_to=r.opt_time("valid_to"),
        last_accessed_at=r.time("last_accessed_at"),
        half_life_days=r.number("half_life_days", MIN_HALF_LIFE_DAYS, MAX_HALF_LIFE_DAYS),
        access_count=r.integer("access_count"), ref=r.opt_text("ref", max_len=MAX_ID_CHARS),
        object_id=r.opt_id("object_id"), qualifier=r.opt_text("qualifier", max_len=MAX_ID_CHARS),
        superseded_by=r.opt_id("superseded_by"), inferred=r.boolean("inferred"),
        rule=r.opt_text("rule", max_len=MAX_ID_CHARS) or "",
    )  # fmt: skip
    if f.user_id != uid:
        raise fail(r.at("user_id"), "differs from the document's user_id")
    if f.valid_to is not None and f.valid_to < f.valid_from:
        raise fail(r.at("valid_to"), "is before valid_from")
    if f.status == "active" and f.superseded_by is not None:
        raise fail(r.at("superseded_by"), "an active fact cannot be superseded")
    # Each field on its own: joined, a cue ending one ("pw-") would read the start of the
    # next as its value.
    found = [m for text in (f.value, f.text, f.source_text) for m in find_secrets(text)]
    if found:
        raise fail(path, f"holds what looks like a secret ({found[0].kind}); graphmem never stores secrets")
    vec = None
    if r.get("vector", None) is not None:
        v = r.get("vector", None)
        if dim is None:
            raise fail(r.at("vector"), "vectors need an `embedder` with model and dim at the top level")
        ok = isinstance(v, list) and len(v) == dim
        if not ok or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
            raise fail(r.at("vector"), f"expected an array of {dim} numbers")
        vec = np.asarray(v, dtype=np.float32)
        if not np.all(np.isfinite(vec)):
            raise fail(r.at("vector"), "holds a non-finite number")
    return f, vec


def _parse_v2(doc: dict[str, Any], limits: Limits) -> ParsedDoc:
    top = Record(doc, "", _TOP, _TOP_OPT)
    if doc.get("format") != FORMAT:
        raise fail("format", f"expected {FORMAT!r}, got {doc.get('format')!r}"[:200])
    try:
        uid = check_user_id(doc.get("user_id"))
    except GraphMemError as e:
        raise fail("user_id", str(e)) from e
    exported_at = top.time("exported_at")
    top.opt_text("generator", max_len=MAX_ID_CHARS)  # not kept, but held to the same text rules
    embedder: tuple[str, int] | None = None
    if doc.get("embedder") is not None:
        em = Record(doc["embedder"], "embedder", {"model", "dim"}, {"included"})
        embedder = (em.text("model", nonempty=True), int(em.number("dim", 1, 65536)))
        em.boolean("included")
    recs = limits.max_records

    entities = []
    for i, raw in enumerate(section_list(top, "entities", recs)):
        r = Record(raw, f"entities[{i}]", {"id", "name", "type"}, {"user_id", "aliases", "created_at"})
        if r.get("user_id", uid) != uid:
            raise fail(r.at("user_id"), "differs from the document's user_id")
        entities.append(Entity(r.id("id"), uid, r.text("name", nonempty=True, max_len=MAX_VALUE_CHARS),
                               r.text("type", nonempty=True, max_len=64), r.strs("aliases"),
                               r.opt_time("created_at")))  # fmt: skip
    entity_ids = unique_ids([e.id for e in entities], "entities")
    if sum(e.type == "self" for e in entities) > 1:
        raise fail("entities", "more than one entity has type 'self'")
    for i, ent in enumerate(entities):
        if ent.type != "self" and (ent.name.strip().casefold() == "self" or ent.id == "self"):
            raise fail(
                f"entities[{i}].type", f"{ent.type!r} contradicts the entity's name or id ('self')"[:200]
            )

    facts, vectors = [], {}
    for i, raw in enumerate(section_list(top, "facts", limits.max_facts)):
        f, vec = _parse_fact(raw, f"facts[{i}]", uid, embedder[1] if embedder else None)
        facts.append(f)
        if vec is not None:
            vectors[f.id] = vec
    fact_ids = unique_ids([f.id for f in facts], "facts")
    single: dict[tuple[str, str], int] = {}
    for i, f in enumerate(facts):
        if f.status == "active" and not f.object_id and is_single(f.attribute):
            other = single.setdefault((f.subject_id, f.attribute), i)
            if other != i:
                raise fail(f"facts[{i}]", f"a second active {f.attribute!r} of one subject (also facts[{other}]); "
                            "a single-valued attribute has one active value")  # fmt: skip
    for i, f in enumerate(facts):
        for key, ref, known, what in (("subject_id", f.subject_id, entity_ids, "entity"),
                                      ("object_id", f.object_id, entity_ids, "entity"),
                                      ("superseded_by", f.superseded_by, fact_ids, "fact")):  # fmt: skip
            if ref is not None and ref not in known:
                raise fail(f"facts[{i}].{key}", f"{ref!r} is not the id of any {what} in the document")

    edges: list[SupersedesEdge] = []
    pairs: dict[tuple[str, str], int] = {}
    for i, raw in enumerate(section_list(top, "supersedes", recs, required=False)):
        r = Record(raw, f"supersedes[{i}]", {"new_id", "old_id", "rule", "at"})
        edge = SupersedesEdge(
            r.id("new_id"), r.id("old_id"), r.text("rule", nonempty=True, max_len=128), r.time("at")
        )
        for key in ("new_id", "old_id"):
            if getattr(edge, key) not in fact_ids:
                raise fail(r.at(key), f"{getattr(edge, key)!r} is not the id of any fact in the document")
        if edge.new_id == edge.old_id:
            raise fail(r.path, "a fact cannot supersede itself")
        if (edge.new_id, edge.old_id) in pairs:
            raise fail(r.path, f"duplicates supersedes[{pairs[(edge.new_id, edge.old_id)]}]")
        pairs[(edge.new_id, edge.old_id)] = i
        edges.append(edge)

    _acyclic(edges, facts)

    audit = []
    for i, raw in enumerate(section_list(top, "audit", recs, required=False)):
        r = Record(raw, f"audit[{i}]", {"id", "at", "action", "rule"},
                 {"user_id", "new_fact_id", "old_fact_id", "detail", "extraction_rule"})  # fmt: skip
        if r.get("user_id", uid) != uid:
            raise fail(r.at("user_id"), "differs from the document's user_id")
        a = AuditRecord(r.id("id"), uid, r.time("at"), r.text("action", nonempty=True, max_len=64),
                        r.text("rule", nonempty=True, max_len=128), r.opt_id("new_fact_id"),
                        r.opt_id("old_fact_id"), redact(r.text("detail")),
                        r.opt_text("extraction_rule", max_len=MAX_ID_CHARS) or "")  # fmt: skip
        for key in ("new_fact_id", "old_fact_id"):
            ref = getattr(a, key)
            if ref is not None and ref not in fact_ids:
                raise fail(r.at(key), f"{ref!r} is not the id of any fact in the document")
        audit.append(a)
    unique_ids([a.id for a in audit], "audit")

    episodes = []
    for i, raw in enumerate(section_list(top, "episodes", recs, required=False)):
        r = Record(raw, f"episodes[{i}]", {"id", "role", "text", "at"},
                 {"user_id", "ref", "prev_id", "position", "refers_from", "refers_to", "speaker"})  # fmt: skip
        if r.get("user_id", uid) != uid:
            raise fail(r.at("user_id"), "differs from the document's user_id")
        episodes.append(Episode(r.id("id"), uid, r.choice("role", ROLES), redact(r.text("text")), r.time("at"),
                                r.opt_text("ref", max_len=MAX_ID_CHARS), r.opt_text("prev_id", max_len=MAX_ID_CHARS),
                                r.integer("position"), r.opt_time("refers_from"), r.opt_time("refers_to"),
                                r.opt_text("speaker", max_len=MAX_ID_CHARS)))  # fmt: skip
    unique_ids([e.id for e in episodes], "episodes")
    return ParsedDoc(
        uid, exported_at, SCHEMA_VERSION, embedder, entities, facts, edges, audit, episodes, vectors
    )


def _acyclic(edges: list[SupersedesEdge], facts: list[Fact]) -> None:
    """Refuse a cycle of SUPERSEDES edges or `superseded_by` links (a fact that, through
    its successors, supersedes itself): walked without recursion."""
    after: dict[str, list[str]] = {}
    for e in edges:
        after.setdefault(e.old_id, []).append(e.new_id)
    for f in facts:
        if f.superseded_by is not None:
            after.setdefault(f.id, []).append(f.superseded_by)
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in after:
        if start in state:
            continue
        path: list[tuple[str, int]] = [(start, 0)]
        state[start] = 1
        while path:
            node, i = path[-1]
            nxt = after.get(node, [])
            if i == len(nxt):
                state[node] = 2
                path.pop()
                continue
            path[-1] = (node, i + 1)
            succ = nxt[i]
            if state.get(succ) == 1:
                raise fail("supersedes", f"a cycle: fact {succ!r} ends up superseding itself"[:200])
            if succ not in state:
                state[succ] = 1
                path.append((succ, 0))


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
    top = Record(doc, "", _V1_TOP)
    try:
        uid = check_user_id(doc.get("user_id"))
    except GraphMemError as e:
        raise fail("user_id", str(e)) from e
    exported = top.time("exported_at")
    entries = [Record(raw, f"entries[{i}]", _V1_REQ, _V1_OPT)
               for i, raw in enumerate(section_list(top, "entries", limits.max_facts))]  # fmt: skip
    ids = unique_ids([r.id("id") for r in entries], "entries")
    created = {r.raw["id"]: (r.opt_time("created_at") or exported) for r in entries}
    links: dict[tuple[str, str], None] = {}
    for r in entries:
        if r.get("user_id", uid) != uid:
            raise fail(r.at("user_id"), "differs from the document's user_id")
        for key in ("superseded_by", "supersedes"):
            other = r.opt_id(key)
            if other is not None and other not in ids:
                raise fail(r.at(key), f"{other!r} is not the id of any entry")
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
            "half_life_days": r.number("half_life_days", MIN_HALF_LIFE_DAYS, MAX_HALF_LIFE_DAYS,
                                       default=DEFAULT_HALF_LIVES[kind]),
            "access_count": r.integer("access_count"), "superseded_by": succ if status != "active" else None,
        })  # fmt: skip
    edges = [{"new_id": n, "old_id": o, "rule": "v1:supersedes", "at": created[n].isoformat()}
             for n, o in links if n != o]  # fmt: skip
    return {
        "format": FORMAT, "schema_version": SCHEMA_VERSION, "user_id": uid, "exported_at": exported.isoformat(),
        "entities": [{"id": "self", "user_id": uid, "name": "self", "type": "self", "aliases": []}],
        "facts": facts, "supersedes": edges,
    }  # fmt: skip


def migrate_v2(doc: dict[str, Any], limits: Limits) -> dict[str, Any]:
    """Version 2 → 3: the same document; its episodes have no thread place, date range or
    speaker (all optional in 3), so they import as single turns dated when said."""
    return {**doc, "schema_version": 3}


#: The export document's versions, oldest first: each step lifts a document to the next.
DOCUMENT_MIGRATIONS: Migrations[dict[str, Any]] = Migrations("graphmem export document", first=1)
DOCUMENT_MIGRATIONS.add("entries become facts about the user (v1 to v2)", migrate_v1)
DOCUMENT_MIGRATIONS.add("episodes may carry a thread, a date range and a speaker (v2 to v3)", migrate_v2)
assert DOCUMENT_MIGRATIONS.latest == SCHEMA_VERSION


def parse_document(doc: Any, limits: Limits = DEFAULT_LIMITS) -> ParsedDoc:
    """Validate a decoded document (any known version) into a `ParsedDoc`."""
    if not isinstance(doc, dict):
        raise fail("", f"expected a JSON object at the top level, got {type_name(doc)}")
    _check_depth(doc)
    if "schema_version" not in doc:
        raise fail("schema_version", "missing; is this a graphmem export?")
    version = version_of(doc["schema_version"])
    first = version
    doc, _ = DOCUMENT_MIGRATIONS.upgrade(doc, version, limits)
    parsed = _parse_v2(doc, limits)
    parsed.schema_version = first
    return parsed
