"""The SQLite schema, one migration script per version (index = from-version)."""

from __future__ import annotations

MIGRATIONS: list[str] = [
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
]
