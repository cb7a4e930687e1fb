"""The life topics a forget may name in other words (graphmem/lang/<language>/topics.toml):
each group's examples pair a request's topic with a turn it must reach, and no group's
topic reaches another group's turn (the groups stay narrow)."""

from __future__ import annotations

import pytest

from graphmem.lang import data
from graphmem.write.forget_topic import says_topic, topic_of

GROUPS = [(lang, g) for lang in ("en", "zh") for g in data(lang, "topics.toml")["topic"]]


@pytest.mark.parametrize(("lang", "group"), GROUPS, ids=[g["id"] for _, g in GROUPS])
def test_a_topic_reaches_the_turns_said_in_its_other_words(lang: str, group: dict) -> None:
    assert group["examples"], group["id"]
    for asked, turn in group["examples"]:
        assert says_topic(turn, topic_of(asked, [], [])), (group["id"], asked, turn)


@pytest.mark.parametrize(("lang", "group"), GROUPS, ids=[g["id"] for _, g in GROUPS])
def test_a_topic_reaches_no_other_groups_turns(lang: str, group: dict) -> None:
    for other_lang, other in GROUPS:
        if other is group or other_lang != lang:
            continue
        for asked, _ in group["examples"]:
            for _, turn in other["examples"]:
                assert not says_topic(turn, topic_of(asked, [], [])), (group["id"], other["id"], turn)


def test_a_topic_of_no_group_keeps_its_own_words() -> None:
    about = topic_of("the kayak trip", [], [])
    assert says_topic("the kayak trip got rained out", about)
    assert not says_topic("had a phone screen with a recruiter today", about)
