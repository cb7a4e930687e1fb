"""Subject first: a clause's subject is resolved before any attribute is mapped, so a pet's,
a shop's or a colleague's name or taste never becomes the user's. Both languages, every store."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

T0 = "2026-04-01T08:00:00Z"
T1 = "2026-04-02T08:00:00Z"


def values(facts: list) -> list[str]:
    return [f.value for f in facts]


@pytest.mark.parametrize(
    ("intro", "name", "other", "other_name"),
    [
        ("我叫林晓，在苏州做会计。", "林晓", "我们刚领养了一只橘猫，叫橙子。", "橙子"),
        ("我叫高远。", "高远", "我家对面新开了一家书店，叫半页书屋。", None),
        ("我是唐宁。", "唐宁", "去年养了条金毛，名字叫豆包。", "豆包"),
        (
            "My name is Carla Diaz.",
            "Carla Diaz",
            "We adopted a rescue beagle, we call him Waffles.",
            "Waffles",
        ),
        ("I'm Owen.", "Owen", "Got a kitten last week! Her name is Pickle.", "Pickle"),
        ("I'm Ruth.", "Ruth", "A new ramen place opened near my flat, it's called Noodle Nook.", None),
    ],
)
def test_a_name_in_a_clause_about_something_else_never_becomes_the_users(
    mem: Memory, uid: Callable[[str], str], intro: str, name: str, other: str, other_name: str | None
) -> None:
    u = uid("subj")
    mem.remember(u, intro, at=T0)
    mem.remember(u, other, at=T1)
    assert values(mem.get(u, "name")) == [name]
    assert mem.get(u, "preferred_name") == []
    if other_name:
        assert other_name in values(mem.get(u, "pet"))
    ctx = mem.context(u, "what is my name?", at=T1).text
    assert "我叫" not in ctx and "My name is" not in ctx


@pytest.mark.parametrize(
    ("text", "who", "attribute", "value"),
    [
        ("Dmitri on my team is allergic to sesame.", "Dmitri", "allergy", "sesame"),
        ("Keiko hates cilantro, so no cilantro in the team order.", "Keiko", "dislikes", "cilantro"),
        ("我同事小周不吃辣。", "小周", "dislikes", "辣"),
        ("我妹妹朵拉对芒果过敏。", "朵拉", "allergy", "芒果"),
    ],
)
def test_a_third_partys_taste_is_theirs(
    mem: Memory, uid: Callable[[str], str], text: str, who: str, attribute: str, value: str
) -> None:
    u = uid("third")
    mem.remember(u, text, at=T0)
    assert value not in values(mem.get(u, attribute))
    assert value in values(mem.get(u, attribute, subject=who))


@pytest.mark.parametrize(
    ("text", "children"),
    [
        ("I have two daughters, Ada and June.", {"Ada", "June"}),
        ("We've got three kids: Sam, Theo and Nora.", {"Sam", "Theo", "Nora"}),
        ("我有两个孩子，老大叫乐乐，老二叫安安。", {"乐乐", "安安"}),
    ],
)
def test_lists_of_children_are_linked_by_name(
    mem: Memory, uid: Callable[[str], str], text: str, children: set[str]
) -> None:
    u = uid("kids")
    mem.remember(u, text, at=T0)
    assert set(values(mem.get(u, "child"))) == children
    assert mem.get(u, "name") == []


@pytest.mark.parametrize(
    ("first", "second", "attribute", "kept", "new"),
    [
        ("我哥在武汉上班。", "我弟在西安工作。", "city", "武汉", "西安"),
        ("我姐姐是律师。", "我妹妹是设计师。", "job_title", "律师", "设计师"),
    ],
)
def test_an_elder_and_a_younger_sibling_are_two_people(
    mem: Memory, uid: Callable[[str], str], first: str, second: str, attribute: str, kept: str, new: str
) -> None:
    """哥 and 弟 (姐 and 妹) share a qualifier but not a person: what is said of the younger
    one never replaces what was said of the elder."""
    u = uid("sides")
    mem.remember(u, first, at=T0)
    mem.remember(u, second, at=T1)
    said = {f.value: f.subject_name for f in mem.facts(u) if f.attribute == attribute}
    assert kept in said and new in said and said[kept] != said[new], said
