"""The behaviour suite: the seeds' four regression families and the write-path guarantees.

Runs on every store through the `open_memory` fixture.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from graphmem import Memory

ROOT = Path(__file__).resolve().parents[1]

T0 = "2026-01-05T10:00:00Z"
T1 = "2026-03-05T10:00:00Z"
T2 = "2026-03-06T10:00:00Z"


def values(facts: list) -> list[str]:
    return [f.value for f in facts]


# ---- persistence (失忆) ----------------------------------------------------------------


@pytest.mark.slow  # a second process
def test_memory_survives_a_new_process(store_target: str, uid: Callable[[str], str]) -> None:
    u = uid("persist")
    code = textwrap.dedent(
        f"""
        from graphmem import Memory
        m = Memory({store_target!r})
        m.remember({u!r}, "My dog's name is Biscuit and I live in Lisbon.", at="2026-01-05T10:00:00Z")
        m.close()
        """
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
    reader = textwrap.dedent(
        f"""
        from graphmem import Memory
        m = Memory({store_target!r})
        print("|".join(f.value for f in m.get({u!r}, "city")))
        print("|".join(i.fact.value for i in m.recall({u!r}, "what is my dog called?", k=3) if i.fact))
        """
    )
    out = subprocess.run([sys.executable, "-c", reader], check=True, cwd=ROOT, capture_output=True, text=True)
    city_line, recall_line = out.stdout.strip().splitlines()
    assert city_line == "Lisbon"
    assert "Biscuit" in recall_line


# ---- update after correction (顽固) ------------------------------------------------------


@pytest.mark.parametrize(
    "first, second, attribute, new, old",
    [
        ("I work at Initech as a tester.", "Actually I work at Globex now.", "employer", "Globex", "Initech"),
        ("我住在南京。", "我搬到苏州了。", "city", "苏州", "南京"),
        ("我今年35岁。", "说错了，我今年36岁。", "age", "36", "35"),
        ("I'm from Oregon.", "Correction: I'm from Nevada, not Oregon.", "hometown", "Nevada", "Oregon"),
    ],
)
def test_correction_supersedes_and_freezes(
    mem: Memory, uid: Callable[[str], str], first: str, second: str, attribute: str, new: str, old: str
) -> None:
    u = uid("upd")
    mem.remember(u, first, at=T0)
    r = mem.remember(u, second, at=T1)
    assert values(mem.get(u, attribute, at=T2)) == [new]
    assert r.superseded and r.superseded[0][0].value == old
    history = mem.history(u, attribute)
    statuses = {e.fact.value: e.fact.status for e in history}
    assert statuses == {old: "frozen", new: "active"}
    frozen = next(e for e in history if e.fact.value == old)
    assert frozen.fact.superseded_by == next(e.fact.id for e in history if e.fact.value == new)
    assert any(a.action == "supersede" and a.old_fact_id == frozen.fact.id for a in frozen.events)
    # The old value is kept, never lost, and never comes back in recall.
    assert old in values(mem.facts(u, include_frozen=True))
    items = mem.recall(u, f"tell me about my {attribute}", k=8, at=T2)
    recalled = [i.fact.value for i in items if i.fact is not None]
    assert old not in recalled
    # The old message is still a memory (history), but never above the fact that replaced it.
    kinds = [("new" if i.fact is not None and i.fact.value == new else "old") for i in items
             if (i.fact is not None and i.fact.value == new) or (i.episode is not None and old in i.episode.text
                                                                 and i.fact is None)]  # fmt: skip
    assert kinds[:1] == ["new"], kinds


def test_retraction_without_replacement(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("retract")
    mem.remember(u, "I work at Hooli.", at=T0)
    r = mem.remember(u, "I no longer work at Hooli.", at=T1)
    assert values(r.retracted) == ["Hooli"]
    assert mem.get(u, "employer", at=T2) == []


# ---- conflict without ambiguity -----------------------------------------------------------


def test_single_valued_conflict_leaves_one_active_value(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("conflict")
    for i, city in enumerate(["Austin", "Denver", "Boston"]):
        mem.remember(u, f"I live in {city}.", at=f"2026-0{i + 1}-01T10:00:00Z")
    assert values(mem.get(u, "city")) == ["Boston"]
    assert sorted(values(mem.facts(u, include_frozen=True))) == ["Austin", "Boston", "Denver"]


def test_polarity_flip_supersedes_like(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("polar")
    mem.remember(u, "I love jazz.", at=T0)
    mem.remember(u, "I can't stand jazz anymore.", at=T1)
    assert "jazz" not in " ".join(values(mem.get(u, "likes")))
    assert "jazz" in " ".join(values(mem.get(u, "dislikes")))


def test_multi_valued_attributes_accumulate(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("multi")
    mem.remember(u, "I'm allergic to peanuts.", at=T0)
    mem.remember(u, "I'm also allergic to shellfish.", at=T1)
    got = " ".join(values(mem.get(u, "allergy")))
    assert "peanut" in got and "shellfish" in got


def test_identical_fact_reinforces_instead_of_duplicating(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("reinforce")
    mem.remember(u, "我对芒果过敏。", at=T0)
    first = mem.get(u, "allergy")[0]
    r = mem.remember(u, "我对芒果过敏。", at=T1)
    assert r.reinforced and not r.added
    facts = mem.get(u, "allergy")
    assert len(facts) == 1
    assert facts[0].confidence > first.confidence
    assert facts[0].access_count == first.access_count + 1


def test_lower_priority_news_never_silently_wins(mem: Memory, uid: Callable[[str], str]) -> None:
    from graphmem import Candidate

    class Guessing:
        """An extractor that only guesses (model_inferred), like a cautious LLM."""

        name = "guess"

        def extract(self, sentences, context):  # type: ignore[no-untyped-def]
            from graphmem.extract import ExtractOutput

            return ExtractOutput(
                [Candidate("city", "Paris", source="model_inferred", source_text=sentences[0])], []
            )

    u = uid("prio")
    mem.remember(u, "I live in Rome.", at=T0)
    guesser = Memory(mem.store, extractor=Guessing())
    r = guesser.remember(u, "Looks like the user might be in Paris", at=T1)
    assert values(r.kept_frozen) == ["Paris"]
    assert values(mem.get(u, "city")) == ["Rome"]
    assert any(a.rule == "source_priority" for a in r.audit)


# ---- isolation (串味) --------------------------------------------------------------------

HOSTILE_IDS = [
    "alice",
    "alice' OR '1'='1",
    'bob" OR 1=1 --',
    "eve\\\\; DROP TABLE facts;",
    "mallory}) MATCH (n) DETACH DELETE n //",
    "trent AND ukey:*",
    "用户*?~",
]


def test_isolation_between_hostile_user_ids(mem: Memory, uid: Callable[[str], str]) -> None:
    users = [uid(x) for x in HOSTILE_IDS]
    for i, u in enumerate(users):
        mem.remember(u, f"I live in City{i}. I love painting and my secret hobby is hobby{i}.", at=T0)
        mem.remember(u, f"我在公司{i}上班，喜欢吃火锅{i}。", at=T0)
    for i, u in enumerate(users):
        for query in (
            "what do I love?",
            "hobby painting city",
            "我喜欢吃什么",
            "火锅 公司 上班",
            "*",
            '" OR 1=1',
        ):
            items = mem.recall(u, query, k=20, at=T1)
            assert all((it.fact or it.episode).user_id == u for it in items)  # type: ignore[union-attr]
            foreign = [
                it.text for it in items if f"{i}" not in it.text and it.text.rstrip(".")[-1:].isdigit()
            ]
            assert not foreign, foreign
        reader = mem.store.reader(u)
        own_ids = {f.id for f in reader.facts(statuses=None)}
        for fid, _ in reader.search_text(["painting", "hobby", "火锅", "公司"], 100):
            assert fid in own_ids
        for fid, _ in reader.search_vector(mem.embedder.embed(["I love painting"])[0], 100):
            assert fid in own_ids
        assert {f.user_id for f in mem.facts(u, include_frozen=True)} == {u}
        assert values(mem.get(u, "city")) == [f"City{i}"]


# ---- gating and secrets -------------------------------------------------------------------


def test_assistant_turns_are_provenance_not_facts(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("role")
    r = mem.remember(u, "Sure! I'll remember that you live in Oslo and love skiing.", role="assistant", at=T0)
    assert not r.added and mem.facts(u) == []
    assert [e.role for e in mem.store.reader(u).episodes()] == ["assistant"]


@pytest.mark.parametrize("text", ["ok thanks!", "哈哈好的", "What's the capital of Peru?", "今天好热啊"])
def test_noise_is_not_remembered(mem: Memory, uid: Callable[[str], str], text: str) -> None:
    u = uid("noise")
    r = mem.remember(u, text, at=T0)
    assert not r.added and mem.facts(u) == []
    assert r.ignored


SECRETS = [
    ("My password is Tr0ub4dor&3, please keep it.", "Tr0ub4dor&3"),
    ("我的身份证号是11010519491231002X。", "11010519491231002X"),
    ("Card: 5500-0000-0000-0004, exp 12/27", "5500-0000-0000-0004"),
    ("use this key: sk-proj-A1b2C3d4E5f6G7h8I9j0K1l2", "sk-proj-A1b2C3d4E5f6G7h8I9j0K1l2"),
    ("验证码 739201，别忘了", "739201"),
]


@pytest.mark.parametrize("text, secret", SECRETS)
def test_secrets_are_never_written(
    mem: Memory, uid: Callable[[str], str], store_target: str, backend: str, text: str, secret: str
) -> None:
    u = uid("secret")
    r = mem.remember(u, f"I live in Quito. {text}", at=T0, ref="m1")
    assert r.refused
    assert values(mem.get(u, "city")) == ["Quito"]
    reader = mem.store.reader(u)
    stored = [t for f in reader.facts(statuses=None) for t in (f.value, f.text, f.source_text)]
    stored += [e.text for e in reader.episodes()] + [a.detail for a in reader.audit()]
    assert not [s for s in stored if secret in s]
    assert "[REDACTED:" in reader.episodes()[0].text
    if backend == "sqlite":
        mem.close()
        for path in Path(store_target).parent.glob("memory.db*"):
            assert secret.encode() not in path.read_bytes(), path


# ---- decay and multi-hop -------------------------------------------------------------------


def test_recent_event_outranks_stale_event(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("decay")
    mem.remember(u, "I have a dentist appointment tomorrow afternoon.", at="2026-01-05T10:00:00Z")
    mem.remember(u, "I have a job interview next Tuesday.", at="2026-03-01T10:00:00Z")
    top = mem.recall(u, "what appointments do I have coming up?", k=1, at="2026-03-02T10:00:00Z")
    assert "interview" in top[0].text
    # Decay orders, it never deletes.
    assert len(mem.get(u, "event")) == 2


def test_multi_hop_through_a_relative(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("hop")
    mem.remember(u, "我女儿叫朵朵。", at=T0)
    mem.remember(u, "朵朵对花生过敏。", at=T0)
    mem.remember(u, "My sister Anna lives in Paris.", at=T0)
    items = mem.recall(u, "给我女儿买什么零食好？", k=5, at=T1)
    hit = next(it for it in items if it.fact is not None and "花生" in it.fact.value)
    assert "朵朵" in hit.path
    items = mem.recall(u, "Where does my sister live?", k=3, at=T1)
    assert items[0].fact is not None and items[0].fact.value == "Paris"


def test_recall_updates_access(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("access")
    mem.remember(u, "I'm allergic to cats.", at=T0)
    before = mem.get(u, "allergy")[0]
    mem.recall(u, "am I allergic to anything?", k=3, at=T1)
    after = mem.get(u, "allergy")[0]
    assert after.access_count == before.access_count + 1
    assert after.last_accessed_at > before.last_accessed_at


def test_context_block_says_current_input_wins(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("ctx")
    mem.remember(u, "I'm vegetarian.", at=T0)
    ctx = mem.context(u, "Suggest a dinner recipe", at=T1)
    assert "vegetarian" in ctx.text
    assert "current message wins" in ctx.text
    zh = mem.context(u, "晚饭吃什么", at=T1)
    assert "以当前输入为准" in zh.text


def test_provenance_ref_is_kept(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("ref")
    mem.remember(u, "I live in Porto.", at=T0, ref="msg-17")
    assert mem.get(u, "city")[0].ref == "msg-17"
    assert mem.recall(u, "where do I live?", k=1, at=T1)[0].ref == "msg-17"
