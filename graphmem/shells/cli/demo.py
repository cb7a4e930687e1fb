"""`graphmem demo`: a short scripted session that shows the three failure families handled.

串味 (leakage): two users with overlapping topics never see each other's memories.
顽固 (stale):   a correction supersedes the old fact, which stays frozen and audited.
失忆 (amnesia): the memory survives closing and reopening the store (a restart).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from graphmem.gate import redact
from graphmem.memory import Memory
from graphmem.shells.cli.output import print_history, print_recall, print_remember

_SCRIPT: list[tuple[str, str, str]] = [
    ("alice", "我在蓝鲸网络做运维，平时喜欢下围棋。", "2026-01-05T10:00:00+08:00"),
    ("alice", "我女儿朵朵对花生过敏。", "2026-01-06T10:00:00+08:00"),
    ("alice", "我的信用卡号是 4111 1111 1111 1111，帮我记住。", "2026-01-06T10:05:00+08:00"),
    ("bob", "I'm a nurse at St. Mary's Hospital and I love horror movies.", "2026-01-05T09:00:00Z"),
    ("bob", "My brother Tom works at Google.", "2026-01-07T09:00:00Z"),
    ("alice", "我已经从蓝鲸网络离职了，现在在海川银行做数据分析师。", "2026-02-20T10:00:00+08:00"),
    ("bob", "I can't stand horror movies anymore, they give me nightmares.", "2026-03-01T09:00:00Z"),
]

_QUERIES: list[tuple[str, str, str]] = [
    ("alice", "我现在在哪上班？", "2026-02-21T09:00:00+08:00"),
    ("alice", "周末给我女儿买什么零食好？", "2026-02-21T09:00:00+08:00"),
    ("bob", "Where does my brother work?", "2026-03-02T09:00:00Z"),
    ("bob", "Suggest a movie for tonight", "2026-03-02T09:00:00Z"),
    ("bob", "我在哪上班？", "2026-03-02T09:00:00Z"),
]


def run_demo(store: str | None, s: Any) -> int:

    tmp = None
    if store is None:
        tmp = tempfile.TemporaryDirectory(prefix="graphmem-demo-")
        store = str(Path(tmp.name) / "demo.db")
    print(s.bold(f"graphmem demo — store: {store}\n"))
    try:
        mem = Memory(store)
        print(s.bold("1. Remembering (write gate → extraction → arbitration)"))
        for n, (user, text, at) in enumerate(_SCRIPT, 1):
            print(f"{s.cyan(user)} says: {redact(text)}")
            # A ref names one message (and keys the write: a repeated ref is a retry).
            print_remember(mem.remember(user, text, at=at, ref=f"demo-{user}-{n}"), s)
        mem.close()

        print(s.bold("\n2. Restart: the store is closed and opened again (失忆 / amnesia)"))
        mem = Memory(store)
        print(f"alice employer → {[f.value for f in mem.get('alice', 'employer')]}")
        print(f"bob employer   → {[f.value for f in mem.get('bob', 'employer')]}")

        print(s.bold("\n3. Corrections supersede, never delete (顽固 / stale memory)"))
        print_history(mem.history("alice", "employer"), s)
        print_history(mem.history("bob", "likes"), s)

        print(s.bold("\n4. Recall is per user, fused from graph + BM25 + vector (串味 / leakage)"))
        for user, query, at in _QUERIES:
            print(f"{s.cyan(user)} asks: {query}")
            print_recall(mem.recall(user, query, k=4, at=at), s)

        print(s.bold("\n5. The MemoryContext block an agent puts before the user's message"))
        print(mem.context("alice", "周末给我女儿买什么零食好？", k=3, at="2026-02-21T09:00:00+08:00").text)
        mem.close()
    finally:
        if tmp is not None:
            tmp.cleanup()
    return 0
