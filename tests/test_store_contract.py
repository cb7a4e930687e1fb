"""The storage protocol itself (graphmem/stores/base.py), exercised directly on every store,
not only through `Memory`: what each `UserReader`, `UserWriter` and `Store` method promises."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from graphmem.embedding.hashing import HashingEmbedder
from graphmem.errors import GraphMemError
from graphmem.model import AuditRecord, Entity, Fact
from graphmem.stores import Episode, Store, SupersedesEdge, open_store
from graphmem.stores.base import FORGOTTEN

T0 = datetime(2026, 4, 1, 9, 0, tzinfo=timezone.utc)
#: The default embedder's dimension, recorded under its name: a store this test opens first
#: (a fresh server) is then usable by the Memory tests that share it.
DIM = HashingEmbedder().dim


@pytest.fixture
def store(store_target: str) -> Iterator[Store]:
    s = open_store(store_target)
    if s.embedder_info() is None:
        s.set_embedder_info(HashingEmbedder().model, DIM)
    yield s
    s.close()


@pytest.fixture
def user() -> str:
    return f"c{uuid.uuid4().hex[:10]}"


def _vec(seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
    return v / np.linalg.norm(v)


def _fact(user: str, n: int, attribute: str, value: str, **kw: object) -> Fact:
    f = Fact(
        id=f"{user}-f{n}", user_id=user, subject_id=f"{user}-self", subject_name="self", attribute=attribute,
        value=value, kind="preference", source="user_declared", confidence=0.9, status="active",
        text=f"likes {value}", source_text=f"I like {value}", recorded_at=T0 + timedelta(seconds=n),
        valid_from=T0, last_accessed_at=T0, half_life_days=30.0, ref=f"m{n}",
    )  # fmt: skip
    return replace(f, **kw)  # type: ignore[arg-type]


def _seed(store: Store, user: str) -> list[Fact]:
    facts = [
        _fact(user, 1, "likes", "oolong tea"),
        _fact(user, 2, "likes", "sourdough bread", confidence=0.5),
        _fact(user, 3, "city", "Tromsø", kind="profile", confidence=0.95),
        _fact(user, 4, "sibling", "Ingrid", kind="profile", object_id=f"{user}-e1", qualifier="sister"),
    ]

    def tx(w):  # type: ignore[no-untyped-def]
        w.add_entity(Entity(f"{user}-self", user, "self", "self", (), T0))
        w.add_entity(Entity(f"{user}-e1", user, "Ingrid", "person", (), T0))
        w.add_episode(Episode(f"{user}-m1", user, "user", "I like oolong tea and my sister Ingrid", T0, "m1"))
        for i, f in enumerate(facts):
            w.add_fact(f, f.value.lower().split() + f.attribute.split(), _vec(i))

    store.write(user, tx)
    return facts


def test_reads_filter_as_promised(store: Store, user: str) -> None:
    facts = _seed(store, user)
    r = store.reader(user)
    assert [f.id for f in r.facts()] == [f.id for f in facts]  # oldest first
    assert {f.value for f in r.facts(attributes=["likes"])} == {"oolong tea", "sourdough bread"}
    assert r.facts(attributes=[]) == []
    assert [f.id for f in r.facts(ids=[facts[2].id])] == [facts[2].id]
    assert {f.id for f in r.facts(subject_ids=[f"{user}-self"])} == {f.id for f in facts}
    assert [f.value for f in r.facts(top=1)] == ["Tromsø"]  # the surest after decay
    assert [f.value for f in r.facts(top=4)][-1] == "sourdough bread"
    assert {e.name for e in r.entities()} == {"self", "Ingrid"}
    assert [e.ref for e in r.episodes()] == ["m1"]
    me = f"{user}-self"
    assert r.links(me, ["sibling", "likes"]) == [("sibling", f"{user}-e1", "sister")]  # only what points
    assert (
        r.links(me, ["friend"]) == [] and r.links(me, []) == [] and r.links(f"{user}-e1", ["sibling"]) == []
    )
    store.write(user, lambda w: w.update_fact(replace(facts[3], status="frozen")))
    assert r.links(me, ["sibling"]) == []  # active facts only


def test_text_and_vector_search_find_the_users_facts(store: Store, user: str) -> None:
    facts = _seed(store, user)
    r = store.reader(user)
    hits = r.search_text(["sourdough"], 5)
    assert hits and hits[0][0] == facts[1].id
    near = r.search_vector(_vec(2), 2)
    assert near[0][0] == facts[2].id and near[0][1] == pytest.approx(1.0, abs=1e-5)
    assert r.search_vector(np.zeros(DIM, dtype=np.float32), 3) == []


def test_other_users_see_nothing(store: Store, user: str) -> None:
    _seed(store, user)
    other = store.reader(user + "x")
    assert other.facts(statuses=None) == []
    assert other.entities() == [] and other.episodes() == []
    assert other.links(f"{user}-self", ["sibling"]) == []
    assert other.search_text(["oolong"], 5) == []
    assert other.search_vector(_vec(0), 5) == []


def test_updates_edges_and_audit_round_trip(store: Store, user: str) -> None:
    facts = _seed(store, user)
    new = _fact(user, 9, "city", "Bergen", kind="profile")
    old = replace(facts[2], status="frozen", superseded_by=new.id, valid_to=T0 + timedelta(days=1))

    def tx(w):  # type: ignore[no-untyped-def]
        w.add_fact(new, ["bergen", "city"], _vec(9))
        w.update_fact(old)
        w.add_supersedes(SupersedesEdge(new.id, old.id, "recency", T0 + timedelta(days=1)))
        w.add_audit(
            AuditRecord(f"{user}-a1", user, T0, "supersede", "recency", new.id, old.id, "Tromsø → Bergen")
        )

    before = store.reader(user).revision()
    store.write(user, tx)
    r = store.reader(user)
    assert r.revision() != before
    assert [f.value for f in r.facts(attributes=["city"])] == ["Bergen"]
    frozen = r.facts(statuses=["frozen"])
    assert [(f.id, f.superseded_by) for f in frozen] == [(old.id, new.id)]
    assert [(e.new_id, e.old_id, e.rule) for e in r.supersedes()] == [(new.id, old.id, "recency")]
    assert [a.detail for a in r.audit([old.id])] == ["Tromsø → Bergen"]


def test_touch_records_access_without_changing_revision(store: Store, user: str) -> None:
    facts = _seed(store, user)
    rev = store.reader(user).revision()
    later = T0 + timedelta(days=3)
    store.touch(user, [facts[0].id], later)
    (f,) = store.reader(user).facts(ids=[facts[0].id])
    assert f.access_count == 1 and f.last_accessed_at == later
    assert store.reader(user).revision() == rev
    store.touch(user, [facts[0].id], T0)  # an older access never moves the time back
    (f,) = store.reader(user).facts(ids=[facts[0].id])
    assert f.access_count == 2 and f.last_accessed_at == later


def test_read_together_runs_reads_in_one_go(store: Store, user: str) -> None:
    _seed(store, user)
    got = store.reader(user).read_together(lambda r: (len(r.facts()), len(r.entities())))
    assert got == (4, 2)


def test_a_failed_write_leaves_nothing(store: Store, user: str) -> None:
    facts = _seed(store, user)

    def tx(w):  # type: ignore[no-untyped-def]
        w.add_fact(_fact(user, 20, "likes", "durian"), ["durian"], _vec(20))
        raise RuntimeError("the caller's function failed half way")

    with pytest.raises((RuntimeError, GraphMemError)):
        store.write(user, tx)
    assert [f.id for f in store.reader(user).facts()] == [f.id for f in facts]


def test_vectors_replace_and_erasure_primitives(store: Store, user: str) -> None:
    facts = _seed(store, user)

    def tx(w):  # type: ignore[no-untyped-def]
        w.replace_vectors([(facts[0].id, _vec(42)), ("not-this-users-fact", _vec(1))])
        assert w.update_source(facts[1].id, "I like bread", ["bread"])
        assert not w.update_source("not-this-users-fact", "x", ["x"])
        changed = w.scrub(facts[0].id, ["oolong tea"])
        assert changed >= 1
        assert w.delete_fact(facts[3].id)
        assert not w.delete_fact("not-this-users-fact")
        assert w.delete_orphans([f"{user}-e1", f"{user}-self"]) == 1

    store.write(user, tx)
    r = store.reader(user)
    assert r.search_vector(_vec(42), 1)[0][0] == facts[0].id
    assert r.search_text(["bread"], 3)[0][0] == facts[1].id
    assert all("oolong tea" not in e.text and FORGOTTEN in e.text for e in r.episodes())
    assert {e.name for e in r.entities()} == {"self"}


def test_admin_calls_and_delete_user(store: Store, user: str) -> None:
    _seed(store, user)
    assert user in store.user_ids()
    assert store.count_rows(user) > 0
    assert store.embedder_info() is not None
    removed = store.write(user, lambda w: w.delete_user())
    assert removed > 0
    assert store.count_rows(user) == 0
    assert user not in store.user_ids()


def test_text_search_reaches_active_facts_below_a_crowd_of_frozen_ones(store: Store, user: str) -> None:
    # 30 frozen facts rank above the one active fact (shorter text, the word twice): the
    # search still returns the active one, and only active ones.
    frozen = [_fact(user, i, "likes", f"kumquat kumquat {i}", status="frozen") for i in range(30)]
    live = _fact(user, 99, "likes", "kumquat jam from the corner shop on saturdays")

    def tx(w):  # type: ignore[no-untyped-def]
        w.add_entity(Entity(f"{user}-self", user, "self", "self", (), T0))
        for f in [*frozen, live]:
            w.add_fact(f, f.value.lower().split(), None)

    store.write(user, tx)
    r = store.reader(user)
    assert [fid for fid, _ in r.search_text(["kumquat"], 3)] == [live.id]


def test_episodes_dated_reads_the_days_a_message_names_else_the_day_it_was_said(
    store: Store, user: str
) -> None:
    day = timedelta(days=1)
    eps = [
        # said on day 9, about day 2 (a message that named a day)
        Episode(f"{user}-d1", user, "user", "the fence got painted", T0 + 9 * day, "d1", refers_from=T0 + 2 * day,
                refers_to=T0 + 2 * day),
        # said on day 2, named nothing
        Episode(f"{user}-d2", user, "user", "long walk by the fjord", T0 + 2 * day + timedelta(hours=5), "d2"),
        # said on day 2, about day 20
        Episode(f"{user}-d3", user, "user", "the trip is booked", T0 + 2 * day, "d3", refers_from=T0 + 20 * day,
                refers_to=T0 + 20 * day),
        # about the whole week of days 0-6
        Episode(f"{user}-d4", user, "user", "a busy week", T0 + 7 * day, "d4", refers_from=T0, refers_to=T0 + 6 * day),
    ]  # fmt: skip

    def tx(w):  # type: ignore[no-untyped-def]
        for e in eps:
            w.add_episode(e, e.text.split(), None, [])

    store.write(user, tx)
    start, end = T0 + 2 * day, T0 + 2 * day + timedelta(hours=23, minutes=59)
    found = store.reader(user).episodes_dated(start, end, 10)
    assert sorted(e.id for e in found) == sorted([f"{user}-d1", f"{user}-d2", f"{user}-d4"])
    assert len(store.reader(user).episodes_dated(start, end, 2)) == 2
    assert store.reader(user + "x").episodes_dated(start, end, 10) == []
    assert [e.id for e in store.reader(user).episodes_dated(T0 + 20 * day, T0 + 21 * day, 10)] == [
        f"{user}-d3"
    ]
