"""Who married whom, both languages: "my sister Dana married a guy named Ravi" makes Ravi her
spouse and the user's brother-in-law, so "what does my brother-in-law do" reaches what is
said of Ravi ("Ravi's a paramedic"); "我妹妹嫁给了周航" likewise. Without a gender word, or when
a friend marries, no in-law is invented; "Ravi's car" stays a possessive."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.extract import RuleExtractor

T0 = "2026-01-05T09:00:00Z"
T1 = "2026-01-20T09:00:00Z"
T2 = "2026-02-01T09:00:00Z"


def links_of(*texts: str) -> set[tuple[str, str, str | None, str]]:
    out = RuleExtractor().extract(list(texts))
    return {(c.subject, c.attribute, c.qualifier, c.value) for c in out.candidates if c.object_type}


def test_a_sisters_husband_is_the_brother_in_law() -> None:
    found = links_of("My sister Dana married a guy named Ravi in June.")
    assert {("self", "sibling", "sister", "Dana"), ("Dana", "spouse", None, "Ravi")} <= found
    assert ("self", "relative", "brother-in-law", "Ravi") in found


def test_a_brothers_wife_is_the_sister_in_law_in_chinese() -> None:
    found = links_of("我弟弟前年娶了许晴。")
    assert ("self", "relative", "sister-in-law", "许晴") in found
    assert any(s != "self" and a == "spouse" and v == "许晴" for s, a, _, v in found)


@pytest.mark.parametrize(
    "text",
    [
        "My sister Dana married Ravi.",
        "My friend Omar married a woman named Lena.",
        "My cousin married a guy named Ty.",
    ],
)
def test_no_in_law_is_invented(text: str) -> None:
    assert not [x for x in links_of(text) if x[1] == "relative" and x[2] and "in-law" in x[2]]


def test_a_third_party_contraction_is_read_as_is() -> None:
    out = RuleExtractor().extract(
        ["My sister Dana married a guy named Ravi.", "Ravi's a paramedic down in Fresno, long shifts."]
    )
    got = {(c.subject, c.attribute, c.value) for c in out.candidates}
    assert ("Ravi", "job_title", "paramedic") in got


def test_a_possessive_stays_a_possessive() -> None:
    out = RuleExtractor().extract(["My friend Ravi is great.", "Ravi's car broke down again."])
    assert not [c for c in out.candidates if c.attribute in ("job_title", "employer", "city")]


def test_the_brother_in_law_is_reached_by_the_relation_word(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    m, u = open_memory(), uid("inlaw")
    for filler in ("I collect old maps.", "My favourite fruit is mango.", "I grew up near the coast."):
        m.remember(u, filler, at=T0)
    m.remember(u, "My sister Dana married a guy named Ravi in June.", at=T0)
    m.remember(u, "Ravi's a paramedic down in Fresno, long shifts.", at=T1)
    found = " ".join(
        " ".join(
            filter(
                None, [it.fact.value, it.fact.text] if it.fact else [it.episode.text if it.episode else ""]
            )
        )
        for it in m.recall(u, "what does my brother-in-law do for work?", k=4, at=T2)
    )
    assert "paramedic" in found
