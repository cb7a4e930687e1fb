"""The SQLite schema: named migrations (graphmem.stores.migrations), one per version, applied in
order inside one transaction when a store opens; each an SQL script (`SCRIPTS`) and
optionally a Python backfill for values SQL cannot compute."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from graphmem.facts.keys import decay_key, value_key
from graphmem.stores.migrations import Migrations

SCRIPTS: list[str] = [
    # version 1
    """
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS users (
        user_id TEXT PRIMARY KEY, rev INTEGER NOT NULL DEFAULT 0,
        epoch INTEGER NOT NULL DEFAULT 0, created_at REAL NOT NULL);
    CREATE TABLE IF NOT EXISTS entities (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL,
        aliases TEXT NOT NULL DEFAULT '[]', created_at REAL);
    CREATE INDEX IF NOT EXISTS entities_user ON entities(user_id);
    CREATE TABLE IF NOT EXISTS facts (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL, subject_id TEXT NOT NULL,
        subject_name TEXT NOT NULL, attribute TEXT NOT NULL, value TEXT NOT NULL,
        kind TEXT NOT NULL, source TEXT NOT NULL, confidence REAL NOT NULL,
        status TEXT NOT NULL, text TEXT NOT NULL, source_text TEXT NOT NULL,
        recorded_at REAL NOT NULL, valid_from REAL NOT NULL, valid_to REAL,
        last_accessed_at REAL NOT NULL, access_count INTEGER NOT NULL DEFAULT 0,
        half_life_days REAL NOT NULL, ref TEXT, object_id TEXT, qualifier TEXT,
        superseded_by TEXT, inferred INTEGER NOT NULL DEFAULT 0);
    CREATE INDEX IF NOT EXISTS facts_user_attr ON facts(user_id, attribute, status);
    CREATE INDEX IF NOT EXISTS facts_user_subject ON facts(user_id, subject_id, status);
    CREATE TABLE IF NOT EXISTS supersedes (
        user_id TEXT NOT NULL, new_id TEXT NOT NULL, old_id TEXT NOT NULL,
        rule TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (user_id, new_id, old_id));
    CREATE TABLE IF NOT EXISTS audit (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL, at REAL NOT NULL, action TEXT NOT NULL,
        rule TEXT NOT NULL, new_fact_id TEXT, old_fact_id TEXT, detail TEXT NOT NULL DEFAULT '');
    CREATE INDEX IF NOT EXISTS audit_user ON audit(user_id, at);
    CREATE TABLE IF NOT EXISTS episodes (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL, role TEXT NOT NULL, text TEXT NOT NULL,
        at REAL NOT NULL, ref TEXT);
    CREATE INDEX IF NOT EXISTS episodes_user ON episodes(user_id, at);
    CREATE VIRTUAL TABLE IF NOT EXISTS facts_fts USING fts5(ukey, terms, tokenize = 'unicode61');
    CREATE TABLE IF NOT EXISTS fact_vectors (
        fact_rowid INTEGER PRIMARY KEY, user_id TEXT NOT NULL, vec BLOB NOT NULL);
    CREATE INDEX IF NOT EXISTS fact_vectors_user ON fact_vectors(user_id, fact_rowid);
    """,
    # version 2: the keys of graphmem.facts.keys, so arbitration seeks identical values and
    # recall takes the surest facts of a crowded attribute without reading all of them.
    """
    ALTER TABLE facts ADD COLUMN value_key TEXT NOT NULL DEFAULT '';
    ALTER TABLE facts ADD COLUMN decay_key REAL NOT NULL DEFAULT 0;
    CREATE INDEX IF NOT EXISTS facts_user_value ON facts(user_id, attribute, value_key, status);
    CREATE INDEX IF NOT EXISTS facts_user_attr_decay ON facts(user_id, attribute, status, decay_key);
    """,
    # version 3: episodes are memories: threaded (prev_id, position), dated (refers_*),
    # indexed for BM25 (episodes_fts, by episode rowid: the message's own terms, and the
    # context it needs to be found, its neighbours, weighted lower) and vectors; facts name
    # the episode they came from.
    """
    ALTER TABLE episodes ADD COLUMN prev_id TEXT;
    ALTER TABLE episodes ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE episodes ADD COLUMN refers_from REAL;
    ALTER TABLE episodes ADD COLUMN refers_to REAL;
    ALTER TABLE episodes ADD COLUMN speaker TEXT;
    ALTER TABLE facts ADD COLUMN episode_id TEXT;
    CREATE INDEX IF NOT EXISTS facts_user_episode ON facts(user_id, episode_id);
    CREATE UNIQUE INDEX IF NOT EXISTS episodes_user_id ON episodes(user_id, id);
    CREATE VIRTUAL TABLE IF NOT EXISTS episodes_fts USING fts5(ukey, terms, context, tokenize = 'unicode61');
    CREATE TABLE IF NOT EXISTS episode_vectors (
        episode_rowid INTEGER PRIMARY KEY, user_id TEXT NOT NULL, vec BLOB NOT NULL);
    CREATE INDEX IF NOT EXISTS episode_vectors_user ON episode_vectors(user_id, episode_rowid);
    """,
    # version 4: each user's full-text rows in a rowid range of its own
    # (graphmem.stores.sqlite.user_ranges); a Python backfill moves them.
    "",
    # version 5: messages found by the days they name ("what did I do on 2 March?").
    """
    CREATE INDEX IF NOT EXISTS episodes_user_refers ON episodes(user_id, refers_from);
    """,
    # version 6: each fact and episode names the write (the user's rev) that last wrote its
    # full-text row, so the BM25 indexes held in memory read back only what changed since
    # (sqlite/text_cache.py).
    """
    ALTER TABLE facts ADD COLUMN text_rev INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE episodes ADD COLUMN text_rev INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX IF NOT EXISTS facts_user_text_rev ON facts(user_id, text_rev);
    CREATE INDEX IF NOT EXISTS episodes_user_text_rev ON episodes(user_id, text_rev);
    """,
    # version 7: which extraction rule made a fact, and the one behind each audit record
    # (graphmem/lang); '' for what was written before.
    """
    ALTER TABLE facts ADD COLUMN rule TEXT NOT NULL DEFAULT '';
    ALTER TABLE audit ADD COLUMN extraction_rule TEXT NOT NULL DEFAULT '';
    """,
]


#: Small records beside the versioned schema, created (IF NOT EXISTS) whenever a store
#: opens: `write_keys` holds each remember's idempotency key and its result (JSON), written
#: in the remember's own transaction.
SIDE_TABLES = """
CREATE TABLE IF NOT EXISTS write_keys (
    user_id TEXT NOT NULL, key TEXT NOT NULL, result TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (user_id, key))
