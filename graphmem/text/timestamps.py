"""Parsing and normalising the `at` / `as_of` arguments.

Times are accepted from the year 1000 to the year 9000 (UTC, after applying the
offset): far enough for any message or history, and far enough from datetime's own
limits that no offset, half-life or validity arithmetic can overflow.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from graphmem.errors import InvalidTimeError

MIN_TIME = datetime(1000, 1, 1, tzinfo=timezone.utc)
MAX_TIME = datetime(9000, 1, 1, tzinfo=timezone.utc)
_MAX_TEXT = 64


def now() -> datetime:
    return datetime.now(timezone.utc)


def parse_time(value: object, name: str = "at") -> datetime:
    """A timezone-aware UTC datetime from a datetime, an ISO-8601 string or None (now).

    Naive datetimes and strings without an offset are taken as UTC.
    """
    return _parsed(value, name)[0]


def local_time(value: object, name: str = "at") -> datetime:
    """`parse_time`'s instant in the offset the caller gave ("…+08:00"), UTC when none was
    given: the day a message names ("前天", "yesterday") counts from the speaker's own day,
    which in the early morning east of UTC is not UTC's."""
    utc, offset = _parsed(value, name)
    if offset is None:
        return utc
    try:
        return utc.astimezone(timezone(offset))
    except (ValueError, OverflowError):
        return utc


def _parsed(value: object, name: str) -> tuple[datetime, timedelta | None]:
    """(the UTC instant, the offset the value gave or None)."""
    if value is None:
        return now(), None
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, str):
        text = value.strip()
        if len(text) > _MAX_TEXT:
            raise InvalidTimeError(f"{name} is {len(text)} characters; not an ISO-8601 date-time")
        if text.endswith(("Z", "z")):
            text = text[:-1] + "+00:00"
        try:
            dt = datetime.fromisoformat(text)
        except (ValueError, TypeError, OverflowError) as e:
            raise InvalidTimeError(f"{name}={value[:_MAX_TEXT]!r} is not an ISO-8601 date-time") from e
    else:
        raise InvalidTimeError(f"{name} must be a datetime or ISO-8601 string, not {type(value).__name__}")
    try:
        offset = dt.utcoffset() if dt.tzinfo is not None else None
        if offset is None:
            dt = dt.replace(tzinfo=timezone.utc)
        dt = dt.astimezone(timezone.utc)
    except Exception as e:  # OverflowError near the limits, or a tzinfo that fails
        raise InvalidTimeError(f"{name}={value!s:.64} is outside the supported range once made UTC") from e
    if not MIN_TIME <= dt < MAX_TIME:
        raise InvalidTimeError(f"{name}={dt.isoformat()} is outside the supported years 1000 to 9000")
    return dt, offset


def to_epoch(dt: datetime | None) -> float | None:
    return None if dt is None else dt.timestamp()


def from_epoch(value: float | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, tz=timezone.utc)
