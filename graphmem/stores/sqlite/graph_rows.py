"""The SQLite store's rows of one user besides facts and episodes: the entities facts are
about, the SUPERSEDES edges and audit records of corrections, the idempotency records of
writes and the user's revision."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from graphmem.model import AuditRecord, Entity
from graphmem.stores.base import SupersedesEdge
from graphmem.stores.sqlite.rows import placeholders
from graphmem.stores.sqlite.statements import UserStatements
from graphmem.text.timestamps import from_epoch, to_epoch

#: Decoded entity rows held by a store (all users); past this many it starts afresh.
ENTITY_MEMO = 20_000


class EntityRows:
    """Entities of one user: statements through `sql`; `memo` is the store's dict of decoded
    entity rows (by the row), shared by all its users."""

    __slots__ = ("sql", "user_id", "memo")

    def __init__(self, sql: UserStatements, memo: dict[tuple[Any, ...], Entity]) -> None:
        self.sql = sql
        self.user_id = sql.user_id
        self.memo = memo

    def entities(self) -> list[Entity]:
        rows = self.sql.execute(
            "SELECT id, user_id, name, type, aliases, created_at FROM entities WHERE user_id = ? ORDER BY rowid",
            (self.user_id,),
        )
        # Every remember reads the user's entities twice (for the extractor, then inside
        # the write) and they rarely change: a row read before decodes to the same
        # (frozen) Entity, so only new or changed rows pay for JSON and datetimes.
        memo = self.memo
        out = []
        for r in rows:
            e = memo.get(r)
            if e is None:
                if len(memo) >= ENTITY_MEMO:
                    memo.clear()
                e = memo[r] = Entity(r[0], r[1], r[2], r[3], tuple(json.loads(r[4])), from_epoch(r[5]))
            out.append(e)
        return out

    def add_entity(self, entity: Entity) -> None:
        self.sql.execute(
            "INSERT INTO entities (id, user_id, name, type, aliases, created_at) VALUES (?,?,?,?,?,?)",
            (entity.id, self.user_id, entity.name, entity.type, json.dumps(list(entity.aliases), ensure_ascii=False),
             to_epoch(entity.created_at)),
        )  # fmt: skip

    def update_entity(self, entity: Entity) -> None:
        self.sql.execute(
            "UPDATE entities SET name = ?, type = ?, aliases = ? WHERE id = ? AND user_id = ?",
            (
                entity.name,
                entity.type,
                json.dumps(list(entity.aliases), ensure_ascii=False),
                entity.id,
                self.user_id,
            ),
        )


class HistoryRows:
    """What one user's writes leave besides the graph: SUPERSEDES edges, audit records,
    idempotency records and the revision (statements through `sql`)."""

    __slots__ = ("sql", "user_id")

    def __init__(self, sql: UserStatements) -> None:
        self.sql = sql
        self.user_id = sql.user_id

    def audit(self, fact_ids: Sequence[str] | None = None) -> list[AuditRecord]:
        sql = "SELECT id, user_id, at, action, rule, new_fact_id, old_fact_id, detail FROM audit WHERE user_id = ?"
        args: list[Any] = [self.user_id]
        if fact_ids is not None:
            ids = list(fact_ids)
            if not ids:
                return []
            ph = placeholders(len(ids))
            sql += f" AND (new_fact_id IN ({ph}) OR old_fact_id IN ({ph}))"
            args.extend(ids + ids)
        sql += " ORDER BY at, rowid"
        return [AuditRecord(r[0], r[1], from_epoch(r[2]), *r[3:]) for r in self.sql.execute(sql, args)]  # type: ignore[arg-type]

    def supersedes(self) -> list[SupersedesEdge]:
        rows = self.sql.execute(
            "SELECT new_id, old_id, rule, at FROM supersedes WHERE user_id = ? ORDER BY at", (self.user_id,)
        )
        return [SupersedesEdge(r[0], r[1], r[2], from_epoch(r[3])) for r in rows]  # type: ignore[arg-type]

    def revision(self) -> int:
        row = self.sql.execute("SELECT rev FROM users WHERE user_id = ?", (self.user_id,)).fetchone()
        return int(row[0]) if row else 0

    def write_key(self, key: str) -> str | None:
        row = self.sql.execute(
            "SELECT result FROM write_keys WHERE user_id = ? AND key = ?", (self.user_id, key)
        ).fetchone()
        return None if row is None else str(row[0])

    def add_supersedes(self, edge: SupersedesEdge) -> None:
        self.sql.execute(
            "INSERT OR IGNORE INTO supersedes (user_id, new_id, old_id, rule, at) VALUES (?,?,?,?,?)",
            (self.user_id, edge.new_id, edge.old_id, edge.rule, to_epoch(edge.at)),
        )

    def add_audit(self, record: AuditRecord) -> None:
        r = record
        self.sql.execute(
            "INSERT INTO audit (id, user_id, at, action, rule, new_fact_id, old_fact_id, detail) VALUES (?,?,?,?,?,?,?,?)",
            (r.id, self.user_id, to_epoch(r.at), r.action, r.rule, r.new_fact_id, r.old_fact_id, r.detail),
        )

    def put_write_key(self, key: str, result: str, at: datetime) -> None:
        self.sql.execute("INSERT INTO write_keys (user_id, key, result, at) VALUES (?,?,?,?)",
                         (self.user_id, key, result, to_epoch(at)))  # fmt: skip
