"""Every statement in cypher/ compiles on the real server (EXPLAIN), so a typo fails CI."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphmem.stores.neo4j import cypher_files
from graphmem.stores.neo4j.store import Neo4jStore
from graphmem.stores.neo4j.util import FACT_FIELDS

pytestmark = pytest.mark.neo4j

ROOT = Path(__file__).resolve().parents[1]
_PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")

#: A plausible value for every parameter any statement takes.
DUMMY: dict[str, object] = {
    "user_id": "u-explain",
    "id": "x1",
    "ids": ["x1"],
    "fact_ids": ["x1"],
    "statuses": ["active"],
    "attributes": ["city"],
    "subject_ids": ["e1"],
    "value_keys": ["oslo"],
    "top": 40,
    "name": "Anna",
    "type": "person",
    "aliases": ["sister"],
    "created_at": 1.0,
    "now": 1.0,
    "at": 1.0,
    "key": "msg-1",
    "result": "{}",
    "props": {"id": "x1", "status": "active", "subject_id": "e1"},
    "episode_id": "m1",
    "embedding": [0.6, 0.8],
    "status": "active",
    "valid_to": None,
    "confidence": 0.9,
    "last_accessed_at": 1.0,
    "access_count": 1,
    "superseded_by": None,
    "value": "Oslo",
    "text": "I live in Oslo",
    "source_text": "My sister Anna lives in [FORGOTTEN]",
    "search_text": "my sister anna lives in forgotten",
    "needles": ["I live in Oslo", "Oslo"],
    "skip": ["m1"],
    "marker": "[FORGOTTEN]",
    "object_id": None,
    "new_id": "x2",
    "old_id": "x1",
    "rule": "recency",
    "action": "add",
    "new_fact_id": "x1",
    "old_fact_id": None,
    "detail": "",
    "role": "user",
    "ref": None,
    "episode_ids": ["m1"],
    "context_text": "hello there",
    "query": 'ukey:"u0" AND status:active AND search_text:(oslo)',
    "limit": 10,
    "start": 1.0,
    "end": 2.0,
    "k": 20,
    "vector": [0.6, 0.8],
    "model": "m",
    "dim": 2,
    "version": 1,
    "hash": "0" * 40,
    "timeout_s": 10,
    "single_attributes": ["city", "employer"],
    "items": [
        {
            "id": "x1",
            "embedding": [0.6, 0.8],
            "user_id": "u-explain",
            "ukey": "u0",
            "search_text": "hi",
            "prev_id": None,
            "position": 0,
        }
    ],
    "since": 0,
    "rev": 1,
    "epoch": 0,
    "created": 1.0,
    "max_rows": 1001,
    "text_query": 'ukey:"u0" AND status:active AND search_text:(oslo)',
    "text_limit": 10,
    "episode_query": 'ukey:"u0" AND (search_text:(oslo) OR (context_text:(oslo))^0.5)',
    "episode_limit": 10,
    "episode_since": 0,
    "episode_epoch": 0,
    "episode_created": 1.0,
    "ops": [
        {
            "kind": "episode",
            "n": 1,
            "id": "m1",
            "role": "user",
            "text": "hi",
            "at": 1.0,
            "ref": None,
            "prev_id": "m0",
            "position": 1,
            "refers_from": 0.5,
            "refers_to": 0.9,
            "speaker": "Ana",
            "ukey": "u0",
            "search_text": "hi",
            "context_text": "hello",
            "embedding": [0.6, 0.8],
        },
        {"kind": "episode_context", "n": 8, "id": "m0", "context_text": "hi"},
        {
            "kind": "entity",
            "n": 2,
            "id": "e1",
            "name": "Anna",
            "type": "person",
            "aliases": [],
            "created_at": 1.0,
        },
        {
            "kind": "entity_update",
            "n": 3,
            "id": "e1",
            "name": "Anna",
            "type": "person",
            "aliases": ["sister"],
        },
        {
            "kind": "fact",
            "n": 4,
            "props": {"id": "x1", "status": "active", "subject_id": "e1"},
            "embedding": [0.6, 0.8],
            "episode_id": "m1",
        },
        {
            "kind": "fact_update",
            "n": 5,
            "id": "x1",
            "status": "frozen",
            "valid_to": 2.0,
            "confidence": 0.9,
            "last_accessed_at": 1.0,
            "access_count": 1,
            "superseded_by": "x2",
            "value": "Oslo",
            "text": "t",
            "object_id": None,
            "value_key": "oslo",
            "decay_key": 1.0,
        },
        {"kind": "supersedes", "n": 6, "new_id": "x2", "old_id": "x1", "rule": "recency", "at": 1.0},
        {
            "kind": "audit",
            "n": 7,
            "id": "a1",
            "at": 1.0,
            "action": "add",
            "rule": "new",
            "new_fact_id": "x1",
            "old_fact_id": None,
            "detail": "",
        },
    ],  # fmt: skip
}


def _statements() -> list[tuple[str, int, str]]:
    """(name, index, statement) of every file in cypher/ and its sub-folders."""
    found = []
    for folder in (None, *cypher_files.FOLDERS):
        for name in cypher_files.names(folder):
            label = name if folder is None else f"{folder}/{name}"
            found += [(label, i, stmt) for i, stmt in enumerate(cypher_files.statements(name, folder))]
    return found


def _single(label: str) -> str:
    folder, _, name = label.rpartition("/")
    return cypher_files.query(name, folder or None)


def _explain(store: Neo4jStore, statement: str) -> dict:
    params = {p: DUMMY[p] for p in _PARAM.findall(statement)}
    with store._driver.session(database=store.database) as s:
        summary = s.execute_write(lambda tx: tx.run("EXPLAIN " + statement, params).consume())
    return summary.plan  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def store(neo4j_uri: str) -> Iterator[Neo4jStore]:
    s = Neo4jStore(neo4j_uri)  # schema in place: statements name its indexes
    yield s
    s.close()


def test_cypher_folder_is_found_and_not_empty() -> None:
    assert cypher_files.cypher_dir() == (ROOT / "cypher").resolve()
    assert len(cypher_files.names()) >= 20


_ALL = _statements()


@pytest.mark.parametrize("name, index, statement", _ALL, ids=[f"{n}#{i}" for n, i, _ in _ALL])
def test_statement_compiles(store: Neo4jStore, name: str, index: int, statement: str) -> None:
    _explain(store, statement)


#: Admin statements allowed to scan across users: listing users, and the schema migrations that
#: backfill keys on facts written before version 2 and index episodes written before version 3
#: (run once, when a store opens).
CROSS_USER = {"user_ids", "facts_missing_keys", "episodes_missing_terms"}


def _operators(plan: dict) -> list[str]:
    found = [str(plan.get("operatorType", "")).split("@")[0]]
    for child in plan.get("children", []):
        found += _operators(child)
    return found


@pytest.mark.parametrize("name", sorted({n for n, _, _ in _ALL if not n.startswith("schema_")}))
def test_per_user_statements_seek_never_scan(store: Neo4jStore, name: str) -> None:
    """Isolation and cost: every per-user statement starts from an index seek on the user's
    keys (or a procedure filtered by user), never from a scan over every user's nodes."""
    if name in CROSS_USER:
        return
    ops = _operators(_explain(store, _single(name)))
    assert not [op for op in ops if "Scan" in op], f"{name}: {ops}"


