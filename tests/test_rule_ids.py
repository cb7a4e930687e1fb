"""Every fact keeps the id of the extraction rule that made it, and every audit record the
rule behind the candidate it decided on: on both stores, across a reopen, in the CLI's
`--json`, in an export, and in a file an older graphmem wrote (read as "")."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.extract import rules_en, rules_zh
from graphmem.stores import SCHEMA_VERSION

# The ids are kept by each store's own rows (SQLite columns, Neo4j properties).
pytestmark = pytest.mark.both_stores

ROOT = Path(__file__).resolve().parents[1]
RULE_IDS = {r.id: r for pack in (rules_en.PACK, rules_zh.PACK) for r in pack.rules()}


def _made_by(rule_id: str, handler: str) -> bool:
    """`rule_id` is a rule of the shipped packs whose handler is `handler`."""
    return rule_id in RULE_IDS and RULE_IDS[rule_id].handler_name == handler


def test_facts_and_audit_records_name_the_rule_that_made_them(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    u = uid("rules")
    mem = open_memory()
    first = mem.remember(u, "I'm a pharmacist at Lindqvist Apotek.", at="2026-02-01T09:00:00Z")
    assert {f.attribute for f in first.added} == {"employer", "job_title"}
    assert all(_made_by(f.rule, "job_at") for f in first.added), [f.rule for f in first.added]
    moved = mem.remember(u, "Oops, I work at Brightline Pharmacy now.", at="2026-03-01T09:00:00Z")
    [(old, new)] = moved.superseded
    assert _made_by(new.rule, "work_candidates") and _made_by(old.rule, "job_at")
    supersede = next(a for a in moved.audit if a.action == "supersede")
    assert supersede.extraction_rule == new.rule
    mem.remember(u, "我女儿小满对芒果过敏", at="2026-03-02T09:00:00Z")
    mem.close()

    again = open_memory()  # a restart: the ids were stored, not kept in memory
    facts = {(f.subject_name, f.attribute): f for f in again.facts(u, include_frozen=True)}
    assert _made_by(facts[("小满", "allergy")].rule, "allergy")
    assert facts[("self", "child")].rule == "zh.builtin.relation_link"
    assert _made_by(facts[("self", "employer")].rule, "work_candidates")
    [entry] = [e for e in again.history(u, "employer") if e.fact.status == "active"]
    assert [a.extraction_rule for a in entry.events] == [entry.fact.rule]


def _cli(store: Path, *args: str) -> dict | list:
    done = subprocess.run(
        [sys.executable, "-m", "graphmem", "--store", str(store), *args, "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=dict(os.environ),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_cli_json_of_remember_facts_and_history_shows_the_rule(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    r = _cli(db, "remember", "--user", "u", "--at", "2026-01-05T08:00:00Z", "I live in Tromsø.")
    assert isinstance(r, dict)
    [added] = r["added"]
    assert _made_by(added["rule"], "city")
    assert [a["extraction_rule"] for a in r["audit"]] == [added["rule"]]
    [fact] = _cli(db, "facts", "--user", "u")
    assert fact["rule"] == added["rule"]
    [entry] = _cli(db, "history", "--user", "u", "city")
    assert entry["fact"]["rule"] == added["rule"] and entry["events"][0]["extraction_rule"] == added["rule"]


def test_an_export_carries_the_rules_and_an_import_keeps_them(tmp_path: Path) -> None:
    with Memory(tmp_path / "a.db") as a:
        a.remember("u", "I'm allergic to kiwi.", at="2026-01-05T08:00:00Z")
        doc = json.loads(a.export("u").document or "")
    [fact] = doc["facts"]
    assert _made_by(fact["rule"], "allergy")
    assert doc["audit"][0]["extraction_rule"] == fact["rule"]
    with Memory(tmp_path / "b.db") as b:
        b.import_(doc)
        [copied] = b.facts("u")
        assert copied.rule == fact["rule"]


def test_a_file_from_before_rule_ids_opens_with_them_empty(tmp_path: Path) -> None:
    """A file as version 6 left it (written, then its rule columns dropped and its version
    set back): the migration adds them, what was there reads "", what comes next has its rule."""
    path = tmp_path / "v6.db"
    with Memory(path) as mem:
        mem.remember("u", "I live in Bergen.", at="2026-01-01T08:00:00Z")
    c = sqlite3.connect(path)
    c.executescript(
        "ALTER TABLE facts DROP COLUMN rule; ALTER TABLE audit DROP COLUMN extraction_rule;"
        "UPDATE meta SET value = '6' WHERE key = 'schema_version';"
    )
    c.close()
    with Memory(path) as mem:
        [old] = mem.facts("u")
        assert old.value == "Bergen" and old.rule == ""
        assert [a.extraction_rule for e in mem.history("u", "city") for a in e.events] == [""]
        r = mem.remember("u", "I moved to Stavanger.", at="2026-01-05T08:00:00Z")
        [(frozen, new)] = r.superseded
        assert frozen.rule == "" and _made_by(new.rule, "moved")
    c = sqlite3.connect(path)
    assert c.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == (
        str(SCHEMA_VERSION),
    )
    c.close()
