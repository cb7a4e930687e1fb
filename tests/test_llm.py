"""LLM extraction and neural embeddings, end to end through the real `openai` client
against a real local HTTP server (tests/openai_stub.py) scripted per test."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graphmem import EmbedderMismatchError, HashingEmbedder, Memory
from graphmem.embedding.neural import EmbeddingError, OpenAIEmbedder, SentenceTransformerEmbedder
from graphmem.errors import InvalidInputError
from graphmem.extract import ExtractContext, RuleExtractor
from graphmem.extract.llm import (
    EXTRACTION_SCHEMA,
    HybridExtractor,
    LLMExtractionError,
    OpenAIExtractor,
    load_prompt,
    make_extractor,
    relevant_facts,
)
from graphmem.facts.vocab import CORE_KEYS
from graphmem.model import Fact
from graphmem.stores import open_store
from graphmem.write.reembed import PARTIAL_PREFIX, reembed
from tests.openai_stub import OpenAIStub, openai_server_fixture, stub_vector  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]
UID = "u-llm"


def fact(attribute: str, value: str, **kw: Any) -> dict[str, Any]:
    """One fact as the model's JSON answer carries it."""
    out: dict[str, Any] = {
        "subject": "self",
        "subject_type": "self",
        "subject_relation": None,
        "attribute": attribute,
        "value": value,
        "object_type": None,
        "qualifier": None,
        "kind": None,
        "source": "user_declared",
        "polarity": "positive",
        "correction": False,
        "replaces": None,
        "evidence": "",
    }
    out.update(kw)
    return out


CILANTRO = fact("dislikes", "cilantro", evidence="Cilantro ruins every dish")


def llm(stub: OpenAIStub, **kw: Any) -> OpenAIExtractor:
    kw.setdefault("max_retries", 0)
    return OpenAIExtractor("stub-chat", base_url=stub.url, api_key="test-key", **kw)


def llm_memory(path: Path, stub: OpenAIStub, mode: str = "hybrid", **kw: Any) -> Memory:
    return Memory(path, extractor=make_extractor(mode, llm=llm(stub, **kw)))


def snapshot(mem: Memory, uid: str = UID) -> set[tuple[str, str, str, str, str]]:
    return {
        (f.subject_name, f.attribute, f.value, f.status, f.source)
        for f in mem.facts(uid, include_frozen=True)
    }


# ---- (a) the LLM finds what the rules miss ------------------------------------------


def test_llm_extracts_what_the_rules_miss(tmp_path: Path, openai_server: OpenAIStub) -> None:
    text = "Cilantro ruins every dish it touches"
    with Memory(tmp_path / "rules.db") as rules_only:
        rules_only.remember(UID, text)
        # the rules keep the sentence as a note at most; they cannot read it as a dislike
        assert not [
            f for f in rules_only.facts(UID) if "cilantro" in f.value.lower() and f.attribute != "note"
        ]

    openai_server.answer({"facts": [CILANTRO]})
    with llm_memory(tmp_path / "llm.db", openai_server) as mem:
        r = mem.remember(UID, text)
        dislikes = mem.get(UID, "dislikes")
    assert [f.value for f in dislikes] == ["cilantro"]
    assert dislikes[0].source == "user_declared" and dislikes[0].source_text == text
    assert [f.attribute for f in r.added] == ["dislikes"]

    (req,) = openai_server.chat_requests
    assert req["model"] == "stub-chat"
    assert req["response_format"]["type"] == "json_schema"
    assert req["response_format"]["json_schema"]["strict"] is True
    assert req["messages"][0] == {"role": "system", "content": load_prompt()}
    assert json.loads(req["messages"][1]["content"])["message"] == text


def test_wire_schema_stays_in_the_strict_common_subset() -> None:
    # Strict structured-output modes reject length/pattern keywords on several providers;
    # those limits are enforced locally instead.
    text = json.dumps(EXTRACTION_SCHEMA)
    for keyword in ("maxLength", "minLength", "maxItems", "pattern", "format", "anyOf"):
        assert keyword not in text
    item = EXTRACTION_SCHEMA["properties"]["facts"]["items"]
    assert item["additionalProperties"] is False and sorted(item["required"]) == sorted(item["properties"])