def test_every_parameter_has_a_dummy() -> None:
    used = {p for _, _, stmt in _statements() for p in _PARAM.findall(stmt)}
    assert used <= set(DUMMY), sorted(used - set(DUMMY))


def test_only_schema_files_hold_several_statements() -> None:
    for name, _, _ in _statements():
        if not name.startswith("schema_"):
            _single(name)  # raises if not exactly one statement


def test_every_file_is_used_and_every_used_file_exists() -> None:
    code = "\n".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "graphmem" / "stores" / "neo4j").glob("*.py")
    )
    referenced = set(re.findall(r'"([a-z][a-z0-9_]*)"', code))
    files = set(cypher_files.names())
    assert not files - referenced, f"cypher files no code runs: {sorted(files - referenced)}"
    runs = set(re.findall(r'(?:_run|_read|_q|statements)\(\s*"([a-z][a-z0-9_]*)"', code))
    assert runs, "the scan found no statement the store runs"
    assert runs <= files, f"the store runs missing files: {sorted(runs - files)}"


def test_statements_take_values_only_as_parameters() -> None:
    # No Python formatting placeholders: nothing is ever formatted into query text.
    for name, _, stmt in _statements():
        assert "%s" not in stmt and "{0}" not in stmt and "{}" not in stmt, name


def test_names_are_checked() -> None:
    for bad in ("../etc/passwd", "Fact_add", "fact-add", "", "a" * 80, "x;y"):
        with pytest.raises(ValueError):
            cypher_files.check_name(bad)
    for folder in ("..", "analyst/..", "/tmp", "nope"):
        with pytest.raises(ValueError):
            cypher_files.query("timeline", folder)


_FACT_LIST = re.compile(r"collect\(\[(f\.id,\s*f\.user_id,.*?)\]\)", re.S)


def test_fact_lists_follow_fact_fields() -> None:
    """Every statement that returns facts lists them in the order the store decodes."""
    seen = []
    for name, _, statement in _ALL:
        for m in _FACT_LIST.finditer(statement):
            fields = [x.strip() for x in m.group(1).split(",")]
            assert tuple(x.removeprefix("f.") for x in fields if x != "score") == FACT_FIELDS, name
            seen.append(name)
    assert {"facts", "facts_top", "facts_active", "search_text", "read_open"} <= set(seen)


def test_a_missing_statement_file_is_a_store_error_naming_it() -> None:
    from graphmem.errors import StoreError

    with pytest.raises(StoreError, match="no_such_statement.cypher"):
        cypher_files.statements("no_such_statement")
