"""Export, import (remap, re-arbitration, validation), migration, erasure and the gc pass.

Runs on every store through the `open_memory` / `mem` / `store_target` fixtures.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import uuid
from collections.abc import Callable
from dataclasses import fields
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem import ImportFormatError, InvalidUserIdError, Memory
from graphmem.facts.keys import value_key
from graphmem.gate.secrets import find_secrets
from graphmem.portability import copy_store, import_user
from graphmem.portability.plan import MAX_IMPORT_BYTES, Limits, Planner
from graphmem.stores import SQLiteStore, open_store
from graphmem.stores.base import UserReader

ROOT = Path(__file__).resolve().parents[1]
T0 = "2026-01-05T10:00:00Z"
T1 = "2026-03-05T10:00:00Z"
T2 = "2026-04-05T10:00:00Z"


# ---- helpers --------------------------------------------------------------------------


def _iso(dt: datetime | None) -> str | None:
    return None if dt is None else dt.isoformat()


def canon(r: UserReader, with_audit: bool = True) -> dict[str, Any]:
    """A user's memory with every id replaced by what it points at, for comparing copies."""
    ents = {e.id: e for e in r.entities()}
    facts = r.facts(statuses=None)
    by_id = {f.id: f for f in facts}

    def key(fid: str | None) -> tuple[Any, ...] | None:
        if fid is None or fid not in by_id:
            return None
        f = by_id[fid]
        return (f.subject_name, f.attribute, f.value, _iso(f.recorded_at), _iso(f.valid_from))

    out: dict[str, Any] = {
        "facts": sorted(
            (
                key(f.id),
                ents[f.subject_id].name,
                f.kind,
                f.source,
                f.confidence,
                f.status,
                f.text,
                f.source_text,
                _iso(f.valid_to),
                _iso(f.last_accessed_at),
                f.half_life_days,
                f.access_count,
                f.ref,
                ents[f.object_id].name if f.object_id else None,
                f.qualifier,
                key(f.superseded_by),
                f.inferred,
            )
            for f in facts
        ),
        "entities": sorted((e.name, e.type, tuple(e.aliases), _iso(e.created_at)) for e in ents.values()),
        "supersedes": sorted((key(e.new_id), key(e.old_id), e.rule, _iso(e.at)) for e in r.supersedes()),
        "episodes": sorted((m.role, m.text, _iso(m.at), m.ref) for m in r.episodes()),
    }
    if with_audit:
        out["audit"] = sorted(
            (_iso(a.at), a.action, a.rule, key(a.new_fact_id), key(a.old_fact_id), a.detail)
            for a in r.audit()
            if a.action != "import"
        )
    return out


def all_strings(r: UserReader) -> list[str]:
    """Every string field of everything the reader returns for the user."""
    out: list[str] = []
    records: list[Any] = [*r.facts(statuses=None), *r.entities(), *r.audit(), *r.supersedes(), *r.episodes()]
    for rec in records:
        for f in fields(rec):
            v = getattr(rec, f.name)
            out.extend(
                [v]
                if isinstance(v, str)
                else [x for x in v if isinstance(x, str)]
                if isinstance(v, tuple)
                else []
            )
    return out


def _dt(s: str) -> datetime:
    return datetime.fromisoformat(s.replace("Z", "+00:00"))


