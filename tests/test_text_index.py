"""The SQLite store ranks BM25 in memory (stores/text_index.py, sqlite/text_cache.py): the
same scores as FTS5's bm25() over the user's own rows, never another user's rows or
statistics, and up to date with what any process wrote, rewrote or deleted."""

from __future__ import annotations

import math
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from graphmem import Memory
from graphmem.stores.sqlite import SQLiteStore
from graphmem.stores.text_index import TextIndex
from graphmem.text.terms import terms

T0 = datetime(2025, 2, 3, 9, 0, tzinfo=timezone.utc)
LATER = T0 + timedelta(days=30)

SAYINGS = [
    "I restore old typewriters in my garage on weekends.",
    "My neighbour Tomasz lends me his drill press.",
    "We adopted a greyhound called Pickle last spring.",
    "I'm allergic to shellfish, especially shrimp.",
    "My daughter Ines is learning the cello.",
    "The cello teacher lives near the old tram depot.",
    "I drink my coffee black, no sugar.",
    "We're planning a trip to Porto in October.",
    "My brother fixes bikes at a shop downtown.",
    "I've been reading a lot about beekeeping.",
    "我在杭州的一家设计公司上班。",
    "周末我们常去西湖边骑车。",
]
QUESTIONS = ["typewriters garage", "who plays the cello?", "coffee sugar", "trip Porto", "bikes shop",
             "我在哪里上班", "西湖 骑车", "greyhound Pickle", "shrimp allergy", "tram depot teacher"]  # fmt: skip


