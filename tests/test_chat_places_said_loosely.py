"""Where one lives and comes from, said the loose chat way: a city by its nickname in a message
that tells of a move or of life there (刚到蓉城…以后就在这边了, "the rent in the Big Smoke");
an English word of time or tone typed after a name in Chinese (住在Lisbon now); where one comes
from told as who one is ("Brissie boy originally", "a Galway lass at heart"); "our parts back
home" (我们那边是X的) and a move said as 跑X来了. And what must not be read: someone else met
("a Denver guy"), someone else's move, a place that is no place. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

#: (turns, attribute, the value held, values that must not be held)
PLACES = {
    "a city by its nickname where life goes on (zh)": (
        ["上个月刚到蓉城 以后就在这边扎根了 房租比想象中便宜"], "city", "成都", [],
    ),
    "a city by its nickname where the rent is (en)": (
        ["the rent in the Big Smoke is eating my whole paycheck, send help"], "city", "London", [],
    ),
    "an English 'now' after a name in Chinese (zh)": (
        ["我老公是做木工的 我们住在Lisbon now 天气超好"], "city", "Lisbon", [],
    ),
    "an English 'rn' after a workplace in Chinese (zh)": (
        ["我在Grab做数据分析 rn 还挺忙的"], "employer", "Grab", [],
    ),
    "where one is from, told as who one is (en)": (
        ["Brissie boy originally, but these days I'm down in Sydney for work"], "hometown", "Brisbane", [],
    ),
    "where one is from 'at heart' (en)": (
        ["honestly I'm a Galway lass at heart"], "hometown", "Galway", [],
    ),
    "'our parts' back home and a move said as 跑X来了 (zh)": (
        ["我们那边是潮汕的 三年前跑厦门来了 在这边开了个小茶铺"], "hometown", "潮汕", ["厦门"],
    ),
    "a move said as 跑X来了 is the city (zh)": (
        ["我们那边是潮汕的 三年前跑厦门来了 在这边开了个小茶铺"], "city", "厦门", ["潮汕"],
    ),
}  # fmt: skip

#: (turns, attribute that must hold nothing)
NOT_READ = {
    "someone met, said by where they are from (en)": (["met a Denver guy at the climbing gym last night"], "hometown"),
    "someone else's move said as 跑X来了 (zh)": (["我表哥前年跑珠海来了 天天钓鱼"], "city"),
    "'our parts' that names no place (zh)": (["我们那边是个小地方 没啥好玩的"], "hometown"),
    "a nickname in a wish to move (zh)": (["好想搬去鹏城 那边机会多"], "city"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(PLACES))
def test_the_place_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, value, not_values = PLACES[case]
    user = uid("places")
    for text in said:
        mem.remember(user, text, at="2026-06-01T10:00:00Z")
    held = [str(f.value) for f in mem.get(user, attribute)]
    assert any(value in v for v in held), (case, held)
    assert not any(n in v for n in not_values for v in held), (case, held)


@pytest.mark.parametrize("case", list(NOT_READ))
def test_nothing_of_the_kind_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute = NOT_READ[case]
    user = uid("places-not")
    for text in said:
        mem.remember(user, text, at="2026-06-01T10:00:00Z")
    assert [f.value for f in mem.get(user, attribute)] == [], case


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_place_is_read(mem, uid, "'our parts' back home and a move said as 跑X来了 (zh)")
    test_the_place_is_read(mem, uid, "where one is from, told as who one is (en)")