def fresh(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


# ---- round trip -----------------------------------------------------------------------

TEMPLATES = [
    ("I live in {}.", ["Paris", "Rome", "Lisbon", "Denver", "Oslo"]),
    ("I work at {}.", ["Globex", "Initech", "Umbrella", "Hooli"]),
    ("I like {}.", ["jazz", "hiking", "chess", "sushi"]),
    ("I'm allergic to {}.", ["peanuts", "shellfish", "pollen"]),
    ("My sister {} lives in Berlin.", ["Anna", "Maria", "Lena"]),
    ("我住在{}。", ["南京", "苏州", "成都"]),
    ("我喜欢{}。", ["爬山", "游泳", "喝茶"]),
]
messages = st.lists(
    st.tuples(st.sampled_from(range(len(TEMPLATES))), st.integers(0, 10), st.integers(0, 400)),
    min_size=1,
    max_size=8,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(msgs=messages)
def test_export_import_round_trip_gives_equal_facts(mem: Memory, msgs: list[tuple[int, int, int]]) -> None:
    src, dst = fresh("src"), fresh("dst")
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    for n, (t, v, day) in enumerate(msgs):
        template, values = TEMPLATES[t]
        at = start + timedelta(days=day, minutes=n)
        mem.remember(src, template.format(values[v % len(values)]), at=at, ref=f"msg-{n}")
    doc = mem.export(src).document
    assert doc is not None
    report = mem.import_(doc, as_user=dst)
    assert report.facts_frozen == report.local_superseded == report.reinforced == 0
    assert canon(mem.store.reader(dst)) == canon(mem.store.reader(src))
    assert mem.facts(dst, include_frozen=True) and len(mem.facts(dst, include_frozen=True)) == len(
        mem.facts(src, include_frozen=True)
    )


_word = st.text(alphabet="abcdefghijklmnopqrstuvwxyzÉé朵花生香菜 '-", min_size=1, max_size=24).filter(
    lambda s: value_key(s) != ""
)
_when = st.datetimes(
    min_value=datetime(2020, 1, 1), max_value=datetime(2030, 1, 1), timezones=st.just(timezone.utc)
).map(lambda d: d.replace(microsecond=0))


@st.composite
def fact_docs(draw: st.DrawFn) -> dict[str, Any]:
    """A consistent version-2 document built at Fact level: a self entity, a friend, facts
    with unique values (history, archived and active notes), some frozen by others."""
    uid = "gen-user"
    # A value the secret gate reads as one ("pw-b": a password "b") is refused by design
    # (tested apart); the round trip is about documents that may be imported.
    values = draw(st.lists(_word.filter(lambda v: not find_secrets(f"{v}\nnote: {v}")), min_size=1, max_size=10,
                           unique_by=value_key))  # fmt: skip
    ents = [
        {"id": "E1", "user_id": uid, "name": "self", "type": "self", "aliases": [], "created_at": None},
        {"id": "E2", "user_id": uid, "name": draw(_word), "type": "person", "aliases": draw(st.lists(_word, max_size=2)),
         "created_at": _iso(draw(_when))},
    ]  # fmt: skip
    facts = []
    for i, value in enumerate(values):
        status = draw(st.sampled_from(["active", "frozen", "archived"]))
        start = draw(_when)
        facts.append({
            "id": f"F{i}", "user_id": uid, "subject_id": draw(st.sampled_from(["E1", "E2"])),
            "subject_name": "x", "attribute": "note" if status == "active" else draw(st.sampled_from(["note", "city", "likes"])),
            "value": value, "kind": draw(st.sampled_from(["profile", "preference", "fact", "event"])),
            "source": draw(st.sampled_from(["user_declared", "behavior_observed", "model_inferred"])),
            "confidence": draw(st.floats(0, 1)), "status": status, "text": f"note: {value}",
            # No digits (a secret shape) and no NUL (no text field of a document may hold one).
            "source_text": draw(st.text(max_size=40).filter(lambda s: not any(c.isdigit() or c == "\x00" for c in s))),
            "recorded_at": _iso(start), "valid_from": _iso(start),
            "valid_to": None if status == "active" else _iso(start + timedelta(days=draw(st.integers(0, 90)))),
            "last_accessed_at": _iso(start + timedelta(hours=draw(st.integers(0, 1000)))),
            "half_life_days": draw(st.floats(0.5, 400)), "access_count": draw(st.integers(0, 50)),
            "ref": draw(st.none() | st.just("msg-1")), "object_id": None, "qualifier": None,
            "superseded_by": None, "inferred": draw(st.booleans()),
        })  # fmt: skip
    edges = []
    for i, f in enumerate(facts):
        if f["status"] == "frozen" and i > 0 and draw(st.booleans()):
            f["superseded_by"] = f"F{i - 1}"
            edges.append({"new_id": f"F{i - 1}", "old_id": f["id"], "rule": "recency", "at": f["valid_to"]})
    return {
        "format": "graphmem-export", "schema_version": 2, "user_id": uid, "exported_at": _iso(draw(_when)),
        "entities": ents, "facts": facts, "supersedes": edges,
        "audit": [{"id": "A1", "at": facts[0]["recorded_at"], "action": "add", "rule": "new",
                   "new_fact_id": "F0", "old_fact_id": None, "detail": "note"}],
        "episodes": [{"id": "M1", "role": "user", "text": "hello 你好", "at": facts[0]["recorded_at"], "ref": "msg-1"}],
    }  # fmt: skip


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=fact_docs())
def test_fact_level_document_round_trips(mem: Memory, doc: dict[str, Any]) -> None:
    a, b = fresh("gen-a"), fresh("gen-b")
    report = mem.import_(doc, as_user=a)
    assert report.facts_added == len(doc["facts"]) and report.facts_frozen == 0
    again = mem.export(a).document
    assert again is not None
    mem.import_(again, as_user=b)
    assert canon(mem.store.reader(b)) == canon(mem.store.reader(a))
    exported = json.loads(again)
    fields_of = {f["value"]: {k: v for k, v in f.items() if k not in ("id", "user_id", "subject_id", "superseded_by")}
                 for f in exported["facts"]}  # fmt: skip
    for f in doc["facts"]:
        got = fields_of[f["value"]]
        for k in ("attribute", "kind", "source", "confidence", "status", "text", "source_text", "recorded_at",
                  "valid_from", "valid_to", "last_accessed_at", "half_life_days", "access_count", "ref",
                  "inferred"):  # fmt: skip
            assert got[k] == f[k], k


def test_export_to_path_and_file_and_embeddings(mem: Memory, tmp_path: Path) -> None:
    u = fresh("exp")
    mem.remember(u, "I live in Paris. I like jazz.", at=T0)
    path = tmp_path / "u.json"
    r = mem.export(u, path)
    assert r.path == str(path) and r.facts == 2 and r.document is None and r.chars == path.stat().st_size
    buf = io.StringIO()
    mem.export(u, buf)
    assert json.loads(buf.getvalue())["facts"] == json.loads(path.read_text())["facts"]
    raw = io.BytesIO()
    mem.export(u, raw, include_embeddings=True)
    doc = json.loads(raw.getvalue())
    assert doc["embedder"] == {"model": mem.embedder.model, "dim": mem.embedder.dim, "included": True}
    assert all(len(f["vector"]) == mem.embedder.dim for f in doc["facts"])
    v = fresh("exp-copy")
    mem.import_(doc, as_user=v)
    assert [i.fact.value for i in mem.recall(v, "where do I live?", k=1)] == ["Paris"]


# ---- remap -----------------------------------------------------------------------------


def test_as_user_leaves_no_foreign_id(mem: Memory, tmp_path: Path) -> None:
    src, dst = fresh("alice-source"), fresh("bob-target")
    mem.remember(src, "I live in Paris and I work at Globex.", at=T0, ref="msg-1")
    mem.remember(src, "I moved to Rome. My sister Anna lives in Berlin.", at=T1, ref="msg-2")
    mem.recall(src, "where do I live?", at=T1)
    path = tmp_path / "src.json"
    mem.export(src, path)
    doc = json.loads(path.read_text())
    before = mem.store.count_rows(src)
    mem.import_(path, as_user=dst)
    assert mem.store.count_rows(src) == before
    r = mem.store.reader(dst)
    strings = all_strings(r)
    assert not [s for s in strings if src in s]
    old_ids = {x["id"] for part in ("entities", "facts", "audit", "episodes") for x in doc[part]}
    assert not old_ids & set(strings)
    assert {x.user_id for x in [*r.facts(statuses=None), *r.entities(), *r.audit(), *r.episodes()]} == {dst}
    assert [f.value for f in mem.get(dst, "city")] == ["Rome"]
    assert mem.store.count_rows(dst) > 0


def test_invalid_as_user_writes_nothing(mem: Memory) -> None:
    src = fresh("src")
    mem.remember(src, "I live in Paris.", at=T0)
    doc = mem.export(src).document
    for bad in ("", "   ", "a\x00b", "x" * 300):
        with pytest.raises(InvalidUserIdError):
            mem.import_(doc, as_user=bad)
    assert mem.store.count_rows("") == 0


# ---- arbitration on import -------------------------------------------------------------


def _city_doc(mem: Memory, city: str, at: str) -> str:
    other = fresh("other")
    mem.remember(other, f"I live in {city}.", at=at)
    doc = mem.export(other).document
    assert doc is not None
    return doc


def test_local_newer_fact_wins_and_imported_older_is_frozen(mem: Memory) -> None:
    u = fresh("local")
    mem.remember(u, "I live in Rome.", at=T1)
    report = mem.import_(_city_doc(mem, "Paris", T0), as_user=u)
    assert [f.value for f in mem.get(u, "city")] == ["Rome"]
    hist = {e.fact.value: e for e in mem.history(u, "city")}
    assert set(hist) == {"Rome", "Paris"}
    paris, rome = hist["Paris"].fact, hist["Rome"].fact
    assert paris.status == "frozen" and paris.superseded_by == rome.id
    assert any(a.action == "keep_frozen" and a.rule == "import:recency" for a in hist["Paris"].events)
    assert report.facts_frozen == 1 and report.local_superseded == 0
    assert [(d.action, d.rule, d.imported, d.local) for d in report.decisions] == [
        ("keep_frozen", "import:recency", "Paris", "Rome")
    ]
    assert [f.value for f in mem.facts(u, as_of="2026-02-01T00:00:00Z") if f.attribute == "city"] == ["Paris"]


def test_imported_newer_fact_supersedes_local_older(mem: Memory) -> None:
    u = fresh("local")
    mem.remember(u, "I live in Paris.", at=T0)
    report = mem.import_(_city_doc(mem, "Rome", T1), as_user=u)
    assert [f.value for f in mem.get(u, "city")] == ["Rome"]
    hist = {e.fact.value: e for e in mem.history(u, "city")}
    assert hist["Paris"].fact.status == "frozen" and hist["Paris"].fact.superseded_by == hist["Rome"].fact.id
    assert any(a.action == "supersede" and a.rule == "import:recency" for a in hist["Paris"].events)
    assert report.local_superseded == 1 and report.facts_added == 1
    edges = mem.store.reader(u).supersedes()
    assert [(e.new_id, e.old_id, e.rule) for e in edges] == [
        (hist["Rome"].fact.id, hist["Paris"].fact.id, "import:recency")
    ]


def test_identical_fact_is_reinforced_not_duplicated(mem: Memory) -> None:
    u = fresh("local")
    mem.remember(u, "I work at Globex.", at=T1)
    before = mem.get(u, "employer")[0]
    other = fresh("other")
    mem.remember(other, "I work at Globex.", at=T0)
    report = mem.import_(mem.export(other).document, as_user=u)
    after = mem.facts(u, include_frozen=True)
    assert [f.value for f in after if f.attribute == "employer"] == ["Globex"]
    assert after[0].id == before.id and after[0].confidence > before.confidence
    assert report.reinforced == 1 and report.facts_added == 0
    assert any(a.action == "reinforce" and a.rule == "import:identical" for a in mem.store.reader(u).audit())


def test_reimporting_the_same_file_changes_nothing(mem: Memory) -> None:
    src, dst = fresh("src"), fresh("dst")
    mem.remember(src, "I live in Paris. I like jazz.", at=T0)
    mem.remember(src, "I moved to Rome.", at=T1)
    doc = mem.export(src).document
    mem.import_(doc, as_user=dst)
    rows, snapshot = mem.store.count_rows(dst), canon(mem.store.reader(dst))
    again = mem.import_(doc, as_user=dst)
    assert not again.changed and again.skipped == 3
    assert mem.store.count_rows(dst) == rows and canon(mem.store.reader(dst)) == snapshot


def test_dry_run_writes_nothing_and_predicts_the_import(mem: Memory) -> None:
    u = fresh("local")
    mem.remember(u, "I live in Paris.", at=T0)
    doc = _city_doc(mem, "Rome", T1)
    rows = mem.store.count_rows(u)
    dry = mem.import_(doc, as_user=u, dry_run=True)
    assert dry.dry_run and mem.store.count_rows(u) == rows
    assert [f.value for f in mem.get(u, "city")] == ["Paris"]
    real = mem.import_(doc, as_user=u)
    assert (dry.facts_added, dry.local_superseded, dry.audit_added, dry.decisions) == (
        real.facts_added, real.local_superseded, real.audit_added, real.decisions
    )  # fmt: skip
    new_user = fresh("never-written")
    mem.import_(doc, as_user=new_user, dry_run=True)
    assert mem.store.count_rows(new_user) == 0


def test_a_failure_inside_the_transaction_changes_nothing(
    mem: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    u = fresh("local")
    mem.remember(u, "I live in Paris.", at=T0)
    doc = _city_doc(mem, "Rome", T1)
    rows, snapshot = mem.store.count_rows(u), canon(mem.store.reader(u))
    original = Planner.apply

    def apply_then_fail(self: Planner, w: Any, prepared: Any) -> None:
        original(self, w, prepared)
        raise RuntimeError("disk full")

    monkeypatch.setattr(Planner, "apply", apply_then_fail)
    with pytest.raises(RuntimeError):
        mem.import_(doc, as_user=u)
    assert mem.store.count_rows(u) == rows and canon(mem.store.reader(u)) == snapshot


# ---- broken documents --------------------------------------------------------------------


def _valid_doc(mem: Memory) -> dict[str, Any]:
    src = fresh("src")
    mem.remember(src, "I live in Paris and I work at Globex.", at=T0)
    mem.remember(src, "I moved to Rome.", at=T1)
    doc = json.loads(mem.export(src).document or "")
    return doc


def _break(kind: str, doc: dict[str, Any]) -> tuple[Any, str]:
    text = json.dumps(doc)
    if kind == "truncated":
        return text[: len(text) // 2], r"not valid JSON \(truncated or corrupted\?\).*line 1 column"
    if kind == "wrong_type":
        doc["facts"][1]["confidence"] = "high"
        return doc, r"^facts\[1\]\.confidence: expected a number from 0 to 1, got string"
    if kind == "wrong_type_time":
        doc["facts"][0]["valid_from"] = 20260105
        return doc, r"^facts\[0\]\.valid_from: expected an ISO-8601 date-time string, got int"
    if kind == "duplicate_ids":
        doc["facts"][2]["id"] = doc["facts"][0]["id"]
        return doc, r"^facts\[2\]\.id: duplicate id '.+' \(also facts\[0\]\.id\)"
    if kind == "unknown_reference":
        doc["facts"][0]["subject_id"] = "e_nobody"
        return doc, r"^facts\[0\]\.subject_id: 'e_nobody' is not the id of any entity in the document"
    if kind == "unknown_version":
        doc["schema_version"] = "banana"
        return doc, r"^schema_version: unknown schema_version 'banana'"
    if kind == "newer_version":
        doc["schema_version"] = 4
        return doc, r"^schema_version: schema_version 4 is newer than this graphmem understands \(up to 3\)"
    if kind == "missing_field":
        del doc["facts"][0]["status"]
        return doc, r"^facts\[0\]: missing field 'status'"
    if kind == "unknown_field":
        doc["entities"][0]["colour"] = "blue"
        return doc, r"^entities\[0\]: unknown field 'colour'"
    if kind == "foreign_user":
        doc["facts"][0]["user_id"] = "someone-else"
        return doc, r"^facts\[0\]\.user_id: differs from the document's user_id"
    if kind == "secret":
        doc["facts"][0]["value"] = "my card 4111 1111 1111 1111"
        return doc, r"^facts\[0\]: holds what looks like a secret \(card_number\)"
    if kind == "nan":
        return text.replace('"confidence": 0.9', '"confidence": NaN', 1), r"NaN is not a valid JSON number"
    if kind == "duplicate_key":
        return text.replace('"format": "graphmem-export"', '"format": "graphmem-export", "format": "x"'), (
            r"duplicate key 'format'"
        )
    if kind == "not_an_object":
        return "[1, 2, 3]", r"expected a JSON object at the top level, got array"
    if kind == "oversized":
        return text + " " * MAX_IMPORT_BYTES, r"^document is 50\.0 MB; the import limit is 50 MB"
    raise AssertionError(kind)


BROKEN = ["truncated", "wrong_type", "wrong_type_time", "duplicate_ids", "unknown_reference", "unknown_version",
          "newer_version", "missing_field", "unknown_field", "foreign_user", "secret", "nan", "duplicate_key",
          "not_an_object", "oversized"]  # fmt: skip


@pytest.mark.parametrize("kind", BROKEN)
@pytest.mark.parametrize("as_file", [False, True], ids=["in-memory", "file"])
def test_broken_documents_change_nothing(mem: Memory, tmp_path: Path, kind: str, as_file: bool) -> None:
    u = fresh("target")
    mem.remember(u, "I live in Lisbon.", at=T0)
    payload, message = _break(kind, _valid_doc(mem))
    if as_file:
        path = tmp_path / "broken.json"
        path.write_text(payload if isinstance(payload, str) else json.dumps(payload), encoding="utf-8")
        payload = path
    rows = mem.store.count_rows(u)
    with pytest.raises(ImportFormatError, match=message):
        mem.import_(payload, as_user=u)
    assert mem.store.count_rows(u) == rows
    assert [f.value for f in mem.get(u, "city")] == ["Lisbon"]


def test_too_many_facts_is_refused(mem: Memory) -> None:
    u = fresh("target")
    with pytest.raises(ImportFormatError, match=r"^facts: holds 3 records; the import limit is 2$"):
        import_user(mem.store, _valid_doc(mem), as_user=u, limits=Limits(max_facts=2))
    assert mem.store.count_rows(u) == 0


def test_seed_v1_document_is_migrated(mem: Memory) -> None:
    v1 = {
        "schema_version": "1.0", "user_id": "u_10086", "exported_at": "2025-06-01T12:00:00Z",
        "entries": [
            {"id": "mem_001", "entry_type": "preference", "content": "用户偏好工作日上午不安排会议",
             "confidence": 0.9, "status": "active", "half_life_days": 30},
            {"id": "mem_002", "entry_type": "profile", "content": "用户在A公司工作", "confidence": 0.9,
             "status": "frozen", "half_life_days": 60, "superseded_by": "mem_003",
             "created_at": "2025-01-01T00:00:00Z"},
            {"id": "mem_003", "entry_type": "profile", "content": "用户在B公司工作", "confidence": 0.9,
             "status": "active", "created_at": "2025-05-01T00:00:00Z", "source": "user_declared"},
        ],
    }  # fmt: skip
    u = fresh("v1")
    report = mem.import_(v1, as_user=u)
    assert report.schema_version == 1 and report.facts_added == 3
    facts = {f.value: f for f in mem.facts(u, include_frozen=True)}
    pref = facts["用户偏好工作日上午不安排会议"]
    assert (pref.attribute, pref.kind, pref.confidence, pref.status, pref.half_life_days) == (
        "note", "preference", 0.9, "active", 30.0
    )  # fmt: skip
    old, new = facts["用户在A公司工作"], facts["用户在B公司工作"]
    assert old.status == "frozen" and old.superseded_by == new.id and old.valid_to == new.valid_from
    assert new.half_life_days == 60.0  # the profile default
    assert [(e.new_id, e.old_id) for e in mem.store.reader(u).supersedes()] == [(new.id, old.id)]
    assert "A公司" not in [i.fact.value for i in mem.recall(u, "我在哪个公司工作", k=3)]
    bad = {**v1, "entries": [{**v1["entries"][1], "superseded_by": "mem_404"}]}
    with pytest.raises(
        ImportFormatError, match=r"^entries\[0\]\.superseded_by: 'mem_404' is not the id of any entry"
    ):
        mem.import_(bad, as_user=u)


# ---- migration -----------------------------------------------------------------------------


@pytest.mark.both_stores  # copy_store into each store (the production move is SQLite -> Neo4j)
def test_migrate_twice_is_idempotent(store_target: str, tmp_path: Path) -> None:
    src_path = tmp_path / "source.db"
    a, b = fresh("mig-a"), fresh("mig-b")
    with Memory(src_path) as m:
        m.remember(a, "I live in Paris and I work at Globex.", at=T0, ref="m1")
        m.remember(a, "I moved to Rome. I like jazz.", at=T1, ref="m2")
        m.remember(a, "I like jazz.", at=T2)  # reinforced at the source
        m.remember(b, "我住在南京。我喜欢爬山。")
        m.recall(b, "我住在哪里")
    src = SQLiteStore(src_path)
    dst = open_store(store_target)
    try:
        seen: list[tuple[int, int]] = []
        first = copy_store(src, dst, progress=lambda d, t: seen.append((d, t)))
        assert seen[0] == (0, 2) and seen[-1] == (2, 2)
        assert set(first.reports) == {a, b}
        for u in (a, b):
            assert canon(dst.reader(u)) == canon(src.reader(u))
        rows = {u: dst.count_rows(u) for u in (a, b)}
        second = copy_store(src, dst)
        assert not any(r.changed for r in second.reports.values())
        assert {u: dst.count_rows(u) for u in (a, b)} == rows
        for u in (a, b):
            assert canon(dst.reader(u)) == canon(src.reader(u))
        # The source moves on; a third run catches the copy up without duplicates.
        with Memory(src_path) as m:
            m.remember(a, "I moved to Milan.", at="2026-05-01T00:00:00Z")
        copy_store(src, dst)
        assert canon(dst.reader(a)) == canon(src.reader(a))
        m = Memory(dst)  # not closed here: it would close `dst`
        assert [f.value for f in m.get(a, "city")] == ["Milan"]
        assert [i.fact.value for i in m.recall(b, "我住在哪里", k=1)] == ["南京"]
    finally:
        dst.close()
        src.close()


def test_migrate_refuses_the_same_store(tmp_path: Path) -> None:
    s = SQLiteStore(tmp_path / "same.db")
    with pytest.raises(Exception, match="same store"):
        copy_store(s, s)
    s.close()


# ---- erasure and gc ------------------------------------------------------------------------


def test_forget_user_leaves_zero_rows(mem: Memory) -> None:
    u, keep = fresh("gone"), fresh("kept")
    mem.remember(u, "I live in Paris and I work at Globex. My sister Anna lives in Berlin.", at=T0)
    mem.remember(u, "I moved to Rome.", at=T1)
    mem.recall(u, "where do I live?")
    mem.remember(keep, "I live in Oslo.", at=T0)
    kept = mem.store.count_rows(keep)
    assert mem.store.count_rows(u) > 0
    removed = mem.forget_user(u)
    assert removed > 0 and mem.store.count_rows(u) == 0
    assert mem.facts(u, include_frozen=True) == [] and mem.recall(u, "Paris Rome Globex") == []
    assert mem.store.count_rows(keep) == kept and u not in mem.store.user_ids()
    assert mem.forget_user(u) == 0


def test_forget_fact_leaves_a_content_free_audit_entry(mem: Memory) -> None:
    u = fresh("forget")
    mem.remember(u, "I live in Paris.", at=T0)
    mem.remember(u, "I moved to Rome.", at=T1)
    rome = mem.get(u, "city")[0]
    paris = next(f for f in mem.facts(u, include_frozen=True) if f.value == "Paris")
    assert mem.forget(u, rome.id, at=T2)
    left = mem.facts(u, include_frozen=True)
    assert [f.value for f in left] == ["Paris"] and left[0].superseded_by is None
    assert mem.recall(u, "Rome", k=3) == [] or all(i.fact.value != "Rome" for i in mem.recall(u, "Rome"))
    record = [a for a in mem.store.reader(u).audit() if a.action == "forget"]
    assert len(record) == 1
    rec = record[0]
    assert (rec.rule, rec.detail, rec.new_fact_id, rec.old_fact_id) == ("user_request", "", None, rome.id)
    assert not any("Rome" in str(getattr(rec, f.name)) for f in fields(rec))
    assert not mem.forget(u, "f_does_not_exist")
    assert mem.forget(u, paris.id) and mem.facts(u, include_frozen=True) == []
    doc = json.loads(mem.export(u).document or "")
    assert [a["old_fact_id"] for a in doc["audit"] if a["action"] == "forget"] == [None, None]


def _mentions(r: UserReader, value: str) -> list[str]:
    """Every string a reader method returns for the user that mentions `value`."""
    return [s for s in all_strings(r) if value.lower() in s.lower()]


def test_forget_fact_leaves_no_trace_of_its_content(mem: Memory, uid: Callable[[str], str]) -> None:
    u, other = uid("erase"), uid("bystander")
    mem.remember(u, "I live in Lima and I love salsa.", at=T0)
    mem.remember(u, "I moved to Quito.", at=T1)
    mem.remember(u, "Yes, I live in Quito.", at=T2)  # a reinforcement: audit and log only
    mem.remember(other, "I moved to Quito.", at=T1)
    quito = mem.get(u, "city")[0]
    r = mem.store.reader(u)
    assert quito.value == "Quito" and len(_mentions(r, "Quito")) > 4
    before = {a.id: a for a in r.audit()}
    other_before = (mem.store.reader(other).episodes(), mem.store.reader(other).audit())
    assert mem.forget(u, quito.id, at=T2)
    assert _mentions(r, "Quito") == []  # facts (every status), entities, audit, links, episodes
    assert r.search_text(["quito"], 10) == [] and all(i.fact.value != "Quito" for i in mem.recall(u, "Quito"))
    lima, salsa = sorted(r.facts(statuses=None), key=lambda f: f.attribute)
    assert (lima.value, lima.status, lima.superseded_by, salsa.value) == ("Lima", "frozen", None, "salsa")
    assert salsa.source_text == "I love salsa."  # other facts of the message keep their provenance
    audit = {a.id: a for a in r.audit()}
    scrubbed = [a for a in audit.values() if a.detail == "[FORGOTTEN]"]
    assert {(a.action, a.at) for a in scrubbed} == {("supersede", _dt(T1)), ("reinforce", _dt(T2))}
    assert all(audit[i] == a for i, a in before.items() if a not in scrubbed and quito.id not in
               (a.new_fact_id, a.old_fact_id))  # fmt: skip
    forget = [a for a in audit.values() if a.action == "forget"]
    assert [(a.rule, a.detail, a.new_fact_id, a.old_fact_id) for a in forget] == [
        ("user_request", "", None, quito.id)
    ]
    assert [m.text for m in r.episodes()] == [
        "I live in Lima and I love salsa.", "[FORGOTTEN]", "Yes, I live in [FORGOTTEN]."
    ]  # fmt: skip
    assert (mem.store.reader(other).episodes(), mem.store.reader(other).audit()) == other_before
    assert [f.value for f in mem.get(other, "city")] == ["Quito"]
    # The clause goes from a message other facts came from; their own clauses stay.
    assert mem.forget(u, lima.id, at=T2)
    assert _mentions(r, "Lima") == [] and r.search_text(["lima"], 10) == []
    assert r.search_text(["forgotten"], 10) == []
    assert [m.text for m in r.episodes()][0] == "[FORGOTTEN] and I love salsa."
    assert [(f.value, f.source_text) for f in r.facts(statuses=None)] == [("salsa", "I love salsa.")]
    assert [e.type for e in r.entities()] == ["self"]


def test_forget_rewrites_shared_provenance_and_drops_orphans(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("sis")
    mem.remember(u, "My sister Anna lives in Berlin. I like jazz.", at=T0)
    r = mem.store.reader(u)
    berlin = next(f for f in r.facts() if f.value == "Berlin")
    sibling = next(f for f in r.facts() if f.attribute == "sibling")
    assert "Berlin" in sibling.source_text and berlin.subject_id == sibling.object_id
    assert mem.forget(u, berlin.id, at=T1)
    assert _mentions(r, "Berlin") == [] and r.search_text(["berlin"], 10) == []
    assert r.search_text(["forgotten"], 10) == []  # the marker is not indexed
    sibling_now = r.facts(ids=[sibling.id])[0]
    assert (sibling_now.value, sibling_now.text) == (sibling.value, sibling.text)
    assert sibling_now.source_text == sibling.source_text.replace("Berlin", "[FORGOTTEN]")
    assert [i.fact.id for i in mem.recall(u, "my sister Anna", k=1)] == [sibling.id]
    assert r.episodes()[0].text == "My sister Anna lives in [FORGOTTEN]. I like jazz."
    assert {e.name for e in r.entities()} == {"self", "Anna"}  # still the sibling fact's object
    # Forgetting the sibling leaves Anna's entity to no fact: it goes, `self` stays.
    assert mem.forget(u, sibling.id, at=T1)
    assert _mentions(r, "Anna") == [] and [e.type for e in r.entities()] == ["self"]
    assert [f.value for f in r.facts(statuses=None)] == ["jazz"]
    assert r.episodes()[0].text.endswith("I like jazz.")


def test_forget_does_not_scrub_one_character_values_from_texts(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    u = uid("short")
    doc = {
        "format": "graphmem-export", "schema_version": 2, "user_id": "x", "exported_at": T1,
        "entities": [{"id": "me", "name": "self", "type": "self"}],
        "facts": [{
            "id": "f1", "user_id": "x", "subject_id": "me", "subject_name": "self", "attribute": "note",
            "value": "7", "kind": "fact", "source": "user_declared", "confidence": 0.9, "status": "active",
            "text": "I have 7 cats", "source_text": "I have 7 cats", "recorded_at": T0, "valid_from": T0,
            "last_accessed_at": T0, "half_life_days": 60,
        }],
        "episodes": [{"id": "m1", "role": "user", "text": "I have 7 cats and 7 dogs.", "at": T0}],
    }  # fmt: skip
    mem.import_(doc, as_user=u)
    fid = mem.facts(u)[0].id
    assert mem.forget(u, fid)
    assert [m.text for m in mem.store.reader(u).episodes()] == ["[FORGOTTEN] and 7 dogs."]


def test_gc_archives_decayed_facts_but_not_profile(mem: Memory) -> None:
    u = fresh("gc")
    mem.remember(u, "I live in Paris. I like jazz.", at=T0)
    later = "2027-06-01T00:00:00Z"
    assert mem.gc(u, at=T0) == 0
    assert mem.gc(u, at=later) == 1
    facts = {f.value: f for f in mem.store.reader(u).facts(statuses=None)}
    assert facts["jazz"].status == "archived" and facts["Paris"].status == "active"
    audit = [a for a in mem.store.reader(u).audit() if a.action == "archive"]
    assert [(a.rule, a.old_fact_id) for a in audit] == [("decay_floor", facts["jazz"].id)]
    assert mem.gc(u, at=later) == 0
    assert mem.gc(u, at=later, archive_profile=True) == 1
    assert "jazz" not in [i.fact.value for i in mem.recall(u, "jazz music", k=3, at=later) if i.fact]
    assert mem.store.reader(u).facts() == []


# ---- CLI ------------------------------------------------------------------------------------


def _cli(store: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "graphmem", "--store", str(store), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip


@pytest.mark.slow  # runs the CLI in subprocesses
def test_cli_moves_a_user_between_machines(tmp_path: Path) -> None:
    a, b, out = tmp_path / "machine-a.db", tmp_path / "machine-b.db", tmp_path / "alice.json"
    assert _cli(a, "remember", "--user", "alice", "--at", T0, "I live in Paris. I like jazz.").returncode == 0
    assert _cli(a, "remember", "--user", "alice", "--at", T1, "I moved to Rome.").returncode == 0
    r = _cli(a, "export", "--user", "alice", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["schema_version"] == 3
    assert _cli(b, "remember", "--user", "alice-new", "--at", T2, "I live in Madrid.").returncode == 0
    dry = _cli(b, "import", str(out), "--as-user", "alice-new", "--dry-run")
    assert dry.returncode == 0 and "Dry run" in dry.stdout and "import:recency" in dry.stdout
    assert _cli(b, "get", "--user", "alice-new", "likes").stdout.strip() == ""
    r = _cli(b, "import", str(out), "--as-user", "alice-new")
    assert r.returncode == 0, r.stderr
    assert _cli(b, "get", "--user", "alice-new", "city").stdout.strip() == "Madrid"
    assert _cli(b, "get", "--user", "alice-new", "likes").stdout.strip() == "jazz"
    assert _cli(b, "facts", "--user", "alice", "--all").stdout.strip() == ""
    bad = tmp_path / "bad.json"
    bad.write_text(out.read_text()[:100])
    r = _cli(b, "import", str(bad))
    assert r.returncode == 2 and "not valid JSON" in r.stderr and "Traceback" not in r.stderr
    c = tmp_path / "machine-c.db"
    for _ in range(2):
        r = _cli(a, "migrate", "--to", str(c))
        assert r.returncode == 0, r.stderr
        assert "migrate [" in r.stderr
    assert "0 facts copied" in r.stdout
    assert _cli(c, "get", "--user", "alice", "city").stdout.strip() == "Rome"
    assert _cli(c, "forget", "--user", "alice").returncode == 2  # no terminal, no --yes
    assert _cli(c, "forget", "--user", "alice", "--yes").returncode == 0
    assert _cli(c, "facts", "--user", "alice", "--all").stdout.strip() == ""
    r = _cli(a, "gc", "--at", "2030-01-01T00:00:00Z")
    assert r.returncode == 0 and "Archived 1 facts" in r.stdout


def test_a_cue_at_the_end_of_one_field_does_not_read_the_next_as_a_secret(mem: Memory) -> None:
    # Checked joined, "pw-" ending the value read the text's "note" as a password.
    at = "2020-01-01T00:00:00+00:00"
    doc = {
        "format": "graphmem-export", "schema_version": 2, "user_id": "x", "exported_at": at,
        "entities": [{"id": "E1", "user_id": "x", "name": "self", "type": "self", "aliases": [], "created_at": at}],
        "facts": [{"id": "F0", "user_id": "x", "subject_id": "E1", "subject_name": "self", "attribute": "note",
                   "value": "pw-", "kind": "profile", "source": "user_declared", "confidence": 0.5,
                   "status": "active", "text": "note: pw-", "source_text": "", "recorded_at": at,
                   "valid_from": at, "valid_to": None, "last_accessed_at": at, "half_life_days": 30.0,
                   "access_count": 0, "ref": None, "object_id": None, "qualifier": None,
                   "superseded_by": None, "inferred": False}],
        "supersedes": [], "audit": [], "episodes": [],
    }  # fmt: skip
    u = fresh("cue-end")
    assert mem.import_(doc, as_user=u).facts_added == 1
    doc["facts"][0]["value"] = "pw: Zq7#kLm2vX"  # a password in one field is still refused
    with pytest.raises(ImportFormatError, match="secret"):
        mem.import_(doc, as_user=fresh("cue-end-2"))
