"""Where people on the move say they are: a district of a larger Chinese city for the city
(住张江, 在福田上班); a city typed in English inside Chinese where one works (在Calgary当护士);
a city by its nickname before the workplace (去了狮城的Shopee); languages listed after 会 (我会
闽南话跟一点点法语), "一点点" being no time; "officially living in X" after what one left. And what
must not be read: a district name that is an everyday word (朝阳); a skill that is no language
(我会修车和焊接). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

#: (turn, attribute, values held, values not held)
READ = {
    "a district for the city one lives in (zh)": ("搬家搞定了 现在住张江 离公司近", "city", ["上海"], ["张江"]),
    "a district for the city one works in (zh)": ("我在福田上班 每天坐地铁", "city", ["深圳"], ["福田"]),
    "a city typed in English where one works (zh)": ("我现在在Calgary当护士啦 冬天冷死", "city", ["Calgary"], []),
    "a city typed in English is no employer (zh)": ("我现在在Calgary当护士啦 冬天冷死", "employer", [], ["Calgary"]),
    "a city by its nickname before the workplace (zh)": ("熬了三年终于跳了 去了狮城的Shopee做运营", "city", ["新加坡"], []),
    "the workplace after the city's nickname (zh)": ("熬了三年终于跳了 去了狮城的Shopee做运营", "employer", ["Shopee"], ["狮城"]),
    "languages listed after 会, a little of one (zh)": ("顺便说下 我会闽南话跟一点点法语", "language", ["闽南话", "法语"], []),
    "'officially living in' after what one left (en)": (
        "did it, left Tampa, now officially living in Portland, the rain is real", "city", ["Portland"], ["Tampa"],
    ),
}  # fmt: skip

#: (turn, attribute, values that must not be held)
NOT_READ = {
    "an everyday word for a district stays as said (zh)": ("我住在朝阳", "city", ["北京"]),
    "a skill that is no language (zh)": ("我会修车和焊接", "language", ["修车", "焊接"]),
}  # fmt: skip


@pytest.mark.parametrize("case", list(READ))
def test_it_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, values, not_values = READ[case]
    user = uid("move")
    mem.remember(user, said, at="2026-06-01T10:00:00+08:00")
    held = [str(f.value) for f in mem.get(user, attribute)]
    assert all(v in held for v in values), (case, held)
    assert not any(n in h for n in not_values for h in held), (case, held)


@pytest.mark.parametrize("case", list(NOT_READ))
def test_nothing_of_the_kind_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, not_values = NOT_READ[case]
    user = uid("move-not")
    mem.remember(user, said, at="2026-06-01T10:00:00+08:00")
    held = [str(f.value) for f in mem.get(user, attribute)]
    assert not any(n in h for n in not_values for h in held), (case, held)


def test_a_little_of_something_is_no_time(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("little")
    mem.remember(user, "我会一点点韩语", at="2026-06-01T10:00:00+08:00")
    assert [f.value for f in mem.get(user, "language")] == ["韩语"]
    assert not [f for f in mem.facts(user) if f.attribute == "event"]


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_it_is_read(mem, uid, "a district for the city one lives in (zh)")
    test_it_is_read(mem, uid, "languages listed after 会, a little of one (zh)")
