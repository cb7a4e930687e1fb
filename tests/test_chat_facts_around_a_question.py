"""Facts said around a question or inside a story: what the user says of themselves after
asking for help ("where should we go this weekend, I live in …"); a city of so many years by its
nickname; where one is from told as who one is ("a Texas girl living in Boston"); being the only
one at a workplace who does something; a city corrected by "I don't live in X, I'm in Y"; an
allergy test's surprise said with doubled marks (阴性？？, "= totally fine??") and what it found
(超标, "lit up on the panel"); a startup said by its kind, then its name and where it is based;
work talk about a company by its nickname with someone else named after it. And the readings
each must not make: a question alone keeps nothing, the kind of workplace is no employer, a
person in a city is no workplace, someone else's work stays theirs. The sentences are this
file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read

#: (turns, each a day apart; values held (a part of one); values not held (whole value))
CASES = {
    # the speaker's own statements after a question
    "where one lives and an allergy after asking for ideas (zh)": (
        ["帮我想想周末带娃去哪 我在西安 对了我对花粉过敏 所以植物园就算了"],
        {"city": ["西安"], "allergy": ["花粉"]}, {},
    ),
    "a diet after asking what to cook (en)": (
        ["what should I make for the potluck? I'm pescatarian btw"], {"diet": ["pescatarian"]}, {},
    ),
    "a question alone keeps nothing (zh)": (["你觉得我周末去哪玩好"], {}, {"city": ["哪"]}),
    # a city by its nickname, so many years
    "years in a city by its nickname (en)": (
        ["5 yrs in the windy city and the wind still wins"], {"city": ["chicago"]}, {},
    ),
    "years in the army is no city (en)": (["2 years in the army and I'm done"], {}, {"city": ["the army", "army"]}),
    # where one is from, told as who one is
    "a Texas girl living in Boston (en)": (
        ["texas girl living in boston now, the winters are a crime"],
        {"hometown": ["texas"], "city": ["boston"]}, {"likes": ["texas girl living in boston"]},
    ),
    # the only one at a workplace
    "the only one at a workplace who speaks a language (en)": (
        ["because I'm the only one at Halvorsen Freight who speaks Polish I end up translating everything"],
        {"employer": ["halvorsen freight"]}, {},
    ),
    "the only one in a city is no workplace (en)": (
        ["I'm the only person in Denver who hates green chile"], {}, {"employer": ["denver"]},
    ),
    # a lower-case workplace with "st"
    "a pharmacist at a saint's hospital typed in lower case (en)": (
        ["im a pharmacist at st lukes, nights mostly"], {"job_title": ["pharmacist"], "employer": ["st lukes"]}, {},
    ),
    # a city corrected by where one does not live
    "not living in the city on record, in a town nearby (en)": (
        ["I live in Atlanta", "ok technically I don't live in Atlanta, I'm in Decatur, nobody knows where that is"],
        {"city": ["decatur"]}, {"city": ["atlanta"]},
    ),
    # an allergy test's surprise, and what it found
    "an allergen cleared with doubled marks, another above the threshold (zh)": (
        ["我好像对桃子过敏", "查了过敏原 单子出来了 桃子那项是阴性？？反倒是尘螨超标"],
        {"allergy": ["尘螨"]}, {"allergy": ["桃子", "单子出来"]},
    ),
    "an allergen cleared with '=' and doubled marks, another lit up on the panel (en)": (
        ["I'm allergic to amoxicillin", "did the drug challenge today. amoxicillin = totally fine?? the only thing "
         "that lit up on the panel was birch pollen"],
        {"allergy": ["birch pollen"]}, {"allergy": ["amoxicillin"]},
    ),
    # a startup by its kind, then its name and where it is based
    "a startup's name and its base (zh)": (
        ["我在一家startup做设计 公司叫Lumen Works base深圳 天天改稿"],
        {"employer": ["lumen works"], "city": ["深圳"], "job_title": ["设计"]}, {"employer": ["startup"]},
    ),
    # work talk about a company by its nickname, someone named after it
    "a bonus at a company by its nickname, the boss named after (zh)": (
        ["菊厂绩效今天出来了 我们组都在吐槽 领导假装很忙"], {"employer": ["菊厂"]}, {},
    ),
    "a friend's new job named before the company stays theirs (zh)": (
        ["阿飞，我大学室友，下周去字节上班"], {}, {"employer": ["字节"]},
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CASES))
def test_the_fact_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(
        mem,
        uid("around-question"),
        said,
        present,
        absent,
        first_day=date(2026, 8, 3),
        exact=False,
        label=case,
    )


@pytest.mark.parametrize(
    "case",
    [
        "where one lives and an allergy after asking for ideas (zh)",
        "not living in the city on record, in a town nearby (en)",
    ],
)
@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_fact_is_read(mem, uid, case)
