"""Hybrid recall over facts and episodes: exact graph lookup + BM25 + vector over facts,
BM25 + vector over the kept messages, fused (graphmem.recall.fusion; the method is
`Config.fusion`) and assembled into one ranking (graphmem.recall.assemble).

Every channel reads through a `UserReader`, so every candidate belongs to the user
asked about. A fact's fused score is multiplied by its effective confidence
(confidence × time decay at `at`), so a fresher or surer memory wins among equals.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from graphmem.config import Config
from graphmem.embedding.hashing import Embedder, embed_queries
from graphmem.facts.decay import effective_score
from graphmem.facts.vocab import is_single
from graphmem.model import Entity, Episode, Fact, RecallItem
from graphmem.recall.assemble import TimeIntent, assemble
from graphmem.recall.fusion import fuse
from graphmem.recall.hops import MAX_HOPS, LinkView, Target, resolve
from graphmem.recall.intent import CONSTRAINTS, SCHEDULE, Intent, parse
from graphmem.stores.base import FORGOTTEN, UserReader
from graphmem.text.asked_dates import asks_ahead, is_time_question, query_range
from graphmem.text.concepts import expand
from graphmem.text.dates import without_zh_dates
from graphmem.text.memory_dates import memory_date
from graphmem.text.terms import normalize, query_terms

__all__ = ["Recaller", "RecallQuery", "Intent", "parse"]

#: Weight of the graph channel (links walked, context around a hop target) in the
#: fusion, unless `Config.channel_weights` names one.
GRAPH_WEIGHT = 0.5


#: What a fact about neither the person a query asks about nor the user's link to them
#: counts in the ranking ("where does Ravi work?" and the user's own job).
OFF_SUBJECT_WEIGHT = 0.5
#: The messages about the days a question names score min(1, DATED_DAYS / days named) in
#: their channel (a day or a weekend fully, a week 2/7, a month about 1/15) ...
DATED_DAYS = 2.0
#: ... and by min(1, DATED_FEW / messages found about those days).
DATED_FEW = 3.0
#: A query in the first person (normalised, so lower case).
_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|myself|i'm|i've|i'd|i'll)\b|我")


@dataclass(frozen=True)
class RecallQuery:
    """A query ready to rank: its vector (computed outside any transaction), its search
    terms (its own words, then the `related` words of the concepts it names) and how many
    candidates each channel offers (never fewer than k)."""

    text: str
    vector: np.ndarray
    terms: list[str]
    k: int
    depth: int
    related: list[str] = field(default_factory=list)

    @property
    def own_terms(self) -> list[str]:
        return self.terms[: len(self.terms) - len(self.related)]

    @property
    def text_search(self) -> tuple[list[str], int, list[str]]:
        """The (terms, limit, related) of this query's BM25 read, for stores that prefetch it."""
        return self.own_terms, self.depth, self.related


@dataclass
class _Hit:
    fact: Fact
    path: list[str]
    tier: int  # 0 the asked-about facts of a hop target, 1 the user's own, 2 links, 3 context


