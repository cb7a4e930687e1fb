"""Row helpers of the SQLite store: the fact columns, FTS quoting, rollback, placeholders."""

from __future__ import annotations

import contextlib
import sqlite3

from graphmem.stores.common import FACT_FIELDS

#: The fact columns, in the shared Fact field order.
FACT_COLS = ", ".join(FACT_FIELDS)


def fts_quote(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


def rollback(c: sqlite3.Connection) -> None:
    with contextlib.suppress(sqlite3.Error):  # a failed COMMIT may have ended it already
        if c.in_transaction:
            c.execute("ROLLBACK")


def placeholders(n: int) -> str:
    return ",".join("?" * n)