def test_prompt_file_names_every_core_attribute() -> None:
    prompt = load_prompt()
    assert [k for k in CORE_KEYS if k not in prompt] == []
    with pytest.raises(InvalidInputError):
        load_prompt("v999")
    with pytest.raises(InvalidInputError):
        load_prompt("../../etc/passwd")


def test_third_party_facts_and_known_entities(tmp_path: Path, openai_server: OpenAIStub) -> None:
    openai_server.answer(
        {
            "facts": [
                fact("sibling", "Anna", qualifier="sister", object_type="person", evidence="My sister Anna"),
                fact(
                    "job_title",
                    "nurse",
                    subject="Anna",
                    subject_type="person",
                    subject_relation="sister",
                    evidence="is a nurse",
                ),  # fmt: skip
            ]
        }
    )
    openai_server.answer(
        {
            "facts": [
                fact("city", "Berlin", subject="Anna", subject_type="person", evidence="She moved to Berlin")
            ]
        }
    )
    with llm_memory(tmp_path / "m.db", openai_server) as mem:
        mem.remember(UID, "My sister Anna is a nurse.")
        mem.remember(UID, "She moved to Berlin last spring.")
        assert [f.value for f in mem.get(UID, "job_title", subject="Anna")] == ["nurse"]
        assert [f.value for f in mem.get(UID, "city", subject="Anna")] == ["Berlin"]
        assert mem.get(UID, "city") == []  # the user did not move
    second = openai_server.user_payloads()[1]
    assert {"name": "Anna", "type": "person", "relation": "sister"} in second["known_entities"]


# ---- (b) every failure leaves the store exactly as the rules alone would ----------------

MESSAGES = [
    "我住在北京，我对花生过敏。",
    "Cilantro ruins every dish it touches",
    "不是北京，是上海。",  # a bare correction: the rules need the active facts for it
    "I moved to Denver and I'm a nurse.",
]


def _script(stub: OpenAIStub, failure: str) -> None:
    if failure == "invalid_json":
        stub.answer_text('{"facts": [{"attribute": "dislikes", "value": "cilan')
    elif failure == "malformed_http_body":
        stub.malformed_body()
    elif failure in ("http_500", "http_429"):
        stub.fail(int(failure[5:]))
    elif failure == "timeout":
        stub.answer({"facts": [CILANTRO]}, delay=1.5)
    elif failure == "refusal":
        stub.refuse()
    elif failure == "truncated":
        stub.answer_text(json.dumps({"facts": [CILANTRO]}), finish_reason="length")
    elif failure == "not_an_object":
        stub.answer([CILANTRO])
    elif failure == "too_many":
        stub.answer({"facts": [CILANTRO] * 21})
    else:  # schema violations, each next to a valid fact that must not slip through
        bad = dict(CILANTRO)
        if failure == "bad_attribute":
            bad["attribute"] = "Favorite Food"
        elif failure == "bad_enum":
            bad["kind"] = "hobby"
        elif failure == "missing_field":
            del bad["evidence"]
        elif failure == "extra_field":
            bad["confidence"] = 0.9
        elif failure == "wrong_type":
            bad["correction"] = "yes"
        elif failure == "value_too_long":
            bad["value"] = "x" * 301
        elif failure == "empty_value":
            bad["value"] = "   "
        stub.answer({"facts": [CILANTRO, bad]})


#: failure -> the reason code the warning must name
FAILURES = {
    "invalid_json": "invalid_json",
    "malformed_http_body": "bad_response",
    "http_500": "http_500",
    "http_429": "http_429",
    "timeout": "timeout",
    "refusal": "refusal",
    "truncated": "truncated",
    **dict.fromkeys(
        ["not_an_object", "too_many", "bad_attribute", "bad_enum", "missing_field", "extra_field", "wrong_type",
         "value_too_long", "empty_value"],
        "schema_violation",
    ),
}  # fmt: skip


