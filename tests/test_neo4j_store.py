"""Neo4j-specific guarantees: connection errors, injection, graph shape, deletion.

The behaviour suites run on Neo4j through the `backend` fixture; these tests look at
what only the Neo4j store has (a server, Cypher, Lucene, edges).
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem import Memory, SchemaVersionError, StoreAuthError, StoreError, StoreUnavailableError
from graphmem.model import AuditRecord, Entity, Fact
from graphmem.stores.base import SCHEMA_VERSION, Episode, SupersedesEdge
from graphmem.stores.neo4j import vectors as neo4j_vectors
from graphmem.stores.neo4j.store import Neo4jStore
from graphmem.stores.neo4j.util import lucene_query, lucene_term, split_uri
from tests.neo4j_server import free_port

from .conftest import SPARE_PASSWORD

if TYPE_CHECKING:
    from benchmarks.outage import OwnServer

pytestmark = pytest.mark.neo4j

T0 = datetime(2026, 1, 5, 10, 0, tzinfo=timezone.utc)
PASSWORD = SPARE_PASSWORD

CYPHER_HOSTILE = [
    "alice' OR '1'='1",
    'bob" OR 1=1 --',
    "mallory}) MATCH (n) DETACH DELETE n //",
    "x`) DETACH DELETE n WITH 1 AS y MATCH (`",
    "$user_id",
    "eve\\\\; DROP TABLE facts;",
]
LUCENE_HOSTILE = [
    "trent AND ukey:*",
    'ukey:"*" OR status:frozen',
    "*",
    "?",
    "(a OR b) && !c || d",
    "x~0.5^10 [a TO z] {b TO y}",
    "path/with/slashes:and\\backslash",
    "用户*?~",
    "AND",
    "NOT OR",
    '"',
    "\\",
]


# ---- fixtures -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def store(neo4j_uri: str) -> Iterator[Neo4jStore]:
    s = Neo4jStore(neo4j_uri)
    yield s
    s.close()


@pytest.fixture(scope="module")
def auth_server(spare_server: OwnServer) -> str:
    """The session's spare server (conftest): auth on, user neo4j, PASSWORD, in the uri."""
    return spare_server.uri


def _uid(name: str) -> str:
    return f"n{uuid.uuid4().hex[:8]}-{name}"


def _fact(user: str, n: int, attribute: str = "city", value: str = "Oslo", **kw: object) -> Fact:
    f = Fact(
        id=f"f{n}", user_id=user, subject_id="e_self", subject_name="self", attribute=attribute, value=value,
        kind="profile", source="user_declared", confidence=0.9, status="active", text=f"{attribute} {value}",
        source_text=f"I said {value}", recorded_at=T0 + timedelta(seconds=n), valid_from=T0,
        last_accessed_at=T0, half_life_days=60.0,
    )  # fmt: skip
    return replace(f, **kw)  # type: ignore[arg-type]


def _unit(seed: int, dim: int = 16) -> np.ndarray:
    v = np.random.default_rng(seed).normal(size=dim).astype(np.float32)
    return v / np.linalg.norm(v)


def _seed_user(store: Neo4jStore, user: str, texts: list[str]) -> None:
    def tx(w):  # type: ignore[no-untyped-def]
        w.add_episode(Episode("m1", user, "user", " ".join(texts), T0, "ref-1"))
        w.add_entity(Entity("e_self", user, "self", "self", (), T0))
        for i, text in enumerate(texts):
            w.add_fact(_fact(user, i, "note", text), text.lower().split(), _unit(i))

    store.write(user, tx)


def _search_with(
    uri: str, user: str, q: np.ndarray, limit: int, **options: object
) -> list[tuple[str, float]]:
    """search_vector through a store opened with other options, closed afterwards."""
    s = Neo4jStore(uri, **options)  # type: ignore[arg-type]
    try:
        return s.reader(user).search_vector(q, limit)
    finally:
        s.close()


def _graph(store: Neo4jStore, cypher: str, **params: object) -> list[dict]:
    records, _, _ = store._driver.execute_query(cypher, params, database_=store.database)
    return [r.data() for r in records]


# ---- connecting -------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["bolt", "neo4j"])
def test_closed_port_fails_fast_naming_the_uri(scheme: str) -> None:
    uri = f"{scheme}://127.0.0.1:{free_port()}"
    t0 = time.monotonic()
    with pytest.raises(StoreUnavailableError) as info:
        Memory(uri)
    assert time.monotonic() - t0 < 10
    msg = str(info.value)
    assert uri in msg and len(msg) < 300, msg
    assert "ResolvedIPv4Address" not in msg and "Traceback" not in msg
    assert info.value.__cause__ is not None