class Recaller:
    def __init__(self, config: Config, embedder: Embedder) -> None:
        self.config = config
        self.embedder = embedder

    def _weight(self, fact: Fact, at: datetime) -> float:
        floor = self.config.kind_floors.get(fact.kind, self.config.decay_floor)
        if floor <= 0:
            return effective_score(fact, at)
        return fact.confidence * floor + (1 - floor) * effective_score(fact, at)

    def _said_age(self, fact: Fact, at: datetime) -> float:
        """The share of a fact's weight its message's words keep when they lift it: decay
        from when it was said, not from its last access. Recalling a stale plan refreshes
        the fact (decay counts from the last access) but not the relevance of its old
        message, or every recall would lift what the previous ones returned."""
        floor = self.config.kind_floors.get(fact.kind, self.config.decay_floor)
        days = max(0.0, (at - fact.recorded_at).total_seconds() / 86400.0)
        decay = 0.5 ** (days / max(fact.half_life_days, 1e-6))
        return max(0.0, floor) + (1 - max(0.0, floor)) * decay

    def _episode_age(self, ep: Episode, at: datetime) -> float:
        """A kept message ages from when it was said (`Config.episode_half_life_days`,
        never below the decay floor)."""
        half_life = self.config.episode_half_life_days
        if half_life is None:
            return 1.0
        days = max(0.0, (at - ep.at).total_seconds() / 86400.0)
        floor = self.config.decay_floor
        return floor + (1 - floor) * 0.5 ** (days / half_life)

    def recall(self, r: UserReader, query: str, k: int, at: datetime) -> list[RecallItem]:
        """The k best memories for `query`, read-only (recording the access is the caller's)."""
        q = self.prepare(query, k)
        return r.read_together(lambda rr: self.rank(rr, q, at), text=q.text_search)

    def prepare(self, query: str, k: int) -> RecallQuery:
        # The query is embedded here, so no model call happens inside a read transaction.
        # Its search terms gain the words of the everyday concepts it names (concepts.py),
        # so "unwind when things get hectic" also finds "whenever I'm stressed".
        words = without_zh_dates(query)
        qterms = query_terms(words)
        if not qterms:  # a question that is nothing but a date ("上周六呢？") keeps it
            words, qterms = query, query_terms(query)
        related = expand(words, qterms)
        return RecallQuery(
            query,
            embed_queries(self.embedder, [words])[0],
            qterms + related,
            k,
            max(self.config.channel_depth, k),
            related,
        )

    def rank(self, r: UserReader, q: RecallQuery, at: datetime) -> list[RecallItem]:
        """`recall` of a prepared query, in whatever transaction `r` reads in."""
        query, vec, k, depth, qterms = q.text, q.vector, q.k, q.depth, q.terms
        entities = r.entities()
        intent = parse(query, entities)
        channels: dict[str, list[str]] = {}
        facts: dict[str, Fact] = {}
        paths: dict[str, list[str]] = {}

        hits, focus = self._exact(r, intent, entities, at, qterms, depth)
        # The asked-about facts (tiers 0-1) form the exact channel; the links walked and
        # what else is known about those entities (tiers 2-3) a weaker graph channel.
        channels["exact"] = [h.fact.id for h in hits if h.tier <= 1][:depth]
        channels["graph"] = [h.fact.id for h in hits if h.tier > 1][:depth]
        specific = specificity(
            hits, self.config.exact_span, self.config.own_fact_share, SCHEDULE if intent.ahead else ()
        )
        for h in hits:
            facts[h.fact.id] = h.fact
            paths[h.fact.id] = h.path

        bm25 = r.search_text(q.own_terms, depth, q.related)
        dense = r.search_vector(vec, depth)
        missing = [fid for fid, _ in (*bm25, *dense) if fid not in facts]
        if missing:
            for f in r.facts(ids=list(dict.fromkeys(missing))):
                facts[f.id] = f

        def active(hits: list[tuple[str, float]]) -> list[tuple[str, float]]:
            return [("f:" + fid, s) for fid, s in hits if fid in facts and facts[fid].status == "active"]

        lists: dict[str, list[tuple[str, float]]] = {
            ch: active([(fid, specific[fid]) for fid in ids]) for ch, ids in channels.items()
        }
        floor = self.config.vector_floor
        lists["bm25"], lists["vector"] = active(bm25), active([(f, s) for f, s in dense if s >= floor])
        lists["episode_bm25"] = [
            ("e:" + eid, s) for eid, s in r.search_episodes_text(q.own_terms, depth, q.related)
        ]
        lists["episode_vector"] = [
            ("e:" + eid, s) for eid, s in r.search_episodes_vector(vec, depth) if s >= floor
        ]
        when = TimeIntent(
            is_time_question(query), query_range(query, at), at.date() if asks_ahead(query) else None
        )
        if when.span is not None:
            # "what did I do on 1 March?", "上周六我干嘛了": the messages about those days,
            # whatever words they used (the date in the question is not a word they share).
            # A day or a weekend with a message or two singles them out; a month, or a day
            # of a long conversation, holds too many for the date alone to say which one
            # is asked for (a crowd shares little, as in the exact channel).
            days = (when.span.end - when.span.start).days + 1
            dated = [
                e for e in r.episodes_dated(when.span.start_dt, when.span.end_dt, depth)
                if e.text.replace(FORGOTTEN, "").strip()
            ]  # fmt: skip
            share = min(1.0, DATED_DAYS / days) * min(1.0, DATED_FEW / max(1, len(dated)))
            lists["episode_dated"] = [("e:" + e.id, share) for e in dated]
        weights = {
            "graph": GRAPH_WEIGHT,
            **self.config.channel_weights,
            **self.config.episode_channel_weights,
        }
        fused = fuse(self.config.fusion, lists, weights, self.config.rrf_k)
        ranks: dict[str, dict[str, int]] = {}
        for ch, found in lists.items():
            for rank, (key, _) in enumerate(found, start=1):
                ranks.setdefault(key, {})[ch] = rank

        def weight(f: Fact) -> float:
            # Asked about someone else ("where does Ravi work?"), a fact about neither them
            # nor the user's link to them (the user's own job) is found by the same words,
            # but is not about whom the question asks.
            off = bool(focus) and f.subject_id not in focus and f.object_id not in focus
            return self._weight(f, at) * (OFF_SUBJECT_WEIGHT if off else 1.0)

        items = assemble(
            r, self.config, fused, ranks, facts, paths, weight, when,
            lambda e: self._episode_age(e, at), frozenset(qterms), lambda f: self._said_age(f, at),
        )  # fmt: skip
        top = items[:k]
        for it in top:  # the date each shows: what its words name, even a day ahead
            it.when = memory_date(it.fact, it.episode, tuple(qterms))
        return top

    # ---- the exact channel -------------------------------------------------------
    def _exact(
        self,
        r: UserReader,
        intent: Intent,
        entities: list[Entity],
        at: datetime,
        qterms: list[str],
        depth: int,
    ) -> tuple[list[_Hit], frozenset[str]]:
        """Facts the query asks about, found through the graph, and the entities it asks
        about when they are not the user (else none).

        Tiers: 0 the asked-about facts of the entities the query is about (reached by a
        chain of relation words or named), their constraints when the query is about
        doing something for them, and the same facts one value-hop further (the brother's
        company → where it is); 1 the user's own facts of the asked attributes; 2 the
        links walked to get there; 3 everything else known about those entities.
        """
        me = next((e for e in entities if e.type == "self"), None)
        hits: dict[str, _Hit] = {}

        def add(f: Fact, path: list[str], tier: int) -> None:
            if f.id not in hits or tier < hits[f.id].tier:
                hits[f.id] = _Hit(f, path, tier)

        # Reads keep only the surest `most` facts: an attribute like events can hold
        # thousands, and the channel keeps `depth`; twice that is the margin for facts of
        # other half-lives, which the store's decay key sorts only approximately.
        most = 2 * depth
        rel_attrs = intent.link_attributes()
        view = LinkView(entities, r.facts(attributes=rel_attrs) if rel_attrs else [])
        targets = resolve(view, me, intent)
        if targets:
            self._expand(r, intent, view, targets, me, add, most)
        # The user's own facts of the asked attributes; only context when the question
        # was answered about someone else ("my brother's company": not the user's).
        # The same when it asks about someone else and nothing of theirs answers ("where does
        # Sam work?" with Sam's job unknown): the user's own job is not the answer either.
        # A question the user asks about themself with someone named in it ("when did I go
        # hiking with Anna?") is still about the user.
        about_other = bool(targets) and (bool(intent.relations) or not _FIRST_PERSON.search(intent.text))
        own_tier = 3 if about_other or any(h.tier == 0 for h in hits.values()) else 1
        if me is not None and intent.attributes:
            for f in r.facts(attributes=sorted(intent.attributes), subject_ids=[me.id], top=most):
                add(f, ["self", f.attribute], own_tier)
        # Within a tier, facts that share words with the query come first ("when did I go
        # to the support group" among everything known about the user), then the surest.
        words = [t for t in dict.fromkeys(qterms) if len(t) >= 2]

        def shared(f: Fact) -> int:
            text = f"{f.text} {f.source_text}".lower()
            return sum(w in text for w in words)

        ranked = sorted(
            hits.values(), key=lambda h: (h.tier, -shared(h.fact), -effective_score(h.fact, at), h.fact.id)
        )
        return ranked, frozenset(t.entity.id for t in targets) if about_other else frozenset()

    def _expand(
        self,
        r: UserReader,
        intent: Intent,
        view: LinkView,
        targets: list[Target],
        me: Entity | None,
        add: Callable[[Fact, list[str], int], None],
        most: int,
    ) -> None:
        asked = set(intent.attributes) | (set(CONSTRAINTS) if intent.care else set())
        # The surest `most` facts about the targets: the channels keep half that, and a
        # question about dozens of people ("my friends") would otherwise read every fact
        # about each. When the cut may have dropped some, the asked attributes are read
        # apart (their own surest `most`), so a crowd of other facts cannot hide them.
        about = [t.entity.id for t in targets]
        own = r.facts(subject_ids=about, top=most)
        if asked and len(own) >= most:
            have = {f.id for f in own}
            own += [
                f for f in r.facts(attributes=sorted(asked), subject_ids=about, top=most) if f.id not in have
            ]
        if not asked:
            # No attribute cue, but the query names a value ("我哪些朋友在上海"): the
            # attributes holding that value are what it asks about.
            asked = {f.attribute for f in own if mentions(intent.text, f.value)}
        wanted = [f for f in own if f.attribute in asked]
        # "which of my friends live in Paris": an asked attribute whose value the query
        # names keeps only the facts with that value in front.
        filtered = {f.attribute for f in wanted if mentions(intent.text, f.value)}
        seen = {t.entity.id for t in targets} | ({me.id} if me else set())
        onward: list[tuple[Entity, list[str]]] = []
        for t in targets:
            mine = [f for f in own if f.subject_id == t.entity.id]
            hit = False
            for f in mine:
                if f.attribute not in asked:
                    add(f, [*t.path, f.attribute], 3 if asked else 0)
                elif f.attribute in filtered and not mentions(intent.text, f.value):
                    add(f, [*t.path, f.attribute], 3)
                else:
                    hit = True
                    add(f, [*t.path, f.attribute], 0)
                    obj = view.object_of(f)
                    if obj is not None and obj.id not in seen and t.hops < MAX_HOPS:
                        seen.add(obj.id)
                        onward.append((obj, [*t.path, f.attribute, obj.name]))
            matched = hit or not filtered
            for f, path in t.links:
                # "what's my husband's name?": the link is the answer (it names him).
                add(f, path, 0 if "name" in asked else 2 if matched else 3)
        if onward and asked:
            further = r.facts(subject_ids=[e.id for e, _ in onward])
            for e, path in onward:
                for f in further:
                    if f.subject_id == e.id:
                        add(f, [*path, f.attribute], 0 if f.attribute in asked else 3)