@pytest.mark.parametrize("mode", ["hybrid", "llm"])
@pytest.mark.parametrize("failure", FAILURES)
def test_failure_falls_back_to_exactly_the_rules(
    tmp_path: Path, openai_server: OpenAIStub, caplog: pytest.LogCaptureFixture, failure: str, mode: str
) -> None:
    with Memory(tmp_path / "rules.db") as rules_only:
        for i, text in enumerate(MESSAGES):
            rules_only.remember(UID, text, at=f"2026-01-0{i + 1}")
        expected = snapshot(rules_only)
        assert expected  # the rules did find something, so "the same" is not "both empty"
        expected_episodes = [e.text for e in rules_only.store.reader(UID).episodes()]

    timeout = 0.3 if failure == "timeout" else 10.0
    caplog.set_level(logging.WARNING, logger="graphmem")
    with llm_memory(tmp_path / "llm.db", openai_server, mode=mode, timeout=timeout) as mem:
        for i, text in enumerate(MESSAGES):
            _script(openai_server, failure)
            mem.remember(UID, text, at=f"2026-01-0{i + 1}")
        assert snapshot(mem) == expected
        assert [e.text for e in mem.store.reader(UID).episodes()] == expected_episodes  # no message lost
        usage = mem.extractor.usage_total  # type: ignore[attr-defined]

    assert len(openai_server.chat_requests) == len(MESSAGES)  # asked once per message, no retries
    assert usage["failures"] == usage["requests"] == len(MESSAGES)
    warnings = [r for r in caplog.records if r.name == "graphmem" and r.levelno == logging.WARNING]
    assert len(warnings) == len(MESSAGES)
    assert all(f"({FAILURES[failure]})" in r.getMessage() for r in warnings)
    logged = caplog.text.lower()
    assert "cilantro" not in logged and "denver" not in logged and "北京" not in logged


def test_a_retry_recovers_from_one_429(tmp_path: Path, openai_server: OpenAIStub) -> None:
    openai_server.fail(429)
    openai_server.answer({"facts": [CILANTRO]})
    with llm_memory(tmp_path / "m.db", openai_server, max_retries=1) as mem:
        mem.remember(UID, "Cilantro ruins every dish it touches")
        assert [f.value for f in mem.get(UID, "dislikes")] == ["cilantro"]
    assert len(openai_server.chat_requests) == 2


def test_llm_mode_uses_the_llm_alone_when_it_answers(tmp_path: Path, openai_server: OpenAIStub) -> None:
    text = "我住在北京。"
    with Memory(tmp_path / "rules.db") as rules_only:
        rules_only.remember(UID, text)
        assert [f.value for f in rules_only.get(UID, "city")] == ["北京"]
    openai_server.answer({"facts": []})
    with llm_memory(tmp_path / "llm.db", openai_server, mode="llm") as mem:
        r = mem.remember(UID, text)
        assert mem.facts(UID) == []
        assert [i.reason for i in r.ignored] == ["nothing_memorable"]


# ---- hybrid: the LLM adds, never duplicates ----------------------------------------------


def test_hybrid_keeps_only_what_the_rules_missed(tmp_path: Path, openai_server: OpenAIStub) -> None:
    text = "我住在北京，我对花生过敏。"
    found = RuleExtractor().extract([text], ExtractContext()).candidates
    by_attr = {c.attribute: c.value for c in found}
    assert by_attr.get("city") == "北京" and by_attr.get("allergy") == "花生"  # precondition

    answer = [fact(c.attribute, c.value.upper() if c.value.isascii() else c.value) for c in found]
    answer.append(fact("city", "上海", evidence="我住在北京"))  # fights the rules' single value
    answer.append(fact("favorite_season", "autumn", source="model_inferred", evidence="我住在北京"))
    answer.append(fact("favorite_season", "Autumn", source="model_inferred"))  # duplicate of its own
    openai_server.answer({"facts": answer})
    out = HybridExtractor(llm(openai_server)).extract([text], ExtractContext())
    assert out.candidates[: len(found)] == found
    assert [(c.attribute, c.value, c.source) for c in out.candidates[len(found) :]] == [
        ("favorite_season", "autumn", "model_inferred")
    ]

    openai_server.answer({"facts": answer})
    with llm_memory(tmp_path / "m.db", openai_server) as mem:
        r = mem.remember(UID, text)
        assert r.reinforced == [] and r.superseded == []
        assert sorted(f.attribute for f in r.added) == sorted([*by_attr, "favorite_season"])
        assert [f.value for f in mem.get(UID, "city")] == ["北京"]


# ---- (c) secrets never leave the process ------------------------------------------------------

SECRET = "hunter2hunter2"


