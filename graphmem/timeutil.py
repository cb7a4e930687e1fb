"""Parsing and normalising the `at` / `as_of` arguments."""

from __future__ import annotations

from datetime import datetime, timezone

from .errors import InvalidTimeError


def now() -> datetime:
    return datetime.now(timezone.utc)


def parse_time(value: object, name: str = "at") -> datetime:
    """A timezone-aware UTC datetime from a datetime, an ISO-8601 string or None (now).

    Naive datetimes and strings without an offset are taken as UTC.
    """
    if value is None:
        return now()
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, str):
        text = value.strip()
        if text.endswith(("Z", "z")):
            text = text[:-1] + "+00:00"
        try:
            dt = datetime.fromisoformat(text)
        except ValueError as e:
            raise InvalidTimeError(f"{name}={value!r} is not an ISO-8601 date-time") from e
    else:
        raise InvalidTimeError(f"{name} must be a datetime or ISO-8601 string, not {type(value).__name__}")
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc)


def to_epoch(dt: datetime | None) -> float | None:
    return None if dt is None else dt.timestamp()


def from_epoch(value: float | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, tz=timezone.utc)
