"""The write path inside one transaction: resolve entities, arbitrate, persist, audit."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from datetime import datetime

import numpy as np

from graphmem.config import Config
from graphmem.extract.relations import other_sibling, relation_of
from graphmem.facts.keys import taste_keys, value_key
from graphmem.facts.vocab import OPPOSITES, VOCAB, default_kind, render
from graphmem.model import (
    SELF,
    SOURCE_CONFIDENCE,
    AuditRecord,
    Candidate,
    Entity,
    Fact,
    Ignored,
    RememberResult,
)
from graphmem.stores.base import SupersedesEdge, UserWriter
from graphmem.write.active_view import ActiveView
from graphmem.write.arbitrate import Decision, decide, lookup_keys, mentions_value


def new_id(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:24]}"


@dataclass
class Prepared:
    """A candidate with what can be computed before the transaction (text, vector, terms)."""

    cand: Candidate
    text: str
    terms: list[str]
    vector: np.ndarray | None


def find_entity(entities: list[Entity], name: str) -> Entity | None:
    key = value_key(name)
    if not key:
        return None
    for e in entities:
        if value_key(e.name) == key or any(value_key(a) == key for a in e.aliases):
            return e
    return None


class Applier:
    """Applies prepared candidates for one message to one user's subgraph.

    Through `apply_all`, the active facts arbitration needs are read once for the whole
    message (graphmem.write.active_view) and a reinforcement's update is written once, when the
    message's candidates are all applied: a fact repeated through a long message is
    updated in the store once, with what its last reinforcement made of it."""

    def __init__(self, w: UserWriter, config: Config, at: datetime, ref: str | None, episode_id: str) -> None:
        self.w = w
        self.config = config
        self.at = at
        self.ref = ref
        self.episode_id = episode_id
        self.entities = w.entities()
        self.result = RememberResult(user_id=w.user_id, episode_id=episode_id)
        self.view = ActiveView()
        self._deferred: dict[str, Fact] | None = None  # reinforced facts not yet written

    def apply_all(self, prepared: list[Prepared]) -> None:
        """Apply one message's candidates in order, as `apply` each would."""
        cands = [p.cand for p in prepared]
        self.view.load(self.w, cands, self._named_subjects(cands))
        self._deferred = {}
        try:
            for p in prepared:
                self.apply(p)
            self._write_deferred()
        finally:
            self._deferred = None

    def _named_subjects(self, cands: list[Candidate]) -> list[str]:
        """Ids of the existing entities the candidates are about (by name; `entity` may
        still resolve others through a relation word)."""
        ids = []
        for c in cands:
            if c.subject == SELF:
                found = next((e for e in self.entities if e.type == "self"), None)
            else:
                found = find_entity(self.entities, c.subject)
            if found is not None:
                ids.append(found.id)
        return ids

    def _write_deferred(self) -> None:
        """Write the reinforced facts held back: before the store is read, and at the end."""
        if self._deferred:
            for f in self._deferred.values():
                self.w.update_fact(f)
            self._deferred.clear()

    def _active(self, attribute: str, subject_id: str, keys: list[str] | None) -> list[Fact]:
        found = self.view.facts(attribute, subject_id, keys)
        if found is None:
            self._write_deferred()
            found = self.w.facts(attributes=[attribute], subject_ids=[subject_id], value_keys=keys)
        return found

    # ---- entities --------------------------------------------------------
    def self_entity(self) -> Entity:
        for e in self.entities:
            if e.type == "self":
                return e
        ent = Entity(new_id("e"), self.w.user_id, SELF, "self", (), self.at)
        self.w.add_entity(ent)
        self.entities.append(ent)
        self.view.created(ent.id)
        return ent

    def _related_by(self, qualifier: str | None, attribute: str) -> Entity | None:
        """The entity the user already links to with this relation (e.g. their daughter)."""
        me = self.self_entity()
        for f in self._active(attribute, me.id, None):  # the view's answer when it has one
            if f.object_id and (qualifier is None or f.qualifier == qualifier):
                for e in self.entities:
                    if e.id == f.object_id:
                        return e
        return None

    def entity(self, name: str, etype: str, relation_word: str | None = None) -> Entity:
        if name == SELF:
            return self.self_entity()
        found = find_entity(self.entities, name)
        if found is not None:
            return found
        rel = relation_of(name) or (relation_of(relation_word) if relation_word else None)
        if rel is not None:
            # "my daughter" before we knew her name, or a name for someone already linked.
            existing = self._related_by(rel[1], rel[0])
            if existing is not None and other_sibling(existing.name, name):
                existing = None  # 我妹 is not the sister known as 姐
            if existing is not None:
                if relation_of(name) is None and relation_of(existing.name) is not None:
                    renamed = replace(existing, name=name, aliases=(*existing.aliases, existing.name))
                    self.w.update_entity(renamed)
                    self.entities = [renamed if e.id == existing.id else e for e in self.entities]
                    return renamed
                if relation_of(name) is not None:
                    return existing
        aliases = (relation_word,) if relation_word and relation_word != name else ()
        ent = Entity(new_id("e"), self.w.user_id, name, etype or "thing", aliases, self.at)
        self.w.add_entity(ent)
        self.entities.append(ent)
        self.view.created(ent.id)
        return ent

    # ---- facts -----------------------------------------------------------
    def apply(self, p: Prepared) -> None:
        cand = p.cand
        subject = self.entity(cand.subject, cand.subject_type, cand.subject_relation)
        if cand.retract and cand.attribute == "*":
            self._write_deferred()
            same = [f for f in self.w.facts(subject_ids=[subject.id]) if mentions_value(cand.value, f.value)]
            opposite: list[Fact] = []
        else:
            # Only the values arbitration can act on: a multi-valued attribute may hold
            # thousands (every event), and the key seek keeps a remember O(1) in them.
            same = self._active(cand.attribute, subject.id, lookup_keys(cand))
            opp = OPPOSITES.get(cand.attribute)
            opposite = self._active(opp, subject.id, taste_keys(cand.value)) if opp else []
        decision = decide(cand, same, opposite, self.at)
        if decision.action == "nothing_to_retract":
            self.result.ignored.append(Ignored(cand.source_text or cand.value, "nothing_to_retract"))
            return
        if decision.action == "retract":
            for old in decision.targets:
                frozen = self._freeze(old, None)
                self.result.retracted.append(frozen)
                self._audit("retract", decision.rule, None, old.id, f"{old.attribute}={old.value}", cand.rule)
            return
        if decision.action == "reinforce":
            old = decision.targets[0]
            conf = min(0.99, max(old.confidence, self._confidence(cand)))
            conf = min(0.99, conf + self.config.reinforce_step * (1 - conf))
            updated = replace(
                old,
                confidence=conf,
                access_count=old.access_count + 1,
                last_accessed_at=max(old.last_accessed_at, self.at),
            )
            if self._deferred is not None:
                self._deferred[updated.id] = updated
            else:
                self.w.update_fact(updated)
            self.view.changed(updated)
            self.result.reinforced.append(updated)
            self._audit("reinforce", decision.rule, None, old.id, f"{old.attribute}={old.value}", cand.rule)
            return
        if decision.rule == "guarded":  # a weak reading is kept as what it is: an inference
            p = replace(p, cand=replace(cand, source="model_inferred"))
        fact = self._new_fact(p, subject, frozen=decision.action == "keep_frozen", winner=decision)
        self.w.add_fact(fact, p.terms, p.vector)
        self.view.added(fact)
        if decision.action == "keep_frozen":
            self.result.kept_frozen.append(fact)
            for old in decision.targets:
                self.w.add_supersedes(SupersedesEdge(old.id, fact.id, decision.rule, self.at))
            self._audit("keep_frozen", decision.rule, fact.id, decision.targets[0].id,
                        f"{fact.attribute}={fact.value} lost to {decision.targets[0].value}", cand.rule)  # fmt: skip
            return
        self.result.added.append(fact)
        if decision.action == "supersede":
            for old in decision.targets:
                frozen = self._freeze(old, fact.id)
                self.w.add_supersedes(SupersedesEdge(fact.id, old.id, decision.rule, self.at))
                self.result.superseded.append((frozen, fact))
                self._audit("supersede", decision.rule, fact.id, old.id,
                            f"{old.attribute}={old.value} -> {fact.attribute}={fact.value}", cand.rule)  # fmt: skip
        else:
            self._audit("add", decision.rule, fact.id, None, f"{fact.attribute}={fact.value}", cand.rule)

    def _confidence(self, cand: Candidate) -> float:
        if cand.confidence is not None:
            return max(0.0, min(1.0, float(cand.confidence)))
        return SOURCE_CONFIDENCE.get(cand.source, 0.5)

    def _new_fact(self, p: Prepared, subject: Entity, *, frozen: bool, winner: Decision) -> Fact:
        cand = p.cand
        kind = cand.kind or default_kind(cand.attribute)
        object_id = None
        entry = VOCAB.get(cand.attribute)
        if entry is not None and entry.relation:
            obj = self.entity(cand.value, cand.object_type or ("pet" if cand.attribute == "pet" else "person"),
                              cand.qualifier)  # fmt: skip
            object_id = obj.id
        fid = new_id("f")
        return Fact(
            id=fid,
            user_id=self.w.user_id,
            subject_id=subject.id,
            subject_name=subject.name,
            attribute=cand.attribute,
            value=cand.value,
            kind=kind,
            source=cand.source,
            confidence=self._confidence(cand),
            status="frozen" if frozen else "active",
            text=p.text,
            source_text=cand.source_text,
            recorded_at=self.at,
            valid_from=cand.valid_from or self.at,
            valid_to=self.at if frozen else None,
            last_accessed_at=self.at,
            half_life_days=self.config.half_life(kind),
            access_count=0,
            ref=self.ref,
            object_id=object_id,
            qualifier=cand.qualifier,
            superseded_by=winner.targets[0].id if frozen and winner.targets else None,
            inferred=cand.source == "model_inferred",
            rule=cand.rule,
        )

    def _freeze(self, old: Fact, by: str | None) -> Fact:
        frozen = replace(old, status="frozen", valid_to=self.at, superseded_by=by)
        if self._deferred is not None:
            self._deferred.pop(old.id, None)  # `old` carries its reinforcements: written now
        self.w.update_fact(frozen)
        self.view.changed(frozen)
        return frozen

    def _audit(
        self, action: str, rule: str, new: str | None, old: str | None, detail: str, extraction_rule: str
    ) -> None:
        """An audit record: what arbitration did (`rule`: why) with the candidate that the
        extraction rule `extraction_rule` made."""
        rec = AuditRecord(
            new_id("a"), self.w.user_id, self.at, action, rule, new, old, detail, extraction_rule
        )
        self.w.add_audit(rec)
        self.result.audit.append(rec)


def render_candidate(cand: Candidate) -> str:
    if cand.text:
        return cand.text
    return render(cand.attribute, cand.value, cand.subject)
