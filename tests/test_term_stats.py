"""The SQLite store's BM25 statements leave out words too common to be evidence, on a large
index only; what the rarer words find is found and ranked as before, and every hit still
belongs to the user asked about."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.stores.sqlite import term_stats
from graphmem.text.terms import terms

T0 = datetime(2024, 3, 1, 9, 0, tzinfo=timezone.utc)
FILLER = ("a quiet walk", "the weekly groceries", "a podcast episode", "some laundry", "an old sitcom",
          "a long nap", "the garden hose", "a crossword")  # fmt: skip


def _fill(mem: Memory, user: str, n: int) -> None:
    # Every message says "honestly": a word in all of this user's turns.
    for i in range(n):
        mem.remember(user, f"Honestly, today was mostly {FILLER[i % len(FILLER)]} number {i}.",
                     at=T0 + timedelta(minutes=i), ref=f"f{i}")  # fmt: skip


@pytest.fixture
def small_index(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(term_stats, "MIN_ROWS", 40)  # stands for the 2,000 of a real store


def test_common_word_is_left_out_rare_word_still_finds(tmp_path: Path, small_index: None) -> None:
    mem = Memory(tmp_path / "m.db")
    try:
        _fill(mem, "kim", 50)
        mem.remember("kim", "Honestly, the kayak club meets at the quarry lake.", at=T0 + timedelta(days=1))
        mem.remember("lee", "The kayak rental by the quarry lake closes at six.", at=T0 + timedelta(days=1))
        r = mem.store.reader("kim")
        assert mem.store.episode_terms.informative(r.statements.execute, ["honestly", "kayak"]) == ["kayak"]
        hits = r.search_episodes_text(["honestly", "kayak"], 10)
        texts = [e.text for e in r.episodes(ids=[eid for eid, _ in hits])]
        assert texts == ["Honestly, the kayak club meets at the quarry lake."]  # lee's turn is not kim's
        # Only the common word: nothing to search for, rather than thousands of weak matches.
        assert r.search_episodes_text(["honestly"], 10) == []
    finally:
        mem.close()


def test_small_index_keeps_every_word(tmp_path: Path) -> None:
    mem = Memory(tmp_path / "m.db")
    try:
        _fill(mem, "kim", 12)
        r = mem.store.reader("kim")
        assert mem.store.episode_terms.informative(r.statements.execute, ["honestly", "nap"]) == [
            "honestly",
            "nap",
        ]
        assert len(r.search_episodes_text(["honestly"], 20)) == 12
    finally:
        mem.close()


def test_fact_search_leaves_out_common_words_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(term_stats, "MIN_ROWS", 10)
    mem = Memory(tmp_path / "m.db")
    try:
        for i, food in enumerate(("mango", "papaya", "lychee", "guava", "durian", "kiwi", "fig", "plum",
                                  "quince", "pomelo", "apricot", "lime")):  # fmt: skip
            mem.remember("kim", f"I really like {food} smoothies.", at=T0 + timedelta(minutes=i))
        assert len(mem.facts("kim")) >= 10
        r = mem.store.reader("kim")
        words = terms("durian smoothies")  # the words as the index holds them
        assert mem.store.fact_terms.informative(r.statements.execute, words) == terms("durian")
        hits = r.search_text(words, 5)
        assert hits and all("durian" in f.value for f in r.facts(ids=[fid for fid, _ in hits]))
    finally:
        mem.close()