def test_malformed_uri_is_a_store_error() -> None:
    with pytest.raises(StoreUnavailableError) as info:
        Neo4jStore("bolt://127.0.0.1:notaport")
    assert "bolt://127.0.0.1:notaport" in str(info.value)


def test_wrong_password_is_an_auth_error_naming_the_uri(auth_server: str) -> None:
    clean, _, creds = split_uri(auth_server)
    assert creds == ("neo4j", PASSWORD)
    with pytest.raises(StoreAuthError) as info:
        Memory(clean, auth=("neo4j", "not-the-password"))
    msg = str(info.value)
    assert clean in msg and "not-the-password" not in msg and len(msg) < 300, msg
    with pytest.raises(StoreAuthError):
        Memory(clean)  # no credentials at all
    with pytest.raises(StoreAuthError) as info:
        Memory(clean.replace("bolt://", "bolt://neo4j:wrong-pw@"))
    assert "wrong-pw" not in str(info.value)


def test_right_password_works_as_argument_or_in_the_uri(auth_server: str) -> None:
    clean, _, _ = split_uri(auth_server)
    u = _uid("auth")
    with Memory(clean, auth=("neo4j", PASSWORD)) as m:
        m.remember(u, "I live in Oslo.", at=T0)
    with Memory(auth_server) as m:  # bolt://neo4j:<pw>@host:port
        assert PASSWORD not in m.store.uri
        assert [f.value for f in m.get(u, "city")] == ["Oslo"]


def test_a_newer_schema_is_refused(auth_server: str) -> None:
    s = Neo4jStore(auth_server)
    try:
        _graph(s, "MATCH (g:GraphmemMeta {key: 'meta'}) SET g.schema_version = 99")
        with pytest.raises(SchemaVersionError) as info:
            Neo4jStore(auth_server)
        assert "99" in str(info.value) and split_uri(auth_server)[1] in str(info.value)
    finally:
        _graph(s, "MATCH (g:GraphmemMeta {key: 'meta'}) SET g.schema_version = $v", v=SCHEMA_VERSION)
        s.close()


def test_a_version_1_graph_gains_the_keys(auth_server: str) -> None:
    s = Neo4jStore(auth_server)
    u = _uid("v1")
    try:
        _seed_user(s, u, ["The Sushi", "ramen"])
        # What a version-1 store holds: facts without value_key and decay_key.
        _graph(s, "MATCH (f:Fact {user_id: $u}) REMOVE f.value_key, f.decay_key", u=u)
        _graph(s, "MATCH (g:GraphmemMeta {key: 'meta'}) SET g.schema_version = 1, g.schema_hash = 'old'")
        s.close()
        s = Neo4jStore(auth_server)
        left = _graph(s, "MATCH (f:Fact {user_id: $u}) WHERE f.value_key IS NULL OR f.decay_key IS NULL "
                         "RETURN count(f) AS n", u=u)  # fmt: skip
        assert left == [{"n": 0}]
        r = s.reader(u)
        assert [f.value for f in r.facts(attributes=["note"], value_keys=["sushi"])] == ["The Sushi"]
        assert len(r.facts(attributes=["note"], top=1)) == 1
        assert _graph(s, "MATCH (g:GraphmemMeta {key: 'meta'}) RETURN g.schema_version AS v") == [
            {"v": SCHEMA_VERSION}
        ]
    finally:
        s.write(u, lambda w: w.delete_user())
        s.close()


# ---- injection --------------------------------------------------------------------------


def test_lucene_escaping_is_literal() -> None:
    assert lucene_term("AND") == "\\AND"
    assert lucene_term("a:b") == "a\\:b"
    assert lucene_term('x"y') == 'x\\"y'
    assert lucene_term("c++") == "c\\+\\+"
    q = lucene_query("u1", ["OR", "*", "ukey:*", "a b"])
    assert (
        q is not None and q.startswith('ukey:"u') and "search_text:(\\OR OR \\* OR ukey\\:\\* OR a OR b)" in q
    )
    assert lucene_query("u1", []) is None and lucene_query("u1", ["", "  "]) is None
    # related words: escaped the same, boosted down, never repeating one of the query's own
    q = lucene_query("u1", ["car"], ["car", "AND", "suv"])
    assert q is not None and "search_text:(car OR \\AND^0.3 OR suv^0.3)" in q
    assert lucene_query("u1", [], ["suv"]) is not None


