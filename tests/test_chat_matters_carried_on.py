"""A matter carried on in the next turn, by a pronoun or an "and": forgetting the matter takes the
turn that carried it on too ("my old roommate Tessa borrowed my car…" then "and she dented the
bumper"; 前男友阿杰又来借钱 then 而且那人之前借的五千还没还), unless that turn also said who the
user is. And people and pets named loosely: "Biscuit (the fat beagle, my pride n joy) …",
我家狗子旺财，土狗一只, a son said the homely way with his names (我家小子 大名…小名…). The
sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import held_on_user, left_of

#: (the matter, its next turn a few minutes later, something else the next day, the request,
#:  words that must be gone, a word that must stay)
CARRIED = {
    "a roommate's story carried on by 'and she' (en)": (
        "my old roommate Tessa borrowed my car again without asking", "and she dented the bumper, classic",
        "I'm allergic to cats btw", "please delete everything about my old roommate",
        ["bumper", "Tessa"], "cats",
    ),
    "an ex's story carried on by 而且那人 (zh)": (
        "我前男友阿杰又来找我借钱", "而且那人之前借的五千还没还", "我在图书馆上班", "把我前男友的事都删了",
        ["五千", "阿杰"], "图书馆",
    ),
}  # fmt: skip

#: (turns a few minutes apart, the request a day later, the attribute and value that must stay)
KEPT = {
    "the next turn also said who the user is (en)": (
        ["my ex Jonah texted me again", "and I'm allergic to peanuts, unrelated but write that down"],
        "forget the stuff about my ex", "allergy", "peanuts",
    ),
}  # fmt: skip

#: (what is said, the pet that must be held, or None for none of that name)
PETS = {
    "a pet named before an aside that says its kind (en)": (
        "Biscuit (the fat beagle, my pride n joy) has his checkup w Dr. Okafor thurs", "biscuit",
    ),
    "a pet named at its clause's end (zh)": ("我家狗子旺财，土狗一只，最近狂掉毛", "旺财"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CARRIED))
def test_the_turn_that_carried_it_on_is_forgotten(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    told, carried, other, asked, gone, kept = CARRIED[case]
    user = uid("carried")
    mem.remember(user, told, at="2026-04-02T20:00:00Z")
    mem.remember(user, carried, at="2026-04-02T20:03:00Z")
    mem.remember(user, other, at="2026-04-03T09:00:00Z")
    mem.remember(user, asked, at="2026-04-05T09:00:00Z")
    left = left_of(mem, user)
    assert not [g for g in gone if g in left], (case, left)
    assert kept in left, (case, left)


@pytest.mark.parametrize("case", list(KEPT))
def test_a_next_turn_that_said_who_the_user_is_stays(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    said, asked, attribute, value = KEPT[case]
    user = uid("kept")
    for n, text in enumerate(said):
        mem.remember(user, text, at=f"2026-04-02T20:0{n}:00Z")
    mem.remember(user, asked, at="2026-04-03T09:00:00Z")
    assert value in held_on_user(mem, user).get(attribute, set()), case


@pytest.mark.parametrize("case", list(PETS))
def test_the_pet_is_named(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, name = PETS[case]
    user = uid("pet")
    mem.remember(user, said, at="2026-04-02T20:00:00+08:00")
    assert name in held_on_user(mem, user).get("pet", set()), case


def test_a_son_said_the_homely_way_is_named(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("son")
    mem.remember(user, "我家小子 大名陈浩然 小名土豆 调皮得很", at="2026-04-02T20:00:00+08:00")
    assert "陈浩然" in held_on_user(mem, user).get("child", set())
    assert "土豆" not in held_on_user(mem, user).get("preferred_name", set())  # his, not the user's


def test_a_neighbours_pet_in_an_aside_is_not_the_users(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("not-mine")
    mem.remember(
        user,
        "Pepper (the neighbour's beagle, my favourite visitor) barked all night",
        at="2026-04-02T20:00:00Z",
    )
    assert "pepper" not in held_on_user(mem, user).get("pet", set())


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_turn_that_carried_it_on_is_forgotten(mem, uid, "an ex's story carried on by 而且那人 (zh)")
