"""Diets and allergies as people say them, both languages: a diet one is "doing" or has kept
for years, a condition that fixes a diet, eating meat again after a vegetarian diet, a hedge
around an inner statement, and what an allergy test found. Sentences that look alike but say
none of it (a COVID test, a parking ticket, eating more vegetables) change nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.extract import RuleExtractor
from tests.test_everyday import facts_of

T0 = "2026-01-05T09:00:00Z"
T1 = "2026-02-09T09:00:00Z"
T2 = "2026-02-10T09:00:00Z"


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Doing paleo until the wedding.", ("self", "diet", "paleo")),
        ("I'm trying whole30 this month.", ("self", "diet", "whole30")),
        ("I'm coeliac, so bread is out.", ("self", "diet", "gluten-free")),
        ("My husband has celiac disease.", ("husband", "diet", "gluten-free")),
        ("我吃素好多年了。", ("self", "diet", "素食")),
        ("我已经生酮两个月了", ("self", "diet", "生酮")),
    ],
)
def test_a_diet_said_in_passing_is_a_diet(text: str, want: tuple[str, str, str]) -> None:
    assert want in facts_of(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm doing my taxes tonight.",
        "I do pottery on Thursdays.",
        "我吃了三年的食堂。",
        "我最近开始吃维生素了。",
    ],
)
def test_doing_something_else_is_no_diet(text: str) -> None:
    assert not [f for f in facts_of(text) if f[1] == "diet"]


def test_a_hedged_inner_statement_is_kept_as_a_guess() -> None:
    out = RuleExtractor().extract(["I'm fairly sure I'm allergic to latex, my hands broke out."]).candidates
    latex = [c for c in out if c.attribute == "allergy"]
    assert [c.value for c in latex] == ["latex"]
    assert (
        latex[0].source == "model_inferred" and latex[0].confidence is not None and latex[0].confidence < 0.9
    )


@pytest.mark.parametrize(
    ("said", "stored", "gone"),
    [
        (["I've been vegan for four years.", "I started eating eggs again, doctor's orders."], "vegan", True),
        (["我吃素五年了。", "最近开始吃鱼和鸡肉了，医生建议的。"], "素食", True),
        (["I've been vegan for four years.", "I started eating more beans."], "vegan", False),
        (["I'm vegan.", "welp, I eat chicken again these days"], "vegan", True),
        (
            ["I'm vegetarian.", "meh I'm eating steak again since spring, too hard to quit"],
            "vegetarian",
            True,
        ),
        (["I'm vegetarian.", "I eat tofu again now"], "vegetarian", False),
        (["我吃素五年了。", "最近开始吃坚果了。"], "素食", False),
        # the change said with 了 alone, or by the idiom for it
        (["我吃素五年了。", "体检完医生让补蛋白，现在吃牛肉了"], "素食", True),
        (["我吃素五年了。", "坦白一下，我破戒开荤了"], "素食", True),
        (["我吃素五年了。", "现在吃豆腐了"], "素食", False),
    ],
)
def test_eating_meat_again_ends_a_vegetarian_diet(
    open_memory: Callable[..., Memory],
    uid: Callable[[str], str],
    said: list[str],
    stored: str,
    gone: bool,
) -> None:
    m, u = open_memory(), uid("diet")
    m.remember(u, said[0], at=T0)
    assert stored in [f.value for f in m.get(u, "diet", at=T0)]
    m.remember(u, said[1], at=T1)
    assert (stored not in [f.value for f in m.get(u, "diet", at=T2)]) is gone


@pytest.mark.parametrize(
    ("said", "found", "dropped"),
    [
        (
            [
                "Pretty sure I'm allergic to almonds, my mouth tingles.",
                "Had the allergy panel done. Turns out not allergic to almonds! "
                "The only things that came up were birch pollen and mould.",
            ],
            {"birch pollen", "mould"},
            "almonds",
        ),
        (
            ["我好像对芒果过敏。", "今天去做了过敏原检测，芒果没问题，结果只有花粉是阳性。"],
            {"花粉"},
            None,
        ),
    ],
)
def test_what_an_allergy_test_found_is_an_allergy(
    open_memory: Callable[..., Memory],
    uid: Callable[[str], str],
    said: list[str],
    found: set[str],
    dropped: str | None,
) -> None:
    m, u = open_memory(), uid("allergy")
    m.remember(u, said[0], at=T0)
    m.remember(u, said[1], at=T1)
    values = {f.value for f in m.get(u, "allergy", at=T2)}
    assert found <= values
    if dropped:
        assert dropped not in values


@pytest.mark.parametrize(
    "text",
    [
        "Took a COVID test this morning and tested positive for covid.",
        "The only thing that came up was a parking ticket.",
        "The only thing that showed up at the meeting was the boss.",
        "体检结果只有血压偏高。",
        "核酸结果只有一个人是阳性。",
    ],
)
def test_a_test_result_outside_allergy_talk_is_no_allergy(text: str) -> None:
    assert not [f for f in facts_of(text) if f[1] == "allergy"]