def test_hostile_user_ids_texts_and_queries_stay_per_user(store: Neo4jStore) -> None:
    users = [_uid(f"h{i}") + h for i, h in enumerate(CYPHER_HOSTILE + LUCENE_HOSTILE)]
    for i, u in enumerate(users):
        texts = [f"painting hobby{i}"] + [f"{h} marker{i}" for h in CYPHER_HOSTILE + LUCENE_HOSTILE]
        _seed_user(store, u, texts)
    nodes_before = _graph(store, "MATCH (n) RETURN count(n) AS n")[0]["n"]
    for i, u in enumerate(users):
        r = store.reader(u)
        own = {f.id for f in r.facts(statuses=None)}
        assert {f.user_id for f in r.facts(statuses=None)} == {u}
        assert len(own) == 1 + len(CYPHER_HOSTILE + LUCENE_HOSTILE)
        for hostile in CYPHER_HOSTILE + LUCENE_HOSTILE + ["painting", f"hobby{i}", "marker0"]:
            hits = r.search_text(hostile.lower().split() + [hostile], 100)
            assert {fid for fid, _ in hits} <= own, hostile
        assert r.search_text(["painting"], 100), "own fact not found"
        assert {fid for fid, _ in r.search_vector(_unit(0), 100)} <= own
        assert [e.user_id for e in r.episodes()] == [u]
    # Nothing was deleted or created by the hostile strings.
    assert _graph(store, "MATCH (n) RETURN count(n) AS n")[0]["n"] == nodes_before
    assert sorted(u for u in store.user_ids() if u in users) == sorted(users)


