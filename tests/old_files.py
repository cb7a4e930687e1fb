"""SQLite files as an older graphmem left them, for the migration tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from graphmem.stores.sqlite.schema import SCRIPTS


def old_sqlite_file(path: Path, version: int) -> sqlite3.Connection:
    """A connection to a new file at schema `version` (its scripts only, no later ones);
    the caller inserts rows the way that version wrote them, commits and closes."""
    c = sqlite3.connect(path)
    for script in SCRIPTS[:version]:
        c.executescript(script)
    c.execute("INSERT INTO meta (key, value) VALUES ('schema_version', ?)", (str(version),))
    return c
