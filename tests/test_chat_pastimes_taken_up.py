"""Pastimes and tastes taken up, said by how they fill one's days now ("bouldering has completely
taken over my life", "Hollow Knight era now", "got myself a sewing machine instead", "been baking
nothing but rye bread"; 现在下了班就去河边钓鱼, 闺女给我报了社区大学的国画班), and one on record let
go of by what is done with it ("uninstalled …", "sold my …"). What is none: work taking over
one's life. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import held_after, held_on_user

#: (what is said, attribute, a value with this in it must be held)
TAKEN_UP = {
    "a pastime that has taken over one's life (en)": (
        "bouldering has completely taken over my life, 5 sessions a week lol", "likes", "bouldering",
    ),
    "a game's era, said with its name (en)": ("Hollow Knight era now, send help", "likes", "hollow knight"),
    "a thing got instead (en)": ("sold the bike, got myself a sewing machine instead", "likes", "sewing machine"),
    "nothing but one thing made, its 'but' no clause of its own (en)": (
        "I've been baking nothing but rye bread since march", "likes", "rye bread",
    ),
    "a pastime kept after work, now (zh)": ("现在下了班就去河边钓鱼 一坐一晚上", "likes", "钓鱼"),
    "a class signed up for (zh)": ("闺女给我报了社区大学的国画班，周三上课", "skill", "国画"),
    "a taste one keeps thinking of (zh)": ("这阵子天天惦记着烤冷面 下班就想去买", "likes", "烤冷面"),
    "a craving said with 就 (zh)": ("天天就馋麻辣烫 也不知道咋回事", "likes", "麻辣烫"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(TAKEN_UP))
def test_the_pastime_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, value = TAKEN_UP[case]
    held = held_after(mem, uid("taken"), said, attribute)
    assert any(value in h for h in held), (case, held)


def test_work_taking_over_is_no_pastime(mem: Memory, uid: Callable[[str], str]) -> None:
    assert held_after(mem, uid("work"), "work has completely taken over my life", "likes") == []


@pytest.mark.parametrize(
    ("liked", "dropped", "gone"),
    [
        ("I love playing Fortnite", "uninstalled Fortnite for good, way too sweaty", "fortnite"),
        ("I'm really into my PS5 these days", "sold my PS5 last week, need the cash", "ps5"),
    ],
)
def test_a_pastime_let_go_of_is_no_longer_held(
    mem: Memory, uid: Callable[[str], str], liked: str, dropped: str, gone: str
) -> None:
    user = uid("dropped")
    mem.remember(user, liked, at="2026-03-01T10:00:00Z")
    assert any(gone in v for v in held_on_user(mem, user).get("likes", set()))
    mem.remember(user, dropped, at="2026-03-05T10:00:00Z")
    assert not any(gone in v for v in held_on_user(mem, user).get("likes", set()))


def test_a_whole_way_of_eating_let_go_of(mem: Memory, uid: Callable[[str], str]) -> None:
    """ "生酮那套不搞了": the diet on record, said as the whole way of it, is let go of."""
    user = uid("diet")
    mem.remember(user, "我在吃生酮 一个月瘦了五斤", at="2026-03-01T10:00:00+08:00")
    assert held_on_user(mem, user).get("diet")
    mem.remember(user, "生酮那套不搞了 天天头晕", at="2026-03-09T10:00:00+08:00")
    assert not any("生酮" in v for v in held_on_user(mem, user).get("diet", set()))


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_pastime_is_read(mem, uid, "a pastime that has taken over one's life (en)")
    test_the_pastime_is_read(mem, uid, "a class signed up for (zh)")
