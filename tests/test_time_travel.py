"""Time travel and history: what was believed at T (valid time and recorded time), and the
supersession chain with its rules and times. Runs on every store."""

from __future__ import annotations

import subprocess
import sys
import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from graphmem import InvalidTimeError, Memory

ROOT = Path(__file__).resolve().parents[1]
T0 = "2026-01-05T10:00:00Z"
T1 = "2026-03-05T10:00:00Z"
T2 = "2026-05-05T10:00:00Z"


def _dt(s: str) -> datetime:
    return datetime.fromisoformat(s.replace("Z", "+00:00"))


def city_at(mem: Memory, u: str, t: str) -> list[str]:
    return [f.value for f in mem.get(u, "city", as_of=t)]


def test_as_of_answers_what_was_believed_then(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("tt")
    mem.remember(u, "I live in Paris and I work at Globex.", at=T0)
    mem.remember(u, "I moved to Rome.", at=T1)
    mem.remember(u, "I no longer work at Globex.", at=T2)
    assert city_at(mem, u, "2025-12-31T00:00:00Z") == []
    assert city_at(mem, u, T0) == ["Paris"]  # valid_from <= T
    assert city_at(mem, u, "2026-02-01T00:00:00Z") == ["Paris"]
    assert city_at(mem, u, T1) == ["Rome"]  # valid_to is exclusive
    assert city_at(mem, u, "2027-01-01T00:00:00Z") == ["Rome"]
    assert [f.value for f in mem.get(u, "employer", as_of="2026-04-01T00:00:00Z")] == ["Globex"]
    assert mem.get(u, "employer", as_of="2026-06-01T00:00:00Z") == []
    then = {(f.attribute, f.value) for f in mem.facts(u, as_of="2026-02-01T00:00:00Z")}
    assert then == {("city", "Paris"), ("employer", "Globex")}
    assert {(f.attribute, f.value) for f in mem.facts(u)} == {("city", "Rome")}


def test_as_of_is_bitemporal(mem: Memory, uid: Callable[[str], str]) -> None:
    """A fact true since January but only recorded in March was not believed in February."""
    u = uid("bi")
    doc = {
        "format": "graphmem-export", "schema_version": 2, "user_id": "x", "exported_at": T2,
        "entities": [{"id": "me", "name": "self", "type": "self"}],
        "facts": [{
            "id": "f1", "user_id": "x", "subject_id": "me", "subject_name": "self", "attribute": "employer",
            "value": "Initech", "kind": "profile", "source": "user_declared", "confidence": 0.9,
            "status": "active", "text": "I work at Initech", "source_text": "I've worked at Initech since January",
            "recorded_at": T1, "valid_from": T0, "last_accessed_at": T1, "half_life_days": 60,
        }],
    }  # fmt: skip
    mem.import_(doc, as_user=u)
    assert mem.get(u, "employer", as_of="2026-02-01T00:00:00Z") == []  # valid, but not yet recorded
    assert [f.value for f in mem.get(u, "employer", as_of="2026-04-01T00:00:00Z")] == ["Initech"]
    f = mem.get(u, "employer")[0]
    assert (f.valid_from, f.recorded_at) == (_dt(T0), _dt(T1))


def test_history_gives_the_chain_with_rules_and_times(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("hist")
    mem.remember(u, "I work at Initech.", at=T0)
    mem.remember(u, "Actually I work at Globex now.", at=T1)
    mem.remember(u, "I joined Hooli.", at=T2)
    chain = mem.history(u, "employer")
    assert [e.fact.value for e in chain] == ["Initech", "Globex", "Hooli"]  # oldest first
    assert [e.fact.status for e in chain] == ["frozen", "frozen", "active"]
    assert [(e.fact.valid_from, e.fact.valid_to) for e in chain] == [
        (_dt(T0), _dt(T1)), (_dt(T1), _dt(T2)), (_dt(T2), None)
    ]  # fmt: skip
    initech, globex, hooli = chain
    assert initech.fact.superseded_by == globex.fact.id and globex.fact.superseded_by == hooli.fact.id
    ev = [(a.action, a.rule, a.at) for a in globex.events]
    assert ("supersede", "explicit_correction", _dt(T1)) in ev
    assert any(a == "supersede" and at == _dt(T2) for a, _, at in ev)
    edges = {(e.new_id, e.old_id): e.rule for e in mem.store.reader(u).supersedes()}
    assert edges[(globex.fact.id, initech.fact.id)] == "explicit_correction"
    assert all(e.events for e in chain)


def test_history_survives_export_and_import(mem: Memory, uid: Callable[[str], str]) -> None:
    src, dst = uid("hsrc"), uid("hdst")
    mem.remember(src, "I live in Paris.", at=T0)
    mem.remember(src, "I moved to Rome.", at=T1)
    mem.import_(mem.export(src).document, as_user=dst)
    show = [
        (e.fact.value, e.fact.status, [(a.action, a.rule, a.at) for a in e.events])
        for e in mem.history(dst, "city")
    ]
    assert show == [(e.fact.value, e.fact.status, [(a.action, a.rule, a.at) for a in e.events])
                    for e in mem.history(src, "city")]  # fmt: skip
    assert city_at(mem, dst, "2026-02-01T00:00:00Z") == ["Paris"]


def test_as_of_includes_facts_archived_later(mem: Memory, uid: Callable[[str], str]) -> None:
    """gc archives by score (ranking), which is no change of belief: what was believed at T
    still includes a fact archived after T, and archiving ends no validity."""
    u = uid("gc")
    mem.remember(u, "I live in Paris. I like jazz.", at=T0)
    later = "2027-06-01T00:00:00Z"
    assert mem.gc(u, at=later) == 1
    jazz = next(f for f in mem.store.reader(u).facts(statuses=None) if f.value == "jazz")
    assert jazz.status == "archived" and jazz.valid_to is None
    assert {f.value for f in mem.facts(u)} == {"Paris"}  # now: archived facts are out of the ranking
    assert {f.value for f in mem.facts(u, as_of=T1)} == {"Paris", "jazz"}
    assert [f.value for f in mem.get(u, "likes", as_of=T1)] == ["jazz"]
    assert {f.value for f in mem.facts(u, as_of=later)} == {"Paris", "jazz"}  # still believed
    assert mem.facts(u, as_of="2025-12-31T00:00:00Z") == []


def test_bad_as_of_is_refused(mem: Memory, uid: Callable[[str], str]) -> None:
    with pytest.raises(InvalidTimeError):
        mem.facts(uid("x"), as_of="last tuesday")


@pytest.mark.slow  # runs the CLI in subprocesses
def test_cli_history_prints_a_timeline(tmp_path: Path) -> None:
    db = str(tmp_path / "h.db")

    def cli(*args: str) -> str:
        r = subprocess.run([sys.executable, "-m", "graphmem", "--store", db, *args], cwd=ROOT,
                           capture_output=True, text=True, timeout=120)  # fmt: skip
        assert r.returncode == 0, r.stderr
        return r.stdout

    u = f"cli-{uuid.uuid4().hex[:6]}"
    cli("remember", "--user", u, "--at", T0, "I live in Paris.")
    cli("remember", "--user", u, "--at", T1, "I moved to Rome.")
    out = cli("history", "--user", u, "city")
    lines = out.splitlines()
    paris = next(i for i, line in enumerate(lines) if "Paris" in line and "city" in line)
    rome = next(i for i, line in enumerate(lines) if "= Rome" in line)
    assert paris < rome  # oldest first
    assert lines[paris].startswith("2026-01-05T10:00") and "until 2026-03-05T10:00" in lines[paris]
    assert "supersede by recency" in out
    assert cli("get", "--user", u, "--as-of", "2026-02-01", "city").strip() == "Paris"
