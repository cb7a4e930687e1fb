"""The storage protocol itself (graphmem/stores/base.py), exercised directly on every store,
not only through `Memory`: what each `UserReader`, `UserWriter` and `Store` method promises."""

from __future__ import annotations

import ast
import inspect
import uuid
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np
import pytest

from graphmem.embedding.hashing import HashingEmbedder
from graphmem.errors import GraphMemError
from graphmem.facts.keys import value_key
from graphmem.model import AuditRecord, Entity, Fact
from graphmem.stores import Episode, Store, SupersedesEdge, open_store
from graphmem.stores.base import FORGOTTEN, UserReader, UserWriter

# The protocol, on every store: what lets the Memory-level tests run on SQLite alone.
pytestmark = pytest.mark.both_stores

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
    assert [f.id for f in r.facts(value_keys=[value_key("The Oolong Tea!"), value_key("tromsø")])] == [
        facts[0].id, facts[2].id
    ]  # fmt: skip
    assert [f.id for f in r.facts(attributes=["likes"], value_keys=[value_key("tromsø")])] == []
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


def _thread(user: str) -> list[Episode]:
    """Three turns of one conversation, an hour apart, each the NEXT of the one before."""
    hour = timedelta(hours=1)
    return [
        Episode(f"{user}-t1", user, "user", "we planted rhubarb behind the shed", T0, "t1"),
        Episode(f"{user}-t2", user, "assistant", "how is the rhubarb doing", T0 + hour, "t2",
                prev_id=f"{user}-t1", position=1),
        Episode(f"{user}-t3", user, "user", "the greenhouse roof leaks again", T0 + 2 * hour, "t3",
                prev_id=f"{user}-t2", position=2, speaker="Maren"),
    ]  # fmt: skip


def test_episodes_read_back_thread_and_search(store: Store, user: str) -> None:
    eps = _thread(user)

    def tx(w):  # type: ignore[no-untyped-def]
        for i, e in enumerate(eps):
            w.add_episode(e, e.text.split(), _vec(100 + i), ["garden"] if i == 0 else [])

    store.write(user, tx)
    r = store.reader(user)
    assert r.episodes() == eps  # every field back, oldest first
    assert [e.id for e in r.episodes(ids=[eps[2].id, eps[0].id, "not-an-episode"])] == [eps[0].id, eps[2].id]
    assert r.episodes(ids=[]) == []
    assert r.last_episode(T0 + timedelta(minutes=90)) == eps[1]
    assert r.last_episode(T0 + timedelta(days=1)) == eps[2]
    assert r.last_episode(T0 - timedelta(seconds=1)) is None
    assert [i for i, _ in r.search_episodes_text(["greenhouse"], 5)] == [eps[2].id]
    assert {i for i, _ in r.search_episodes_text(["rhubarb"], 5)} == {eps[0].id, eps[1].id}
    assert [i for i, _ in r.search_episodes_text(["nothing"], 5, related=["garden"])] == [eps[0].id]
    near = r.search_episodes_vector(_vec(101), 2)
    assert near[0][0] == eps[1].id and near[0][1] == pytest.approx(1.0, abs=1e-5) and len(near) == 2
    assert r.search_episodes_vector(np.zeros(DIM, dtype=np.float32), 3) == []
    other = store.reader(user + "x")
    assert other.episodes() == [] and other.episodes(ids=[eps[0].id]) == []
    assert other.last_episode(T0 + timedelta(days=1)) is None
    assert other.search_episodes_text(["rhubarb"], 5) == []
    assert other.search_episodes_vector(_vec(101), 5) == []


