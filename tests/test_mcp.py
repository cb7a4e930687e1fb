"""The MCP server through the SDK's own client: in memory (both stores), over a real stdio
subprocess, and over streamable HTTP in a real server process with bearer tokens."""

from __future__ import annotations

import asyncio
import json
import sys
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from graphmem import Memory
from graphmem.shells.mcp import PinnedUser, build_server
from graphmem.shells.service.lazy import LazyMemory

from .service_proc import ROOT, service, warmed

TOOLS = {"remember", "recall", "context", "get_fact", "list_facts", "fact_history", "forget",
         "export_memory", "status"}  # fmt: skip


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout=120))


def data(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content[0].text
    assert result.content and result.content[0].text  # the short text rendering
    return dict(result.structured_content)


def test_tools_in_memory(store_target: str, uid: Callable[[str], str]) -> None:
    user = uid("mcp")
    mem = Memory(store_target)
    server = build_server(LazyMemory.of(mem), PinnedUser(user))

    async def session() -> None:
        async with Client(server) as c:
            tools = {t.name: t for t in (await c.list_tools()).tools}
            assert set(tools) == TOOLS
            assert tools["forget"].annotations.destructive_hint is True
            assert all(tools[n].annotations.read_only_hint for n in TOOLS - {"remember", "forget"})
            assert tools["remember"].annotations.read_only_hint is False
            for t in tools.values():  # a description for the model, and no user argument anywhere
                assert len(t.description or "") > 40
                assert "user_id" not in t.input_schema.get("properties", {})
            assert tools["recall"].input_schema["properties"]["query"]["description"]

            d = data(await c.call_tool("remember", {"text": "I live in Lisbon and I love fado."}))
            assert d["user_id"] == user and d["store"]
            assert {f["value"] for f in d["result"]["added"]} >= {"Lisbon"}
            data(await c.call_tool("remember", {"text": "Actually I moved to Porto."}))
            d = data(await c.call_tool("recall", {"query": "which city do I live in", "k": 2}))
            assert d["items"][0]["fact"]["value"] == "Porto" and len(d["items"]) <= 2
            d = data(await c.call_tool("context", {"query": "where do I live?"}))
            assert "<MemoryContext>" in d["text"] and "Porto" in d["text"]
            d = data(await c.call_tool("get_fact", {"attribute": "city"}))
            assert [f["value"] for f in d["facts"]] == ["Porto"]
            d = data(await c.call_tool("list_facts", {"include_frozen": True}))
            assert {(f["value"], f["status"]) for f in d["facts"]} >= {
                ("Lisbon", "frozen"),
                ("Porto", "active"),
            }
            d = data(await c.call_tool("fact_history", {"attribute": "city"}))
            assert [h["fact"]["value"] for h in d["history"]] == ["Lisbon", "Porto"]
            d = data(await c.call_tool("status", {}))
            assert d["counts"]["active"] >= 2 and d["embedder"]["dim"] > 0 and d["version"]
            fado = next(f for f in data(await c.call_tool("list_facts", {}))["facts"] if "fado" in f["value"])
            assert data(await c.call_tool("forget", {"fact_id": fado["id"]}))["forgotten"] is True
            assert data(await c.call_tool("forget", {"fact_id": fado["id"]}))["forgotten"] is False
            d = data(await c.call_tool("export_memory", {}))
            assert "fado" not in json.dumps([f["value"] for f in d["document"]["facts"]])

            before = len(data(await c.call_tool("list_facts", {}))["facts"])
            for name, args in (("recall", {"query": "x", "k": 0}), ("get_fact", {"attribute": "Not Valid"}),
                               ("remember", {"text": "I like figs.", "at": "whenever"}),
                               ("remember", {"text": "I like figs.", "role": "narrator"})):  # fmt: skip
                r = await c.call_tool(name, args)
                assert r.is_error, name
            assert len(data(await c.call_tool("list_facts", {}))["facts"]) == before

    try:
        run(session())
    finally:
        mem.forget_user(user)
        mem.close()


@pytest.mark.both_stores  # user scoping through the MCP shell, on each store
def test_two_pinned_servers_one_store(store_target: str, uid: Callable[[str], str]) -> None:
    alice, bob = uid("alice"), uid("bob")
    mem = Memory(store_target)
    lazy = LazyMemory.of(mem)

    async def both() -> None:
        async with (
            Client(build_server(lazy, PinnedUser(alice))) as a,
            Client(build_server(lazy, PinnedUser(bob))) as b,
        ):
            data(await a.call_tool("remember", {"text": "My cat Miso is afraid of thunder."}))
            data(await b.call_tool("remember", {"text": "I work at Hooli."}))
            alice_facts = data(await a.call_tool("list_facts", {}))["facts"]
            bob_facts = data(await b.call_tool("list_facts", {}))["facts"]
            assert alice_facts and bob_facts
            assert {f["user_id"] for f in alice_facts} == {alice} and {f["user_id"] for f in bob_facts} == {
                bob
            }
            assert "Miso" not in json.dumps(
                data(await b.call_tool("recall", {"query": "Miso the cat"}))["items"]
            )
            # Bob forgetting Alice's fact id does nothing.
            assert data(await b.call_tool("forget", {"fact_id": alice_facts[0]["id"]}))["forgotten"] is False
            assert len(data(await a.call_tool("list_facts", {}))["facts"]) == len(alice_facts)

    try:
        run(both())
    finally:
        for u in (alice, bob):
            mem.forget_user(u)
        mem.close()


# MCP stdio subprocesses, two users, one store: on SQLite. On Neo4j, user scoping through the
# MCP shell is test_two_pinned_servers_one_store's, a `--store bolt://…` service process
# tests/test_rest_guard.py's and processes sharing a server tests/test_concurrency.py's.
@pytest.mark.slow
def test_stdio_subprocesses_pinned_to_two_users(store_target: str, uid: Callable[[str], str]) -> None:
    store, alice, bob = store_target, uid("alice"), uid("bob")

    def params(user: str) -> StdioServerParameters:
        return StdioServerParameters(command=sys.executable, args=["-m", "graphmem", "--store", store, "mcp",
                                     "--user", user], cwd=str(ROOT))  # fmt: skip

    async def session() -> None:
        async with Client(params(alice)) as a:
            d = data(await a.call_tool("remember", {"text": "I am vegetarian."}))
            assert d["user_id"] == alice and d["store"] and "@" not in d["store"]
        async with Client(params(bob)) as b:
            assert data(await b.call_tool("list_facts", {}))["facts"] == []
            data(await b.call_tool("remember", {"text": "I speak Finnish."}))
        async with Client(params(alice)) as a:  # a restart keeps alice's memory, and only hers
            values = {f["value"] for f in data(await a.call_tool("list_facts", {}))["facts"]}
            assert "vegetarian" in values and "Finnish" not in values

    try:
        run(session())
    finally:
        with Memory(store) as m:
            for u in (alice, bob):
                m.forget_user(u)


@pytest.mark.slow  # an MCP HTTP server process
def test_http_tokens(store_target: str, uid: Callable[[str], str], tmp_path: Path) -> None:
    store, alice, bob = store_target, uid("alice"), uid("bob")
    alice_token, bob_token = "tok-alice-" + uuid.uuid4().hex, "tok-bob-" + uuid.uuid4().hex
    tokens = tmp_path / "tokens.json"
    tokens.write_text(json.dumps({alice_token: alice, bob_token: bob}))
    args = ["--store", store, "mcp", "--transport", "http", "--tokens-file", str(tokens),
            "--allowed-host", "memory.example.org"]  # fmt: skip
    with service(args, "/health") as (base, _):
        assert httpx.get(base + "/health", timeout=30).json()["status"] == "ok"
        assert warmed(base, "/health")  # the engine's pipelines load at startup, before any session
        init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}  # fmt: skip
        accept = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
        for headers in ({}, {"Authorization": "Bearer nope-" + alice_token}, {"Authorization": alice_token}):
            r = httpx.post(base + "/mcp", json=init, headers={**accept, **headers}, timeout=30)
            assert r.status_code == 401, headers
        # DNS-rebinding protection: an unlisted Host is refused, a configured proxy name is not.
        auth = {"Authorization": f"Bearer {alice_token}"}
        r = httpx.post(
            base + "/mcp", json=init, headers={**accept, **auth, "Host": "evil.example"}, timeout=30
        )
        assert r.status_code == 421
        r = httpx.post(
            base + "/mcp", json=init, headers={**accept, **auth, "Host": "memory.example.org"}, timeout=30
        )
        assert r.status_code == 200

        def client(token: str) -> Client:
            http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=60)
            return Client(streamable_http_client(base + "/mcp", http_client=http))

        async def sessions() -> None:
            async with client(alice_token) as a, client(bob_token) as b:
                d = data(await a.call_tool("remember", {"text": "I live in Oslo."}))
                assert d["user_id"] == alice
                assert data(await b.call_tool("status", {}))["user_id"] == bob
                assert data(await b.call_tool("list_facts", {}))["facts"] == []
                assert [
                    f["value"] for f in data(await a.call_tool("get_fact", {"attribute": "city"}))["facts"]
                ] == ["Oslo"]

        try:
            run(sessions())
            # A session opened with Alice's token, used with Bob's: each call runs as its own token's user.
            r = httpx.post(base + "/mcp", json=init, headers={**accept, **auth}, timeout=30)
            session = {"Mcp-Session-Id": r.headers["mcp-session-id"], "MCP-Protocol-Version": "2025-06-18"}
            note = {"jsonrpc": "2.0", "method": "notifications/initialized"}
            httpx.post(base + "/mcp", json=note, headers={**accept, **auth, **session}, timeout=30)
            call = {
                "jsonrpc": "2.0",
                "id": 2,
                "method": "tools/call",
                "params": {"name": "list_facts", "arguments": {}},
            }
            as_bob = {**accept, **session, "Authorization": f"Bearer {bob_token}"}
            r = httpx.post(base + "/mcp", json=call, headers=as_bob, timeout=30)
            assert r.status_code == 200, r.text
            assert "Oslo" not in r.text and f'"user_id":"{bob}"' in r.text.replace(" ", "").replace(
                '\\"', '"'
            )
        finally:
            with Memory(store) as m:
                for u in (alice, bob):
                    m.forget_user(u)
