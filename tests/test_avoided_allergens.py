"""Allergies said by what to keep away and what it did (on SQLite and Neo4j), not by "allergic
to": a known allergen kept away (no, without, keep … out; 别放, 不能碰) beside a reaction (the ER,
an EpiPen, anaphylaxis; 急诊, 过敏) is the user's allergy. A dislike kept away without a
reaction, someone else's reaction, and a hedge are not. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory


def _allergies(mem: Memory, user: str) -> list[str]:
    return sorted(
        str(f.value) for f in mem.facts(user) if f.attribute == "allergy" and f.subject_name == "self"
    )


@pytest.mark.both_stores
@pytest.mark.parametrize(
    ("said", "allergy"),
    [
        ("heads up, zero cashews in anything you plan for me, last time I needed the epipen", "cashews"),
        ("order for me but hold the sesame - ended up in the emergency room in march over it", "sesame"),
        ("做菜千万别放虾，上回吃完喉咙肿了直接送医", "虾"),
    ],
)
def test_an_allergen_kept_away_beside_a_reaction(
    mem: Memory, uid: Callable[[str], str], said: str, allergy: str
) -> None:
    user = uid("avoid")
    mem.remember(user, said, at="2026-10-20T09:00:00Z")
    assert _allergies(mem, user) == [allergy]


@pytest.mark.parametrize(
    "said",
    [
        "no mushrooms on my pizza please, I can't stand the texture",  # a dislike: no reaction
        "no peanuts in the kids' snacks, my daughter's epipen is in her bag",  # someone else's reaction
        "maybe skip the shrimp, I might have had a mild allergic thing once",  # a hedge
    ],
)
def test_what_is_no_allergy_of_the_users(mem: Memory, uid: Callable[[str], str], said: str) -> None:
    user = uid("not-avoid")
    mem.remember(user, said, at="2026-10-20T09:00:00Z")
    assert _allergies(mem, user) == []