"""


def _backfill_keys(c: sqlite3.Connection) -> None:
    rows = c.execute(
        "SELECT rowid, value, confidence, half_life_days, last_accessed_at FROM facts"
    ).fetchall()
    c.executemany(
        "UPDATE facts SET value_key = ?, decay_key = ? WHERE rowid = ?",
        [(value_key(r[1]), decay_key(r[2], r[3], r[4]), r[0]) for r in rows],
    )


def _backfill_episodes(c: sqlite3.Connection) -> None:
    """Version 2 -> 3: link facts to the message they came from (same user, time and ref,
    as the write recorded both), thread each user's messages in time order (a new
    conversation after a long silence, as `remember` does) and index their text for BM25.
    Vectors stay absent (the store has no embedder): `graphmem reembed` adds them."""
    from graphmem.stores.base import THREAD_GAP_S
    from graphmem.stores.common import user_key
    from graphmem.text.terms import terms

    c.execute(
        "UPDATE facts SET episode_id = (SELECT e.id FROM episodes e WHERE e.user_id = facts.user_id "
        "AND e.at = facts.recorded_at AND e.ref IS facts.ref ORDER BY e.rowid LIMIT 1) "
        "WHERE episode_id IS NULL"
    )
    rows = c.execute(
        "SELECT rowid, id, user_id, text, at FROM episodes ORDER BY user_id, at, rowid"
    ).fetchall()
    prev: tuple[str, str, float, int] | None = None
    for rowid, eid, uid, text, at in rows:
        linked = prev is not None and prev[0] == uid and at - prev[2] <= THREAD_GAP_S
        position = prev[3] + 1 if linked and prev is not None else 0
        c.execute(
            "UPDATE episodes SET prev_id = ?, position = ? WHERE rowid = ?",
            (prev[1] if linked and prev is not None else None, position, rowid),
        )
        c.execute(
            "INSERT INTO episodes_fts (rowid, ukey, terms, context) VALUES (?,?,?,'')",
            (rowid, user_key(uid), " ".join(terms(text))),
        )
        prev = (uid, eid, at, position)


def _backfill_user_ranges(c: sqlite3.Connection) -> None:
    """Version 3 -> 4: move every full-text row into its user's range (user_ranges): the
    rows are read whole, deleted and written again under their new rowid. A user with
    rows but no `users` row (files older than that table's use) gets one first."""
    from graphmem.stores.sqlite.user_ranges import fts_rowid

    for base in ("facts", "episodes"):
        c.execute(
            f"INSERT OR IGNORE INTO users (user_id, rev, epoch, created_at) SELECT DISTINCT user_id, 1, 0, 0 FROM {base}"
        )
    slots = dict(c.execute("SELECT user_id, rowid FROM users").fetchall())
    for fts, base, columns in (("facts_fts", "facts", ("ukey", "terms")),
                               ("episodes_fts", "episodes", ("ukey", "terms", "context"))):  # fmt: skip
        cols = ", ".join(f"x.{col}" for col in columns)
        rows = c.execute(
            f"SELECT x.rowid, b.user_id, {cols} FROM {fts} x JOIN {base} b ON b.rowid = x.rowid"
        ).fetchall()
        c.execute(f"DELETE FROM {fts}")  # rows without a base row go too: nothing finds them
        c.executemany(
            f"INSERT INTO {fts} (rowid, {', '.join(columns)}) VALUES ({','.join('?' * (len(columns) + 1))})",
            [(fts_rowid(slots[r[1]], r[0]), *r[2:]) for r in rows],
        )


def _step(
    script: str, backfill: Callable[[sqlite3.Connection], None] | None = None
) -> Callable[..., sqlite3.Connection]:
    def apply(c: sqlite3.Connection) -> sqlite3.Connection:
        for stmt in script.split(";"):
            if stmt.strip():
                c.execute(stmt)
        if backfill is not None:
            backfill(c)
        return c

    return apply


SQLITE_SCHEMA: Migrations[sqlite3.Connection] = Migrations("SQLite graphmem schema")
SQLITE_SCHEMA.add("facts, entities, audit, episodes, full-text and vector tables", _step(SCRIPTS[0]))
SQLITE_SCHEMA.add("value and decay keys on facts", _step(SCRIPTS[1], _backfill_keys))
SQLITE_SCHEMA.add(
    "episodes threaded, dated, indexed; facts point at their message", _step(SCRIPTS[2], _backfill_episodes)
)
SQLITE_SCHEMA.add("full-text rows in per-user rowid ranges", _step(SCRIPTS[3], _backfill_user_ranges))
SQLITE_SCHEMA.add("messages indexed by the days they name", _step(SCRIPTS[4]))
SQLITE_SCHEMA.add("full-text rows stamped with the write that made them", _step(SCRIPTS[5]))
SQLITE_SCHEMA.add("extraction rule ids on facts and audit records", _step(SCRIPTS[6]))
assert SQLITE_SCHEMA.latest == len(SCRIPTS)


def upgrade_schema(c: sqlite3.Connection, uri: str) -> list[str]:
    """Bring the open database up to the latest schema version, all or nothing; returns
    the names of the migrations applied."""
    c.execute("BEGIN IMMEDIATE")
    try:
        has_meta = c.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone()
        version = 0
        if has_meta:
            row = c.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
            version = int(row[0]) if row else 0
        SQLITE_SCHEMA.check(version, uri)
        done = []
        for m in SQLITE_SCHEMA.pending(version):
            m.apply(c)
            c.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)", (str(m.version),)
            )
            done.append(m.name)
        c.execute(SIDE_TABLES)
        c.execute("COMMIT")
        return done
    except BaseException:
        c.execute("ROLLBACK")
        raise
