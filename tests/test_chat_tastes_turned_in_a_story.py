"""Tastes and diets that turned, told as a story around them rather than by a turn's words: a
meatless diet ended by what one eats now ("…so I'm eating chicken again since october", "first
steak in four years", 现在荤素都不忌了, 素是吃不下去了); a dislike on record now enjoyed ("now I
make it every weekend", "hooked on cappuccinos" for coffee, 现在天天想吃香菜, 每天一杯冰美式).
And what must stay: fish for a fish-only diet, a plan or an advice, someone else's taste, a
sentence that still refuses it. Garbage a story used to leave is gone too (a language from
"this thai place", a liking "love it"). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import assert_change

#: (turns, attribute, the value held now or "" for none asked, values no longer held)
TURNED = {
    "a diet ended by what one eats again (en)": (
        ["vegetarian since uni, no meat for me",
         "long story but the cardiologist wanted more protein so I'm eating chicken again since october, feels weird"],
        "diet", "", ["vegetarian"],
    ),
    "a diet ended by a first in years (en)": (
        ["I'm vegetarian", "first steak in four years last night and zero regrets"], "diet", "", ["vegetarian"],
    ),
    "a diet said to be over (en)": (
        ["I'm vegan btw", "farewell to the vegan life 🥲 the bbq at the lake broke me"], "diet", "", ["vegan"],
    ),
    "a diet ended by eating everything (zh)": (
        ["我吃素两年了", "上个月体检说蛋白质不够 现在荤素都不忌了 昨天还啃了个鸡腿"], "diet", "", ["素食"],
    ),
    "a diet said to be over (zh)": (
        ["我是素食者", "素是吃不下去了 坚持了一年半 以后看情况吧"], "diet", "", ["素食"],
    ),
    "a dislike now made every weekend (en)": (
        ["I can't stand eggplant",
         "my roommate roasted some eggplant with miso last week and now I make it every weekend, send recipes"],
        "likes", "eggplant", [],
    ),
    "a dislike now enjoyed as one of its kind (en)": (
        ["I really dislike coffee",
         "started a new job with a fancy machine and honestly I'm hooked on cappuccinos, two a day"],
        "likes", "coffee", [],
    ),
    "a dislike now wanted every day (zh)": (
        ["我讨厌香菜", "最近被室友带着去吃了几次潮汕牛肉火锅 沾料里放香菜 结果现在天天想吃香菜 离谱"],
        "likes", "香菜", [],
    ),
    "a dislike now enjoyed as one of its kind (zh)": (
        ["我讨厌咖啡", "公司楼下新开了家店 现在每天一杯冰美式 不喝浑身难受"], "likes", "咖啡", [],
    ),
}  # fmt: skip

#: (turns, attribute, the value that must still be held)
KEPT = {
    "fish for a fish-only diet (en)": (["I'm pescatarian", "been eating fish again every week, love it"], "diet", "pescatarian"),
    "an advice, not a change (en)": (
        ["I'm vegetarian", "my nutritionist thinks I should eat fish again, not convinced"], "diet", "vegetarian",
    ),
    "someone else eats meat again (en)": (["I'm vegetarian", "my boyfriend is eating meat again lol"], "diet", "vegetarian"),
    "someone else ended theirs (zh)": (["我吃素", "我老公开荤了 我还坚持着"], "diet", "素食"),
    "a plan, not a change (zh)": (["我吃素", "医生让我考虑吃点肉，我还在想"], "diet", "素食"),
    "someone else enjoys it now (en)": (
        ["I hate olives", "my sister is obsessed with olives now, she puts them on everything"], "dislikes", "olives",
    ),
    "still refused (en)": (
        ["I hate cilantro", "everyone at work orders cilantro lime bowls every day, I still can't stand cilantro"],
        "dislikes", "cilantro",
    ),
    "someone else wants it every day (zh)": (["我讨厌榴莲", "我老公现在天天惦记榴莲 我还是受不了"], "dislikes", "榴莲"),
    "every day, dreaded (en)": (
        ["I hate olives", "my flatmate puts olives on everything, olives every day would kill me"], "dislikes", "olives",
    ),
}  # fmt: skip

#: (turns, attribute, values that must not be held)
NOT_READ = {
    "a cuisine is no language (en)": (
        ["picked up a shift at this thai place and ate way too much curry"], "language", ["thai"],
    ),
    "a liking is no 'love it' (en)": (
        ["two matcha lattes a day and honestly I love it now"], "likes", ["love it", "i love it"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(TURNED))
def test_the_turn_holds(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, value, gone = TURNED[case]
    assert_change(mem, uid("turned"), said, attribute, value, gone, label=case)
    if attribute == "likes":  # the dislike it was is taken back
        assert_change(mem, uid("turned-d"), said, "dislikes", "", [value], label=case)


@pytest.mark.parametrize("case", list(KEPT))
def test_what_did_not_turn_stays(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, kept = KEPT[case]
    assert_change(mem, uid("kept"), said, attribute, kept, [], label=case)


@pytest.mark.parametrize("case", list(NOT_READ))
def test_no_garbage_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, not_values = NOT_READ[case]
    user = uid("garbage")
    for text in said:
        mem.remember(user, text, at="2026-03-01T10:00:00Z")
    held = [str(f.value).lower() for f in mem.get(user, attribute)]
    assert not any(n in held for n in not_values), (case, held)


def test_the_change_is_audited(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("audit")
    mem.remember(user, "I'm vegan", at="2026-03-01T10:00:00Z")
    result = mem.remember(
        user, "ok so I'm back on eating meat now, doctor's orders", at="2026-03-09T10:00:00Z"
    )
    assert [f.value for f in result.retracted] == ["vegan"]
    (old,) = [f for f in mem.facts(user, include_frozen=True) if f.attribute == "diet"]
    assert old.status != "active"


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_turn_holds(mem, uid, "a diet ended by eating everything (zh)")
    test_the_turn_holds(mem, uid, "a dislike now enjoyed as one of its kind (en)")
