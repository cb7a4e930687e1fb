"""The Neo4j store's nodes of one user besides facts and episodes: the entities facts are
about, the SUPERSEDES edges and audit records of corrections, the idempotency records of
writes (`(:WriteKey)`) and the user's revision."""

from __future__ import annotations

from datetime import datetime

from graphmem.model import AuditRecord, Entity
from graphmem.stores.base import SupersedesEdge
from graphmem.stores.neo4j.opening import HeldRows
from graphmem.stores.neo4j.statements import UserStatements
from graphmem.stores.neo4j.util import audit_from, entity_from, entity_params
from graphmem.text.timestamps import from_epoch, to_epoch


class EntityNodes:
    """Entities of one user: statements through `statements`; `held` may hold them already
    (as user_begin or read_open returned them)."""

    def __init__(self, statements: UserStatements, held: HeldRows) -> None:
        self.statements = statements
        self.user_id = statements.user_id
        self.held = held

    def entities(self) -> list[Entity]:
        if self.held.entities is not None:
            return list(self.held.entities)
        return [entity_from(r) for r in self.statements.run("entities_by_user")]

    def add_entity(self, entity: Entity) -> None:
        params = entity_params(entity, self.user_id)
        params.pop("user_id")
        self.statements.buffer("entity", params)

    def update_entity(self, entity: Entity) -> None:
        params = entity_params(entity, self.user_id)
        for key in ("user_id", "created_at"):
            params.pop(key)
        self.statements.buffer("entity_update", params)


class HistoryNodes:
    """What one user's writes leave besides the graph: SUPERSEDES edges, audit records,
    idempotency records and the revision (statements through `statements`)."""

    def __init__(self, statements: UserStatements) -> None:
        self.statements = statements

    def audit(self, fact_ids: list[str] | None = None) -> list[AuditRecord]:
        ids = None if fact_ids is None else [str(i) for i in fact_ids]
        if ids is not None and not ids:
            return []
        return [audit_from(r) for r in self.statements.run("audit_by_user", fact_ids=ids)]

    def supersedes(self) -> list[SupersedesEdge]:
        return [
            SupersedesEdge(r["new_id"], r["old_id"], r["rule"], from_epoch(r["at"]))  # type: ignore[arg-type]
            for r in self.statements.run("supersedes_by_user")
        ]

    def revision(self) -> int:
        rows = self.statements.run("user_revision")
        return int(rows[0]["rev"]) if rows else 0

    def write_key(self, key: str) -> str | None:
        return next((str(r["result"]) for r in self.statements.run("write_key_get", key=key)), None)

    def add_supersedes(self, edge: SupersedesEdge) -> None:
        self.statements.buffer(
            "supersedes",
            {"new_id": edge.new_id, "old_id": edge.old_id, "rule": edge.rule, "at": to_epoch(edge.at)},
        )

    def add_audit(self, record: AuditRecord) -> None:
        r = record
        self.statements.buffer("audit", {
            "id": r.id, "at": to_epoch(r.at), "action": r.action, "rule": r.rule,
            "new_fact_id": r.new_fact_id, "old_fact_id": r.old_fact_id, "detail": r.detail,
            "extraction_rule": r.extraction_rule,
        })  # fmt: skip

    def put_write_key(self, key: str, result: str, at: datetime) -> None:
        self.statements.buffer("write_key", {"key": key, "result": result, "at": to_epoch(at)})
