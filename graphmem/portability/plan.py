"""The import side: plan a validated document's import into one user's subgraph
(entity merges, re-minted ids, arbitration against the target's facts) and apply it.

Only `Planner.apply` writes, inside the caller's transaction. Loading and validation live
in `graphmem.portability.load` (`load_document`, `parse_document`, `migrate_v1`), the
format's constants and limits in `graphmem.portability.format`; both are re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

import numpy as np

from graphmem.config import Config
from graphmem.facts.keys import value_key
from graphmem.facts.vocab import EXCLUSIVE_GROUPS, OPPOSITES, is_single
from graphmem.model import AuditRecord, Candidate, Entity, Fact
from graphmem.portability.format import (
    DEFAULT_LIMITS,
    FORMAT,
    MAX_FIELD_CHARS,
    MAX_IMPORT_BYTES,
    MAX_IMPORT_FACTS,
    MAX_IMPORT_RECORDS,
    NO_LIMITS,
    SCHEMA_VERSION,
    Limits,
    ParsedDoc,
)
from graphmem.portability.load import DOCUMENT_MIGRATIONS, load_document, migrate_v1, parse_document
from graphmem.stores.base import Episode, SupersedesEdge, UserReader, UserWriter
from graphmem.write.arbitrate import decide
from graphmem.write.transaction import new_id

__all__ = [
    "DEFAULT_LIMITS",
    "FORMAT",
    "DOCUMENT_MIGRATIONS",
    "ImportDecision",
    "ImportReport",
    "MAX_FIELD_CHARS",
    "MAX_IMPORT_BYTES",
    "MAX_IMPORT_FACTS",
    "MAX_IMPORT_RECORDS",
    "NO_LIMITS",
    "SCHEMA_VERSION",
    "Limits",
    "ParsedDoc",
    "Planner",
    "load_document",
    "migrate_v1",
    "parse_document",
]

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
        self.active.setdefault((f.subject_id, f.attribute), {}).setdefault(value_key(f.value), []).append(
            f.id
        )

    def _deactivate(self, f: Fact) -> None:
        self.active[(f.subject_id, f.attribute)][value_key(f.value)].remove(f.id)

    def _actives(self, subject: str, attribute: str | None, value: str | None) -> list[Fact]:
        """Active facts of the subject's attribute (only those with this value, if given)."""
        bucket = self.active.get((subject, attribute or ""), {})
        ids = (
            bucket.get(value_key(value), []) if value is not None else [i for v in bucket.values() for i in v]
        )
        return [self.facts[i] for i in ids]

    @staticmethod
    def _key(f: Fact) -> tuple[Any, ...]:
        return (f.subject_id, f.attribute, value_key(f.value), f.recorded_at, f.valid_from)

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
            key = value_key(name)
            if key and e.type != "self":
                self.by_name.setdefault(key, e.id)

    def _entities(self) -> None:
        me = next((t.id for t in self.entities.values() if t.type == "self"), None)
        for e in self.doc.entities:
            found_id = me if e.type == "self" else self.by_name.get(value_key(e.name))
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
            have = {value_key(a) for a in (found.name, *found.aliases)}
            extra = tuple(dict.fromkeys(a for a in (e.name, *e.aliases) if value_key(a) not in have))
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
        renamed: dict[str, str] = {}
        for m in sorted(self.doc.episodes, key=lambda e: e.at):
            if (m.at, m.role, m.text, m.ref) not in self.episode_keys:
                self.episode_keys.add((m.at, m.role, m.text, m.ref))
                renamed[m.id] = new_id("m")
                # The thread survives within the document (NEXT to the new id of its turn).
                prev = renamed.get(m.prev_id) if m.prev_id else None
                self.new_episodes.append(replace(m, id=renamed[m.id], user_id=self.uid, prev_id=prev,
                                                 position=m.position if prev else 0))  # fmt: skip

    def needs_text(self) -> list[str]:
        """Document ids of the facts this plan adds (they need terms and vectors)."""
        return list(self.new_facts.values())

    def apply(self, w: UserWriter, prepared: dict[str, tuple[list[str], np.ndarray | None]]) -> None:
        for e in self.new_entities.values():
            w.add_entity(e)
        for e in self.entity_updates.values():
            w.update_entity(e)
        # Facts follow the message they came from, so a store that links facts to the
        # transaction's latest episode (FROM) links them to the right one.
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
