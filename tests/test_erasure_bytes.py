"""Erasure leaves none of the erased words in the store's files.

SQLite: after each kind of erasure (forget a fact, forget a message, forget a user, a
spoken "forget that …", and the scrub of a forgotten value from other messages), the raw
bytes of the main file and of its WAL are searched for every erased word, while the store
is still open; none may be there, and a word of a fact that was not erased must be (so
the search can find what it looks for). Neo4j: the fulltext indexes no longer find the
erased words and the store's checkpoint after an erasure runs (README, "Erasure", says
what its files keep and for how long).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.text.terms import terms

#: Made-up words of the facts a test erases (English, and Chinese a word segmenter keeps
#: whole: 饕餮 is one term), and of facts it keeps.
ERASED = ("zembleweed", "Quarvendilo", "饕餮轩")
KEPT = ("Brisveth", "麒麟墨")

SAID = {
    "allergy": "I'm allergic to zembleweed.",
    "employer_en": "I work at Quarvendilo Logistics.",
    "employer_zh": "我在饕餮轩上班。",
    "sibling": "My sister Brisveth lives in Oslo.",
    "pet": "我的猫叫麒麟墨。",
}
#: Messages that name an erased value without being where its fact came from: the
#: forget scrubs the value from them.
MENTIONS = ("Ugh, zembleweed everywhere this week.", "Quarvendilo Logistics moved their office again.")

_FILLER_EN = ("We tried the {} place near the {} on {}.", "My {} keeps asking about the {} trip in {}.",
              "Remind me to buy {} and {} before {}.")  # fmt: skip
_FILLER_WORDS = ("noodle", "harbor", "Friday", "neighbour", "lantern", "autumn", "bakery", "canal", "Monday",
                 "cousin", "market", "winter", "pepper", "garden", "Sunday", "teacher", "museum", "spring")  # fmt: skip
_FILLER_ZH = ("周末和{}去{}吃了{}。", "下周要把{}的{}整理好。")
_FILLER_ZH_WORDS = ("同事", "公园", "火锅", "邻居", "书店", "面包", "表姐", "河边", "报告")


def _fill(mem: Memory, user: str, n: int, seed: int) -> None:
    """`n` everyday messages: enough rows that the full-text tables have many segments."""
    rng = random.Random(seed)
    for i in range(n):
        if i % 4 == 3:
            text = rng.choice(_FILLER_ZH).format(*rng.sample(_FILLER_ZH_WORDS, 3))
        else:
            text = rng.choice(_FILLER_EN).format(*rng.sample(_FILLER_WORDS, 3))
        mem.remember(user, text, ref=f"{user}-fill-{i}")


def _say_all(mem: Memory, user: str, keys: tuple[str, ...]) -> None:
    for key in keys:
        mem.remember(user, SAID[key], ref=f"{user}-{key}")


def _needles(word: str) -> list[bytes]:
    """What of `word` may sit in a file: the word, its index terms ("zemblewe") and, as an
    index compresses a term against the one before it, their tails of six letters and more
    (ASCII folded to lower case, as the search is). A CJK term of one character is no
    evidence (three bytes a vector may hold by chance): a word of several is."""
    found = set()
    for form in (word.lower(), *terms(word)):
        if form.isascii():
            found.update(form[k:] for k in range(max(1, len(form) - 5)))
        elif len(form) > 1:
            found.add(form)
    return [f.encode() for f in found]


def _found(path: Path, word: str) -> list[str]:
    """The store's files (main, WAL) whose bytes hold `word`."""
    hits = []
    for suffix in ("", "-wal"):
        f = Path(f"{path}{suffix}")
        if f.exists():
            data = f.read_bytes().lower()  # folds ASCII only: UTF-8 multibyte bytes are >= 0x80
            if any(n in data for n in _needles(word)):
                hits.append(f.name)
    return hits


def _fact_ids(mem: Memory, user: str, words: tuple[str, ...]) -> list[str]:
    return [f.id for f in mem.facts(user, include_frozen=True) if any(w in str(f.value) for w in words)]


def _forget_facts(mem: Memory, user: str, other: str) -> None:
    for fid in _fact_ids(mem, user, ERASED):
        assert mem.forget(user, fid)


def _forget_messages(mem: Memory, user: str, other: str) -> None:
    for key in ("allergy", "employer_en", "employer_zh"):
        assert mem.forget_episode(user, f"{user}-{key}") >= 1
    for i, _ in enumerate(MENTIONS):
        mem.forget_episode(user, f"{user}-mention-{i}")


def _forget_user(mem: Memory, user: str, other: str) -> None:
    assert mem.forget_user(user) > 0


