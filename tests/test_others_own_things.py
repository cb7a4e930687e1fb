"""What someone the user speaks of has is theirs, not the user's: a friend's dog, a sister's
cat, a cousin's twins. It is kept on that person, reached by the multi-hop path ("what is my
neighbour's dog called?"), and the user's own pets and children stay what they said. Run on
every store. The sentences are this file's own; the rules read the shape (a relation word, a
name, a verb of having), not these words."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

AT = "2026-06-02T18:30:00Z"

# (message, (owner, attribute, value) kept, a question reaching it, what the user's own
# `attribute` must not hold)
CASES = {
    "a neighbour's dog (en)": (
        "my neighbour Priya has a husky named Juno lol she howls all night",
        ("Priya", "pet", "Juno"),
        "what's my neighbour's dog called?",
        "Juno",
    ),
    "a sister's cat, no name for her (en)": (
        "my sister just adopted a tabby called Pickle",
        ("sister", "pet", "Pickle"),
        "what is my sister's cat's name?",
        "Pickle",
    ),
    "a cousin's children (en)": (
        "my cousin Dev has twin boys, Arlo and Finn",
        ("Dev", "child", "Arlo"),
        "what are my cousin's kids called?",
        "Arlo",
    ),
    "a cousin's cat, named after a verb (zh)": (
        "我表哥阿峰养了一只英短叫团子",
        ("阿峰", "pet", "团子"),
        "我表哥的猫叫什么？",
        "团子",
    ),
    "what is at a colleague's home (zh)": (
        "我同事老周家有只泰迪，天天叫",
        ("老周", "pet", "泰迪"),
        "老周家的狗是什么品种",
        "泰迪",
    ),
}


def _values(mem: Memory, user: str, owner: str, attribute: str) -> set[str]:
    return {str(f.value) for f in mem.facts(user) if f.subject_name == owner and f.attribute == attribute}


@pytest.mark.parametrize("case", list(CASES))
def test_what_someone_has_is_theirs(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, (owner, attribute, value), question, not_mine = CASES[case]
    user = uid("theirs")
    mem.remember(user, said, at=AT)
    assert value in _values(mem, user, owner, attribute), (
        case,
        [(f.subject_name, f.attribute, f.value) for f in mem.facts(user)],
    )
    assert not_mine not in _values(mem, user, "self", attribute), case
    found = [it.fact for it in mem.recall(user, question, k=3, at=AT) if it.fact is not None]
    assert any(f.subject_name == owner and f.value == value for f in found), (case, found)


def test_the_users_own_pet_is_still_theirs(mem: Memory, uid: Callable[[str], str]) -> None:
    """The same shape with the user as the one who has: the link stays the user's."""
    user = uid("mine")
    mem.remember(user, "got a greyhound named Comet last spring", at=AT)
    mem.remember(user, "我自己也养了只三花，叫花卷", at=AT)
    assert {"Comet", "花卷"} <= _values(mem, user, "self", "pet")


def test_names_said_again_after_a_list_make_no_new_relative(mem: Memory, uid: Callable[[str], str]) -> None:
    """养了两只猫，叫X和Y: the second clause names the animals just listed, not one more person."""
    user = uid("listed")
    mem.remember(user, "我姑姑养了两只兔子，叫棉花和糖豆", at=AT)
    facts = [(f.subject_name, f.attribute, str(f.value)) for f in mem.facts(user)]
    assert ("姑姑", "pet", "棉花") in facts and ("姑姑", "pet", "糖豆") in facts, facts
    assert not any("和" in v for _, a, v in facts if a != "note"), facts
