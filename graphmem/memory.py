"""`Memory`: the public entry point that ties gate, extraction, arbitration, store and recall."""

from __future__ import annotations

import logging
import re
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from graphmem.config import Config
from graphmem.embedding.choice import make_embedder
from graphmem.embedding.hashing import Embedder
from graphmem.errors import EmbedderMismatchError, InvalidInputError
from graphmem.extract import ExtractContext, Extractor, ExtractOutput, RuleExtractor
from graphmem.extract.protocol import read_context
from graphmem.facts.decay import effective_score
from graphmem.model import (
    Candidate,
    Explanation,
    Fact,
    HistoryEntry,
    Ignored,
    MemoryContext,
    RecallItem,
    Refusal,
    RememberResult,
)
from graphmem.recall.context_block import render as render_context
from graphmem.stores import Store, open_store
from graphmem.stores.call_deadline import within_store_timeout
from graphmem.text.dates import find_spans
from graphmem.text.dates import warm as warm_dates
from graphmem.text.terms import bound_runs, terms
from graphmem.text.timestamps import local_time
from graphmem.write import idempotency as write_keys
from graphmem.write import validate
from graphmem.write.indexing import clause_terms, search_terms, short_message_terms, vector_text

if TYPE_CHECKING:
    import networkx as nx

    from graphmem.gate import Screened
    from graphmem.portability import ExportReport, ImportReport
    from graphmem.recall.recaller import Recaller
    from graphmem.write.transaction import Applier, Prepared

# The write path (gate, arbitration, episodes, numpy), recall, portability and erasure are
# imported by the methods that use them, so a process that only reads (`graphmem get`,
# `graphmem facts`) starts without them.

_log = logging.getLogger("graphmem")
#: Recall channels that answer what the query asked (its attributes, the entities it names):
#: the context's relative floor never drops their items.
_ASKED = frozenset({"exact", "graph"})