def _spoken(mem: Memory, user: str, other: str) -> None:
    for request in ("Please forget everything about zembleweed.", "Forget that I worked at Quarvendilo Logistics.",
                    "请把我在饕餮轩上班这件事忘掉。"):  # fmt: skip
        r = mem.remember(user, request)
        assert r.retracted, request


KINDS: dict[str, Callable[[Memory, str, str], None]] = {
    "forget_fact": _forget_facts,
    "forget_message": _forget_messages,
    "forget_user": _forget_user,
    "spoken_forget": _spoken,
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_no_erased_word_is_left_in_the_sqlite_files(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "memory.db"
    mem = Memory(str(path))
    try:
        user, other = "erase-me", "keep-me"
        _fill(mem, user, 60, 1)
        _say_all(mem, user, ("allergy", "employer_en", "employer_zh"))
        for i, text in enumerate(MENTIONS):
            mem.remember(user, text, ref=f"{user}-mention-{i}")
        # What is kept: the same user's, except when the whole user goes.
        keeper = other if kind == "forget_user" else user
        _say_all(mem, keeper, ("sibling", "pet"))
        _fill(mem, other, 60, 2)
        assert all(_found(path, w) for w in (*ERASED, *KEPT))  # all stored, before

        KINDS[kind](mem, user, other)

        left = {w: _found(path, w) for w in ERASED}
        assert not any(left.values()), f"erased words still in the store's files: {left}"
        kept = {w: _found(path, w) for w in KEPT}
        assert all(kept.values()), f"kept words not found: {kept}"
        assert [f.value for f in mem.facts(keeper) if f.attribute == "sibling"] == ["Brisveth"]
        recalled = " ".join(str(it) for it in mem.recall(user, "zembleweed 饕餮轩 Quarvendilo", k=8)).lower()
        assert not [w for w in ERASED if w.lower() in recalled]
    finally:
        mem.close()


# ---- Neo4j: what the store promises ------------------------------------------------------

#: Every property of the test users' nodes that holds `$word`, in any case (other tests,
#: and this one's other kinds, share the server).
_HOLDERS = (
    "MATCH (n) WHERE n.user_id IN $users UNWIND keys(n) AS k WITH n, k "
    "WHERE (n[k] IS :: STRING AND toLower(n[k]) CONTAINS $word) "
    "OR (n[k] IS :: LIST<STRING> AND any(x IN n[k] WHERE toLower(x) CONTAINS $word)) "
    "RETURN labels(n)[0] + '.' + k AS holder"
)
_FULLTEXT = (
    "CALL db.index.fulltext.queryNodes($index, $lucene) YIELD node "
    "WHERE node.user_id IN $users RETURN count(node) AS n"
)


@pytest.mark.neo4j
@pytest.mark.parametrize("kind", list(KINDS))
def test_no_erased_word_is_left_in_neo4j_nodes_or_fulltext_indexes(neo4j_uri: str, kind: str) -> None:
    """After each kind of erasure no node holds an erased word, in any property (texts,
    context terms, idempotency records), and neither fulltext index finds one; a kept word
    still is held and found. (Store files, Lucene segments and transaction logs keep bytes
    for a while: README, "Erasure".)"""
    token = uuid.uuid4().hex[:8]
    user, other = f"erase-{token}", f"keep-{token}"
    mem = Memory(neo4j_uri)
    try:
        _fill(mem, user, 12, 1)
        _say_all(mem, user, ("allergy", "employer_en", "employer_zh"))
        for i, text in enumerate(MENTIONS):
            mem.remember(user, text, ref=f"{user}-mention-{i}")
        keeper = other if kind == "forget_user" else user
        _say_all(mem, keeper, ("sibling", "pet"))
        _fill(mem, user, 4, 3)  # replies after the mentions: context terms of theirs

        def holders(word: str) -> list[str]:
            with mem.store._driver.session() as s:
                return [r["holder"] for r in s.run(_HOLDERS, word=word.lower(), users=[user, other])]

        def found(word: str) -> int:
            with mem.store._driver.session() as s:
                return sum(
                    s.run(_FULLTEXT, index=index, lucene=t, users=[user, other]).single()["n"]
                    for index in ("graphmem_fact_text", "graphmem_episode_text")
                    for t in terms(word)
                    if len(t) > 1
                )

        assert all(holders(w) and found(w) for w in ERASED)

        KINDS[kind](mem, user, other)

        left = {w: (holders(w), found(w)) for w in ERASED}
        assert not any(h or n for h, n in left.values()), f"erased words still held or found: {left}"
        assert all(holders(w) and found(w) for w in KEPT)
    finally:
        mem.forget_user(user)
        mem.forget_user(other)
        mem.close()
