"""`GraphmemStore`: graphmem as a LangGraph `BaseStore` (extra `graphmem[langgraph]`).

    from langgraph.graph import StateGraph
    store = GraphmemStore(Memory("memory.db"))
    graph = builder.compile(store=store)    # nodes get it injected as `store`

Namespaces are per user: the first label is the user id unless `user_of(namespace)`
says otherwise, and every operation runs inside that user's graphmem subgraph.

How an item is kept, with `Memory`'s public API only:

- `put` remembers the value's text (its `text`, `content` or `memory` key, else a
  rendering of the dict) as a user message, so facts are extracted and recallable; then
  it remembers an *item record* as a `tool` message (the gate mines no facts from tool
  turns, the message log keeps it): JSON with the namespace, key, value and the ids of
  the facts this put created. Each put gets a fresh `ref`, so a new value is a new
  write rather than an idempotent repeat.
- `get` and query-less `search` read the latest record of each item from the user's
  export document (its message log); a record with no value is a deletion.
- `search(query=...)` is `Memory.recall` within the user; each recalled fact maps back
  to the item whose put created it (the fact's `ref`).
- `delete` (and a put replacing a value) forgets the facts the item's put created, then
  writes a record with no value.

Trade-offs, stated: reading records goes through `Memory.export`, so `get` costs a read of
the user's whole memory; superseded records stay in the message log (erasure scrubs the
forgotten facts' clauses and values from it, not the rest of an old value).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
import uuid
from collections.abc import Callable, Iterable
from datetime import datetime, timezone
from typing import Any

from langgraph.store.base import (
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from graphmem.errors import InvalidInputError
from graphmem.memory import Memory

_log = logging.getLogger("graphmem")
RECORD_VERSION = 1
_RECORD_REF = "lgs"  # ref prefix of item records
_CONTENT_REF = "lgc"  # ref prefix of the content a put remembered
_TEXT_KEYS = ("text", "content", "memory")


def _digest(namespace: tuple[str, ...], key: str) -> str:
    return hashlib.sha256(json.dumps([list(namespace), key]).encode()).hexdigest()[:32]


def value_text(value: dict[str, Any]) -> str:
    """The text a put remembers: the value's text/content/memory, else `key: value` pairs."""
    for k in _TEXT_KEYS:
        if isinstance(value.get(k), str) and value[k].strip():
            return str(value[k])
    return "; ".join(f"{k}: {v}" for k, v in value.items() if isinstance(v, (str, int, float)))


def _sequence(n: int) -> str:
    """A record's order as letters (fixed width, so they sort as strings): the record is
    a kept message, and a long run of digits in it could read as a card number to the
    secret gate and be redacted, which would make the record unreadable."""
    out = ""
    while n:
        n, d = divmod(n, 26)
        out = chr(ord("a") + d) + out
    return out.rjust(16, "a")


def _readable_time(value: Any) -> bool:
    try:
        datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return False
    return True


def _order(seq: Any) -> str:
    """Records written before sequences were letters carry an int: those sort first."""
    return seq if isinstance(seq, str) else ""


