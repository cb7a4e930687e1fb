"""Erasure and forgetting: forget a user, forget one fact (scrubbing its content from
the user's message log and from other facts' provenance, leaving a content-free audit
entry), and the pass that archives facts whose decayed score fell below a floor. Built
only on the storage protocol, so every function works on every store."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime

import numpy as np

from graphmem.embedding.choice import make_embedder
from graphmem.embedding.hashing import Embedder
from graphmem.errors import InvalidInputError
from graphmem.facts.decay import effective_score
from graphmem.model import AuditRecord, Fact
from graphmem.stores.base import FORGOTTEN, Episode, Store, UserReader, UserWriter
from graphmem.write.indexing import message_terms, search_terms, vector_text
from graphmem.write.transaction import new_id

__all__ = ["forget_episode", "forget_episodes", "forget_fact", "forget_user", "gc"]


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
    index: dict[str, tuple[str, str]]  # other fact id -> (its text, its message) for BM25 terms
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
    index: dict[str, tuple[str, str]] = {}
    for o in rest:
        message = " ".join(changed.get((o.recorded_at, o.ref), []))
        if o.id in sources or message:
            around = message or sources.get(o.id, o.source_text)
            index[o.id] = (o.text, " ".join(around.replace(FORGOTTEN, " ").split()))  # the marker is no term
    by_id = {o.id: o for o in rest}
    embed = {fid: vector_text(by_id[fid].text, src) for fid, src in sources.items()}
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
    embedder = embedder or make_embedder()
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
        for fid, (text, message) in erase.index.items():
            clause = erase.sources.get(fid, by_id[fid].source_text)
            around = message_terms(message, clause.replace(FORGOTTEN, " "))  # the marker is no term
            w.update_source(fid, clause, search_terms(text, around))
        fresh = [(fid, v) for fid, text in erase.embed.items() if (v := vector(text)) is not None]
        if fresh:
            w.replace_vectors(fresh)
        w.scrub(fact_id, erase.needles)
        w.delete_orphans([e for e in (gone.subject_id, gone.object_id) if e])
        w.add_audit(AuditRecord(new_id("a"), user_id, at, "forget", "user_request", None, fact_id, ""))
        return True

    return bool(store.write(user_id, tx))


def forget_episode(
    store: Store, user_id: str, ref: str, at: datetime, *, embedder: Embedder | None = None
) -> int:
    """Forget the user's messages whose ref (else id) is `ref`: every fact that came from
    them (as `forget_fact`, which also scrubs their content from every message), then the
    messages themselves. Returns messages + facts erased (0 when none matched)."""
    if not isinstance(ref, str) or not ref.strip():
        raise InvalidInputError(f"ref must be a non-empty string, not {ref!r}")
    r = store.reader(user_id)
    episodes = [e for e in r.episodes() if e.ref == ref] or r.episodes(ids=[ref])
    if not episodes:
        return 0
    ids = [e.id for e in episodes]
    n = 0
    for link in r.episode_links(episode_ids=ids):
        n += forget_fact(store, user_id, link.fact_id, at, embedder=embedder)
    for eid in ids:

        def tx(w: UserWriter, eid: str = eid) -> bool:
            return w.delete_episode(eid)

        n += int(store.write(user_id, tx))
    return n


def forget_episodes(store: Store, user_id: str, episode_ids: list[str]) -> list[str]:
    """Delete the user's messages with these ids (their facts are forgotten first, by the
    caller, with `forget_fact`); returns the ids deleted. One transaction."""

    def tx(w: UserWriter) -> list[str]:
        return [eid for eid in episode_ids if w.delete_episode(eid)]

    return list(store.write(user_id, tx)) if episode_ids else []


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
