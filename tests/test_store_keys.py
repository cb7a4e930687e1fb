"""The keys stores keep beside each fact (graphmem/keys.py), on every store: the value
key arbitration seeks, the decay key recall's `top` reads by, how an access moves it,
and the migration that adds both to a store written before they existed."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.facts.decay import effective_score
from graphmem.facts.keys import decay_key, value_key
from graphmem.model import Entity, Fact
from graphmem.stores import SCHEMA_VERSION, Store, open_store

from .old_files import old_sqlite_file

# The value_keys filter and `top` are index reads each store implements.
pytestmark = pytest.mark.both_stores

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)


@pytest.fixture
def store(store_target: str) -> Iterator[Store]:
    s = open_store(store_target)
    yield s
    s.close()


def _fact(user: str, n: int, value: str, *, attribute: str = "likes", **kw: object) -> Fact:
    f = Fact(
        id=f"{user}:f{n}", user_id=user, subject_id=f"{user}:self", subject_name="self", attribute=attribute, value=value,
        kind="preference", source="user_declared", confidence=0.9, status="active", text=value,
        source_text=value, recorded_at=T0 + timedelta(seconds=n), valid_from=T0,
        last_accessed_at=T0, half_life_days=21.0,
    )  # fmt: skip
    return replace(f, **kw)  # type: ignore[arg-type]


def _ids(facts: list[Fact]) -> list[str]:
    return [f.id.rpartition(":")[2] for f in facts]


def _seed(store: Store, user: str, facts: list[Fact]) -> None:
    def tx(w):  # type: ignore[no-untyped-def]
        w.add_entity(Entity(f"{user}:self", user, "self", "self", (), T0))
        for f in facts:
            w.add_fact(f, f.value.lower().split(), None)

    store.write(user, tx)


def test_value_key_matches_what_arbitration_calls_the_same_value() -> None:
    assert value_key("The Sushi!") == value_key("sushi") == "sushi"
    assert value_key("上海 ") == value_key("上海")
    assert value_key("Paris") != value_key("Parish")


def test_decay_key_orders_like_effective_score_within_a_half_life() -> None:
    at = T0 + timedelta(days=40)
    facts = [
        _fact("u", i, "x", confidence=c, last_accessed_at=T0 + timedelta(days=d))
        for i, (c, d) in enumerate([(0.9, 0), (0.5, 10), (0.7, 5), (0.99, 2), (0.3, 30), (0.6, 12)])
    ]
    by_key = sorted(
        facts, key=lambda f: -decay_key(f.confidence, f.half_life_days, f.last_accessed_at.timestamp())
    )
    by_score = sorted(facts, key=lambda f: -effective_score(f, at))
    assert [f.id for f in by_key] == [f.id for f in by_score]


def test_value_keys_filter(store: Store) -> None:
    u = f"k{uuid.uuid4().hex[:8]}"
    _seed(
        store, u, [_fact(u, 1, "Sushi"), _fact(u, 2, "ramen"), _fact(u, 3, "the sushi", attribute="dislikes")]
    )
    r = store.reader(u)
    assert _ids(r.facts(attributes=["likes"], value_keys=["sushi"])) == ["f1"]
    assert _ids(r.facts(attributes=["likes", "dislikes"], value_keys=["sushi"])) == ["f1", "f3"]
    assert r.facts(attributes=["likes"], value_keys=[]) == []
    assert r.facts(attributes=["likes"], value_keys=["pizza"]) == []
    # Another user's identical value is never seen.
    v = f"k{uuid.uuid4().hex[:8]}"
    _seed(store, v, [_fact(v, 1, "sushi")])
    assert [f.user_id for f in store.reader(v).facts(attributes=["likes"], value_keys=["sushi"])] == [v]


def test_top_takes_the_surest_after_decay_and_follows_access(store: Store) -> None:
    u = f"k{uuid.uuid4().hex[:8]}"
    facts = [
        _fact(u, i, f"food{i}", confidence=0.5 + 0.04 * (i % 5), last_accessed_at=T0 + timedelta(days=i % 7))
        for i in range(30)
    ] + [_fact(u, 99, "old news", attribute="event", kind="event", half_life_days=3.0)]
    _seed(store, u, facts)
    r = store.reader(u)
    # Ties (equal keys) may come in either order; the data has none among the first five.
    at = T0 + timedelta(days=10)
    want = sorted((f for f in facts if f.attribute == "likes"), key=lambda f: (-effective_score(f, at), f.id))
    got = r.facts(attributes=["likes"], top=5)
    assert [f.id for f in got] == [f.id for f in want[:5]]
    assert len(r.facts(attributes=["likes", "event"], top=100)) == 31
    assert r.facts(attributes=["likes"], top=0) == []
    # A recall's access moves the key as it moves the score: the weakest, touched a month
    # later, is the surest then.
    weakest = want[-1]
    store.touch(u, [weakest.id], at + timedelta(days=30))
    assert r.facts(attributes=["likes"], top=1)[0].id == weakest.id
    # Frozen facts are not active: `top` filters before it counts.
    store.write(u, lambda w: w.update_fact(replace(r.facts(ids=[weakest.id])[0], status="frozen")))
    assert weakest.id not in [f.id for f in r.facts(attributes=["likes"], top=30)]


def test_top_about_entities_takes_the_surest_of_theirs_only(store: Store) -> None:
    u = f"k{uuid.uuid4().hex[:8]}"
    people = [f"{u}:p{i}" for i in range(4)]
    facts = [
        _fact(u, i, f"thing{i}", subject_id=people[i % 4], subject_name=f"p{i % 4}",
              confidence=0.5 + 0.01 * i, last_accessed_at=T0 + timedelta(days=i % 3))
        for i in range(40)
    ] + [_fact(u, 90 + i, f"mine{i}", confidence=0.99) for i in range(5)]  # fmt: skip

    def tx(w):  # type: ignore[no-untyped-def]
        w.add_entity(Entity(f"{u}:self", u, "self", "self", (), T0))
        for i, pid in enumerate(people):
            w.add_entity(Entity(pid, u, f"p{i}", "person", (), T0))
        for f in facts:
            w.add_fact(f, f.value.lower().split(), None)

    store.write(u, tx)
    r = store.reader(u)
    at = T0 + timedelta(days=5)
    asked = people[:3]
    want = sorted((f for f in facts if f.subject_id in asked), key=lambda f: (-effective_score(f, at), f.id))
    # The surest of the asked people's facts, surest first; the user's own surer facts
    # and the fourth person's are not about them.
    assert [f.id for f in r.facts(subject_ids=asked, top=7)] == [f.id for f in want[:7]]
    assert len(r.facts(subject_ids=asked, top=100)) == 30
    assert r.facts(subject_ids=asked, top=0) == []
    store.write(u, lambda w: w.update_fact(replace(want[0], status="frozen")))
    assert want[0].id not in [f.id for f in r.facts(subject_ids=asked, top=7)]
    assert len(r.facts(subject_ids=asked, statuses=None, top=100)) == 30


def test_a_version_1_sqlite_file_gains_the_keys(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    c = old_sqlite_file(path, 1)
    f = _fact("old", 1, "The Sushi", confidence=0.8, last_accessed_at=T0)
    c.execute(
        "INSERT INTO facts (id, user_id, subject_id, subject_name, attribute, value, kind, source, confidence, "
        "status, text, source_text, recorded_at, valid_from, last_accessed_at, half_life_days) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (f.id, f.user_id, f.subject_id, f.subject_name, f.attribute, f.value, f.kind, f.source, f.confidence,
         f.status, f.text, f.source_text, T0.timestamp(), T0.timestamp(), T0.timestamp(), f.half_life_days),
    )  # fmt: skip
    c.execute("INSERT INTO entities (id, user_id, name, type, created_at) VALUES (?,?,?,?,?)",
              (f.subject_id, "old", "self", "self", T0.timestamp()))  # fmt: skip
    c.commit()
    c.close()
    store = open_store(str(path))
    try:
        r = store.reader("old")
        assert _ids(r.facts(attributes=["likes"], value_keys=["sushi"])) == ["f1"]
        assert _ids(r.facts(attributes=["likes"], top=1)) == ["f1"]
    finally:
        store.close()
    row = sqlite3.connect(path).execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    assert int(row[0]) == SCHEMA_VERSION
    # The engine then arbitrates against it: the same value reinforces, nothing duplicates.
    with Memory(str(path)) as m:
        m.remember("old", "I like sushi.", at=T0 + timedelta(days=1))
        assert [x.value for x in m.get("old", "likes")] == ["The Sushi"]
