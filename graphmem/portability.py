"""Portability and erasure: export, import (remap + re-arbitration), store migration,
forgetting and the decay-floor archiving pass. Built only on the storage protocol, so
every function works on every store.

    for chunk in export_user(store, "u1"): out.write(chunk)      # a streamed JSON document
    import_user(store, "u1.json", as_user="u2")                  # -> ImportReport
    migrate(open_store("memory.db"), open_store("bolt://..."))   # -> MigrateReport

The document format and its versions are described in `graphmem.portability_format`.
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
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from .config import Config
from .decay import effective_score
from .embed import Embedder, HashingEmbedder
from .errors import EmbedderMismatchError, InvalidInputError
from .model import AuditRecord, Fact
from .portability_format import DEFAULT_LIMITS, FORMAT, NO_LIMITS, SCHEMA_VERSION, Limits, ParsedDoc
from .portability_import import ImportDecision, ImportReport, Planner
from .portability_validate import load_document
from .stores.base import FORGOTTEN, Episode, Store, UserReader, UserWriter
from .textproc import terms
from .timeutil import now, parse_time
from .validate import user_id as check_user_id
from .write import new_id

__all__ = [
    "ExportReport",
    "ImportDecision",
    "ImportReport",
    "MigrateReport",
    "export_user",
    "forget_fact",
    "forget_user",
    "gc",
    "import_user",
    "migrate",
    "write_export",
]

_log = logging.getLogger("graphmem")


def fact_text(text: str, source_text: str) -> str:
    """What is indexed and embedded for a fact: the same string `Memory` uses."""
    return f"{text} {source_text}".strip()


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
            texts = [fact_text(f.text, f.source_text) for f in chunk]
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
                   "old_fact_id": a.old_fact_id if a.old_fact_id in known else None, "detail": a.detail}
                  for a in r.audit()],
        "episodes": [{"id": m.id, "user_id": m.user_id, "role": m.role, "text": m.text, "at": _iso(m.at),
                      "ref": m.ref} for m in r.episodes()],
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
    texts = [fact_text(by_id[i].text, by_id[i].source_text) for i in ids]
    reuse = doc.embedder == (embedder.model, embedder.dim)
    todo = [n for n, i in enumerate(ids) if not (reuse and i in doc.vectors)]
    out: dict[str, tuple[list[str], np.ndarray | None]] = {}
    vectors = embedder.embed([texts[n] for n in todo]) if todo else np.zeros((0, embedder.dim))
    fresh = dict(zip(todo, vectors))
    for n, i in enumerate(ids):
        out[i] = (terms(texts[n]), fresh[n] if n in fresh else doc.vectors[i])
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
    embedder = embedder or HashingEmbedder()
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


def migrate(
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
    embedder = embedder or HashingEmbedder()
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


# ---- erasure and forgetting --------------------------------------------------------------


def forget_user(store: Store, user_id: str) -> int:
    """Remove every node, edge, log row and index entry of the user; returns rows removed."""
    if store.count_rows(user_id) == 0:
        return 0
    return int(store.write(user_id, lambda w: w.delete_user()))


#: Values shorter than this are not scrubbed from texts (a one-letter value would mangle
#: every word holding that letter); the clause they came from still is.
MIN_SCRUB_CHARS = 2


@dataclass
class _Erasure:
    """What forgetting one fact rewrites besides deleting it (see `forget_fact`)."""

    needles: list[str]  # replaced by FORGOTTEN in the user's episode texts, in this order
    sources: dict[str, str]  # other fact id -> its source text afterwards
    index: dict[str, str]  # other fact id -> the text its BM25 terms are recomputed from
    embed: dict[str, str]  # other fact id -> the text its vector is recomputed from


def _scrubbed(text: str, needles: list[str]) -> str:
    """`text` as `UserWriter.scrub` leaves an episode: each needle replaced, in order."""
    for n in needles:
        if n and n != FORGOTTEN:
            text = text.replace(n, FORGOTTEN)
    return text


def _erasure(gone: Fact, rest: list[Fact], episodes: list[Episode]) -> _Erasure:
    value, clause = gone.value.strip(), gone.source_text.strip()
    # The clause the fact came from goes from the message log, unless another fact came
    # from the same clause (it keeps its provenance: only the value goes).
    shared = any(
        o.source_text.strip() and (clause in o.source_text or o.source_text.strip() in clause) for o in rest
    )
    needles = [clause] if len(clause) >= MIN_SCRUB_CHARS and not shared else []
    sources: dict[str, str] = {}
    if len(value) >= MIN_SCRUB_CHARS:
        # Episodes are matched exactly (in the store), so the usual case variants too.
        needles += [value, value.lower(), value.upper(), value.capitalize(), value.title()]
        pattern = re.compile(re.escape(value), re.IGNORECASE)
        key = value.casefold()
        for o in rest:
            own = f"{o.value}\n{o.text}\n{o.subject_name}".casefold()
            if key not in own and pattern.search(o.source_text):  # the value is not o's own content
                sources[o.id] = pattern.sub(FORGOTTEN, o.source_text)
    needles = sorted(dict.fromkeys(needles), key=len, reverse=True)  # the clause before its value
    # Messages the scrub changes, by (time, ref): the facts that came from one are re-indexed
    # with its scrubbed text as well, in case their terms were taken from the whole message.
    changed: dict[tuple[datetime, str | None], list[str]] = {}
    for m in episodes:
        after = _scrubbed(m.text, needles)
        if after != m.text:
            changed.setdefault((m.at, m.ref), []).append(after)
    index: dict[str, str] = {}
    for o in rest:
        message = " ".join(changed.get((o.recorded_at, o.ref), []))
        if o.id in sources or message:
            text = f"{fact_text(o.text, sources.get(o.id, o.source_text))} {message}"
            index[o.id] = " ".join(text.replace(FORGOTTEN, " ").split())  # the marker is no term
    by_id = {o.id: o for o in rest}
    embed = {fid: fact_text(by_id[fid].text, src) for fid, src in sources.items()}
    return _Erasure(needles, sources, index, embed)


def _forget_plan(r: UserReader, fact_id: str) -> tuple[Fact, list[Fact], _Erasure] | None:
    found = r.facts(statuses=None, ids=[fact_id])
    if not found:
        return None
    rest = [f for f in r.facts(statuses=None) if f.id != fact_id]
    return found[0], rest, _erasure(found[0], rest, r.episodes())


def forget_fact(
    store: Store, user_id: str, fact_id: str, at: datetime, *, embedder: Embedder | None = None
) -> bool:
    """Delete one fact so that no trace of its content is left, in one transaction:

    - the fact, its links (SUPERSEDES, provenance) and its index entries; a fact it had
      superseded no longer points at it;
    - earlier audit records naming it keep their ids, action, rule and time, but their
      detail (e.g. `city=Paris -> city=Rome`) becomes `[FORGOTTEN]`;
    - in the user's message log (episodes), the clause the fact came from and then its
      value (as written, lower case, upper case, capitalised) become `[FORGOTTEN]`, in
      every message, not only the one it came from. If another fact came from the same
      clause, only the value goes, so that fact keeps its provenance;
    - another fact whose source text mentions the value (e.g. "My sister Anna lives in
      Berlin" for Anna's city) keeps its source text with the value replaced, and is
      re-indexed and re-embedded; a fact the value belongs to (its own value, text or
      subject) keeps it. Facts that came from a message the scrub changed get their BM25
      terms recomputed from their text, source text and that scrubbed message, so no
      index entry keeps the value whether terms were taken from the clause or the message;
    - the fact's subject and object entities are deleted when no fact names them any
      more (never the user's `self`);
    - an audit entry that keeps no content is added: action `forget`, rule
      `user_request`, empty detail, only the id.

    Values shorter than MIN_SCRUB_CHARS are not scrubbed from texts (their clause is).
    Matching is by substring, so "Rome" also goes from "Romeo". Vectors are recomputed
    with `embedder` (default: the hashing embedder) when it is the model the store's
    vectors came from; otherwise the rewritten facts' vectors are zeroed rather than
    left describing the forgotten value.
    """
    if not isinstance(fact_id, str) or not fact_id.strip():
        raise InvalidInputError(f"fact_id must be a non-empty string, not {fact_id!r}")
    pre = _forget_plan(store.reader(user_id), fact_id)
    if pre is None:
        return False
    embedder = embedder or HashingEmbedder()
    info = store.embedder_info()
    vectors: dict[str, np.ndarray] = {}

    def vector(text: str) -> np.ndarray | None:
        if info is None:
            return None
        if info != (embedder.model, embedder.dim):
            return np.zeros(info[1], dtype=np.float32)
        if text not in vectors:
            vectors[text] = embedder.embed([text])[0]
        return vectors[text]

    for text in pre[2].embed.values():  # embed before the transaction, like import does
        vector(text)

    def tx(w: UserWriter) -> bool:
        plan = _forget_plan(w, fact_id)
        if plan is None:
            return False
        gone, rest, erase = plan
        for f in rest:
            if f.superseded_by == fact_id:
                w.update_fact(replace(f, superseded_by=None))
        w.delete_fact(fact_id)
        by_id = {f.id: f for f in rest}
        for fid, text in erase.index.items():
            w.update_source(fid, erase.sources.get(fid, by_id[fid].source_text), terms(text))
        fresh = [(fid, v) for fid, text in erase.embed.items() if (v := vector(text)) is not None]
        if fresh:
            w.replace_vectors(fresh)
        w.scrub(fact_id, erase.needles)
        w.delete_orphans([e for e in (gone.subject_id, gone.object_id) if e])
        w.add_audit(AuditRecord(new_id("a"), user_id, at, "forget", "user_request", None, fact_id, ""))
        return True

    return bool(store.write(user_id, tx))


def gc(store: Store, user_id: str | None, at: datetime, floor: float, archive_profile: bool = False) -> int:
    """Archive active facts whose effective score (confidence × decay) fell below `floor`,
    sparing profile facts unless `archive_profile`; audited (`archive`, `decay_floor`)."""

    def due(facts: list[Fact]) -> list[tuple[Fact, float]]:
        scored = [(f, effective_score(f, at)) for f in facts if archive_profile or f.kind != "profile"]
        return [(f, s) for f, s in scored if s < floor]

    def tx(w: UserWriter) -> int:
        found = due(w.facts())
        for f, s in found:
            w.update_fact(replace(f, status="archived"))
            w.add_audit(AuditRecord(new_id("a"), w.user_id, at, "archive", "decay_floor", None, f.id,
                                    f"{f.attribute}={f.value}: score {s:.4f} < floor {floor:g}"))  # fmt: skip
        return len(found)

    total = 0
    for u in [user_id] if user_id is not None else store.user_ids():
        if due(store.reader(u).facts()):
            total += store.write(u, tx)
    return total