def test_episode_reindex_revector_and_delete(store: Store, user: str) -> None:
    eps = _thread(user)
    fact = _fact(user, 1, "grows", "rhubarb")

    def tx(w):  # type: ignore[no-untyped-def]
        for i, e in enumerate(eps):
            w.add_episode(e, e.text.split(), _vec(100 + i), [])
            if i == 1:
                w.add_fact(fact, ["rhubarb"], _vec(1))  # comes FROM the second turn

    store.write(user, tx)
    r = store.reader(user)
    (link,) = r.episode_links(fact_ids=[fact.id])
    assert (link.fact_id, link.episode_id, link.status, link.subject_id, link.attribute) == (
        fact.id, eps[1].id, "active", fact.subject_id, "grows"
    )  # fmt: skip
    assert r.episode_links(episode_ids=[eps[1].id]) == [link]
    assert r.episode_links(episode_ids=[eps[0].id]) == [] and r.episode_links() == []
    assert store.reader(user + "x").episode_links(fact_ids=[fact.id], episode_ids=[eps[1].id]) == []

    def revise(w):  # type: ignore[no-untyped-def]
        w.reindex_episode(eps[0].id, ["compost"])
        w.replace_episode_vectors([(eps[2].id, _vec(7)), ("not-an-episode", _vec(8))])

    store.write(user, revise)
    assert [i for i, _ in r.search_episodes_text(["compost"], 5)] == [eps[0].id]
    assert r.search_episodes_vector(_vec(7), 1)[0][0] == eps[2].id
    assert all(sim < 0.5 for _, sim in r.search_episodes_vector(_vec(102), 3))  # the old vector is gone

    # Another user's writer cannot delete or re-index this user's episodes.
    assert store.write(user + "x", lambda w: w.delete_episode(eps[1].id)) is False
    store.write(user + "x", lambda w: w.reindex_episode(eps[2].id, ["intruder"]))
    assert r.search_episodes_text(["intruder"], 5) == [] and len(r.episodes()) == 3

    assert store.write(user, lambda w: w.delete_episode(eps[1].id)) is True
    assert store.write(user, lambda w: w.delete_episode(eps[1].id)) is False
    assert [(e.id, e.prev_id) for e in r.episodes()] == [(eps[0].id, None), (eps[2].id, eps[0].id)]
    assert r.episode_links(fact_ids=[fact.id]) == []  # the fact stays, without its link
    assert [f.id for f in r.facts()] == [fact.id]
    assert [i for i, _ in r.search_episodes_text(["rhubarb"], 5)] == [eps[0].id]
    assert eps[1].id not in [i for i, _ in r.search_episodes_vector(_vec(101), 3)]


def test_entities_update_in_place_for_their_user_only(store: Store, user: str) -> None:
    ana = Entity(f"{user}-e7", user, "Ana", "person", ("Annie",), T0)
    store.write(user, lambda w: w.add_entity(ana))
    renamed = replace(ana, name="Ana Lind", type="person", aliases=("Annie", "安娜"))
    store.write(user, lambda w: w.update_entity(renamed))
    (got,) = store.reader(user).entities()
    assert (got.id, got.name, got.type, tuple(got.aliases)) == (
        ana.id,
        "Ana Lind",
        "person",
        ("Annie", "安娜"),
    )
    assert got.created_at == T0  # an update keeps when the entity was first seen
    store.write(user + "x", lambda w: w.update_entity(replace(renamed, user_id=user + "x", name="Mallory")))
    assert [e.name for e in store.reader(user).entities()] == ["Ana Lind"]
    assert store.reader(user + "x").entities() == []


def test_write_keys_are_kept_per_user_and_only_by_committed_writes(store: Store, user: str) -> None:
    r = store.reader(user)
    assert r.write_key("k-1") is None
    store.write(user, lambda w: w.put_write_key("k-1", '{"kept": 1}', T0))
    assert r.write_key("k-1") == '{"kept": 1}'
    assert store.reader(user + "x").write_key("k-1") is None

    def fails(w):  # type: ignore[no-untyped-def]
        w.put_write_key("k-2", '{"kept": 2}', T0)
        raise RuntimeError("the write failed after recording its key")

    with pytest.raises((RuntimeError, GraphMemError)):
        store.write(user, fails)
    assert r.write_key("k-2") is None
    store.write(user + "x", lambda w: w.put_write_key("k-1", '{"other": 1}', T0))
    assert r.write_key("k-1") == '{"kept": 1}'  # the same key of another user is another key
    store.write(user, lambda w: w.delete_user())
    assert r.write_key("k-1") is None
    assert store.reader(user + "x").write_key("k-1") == '{"other": 1}'
    store.write(user + "x", lambda w: w.delete_user())


def test_writers_read_their_own_transaction(store: Store, user: str) -> None:
    facts = _seed(store, user)
    new = _fact(user, 5, "likes", "cloudberries")

    def tx(w):  # type: ignore[no-untyped-def]
        w.add_fact(new, ["cloudberries"], _vec(5))
        return [f.id for f in w.facts()], w.revision()

    ids, _ = store.write(user, tx)
    assert ids == [*(f.id for f in facts), new.id]