def test_secrets_are_gated_before_the_llm(tmp_path: Path, openai_server: OpenAIStub) -> None:
    openai_server.answer({"facts": [fact("city", "Lima", object_type="place", evidence="I live in Lima")]})
    with llm_memory(tmp_path / "m.db", openai_server) as mem:
        r = mem.remember(UID, f"My password is {SECRET}. I live in Lima.")
        # Same clause: the gate refuses the whole sentence, so nothing of it is sent.
        r2 = mem.remember(UID, f"my password is {SECRET} and I live in Lima")
        assert [f.value for f in mem.get(UID, "city")] == ["Lima"]
        assert SECRET not in json.dumps(
            [f.__dict__ for f in mem.facts(UID, include_frozen=True)], default=str
        )
    assert [x.kind for x in r.refused] == ["password"] and [x.kind for x in r2.refused] == ["password"]
    assert openai_server.chat_requests  # the Lima sentence was sent...
    assert SECRET not in openai_server.all_text()  # ...and the secret never was


def test_extractor_redacts_what_it_sends_even_past_the_gate(openai_server: OpenAIStub) -> None:
    key = "sk-proj-4f9XbQ2mLkR8vT1nZ7wY3cJ6"
    now = datetime(2026, 1, 1, tzinfo=timezone.utc)
    stored = Fact(
        id="f1", user_id=UID, subject_id="e1", subject_name="self", attribute="employer",
        value=f"Globex (badge key {key})", kind="profile", source="user_declared", confidence=0.9,
        status="active", text="I work at Globex", source_text="", recorded_at=now, valid_from=now,
        last_accessed_at=now, half_life_days=60.0,
    )  # fmt: skip
    ext = llm(openai_server)
    ext.extract([f"my password is {SECRET} and I live in Lima"], ExtractContext(active_facts=[stored]))
    payload = openai_server.user_payloads()[0]
    assert "[REDACTED:password]" in payload["message"] and "Lima" in payload["message"]
    assert payload["known_facts"][0]["value"] == "Globex (badge key [REDACTED:api_key])"
    assert SECRET not in openai_server.all_text() and key not in openai_server.all_text()

    OpenAIEmbedder(dim=8, base_url=openai_server.url, api_key="k").embed([f"what was my password {SECRET}?"])
    assert SECRET not in openai_server.all_text()


# ---- (d) an inferred fact never overrides a declared one -----------------------------------------


def test_inferred_fact_never_overrides_a_declared_one(tmp_path: Path, openai_server: OpenAIStub) -> None:
    openai_server.answer({"facts": [fact("city", "Rome", object_type="place", evidence="I live in Rome")]})
    openai_server.answer(
        {
            "facts": [
                fact("likes", "croissants", evidence="I love croissants"),
                fact(
                    "city",
                    "Paris",
                    source="model_inferred",
                    object_type="place",
                    evidence="walks along the Seine",
                ),
            ]
        }
    )
    with llm_memory(tmp_path / "m.db", openai_server) as mem:
        mem.remember(UID, "I live in Rome.", at="2026-01-01")
        r = mem.remember(UID, "I love croissants and walks along the Seine.", at="2026-02-01")
        assert [(f.value, f.source) for f in mem.get(UID, "city")] == [("Rome", "user_declared")]
        paris = [f for f in mem.facts(UID, include_frozen=True) if f.value == "Paris"]
        assert [(f.status, f.source, f.inferred) for f in paris] == [("frozen", "model_inferred", True)]
        assert [f.value for f in r.kept_frozen] == ["Paris"]
        assert any(a.action == "keep_frozen" and a.rule == "source_priority" for a in r.audit)


# ---- (e) token usage ---------------------------------------------------------------------------------


def test_token_usage_per_call_and_in_aggregate(tmp_path: Path, openai_server: OpenAIStub) -> None:
    openai_server.answer({"facts": [CILANTRO]}, usage=(120, 30))
    openai_server.answer({"facts": []}, usage=(200, 40))
    openai_server.answer({"facts": [fact("Bad Key", "x")]}, usage=(50, 10))  # billed, then rejected
    with llm_memory(tmp_path / "m.db", openai_server) as mem:
        r1 = mem.remember(UID, "Cilantro ruins every dish it touches")
        r2 = mem.remember(UID, "I spent the whole weekend hiking in the hills.")
        r3 = mem.remember(UID, "Pickles are the best snack ever made.")
        total = mem.extractor.usage_total  # type: ignore[attr-defined]
    assert r1.usage == {"prompt_tokens": 120, "completion_tokens": 30, "total_tokens": 150}
    assert r2.usage == {"prompt_tokens": 200, "completion_tokens": 40, "total_tokens": 240}
    assert r3.usage == {"prompt_tokens": 50, "completion_tokens": 10, "total_tokens": 60}
    assert total == {
        "prompt_tokens": 370,
        "completion_tokens": 80,
        "total_tokens": 450,
        "requests": 3,
        "failures": 1,
    }
    with Memory(tmp_path / "rules.db") as rules_only:
        assert rules_only.remember(UID, "Cilantro ruins every dish it touches").usage == {}