def test_hostile_strings_through_the_api(neo4j_uri: str) -> None:
    with Memory(neo4j_uri) as mem:
        users = [_uid("api") + h for h in CYPHER_HOSTILE + LUCENE_HOSTILE]
        for i, u in enumerate(users):
            mem.remember(u, f"I live in City{i}. I love painting and {LUCENE_HOSTILE[i % 12]}.", at=T0)
        for i, u in enumerate(users):
            for q in LUCENE_HOSTILE + CYPHER_HOSTILE + ["where do I live?"]:
                items = mem.recall(u, q, k=20, at=T0)
                assert all((it.fact or it.episode).user_id == u for it in items), q
            assert [f.value for f in mem.get(u, "city")] == [f"City{i}"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(term=st.text(min_size=1, max_size=12).filter(lambda t: t.strip() and len(t.split()) == 1))
def test_any_term_round_trips_through_lucene(store: Neo4jStore, term: str) -> None:
    u = _uid("rt")
    store.write(u, lambda w: w.add_fact(_fact(u, 1, "note", term), [term, "filler"], None))
    store.write(_uid("other"), lambda w: w.add_fact(_fact(u, 1, "note", term), [term], None))
    hits = store.reader(u).search_text([term], 10)
    assert [fid for fid, _ in hits] == ["f1"]
    store.write(u, lambda w: w.delete_user())


# ---- graph shape -------------------------------------------------------------------------


def test_correction_leaves_a_supersedes_edge(neo4j_uri: str, store: Neo4jStore) -> None:
    u = _uid("shape")
    with Memory(neo4j_uri) as mem:
        mem.remember(u, "I work at Initech as a tester.", at=T0, ref="m1")
        mem.remember(u, "Actually I work at Globex now.", at=T0 + timedelta(days=1), ref="m2")
    rows = _graph(
        store,
        "MATCH (n:Fact {user_id: $u})-[s:SUPERSEDES]->(o:Fact {user_id: $u}) "
        "RETURN n.value AS new, n.status AS ns, o.value AS old, o.status AS os, s.rule AS rule, s.at AS at",
        u=u,
    )
    assert len(rows) == 1, rows
    row = rows[0]
    assert (row["new"], row["ns"], row["old"], row["os"]) == ("Globex", "active", "Initech", "frozen")
    assert row["rule"] and row["at"] == (T0 + timedelta(days=1)).timestamp()
    # Both facts hang off the user's self entity; each came from its own message.
    rows = _graph(
        store,
        "MATCH (:User {user_id: $u})-[:HAS_ENTITY]->(e:Entity {type: 'self'})<-[:SUBJECT]-(f:Fact {attribute: 'employer'}) "
        "MATCH (f)-[:FROM]->(m:Episode)<-[:HAS_EPISODE]-(:User {user_id: $u}) "
        "RETURN f.value AS value, m.ref AS ref ORDER BY f.recorded_at",
        u=u,
    )
    assert [(r["value"], r["ref"]) for r in rows] == [("Initech", "m1"), ("Globex", "m2")]
    assert (
        _graph(store, "MATCH (:User {user_id: $u})-[:HAS_AUDIT]->(a:Audit) RETURN count(a) AS n", u=u)[0]["n"]
        >= 2
    )


def test_subject_and_object_edges(store: Neo4jStore) -> None:
    u = _uid("edges")

    def tx(w):  # type: ignore[no-untyped-def]
        w.add_entity(Entity("e_self", u, "self", "self", (), T0))
        w.add_entity(Entity("e_anna", u, "Anna", "person", ("my sister",), T0))
        w.add_fact(
            _fact(u, 1, "sibling", "Anna", object_id="e_anna", qualifier="sister"), ["sister", "anna"], None
        )
        w.add_fact(
            _fact(u, 2, "city", "Paris", subject_id="e_anna", subject_name="Anna"), ["paris"], _unit(1)
        )
        w.add_fact(_fact(u, 3, "friend", "Bo"), ["bo"], None)
        w.add_entity(Entity("e_bo", u, "Bo", "person", (), T0))
        # A value that names an entity only later: update_fact links it.
        w.update_fact(_fact(u, 3, "friend", "Bo", object_id="e_bo"))

    store.write(u, tx)
    rows = _graph(
        store,
        "MATCH (f:Fact {user_id: $u})-[:SUBJECT]->(s:Entity) OPTIONAL MATCH (f)-[:OBJECT]->(o:Entity) "
        "RETURN f.id AS id, s.id AS subject, o.id AS object ORDER BY f.id",
        u=u,
    )
    assert [(r["id"], r["subject"], r["object"]) for r in rows] == [
        ("f1", "e_self", "e_anna"),
        ("f2", "e_anna", None),
        ("f3", "e_self", "e_bo"),
    ]
    store.write(u, lambda w: w.update_fact(_fact(u, 3, "friend", "Bo", object_id=None)))
    assert not _graph(store, "MATCH (:Fact {user_id: $u, id: 'f3'})-[r:OBJECT]->() RETURN r", u=u)


def test_store_round_trip_and_ordering(store: Neo4jStore) -> None:
    u = _uid("rt")

    def tx(w):  # type: ignore[no-untyped-def]
        w.add_entity(Entity("e_self", u, "self", "self", (), T0))
        for n in (3, 1, 2):
            w.add_fact(_fact(u, n, value=f"C{n}", ref=f"r{n}", qualifier="q", inferred=n == 2), ["c"], None)
        w.add_audit(AuditRecord("a2", u, T0 + timedelta(seconds=5), "add", "new", "f2", None, "d"))
        w.add_audit(AuditRecord("a1", u, T0, "add", "new", "f1", None, ""))
        w.add_supersedes(SupersedesEdge("f3", "f1", "recency", T0))
        w.add_supersedes(SupersedesEdge("f3", "f1", "other", T0))  # ignored, like INSERT OR IGNORE

    store.write(u, tx)
    r = store.reader(u)
    facts = r.facts()
    assert [f.id for f in facts] == ["f1", "f2", "f3"]  # by recorded_at
    assert facts[1] == _fact(u, 2, value="C2", ref="r2", qualifier="q", inferred=True)
    assert [a.id for a in r.audit()] == ["a1", "a2"] and [a.id for a in r.audit(["f2"])] == ["a2"]
    assert r.audit([]) == [] and r.facts(ids=[]) == []
    assert [(e.new_id, e.old_id, e.rule) for e in r.supersedes()] == [("f3", "f1", "recency")]
    rev = r.revision()
    later = T0 + timedelta(days=3)
    store.write(u, lambda w: w.touch(["f1", "f1", "f2"], later))
    store.write(u, lambda w: w.touch(["f1"], T0))  # an older access never moves the clock back
    f1, f2 = r.facts(ids=["f1", "f2"])
    assert (f1.access_count, f1.last_accessed_at) == (2, later)
    assert (f2.access_count, f2.last_accessed_at) == (1, later)
    assert r.revision() == rev + 2
    assert store.write(u, lambda w: w.delete_fact("f2")) is True
    assert store.write(u, lambda w: w.delete_fact("f2")) is False
    assert [f.id for f in r.facts()] == ["f1", "f3"]


def test_failed_write_leaves_nothing_half_written(store: Neo4jStore) -> None:
    u = _uid("atomic")
    _seed_user(store, u, ["first"])
    before = store.count_rows(u)

    def tx(w):  # type: ignore[no-untyped-def]
        w.add_fact(_fact(u, 50, value="half"), ["half"], None)
        w.add_fact(_fact(u, 50, value="duplicate id"), ["dup"], None)

    with pytest.raises(StoreError):
        store.write(u, tx)

    def boom(w):  # type: ignore[no-untyped-def]
        w.add_fact(_fact(u, 51, value="half"), ["half"], None)
        raise KeyError("engine bug")

    with pytest.raises(KeyError):
        store.write(u, boom)
    assert store.count_rows(u) == before
    # Ids are unique per user, so another user may use the same id.
    other = _uid("atomic2")
    store.write(other, lambda w: w.add_fact(_fact(other, 0, value="same id"), ["x"], None))


# ---- vectors -------------------------------------------------------------------------------


def test_vector_scores_are_cosines_and_paths_agree(neo4j_uri: str, store: Neo4jStore) -> None:
    u = _uid("vec")
    vecs = [_unit(100 + i, 32) for i in range(60)]

    def tx(w):  # type: ignore[no-untyped-def]
        for i, v in enumerate(vecs):
            w.add_fact(_fact(u, i, "note", f"n{i}", status="frozen" if i % 10 == 0 else "active"), ["n"], v)
        w.add_fact(_fact(u, 99, "note", "no vector"), ["n"], np.zeros(32, dtype=np.float32))

    store.write(u, tx)
    q = _unit(7, 32)
    expect = sorted(((f"f{i}", float(v @ q)) for i, v in enumerate(vecs) if i % 10), key=lambda t: -t[1])[:10]
    exact = store.reader(u).search_vector(q, 10)
    assert [fid for fid, _ in exact] == [fid for fid, _ in expect]
    assert np.allclose([s for _, s in exact], [s for _, s in expect], atol=1e-5)
    indexed = _search_with(neo4j_uri, u, q, 10, vector_search="index")  # the oversampled index path
    assert [fid for fid, _ in indexed] == [fid for fid, _ in expect]
    assert np.allclose([s for _, s in indexed], [s for _, s in expect], atol=1e-5)
    # A query with no direction has no cosine: no hits, no crash.
    assert store.reader(u).search_vector(np.zeros(32, dtype=np.float32), 100) == []
    # The server-side paths agree with the cached one.
    served = _search_with(neo4j_uri, u, q, 10, vector_cache_mb=0)
    assert [fid for fid, _ in served] == [fid for fid, _ in expect]
    assert np.allclose([s for _, s in served], [s for _, s in expect], atol=1e-5)
    assert store.reader(_uid("nobody")).search_vector(q, 10) == []


def test_vector_cache_follows_every_writer(neo4j_uri: str, store: Neo4jStore) -> None:
    """The client-side vector cache of one store (process) sees what another one writes:
    new facts (incremental), status changes, deletions and re-embedding (epoch), a user
    deleted and created again; and it asks for more candidates until `limit` are active."""
    u = _uid("vcache")
    other = Neo4jStore(neo4j_uri)  # another process, as far as caches go
    q = _unit(5, 16)

    def expect(*, dim: int = 16) -> list[str]:
        mine = store.reader(u)
        active = {f.id for f in mine.facts()}
        vecs = {fid: _unit(int(fid[1:]), dim) for fid in active}
        qq = q if dim == 16 else _unit(5, dim)
        return [fid for fid, _ in sorted(vecs.items(), key=lambda t: -float(t[1] @ qq))]

    def hits(limit: int = 100, vector: np.ndarray = q) -> list[str]:
        return [fid for fid, _ in store.reader(u).search_vector(vector, limit)]

    try:
        # 200 facts, all but 5 frozen: the best candidates are mostly inactive.
        def seed(w):  # type: ignore[no-untyped-def]
            for i in range(200):
                w.add_fact(
                    _fact(u, i, "note", f"n{i}", status="active" if i % 40 == 0 else "frozen"),
                    ["n"],
                    _unit(i),
                )

        other.write(u, seed)
        assert hits() == expect() and len(hits()) == 5  # the second query is served by the cache
        assert store.vectors._entries.get(u) is not None
        assert hits(5) == expect()  # 37 candidates first, then more until 5 are active
        other.write(u, lambda w: w.add_fact(_fact(u, 777, "note", "new"), ["n"], _unit(777)))
        assert hits() == expect() and "f777" in hits()
        other.write(u, lambda w: w.update_fact(replace(_fact(u, 0), status="frozen")))
        assert "f0" not in hits() and hits() == expect()
        # The cache learned the statuses (new rows carry theirs; updates come by useq), so
        # frozen facts no longer take the candidates' places before the server's check.
        entry = store.vectors._entries[u]
        assert "f0" in entry.inactive and "f40" not in entry.inactive and len(entry.inactive) == 196
        other.write(u, lambda w: w.update_fact(replace(_fact(u, 1), status="active")))
        assert "f1" in hits() and hits() == expect() and "f1" not in entry.inactive
        assert other.write(u, lambda w: w.delete_fact("f777"))
        assert "f777" not in hits() and hits() == expect()
        other.write(u, lambda w: w.replace_vectors([(f"f{i}", _unit(i, 8)) for i in [*range(200), 777]]))
        assert hits() == []  # nothing of the old dimension is left
        assert hits(vector=_unit(5, 8)) == expect(dim=8)
        other.write(u, lambda w: w.delete_user())
        assert hits() == []
        other.write(u, lambda w: w.add_fact(_fact(u, 3, "note", "again"), ["n"], _unit(3)))
        assert hits() == ["f3"]
        # An access (recall's touch) changes no rev, so the cache stays as it is.
        rev = store.reader(u).revision()
        other.touch(u, ["f3"], T0 + timedelta(days=1))
        assert store.reader(u).revision() == rev
        assert store.reader(u).facts(ids=["f3"])[0].access_count == 1
    finally:
        other.close()


def test_first_query_caches_only_small_users(
    neo4j_uri: str, store: Neo4jStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A user's first query loads their vectors only up to FIRST_LOAD_MAX facts; a larger
    user is scored on the server first and cached from the second query on, with the
    same hits either way."""
    monkeypatch.setattr(neo4j_vectors, "FIRST_LOAD_MAX", 20)
    small, large = _uid("small"), _uid("large")
    for user, n in ((small, 20), (large, 21)):

        def seed(w, user=user, n=n):  # type: ignore[no-untyped-def]
            for i in range(n):
                w.add_fact(_fact(user, i, "note", f"n{i}"), ["n"], _unit(i))

        store.write(user, seed)
    fresh = Neo4jStore(neo4j_uri)  # a process that has seen neither user
    try:
        q = _unit(99)

        def expect(n: int) -> list[str]:
            return [f"f{i}" for i in sorted(range(n), key=lambda i: -float(_unit(i) @ q))][:5]

        assert [fid for fid, _ in fresh.reader(small).search_vector(q, 5)] == expect(20)
        assert small in fresh.vectors._entries
        assert [fid for fid, _ in fresh.reader(large).search_vector(q, 5)] == expect(21)
        assert large not in fresh.vectors._entries  # scored on the server
        assert [fid for fid, _ in fresh.reader(large).search_vector(q, 5)] == expect(21)
        assert len(fresh.vectors._entries[large].groups[16].ids) == 21
    finally:
        fresh.close()


def test_vector_cache_stays_within_its_budget(neo4j_uri: str, store: Neo4jStore) -> None:
    """Least recently used users leave the cache once their bytes exceed the budget; the
    running total always equals what the cached users hold, and evicted users still get
    the same hits (reloaded)."""
    users = [_uid(f"lru{i}") for i in range(6)]
    for user in users:

        def seed(w, user=user):  # type: ignore[no-untyped-def]
            for i in range(30):
                w.add_fact(_fact(user, i, "note", f"n{i}"), ["n"], _unit(i))

        store.write(user, seed)
    one_user = 64 * 16 * 4 + 80 * 30  # a 64-row buffer of 16-dim float32 + ids
    small = Neo4jStore(neo4j_uri, vector_cache_mb=3.5 * one_user / 2**20)
    try:
        q = _unit(7)
        first = {u: small.reader(u).search_vector(q, 5) for u in users}
        cache = small.vectors
        assert list(cache._entries) == users[-3:]  # the three most recent fit
        assert cache.total == sum(e.nbytes for e in cache._entries.values()) <= cache.budget
        assert small.reader(users[0]).search_vector(q, 5) == first[users[0]]  # reloaded
        assert list(cache._entries) == [*users[-2:], users[0]]
        assert cache.total == sum(e.nbytes for e in cache._entries.values())
    finally:
        small.close()


def test_a_recall_brings_its_text_hits_in_the_opening_statement(neo4j_uri: str, store: Neo4jStore) -> None:
    """read_together(text=...) answers search_text from the opening statement: the same
    hits as the statement of its own, and no second statement."""
    u = _uid("prefetch")
    _seed_user(store, u, ["I live in Oslo", "Oslo is cold", "I like tea", "Tea in Oslo"])
    fresh = Neo4jStore(neo4j_uri)
    try:
        plain = fresh.reader(u).search_text(["oslo", "tea"], 3)
        ran: list[str] = []

        def hits(r):  # type: ignore[no-untyped-def]
            run = r.statements.run
            r.statements.run = lambda op, **p: ran.append(op) or run(op, **p)
            return r.search_text(["oslo", "tea"], 3), r.entities()

        found, entities = fresh.reader(u).read_together(hits, text=(["oslo", "tea"], 3))
        assert found == plain and len(found) == 3
        assert "search_text" not in ran and "entities_by_user" not in ran
        assert {e.type for e in entities} == {"self"}
    finally:
        fresh.close()


def test_a_recall_brings_its_episodes_in_two_statements(neo4j_uri: str) -> None:
    """A recall's episode BM25 hits and episode vectors come with the opening statement and
    the episodes it returns with their links: the same results as the statements of their
    own (a reader outside read_together), without running them."""
    from graphmem import Memory

    u = _uid("episodes-prefetch")
    at = datetime(2025, 4, 2, 10, 0, tzinfo=timezone.utc)
    with Memory(neo4j_uri) as mem:
        for i, text in enumerate(["The ferry to Hvar leaves at dawn.", "Hmm, what should I pack?",
                                  "My cousin Vesna grows figs.", "Figs and ferries, what a summer."]):  # fmt: skip
            mem.remember(u, text, at=at + timedelta(minutes=i), ref=f"m{i}")
        q = mem._recaller.prepare("ferry figs", 6)
        vec = mem.embedder.embed(["ferry figs"])[0]
        plain = mem.store.reader(u)
        want_text = plain.search_episodes_text(q.own_terms, 8, q.related)
        want_vec = plain.search_episodes_vector(vec, 8)
        ran: list[str] = []

        def searches(r):  # type: ignore[no-untyped-def]
            run = r.statements.run
            r.statements.run = lambda op, **p: ran.append(op) or run(op, **p)
            text = r.search_episodes_text(q.own_terms, 8, q.related)
            vecs = r.search_episodes_vector(vec, 8)
            links = r.episode_links(episode_ids=[e for e, _ in text])
            return text, vecs, links, r.episodes([e for e, _ in text])

        for _ in range(2):  # a cold cache, then a warm one
            text, vecs, links, episodes = mem.store.reader(u).read_together(
                searches, text=(q.own_terms, 8, q.related)
            )
            assert text == want_text and len(text) >= 3
            assert [e for e, _ in vecs] == [e for e, _ in want_vec] and vecs
            assert episodes == plain.episodes([e for e, _ in text]) and {ln.episode_id for ln in links} <= {
                e.id for e in episodes
            }
        assert ran and not {"episode_search_text", "episode_vectors", "episodes_by_ids"} & set(ran)
        mem.forget_user(u)


def test_a_read_that_is_no_recall_reads_no_episode_vectors(neo4j_uri: str) -> None:
    """remember's read_together (no text to search) leaves the episode vectors unread: they
    would be loaded whole for every message and never used."""
    from graphmem import Memory

    u = _uid("no-episode-vectors")
    with Memory(neo4j_uri) as mem:
        mem.remember(
            u, "The kiln at the studio fires on Thursdays.", at=datetime(2025, 5, 1, tzinfo=timezone.utc)
        )
        assert mem.store.reader(u).read_together(lambda r: r.held.episode_opening()) is None
        opened = mem.store.reader(u).read_together(lambda r: r.held.episode_opening(), text=(["kiln"], 5))
        assert opened is not None and opened[1]  # a recall's opening brings them
        mem.forget_user(u)


def test_replace_vectors(store: Neo4jStore) -> None:
    u, other = _uid("reembed"), _uid("reembed-other")
    _seed_user(store, u, ["a", "b", "c"])
    _seed_user(store, other, ["a"])
    target = _unit(42, 8)  # another dimension, as after switching embedders

    def tx(w):  # type: ignore[no-untyped-def]
        w.replace_vectors([("f2", target), ("f0", -target), ("nope", target)])
        w.replace_vectors([("f1", np.zeros(8, dtype=np.float32))])

    store.write(u, tx)
    store.write(u, lambda w: w.replace_vectors([]))
    hits = store.reader(u).search_vector(target, 10)
    assert [fid for fid, _ in hits] == ["f2", "f0"]
    assert np.allclose([s for _, s in hits], [1.0, -1.0], atol=1e-5)
    # The other user's f0 kept its 16-dim vector.
    assert [fid for fid, _ in store.reader(other).search_vector(_unit(0), 10)] == ["f0"]


# ---- deletion and concurrency -----------------------------------------------------------------


def test_delete_user_leaves_zero_rows(neo4j_uri: str, store: Neo4jStore) -> None:
    u, bystander = _uid("del"), _uid("keep")
    with Memory(neo4j_uri) as mem:
        for user in (u, bystander):
            mem.remember(user, "I work at Initech as a tester. My sister Anna lives in Paris.", at=T0)
            mem.remember(user, "Actually I work at Globex now.", at=T0 + timedelta(days=1))
            mem.recall(user, "where does my sister live?", at=T0 + timedelta(days=2))
    kept = store.count_rows(bystander)
    n = store.count_rows(u)
    assert n > 10
    assert store.write(u, lambda w: w.delete_user()) == n
    assert store.count_rows(u) == 0
    assert _graph(store, "MATCH (x) WHERE x.user_id = $u RETURN count(x) AS n", u=u)[0]["n"] == 0
    assert store.reader(u).search_text(["globex", "paris"], 10) == []
    assert u not in store.user_ids()
    assert store.count_rows(bystander) == kept


def test_concurrent_writers_of_one_user_are_serialised(
    store: Neo4jStore, caplog: pytest.LogCaptureFixture
) -> None:
    u = _uid("race")

    def seed(w):  # type: ignore[no-untyped-def]
        w.add_entity(Entity("e_self", u, "self", "self", (), T0))
        for i in range(60):  # the user root becomes a dense node (over 50 edges)
            w.add_episode(Episode(f"m{i}", u, "user", "hi", T0, None))

    store.write(u, seed)
    errors: list[BaseException] = []

    def move(n: int) -> None:
        def tx(w):  # type: ignore[no-untyped-def]
            w.add_episode(Episode(f"race{n}", u, "user", "moving", T0, None))
            for old in w.facts(attributes=["city"]):
                w.update_fact(replace(old, status="frozen", superseded_by=f"f{n}"))
            w.add_fact(_fact(u, n, value=f"City{n}"), ["city"], None)
            w.add_audit(AuditRecord(f"a{n}", u, T0, "add", "new", f"f{n}", None, ""))

        try:
            store.write(u, tx)
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=move, args=(n,)) for n in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    r = store.reader(u)
    assert len(r.facts(attributes=["city"])) == 1
    assert len(r.facts(attributes=["city"], statuses=None)) == 12
    # Serialised by the lock node, not by deadlock detection and driver retries.
    assert not [rec for rec in caplog.records if "Deadlock" in rec.getMessage()]


def test_memory_on_neo4j_smoke(open_memory_neo4j: Callable[[], Memory]) -> None:
    mem = open_memory_neo4j()
    u = _uid("smoke")
    mem.remember(u, "我住在南京。", at=T0)
    assert [it.fact.value for it in mem.recall(u, "我住在哪里", k=3, at=T0)][:1] == ["南京"]


@pytest.fixture
def open_memory_neo4j(neo4j_uri: str) -> Iterator[Callable[[], Memory]]:
    opened: list[Memory] = []

    def _open() -> Memory:
        opened.append(Memory(neo4j_uri))
        return opened[-1]

    yield _open
    for m in opened:
        m.close()


def test_reembed_switches_a_neo4j_store(auth_server: str) -> None:
    """The whole re-embedding path on Neo4j (on the spare server, since the embedder is
    recorded per database; put back to the default at the end for the other tests there): a
    store the lexical hashing embedder wrote is refused by the static embedder until
    `reembed` moves it over, and then refuses the hashing one."""
    from graphmem import Config, EmbedderMismatchError, HashingEmbedder
    from graphmem.embedding.choice import make_embedder
    from graphmem.write.reembed import reembed

    u = _uid("reembed")
    store = Neo4jStore(auth_server)
    try:
        reembed(store, HashingEmbedder())  # the database as graphmem 0.2 left it
        with Memory(auth_server, config=Config(embedder="hashing")) as mem:
            mem.remember(u, "I live in Oslo. My dentist's practice is on Storgata.", at=T0)
        with pytest.raises(EmbedderMismatchError, match="reembed"):
            Memory(auth_server, config=Config(embedder="static"))
        seen: list[tuple[int, int]] = []
        static = make_embedder("static")
        assert reembed(store, static, progress=lambda d, t: seen.append((d, t))) >= 2
        assert seen[-1][0] == seen[-1][1] and store.embedder_info() == (static.model, static.dim)
        with pytest.raises(EmbedderMismatchError):
            Memory(auth_server, config=Config(embedder="hashing"))
    finally:
        store.close()
    try:
        with Memory(auth_server, config=Config(embedder="static")) as mem:
            assert [f.value for f in mem.get(u, "city")] == ["Oslo"]
            items = mem.recall(u, "where is my dentist's office?", k=3, at=T0)
            assert items and any("vector" in it.channels for it in items)  # the new vectors are read
            mem.forget_user(u)
    finally:
        store = Neo4jStore(auth_server)
        try:
            reembed(store, make_embedder(Config().embedder))
        finally:
            store.close()


def test_provision_fails_loudly_when_nothing_can_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests import neo4j_server

    monkeypatch.delenv("GRAPHMEM_NEO4J_URI", raising=False)
    monkeypatch.setattr(neo4j_server, "docker_answers", lambda timeout=5.0: False)
    monkeypatch.setattr(neo4j_server.shutil, "which", lambda name: None)
    with pytest.raises(neo4j_server.ProvisionError) as info, neo4j_server.provision():
        pass
    msg = str(info.value)
    assert "openjdk-17" in msg and "maven" in msg and "GRAPHMEM_NEO4J_URI" in msg


def test_provision_uses_the_given_uri_with_credentials(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests import neo4j_server

    monkeypatch.setenv("GRAPHMEM_NEO4J_URI", "bolt://db.example:7687")
    monkeypatch.setenv("GRAPHMEM_NEO4J_USER", "admin")
    monkeypatch.setenv("GRAPHMEM_NEO4J_PASSWORD", "p@ss:w/rd")
    with neo4j_server.provision() as uri:
        assert split_uri(uri) == ("bolt://db.example:7687", "bolt://db.example:7687", ("admin", "p@ss:w/rd"))