def test_audit_and_supersedes_read_all_or_by_fact(store: Store, user: str) -> None:
    facts = _seed(store, user)
    records = [
        AuditRecord(f"{user}-a1", user, T0, "supersede", "recency", facts[1].id, facts[0].id, "first"),
        AuditRecord(
            f"{user}-a2", user, T0 + timedelta(seconds=1), "reinforce", "repeat", facts[2].id, None, "x"
        ),
    ]
    edge = SupersedesEdge(facts[1].id, facts[0].id, "recency", T0)

    def tx(w):  # type: ignore[no-untyped-def]
        for a in records:
            w.add_audit(a)
        w.add_supersedes(edge)

    store.write(user, tx)
    r = store.reader(user)
    assert [(a.id, a.action, a.rule, a.new_fact_id, a.old_fact_id, a.detail) for a in r.audit()] == [
        (a.id, a.action, a.rule, a.new_fact_id, a.old_fact_id, a.detail) for a in records
    ]
    assert [a.id for a in r.audit([facts[0].id])] == [records[0].id]  # as old fact
    assert [a.id for a in r.audit([facts[2].id])] == [records[1].id]  # as new fact
    assert r.audit([]) == [] and r.audit(["not-a-fact"]) == []
    assert [(e.new_id, e.old_id, e.rule, e.at) for e in r.supersedes()] == [
        (edge.new_id, edge.old_id, "recency", T0)
    ]
    other = store.reader(user + "x")
    assert other.audit() == [] and other.audit([facts[0].id]) == [] and other.supersedes() == []


def test_scrub_erases_logs_of_this_user_only(store: Store, user: str) -> None:
    facts = _seed(store, user)
    secret = "my locker code is 4471"
    twin = user + "x"

    def tx(u):  # type: ignore[no-untyped-def]
        def inner(w):  # type: ignore[no-untyped-def]
            w.add_episode(
                Episode(f"{u}-s1", u, "user", secret, T0 + timedelta(hours=1), "s1"), None, _vec(61)
            )
            w.add_audit(AuditRecord(f"{u}-a9", u, T0, "supersede", "recency", facts[0].id, None, secret))

        return inner

    store.write(user, tx(user))
    store.write(twin, tx(twin))
    changed = store.write(user, lambda w: w.scrub(facts[0].id, ["locker code is 4471", "", "4471"]))
    assert changed == 2  # one audit record, one episode
    r = store.reader(user)
    assert [a.detail for a in r.audit([facts[0].id])] == [FORGOTTEN]
    (scrubbed,) = r.episodes(ids=[f"{user}-s1"])
    assert scrubbed.text == f"my {FORGOTTEN}"
    assert r.search_episodes_text(["locker"], 5) == []  # re-indexed from the new text
    assert f"{user}-s1" not in [i for i, _ in r.search_episodes_vector(_vec(61), 5)]  # its vector is gone
    assert store.write(user, lambda w: w.scrub(facts[0].id, ["4471"])) == 0  # nothing left to change
    t = store.reader(twin)
    assert [e.text for e in t.episodes()] == [secret] and [a.detail for a in t.audit()] == [secret]
    assert [i for i, _ in t.search_episodes_text(["locker"], 5)] == [f"{twin}-s1"]
    store.write(twin, lambda w: w.delete_user())


def test_delete_user_removes_only_that_user(store: Store, user: str) -> None:
    twin = user + "x"
    _seed(store, user)
    _seed(store, twin)
    store.write(user, lambda w: w.put_write_key("k", "{}", T0))
    theirs = store.count_rows(twin)
    removed = store.write(user, lambda w: w.delete_user())
    assert removed >= store.count_rows(twin)  # at least as many rows as the same data of the twin
    assert store.count_rows(user) == 0 and store.reader(user).facts(statuses=None) == []
    assert store.reader(user).entities() == [] and store.reader(user).episodes() == []
    assert store.count_rows(twin) == theirs and len(store.reader(twin).facts()) == 4
    assert set(store.user_ids()) >= {twin} and user not in store.user_ids()
    store.write(user, lambda w: w.delete_user())  # again: leaves nothing behind either
    assert store.count_rows(user) == 0 and user not in store.user_ids()
    store.write(twin, lambda w: w.delete_user())


