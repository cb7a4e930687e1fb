"""Changes enthusiasts tell in passing: a job said as a life at a place ("pastry cook life at the
Copper Kettle"); a title given by a named superior ("Chef made me head baker"); a move the
employer made ("work is relocating the whole team to Tucson"), what it undid said before it; a
diet one no longer counts as keeping (已经不算吃素的了); a pastime dropped for good (十字绣彻底不碰了);
a way of eating dropped as "the X thing". And what must not be read: a
life somewhere that is no job ("beach life at Malibu"); someone else's move by their work. The
sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import assert_change

#: (turns, attribute, the value held now, values no longer held)
CHANGES = {
    "a job said as a life at a place (en)": (
        ["pastry cook life at the Copper Kettle, up at 4am every day"], "employer", "Copper Kettle", [],
    ),
    "a title given by a named superior (en)": (
        ["I'm a line baker at Crumb & Co", "Chef made me head baker starting next week!! no more night shifts"],
        "job_title", "head baker", ["line baker"],
    ),
    "a move the employer made, what it undid before it (en)": (
        ["moving to Denver in May, so excited", "not Denver after all — work is relocating the whole team to Tucson"],
        "city", "Tucson", ["Denver"],
    ),
    "a diet one no longer counts as keeping (zh)": (
        ["我吃素五年了", "教练让我每天吃牛肉补铁，所以我现在已经不算吃素的了"], "diet", "", ["素食"],
    ),
    "a pastime dropped for good, another taken up (zh)": (
        ["最近迷上十字绣了，一晚上能绣好久", "颈椎受不了了，十字绣彻底不碰了，现在改玩拼图"], "likes", "拼图", ["十字绣"],
    ),
    "a way of eating dropped as 'the X thing' (en)": (
        ["week 3 of intermittent fasting, 18:6 window", "ditched the fasting thing, headaches all day. going low carb instead"],
        "diet", "", ["intermittent fasting"],
    ),
}  # fmt: skip

#: (turns, attribute, values that must not be held)
NOT_READ = {
    "a life somewhere that is no job (en)": (["beach life at Malibu this week, no complaints"], "employer", ["Malibu"]),
    "someone else's move by their work (en)": (
        ["I live in Omaha", "my brother's company is relocating his whole team to Tucson"], "city", ["Tucson"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CHANGES))
def test_the_change_holds(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, value, gone = CHANGES[case]
    assert_change(mem, uid("turned"), said, attribute, value, gone, label=case)


@pytest.mark.parametrize("case", list(NOT_READ))
def test_nothing_of_the_kind_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, not_values = NOT_READ[case]
    user = uid("turned-not")
    for n, text in enumerate(said):
        mem.remember(user, text, at=f"2026-03-0{n + 1}T10:00:00Z")
    held = [str(f.value) for f in mem.get(user, attribute)]
    assert not any(n in h for n in not_values for h in held), (case, held)


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_change_holds(mem, uid, "a move the employer made, what it undid before it (en)")
    test_the_change_holds(mem, uid, "a pastime dropped for good, another taken up (zh)")
