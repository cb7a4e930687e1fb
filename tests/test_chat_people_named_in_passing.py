"""People and tastes said in passing: a full Chinese name right after the relation word, with
or without a predicate after it (我外甥何子轩在…, 我媳妇林朵，…); two named after a plural
relation ("my goats Pip and Nutmeg ate …", "we have two ferrets Bo and Kiki and they …");
"seeing Dr. X" is care, not a date; a dish praised in a clause of its own (…酸辣粉 yyds) or
"my new fave". And what must not be read: a time or a word after the relation word (我老公周末…,
我妈马上…). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

#: (turns, attribute, values that must all be held, values that must not be held)
READ = {
    "a full name ending the clause (zh)": (
        ["我媳妇林朵，儿科护士，天天倒班"], "spouse", ["林朵"], ["媳妇"],
    ),
    "a three-character name before 在 (zh)": (
        ["我女儿曹思琪在星光幼儿园上大班"], "child", ["曹思琪"], ["曹思"],
    ),
    "two named after a plural relation, then what they did (en)": (
        ["my bunnies Pip and Nutmeg chewed through the charger again"], "pet", ["Pip", "Nutmeg"], [],
    ),
    "two named after a count without a comma, a remark after (en)": (
        ["we have two ferrets Bo and Kiki and they steal every sock"], "pet", ["Bo", "Kiki"], [],
    ),
    "a dish praised in a clause of its own (zh)": (
        ["昨晚宵夜酸辣粉 yyds"], "likes", ["酸辣粉"], ["宵夜"],
    ),
    "a dish praised after what was eaten (zh)": (
        ["中午吃了肠粉绝绝子"], "likes", ["肠粉"], ["吃了"],
    ),
    "'my new fave' (en)": (
        ["aerial silks is my new fave, arms are dead"], "likes", ["aerial silks"], [],
    ),
}  # fmt: skip

#: (turns, attribute that must hold nothing)
NOT_READ = {
    "'seeing Dr. X' is care, not a date (en)": (["started seeing Dr. Halvorsen for my migraines"], "partner"),
    "'seeing Doctor X' is care, not a date (en)": (["been seeing Doctor Abara about my shoulder"], "partner"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(READ))
def test_it_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, values, not_values = READ[case]
    user = uid("passing")
    for text in said:
        mem.remember(user, text, at="2026-06-01T10:00:00Z")
    held = [str(f.value) for f in mem.get(user, attribute)]
    assert all(v in held for v in values), (case, held)
    assert not any(n == v for n in not_values for v in held), (case, held)


def test_a_full_name_after_a_kin_word_is_the_person(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("nephew")
    mem.remember(user, "我表弟何子轩在育才中学读初二", at="2026-06-01T10:00:00+08:00")
    people = {f.subject_name for f in mem.facts(user)}
    assert "何子轩" in people and "何子" not in people, people


@pytest.mark.parametrize("case", list(NOT_READ))
def test_nothing_of_the_kind_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute = NOT_READ[case]
    user = uid("passing-not")
    for text in said:
        mem.remember(user, text, at="2026-06-01T10:00:00Z")
    assert [f.value for f in mem.get(user, attribute)] == [], case


@pytest.mark.parametrize("said", ["我老公周末在家陪娃", "我妈马上就到楼下了"])
def test_a_time_or_a_word_after_the_relation_word_is_no_name(
    mem: Memory, uid: Callable[[str], str], said: str
) -> None:
    user = uid("no-name")
    mem.remember(user, said, at="2026-06-01T10:00:00+08:00")
    people = {f.subject_name for f in mem.facts(user)} | {str(f.value) for f in mem.facts(user)}
    assert not people & {"周末", "马上"}, people


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_it_is_read(mem, uid, "a full name ending the clause (zh)")
    test_it_is_read(mem, uid, "two named after a plural relation, then what they did (en)")
