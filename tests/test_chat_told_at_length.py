"""Facts and changes told at length, the way a long rambling message tells them: a correction
inside a story, its new value followed by more talk (…不是X，是Y，这么多年都记反了…); what one
lives in or does said as "住的是X" / "做的是X"; the household speaking as one (我们老两口); a taste
that now grates (X现在听着嫌吵) and a habit taken up in its place (改成每天…跟着师傅练Y); a liking
given up by the last word of its name (舞是跳不动了 for 跳广场舞). In English: an allergen said in
a cleft by what it does ("it's the mango that sets me off"); a title one was voted into; the
shifts one does at a place; a time before the speaker ("since last spring I've been …"); a move
told by the removal van and the new cottage, the old home named after it; a trade "by trade".
The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import assert_change

#: (turns, attribute, the value held now, values no longer held)
CHANGES = {
    "a correction inside a story, more talk after its new value (zh)": (
        ["我对磺胺类药过敏",
         "上礼拜去医院做了个皮试 排了好久的队 医生说我过敏的其实不是磺胺 是阿莫西林 这么多年都记反了 你说气人不 磺胺以后能用了"],
        "allergy", "阿莫西林", ["磺胺"],
    ),
    "the household corrects where it lives, 住的是X (zh)": (
        ["我跟老伴住常州那边", "唉我上次说错了 我们老两口住的是镇江 不是常州 常州是我儿子一家住的 我们过去帮着带孙子"],
        "city", "镇江", ["常州"],
    ),
    "a taste that now grates, the new one said by the daily habit (zh)": (
        ["我最爱听相声，一听就是一下午",
         "也是奇怪 去年跟老姐妹去苏州听了几回评弹 现在天天在手机上听评弹 相声反倒听着嫌吵"],
        "likes", "评弹", ["相声"],
    ),
    "a liking given up by the last word of its name, a habit in its place (zh)": (
        ["每天傍晚我都去河边广场跳交谊舞",
         "腰不行了 医生说少折腾 舞是跳不动了 现在改成每天早上去公园跟着刘师傅练八段锦"],
        "likes", "八段锦", ["跳交谊舞"],
    ),
    "an allergen said in a cleft, the old one cleared (en)": (
        ["heads up, I'm allergic to peanuts",
         "finally got the skin prick test done. peanuts came back totally clear!! turns out it's the mango that sets me off"],
        "allergy", "mango", ["peanut"],
    ),
    "a title one was voted into (en)": (
        ["I'm the secretary of the Elmbridge Allotment Society",
         "big news from the meeting last night!! they voted me in as society chairwoman, can you believe it"],
        "job_title", "chairwoman", ["secretary"],
    ),
    "the shifts one does at a place, with a time before the speaker (en)": (
        ["I do two days a week at Pembroke Library, shelving mostly",
         "packed in the library. since last spring I've been doing afternoons at the Greyfriars animal shelter instead"],
        "employer", "Greyfriars", ["Pembroke"],
    ),
    "a move told by the removal van, the old home after it (en)": (
        ["We're in Swindon, same house for thirty years",
         "Apologies for the silence, the removal men came Friday and we're finally in the little cottage in Exeter near our daughter, boxes everywhere. Strange to think of strangers in the old Swindon house"],
        "city", "Exeter", ["Swindon"],
    ),
}  # fmt: skip

#: (turn, attribute, the value held)
READ = {
    "住的是X (zh)": ("我住的是绍兴", "city", "绍兴"),
    "做的是X, no 的是 in the value (zh)": ("我做的是财务", "job_title", "财务"),
    "a trade 'by trade' (en)": ("I'm a plasterer by trade, mostly old houses", "job_title", "plasterer"),
    "a trade the dictionary lacks is no slip (en)": ("I'm a joiner by trade", "job_title", "joiner"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CHANGES))
def test_the_change_replaces_what_was_held(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, value, gone = CHANGES[case]
    assert_change(mem, uid("at-length"), said, attribute, value, gone, label=case)


@pytest.mark.parametrize("case", list(READ))
def test_the_fact_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, value = READ[case]
    user = uid("read-length")
    mem.remember(user, said, at="2026-03-01T10:00:00Z")
    assert [str(f.value) for f in mem.get(user, attribute)] == [value], case


def test_a_title_voted_to_someone_else_is_not_the_users(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("voted-other")
    mem.remember(user, "they voted Margaret in as chairwoman, good for her", at="2026-03-01T10:00:00Z")
    assert mem.get(user, "job_title") == []


def test_a_move_told_of_someone_else_is_not_the_users(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("move-other")
    mem.remember(user, "We're in Swindon, same house for thirty years", at="2026-03-01T10:00:00Z")
    mem.remember(
        user,
        "my sister's removal men came Friday, she's finally in her cottage in Exeter",
        at="2026-03-02T10:00:00Z",
    )
    assert [f.value for f in mem.get(user, "city")] == ["Swindon"]


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_change_replaces_what_was_held(
        mem, uid, "a correction inside a story, more talk after its new value (zh)"
    )
    test_the_change_replaces_what_was_held(
        mem, uid, "a move told by the removal van, the old home after it (en)"
    )
