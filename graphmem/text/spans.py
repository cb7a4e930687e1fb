"""A date expression found in a text and the whole days it covers."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timezone

__all__ = ["TimeSpan"]


@dataclass(frozen=True)
class TimeSpan:
    """A date expression of a message and the whole days it covers."""

    text: str
    start: date
    end: date

    @property
    def start_dt(self) -> datetime:
        return datetime.combine(self.start, time(), tzinfo=timezone.utc)

    @property
    def end_dt(self) -> datetime:
        return datetime.combine(self.end, time(23, 59, 59), tzinfo=timezone.utc)
