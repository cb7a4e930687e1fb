"""Everyday phrasing, both languages: several facts a message, jobs said as what one does,
birthdays in common forms, first languages, moves, pets named after the fact, values without
particles or articles, and a MemoryContext written about the user, not in the user's voice."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.extract import RuleExtractor

T0 = "2026-03-01T10:00:00Z"
T1 = "2026-03-02T10:00:00Z"


def facts_of(text: str) -> set[tuple[str, str, str]]:
    out = RuleExtractor().extract([text])
    return {(c.subject, c.attribute, c.value) for c in out.candidates if not c.retract}


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("hey! I'm Priyanka, 31, nurse at St. Luke's, living in Leeds", {("self", "name", "Priyanka"), ("self", "age", "31"), ("self", "job_title", "nurse"), ("self", "city", "Leeds")}),
        ("work at hooli. backend dev.", {("self", "employer", "hooli")}),
        ("Moved to Glasgow last month!", {("self", "city", "Glasgow")}),
        ("I teach biology at Riverside Academy.", {("self", "job_title", "biology teacher"), ("self", "employer", "Riverside Academy")}),
        ("I run a tiny flower shop called Petal & Stem.", {("self", "employer", "Petal & Stem")}),
        ("My birthday's on the 5th of October.", {("self", "birthday", "October 5")}),
        ("My birthday is 11/23.", {("self", "birthday", "November 23")}),
        ("Swahili is my first language, my French is decent.", {("self", "language", "Swahili"), ("self", "language", "French")}),
        ("We adopted a greyhound, we call her Comet.", {("self", "pet", "Comet")}),
        ("I have two sons, Felix and Arlo.", {("self", "child", "Felix"), ("self", "child", "Arlo")}),
        ("Ravi on my team can't stand mushrooms.", {("Ravi", "dislikes", "mushrooms")}),
        ("自我介绍下：我叫孟洁，29岁，是个护士，家在武汉。", {("self", "name", "孟洁"), ("self", "age", "29"), ("self", "job_title", "护士"), ("self", "city", "武汉")}),
        ("我是92年11月3号生的，四川绵阳人，现在在深圳打拼。", {("self", "birthday", "1992年11月3日"), ("self", "hometown", "四川绵阳"), ("self", "city", "深圳")}),
        ("上个月搬到了烟台", {("self", "city", "烟台")}),
        ("我跳槽到美团了", {("self", "employer", "美团")}),
        ("我在一家做新能源的公司，公司叫远景动力", {("self", "employer", "远景动力")}),
        ("英语日语都行，母语是客家话", {("self", "language", "英语"), ("self", "language", "日语"), ("self", "language", "客家话")}),
        ("我家刚收养了一只三花猫，叫芝麻", {("self", "pet", "芝麻")}),
        ("老大叫朵朵，老二叫果果", {("self", "child", "朵朵"), ("self", "child", "果果")}),
        ("新学期领导让我当年级组长了", {("self", "job_title", "年级组长")}),
        ("我是湖南人这两年来杭州了现在在一家做直播的公司上班公司叫星火传媒", {("self", "hometown", "湖南"), ("self", "city", "杭州"), ("self", "employer", "星火传媒")}),
    ],
)  # fmt: skip
def test_everyday_sentences(text: str, want: set[tuple[str, str, str]]) -> None:
    got = facts_of(text)
    assert want <= got, f"missing {want - got}; got {got}"


@pytest.mark.parametrize(
    ("text", "attribute", "bad"),
    [
        ("我跳槽到美团了", "employer", "了"),
        ("I work as a barista at the Daily Grind.", "employer", "the "),
        ("hi!! I live in Cork 🇮🇪", "city", "🇮"),
        ("Nico and I got engaged last week", "partner", "I "),
    ],
)
def test_values_are_clean(text: str, attribute: str, bad: str) -> None:
    values = [v for (_, a, v) in facts_of(text) if a == attribute]
    assert values and not any(bad in v for v in values), values


def test_a_description_is_not_an_employer() -> None:
    got = facts_of("我在一家做跨境物流的公司上班")
    assert not [v for (_, a, v) in got if a == "employer"]


def test_context_speaks_about_the_user(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("ctx")
    mem.remember(u, "My name is Tomasz and I live in Gdansk. My sister Ola is allergic to cats.", at=T0)
    en = mem.context(u, "where do I live, and who is Ola?", at=T1).text
    assert "The user lives in Gdansk" in en and "Ola is allergic to cats" in en
    assert "I live in" not in en and "My name" not in en and "My sibling" not in en
    assert "current message wins" in en
    mem.remember(u, "我住在青岛，我叫马驰。", at=T1)
    zh = mem.context(u, "我住哪里？", at=T1).text
    assert "用户住在青岛" in zh and "我住在" not in zh and "我叫" not in zh
    assert "以当前输入为准" in zh
    # Fact.text keeps the first-person form; only the block the model reads is neutral.
    assert [f.text for f in mem.get(u, "city")] == ["我住在青岛"]
