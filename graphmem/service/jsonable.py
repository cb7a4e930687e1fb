"""Results of `Memory` as JSON-able dicts, the shape both service shells send."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit, urlunsplit


def to_jsonable(obj: Any) -> Any:
    """Dataclasses, lists and datetimes (ISO-8601) down to JSON types.

    Field by field rather than `dataclasses.asdict`, whose deep copy was most of a recall
    response's serialisation time."""
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    if isinstance(obj, datetime):
        return obj.isoformat()
    if is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(v) for v in obj]
    return obj


def remember_result(r: Any) -> dict[str, Any]:
    """A RememberResult with superseded pairs spelled out (tuples lose their meaning in JSON)."""
    out: dict[str, Any] = to_jsonable(r)
    out["superseded"] = [{"old": to_jsonable(o), "new": to_jsonable(n)} for o, n in r.superseded]
    out["changed"] = r.changed
    return out


def recall_item(it: Any) -> dict[str, Any]:
    date = it.date
    return {"kind": it.kind, "fact": to_jsonable(it.fact), "episode": to_jsonable(it.episode),
            "score": it.score, "channels": dict(it.channels), "path": list(it.path), "text": it.text,
            "date": date.isoformat() if date is not None else None}  # fmt: skip


def public_store(target: str) -> str:
    """A store path or URI fit to show a client: any `user:password@` is dropped."""
    parts = urlsplit(target)
    if parts.scheme and "@" in parts.netloc:
        return urlunsplit((parts.scheme, parts.netloc.rsplit("@", 1)[1], parts.path, "", ""))
    return target
