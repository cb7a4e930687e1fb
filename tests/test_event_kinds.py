"""Plans expire in days; things that already happened are history with a fact's half-life."""

from __future__ import annotations

import pytest

from graphmem.extract import ExtractContext, RuleExtractor


def _event(text: str):  # type: ignore[no-untyped-def]
    out = RuleExtractor().extract([text], ExtractContext())
    events = [c for c in out.candidates if c.attribute == "event"]
    assert events, (text, out.candidates)
    return events[0]


@pytest.mark.parametrize(
    "text",
    ["I have a dentist appointment tomorrow.", "我下周三要去北京出差。", "I'm flying to Lisbon next Friday."],
)
def test_plans_are_events(text: str) -> None:
    assert _event(text).kind in (None, "event")


@pytest.mark.parametrize(
    "text",
    [
        "I went to a pottery class yesterday.",
        "我昨天去看了一场音乐会。",
        "I met my old roommate last weekend.",
    ],
)
def test_happenings_keep_a_fact_half_life(text: str) -> None:
    assert _event(text).kind == "fact"