def specificity(
    hits: list[_Hit], span: float, own_share: float, whole: Collection[str] = ()
) -> dict[str, float]:
    """How much each exact/graph hit is singled out by the lookup, in (0, 1]: an attribute
    cue that finds one or a few facts of a subject names them (1.0); one that finds a crowd
    ("when did I …" -> dozens of events) names a category, and each of its facts gets
    span / crowd size, leaving the choice among them to the lexical and vector channels.
    The user's own facts of an asked multi-valued attribute (tier 1: found by the cue
    alone, one of possibly many likes or events) count `own_share` of the facts of an
    entity the query reached by name or relations (tier 0), where the graph did the work
    no text channel can do; a single-valued one ("where do I work?") is the answer. The
    attributes in `whole` are asked for as a whole ("what's coming up?": every plan), so
    each of their facts is named in full, and the time intent orders them."""
    crowd = Counter((h.tier, h.fact.subject_id, h.fact.attribute) for h in hits)
    return {
        h.fact.id: 1.0
        if h.fact.attribute in whole
        else min(1.0, span / crowd[(h.tier, h.fact.subject_id, h.fact.attribute)])
        * (own_share if h.tier == 1 and not is_single(h.fact.attribute) else 1.0)
        for h in hits
    }


def mentions(query: str, value: str) -> bool:
    """Does the (normalised) query name this value? Whole words for Latin text."""
    key = normalize(value).strip()
    if len(key) < 2:
        return False
    if key.isascii():
        return re.search(rf"(?<![a-z0-9]){re.escape(key)}(?![a-z0-9])", query) is not None
    return key in query
