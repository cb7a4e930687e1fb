"""GraphmemStore inside a real LangGraph run (a StateGraph whose nodes use the injected
store; no LLM), and its BaseStore operations, on both stores."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypedDict

import pytest
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime

from graphmem import InvalidInputError, Memory
from graphmem.shells.langgraph import GraphmemStore


class State(TypedDict, total=False):
    user: str
    message: str
    recalled: list[str]


def build_graph(store: GraphmemStore):  # type: ignore[no-untyped-def]
    def remember(state: State, runtime: Runtime) -> State:
        if not state["message"].endswith("?"):
            key = f"m{len(runtime.store.search((state['user'], 'memories'), limit=100))}"
            runtime.store.put((state["user"], "memories"), key, {"text": state["message"]})
        return {}

    def recall(state: State, runtime: Runtime) -> State:
        items = runtime.store.search((state["user"], "memories"), query=state["message"], limit=3)
        return {"recalled": [i.value["text"] for i in items]}

    g = StateGraph(State)
    g.add_node("remember", remember)
    g.add_node("recall", recall)
    g.add_edge(START, "remember")
    g.add_edge("remember", "recall")
    g.add_edge("recall", END)
    return g.compile(store=store)


def test_graph_run_uses_the_store_per_user(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    alice, bob = uid("alice"), uid("bob")
    mem = open_memory()
    graph = build_graph(GraphmemStore(mem))
    graph.invoke({"user": alice, "message": "I am allergic to hazelnuts."})
    graph.invoke({"user": alice, "message": "My brother Tomas lives in Vilnius."})
    graph.invoke({"user": bob, "message": "I am allergic to penicillin."})

    out = graph.invoke({"user": alice, "message": "what am I allergic to?"})
    assert out["recalled"] and out["recalled"][0] == "I am allergic to hazelnuts."
    assert not any("penicillin" in t for t in out["recalled"])
    out = asyncio.run(graph.ainvoke({"user": bob, "message": "which allergy do I have?"}))  # abatch path
    assert out["recalled"] == ["I am allergic to penicillin."]
    # The puts became real graphmem facts of the right user.
    assert [f.value for f in mem.get(alice, "allergy")] == ["hazelnuts"]
    assert [f.value for f in mem.get(bob, "allergy")] == ["penicillin"]
    for u in (alice, bob):
        mem.forget_user(u)


def test_put_get_search_delete_and_restart(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    u, other = uid("u"), uid("other")
    store = GraphmemStore(open_memory())
    store.put((u, "prefs"), "drink", {"text": "I love oolong tea.", "source": "chat"})
    store.put((u, "prefs"), "home", {"text": "I live in Ghent."})
    store.put((u, "notes"), "misc", {"mood": "cheerful", "n": 3})  # no text key: rendered
    store.put((other, "prefs"), "drink", {"text": "I love espresso."})

    item = store.get((u, "prefs"), "drink")
    assert item is not None and item.value == {"text": "I love oolong tea.", "source": "chat"}
    assert item.namespace == (u, "prefs") and item.key == "drink"
    assert store.get((u, "prefs"), "nothing") is None
    assert store.get((other, "prefs"), "home") is None  # another user's namespace
    assert {i.key for i in store.search((u,))} == {"drink", "home", "misc"}
    assert {i.key for i in store.search((u, "prefs"))} == {"drink", "home"}
    assert [i.key for i in store.search((u,), filter={"source": "chat"})] == ["drink"]
    assert sorted(store.list_namespaces(prefix=(u,))) == [(u, "notes"), (u, "prefs")]
    assert store.list_namespaces(prefix=(u,), max_depth=1) == [(u,)]
    hits = store.search((u,), query="what tea do I love", limit=1)
    assert [h.key for h in hits] == ["drink"] and hits[0].score is not None

    # A new value replaces the old one: its facts go, the new ones come.
    store.put((u, "prefs"), "home", {"text": "I live in Antwerp."})
    assert store.get((u, "prefs"), "home").value == {"text": "I live in Antwerp."}  # type: ignore[union-attr]
    assert [f.value for f in store.memory.get(u, "city")] == ["Antwerp"]
    store.delete((u, "prefs"), "drink")
    assert store.get((u, "prefs"), "drink") is None
    assert not any("oolong" in f.value for f in store.memory.facts(u, include_frozen=True))
    assert [h.key for h in store.search((u,), query="tea")] != ["drink"]

    # Kept in the graphmem store itself: a fresh Memory on the same store sees the items.
    store.memory.close()
    again = GraphmemStore(open_memory())
    assert again.get((u, "prefs"), "home").value == {"text": "I live in Antwerp."}  # type: ignore[union-attr]
    assert again.get((other, "prefs"), "drink").value == {"text": "I love espresso."}  # type: ignore[union-attr]
    for x in (u, other):
        again.memory.forget_user(x)


def test_user_of_and_bad_namespaces(open_memory: Callable[..., Memory], uid: Callable[[str], str]) -> None:
    u = uid("tenant")
    store = GraphmemStore(open_memory(), user_of=lambda ns: ns[1])  # ("memories", user, ...)
    store.put(("memories", u), "k", {"text": "I play the cello."})
    assert any("cello" in f.value for f in store.memory.facts(u))
    assert not any("cello" in f.value for f in store.memory.facts("memories"))
    assert store.get(("memories", u), "k") is not None
    plain = GraphmemStore(store.memory)
    with pytest.raises(InvalidInputError):
        plain.list_namespaces()  # no user to scope the listing to
    with pytest.raises(InvalidInputError):
        plain.put((u, "big"), "k", {"text": "y" * 9000})
    assert plain.get((u, "big"), "k") is None
    store.memory.forget_user(u)


def test_record_sequences_sort_in_time_order_and_hold_no_digits() -> None:
    """A record is a kept message: a run of digits in it could read as a card number to the
    secret gate and be redacted (the record then unreadable), so its order is letters."""
    from graphmem.shells.langgraph import _sequence

    stamps = [1_700_000_000_000_000_000 + n for n in (0, 1, 25, 26, 10**9, 10**12)]
    seqs = [_sequence(s) for s in stamps]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    assert not any(ch.isdigit() for s in seqs for ch in s)


def test_records_pass_the_secret_gate_unchanged() -> None:
    """A record's timestamps, digest and fact ids are kept as a message; one in twenty once
    came back with a "card number" redacted out of them and could not be read."""
    import json
    import random
    from datetime import datetime, timedelta, timezone

    from graphmem.gate import redact
    from graphmem.shells.langgraph import RECORD_VERSION, _digest, _sequence

    rng = random.Random(7)
    for n in range(1500):
        at = (
            datetime(2025, 1, 1, tzinfo=timezone.utc)
            + timedelta(seconds=rng.randrange(10**8), microseconds=rng.randrange(10**6))
        ).isoformat()
        rec = {"graphmem_item": RECORD_VERSION, "digest": _digest(("u", f"ns{n}"), f"k{rng.random()}"),
               "namespace": ["u", f"ns{n}"], "key": "k", "value": {"text": "card games on fridays"},
               "facts": [f"f_{rng.getrandbits(96):024x}"], "seq": _sequence(rng.getrandbits(62)),
               "created_at": at, "updated_at": at}  # fmt: skip
        text = json.dumps(rec, ensure_ascii=False, sort_keys=True)
        assert redact(text) == text


def test_a_record_with_an_unreadable_time_is_still_read(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    u = uid("stamps")
    store = GraphmemStore(open_memory())
    store.put((u, "prefs"), "drink", {"text": "I drink rooibos."})
    rec = next(iter(store._records(u).values()))
    store._write_record(u, {**rec, "seq": rec["seq"] + "b", "created_at": "[REDACTED]T10:00:00+00:00"})
    item = store.get((u, "prefs"), "drink")
    assert item is not None and item.value == {"text": "I drink rooibos."}
    assert item.created_at.year >= 2025  # the kept message's own time
    assert [i.key for i in store.search((u,))] == ["drink"]
    store.memory.forget_user(u)
