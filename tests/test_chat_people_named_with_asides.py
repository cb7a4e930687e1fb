"""The user's people named the way grandparents and parents talk: called by the surname (我老伴老陈,
我家那位老周), an aside in brackets between the person and what is said of them (我外孙女朵朵（就是
老大家的）…对芒果过敏), a homely word with who it is in brackets ("the little man (my grandson Milo,
4 going on 14) …"), friends by chat words (饭搭子, 老姐妹). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

#: (what is said, the relation, the name it must hold, what else must be held of them or None)
NAMED = {
    "a spouse called by the surname (zh)": ("我老伴老陈天天早上去公园钓鱼", "spouse", "老陈", ("likes", "钓鱼")),
    "the one at home called by the surname (zh)": ("我家那位老周最近血糖有点高", "spouse", "老周", None),
    "an aside between the person and what is said of them (zh)": (
        "我外孙女朵朵（就是老大家的那个）从小对芒果过敏", "relative", "朵朵", ("allergy", "芒果"),
    ),
    "a full name in the aside (zh)": ("我老伴老孙（大名孙德胜，脾气倔）腰不好", "spouse", "老孙", ("name", "孙德胜")),
    "a homely word with who it is in brackets (en)": (
        "the little man (my grandson Milo, 4 going on 14) started at Willow Creek preschool",
        "relative", "Milo", ("school", "Willow Creek"),
    ),
    "a friend by a chat word (zh)": ("我饭搭子小周下个月调去杭州了", "friend", "小周", None),
    "a son said the homely way, his nickname ending the clause (zh)": (
        "我家臭小子乐乐，今年上二年级了", "child", "乐乐", None,
    ),
    "the nickname said at the end of the aside (zh)": (
        "儿子（我们家老二 壮壮）从小对牛奶过敏", "child", "壮壮", ("allergy", "牛奶"),
    ),
    "a daughter's name before what is said of her, the 我 left out (zh)": (
        "闺女妮妮对芒果过敏", "child", "妮妮", ("allergy", "芒果"),
    ),
    "one's own cat, said with 自己家 (zh)": ("我自己家那只橘猫胖橘天天拆家", "pet", "胖橘", None),
    "an aside with the 我 left out, a school by its English name (zh)": (
        "闺女妞妞（大名叫李思彤）现在在Riverside Academy读书", "child", "妞妞", ("school", "Riverside Academy"),
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(NAMED))
def test_the_person_is_named(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, relation, name, theirs = NAMED[case]
    user = uid("named")
    mem.remember(user, said, at="2026-04-02T20:00:00+08:00")
    linked = [str(f.value) for f in mem.facts(user) if f.subject_name == "self" and f.attribute == relation]
    assert name in linked, (case, linked)
    if theirs is not None:
        attribute, value = theirs
        held = [str(f.value) for f in mem.facts(user) if f.subject_name == name and f.attribute == attribute]
        assert any(value in v for v in held), (case, held)


def test_a_pastry_named_after_a_wife_is_no_wife(mem: Memory, uid: Callable[[str], str]) -> None:
    """ "老婆饼对我来说太甜了": a pastry, no spouse called 饼对我."""
    user = uid("pastry")
    mem.remember(user, "老婆饼对我来说太甜了", at="2026-04-02T20:00:00+08:00")
    assert not [f for f in mem.facts(user) if f.attribute == "spouse"]


def test_a_pet_in_the_brackets_stays_a_pet(mem: Memory, uid: Callable[[str], str]) -> None:
    """ "我家那位主子（布偶，叫雪球）": the aside says an animal; it is read as the pet."""
    user = uid("pet")
    mem.remember(user, "我家那位主子（布偶，叫雪球）又把花瓶推下去了", at="2026-04-02T20:00:00+08:00")
    assert "雪球" in [str(f.value) for f in mem.facts(user) if f.attribute == "pet"]


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_person_is_named(mem, uid, "an aside between the person and what is said of them (zh)")
    test_the_person_is_named(mem, uid, "a homely word with who it is in brackets (en)")