def _fill(mem: Memory, user: str, n: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for i in range(n):
        role = "assistant" if i % 3 == 2 else "user"
        mem.remember(user, rng.choice(SAYINGS), role=role, at=T0 + timedelta(minutes=i), ref=f"{user}-{i}")


def _both(mem: Memory, user: str, question: str) -> tuple[list[Any], list[Any], list[Any], list[Any]]:
    """(facts in memory, facts by FTS5, episodes in memory, episodes by FTS5), scores rounded."""
    q = mem._recaller.prepare(question, 6)
    r = mem.store.reader(user)
    facts = r.search_text(q.own_terms, 40, q.related)
    facts_fts = r.fact_search.search_fts(q.own_terms, 40, q.related)
    episodes = r.search_episodes_text(q.own_terms, 40, q.related)
    ids = dict(r.statements.execute("SELECT rowid, id FROM episodes WHERE user_id = ?", (user,)).fetchall())
    episodes_fts = [(ids[rowid], s) for rowid, s in r.episode_rows.search_fts(q.own_terms, 40, q.related)]

    def norm(hits: list[tuple[str, float]]) -> list[tuple[float, str]]:
        return sorted((round(s, 9), i) for i, s in hits)

    return norm(facts), norm(facts_fts), norm(episodes), norm(episodes_fts)


def test_scores_equal_fts5_bm25_for_a_store_of_one_user(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db") as mem:
        _fill(mem, "rui", 60)
        compared = 0
        for question in QUESTIONS:
            facts, facts_fts, episodes, episodes_fts = _both(mem, "rui", question)
            assert facts == facts_fts and episodes == episodes_fts, question
            compared += len(facts) + len(episodes)
        assert compared > 50  # the questions found things: equal lists, not empty ones
        assert mem.store.episode_text.total > 0  # ... and the in-memory index served them


def test_another_users_rows_change_neither_hits_nor_scores(tmp_path: Path) -> None:
    with Memory(tmp_path / "alone.db") as alone, Memory(tmp_path / "shared.db") as shared:
        _fill(alone, "rui", 40, seed=1)
        _fill(shared, "rui", 40, seed=1)
        _fill(shared, "noor", 120, seed=2)  # the same words, three times as often
        for question in QUESTIONS:
            a = [[s for s, _ in hits] for hits in _both(alone, "rui", question)[::2]]
            b = _both(shared, "rui", question)
            assert a == [[s for s, _ in hits] for hits in b[::2]], question
            mine = {e.id for e in shared.store.reader("rui").episodes()}
            assert {i for _, i in b[2]} <= mine
            assert all(it.episode is None or it.episode.id in mine
                       for it in shared.recall("rui", question, k=8, at=LATER))  # fmt: skip


def test_writes_of_another_process_are_seen(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with Memory(path) as reader, Memory(path) as writer:
        writer.remember("kai", "My sister Odile runs a bakery in Lyon.", at=T0)
        assert any("Odile" in it.text for it in reader.recall("kai", "bakery Lyon", k=5, at=LATER))
        # A new message, and a reply that adds its words to the question's context row.
        writer.remember("kai", "Any idea what to plant on a shady balcony?", at=T0 + timedelta(minutes=1))
        writer.remember("kai", "Ferns and hostas like shade.", role="assistant", at=T0 + timedelta(minutes=2))
        found = reader.recall("kai", "hostas", k=5, at=LATER)
        assert [it.episode.text for it in found if it.episode][:2] == [
            "Ferns and hostas like shade.", "Any idea what to plant on a shady balcony?"]  # fmt: skip
        # A forgotten message is gone from the other process's index too (a new epoch).
        ref = "odile-msg"
        writer.remember("kai", "Odile's bakery sells rye loaves.", at=T0 + timedelta(minutes=3), ref=ref)
        assert any("rye" in it.text for it in reader.recall("kai", "rye loaves", k=5, at=LATER))
        assert writer.forget_episode("kai", ref, at=LATER) >= 1
        assert not any("rye" in it.text for it in reader.recall("kai", "rye loaves", k=5, at=LATER))


def test_a_user_deleted_and_made_again_elsewhere_is_read_afresh(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with Memory(path) as reader, Memory(path) as writer:
        for i in range(5):
            writer.remember("lin", f"Note {i}: the kiln fires at noon.", at=T0 + timedelta(minutes=i))
        assert reader.recall("lin", "kiln", k=5, at=LATER)
        writer.forget_user("lin")
        writer.remember("lin", "I paint watercolours of harbours.", at=T0)
        for i in range(8):  # the new user's revs pass the old one's
            writer.remember("lin", f"Harbour sketch number {i}.", at=T0 + timedelta(minutes=i + 1))
        assert reader.recall("lin", "kiln", k=5, at=LATER) == []
        assert any("watercolours" in it.text for it in reader.recall("lin", "watercolours", k=5, at=LATER))


def test_a_search_inside_a_write_sees_its_own_rows_and_keeps_no_index_of_them(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db") as mem:
        mem.remember("eli", "I collect vintage postcards of lighthouses.", at=T0)
        store = mem.store

        def add_then_search(w: Any) -> list[tuple[str, float]]:
            from graphmem.model import Episode

            w.add_episode(
                Episode("e-new", "eli", "user", "lighthouses at dusk", T0, None), terms("lighthouses at dusk")
            )
            hits = w.search_episodes_text(terms("dusk"), 5)
            raise RuntimeError(f"abandon the write after {hits}")

        with pytest.raises(RuntimeError, match="e-new"):  # the uncommitted row was found
            store.write("eli", add_then_search)
        assert store.reader("eli").search_episodes_text(terms("dusk"), 5) == []
        assert store.reader("eli").search_episodes_text(terms("lighthouses"), 5)


def test_a_user_over_the_budget_is_searched_in_fts5(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with Memory(path) as mem:
        _fill(mem, "ana", 30)
        expected = {q: _both(mem, "ana", q)[1::2] for q in QUESTIONS}
    with Memory(SQLiteStore(path, text_cache_mb=0.001)) as small:
        for question in QUESTIONS:
            facts, facts_fts, episodes, episodes_fts = _both(small, "ana", question)
            assert (facts, episodes) == (facts_fts, episodes_fts) == expected[question]
        assert small.store.episode_text.total == 0


def test_rows_replaced_and_removed_score_as_a_fresh_index() -> None:
    rng = random.Random(7)
    words = "kite river amber falcon tide lantern moss quarry velvet ember".split()
    index = TextIndex((1.0, 0.5), fixed_length=1)
    rows: dict[int, tuple[str, str]] = {}
    for _ in range(3_000):
        rowid = rng.randrange(1, 400)
        if rng.random() < 0.25:
            index.remove(rowid)
            rows.pop(rowid, None)
        else:
            cols = (
                " ".join(rng.choices(words, k=rng.randint(1, 6))),
                " ".join(rng.choices(words, k=rng.randint(0, 4))),
            )
            index.put(rowid, cols)
            rows[rowid] = cols
    fresh = TextIndex((1.0, 0.5), fixed_length=1)
    for rowid, cols in sorted(rows.items()):
        fresh.put(rowid, cols)
    assert index.rows == fresh.rows == len(rows)
    for query in (["kite"], ["moss", "ember"], words):
        got = dict(index.search(query, limit=500))
        want = dict(fresh.search(query, limit=500))
        assert got.keys() == want.keys() and all(math.isclose(got[k], want[k]) for k in got)
        assert all(index.df(w) == fresh.df(w) for w in query)


def test_equal_scores_rank_the_earlier_row_first_and_removed_rows_never_return() -> None:
    index = TextIndex((1.0,), fixed_length=1)
    for rowid in range(1, 9):
        index.put(rowid, ("amber falcon",))
    index.put(20, ("quarry",))  # a row no query word is in
    index.remove(3)
    index.remove(6)
    index.put(2, ("amber falcon",))  # written again: now the latest of its equals
    index.put(5, ("moss",))  # rewritten without the words
    hits = index.search(["falcon"], limit=10)
    assert [r for r, _ in hits] == [1, 4, 7, 8, 2]
    score = hits[0][1]
    assert score > 0 and all(s == score for _, s in hits)
    kept = index.search(["falcon"], lambda rows: [r for r in rows if r != 4], limit=3)
    assert kept == [(1, score), (7, score), (8, score)]
    assert index.search(["lantern"], limit=5) == []
