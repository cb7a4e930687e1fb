"""How one user's nodes of the Neo4j store are reached: `UserStatements` runs the named
statements (cypher/*.cypher) of one user, in the transaction of a writer or of
`read_together`, or else each in a read transaction of its own; a writer's writes are
buffered and sent as one statement (cypher/write_batch) before each read that could see
them and at the end. The node objects of a `Neo4jUser` share one."""

from __future__ import annotations

from typing import Any, Protocol

from graphmem.stores.neo4j.cypher_files import query
from graphmem.stores.neo4j.opening import HeldRows

#: Reads of a writer and the buffered writes each can see (any other statement sends
#: every buffered write first), so a remember's fact read needs no flush of its message.
_FACT_WRITES = frozenset({"fact", "fact_update"})
_FACT_READS = ("facts", "facts_top", "facts_top_about", "facts_active", "search_text", "read_open",
               "search_vector_counts", "search_vector_exact", "search_vector_index")  # fmt: skip
_EPISODE_WRITES = frozenset({"episode", "episode_context"})
_READS_SEE = {
    **dict.fromkeys(_FACT_READS, _FACT_WRITES),
    "entities_by_user": frozenset({"entity", "entity_update"}),
    "user_revision": frozenset(),
    # A remember reads its key, the turn before its message and that turn's own previous
    # one: none of them needs the writes buffered so far sent first (nor drops the
    # entities user_begin brought).
    "write_key_get": frozenset({"write_key"}),
    "episode_last": _EPISODE_WRITES,
    "episodes_by_ids": _EPISODE_WRITES,
}


class StatementReads(Protocol):
    """What statements outside a transaction need of the store: a read transaction each."""

    def run_read(self, name: str, params: dict[str, Any]) -> list[Any]: ...


class UserStatements:
    """Statements of one user: in transaction `tx` (None: each read in its own, through
    `store`); `held` is what the user's view holds, whose entities a writer's statements
    may change."""

    def __init__(self, store: StatementReads, user_id: str, tx: Any, held: HeldRows) -> None:
        self.store = store
        self.user_id = user_id
        self.tx = tx
        self.held = held
        self._ops: list[dict[str, Any]] = []
        #: Statements that may have written so far in `tx` (buffered or run): what one read
        #: returned still holds while this has not moved.
        self.writes = 0

    def run(self, op: str, /, **params: Any) -> list[Any]:
        params["user_id"] = self.user_id
        if self.tx is not None:
            # Buffered writes go first unless this is a read that cannot see any of them.
            sees = _READS_SEE.get(op)
            if sees is None or any(o["kind"] in sees for o in self._ops):
                self.flush()
            if sees is None:
                self.writes += 1
                if not self.held.memo:  # a writer's statement may change them
                    self.held.entities = None
            return list(self.tx.run(query(op), params))
        return self.store.run_read(op, params)

    def buffer(self, kind: str, params: dict[str, Any]) -> None:
        """Queue a write of `kind` (an operation of cypher/write_batch) with its params."""
        if self.tx is None:
            raise RuntimeError("Neo4jUser writes only inside Neo4jStore.write")
        params["kind"] = kind
        params["n"] = len(self._ops) + 1
        self._ops.append(params)
        self.writes += 1
        self.held.entities = None  # the prefetched entities may be stale from here on

    def flush(self) -> None:
        """Send the buffered writes (cypher/write_batch) as one statement."""
        if not self._ops:
            return
        ops, self._ops = self._ops, []
        self.tx.run(query("write_batch"), {"user_id": self.user_id, "ops": ops}).consume()
