"""The REST service through a real uvicorn process on a free loopback port, on both stores."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest

from graphmem import Memory

from .service_proc import ROOT, _env, free_port, service, stop, warmed

# A REST service process for the module, and more for the startup checks.
pytestmark = pytest.mark.slow

ALICE_KEY = "alice-key-" + uuid.uuid4().hex
BOB_KEY = "bob-key-" + uuid.uuid4().hex
ADMIN_KEY = "admin-key-" + uuid.uuid4().hex


@dataclass
class Rest:
    base: str
    alice: str
    bob: str
    target: str

    def call(self, method: str, path: str, key: str | None = ALICE_KEY, **kw: object) -> httpx.Response:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        headers.update(kw.pop("headers", None) or {})  # type: ignore[call-overload]
        return httpx.request(method, self.base + path, headers=headers, timeout=30.0, **kw)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def rest(
    backend: str, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Rest]:
    if backend == "sqlite":
        target = str(tmp_path_factory.mktemp("rest") / "memory.db")
    else:
        target = str(request.getfixturevalue("neo4j_uri"))
    token = uuid.uuid4().hex[:8]
    alice, bob = f"t{token}-alice", f"t{token}-bob"
    keys = {ALICE_KEY: [alice], BOB_KEY: [bob], ADMIN_KEY: "*"}
    with service(["--store", target, "serve"], "/healthz", env={"GRAPHMEM_API_KEYS": json.dumps(keys)}) as (
        base,
        _,
    ):
        yield Rest(base, alice, bob, target)
    with Memory(target) as m:  # the shared Neo4j outlives the test
        for u in (alice, bob):
            m.forget_user(u)


def facts_of(rest: Rest, user: str, key: str = ADMIN_KEY) -> list[dict]:
    r = rest.call("GET", f"/v1/users/{user}/facts?include_frozen=true", key)
    assert r.status_code == 200, r.text
    return list(r.json()["facts"])


def test_every_route(rest: Rest) -> None:
    a = rest.alice
    r = rest.call("POST", f"/v1/users/{a}/memories", json={"text": "I live in Denver.", "ref": "m1"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["user_id"] == a and body["store"]
    assert [f["value"] for f in body["result"]["added"]] == ["Denver"]

    batch = [
        {"text": "I work at Initech as a tester."},
        {"text": "I am allergic to shellfish.", "at": "2026-02-01"},
    ]
    r = rest.call("POST", f"/v1/users/{a}/memories", json=batch)
    assert r.status_code == 200, r.text
    results = r.json()["results"]
    assert [{f["attribute"] for f in x["added"]} for x in results] == [{"employer", "job_title"}, {"allergy"}]

    r = rest.call("POST", f"/v1/users/{a}/recall", json={"query": "which city do I live in?", "k": 3})
    assert r.status_code == 200, r.text
    items = r.json()["items"]
    assert items and items[0]["fact"]["value"] == "Denver" and len(items) <= 3

    r = rest.call("POST", f"/v1/users/{a}/context", json={"query": "what must I avoid eating?"})
    assert r.status_code == 200
    assert "<MemoryContext>" in r.json()["text"] and "shellfish" in r.json()["text"]

    r = rest.call("POST", f"/v1/users/{a}/memories", json={"text": "Actually I moved to Boston last month."})
    assert r.status_code == 200 and r.json()["result"]["superseded"][0]["old"]["value"] == "Denver"

    r = rest.call("GET", f"/v1/users/{a}/facts/city")
    assert r.status_code == 200 and [f["value"] for f in r.json()["facts"]] == ["Boston"]
    r = rest.call("GET", f"/v1/users/{a}/facts")
    assert {f["attribute"] for f in r.json()["facts"]} >= {"city", "employer", "allergy"}
    assert all(f["status"] == "active" for f in r.json()["facts"])
    r = rest.call("GET", f"/v1/users/{a}/facts/city/history")
    hist = r.json()["history"]
    assert [(h["fact"]["value"], h["fact"]["status"]) for h in hist] == [
        ("Denver", "frozen"),
        ("Boston", "active"),
    ]
    assert any(e["action"] == "supersede" for h in hist for e in h["events"])

    employer = next(f for f in facts_of(rest, a) if f["attribute"] == "employer")
    r = rest.call("DELETE", f"/v1/users/{a}/facts/{employer['id']}")
    assert r.status_code == 200 and r.json()["forgotten"] == employer["id"]
    assert rest.call("GET", f"/v1/users/{a}/facts/employer").json()["facts"] == []
    assert rest.call("DELETE", f"/v1/users/{a}/facts/{employer['id']}").status_code == 404

    r = rest.call("GET", f"/v1/users/{a}/export")
    assert r.status_code == 200
    doc = r.json()["document"]
    assert {f["value"] for f in doc["facts"]} >= {"Boston", "shellfish"}

    # Import lands under the path's user, whatever user the document names.
    r = rest.call("POST", f"/v1/users/{rest.bob}/import", BOB_KEY, json=doc)
    assert r.status_code == 200, r.text
    assert "Boston" in {f["value"] for f in facts_of(rest, rest.bob) if f["status"] == "active"}
    r = rest.call("DELETE", f"/v1/users/{rest.bob}", BOB_KEY)
    assert r.status_code == 200 and r.json()["rows_removed"] > 0
    assert facts_of(rest, rest.bob) == []
    assert "Boston" in {f["value"] for f in facts_of(rest, a)}  # alice untouched

    assert rest.call("GET", "/healthz", None).json()["status"] == "ok"
    assert rest.call("GET", "/readyz", None).status_code == 200
    spec = rest.call("GET", "/openapi.json", None).json()
    assert {"/v1/users/{user_id}/memories", "/v1/users/{user_id}/facts/{attribute}/history",
            "/v1/users/{user_id}/import"} <= set(spec["paths"])  # fmt: skip
    for route in ("recall", "context"):
        schema = spec["paths"][f"/v1/users/{{user_id}}/{route}"]["post"]["requestBody"]["content"][
            "application/json"
        ]["schema"]
        assert schema["required"] == ["query"] and {"query", "k", "at"} == set(schema["properties"])
    assert rest.call("GET", "/docs", None).status_code == 200


def test_engine_warms_at_startup(rest: Rest) -> None:
    # Loading jieba, spaCy's matchers and dateparser takes seconds: the service does it in
    # the background at startup, not inside its first remember; /readyz says when it is done.
    assert warmed(rest.base, "/readyz")
    r = rest.call("POST", f"/v1/users/{rest.alice}/memories", json={"text": "我昨天搬到了杭州。"})
    assert r.status_code == 200, r.text


ROUTES = [
    ("POST", "/memories", {"json": {"text": "I like tea."}}),
    ("POST", "/recall", {"json": {"query": "tea"}}),
    ("POST", "/context", {"json": {"query": "tea"}}),
    ("GET", "/facts", {}),
    ("GET", "/facts/likes", {}),
    ("GET", "/facts/likes/history", {}),
    ("DELETE", "/facts/f_x", {}),
    ("GET", "/export", {}),
    ("POST", "/import", {"json": {}}),
    ("DELETE", "", {}),
]


@pytest.mark.parametrize(("method", "suffix", "kw"), ROUTES)
def test_no_key_no_access(rest: Rest, method: str, suffix: str, kw: dict) -> None:
    path = f"/v1/users/{rest.alice}{suffix}"
    for key in (None, "wrong-" + ALICE_KEY, ALICE_KEY[:-1]):
        r = rest.call(method, path, key, **kw)
        assert r.status_code == 401, (key, r.text)
        assert r.json()["error"] == "unauthorized" and r.headers["www-authenticate"] == "Bearer"
    r = rest.call(method, f"/v1/users/{rest.bob}{suffix}", ALICE_KEY, **kw)  # a key bound to another user
    assert r.status_code == 403


def test_x_api_key_header(rest: Rest) -> None:
    r = httpx.get(f"{rest.base}/v1/users/{rest.alice}/facts", headers={"X-API-Key": ALICE_KEY}, timeout=30)
    assert r.status_code == 200


def test_bad_input_is_422_and_writes_nothing(rest: Rest) -> None:
    a = rest.alice
    before = len(facts_of(rest, a))
    bad_bodies = [
        {"text": 42},
        {"text": "I like kiwis.", "role": "narrator"},
        {"text": "I like kiwis.", "at": "the day after the party"},
        {"text": "I like kiwis.", "colour": "blue"},
        {"text": "x" * 9000},
        [
            {"text": "I like kiwis."},
            {"text": "I like figs.", "at": "soon-ish"},
        ],  # the good one is not written
        [{"text": "I like kiwis."}] * 101,
    ]
    for body in bad_bodies:
        r = rest.call("POST", f"/v1/users/{a}/memories", json=body)
        assert r.status_code == 422, (str(body)[:80], r.text)
        assert r.json()["error"] and "Traceback" not in r.text
    for body in (
        {"query": "tea", "k": 0},
        {"query": "tea", "k": "six"},
        {"k": 3},
        {"query": "t", "at": "nope"},
    ):
        r = rest.call("POST", f"/v1/users/{a}/recall", json=body)
        assert r.status_code == 422, (body, r.text)
    assert rest.call("GET", f"/v1/users/{a}/facts/Not An Attribute").status_code == 422
    assert rest.call("POST", f"/v1/users/{a}/import", json={"format": "nonsense"}).status_code == 422
    assert rest.call("POST", f"/v1/users/{a}/recall", content=b"{not json").status_code == 422
    for route in ("recall", "context"):  # the body is read as FastAPI reads a declared one
        plain = rest.call("POST", f"/v1/users/{a}/{route}", content=b'{"query": "tea"}',
                          headers={"Content-Type": "text/plain"})  # fmt: skip
        assert plain.status_code == 422 and plain.json()["detail"][0]["loc"] == ["body"], plain.text
        extra = rest.call("POST", f"/v1/users/{a}/{route}", json={"query": "tea", "colour": "blue"})
        assert extra.status_code == 422 and extra.json()["detail"][0]["loc"] == ["body", "colour"], extra.text
        assert "blue" not in extra.text  # where and why only, never the caller's input
    assert len(facts_of(rest, a)) == before


def test_body_limit_413(rest: Rest) -> None:
    r = rest.call("POST", f"/v1/users/{rest.alice}/memories", content=b"[" + b" " * (5 * 1024 * 1024) + b"]")
    assert r.status_code == 413 and r.json()["error"] == "request_too_large"


@pytest.mark.both_stores  # user scoping through the service, on each store
def test_isolation_cannot_be_broken(rest: Rest) -> None:
    a, b = rest.alice, rest.bob
    r = rest.call("POST", f"/v1/users/{a}/memories", json={"text": "My daughter Mei is allergic to sesame."})
    assert r.status_code == 200
    mine = facts_of(rest, a)
    fid = next(f["id"] for f in mine if f["value"] == "sesame")

    # Bob deletes Alice's fact id under his own path: unknown to him, and Alice keeps it.
    assert rest.call("DELETE", f"/v1/users/{b}/facts/{fid}", BOB_KEY).status_code == 404
    assert rest.call("DELETE", f"/v1/users/{b}/facts/{fid}", ADMIN_KEY).status_code == 404
    assert fid in {f["id"] for f in facts_of(rest, a)}
    # Bob's key on Alice's path is refused; his own recall sees nothing of hers.
    assert rest.call("DELETE", f"/v1/users/{a}/facts/{fid}", BOB_KEY).status_code == 403
    r = rest.call("POST", f"/v1/users/{b}/recall", BOB_KEY, json={"query": "who is allergic to sesame?"})
    assert r.status_code == 200 and all(it["fact"]["user_id"] == b for it in r.json()["items"])
    assert "sesame" not in json.dumps(r.json()["items"])
    # Path tricks: encoded slashes and dots never reach Alice's subgraph with Bob's key.
    for trick in (
        f"{b}/../{a}",
        f"{b}%2F..%2F{a}",
        f"{b}%2F%2E%2E%2F{a}",
        f"%2E%2E/{a}",
        f"{a}%00",
        f"{b}%0A{a}",
    ):
        req = httpx.Request(
            "GET", f"{rest.base}/v1/users/{trick}/facts", headers={"Authorization": f"Bearer {BOB_KEY}"}
        )
        with httpx.Client(timeout=30) as c:
            resp = c.send(req)
        assert resp.status_code in (403, 404, 422), (trick, resp.status_code)
        assert "sesame" not in resp.text
    # A document naming Alice, imported by Bob, lands in Bob's memory only.
    doc = rest.call("GET", f"/v1/users/{a}/export").json()["document"]
    count = len(facts_of(rest, a))
    assert rest.call("POST", f"/v1/users/{b}/import", BOB_KEY, json=doc).status_code == 200
    assert len(facts_of(rest, a)) == count
    assert rest.call("DELETE", f"/v1/users/{b}", BOB_KEY).status_code == 200


def test_store_down_is_503_with_a_clear_body() -> None:
    closed = free_port()  # nothing listens there
    with service(["--store", f"bolt://127.0.0.1:{closed}", "serve"], "/healthz",
                 env={"GRAPHMEM_API_KEY": ADMIN_KEY}) as (base, _):  # fmt: skip
        h = {"Authorization": f"Bearer {ADMIN_KEY}"}
        assert httpx.get(base + "/healthz", timeout=30).status_code == 200
        r = httpx.get(base + "/readyz", timeout=30)
        assert r.status_code == 503 and r.json()["error"] == "store_unavailable"
        for method, path, kw in (("POST", "/recall", {"json": {"query": "tea"}}), ("GET", "/facts", {}),
                                 ("POST", "/memories", {"json": {"text": "I like tea."}})):  # fmt: skip
            r = httpx.request(method, f"{base}/v1/users/u1{path}", headers=h, timeout=30, **kw)  # type: ignore[arg-type]
            assert r.status_code == 503, r.text
            assert r.json()["error"] == "store_unavailable"
            assert str(closed) in r.json()["detail"] and "Traceback" not in r.text


def test_refuses_public_host_without_a_key() -> None:
    p = subprocess.run([sys.executable, "-m", "graphmem", "--store", "unused.db", "serve", "--host", "0.0.0.0"],
                       env=_env({}), cwd=ROOT, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert p.returncode == 2 and "without an API key" in p.stderr


def test_texts_and_keys_never_logged(tmp_path) -> None:  # type: ignore[no-untyped-def]
    key = "log-key-" + uuid.uuid4().hex
    text = f"My locker code word is Quillberry{uuid.uuid4().hex[:6]} and I live in Tromso."
    query = f"what about Zephyrwick{uuid.uuid4().hex[:6]}?"
    args = ["--store", str(tmp_path / "m.db"), "serve", "--access-log"]
    with service(args, "/healthz", env={"GRAPHMEM_API_KEY": key}) as (base, proc):
        h = {"Authorization": f"Bearer {key}"}
        assert (
            httpx.post(f"{base}/v1/users/u1/memories", json={"text": text}, headers=h, timeout=30).status_code
            == 200
        )
        assert (
            httpx.post(f"{base}/v1/users/u1/recall", json={"query": query}, headers=h, timeout=30).status_code
            == 200
        )
        bad = httpx.post(
            f"{base}/v1/users/u1/memories", json={"text": text, "at": query}, headers=h, timeout=30
        )
        assert bad.status_code == 422
        wrong = {"Authorization": f"Bearer {key}x"}
        assert httpx.get(f"{base}/v1/users/u1/facts", headers=wrong, timeout=30).status_code == 401
        log = stop(proc)
    assert "POST /v1/users/u1/memories" in log  # the access log was on and captured
    for secret in (text, text.split()[5], query, query.split()[2], key):
        assert secret not in log


@pytest.mark.both_stores  # idempotency keys are stored by each store
def test_retried_batch_with_refs_writes_once(rest: Rest) -> None:
    a = rest.alice
    batch = [
        {"text": "I collect vintage maps.", "ref": "batch-1"},
        {"text": "I speak Basque.", "ref": "batch-2"},
    ]
    first = rest.call("POST", f"/v1/users/{a}/memories", json=batch).json()["results"]
    assert all(r["added"] for r in first)
    before = len(facts_of(rest, a))
    again = rest.call("POST", f"/v1/users/{a}/memories", json=batch)
    assert again.status_code == 200
    # A retry answers with the first results and writes nothing.
    assert [r["episode_id"] for r in again.json()["results"]] == [r["episode_id"] for r in first]
    assert len(facts_of(rest, a)) == before