def test_read_together_with_text_and_touch(store: Store, user: str) -> None:
    facts = _seed(store, user)
    r = store.reader(user)
    alone = r.search_text(["sourdough"], 5)
    assert r.read_together(lambda rr: rr.search_text(["sourdough"], 5), text=(["sourdough"], 5)) == alone
    rev = r.revision()
    later = T0 + timedelta(days=2)

    def ranked_and_touched(rr):  # type: ignore[no-untyped-def]
        hits = rr.search_text(["oolong"], 5)
        rr.touch([h for h, _ in hits], later)
        return hits

    hits = r.read_together(ranked_and_touched, write=True, text=(["oolong"], 5))
    assert [h for h, _ in hits] == [facts[0].id]
    (f,) = r.facts(ids=[facts[0].id])
    assert f.access_count == 1 and f.last_accessed_at == later
    assert r.revision() == rev


def test_writer_touch_counts_an_access(store: Store, user: str) -> None:
    facts = _seed(store, user)
    later = T0 + timedelta(days=5)
    store.write(user, lambda w: w.touch([facts[1].id, "not-a-fact"], later))
    (f,) = store.reader(user).facts(ids=[facts[1].id])
    assert f.access_count == 1 and f.last_accessed_at == later
    store.write(user + "x", lambda w: w.touch([facts[1].id], later + timedelta(days=1)))
    (f,) = store.reader(user).facts(ids=[facts[1].id])
    assert f.access_count == 1 and f.last_accessed_at == later


def test_data_and_embedder_info_survive_close_and_reopen(store_target: str, user: str) -> None:
    first = open_store(store_target)
    model = HashingEmbedder().model
    first.set_embedder_info(model, DIM)  # the same as every test here records: the server is shared
    assert first.embedder_info() == (model, DIM)
    facts = _seed(first, user)
    first.close()
    again = open_store(store_target)
    try:
        assert again.embedder_info() == (model, DIM)
        assert [f.id for f in again.reader(user).facts()] == [f.id for f in facts]
    finally:
        again.write(user, lambda w: w.delete_user())
        again.close()


# ---- coverage of the protocol ----------------------------------------------------------------

#: Which protocol a receiver in this file is, by its name: readers are `r`/`rr`/`other`/`t`
#: or `store.reader(...)` itself, writers are `w` (inside `Store.write`), stores `store` (or
#: a store opened in the test, `first` / `again`).
RECEIVERS = {
    "UserReader": {"r", "rr", "other", "t"},
    "UserWriter": {"w"},
    "Store": {"store", "first", "again"},
}


def protocol_methods() -> dict[str, set[str]]:
    """Every method each protocol class of graphmem/stores/base.py declares itself (a
    UserWriter's reads are UserReader's), read from the classes."""
    return {
        cls.__name__: {n for n, v in vars(cls).items() if inspect.isfunction(v) and not n.startswith("_")}
        for cls in (UserReader, UserWriter, Store)
    }


def called_here() -> dict[str, set[str]]:
    """Protocol -> the method names this file calls on a receiver of that protocol."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    calls: dict[str, set[str]] = {kind: set() for kind in RECEIVERS}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        recv = node.func.value
        if isinstance(recv, ast.Call) and isinstance(recv.func, ast.Attribute) and recv.func.attr == "reader":
            calls["UserReader"].add(node.func.attr)
        elif isinstance(recv, ast.Name):
            for kind, names in RECEIVERS.items():
                if recv.id in names:
                    calls[kind].add(node.func.attr)
    return calls


def test_every_protocol_method_is_called_on_both_stores() -> None:
    declared, called = protocol_methods(), called_here()
    assert sum(map(len, declared.values())) >= 41  # the protocol is read, not an empty set
    missing = {kind: sorted(names - called[kind]) for kind, names in declared.items() if names - called[kind]}
    assert not missing, f"protocol methods the contract suite never calls: {missing}"
    # ... and every test calling them runs on both stores: they take the `store` fixture (or
    # its `store_target`), which is parametrized over both under this module's both_stores mark.
    assert pytestmark.name == "both_stores"
    tests = [
        f
        for f in ast.parse(Path(__file__).read_text(encoding="utf-8")).body
        if isinstance(f, ast.FunctionDef)
    ]
    for f in tests:
        if f.name.startswith("test_") and f.name != "test_every_protocol_method_is_called_on_both_stores":
            assert {"store", "store_target"} & {a.arg for a in f.args.args}, f"{f.name} runs on no store"