class Memory:
    """Per-user long-term memory.

    `applier_class` is the write path inside the transaction (entity resolution,
    arbitration, audit); a subclass may swap it, as the append-only benchmark baseline does.

    >>> mem = Memory("memory.db")                       # embedded SQLite
    >>> mem = Memory("bolt://localhost:7687", auth=("neo4j", "pw"))
    """

    #: None: graphmem.write.transaction.Applier.
    applier_class: type[Applier] | None = None

    def __init__(
        self,
        store: str | Path | Store = "memory.db",
        auth: tuple[str, str] | None = None,
        *,
        extractor: Extractor | None = None,
        embedder: Embedder | None = None,
        config: Config | None = None,
    ) -> None:
        self.config = config or Config()
        self.embedder: Embedder = embedder or make_embedder(self.config.embedder)
        self.extractor: Extractor = extractor or RuleExtractor()
        self.store: Store = open_store(store, auth, timeout=validate.timeout(self.config.store_timeout))
        self._check_embedder()
        self._recaller_made: Recaller | None = None

    @property
    def _recaller(self) -> Recaller:
        if self._recaller_made is None:
            from graphmem.recall.recaller import Recaller

            self._recaller_made = Recaller(self.config, self.embedder)
        return self._recaller_made

    def _check_embedder(self) -> None:
        info = self.store.embedder_info()
        if info is None:
            self.store.set_embedder_info(self.embedder.model, self.embedder.dim)
        elif info != (self.embedder.model, self.embedder.dim):
            raise EmbedderMismatchError(
                f"{self.store.uri} holds vectors from {info[0]} (dim {info[1]}), but this Memory uses "
                f"{self.embedder.model} (dim {self.embedder.dim}); run `graphmem reembed` to switch"
            )

    # ---- lifecycle -------------------------------------------------------------------
    def warm(self) -> None:
        """Load now what the first message would: the gate's and the extractor's patterns,
        its pipelines (jieba's dictionary and tagger, spaCy's matchers) and the date parser,
        one to four seconds once per process. Servers call it at startup, so no request
        waits for it. Nothing is read or written, and no remote model is called."""
        from graphmem.gate import control, noise  # noqa: F401 - the gate's patterns compile on import

        warm_extractor = getattr(self.extractor, "warm", None)
        if callable(warm_extractor):
            warm_extractor()
        warm_dates()

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- write -----------------------------------------------------------------------
    @within_store_timeout
    def remember(
        self,
        user_id: str,
        text: str,
        role: str = "user",
        at: datetime | str | None = None,
        ref: str | None = None,
        *,
        key: str | None = None,
        speaker: str | None = None,
    ) -> RememberResult:
        """Gate, extract and arbitrate one message; one transaction, all or nothing.

        The kept message becomes an episode; `speaker` names who said it when the caller
        knows (a multi-party chat), so it can be found by that name. Idempotent by `key`
        (else `ref`, which names one message): a second remember with a key already
        written for this user changes nothing and returns the first result, so a call that
        failed with `WriteOutcomeUnknownError` can be retried as it was."""
        uid = validate.user_id(user_id)
        text = validate.text(text, self.config.max_text_chars)
        role = validate.role(role)
        ref = validate.ref(ref)
        key = validate.key(key) if key is not None else ref
        when = validate.when(at)
        speaker = validate.speaker(speaker)
        from graphmem import gate
        from graphmem.write import anchored_plans, episodes, moved_plans
        from graphmem.write.transaction import Applier, new_id

        control = gate.control_of(text) if role == "user" else None
        if control is not None and control.kind == gate.DONT_KEEP:
            # Nothing of the message persists: no episode, fact, index row or log line.
            _log.debug("remember user=%r refused at the user's request", uid)
            return RememberResult(
                uid, refused=[Refusal("user_request", "the user asked not to keep this message")]
            )
        # The noise gate runs as the extractor reads (graphmem.gate.GatedSentences): a long
        # message's sentences past the candidate cap are never gated. Secrets: on all of it, now.
        screened = gate.screen(
            text,
            role,
            keep=control is not None and control.kind == gate.REMEMBER,
            lazy=True,
            prepare=bound_runs,
        )
        if control is not None and control.kind == gate.FORGET:
            return self._forget_request(uid, text, screened, when, ref=ref, key=key, speaker=speaker)
        if control is not None and control.kind == gate.FORGET_LAST:
            from graphmem.write import spoken_forget

            return spoken_forget.erase_last_message(self.store, uid, when, self.embedder)
        out = ExtractOutput([], [])
        if screened.sentences:
            reader = self.store.reader(uid)
            context, prior = read_context(reader, self.extractor, key, when)
            if prior is not None:
                # A retry of a write that committed: answered from the store before any
                # extraction (an LLM extractor's call costs money) or embedding. The key is
                # checked again inside the write, where a concurrent first write shows.
                _log.debug("remember user=%r: key already written, nothing changed", uid)
                return reader.read_together(lambda rr: write_keys.replayed(rr, uid, prior))
            out = self.extractor.extract(screened.sentences, context)  # bound_runs: linear tokenising cost
            if role == "user" and gate.ironic(text):  # "I just LOVE Mondays 🙄": no taste of it is one
                said, dropped_tastes = gate.without_tastes(out.candidates)
                out = ExtractOutput(said, [*out.ignored, *dropped_tastes], out.usage)
            if role == "user" and (joke := gate.joke_taken_back(text)) is not None:
                # "我是秦始皇 打钱😂 开玩笑的": what came before the marker is not meant
                bare = re.compile(r"[\s.,!?;:~。，！？；：～…]+")  # the gate re-punctuates what it keeps
                t = text.strip()
                whole = bare.sub("", t)
                begin, cut = len(bare.sub("", t[: joke[0]])), len(bare.sub("", t[: joke[1]]))
                meant = [
                    c
                    for c in out.candidates
                    if not begin <= whole.find(bare.sub("", c.source_text or "") or "\0") < cut
                ]
                joked = [Ignored(c.source_text or c.value, "joke") for c in out.candidates if c not in meant]
                out = ExtractOutput(meant, [*out.ignored, *joked], out.usage)
        # The kept message is a memory of its own (graphmem.write.episodes); what the gate
        # blanked (secrets redacted, a message not to keep) is not in it. Its terms index
        # the episode and, bounded, each of its facts; its dates date both: each is read once.
        kept = screened.redacted.strip()
        words = terms(kept)
        # the days it names are counted from the speaker's day ("前天" said at 07:50 in Beijing)
        spans = find_spans(kept, local_time(at) if at is not None else when) if kept else []
        candidates = episodes.dated_candidates(out.candidates, screened.redacted, when, spans)
        if screened.sentences:  # "pushed back two weeks": counted from the plan on record
            candidates = moved_plans.dated_moves(candidates, kept, when, spans, reader)
            # "回国前一天", "the day after I land": counted from the plan on record
            candidates = anchored_plans.anchored_days(candidates, kept, when, spans, reader)
        prepared, dropped = self._prepare(candidates, short_message_terms(words))
        episode_id = new_id("m")
        draft = (
            episodes.draft(
                episode_id, uid, role, kept, when, ref, self.embedder.embed([kept])[0], speaker, words, spans
            )  # fmt: skip
            if kept
            else None
        )

        def tx(w: Any) -> tuple[RememberResult, bool]:
            # The key is read after the user's lock: a retry of a write that committed
            # (its answer lost) finds it here and writes nothing.
            prior = w.write_key(key) if key is not None else None
            if prior is not None:
                return write_keys.replayed(w, uid, prior), True
            applier = (self.applier_class or Applier)(w, self.config, when, ref, episode_id)
            if draft is not None:
                episodes.record(w, draft, self.config)
            else:
                applier.result.episode_id = None
            applier.apply_all(prepared)
            r = applier.result
            r.ignored = [*screened.ignored, *out.ignored, *dropped, *r.ignored]
            r.refused = list(screened.refused)
            r.usage = dict(out.usage)
            if key is not None:
                w.put_write_key(key, write_keys.result_record(r), when)
            return r, False

        result, replayed = self.store.write(uid, tx)
        if replayed:
            _log.debug("remember user=%r: key already written, nothing changed", uid)
            return result
        _log.debug(
            "remember user=%r added=%d superseded=%d reinforced=%d refused=%d",
            uid, len(result.added), len(result.superseded), len(result.reinforced), len(result.refused),
        )  # fmt: skip
        return result

    def explain(self, user_id: str | None, text: str, role: str = "user") -> Explanation:
        """What `remember` would make of `text`, written nowhere: each piece of it with the
        reason the gate dropped it, or the rules that read it and the candidates they made.
        `user_id` None reads it as a new user's (no known people or facts)."""
        uid = None if user_id is None else validate.user_id(user_id)
        text, role = validate.text(text, self.config.max_text_chars), validate.role(role)
        from graphmem.write.explain import explain

        context = read_context(self.store.reader(uid), self.extractor)[0] if uid else ExtractContext()
        return explain(uid, text, role, self.extractor, context)

    def _forget_request(
        self, uid: str, text: str, screened: Screened, when: datetime, **kw: Any
    ) -> RememberResult:
        """ "forget that …" / "把…删了": erase the named facts as `forget` does; keep no trace of the request."""
        r = self.store.reader(uid)
        context = read_context(r, self.extractor)[0] if screened.sentences else None
        read = self.extractor.extract(screened.sentences, context).candidates if context is not None else []
        from graphmem.write import spoken_forget

        result = spoken_forget.erase_requests(self.store, uid, text, read, when, self.embedder)
        _log.debug("remember user=%r forget request erased=%d", uid, len(result.retracted))
        news = spoken_forget.news_besides(text)  # "…scrap that, also X": X kept, after the erasure
        return spoken_forget.with_news(result, self.remember(uid, news, at=when, **kw)) if news else result

    def _prepare(
        self, candidates: list[Candidate], around: list[str] | None
    ) -> tuple[list[Prepared], list[Ignored]]:
        """Check, render, index and embed each candidate. `around`: the message's terms, or
        None for a long message (`short_message_terms`), whose facts take their clause's.
        A long message can yield the same strings many times (one clause, one rendered
        fact), so each distinct one is checked, analysed and embedded once."""
        import numpy as np

        from graphmem.write.transaction import Prepared, render_candidate

        good: list[Candidate] = []
        dropped: list[Ignored] = []
        secrets_in: dict[str, bool] = {}
        for c in candidates:
            problem = validate.candidate_problem(c, secrets_in)
            if problem:
                dropped.append(Ignored(c.source_text or str(c.value)[:80], problem))
            else:
                good.append(c)
        texts = [render_candidate(c) for c in good]
        # graphmem.write.indexing: BM25 sees the whole (redacted) message, the vector the fact and
        # its clause. The message's terms are taken once: per fact it would be quadratic.
        embedded = [vector_text(t, c.source_text) for t, c in zip(texts, good)]
        distinct = list(dict.fromkeys(embedded))
        vectors = (
            self.embedder.embed(distinct) if distinct else np.zeros((0, self.embedder.dim), dtype=np.float32)
        )
        row = {v: i for i, v in enumerate(distinct)}
        own: dict[tuple[str, str], list[str]] = {}
        prepared = []
        for c, t, v in zip(good, texts, embedded):
            clause = "" if around is not None else c.source_text
            if (t, clause) not in own:
                own[t, clause] = search_terms(t, around if around is not None else clause_terms(clause))
            prepared.append(Prepared(c, t, list(own[t, clause]), vectors[row[v]]))
        return prepared, dropped

    # ---- read ------------------------------------------------------------------------
    def recall(
        self, user_id: str, query: str, k: int = 6, at: datetime | str | None = None
    ) -> list[RecallItem]:
        """Up to k memories for `query` in one ranking: active facts (each carrying the
        episode it came from) and kept messages no recalled fact stands for; each with
        its kind, channels and score."""
        uid = validate.user_id(user_id)
        query = validate.text(query, self.config.max_text_chars, "query")
        k = validate.top_k(k)
        when = validate.when(at)
        q = self._recaller.prepare(query, k)  # embedded outside any transaction

        # The access is recorded with the reads (on Neo4j in their transaction: one commit).
        def ranked_and_touched(r: Any) -> list[RecallItem]:
            found = self._recaller.rank(r, q, when)
            touched = [it.fact.id for it in found if it.fact is not None]
            if touched:
                r.touch(touched, when)
            return found

        return self.store.reader(uid).read_together(ranked_and_touched, write=True, text=q.text_search)

    def context(
        self, user_id: str, query: str, k: int = 6, at: datetime | str | None = None
    ) -> MemoryContext:
        """The MemoryContext block to put before the user's message: the recalled items
        that score at least `Config.context_floor` of the best one. What the exact lookup
        found (an attribute the query asks about, an entity it names) is kept whatever its
        score: a question about two things ("where do I live, and who is Ola?") wants both."""
        items = self.recall(user_id, query, k=k, at=at)
        if items:
            floor = self.config.context_floor * items[0].score
            items = [it for it in items if it.score >= floor or _ASKED.intersection(it.channels)]
        return render_context(user_id, query, items)

    def get(
        self,
        user_id: str,
        attribute: str,
        at: datetime | str | None = None,
        *,
        subject: str | None = None,
        as_of: datetime | str | None = None,
    ) -> list[Fact]:
        """Active facts of one attribute (about the user, or about `subject`), surest first."""
        uid = validate.user_id(user_id)
        attribute = validate.attribute(attribute)
        subject = validate.subject(subject)
        when = validate.when(at)
        if as_of is not None:
            validate.when(as_of, "as_of")
        found = self.facts(uid, include_frozen=as_of is not None, as_of=as_of)
        found = [f for f in found if f.attribute == attribute and f.subject_name == (subject or "self")]
        return sorted(found, key=lambda f: -effective_score(f, when))

    def facts(
        self, user_id: str, include_frozen: bool = False, *, as_of: datetime | str | None = None
    ) -> list[Fact]:
        """Every active fact of the user (and frozen ones on request); `as_of` time-travels.

        `as_of=T` gives the facts believed at T: recorded by T and valid at T, whatever their
        status now. Archived facts count: archiving (gc) is a ranking decision, not a change
        of belief, and it ends no validity."""
        uid = validate.user_id(user_id)
        include_frozen = validate.flag(include_frozen, "include_frozen")
        t = None if as_of is None else validate.when(as_of, "as_of")
        r = self.store.reader(uid)
        if t is None:
            statuses = ("active", "frozen") if include_frozen else ("active",)
            return r.facts(statuses=statuses)
        return [
            f
            for f in r.facts(statuses=None)
            if f.recorded_at <= t and f.valid_from <= t and (f.valid_to is None or f.valid_to > t)
        ]

    def graph(
        self,
        user_id: str,
        as_of: datetime | str | None = None,
        include_frozen: bool = False,
        include_episodes: bool = False,
    ) -> nx.MultiDiGraph:
        """The user's subgraph as a networkx MultiDiGraph (see `graphmem.views.graph`); with
        `include_episodes`, its kept messages as a timeline lane."""
        from graphmem.views.graph import build_graph  # networkx loads on first use

        uid = validate.user_id(user_id)
        when = None if as_of is None else validate.when(as_of, "as_of")
        include_frozen = validate.flag(include_frozen, "include_frozen")
        include_episodes = validate.flag(include_episodes, "include_episodes")
        return build_graph(
            self.store.reader(uid),
            as_of=when,
            include_frozen=include_frozen,
            include_episodes=include_episodes,
        )

    def history(self, user_id: str, attribute: str | None = None) -> list[HistoryEntry]:
        """Every fact of the attribute (or all), oldest first, with the audit records about it."""
        uid = validate.user_id(user_id)
        r = self.store.reader(uid)
        attrs = [validate.attribute(attribute)] if attribute is not None else None
        facts = r.facts(statuses=None, attributes=attrs)
        audit = r.audit([f.id for f in facts]) if facts else []
        entries = []
        for f in facts:
            events = [a for a in audit if f.id in (a.new_fact_id, a.old_fact_id)]
            entries.append(HistoryEntry(f, events))
        return entries

    # ---- portability and erasure (graphmem.portability, graphmem.write.erasure) -------------
    def export(
        self, user_id: str, path_or_fileobj: Any = None, include_embeddings: bool = False
    ) -> ExportReport:
        """Write the user's versioned JSON document to a path or file (or return it in `.document`)."""
        uid = validate.user_id(user_id)
        include_embeddings = validate.flag(include_embeddings, "include_embeddings")
        dest = validate.export_destination(path_or_fileobj)
        from graphmem import portability

        try:
            return portability.write_export(self.store, uid, dest, include_embeddings, self.embedder)
        except OSError as e:  # the path given cannot be written (missing folder, too long, no right)
            raise InvalidInputError(f"the export cannot be written there: {e.strerror or e}") from e

    def import_(self, doc: Any, as_user: str | None = None, dry_run: bool = False) -> ImportReport:
        """Import a document (path, file, JSON text or dict), optionally under another user id."""
        as_user = validate.user_id(as_user) if as_user is not None else None
        dry_run = validate.flag(dry_run, "dry_run")
        from graphmem import portability

        return portability.import_user(
            self.store, doc, as_user, dry_run, config=self.config, embedder=self.embedder
        )

    import_user = import_

    def forget_user(self, user_id: str) -> int:
        """Erase every node, edge, log row and index entry of the user; returns rows removed."""
        from graphmem.write import erasure

        return erasure.forget_user(self.store, validate.user_id(user_id))

    def forget(self, user_id: str, fact_id: str, at: datetime | str | None = None) -> bool:
        """Delete one fact and every trace of its content (audit details, the message log,
        other facts' provenance; see `erasure.forget_fact`), leaving a content-free
        `forget` audit entry; False if unknown."""
        from graphmem.write import erasure

        uid, fid = validate.user_id(user_id), validate.name(fact_id, "fact_id")
        return erasure.forget_fact(self.store, uid, fid, validate.when(at), embedder=self.embedder)

    def forget_episode(self, user_id: str, ref: str, at: datetime | str | None = None) -> int:
        """Forget one kept message (by its ref, else its id) and every fact that came from
        it (each as `forget` does); returns how many were erased (0: unknown)."""
        from graphmem.write import erasure

        uid, ref = validate.user_id(user_id), validate.name(ref, "ref", validate.MAX_REF_CHARS)
        return erasure.forget_episode(self.store, uid, ref, validate.when(at), embedder=self.embedder)

    def gc(
        self,
        user_id: str | None = None,
        at: datetime | str | None = None,
        *,
        floor: float | None = None,
        archive_profile: bool | None = None,
    ) -> int:
        """Archive facts whose effective score fell below the floor (default `config.archive_floor`)."""
        uid = validate.user_id(user_id) if user_id is not None else None
        floor = validate.fraction(self.config.archive_floor if floor is None else floor, "floor")
        profile = validate.flag(
            self.config.archive_profile if archive_profile is None else archive_profile, "archive_profile"
        )
        from graphmem.write import erasure

        return erasure.gc(self.store, uid, validate.when(at), floor, profile)
