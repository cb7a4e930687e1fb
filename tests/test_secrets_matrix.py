"""Secrets matrix: generated secrets (tests/secret_shapes.py, both languages, many shapes)
never reach any byte of the store (SQLite file and WAL; every property of the user's
Neo4j nodes), the export, the logs or an LLM prompt, whole or in part."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from graphmem import Memory
from graphmem.extract.llm import OpenAIExtractor, make_extractor
from tests.openai_stub import OpenAIStub, openai_server_fixture  # noqa: F401
from tests.secret_shapes import leaked, secret_messages

T0 = datetime(2026, 3, 1, tzinfo=timezone.utc)
MATRIX = settings(
    max_examples=160,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _sqlite_bytes(path: Path) -> str:
    data = b"".join(p.read_bytes() for p in (path, Path(f"{path}-wal")) if p.exists())
    return data.decode("utf-8", errors="replace")


def _neo4j_props(mem: Memory, uid: str) -> str:
    rows = mem.store._read_statement(  # type: ignore[attr-defined]
        "MATCH (n) WHERE n.user_id = $user_id RETURN properties(n) AS p", {"user_id": uid}, "test"
    )
    return json.dumps(
        [{k: v for k, v in r["p"].items() if k != "embedding"} for r in rows], ensure_ascii=False
    )


@pytest.mark.slow  # 160 generated shapes through every surface
@pytest.mark.both_stores  # scans what each store keeps at rest: SQLite bytes, Neo4j properties
def test_secrets_matrix_nothing_persists(
    open_memory: Callable[..., Memory], backend: str, store_target: str, uid: Callable[[str], str],
    caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    mem = open_memory()
    caplog.set_level(logging.DEBUG, logger="graphmem")
    n = iter(range(10_000))
    shapes: list[str] = []

    @MATRIX
    @given(secret_messages())
    def check(case: tuple[str, str, str]) -> None:
        kind, message, secret = case
        u = uid(f"s{next(n)}")
        shapes.append(kind)
        r = mem.remember(u, f"I live in Porto. {message}", at=T0, ref=None)
        places = {
            "result": json.dumps([f.value + f.text + f.source_text for f in r.added], ensure_ascii=False),
            "export": json.dumps(mem.export(u).document, ensure_ascii=False),
            "logs": caplog.text,
            "store": _sqlite_bytes(Path(store_target)) if backend == "sqlite" else _neo4j_props(mem, u),
        }
        for place, text in places.items():
            assert not leaked(secret, text), f"{kind} {message!r} leaked into the {place}"

    check()
    assert len(shapes) >= 150 and len(set(shapes)) == 5


def test_secrets_never_reach_an_llm_prompt(tmp_path: Path, openai_server: OpenAIStub) -> None:
    llm = OpenAIExtractor("stub-chat", base_url=openai_server.url, api_key="test-key", max_retries=0)
    cases: list[tuple[str, str, str]] = []

    @settings(max_examples=40, derandomize=True, database=None, deadline=None)
    @given(secret_messages())
    def collect(case: tuple[str, str, str]) -> None:
        cases.append(case)

    collect()
    with Memory(tmp_path / "llm.db", extractor=make_extractor("hybrid", llm=llm)) as mem:
        for i, (_, message, _) in enumerate(cases):
            mem.remember(f"u{i}", f"My sister Anna moved to Lisbon. {message}", at=T0)
    sent = openai_server.all_text()
    assert openai_server.chat_requests, "the LLM was never asked"
    for kind, message, secret in cases:
        assert not leaked(secret, sent), f"{kind} {message!r} reached an LLM prompt"
