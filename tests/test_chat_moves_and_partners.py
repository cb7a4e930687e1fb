"""Changes said in passing (on SQLite; a sample of each kind also on Neo4j): a move told from
where one now is, the place named elsewhere in the message; a new partner met and named in
passing, who follows the one before; a break-up said with an adverb; an age said alone with
the day it holds from. And what must not read so: someone else's move, a move only planned,
a message naming two places, someone else's new partner, an age no birthday could reach.
The sentences are this file's own; the rules read the shape."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read

# (turns said a day apart, {attribute: values active on the user}, {attribute: values not active})
CASES = {
    "a move told from the new place (en)": (
        ["I live in Tucson", "the humidity in Savannah is unreal, three weeks here and my hair has given up"],
        {"city": ["Savannah"]},
        {"city": ["Tucson"]},
    ),
    "a move told from the new place, lower case (en)": (
        ["based in Leeds", "since the move my commute is a 5 minute walk, honestly glasgow suits me"],
        {"city": ["Glasgow"]},
        {"city": ["Leeds"]},
    ),
    "a move told from the new place (zh)": (
        ["我在天津上班", "青岛的海风是真大，搬过来俩月了还没习惯"],
        {"city": ["青岛"]},
        {"city": ["天津"]},
    ),
    "settling in, the place before it (zh)": (
        ["坐标长沙", "刚搬来昆明，天天晒太阳，舒服"],
        {"city": ["昆明"]},
        {"city": ["长沙"]},
    ),
    "someone else's move is not the user's (en)": (
        ["I live in Tucson", "my brother moved here from Omaha and hates the heat"],
        {"city": ["Tucson"]},
        {"city": ["Omaha"]},
    ),
    "a move only planned is no move (zh)": (
        ["我在天津上班", "打算明年搬过来大连，先看看房"],
        {"city": ["天津"]},
        {"city": ["大连"]},
    ),
    "two places named: which is home is unclear (en)": (
        ["I live in Tucson", "moved here last month, flew through Denver and Dallas to get here"],
        {"city": ["Tucson"]},
        {"city": ["Denver", "Dallas"]},
    ),
    "a new partner met in passing follows the one before (en)": (
        [
            "my girlfriend Odile and I are off to the coast",
            "odile and I called it quits",
            "been seeing this woman Renata for a couple of months, we just made it official",
        ],
        {"partner": ["Renata"]},
        {"partner": ["Odile"]},
    ),
    "a partner dated by a word for them (en)": (
        ["started dating a guy called Bastian, he restores old bikes"],
        {"partner": ["Bastian"]},
        {"child": ["Bastian"]},
    ),
    "someone else's new partner stays theirs (en)": (
        ["my boyfriend Kenji cooks every night", "my cousin is dating Florian now"],
        {"partner": ["Kenji"]},
        {"partner": ["Florian"]},
    ),
    "a new partner met in passing follows the one before (zh)": (
        ["我男朋友韩东又迟到了", "跟韩东彻底吹了", "最近在和一个叫顾远舟的男生约会，人很靠谱"],
        {"partner": ["顾远舟"]},
        {"partner": ["韩东"]},
    ),
    "a relationship made official (zh)": (
        ["我和小满确定关系啦，开心"],
        {"partner": ["小满"]},
        {},
    ),
    "a break-up said with an adverb ends the partner (zh)": (
        ["我女朋友阿宁在读博", "跟阿宁上个月就分了"],
        {},
        {"partner": ["阿宁"]},
    ),
    "an age said alone with its day (en)": (
        ["I'm 52 btw", "53 since Sunday, the grandkids baked a lopsided cake"],
        {"age": ["53"]},
        {"age": ["52"]},
    ),
    "an age no birthday reaches is someone else's (en)": (
        ["I'm 52 btw", "my aunt is 80", "81 as of today and still gardening"],
        {"age": ["52"]},
        {"age": ["81"]},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("chat"), said, present, absent, first_day=date(2026, 10, 2), exact=True, label=case)


def test_the_move_says_why_in_the_audit(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("audit")
    mem.remember(user, "I live in Tucson", at="2026-10-02T09:00:00Z")
    result = mem.remember(
        user, "everything in Savannah is so green, week two here", at="2026-10-20T09:00:00Z"
    )
    assert [f.value for f in result.added if f.attribute == "city"] == ["Savannah"]
    assert any(a.extraction_rule == "en.builtin.arrival" for a in result.audit), result.audit


SAMPLE = [
    "a move told from the new place (zh)",
    "a new partner met in passing follows the one before (en)",
    "an age said alone with its day (en)",
]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_message_is_read(mem, uid, case)