# ---- (g) the prompt carries the relevant active facts ---------------------------------------------


def test_prompt_includes_relevant_active_facts_and_corrections_work(
    tmp_path: Path, openai_server: OpenAIStub
) -> None:
    openai_server.answer(
        {
            "facts": [
                fact("city", "Rome", evidence="I live in Rome"),
                fact("likes", "jazz", evidence="love jazz"),
            ]
        }
    )
    openai_server.answer(
        {"facts": [fact("city", "Paris", correction=True, replaces="Rome", evidence="I moved to Paris")]}
    )
    with llm_memory(tmp_path / "m.db", openai_server) as mem:
        mem.remember(UID, "I live in Rome and I love jazz.", at="2026-01-01")
        r = mem.remember(UID, "Actually I moved to Paris last month.", at="2026-03-01")
        assert [f.value for f in mem.get(UID, "city")] == ["Paris"]
        assert [(old.value, new.value) for old, new in r.superseded] == [("Rome", "Paris")]
        assert [f.value for f in mem.get(UID, "likes")] == ["jazz"]
    first, second = openai_server.user_payloads()
    assert first["known_facts"] == []
    assert {"subject": "self", "attribute": "city", "value": "Rome", "source": "user_declared"} in second[
        "known_facts"
    ]
    assert "jazz" not in json.dumps(second["known_facts"])  # unrelated multi-valued facts stay out


def test_relevant_facts_picks_single_valued_and_overlapping_facts() -> None:
    now = datetime(2026, 1, 1, tzinfo=timezone.utc)

    def f(attribute: str, value: str) -> Fact:
        return Fact(
            id=value, user_id=UID, subject_id="e", subject_name="self", attribute=attribute, value=value,
            kind="fact", source="user_declared", confidence=0.9, status="active", text=value, source_text="",
            recorded_at=now, valid_from=now, last_accessed_at=now, half_life_days=30.0,
        )  # fmt: skip

    facts = [f("city", "Rome"), f("likes", "jazz"), f("likes", "tea"), f("allergy", "peanuts")]
    # jazz matches value and attribute word, tea the attribute word ("like"), Rome is single-valued.
    assert [x.value for x in relevant_facts(facts, ["I don't like jazz anymore"])] == ["jazz", "tea", "Rome"]
    assert [x.value for x in relevant_facts(facts, ["hello there"])] == ["Rome"]
    assert len(relevant_facts([f("likes", f"jazz {i}") for i in range(100)], ["jazz"], limit=5)) == 5


# ---- modes and configuration ------------------------------------------------------------------------


def test_make_extractor_and_modes(openai_server: OpenAIStub) -> None:
    assert isinstance(make_extractor("rules"), RuleExtractor)
    with pytest.raises(InvalidInputError):
        make_extractor("hybrid")
    with pytest.raises(InvalidInputError):
        make_extractor("magic", llm=llm(openai_server))
    h = make_extractor("llm", llm=llm(openai_server))
    assert isinstance(h, HybridExtractor) and h.mode == "llm" and h.needs_active_facts
    with pytest.raises(LLMExtractionError):
        openai_server.fail(500)
        llm(openai_server).extract(["I like tea."], ExtractContext())


