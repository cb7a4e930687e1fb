"""Results of `Memory` as JSON-able dicts, the shape both service shells send."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from graphmem.model import Episode, Fact
from graphmem.text.memory_dates import fact_day


def to_jsonable(obj: Any) -> Any:
    """Dataclasses, lists and datetimes (ISO-8601) down to JSON types.

    Field by field rather than `dataclasses.asdict`, whose deep copy was most of a recall
    response's serialisation time; a class's field names are looked up once, and values
    already JSON types pass without a call of their own (a recall response has hundreds)."""
    kind = type(obj)
    if kind in _PLAIN:
        return obj
    names = _FIELDS.get(kind)
    if names is None:
        if isinstance(obj, (str, int, float, bool)):
            return obj
        if isinstance(obj, datetime):
            return obj.isoformat()
        if not is_dataclass(obj) or isinstance(obj, type):
            if isinstance(obj, dict):
                return {str(k): to_jsonable(v) for k, v in obj.items()}
            if isinstance(obj, (list, tuple)):
                return [to_jsonable(v) for v in obj]
            return obj
        names = _FIELDS[kind] = tuple(f.name for f in fields(obj))
    out = {}
    for name in names:
        v = getattr(obj, name)
        out[name] = v if type(v) in _PLAIN else to_jsonable(v)
    day = _day(obj)
    if day is not None:
        out["day"] = day
    return out


def _day(obj: Any) -> str | None:
    """The ISO day (YYYY-MM-DD) a fact or a message is about, beside its fields: what
    answers "when did I…" (a fact: the day its words name, else when it was said; a message:
    the day it refers to, else when it was said)."""
    if type(obj) is Fact:
        return fact_day(obj).isoformat()
    if type(obj) is Episode:
        return obj.date.date().isoformat()
    return None


#: Types returned as they are (exact types: a subclass, e.g. an enum, takes the long way).
_PLAIN = frozenset({str, int, float, bool, type(None)})
#: Field names of each dataclass met so far.
_FIELDS: dict[type, tuple[str, ...]] = {}


def remember_result(r: Any) -> dict[str, Any]:
    """A RememberResult with superseded pairs spelled out (tuples lose their meaning in JSON)."""
    out: dict[str, Any] = to_jsonable(r)
    out["superseded"] = [{"old": to_jsonable(o), "new": to_jsonable(n)} for o, n in r.superseded]
    out["changed"] = r.changed
    return out


def recall_item(it: Any) -> dict[str, Any]:
    """A RecallItem as JSON types: `recall_record` with its datetimes written out."""
    date = it.date
    return {"kind": it.kind, "fact": to_jsonable(it.fact), "episode": to_jsonable(it.episode),
            "score": it.score, "channels": dict(it.channels), "path": list(it.path), "text": it.text,
            "date": date.isoformat() if date is not None else None, "day": it.day}  # fmt: skip


def recall_record(it: Any) -> dict[str, Any]:
    """A RecallItem's response fields with its fact and episode as flat dicts whose datetimes
    are still datetimes: for an encoder that writes datetimes itself (ISO-8601, as
    `to_jsonable` does), skipping a Python call per value."""
    date = it.date
    return {"kind": it.kind, "fact": shallow(it.fact), "episode": shallow(it.episode), "score": it.score,
            "channels": dict(it.channels), "path": list(it.path), "text": it.text, "date": date,
            "day": it.day}  # fmt: skip


def shallow(obj: Any) -> dict[str, Any] | None:
    """A flat dataclass (Fact, Episode) as a dict of its fields, the values as they are."""
    if obj is None:
        return None
    names = _FIELDS.get(type(obj))
    if names is None:
        names = _FIELDS[type(obj)] = tuple(f.name for f in fields(obj))
    own = getattr(obj, "__dict__", None)
    if own is not None and tuple(own) == names:  # just the fields, in order: copy them at once
        out = dict(own)
    else:
        out = {name: getattr(obj, name) for name in names}
    day = _day(obj)
    if day is not None:
        out["day"] = day
    return out


def public_store(target: str) -> str:
    """A store path or URI fit to show a client: any `user:password@` is dropped."""
    parts = urlsplit(target)
    if parts.scheme and "@" in parts.netloc:
        return urlunsplit((parts.scheme, parts.netloc.rsplit("@", 1)[1], parts.path, "", ""))
    return target
