"""Hybrid recall: exact graph lookup + BM25 + vector, fused by Reciprocal Rank Fusion.

Every channel reads through a `UserReader`, so every candidate belongs to the user
asked about. The fused score is multiplied by the fact's effective confidence
(confidence × time decay at `at`), so a fresher or surer memory wins among equals.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..config import Config
from ..decay import effective_score
from ..embed import Embedder
from ..model import Entity, Fact, RecallItem
from ..stores.base import UserReader
from ..textproc import terms
from .intent import Intent, parse

__all__ = ["Recaller", "Intent", "parse"]

#: Relation attributes, so a hop can go from a person to their relatives.
_MAX_HOPS = 3


@dataclass
class _Hit:
    fact: Fact
    path: list[str]
    tier: int  # 0 the asked-about facts of a hop target, 1 the user's own, 2 links, 3 context


class Recaller:
    def __init__(self, config: Config, embedder: Embedder) -> None:
        self.config = config
        self.embedder = embedder

    def recall(self, r: UserReader, query: str, k: int, at: datetime) -> list[RecallItem]:
        depth = self.config.channel_depth
        entities = r.entities()
        intent = parse(query, entities)
        channels: dict[str, list[str]] = {}
        facts: dict[str, Fact] = {}
        paths: dict[str, list[str]] = {}

        exact = self._exact(r, intent, entities, at)
        channels["exact"] = [h.fact.id for h in exact[:depth]]
        for h in exact:
            facts[h.fact.id] = h.fact
            paths[h.fact.id] = h.path

        qterms = terms(query)
        channels["bm25"] = [fid for fid, _ in r.search_text(qterms, depth)]
        vec = self.embedder.embed([query])[0]
        channels["vector"] = [fid for fid, _ in r.search_vector(vec, depth)]

        missing = [fid for ch in ("bm25", "vector") for fid in channels[ch] if fid not in facts]
        if missing:
            for f in r.facts(ids=list(dict.fromkeys(missing))):
                facts[f.id] = f

        fused: dict[str, float] = {}
        ranks: dict[str, dict[str, int]] = {}
        for ch, ids in channels.items():
            weight = self.config.channel_weights.get(ch, 1.0)
            for rank, fid in enumerate(ids, start=1):
                if fid not in facts or facts[fid].status != "active":
                    continue
                fused[fid] = fused.get(fid, 0.0) + weight / (self.config.rrf_k + rank)
                ranks.setdefault(fid, {})[ch] = rank
        items = [
            RecallItem(
                fact=facts[fid],
                score=score * effective_score(facts[fid], at),
                channels=ranks[fid],
                path=paths.get(fid, []),
            )
            for fid, score in fused.items()
        ]
        items.sort(key=lambda it: (-it.score, it.fact.id))
        return items[:k]

    # ---- the exact channel -------------------------------------------------------
    def _exact(self, r: UserReader, intent: Intent, entities: list[Entity], at: datetime) -> list[_Hit]:
        by_id = {e.id: e for e in entities}
        me = next((e for e in entities if e.type == "self"), None)
        hits: dict[str, _Hit] = {}

        def add(f: Fact, path: list[str], tier: int) -> None:
            if f.id not in hits or tier < hits[f.id].tier:
                hits[f.id] = _Hit(f, path, tier)

        targets: list[tuple[Entity, list[str]]] = []
        if me is not None and intent.relations:
            rel_attrs = sorted({a for a, _, _ in intent.relations})
            links = r.facts(attributes=rel_attrs, subject_ids=[me.id])
            for attr, qual, word in intent.relations:
                for f in links:
                    if f.attribute != attr or not f.object_id:
                        continue
                    if qual is not None and f.qualifier not in (qual, None):
                        continue
                    obj = by_id.get(f.object_id)
                    if obj is None:
                        continue
                    path = ["self", f"{attr}:{word}", obj.name]
                    add(f, path, 2)
                    targets.append((obj, path))
        for e in intent.entities:
            targets.append((e, [e.name]))

        # Hop out from each target: its own facts (narrowed by intent when there is
        # one), then one more hop through relation/entity-valued facts.
        frontier = targets
        for _hop in range(_MAX_HOPS - 1):
            if not frontier:
                break
            ids = list({e.id for e, _ in frontier})
            subject_facts = r.facts(subject_ids=ids)
            nxt: list[tuple[Entity, list[str]]] = []
            for e, path in frontier:
                own = [f for f in subject_facts if f.subject_id == e.id]
                wanted = [f for f in own if f.attribute in intent.attributes] if intent.attributes else []
                for f in wanted:
                    add(f, [*path, f.attribute], 0)
                for f in own:
                    add(f, [*path, f.attribute], 3 if wanted else 0)
                for f in own:
                    if f.object_id and f.object_id in by_id and f.object_id != e.id:
                        nxt.append((by_id[f.object_id], [*path, f.attribute, by_id[f.object_id].name]))
            frontier = nxt

        if me is not None and intent.attributes:
            for f in r.facts(attributes=sorted(intent.attributes), subject_ids=[me.id]):
                add(f, ["self", f.attribute], 1)
        ordered = sorted(hits.values(), key=lambda h: (h.tier, -effective_score(h.fact, at)))
        return ordered