def test_configure_from_env(openai_server: OpenAIStub) -> None:
    from graphmem.shells.cli.llm import configure_from_env

    assert configure_from_env({}) == {}
    env = {
        "GRAPHMEM_LLM_MODEL": "qwen2.5:7b",
        "OPENAI_BASE_URL": openai_server.url,
        "GRAPHMEM_EMBED_MODEL": "text-embedding-3-small",
        "GRAPHMEM_EMBED_DIM": "64",
    }
    kw = configure_from_env(env)
    assert isinstance(kw["extractor"], HybridExtractor) and kw["extractor"].mode == "hybrid"
    assert kw["extractor"].llm.model == "qwen2.5:7b"
    assert kw["embedder"].model == "openai:text-embedding-3-small:64" and kw["embedder"].dim == 64
    assert "extractor" not in configure_from_env({**env, "GRAPHMEM_EXTRACT_MODE": "rules"})
    assert (
        configure_from_env({"GRAPHMEM_EMBED_MODEL": "hashing"})["embedder"].model == "graphmem-hashing-v1-256"
    )
    for bad in (
        {"GRAPHMEM_EXTRACT_MODE": "llm"},
        {"GRAPHMEM_EXTRACT_MODE": "smart", "GRAPHMEM_LLM_MODEL": "m"},
        {"GRAPHMEM_EMBED_MODEL": "text-embedding-3-small", "GRAPHMEM_EMBED_DIM": "big"},
        {"GRAPHMEM_EMBED_DIM": "64"},
    ):
        with pytest.raises(InvalidInputError):
            configure_from_env(bad)
    # An unknown model without a dimension is probed once.
    probed = configure_from_env(
        {"GRAPHMEM_EMBED_MODEL": "nomic-embed-text", "OPENAI_BASE_URL": openai_server.url}
    )
    assert probed["embedder"].model == "openai:nomic-embed-text:1536"
    assert openai_server.embed_requests[-1]["model"] == "nomic-embed-text"


# ---- (f) embeddings, mismatch and re-embedding ---------------------------------------------------------


def test_openai_embedder_batches_dimensions_and_normalises(openai_server: OpenAIStub) -> None:
    openai_server.shuffle_embeddings = True  # the index field, not the order, says which is which
    emb = OpenAIEmbedder(dim=64, base_url=openai_server.url, api_key="k", batch_size=3)
    assert emb.model == "openai:text-embedding-3-small:64" and emb.dim == 64
    texts = [f"fact number {i} about tea" for i in range(7)]
    m = emb.embed([*texts[:3], "", *texts[3:]])
    assert m.shape == (8, 64) and m.dtype == np.float32
    assert not m[3].any()  # an empty text is not sent and embeds to zero
    rows = np.delete(m, 3, axis=0)
    assert np.allclose(np.linalg.norm(rows, axis=1), 1.0, atol=1e-5)
    reqs = openai_server.embed_requests
    assert [r["input"] for r in reqs] == [texts[0:3], texts[3:6], texts[6:7]]
    assert all(r["dimensions"] == 64 and r["encoding_format"] == "float" for r in reqs)
    for text, row in zip(texts, rows):
        expected = np.asarray(stub_vector(text, 64), dtype=np.float32)
        assert np.allclose(row, expected / np.linalg.norm(expected), atol=1e-5)
    assert OpenAIEmbedder(base_url=openai_server.url, api_key="k").dim == 1536  # known model: no probe
    assert emb.embed([]).shape == (0, 64)


def test_embedder_errors_are_graphmem_errors(openai_server: OpenAIStub) -> None:
    emb = OpenAIEmbedder(dim=16, base_url=openai_server.url, api_key="k", max_retries=0)
    openai_server.fail(500, queue="embed")
    with pytest.raises(EmbeddingError, match="HTTP 500"):
        emb.embed(["hello world"])


def _seed_store(path: Path, stub: OpenAIStub) -> None:
    stub.answer({"facts": [CILANTRO]})
    stub.answer({"facts": [fact("city", "Lisbon", evidence="I live in Lisbon")]})
    with llm_memory(path, stub) as mem:  # default HashingEmbedder
        mem.remember(UID, "Cilantro ruins every dish it touches")
        mem.remember("u-other", "I live in Lisbon.")


