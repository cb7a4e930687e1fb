"""What busy parents type between errands: where one is from, said the way people of it are
called (我是湖南妹子); the speaker as 我自己; pinyin slips of 吃 and of 过敏 (不次辣, 过民); an age
said as 今年整X; two things not eaten in one breath (不吃羊肉也不吃鱼); the talk turned back to the
speaker after 对了 (…我爸…，对了芒果过敏 is the user's); a run-on before the speaker's own state
("… w dairy im lactose intolerant"). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

#: (turn, attribute, values held, values not held)
READ = {
    "where one is from, said as its people are called (zh)": ("我是湖南妹子 现在在深圳上班", "hometown", ["湖南"], []),
    "an age said as 今年整X (zh)": ("我属猴 今年整四十 我妈说要过个大生日", "age", ["40"], []),
    "two things not eaten in one breath (zh)": ("我不吃羊肉也不吃鱼 其他都行", "dislikes", ["羊肉", "鱼"], ["羊肉也不吃鱼"]),
    "a pinyin slip of 吃 (zh)": ("我不次辣 一点都不行", "dislikes", ["辣"], []),
    "a slip of 过敏 after 对了, the speaker's own (zh)": (
        "我爸在老家种地 天天念叨我 对了芒果过民 别推荐芒果", "allergy", ["芒果"], [],
    ),
    "a run-on before the speaker's own state (en)": (
        "for the bake sale pls nothing w dairy im lactose intolerant lol", "diet", ["lactose"], [],
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(READ))
def test_it_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, values, not_values = READ[case]
    user = uid("parents")
    mem.remember(user, said, at="2026-06-01T10:00:00+08:00")
    held = [str(f.value) for f in mem.get(user, attribute)]
    assert all(any(v.lower() in h.lower() for h in held) for v in values), (case, held)
    assert not any(n in held for n in not_values), (case, held)


def test_after_a_turn_of_talk_the_fact_is_not_the_parents(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("parents-turn")
    mem.remember(user, "我爸在老家种地 天天念叨我 对了芒果过民", at="2026-06-01T10:00:00+08:00")
    assert not [f for f in mem.facts(user) if f.attribute == "allergy" and f.subject_name != "self"]


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_it_is_read(mem, uid, "two things not eaten in one breath (zh)")