class GraphmemStore(BaseStore):
    """A LangGraph store over one `Memory`; see the module docstring for the design."""

    def __init__(self, memory: Memory, user_of: Callable[[tuple[str, ...]], str] | None = None) -> None:
        self.memory = memory
        self._user_of = user_of

    # ---- scoping -----------------------------------------------------------------------
    def user_of(self, namespace: tuple[str, ...]) -> str:
        if self._user_of is not None:
            return self._user_of(tuple(namespace))
        if not namespace:
            raise InvalidInputError("a namespace's first label is the user id; the namespace is empty")
        return namespace[0]

    # ---- records -----------------------------------------------------------------------
    def _records(self, user: str) -> dict[str, dict[str, Any]]:
        """The latest record of every item of the user, by item digest (deleted ones included)."""
        doc = self.memory.export(user).document
        data: dict[str, Any] = (json.loads(doc) if isinstance(doc, str) else doc) or {}
        latest: dict[str, dict[str, Any]] = {}
        for ep in data.get("episodes", []):
            ref = ep.get("ref") or ""
            if not ref.startswith(_RECORD_REF + ":") or ep.get("role") != "tool":
                continue
            try:
                rec = json.loads(ep["text"])
            except (ValueError, TypeError):
                _log.warning("langgraph store: an item record of a user is unreadable; skipped")
                continue
            if not isinstance(rec, dict) or rec.get("graphmem_item") != RECORD_VERSION:
                continue
            for stamp in ("created_at", "updated_at"):  # one unreadable (mangled) stamp loses no item
                if not _readable_time(rec.get(stamp)):
                    _log.warning(
                        "langgraph store: an item record's %s is unreadable; its message's time stands in",
                        stamp,
                    )
                    rec[stamp] = ep.get("at") or datetime.now(timezone.utc).isoformat()
            d = ref.split(":")[1]
            if d not in latest or _order(rec["seq"]) > _order(latest[d]["seq"]):
                latest[d] = rec
        return latest

    def _write_record(self, user: str, rec: dict[str, Any]) -> None:
        text = json.dumps(rec, ensure_ascii=False, sort_keys=True)
        ref = f"{_RECORD_REF}:{rec['digest']}:{uuid.uuid4().hex}"
        self.memory.remember(user, text, role="tool", ref=ref)

    @staticmethod
    def _item(rec: dict[str, Any], cls: type[Item] = Item, **extra: Any) -> Any:
        return cls(namespace=tuple(rec["namespace"]), key=rec["key"], value=rec["value"],
                   created_at=datetime.fromisoformat(rec["created_at"]),
                   updated_at=datetime.fromisoformat(rec["updated_at"]), **extra)  # fmt: skip

    # ---- operations --------------------------------------------------------------------
    def _get(self, op: GetOp) -> Item | None:
        rec = self._records(self.user_of(op.namespace)).get(_digest(op.namespace, op.key))
        return None if rec is None or rec["value"] is None else self._item(rec)

    def _put(self, op: PutOp) -> None:
        ns, user = tuple(op.namespace), self.user_of(op.namespace)
        digest = _digest(ns, op.key)
        old = self._records(user).get(digest)
        if old is not None:  # the old value's facts go; what the new value says is remembered anew
            for fid in old["facts"]:
                self.memory.forget(user, fid)
        now = datetime.now(timezone.utc).isoformat()
        rec: dict[str, Any] = {
            "graphmem_item": RECORD_VERSION, "digest": digest, "namespace": list(ns), "key": op.key,
            "value": None, "facts": [], "seq": _sequence(time.time_ns()), "updated_at": now,
            "created_at": old["created_at"] if old is not None and old["value"] is not None else now,
        }  # fmt: skip
        if op.value is not None:
            value = dict(op.value)
            rec["value"] = value
            limit = self.memory.config.max_text_chars
            if len(json.dumps(rec, ensure_ascii=False)) + 1000 > limit:  # room for the fact ids
                raise InvalidInputError(f"the item's value is too large to store (limit about {limit} chars)")
            text = value_text(value)
            if op.index is not False and text.strip():
                ref = f"{_CONTENT_REF}:{digest}:{uuid.uuid4().hex}"
                r = self.memory.remember(user, text, role="user", ref=ref)
                rec["facts"] = [f.id for f in r.added] + [new.id for _, new in r.superseded]
                rec["ref"] = ref  # recall may answer with the message itself (an episode)
        self._write_record(user, rec)

    def _search(self, op: SearchOp) -> list[SearchItem]:
        prefix = tuple(op.namespace_prefix)
        user = self.user_of(prefix)
        live = [r for r in self._records(user).values() if r["value"] is not None]
        live = [r for r in live if tuple(r["namespace"][: len(prefix)]) == prefix]
        live = [r for r in live if _matches(r["value"], op.filter)]
        if not op.query:
            live.sort(key=lambda r: r["updated_at"], reverse=True)
            return [self._item(r, SearchItem) for r in live[op.offset : op.offset + op.limit]]
        by_fact = {fid: r for r in live for fid in r["facts"]}
        by_ref = {r["ref"]: r for r in live if r.get("ref")}
        k = max(1, min(100, 3 * (op.offset + op.limit)))
        best: dict[str, tuple[float, dict[str, Any]]] = {}
        for it in self.memory.recall(user, op.query, k=k):
            rec = by_fact.get(it.fact.id) if it.fact is not None else by_ref.get(it.ref or "")
            if rec is not None and (rec["digest"] not in best or it.score > best[rec["digest"]][0]):
                best[rec["digest"]] = (it.score, rec)
        ranked = sorted(best.values(), key=lambda sr: -sr[0])[op.offset : op.offset + op.limit]
        return [self._item(r, SearchItem, score=s) for s, r in ranked]

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        firsts = [c.path for c in op.match_conditions or () if c.match_type == "prefix" and c.path]
        if not firsts or "*" in firsts[0][:1]:
            raise InvalidInputError("list_namespaces needs prefix=(user_id, ...): namespaces are per user")
        user = self.user_of(tuple(firsts[0]))
        found = {tuple(r["namespace"]) for r in self._records(user).values() if r["value"] is not None}
        if op.max_depth is not None:
            found = {ns[: op.max_depth] for ns in found}
        keep = sorted(
            ns for ns in found if all(_ns_match(ns, c.match_type, c.path) for c in op.match_conditions or ())
        )
        return keep[op.offset : op.offset + op.limit]

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        results: list[Result] = []
        for op in ops:
            if isinstance(op, GetOp):
                results.append(self._get(op))
            elif isinstance(op, PutOp):
                self._put(op)
                results.append(None)
            elif isinstance(op, SearchOp):
                results.append(self._search(op))
            elif isinstance(op, ListNamespacesOp):
                results.append(self._list_namespaces(op))
            else:
                raise InvalidInputError(f"unknown store operation {type(op).__name__}")
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        # Memory is safe to share across threads; the event loop stays free meanwhile.
        return await asyncio.get_running_loop().run_in_executor(None, self.batch, list(ops))


def _matches(value: dict[str, Any], wanted: dict[str, Any] | None) -> bool:
    """Exact-match filters (LangGraph's basic form): every given key has the given value."""
    return not wanted or all(value.get(k) == v for k, v in wanted.items())


def _ns_match(ns: tuple[str, ...], how: str, path: tuple[str, ...]) -> bool:
    if len(path) > len(ns):
        return False
    part = ns[: len(path)] if how == "prefix" else ns[len(ns) - len(path) :]
    return all(p == "*" or p == n for p, n in zip(path, part))
