"""Forgets said after the fact that point back or name the topic in other words (on SQLite and
Neo4j): "关于我前男友的那些，都删了吧" (the topic, then the act alone), "那个健身教练，关于他的都
忘了吧" (a pronoun for the one pointed at), "forget the engagement idea" reaching "thinking of
getting engaged", a Chinese topic of two words said apart ("邻居吵架" reaches "跟邻居大吵了一
通"), and what the same message turned to after "另外" / "also" stays. Garbage the turns held
before is gone too: an operation at a hospital is no job, "在帮我…" no workplace. The sentences
are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.gate.forget_request import topic_request


def _said(mem: Memory, user: str) -> str:
    return " ".join(f"{f.value} {f.source_text}" for f in mem.facts(user))


@pytest.mark.parametrize(
    ("request_", "topic"),
    [
        ("关于我前男友的那些，都删了吧，不想再看到", "前男友"),
        ("那个健身教练，关于他的都忘了吧", "健身教练"),
        ("装修那个计划先不搞了，这事你也别记了", "装修"),
    ],
)
def test_the_topic_pointed_back_at(request_: str, topic: str) -> None:
    req = topic_request(request_)
    assert req is not None and topic in req.topic, req


@pytest.mark.both_stores
def test_a_topic_of_two_words_said_apart_zh(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("two-words")
    mem.remember(user, "昨晚跟楼上邻居大吵了一通，他家半夜还在拖椅子", at="2026-10-01T21:00:00+08:00")
    mem.remember(user, "我在一家医药公司做质检", at="2026-10-02T21:00:00+08:00")
    mem.remember(user, "跟邻居吵架那件事别记了，丢人", at="2026-10-05T21:00:00+08:00")
    said = _said(mem, user)
    assert "拖椅子" not in said and "质检" in said, said


@pytest.mark.both_stores
def test_a_plan_named_by_another_form_of_its_word_en(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("engage")
    mem.remember(
        user,
        "thinking of proposing to Imogen at the lighthouse in May, ring shopping is terrifying",
        at="2026-10-01T09:00:00Z",
    )
    mem.remember(user, "I teach chemistry at Hollins Academy", at="2026-10-02T09:00:00Z")
    mem.remember(user, "forget the proposal plan, it's off for now", at="2026-10-05T09:00:00Z")
    said = _said(mem, user)
    assert "lighthouse" not in said and "chemistry" in said.lower(), said


@pytest.mark.both_stores
def test_what_the_message_turned_to_stays(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("turned-to")
    mem.remember(
        user,
        "my brother Silas is in rehab again, it's been a rough month; also I started learning the cello",
        at="2026-10-01T09:00:00Z",
    )
    mem.remember(user, "that stuff about my brother, please don't keep it", at="2026-10-05T09:00:00Z")
    said = _said(mem, user)
    assert "rehab" not in said and "cello" in said, said
    zh = uid("turned-to-zh")
    mem.remember(
        zh, "我爸下周在协和做心脏搭桥；另外我最近迷上了飞盘，周末都去", at="2026-10-01T21:00:00+08:00"
    )
    mem.remember(zh, "我爸手术的事就别存了", at="2026-10-05T21:00:00+08:00")
    said = _said(mem, zh)
    assert "搭桥" not in said and "飞盘" in said, said


def test_an_operation_or_a_favour_is_no_job(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("no-job")
    mem.remember(user, "我下周在中山医院做胃镜", at="2026-10-01T21:00:00+08:00")
    mem.remember(user, "同事小林这几天在帮我整理报表", at="2026-10-01T21:05:00+08:00")
    work = [(f.attribute, f.value) for f in mem.facts(user) if f.attribute in ("employer", "job_title")]
    assert work == [], work
