"""Row helpers of the SQLite store: the fact columns, FTS quoting, the user's index token."""

from __future__ import annotations

import contextlib
import hashlib
import sqlite3
from typing import Any

from ...model import Fact
from ...timeutil import from_epoch

FACT_COLS = (
    "id, user_id, subject_id, subject_name, attribute, value, kind, source, confidence, status, "
    "text, source_text, recorded_at, valid_from, valid_to, last_accessed_at, access_count, "
    "half_life_days, ref, object_id, qualifier, superseded_by, inferred"
)


def user_key(user_id: str) -> str:
    # A token that names the user inside the FTS index without putting raw ids
    # (quotes, operators) into MATCH syntax.
    return "u" + hashlib.sha1(user_id.encode("utf-8")).hexdigest()[:20]


def fts_quote(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


def row_to_fact(r: sqlite3.Row | tuple[Any, ...]) -> Fact:
    return Fact(
        id=r[0], user_id=r[1], subject_id=r[2], subject_name=r[3], attribute=r[4], value=r[5],
        kind=r[6], source=r[7], confidence=r[8], status=r[9], text=r[10], source_text=r[11],
        recorded_at=from_epoch(r[12]), valid_from=from_epoch(r[13]),  # type: ignore[arg-type]
        valid_to=from_epoch(r[14]), last_accessed_at=from_epoch(r[15]),  # type: ignore[arg-type]
        access_count=r[16], half_life_days=r[17], ref=r[18], object_id=r[19], qualifier=r[20],
        superseded_by=r[21], inferred=bool(r[22]),
    )  # fmt: skip


def rollback(c: sqlite3.Connection) -> None:
    with contextlib.suppress(sqlite3.Error):  # a failed COMMIT may have ended it already
        if c.in_transaction:
            c.execute("ROLLBACK")


def placeholders(n: int) -> str:
    return ",".join("?" * n)
