"""Erasure leaves no words behind: after each kind of erasure (forget a fact, a message, a
user; a spoken "forget that …"), how many of the erased words are still somewhere in the
store's files (SQLite: the raw bytes of the main file and its WAL, read while the store is
open) or, on Neo4j, in a node's properties or a fulltext index's hits; each should read 0.
A word of a fact that was kept is looked for too, and must be found. Also the time one
erasure takes on a store of everyday messages (SQLite merges its full-text indexes and
truncates its WAL after every erasure: graphmem/stores/sqlite/wipe.py).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from itertools import islice
from pathlib import Path
from typing import Any

from benchmarks import synth
from graphmem import Memory
from graphmem.text.terms import terms

#: Made-up words of facts to erase and of a fact to keep (English; Chinese that a word
#: segmenter keeps whole), with the messages that state them.
SAID = {"allergy": "I'm allergic to vornakelp.", "employer_zh": "我在饕餮坊上班。",
        "employer_en": "I work at Plimberwick Freight.", "kept": "My sister Ostravel lives in Lima."}  # fmt: skip
ERASED = ("vornakelp", "Plimberwick", "饕餮坊")
KEPT = "Ostravel"
MENTION = "Plimberwick Freight moved their office again."
SPOKEN = ("Please forget everything about vornakelp.", "Forget that I worked at Plimberwick Freight.",
          "请把我在饕餮坊上班这件事忘掉。")  # fmt: skip


def _needles(word: str) -> list[bytes]:
    """The word, its index terms, and their tails of six letters and more (an index stores
    a term after the prefix it shares with the one before); CJK terms of one character
    are no evidence (three bytes a vector may hold by chance)."""
    found = set()
    for form in (word.lower(), *terms(word)):
        if form.isascii():
            found.update(form[k:] for k in range(max(1, len(form) - 5)))
        elif len(form) > 1:
            found.add(form)
    return [f.encode() for f in found]


def _in_files(path: Path, word: str) -> bool:
    data = b"".join(p.read_bytes() for p in (path, Path(f"{path}-wal")) if p.exists()).lower()
    return any(n in data for n in _needles(word))


def _seed(mem: Memory, user: str, keeper: str, filler: int) -> None:
    for i, text in enumerate(islice(synth.messages(f"erasure-{user}"), filler)):
        mem.remember(user, text, ref=f"{user}-f{i}")
    for key in ("allergy", "employer_en", "employer_zh"):
        mem.remember(user, SAID[key], ref=f"{user}-{key}")
    mem.remember(user, MENTION, ref=f"{user}-mention")
    mem.remember(keeper, SAID["kept"], ref=f"{keeper}-kept")


def _forget_facts(mem: Memory, user: str) -> None:
    for f in mem.facts(user, include_frozen=True):
        if any(w in str(f.value) for w in ERASED):
            mem.forget(user, f.id)


def _forget_messages(mem: Memory, user: str) -> None:
    for key in ("allergy", "employer_en", "employer_zh", "mention"):
        mem.forget_episode(user, f"{user}-{key}")


def _spoken(mem: Memory, user: str) -> None:
    for request in SPOKEN:
        mem.remember(user, request)


KINDS: dict[str, Callable[[Memory, str], Any]] = {
    "forget fact": _forget_facts,
    "forget message": _forget_messages,
    "forget user": lambda mem, user: mem.forget_user(user),
    "spoken forget": _spoken,
}


def sqlite_rows(workdir: Path, filler: int) -> list[dict[str, Any]]:
    """One row per kind of erasure on a fresh SQLite store of `filler` everyday messages."""
    rows = []
    for kind, erase in KINDS.items():
        path = workdir / f"erasure-{kind.replace(' ', '-')}.db"
        mem = Memory(str(path))
        try:
            user = "erase"
            keeper = "keep" if kind == "forget user" else user
            _seed(mem, user, keeper, filler)
            before = sum(_in_files(path, w) for w in ERASED)
            t = time.perf_counter()
            erase(mem, user)
            seconds = time.perf_counter() - t
            left = sum(_in_files(path, w) for w in ERASED)
            rows.append({"store": "SQLite", "kind": kind, "messages": filler + 4, "words": len(ERASED),
                         "stored_before": before, "left": left, "kept_found": _in_files(path, KEPT),
                         "seconds": seconds, "mb": round(path.stat().st_size / 1e6, 1)})  # fmt: skip
        finally:
            mem.close()
    return rows


_HOLDERS = (
    "MATCH (n) WHERE n.user_id IN $users UNWIND keys(n) AS k WITH n, k "
    "WHERE (n[k] IS :: STRING AND toLower(n[k]) CONTAINS $word) "
    "OR (n[k] IS :: LIST<STRING> AND any(x IN n[k] WHERE toLower(x) CONTAINS $word)) RETURN count(*) AS n"
)
_FULLTEXT = (
    "CALL db.index.fulltext.queryNodes($index, $lucene) YIELD node "
    "WHERE node.user_id IN $users RETURN count(node) AS n"
)


def neo4j_rows(uri: str, filler: int) -> list[dict[str, Any]]:
    """The same on Neo4j, counted in node properties and fulltext hits (what the server's
    files keep for a while is in the README, "Erasure")."""
    rows = []
    mem = Memory(uri)
    try:
        for kind, erase in KINDS.items():
            token = uuid.uuid4().hex[:8]
            user, keeper = f"erase-{token}", (f"keep-{token}" if kind == "forget user" else f"erase-{token}")
            users = sorted({user, keeper})
            _seed(mem, user, keeper, filler)

            def held(word: str, users: list[str] = users) -> bool:
                with mem.store._driver.session() as s:  # a benchmark reads the server directly
                    if s.run(_HOLDERS, word=word.lower(), users=users).single()["n"]:
                        return True
                    return any(
                        s.run(_FULLTEXT, index=index, lucene=t, users=users).single()["n"]
                        for index in ("graphmem_fact_text", "graphmem_episode_text")
                        for t in terms(word)
                        if len(t) > 1
                    )

            before = sum(held(w) for w in ERASED)
            t = time.perf_counter()
            erase(mem, user)
            seconds = time.perf_counter() - t
            rows.append({"store": "Neo4j", "kind": kind, "messages": filler + 4, "words": len(ERASED),
                         "stored_before": before, "left": sum(held(w) for w in ERASED),
                         "kept_found": held(KEPT), "seconds": seconds, "mb": None})  # fmt: skip
            for u in users:
                mem.forget_user(u)
    finally:
        mem.close()
    return rows


def table_rows(rows: list[dict[str, Any]]) -> list[list[Any]]:
    return [[r["store"], r["kind"], r["messages"], f"{r['stored_before']}/{r['words']}", r["left"],
             "yes" if r["kept_found"] else "NO", f"{1000 * r['seconds']:.0f}"] for r in rows]  # fmt: skip


HEADER = ["store", "erasure", "messages", "erased words stored before", "words left in store files",
          "kept word found", "erasure ms"]  # fmt: skip
