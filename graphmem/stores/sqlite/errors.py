"""The SQLite store's one table of library errors: every `sqlite3` exception a call can
meet becomes a graphmem error here, most specific first, so "rolled back" vs "not
reached" is decided once. SQLite commits atomically (the WAL frame with the commit
mark is written or it is not), and a failed statement or COMMIT is followed by ROLLBACK,
so no error of this store leaves a write's outcome unknown."""

from __future__ import annotations

import sqlite3

from graphmem.errors import GraphMemError, StoreError, StoreUnavailableError

#: (exception class, message words that must appear or "", graphmem error, message).
ERROR_TABLE: tuple[tuple[type[sqlite3.Error], str, type[GraphMemError], str], ...] = (
    (sqlite3.OperationalError, "locked", StoreUnavailableError,
     "{uri} stayed locked by another writer past the store timeout: {what} was rolled back ({e})"),
    (sqlite3.OperationalError, "busy", StoreUnavailableError,
     "{uri} stayed busy past the store timeout: {what} was rolled back ({e})"),
    (sqlite3.OperationalError, "unable to open", StoreUnavailableError, "cannot open {uri}: {what} failed ({e})"),
    (sqlite3.OperationalError, "readonly", StoreUnavailableError, "{uri} is read-only: {what} was rolled back ({e})"),
    (sqlite3.IntegrityError, "", StoreError, "{what} on {uri} broke a constraint and was rolled back ({e})"),
    (sqlite3.DataError, "", StoreError, "{what} on {uri} was refused and rolled back ({e})"),
    (sqlite3.Error, "", StoreError, "{what} on {uri} failed and was rolled back ({e})"),
)  # fmt: skip


def map_error(e: sqlite3.Error, uri: str, what: str) -> GraphMemError:
    """The graphmem error for a sqlite3 exception: the first row of ERROR_TABLE it matches."""
    text = str(e)
    for cls, words, error, template in ERROR_TABLE:
        if isinstance(e, cls) and words in text.lower():
            return error(template.format(uri=uri, what=what, e=text))
    return StoreError(f"{what} on {uri} failed and was rolled back ({text})")  # pragma: no cover