def test_mismatch_then_reembed_switches_the_store(tmp_path: Path, openai_server: OpenAIStub) -> None:
    path = tmp_path / "m.db"
    _seed_store(path, openai_server)
    emb = OpenAIEmbedder(dim=32, base_url=openai_server.url, api_key="k", batch_size=2)
    with pytest.raises(EmbedderMismatchError, match="reembed"):
        Memory(path, embedder=emb)

    store = open_store(path)
    # Warm this store's vector cache with the old vectors: reembed must invalidate it.
    assert store.reader(UID).search_vector(HashingEmbedder().embed(["cilantro"])[0], 3)
    seen: list[tuple[int, int]] = []
    n = reembed(store, emb, progress=lambda done, total: seen.append((done, total)))
    facts = {u: store.reader(u).facts(statuses=None) for u in store.user_ids()}
    assert n == sum(len(v) for v in facts.values()) >= 2
    assert seen[0] == (0, n) and seen[-1] == (n, n)
    assert store.embedder_info() == (emb.model, 32)
    # The stored vectors are the new model's: a fact's own text finds it with similarity 1.
    f = facts[UID][0]
    probe = np.asarray(stub_vector(f"{f.text} {f.source_text}".strip(), 32), dtype=np.float32)
    hits = store.reader(UID).search_vector(probe / np.linalg.norm(probe), 3)
    assert hits[0][0] == f.id and hits[0][1] == pytest.approx(1.0, abs=1e-5)
    store.close()

    with pytest.raises(EmbedderMismatchError):
        Memory(path)  # the old embedder is refused now
    with Memory(path, embedder=emb) as mem:
        items = mem.recall(UID, "does cilantro taste like soap?")
        assert items and items[0].fact is not None
        assert "cilantro" in items[0].fact.value and "vector" in items[0].channels
        other = mem.recall("u-other", "cilantro soap")  # per-user, still
        assert all((it.fact or it.episode).user_id == "u-other" for it in other)  # type: ignore[union-attr]
        assert all(it.fact is None or it.fact.value != "cilantro" for it in other)


def test_interrupted_reembed_is_refused_until_finished(tmp_path: Path, openai_server: OpenAIStub) -> None:
    path = tmp_path / "m.db"
    _seed_store(path, openai_server)
    emb = OpenAIEmbedder(dim=32, base_url=openai_server.url, api_key="k", max_retries=0)
    store = open_store(path)
    openai_server.fail(500, queue="embed")
    with pytest.raises(EmbeddingError):
        reembed(store, emb)
    info = store.embedder_info()
    assert info is not None and info[0].startswith(PARTIAL_PREFIX)
    for embedder in (HashingEmbedder(), emb):
        with pytest.raises(EmbedderMismatchError):
            Memory(path, embedder=embedder)
    assert reembed(store, emb) >= 2  # running it again finishes the job
    store.close()
    with Memory(path, embedder=emb) as mem:
        assert mem.recall(UID, "cilantro")


@pytest.mark.slow  # runs the CLI in subprocesses
def test_cli_reembed_with_progress_bar(tmp_path: Path, openai_server: OpenAIStub) -> None:
    path = tmp_path / "m.db"
    _seed_store(path, openai_server)
    env = {
        **os.environ,
        "GRAPHMEM_EMBED_MODEL": "text-embedding-3-small",
        "GRAPHMEM_EMBED_DIM": "48",
        "OPENAI_BASE_URL": openai_server.url,
        "OPENAI_API_KEY": "k",
    }
    env.pop("GRAPHMEM_LLM_MODEL", None)

    def cli(*args: str, extra: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "graphmem", "--store", str(path), *args],
            cwd=ROOT, env=extra or env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
        )  # fmt: skip

    refused = cli("facts", "--user", UID)
    assert refused.returncode == 2 and "reembed" in refused.stderr
    unconfirmed = cli("reembed")
    assert unconfirmed.returncode == 2 and "--yes" in unconfirmed.stderr
    done = cli("reembed", "--yes")
    assert done.returncode == 0, done.stderr
    assert "reembed [" in done.stderr and "100%" in done.stderr
    assert "openai:text-embedding-3-small:48" in done.stdout
    listed = cli("facts", "--user", UID)
    assert listed.returncode == 0 and "cilantro" in listed.stdout
    again = cli("reembed", "--yes")
    assert again.returncode == 0 and "nothing to do" in again.stdout


@pytest.mark.slow  # a fresh interpreter
def test_sentence_transformers_is_an_optional_extra() -> None:
    import importlib.util

    if importlib.util.find_spec("sentence_transformers") is not None:
        pytest.skip("sentence-transformers is installed here")
    with pytest.raises(EmbeddingError, match=r"pip install graphmem\[sentence-transformers\]"):
        SentenceTransformerEmbedder("all-MiniLM-L6-v2")
    code = "import sys, graphmem.embedding.neural, graphmem.extract.llm, graphmem.shells.cli; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr
