"""Portability: export, import (remap + re-arbitration) and store migration. Built only
on the storage protocol, so every function works on every store (erasure and the
forgetting pass are in `graphmem.write.erasure`).

    for chunk in export_user(store, "u1"): out.write(chunk)      # a streamed JSON document
    import_user(store, "u1.json", as_user="u2")                  # -> ImportReport
    copy_store(open_store("memory.db"), open_store("bolt://..."))   # -> MigrateReport

The document format and its versions are described in `graphmem.portability.format`.
Import is all or nothing: the document is validated completely first, then the plan
(entity merges, re-minted ids, arbitration against the target's facts) is computed and
applied inside ONE `store.write` transaction. A dry run computes the same plan from a
reader and writes nothing.
"""

from __future__ import annotations

import io
import json
import logging
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from graphmem.config import Config
from graphmem.embedding.choice import make_embedder
from graphmem.embedding.hashing import Embedder
from graphmem.errors import EmbedderMismatchError, InvalidInputError
from graphmem.model import Fact
from graphmem.portability.format import DEFAULT_LIMITS, FORMAT, NO_LIMITS, SCHEMA_VERSION, Limits, ParsedDoc
from graphmem.portability.load import load_document
from graphmem.portability.plan import ImportDecision, ImportReport, Planner
from graphmem.stores.base import Store, UserWriter
from graphmem.text.timestamps import now, parse_time
from graphmem.write.indexing import message_terms, search_terms, vector_text
from graphmem.write.validate import user_id as check_user_id

__all__ = [
    "ExportReport",
    "ImportDecision",
    "ImportReport",
    "MigrateReport",
    "export_user",
    "import_user",
    "copy_store",
    "write_export",
]

_log = logging.getLogger("graphmem")


Progress = Callable[[int, int], None]


# ---- results ----------------------------------------------------------------------------


@dataclass
class ExportReport:
    """What `export` wrote (the document itself when no destination was given)."""

    user_id: str
    facts: int = 0
    entities: int = 0
    supersedes: int = 0
    audit: int = 0
    episodes: int = 0
    chars: int = 0
    path: str | None = None
    document: str | None = None


@dataclass
class MigrateReport:
    """Per-user import reports of a store-to-store migration."""

    source: str
    destination: str
    reports: dict[str, ImportReport] = field(default_factory=dict)

    @property
    def users(self) -> int:
        return len(self.reports)

    @property
    def facts_added(self) -> int:
        return sum(r.facts_added + r.facts_frozen for r in self.reports.values())


# ---- export -------------------------------------------------------------------------------


def _iso(dt: datetime | None) -> str | None:
    return None if dt is None else dt.isoformat()


def _fact_record(f: Fact, known: set[str]) -> dict[str, Any]:
    return {
        "id": f.id, "user_id": f.user_id, "subject_id": f.subject_id, "subject_name": f.subject_name,
        "attribute": f.attribute, "value": f.value, "kind": f.kind, "source": f.source,
        "confidence": f.confidence, "status": f.status, "text": f.text, "source_text": f.source_text,
        "recorded_at": _iso(f.recorded_at), "valid_from": _iso(f.valid_from), "valid_to": _iso(f.valid_to),
        "last_accessed_at": _iso(f.last_accessed_at), "half_life_days": f.half_life_days,
        "access_count": f.access_count, "ref": f.ref, "object_id": f.object_id, "qualifier": f.qualifier,
        "superseded_by": f.superseded_by if f.superseded_by in known else None, "inferred": f.inferred,
        "rule": f.rule,
    }  # fmt: skip


def _sections(
    store: Store, user_id: str, include_embeddings: bool, embedder: Embedder | None
) -> tuple[dict[str, Any], dict[str, Iterable[dict[str, Any]]]]:
    """The header and the record lists of one user's document.

    Facts are read first, then the rest: entities are never removed while the user
    exists, and links/audit entries naming facts outside the read (a racing write, or
    a forgotten fact) are dropped or exported as null, so the document is consistent.
    """
    r = store.reader(user_id)
    facts = r.facts(statuses=None)
    known = {f.id for f in facts}
    entities = r.entities()
    info = store.embedder_info()
    header: dict[str, Any] = {
        "format": FORMAT, "schema_version": SCHEMA_VERSION, "user_id": user_id,
        "exported_at": now().isoformat(), "generator": "graphmem",
        "embedder": {"model": info[0], "dim": info[1], "included": include_embeddings} if info else None,
    }  # fmt: skip
    if include_embeddings:
        if embedder is None or info != (embedder.model, embedder.dim):
            raise EmbedderMismatchError("include_embeddings needs the embedder the store's vectors came from")
        header["embedder"] = {"model": embedder.model, "dim": embedder.dim, "included": True}

    def fact_records() -> Iterator[dict[str, Any]]:
        for start in range(0, len(facts), 256):
            chunk = facts[start : start + 256]
            texts = [vector_text(f.text, f.source_text) for f in chunk]
            vecs = embedder.embed(texts) if embedder is not None and include_embeddings else None
            for i, f in enumerate(chunk):
                rec = _fact_record(f, known)
                if vecs is not None:
                    rec["vector"] = [float(f"{x:.7g}") for x in vecs[i]]
                yield rec

    sections: dict[str, Iterable[dict[str, Any]]] = {
        "entities": [{"id": e.id, "user_id": e.user_id, "name": e.name, "type": e.type,
                      "aliases": list(e.aliases), "created_at": _iso(e.created_at)} for e in entities],
        "facts": fact_records(),
        "supersedes": [{"new_id": e.new_id, "old_id": e.old_id, "rule": e.rule, "at": _iso(e.at)}
                       for e in r.supersedes() if e.new_id in known and e.old_id in known],
        "audit": [{"id": a.id, "user_id": a.user_id, "at": _iso(a.at), "action": a.action, "rule": a.rule,
                   "new_fact_id": a.new_fact_id if a.new_fact_id in known else None,
                   "old_fact_id": a.old_fact_id if a.old_fact_id in known else None, "detail": a.detail,
                   "extraction_rule": a.extraction_rule}
                  for a in r.audit()],
        "episodes": [{"id": m.id, "user_id": m.user_id, "role": m.role, "text": m.text, "at": _iso(m.at),
                      "ref": m.ref, "prev_id": m.prev_id, "position": m.position,
                      "refers_from": _iso(m.refers_from) if m.refers_from else None,
                      "refers_to": _iso(m.refers_to) if m.refers_to else None, "speaker": m.speaker}
                     for m in r.episodes()],
    }  # fmt: skip
    return header, sections


def _pieces(header: dict[str, Any], sections: dict[str, Iterable[dict[str, Any]]],
            counts: ExportReport) -> Iterator[str]:  # fmt: skip
    yield "{\n" + ",\n".join(
        f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in header.items()
    )
    for name, records in sections.items():
        yield f',\n"{name}": ['
        n = 0
        for rec in records:
            yield ("\n" if n == 0 else ",\n") + json.dumps(rec, ensure_ascii=False)
            n += 1
        yield "\n]" if n else "]"
        setattr(counts, name, n)
    yield "\n}\n"


def export_user(
    store: Store, user_id: str, include_embeddings: bool = False, *, embedder: Embedder | None = None,
    counts: ExportReport | None = None, chunk_chars: int = 65536,
) -> Iterator[str]:  # fmt: skip
    """Stream one user's document as JSON text chunks of about `chunk_chars` (one record per line).

    Episodes are stored redacted, so the document holds no secrets. Embeddings are
    optional: the protocol stores vectors write-only, so `include_embeddings` re-embeds
    each fact with `embedder`, which must be the model the store's vectors came from.
    """
    header, sections = _sections(store, user_id, include_embeddings, embedder)
    counts = counts if counts is not None else ExportReport(user_id)
    buf: list[str] = []
    size = 0
    for piece in _pieces(header, sections, counts):
        buf.append(piece)
        size += len(piece)
        if size >= chunk_chars:
            counts.chars += size
            yield "".join(buf)
            buf, size = [], 0
    counts.chars += size
    yield "".join(buf)


def write_export(
    store: Store, user_id: str, dest: Any = None, include_embeddings: bool = False,
    embedder: Embedder | None = None,
) -> ExportReport:  # fmt: skip
    """Write the document to a path (atomically, via a temporary file), a file object,
    or, when `dest` is None, return it as `report.document`."""
    report = ExportReport(user_id)
    chunks = export_user(store, user_id, include_embeddings, embedder=embedder, counts=report)
    if dest is None:
        report.document = "".join(chunks)
    elif isinstance(dest, (str, os.PathLike)):
        path = Path(dest)
        tmp = path.with_name(path.name + ".partial")
        try:
            with open(tmp, "w", encoding="utf-8") as out:
                for c in chunks:
                    out.write(c)
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        report.path = str(path)
    else:
        binary = isinstance(dest, (io.RawIOBase, io.BufferedIOBase)) or "b" in getattr(dest, "mode", "")
        for c in chunks:
            dest.write(c.encode("utf-8") if binary else c)
    return report


# ---- import -------------------------------------------------------------------------------


def _check_embedder(store: Store, embedder: Embedder, write: bool) -> None:
    info = store.embedder_info()
    if info is None and write:
        store.set_embedder_info(embedder.model, embedder.dim)
    elif info is not None and info != (embedder.model, embedder.dim):
        raise EmbedderMismatchError(
            f"{store.uri} holds vectors from {info[0]} (dim {info[1]}), but the import embeds with "
            f"{embedder.model} (dim {embedder.dim})"
        )


def _prepare(
    doc: ParsedDoc, ids: list[str], embedder: Embedder
) -> dict[str, tuple[list[str], np.ndarray | None]]:
    """BM25 terms and vectors for these document facts, exactly as `Memory` computes them."""
    by_id = {f.id: f for f in doc.facts}
    texts = [vector_text(by_id[i].text, by_id[i].source_text) for i in ids]
    reuse = doc.embedder == (embedder.model, embedder.dim)
    todo = [n for n, i in enumerate(ids) if not (reuse and i in doc.vectors)]
    out: dict[str, tuple[list[str], np.ndarray | None]] = {}
    vectors = embedder.embed([texts[n] for n in todo]) if todo else np.zeros((0, embedder.dim))
    fresh = dict(zip(todo, vectors))
    for n, i in enumerate(ids):
        f = by_id[i]  # its message is not in the document's fact: its clause stands in
        out[i] = (
            search_terms(f.text, message_terms(f.source_text, f.source_text)),
            fresh[n] if n in fresh else doc.vectors[i],
        )
    return out


def import_user(
    store: Store, source: Any, as_user: str | None = None, dry_run: bool = False, *,
    config: Config | None = None, embedder: Embedder | None = None, at: datetime | str | None = None,
    mode: str = "merge", limits: Limits = DEFAULT_LIMITS,
) -> ImportReport:  # fmt: skip
    """Import a document (dict, JSON text, path or file) under `as_user` (default: its own id).

    Validates everything first (ImportFormatError, nothing written), then plans and
    applies in one transaction. `mode="merge"` (default) reinforces identical facts and
    arbitrates conflicts (audit rules `import:<rule>`); `mode="mirror"` (migration)
    never bumps confidence, so repeating it changes nothing.
    """
    if mode not in ("merge", "mirror"):
        raise InvalidInputError(f"mode must be 'merge' or 'mirror', not {mode!r}")
    doc = source if isinstance(source, ParsedDoc) else load_document(source, limits)
    target = check_user_id(as_user if as_user is not None else doc.user_id)
    when = parse_time(at)
    config = config or Config()
    embedder = embedder or make_embedder()
    _check_embedder(store, embedder, write=False)
    pre = Planner(store.reader(target), doc, when, mode, config).plan()
    if dry_run or not pre.report.changed:
        pre.report.dry_run = dry_run
        return pre.report
    _check_embedder(store, embedder, write=True)
    prepared = _prepare(doc, pre.needs_text(), embedder)

    def tx(w: UserWriter) -> ImportReport:
        p = Planner(w, doc, when, mode, config).plan()
        missing = [i for i in p.needs_text() if i not in prepared]
        if missing:  # the target changed since the first plan
            prepared.update(_prepare(doc, missing, embedder))
        p.apply(w, prepared)
        return p.report

    report = store.write(target, tx)
    _log.info("import into %r: %d added, %d frozen, %d superseded, %d reinforced", target,
              report.facts_added, report.facts_frozen, report.local_superseded, report.reinforced)  # fmt: skip
    return report


def copy_store(
    src: Store, dst: Store, progress: Progress | None = None, *, embedder: Embedder | None = None,
    config: Config | None = None,
) -> MigrateReport:  # fmt: skip
    """Copy every user of `src` into `dst` (export → import per user, mirror mode).

    Vectors are recomputed with `embedder` (the protocol cannot read them back). Each
    user is one transaction; an error stops the run, and running again resumes: users
    already copied are found identical and nothing is written for them.
    """
    if src.uri == dst.uri:
        raise InvalidInputError(f"source and destination are the same store ({src.uri})")
    embedder = embedder or make_embedder()
    _check_embedder(dst, embedder, write=True)
    users = src.user_ids()
    report = MigrateReport(src.uri, dst.uri)
    if progress:
        progress(0, len(users))
    for n, u in enumerate(users, 1):
        header, sections = _sections(src, u, False, None)
        doc = load_document({**header, **{k: list(v) for k, v in sections.items()}}, NO_LIMITS)
        report.reports[u] = import_user(dst, doc, config=config, embedder=embedder, mode="mirror")
        if progress:
            progress(n, len(users))
    return report
