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


AREAS = [(lang, a) for lang in ("en", "zh") for a in data(lang, "topics.toml").get("area", [])]


@pytest.mark.parametrize(("lang", "area"), AREAS, ids=[a["id"] for _, a in AREAS])
def test_an_area_named_reaches_the_turns_of_all_its_topics(lang: str, area: dict) -> None:
    topics = {g["id"]: g for g in data(lang, "topics.toml")["topic"]}
    asked = [a for a, _ in area["examples"]]
    for wanted, turn in area["examples"]:
        assert says_topic(turn, topic_of(wanted, [], [])), (area["id"], wanted, turn)
    for topic_id in area["topics"]:  # every topic of the area, through any name of the area
        for _, turn in topics[topic_id]["examples"]:
            for name in asked:
                assert says_topic(turn, topic_of(name, [], [])), (area["id"], name, topic_id, turn)


@pytest.mark.parametrize(("lang", "area"), AREAS, ids=[a["id"] for _, a in AREAS])
def test_an_area_reaches_no_turn_outside_it(lang: str, area: dict) -> None:
    for group in data(lang, "topics.toml")["topic"]:
        if group["id"] in area["topics"]:
            continue
        for _, turn in group["examples"]:
            for asked, _ in area["examples"]:
                assert not says_topic(turn, topic_of(asked, [], [])), (area["id"], group["id"], turn)


def test_a_topic_inside_an_area_stays_narrow() -> None:
    # "gut health" is a topic of the health area, not the area: the therapy turn stays
    assert not says_topic("my counselor says I should journal more", topic_of("the gut health stuff", [], []))
    assert says_topic("my counselor says I should journal more", topic_of("the health stuff", [], []))
    assert not says_topic("房租一个月四千五", topic_of("欠钱", [], []))
    assert says_topic("房租一个月四千五", topic_of("钱的事", [], []))
