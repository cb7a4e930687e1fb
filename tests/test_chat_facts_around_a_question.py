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
    # a child said without 我, what happened to them, what the doctor said of them
    "a son's allergy by what the doctor said of him (zh)": (
        ["儿子前天吃了芒果 嘴巴肿了 医生说他是芒果过敏 我倒是没事"], {"child": ["儿子"]}, {"allergy": ["芒果"]},
    ),
    "what a doctor says of her, no one named, is no one's (zh)": (["医生说她是花粉过敏"], {}, {"allergy": ["花粉"]}),
    # a rider at a platform
    "a rider at a delivery platform (zh)": (
        ["我在饿了么跑骑手 风里来雨里去"], {"employer": ["饿了么"], "job_title": ["骑手"]}, {},
    ),
    # where one works is no city beside where one lives
    "live in one town, work in another (en)": (
        ["live in Bristol, work in Bath, the commute is fine"], {"city": ["bristol"]}, {"city": ["bath"]},
    ),
    # a trade by the vehicle one drives for work
    "a trade by the vehicle driven on nights (en)": (
        ["I drive a forklift on nights at the Harbor Point depot, my back hates me"],
        {"job_title": ["forklift"], "employer": ["harbor point"]}, {},
    ),
    "driving for fun is no trade (en)": (["I drive a truck for fun on the farm"], {}, {"job_title": ["truck driver"]}),
    # moves and jobs said the chat way, cities by their nicknames
    "moved up to a city by its nickname, a job doing something until (en)": (
        ["moved up to brissie last month, got a job pulling pints at the Crown til uni starts"],
        {"city": ["brisbane"], "employer": ["crown"]}, {"employer": ["the crown til uni starts"]},
    ),
    "from a city through and through, living in another (en)": (
        ["I live in Leeds now", "I'm a Glaswegian through and through"],
        {"hometown": ["glasgow"], "city": ["leeds"]}, {"city": ["glasgow"]},
    ),
    # Cantonese, northeastern and Taiwanese chat; pinyin slips
    "Cantonese typed as spoken (zh)": (
        ["我系佛山人嚟嘅，而家喺东莞返工，日日加班"], {"hometown": ["佛山"], "city": ["东莞"]}, {},
    ),
    "a slip of 过敏 and a year count after a title (zh)": (
        ["在鹅厂做运营第二年了 对了我对芒果过明"], {"allergy": ["芒果"], "job_title": ["运营"]},
        {"job_title": ["运营第"]},
    ),
    "a Taiwanese 的 and 一间 (zh)": (
        ["我超爱吃蚵仔煎der 最近搬去高雄了 在一间书店打工"], {"likes": ["蚵仔煎"], "city": ["高雄"]}, {},
    ),
    # an age said in passing in a story or a list, someone else's beside it
    "an age others nag one about, a cousin's age before it (zh)": (
        ["堂弟今天订婚 他才26 饭桌上大姨又念叨我 说我都34了还单着 我就闷头吃菜"],
        {"age": ["34"]}, {"age": ["26"]},
    ),
    "an age given as the reason in a to-do list (en)": (
        ["to do: call the bank, get Ivy a present (she's 9 on sunday!!), update my license since apparently I "
         "turned 52 last month, buy eggs"],
        {"age": ["52"]}, {"age": ["9"]},
    ),
    # the city meant, the one on record said to be only where one works
    "the city meant, the other only where the office is (en)": (
        ["we live in Salford, me and the kids", "sorry I meant Stockport, Salford is just where my office is"],
        {"city": ["stockport"]}, {"city": ["salford"]},
    ),
    # the relation first, then 'well' and the name between dashes
    "a girlfriend named after 'well' between dashes (en)": (
        ["so my girlfriend — well Mira, it's complicated — just got into nursing school"], {"partner": ["mira"]}, {},
    ),
}  # fmt: skip


#: (what is said and when, a question, the day it names)
DAYS = {
    "not this weekday, the one after (en)": (
        ("the vet moved Pepper's checkup to friday. not this friday, the one after", "2026-05-04T15:00:00Z"),
        "when is Pepper's checkup?", "2026-05-15",
    ),
    "不是这周X，是下周X (zh)": (
        ("牙医把复诊改到周五了，不是这周五，是下周五", "2026-05-04T15:00:00+08:00"), "复诊是哪天？", "2026-05-15",
    ),
    "weeks from today said short (en)": (
        ("the charity 10k is 3 wks from today, legs not ready", "2026-04-08T19:00:00Z"), "when is the 10k?", "2026-04-29",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(DAYS))
def test_the_day_is_shown(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    (said, at), asked, day = DAYS[case]
    user = uid("around-question-day")
    mem.remember(user, said, at=at)
    shown = [it.date.date().isoformat() for it in mem.recall(user, asked, k=4, at=at) if it.date is not None]
    assert day in shown, (case, shown)


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
