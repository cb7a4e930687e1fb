"""Memory control spoken in chat, both languages, on every store: "don't remember this" keeps
nothing of the message, "forget that …" erases what it names (and keeps nothing of the
request), "remember that …" keeps what the gate would otherwise drop."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.gate import DONT_KEEP, FORGET, FORGET_LAST, REMEMBER, control_of

T0 = "2026-02-02T09:00:00Z"
T1 = "2026-02-03T09:00:00Z"
T2 = "2026-02-04T09:00:00Z"


def _everything(mem: Memory, u: str) -> str:
    """Every text the store holds for the user: facts (any status), their sources, the history."""
    facts = mem.facts(u, include_frozen=True)
    texts = [f"{f.value} {f.text} {f.source_text}" for f in facts]
    texts += [f"{a.detail}" for e in mem.history(u) for a in e.events]
    texts += [f"{it.fact.value} {it.fact.source_text}" for it in mem.recall(u, "anything at all", k=8, at=T2)]
    return "\n".join(texts)


@pytest.mark.parametrize(
    "text",
    [
        "Off the record: I have been interviewing with a competitor.",
        "please don't save this, my brother owes money to a loan shark",
        "I'm thinking of leaving my husband, don't remember this.",
        "这个别记：我最近在偷偷看心理医生。",
        "我弟弟欠了网贷，别记下来啊",
        "不用记哈，我上周面试挂了",
        "偷偷告诉你一句别记下来：我弟弟欠了网贷",
    ],
)
def test_dont_keep_leaves_no_trace(mem: Memory, uid: Callable[[str], str], text: str) -> None:
    u = uid("dontkeep")
    mem.remember(u, "I live in Leeds.", at=T0)
    before = {f.id for f in mem.facts(u, include_frozen=True)}
    r = mem.remember(u, text, at=T1)
    assert [x.kind for x in r.refused] == ["user_request"]
    assert r.episode_id is None and not r.added and not r.superseded
    assert {f.id for f in mem.facts(u, include_frozen=True)} == before
    blob = _everything(mem, u)
    for word in ("competitor", "loan shark", "husband", "心理医生", "网贷", "面试"):
        assert word not in blob


def test_dont_keep_writes_nothing_to_the_sqlite_file(tmp_path: Path, uid: Callable[[str], str]) -> None:
    db = tmp_path / "m.db"
    with Memory(db) as mem:
        mem.remember("u1", "I like tea.", at=T0)
        mem.remember("u1", "Keep this between us? No wait, don't store this: I was arrested in 2019.", at=T1)
    con = sqlite3.connect(db)
    tables = [t for (t,) in con.execute("select name from sqlite_master where type='table'")]
    for t in tables:
        try:
            rows = con.execute(f"select * from {t}").fetchall()  # noqa: S608 - table names from the schema
        except sqlite3.DatabaseError:
            continue
        assert "arrested" not in repr(rows), t


@pytest.mark.parametrize(
    ("said", "forget", "attribute", "gone"),
    [
        ("I live in Cardiff and I like sailing.", "Please forget that I live in Cardiff.", "city", "Cardiff"),
        (
            "My favourite band is Muse. I work at Globex.",
            "Could you delete what I said about Globex?",
            "employer",
            "Globex",
        ),
        ("我住在大连，喜欢吃海鲜。", "忘掉我住在大连这件事", "city", "大连"),
        ("我在顺丰上班，我喜欢羽毛球。", "把我在顺丰上班的事删了", "employer", "顺丰"),
        # the thing named first, then the request; an attribute of no one else is the user's
        ("我住在大连，喜欢吃海鲜。", "之前说的住址给我删了吧", "city", "大连"),
        ("我在顺丰上班，我喜欢羽毛球。", "把我的公司删掉", "employer", "顺丰"),
    ],
)
def test_forget_request_erases_what_it_names(
    mem: Memory, uid: Callable[[str], str], said: str, forget: str, attribute: str, gone: str
) -> None:
    u = uid("forget")
    mem.remember(u, said, at=T0)
    assert [f.value for f in mem.get(u, attribute)] == [gone]
    others = {f.value for f in mem.facts(u) if f.attribute != attribute}
    r = mem.remember(u, forget, at=T1)
    assert [f.value for f in r.retracted] == [gone]
    assert [x.kind for x in r.refused] == ["user_request"] and r.episode_id is None
    assert mem.get(u, attribute) == []
    assert gone not in _everything(mem, u)  # erased like `forget --fact`, not merely frozen
    assert {f.value for f in mem.facts(u) if f.attribute != attribute} == others


@pytest.mark.parametrize(
    ("forget", "gone"),
    [
        ("please forget where my sister works", {("Ines", "employer")}),
        ("Forget Ines's city.", {("Ines", "city")}),
        ("把我姐姐的工作忘掉", {("Ines", "employer")}),
        ("forget where I work", {("self", "employer")}),
        # a second thought in front of the request
        ("actually, forget where my sister works", {("Ines", "employer")}),
        ("hmm no. forget where I live pls", {("self", "city")}),
        ("forget about my sister", {("self", "sibling"), ("Ines", "employer"), ("Ines", "city")}),
        ("把我姐姐的事删了", {("self", "sibling"), ("Ines", "employer"), ("Ines", "city")}),
    ],
)
def test_forget_request_names_a_persons_attribute(
    mem: Memory, uid: Callable[[str], str], forget: str, gone: set[tuple[str, str]]
) -> None:
    """A request that names whose (a relative through the user's link, a name, the user) and
    what (an attribute's everyday words) erases exactly those facts: never the link to the
    person alone, nor the user's own facts of the same attribute."""
    u = uid("forget-owner")
    mem.remember(u, "My sister Ines lives in Porto and works at Contoso.", at=T0)
    mem.remember(u, "I work at Fabrikam and I live in Quito.", at=T0)
    before = {(f.subject_name, f.attribute) for f in mem.facts(u)}
    assert gone <= before
    r = mem.remember(u, forget, at=T1)
    assert {(f.subject_name, f.attribute) for f in r.retracted} == gone
    assert {(f.subject_name, f.attribute) for f in mem.facts(u)} == before - gone


def test_forget_request_naming_nothing_keeps_nothing(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("forget-nothing")
    mem.remember(u, "I like chess.", at=T0)
    r = mem.remember(u, "Please forget what I said about my landlord.", at=T1)
    assert not r.retracted and r.episode_id is None
    assert [i.reason for i in r.ignored] == ["nothing_to_forget"]
    assert [f.value for f in mem.facts(u)] == ["chess"]


@pytest.mark.parametrize(
    ("text", "word"),
    [("Remember that I'm exhausted today.", "exhausted"), ("记住，今天好累啊", "好累")],
)
def test_remember_keeps_what_the_gate_calls_small_talk(
    mem: Memory, uid: Callable[[str], str], text: str, word: str
) -> None:
    u = uid("keep")
    assert mem.remember(u, text.split("，")[-1].replace("Remember that ", ""), at=T0).added == []
    r = mem.remember(u, text, at=T1)
    assert r.added and any(word in f.value for f in r.added)
    assert all(f.source == "user_declared" for f in r.added)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("For the record, I cried at work today", None),
        ("I don't remember this song at all", None),
        ("I never save receipts.", None),
        ("我记不住他的名字", None),
        ("我忘了带钥匙", None),
        ("forget it, never mind", None),
        # "that" points back: the message before this one is taken back (graphmem.gate.control)
        ("dont save that please, it was a joke", FORGET_LAST),
        ("don't save this please", DONT_KEEP),
        ("这事不要保存", DONT_KEEP),
        ("Can you forget my old address?", FORGET),
        ("请删除关于我前任的信息", FORGET),
        ("Please remember my locker is number 40", REMEMBER),
        ("帮我记住，周四交房租", REMEMBER),
    ],
)
def test_control_is_read_only_when_addressed_to_the_assistant(text: str, kind: str | None) -> None:
    found = control_of(text)
    assert (found.kind if found else None) == kind, text
