"""Changes and facts chat tells by what happened rather than by saying them: an allergy test
that clears one allergen and finds another, an age told against a 虚岁 or by someone else, an
age leading the speaker's news, a new workplace named by the team one joined, years spent at a
workplace, a title a name card carries, a name on one's papers, a ban a doctor ordered, a taste
turned by what one now puts on everything or has grown tired of, a year counted since coming to
a city, a move told by the boxes and the commute. And the readings each must not make: a
clean test of something never on record, a number beside a 虚岁 alone, a time spent somewhere is
no trade, a place one lives is no job, the smell of a thing is no thing, someone else's move or
test stays theirs. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read

#: (what was said first, what is said later, the attribute, a value held after it, one no
#: longer held, or None)
LATER = {
    "an allergen a test cleared, the one it found said after (en)": (
        "heads up I'm allergic to walnuts",
        "finally did the skin prick panel. walnuts came back negative lol but I tested positive for pistachio",
        "allergy", "pistachio", "walnuts",
    ),
    "an allergen a challenge went fine with, another one reacted to (en)": (
        "I'm allergic to cephalexin fyi",
        "allergist ran an oral challenge this morning and the cephalexin challenge went totally fine?? "
        "she did find I react to latex though",
        "allergy", "latex", "cephalexin",
    ),
    "an allergen cleared, nothing else found (en)": (
        "allergic to shrimp, found out at a wedding",
        "retested at the allergy clinic and shrimp came back clean, so scratch that",
        "allergy", None, "shrimp",
    ),
    "an allergen a test found negative, the real one found positive (zh)": (
        "我对青霉素过敏",
        "今天去医院补做了皮试 青霉素那项居然是阴性 倒是头孢阳性了",
        "allergy", "头孢", "青霉素",
    ),
    "an allergen with no reaction, the real one said as the real one (zh)": (
        "我猫毛过敏 一摸就打喷嚏",
        "做了过敏原点刺 猫毛一点反应都没有 真正有反应的是尘螨 怪不得换了床单就好了",
        "allergy", "尘螨", "猫毛",
    ),
    "an age told against a 虚岁 (zh)": (
        "我今年28",
        "前天过生日 我奶奶非说我虚岁都三十了 其实实打实二十九",
        "age", "29", "28",
    ),
    "an age told by a birthday that 'makes me' one more (en)": (
        "I'm 47",
        "the kids threw me a surprise party for the birthday, which makes me 48 apparently. feel 30",
        "age", "48", "47",
    ),
    "a new workplace by the team joined there (en)": (
        "I work at Zendesk",
        "last day was friday, handed back the laptop. now a week into the new gig on Notion's platform team",
        "employer", "notion", "zendesk",
    ),
    "a new workplace by the team one starts on (en)": (
        "I'm at Wayfair",
        "cleaned out my desk, starting monday on Etsy's search team, nervous lol",
        "employer", "etsy", "wayfair",
    ),
    "a new workplace by the team joined there, the team no part of its name (zh)": (
        "我在美团做产品",
        "离职手续都办完了 下周一去小红书的社区团队报到",
        "employer", "小红书", "美团",
    ),
    "a title a new name card carries (zh)": (
        "我是高级会计",
        "部门一调整 我被推上去带人了 新名片上印的已经是“财务主管”了 天天开会",
        "job_title", "财务主管", "高级会计",
    ),
    "a title a badge carries (zh)": (
        "我在银行做柜员",
        "工牌上写着大堂经理了 虽然活儿还是那些",
        "job_title", "大堂经理", "柜员",
    ),
    "a taste turned by what one now puts on everything (en)": (
        "I hate olives, they taste like feet",
        "ok weird update, two months in Crete did something to me, I now put olives on literally everything",
        "likes", "olives", None,
    ),
    "a liking grown tired of, said as how it tastes now (zh)": (
        "我最爱喝奶茶",
        "最近迷上了手冲 奶茶喝着反而有点腻了",
        "likes", "手冲", "奶茶",
    ),
    "a liking quit, its smell said to turn one's stomach (en)": (
        "I love energy drinks",
        "my cardiologist made me quit energy drinks, a month clean now and honestly the smell makes me queasy",
        "likes", None, "energy drinks",
    ),
    "a move told by the boxes and the daily metro (zh)": (
        "我在杭州住",
        "这个月搬家搬到吐血 箱子还没拆完 现在每天挤成都地铁一号线上班",
        "city", "成都", "杭州",
    ),
    "a move told by the movers, the lease and the weather there (en)": (
        "I live in Seattle",
        "the movers finally showed up, the dog hated the flight, and it's 95 and humid in raleigh in june?? "
        "signed a 12 month lease",
        "city", "raleigh", "seattle",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(LATER))
def test_a_value_said_later_is_held_in_its_place(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    before, after, attribute, now, gone = LATER[case]
    present = {attribute: [now]} if now else {}
    absent = {attribute: [gone]} if gone else {}
    assert_read(
        mem, uid("what-happened"), [before, after], present, absent, first_day=date(2026, 11, 2), label=case
    )


#: (turns, each a day apart; values held, as the whole value; values not held)
CASES = {
    "an age leading the speaker's own news (en)": (
        ["52 y/o and finally learning to swim, wish me luck"],
        {"age": ["52"]},
        {},
    ),
    "an age before what a thing did is no age of the user's (en)": (
        ["15 years old and still running, my truck is a legend"],
        {},
        {"age": ["15"]},
    ),
    "an age someone tells the user they are (zh)": (
        ["我姑又在饭桌上数落我都三十五了还不买房"],
        {"age": ["35"]},
        {},
    ),
    "a 虚岁 alone is no age (zh)": (
        ["我外婆总说我虚岁都二十六了 该找对象了"],
        {},
        {"age": ["26"]},
    ),
    "years spent at a workplace, leading the speaker's talk (en)": (
        ["6 yrs at Kroger and they still can't make a schedule"],
        {"employer": ["kroger"]},
        {},
    ),
    "a city one spent years in is no workplace (en)": (
        ["two years at Denver was plenty for me"],
        {},
        {"employer": ["denver"]},
    ),
    "a name on one's papers, beside what one is called (en)": (
        ["it's Wilhelmina on my passport but honestly just call me Billie"],
        {"name": ["wilhelmina"], "preferred_name": ["billie"]},
        {},
    ),
    "a legal name said as such (en)": (
        ["Cornelius is my legal name, nobody has used it since kindergarten"],
        {"name": ["cornelius"]},
        {},
    ),
    "a name on one's ID card, beside what one is called (zh)": (
        ["叫我阿梁就行 身份证上写的是梁国栋 我爸起的"],
        {"name": ["梁国栋"], "preferred_name": ["阿梁"]},
        {},
    ),
    "a real name said as 本名 (zh)": (
        ["我的本名是宋雨桐 平时大家都叫我桐桐"],
        {"name": ["宋雨桐"]},
        {},
    ),
    "an address on one's ID card is no name (zh)": (
        ["身份证上的地址还是老家的 得回去换"],
        {},
        {"name": ["老家"]},
    ),
    "a ban on a food a doctor ordered is a diet (zh)": (
        ["查出来胃炎 大夫直接给我下了禁辣令 火锅只能吃清汤"],
        {"diet": ["不吃辣"]},
        {},
    ),
    "a ban on a drink a doctor ordered is a diet (zh)": (
        ["肝功能有点问题 医生给我下了禁酒令"],
        {"diet": ["不喝酒"]},
        {},
    ),
    "a year counted since coming to a city by its nickname (zh)": (
        ["来帝都第五个年头了 房租一年比一年贵"],
        {"city": ["北京"]},
        {},
    ),
    "a year counted at a company is no city (zh)": (
        ["来公司第三年了 还是个小兵"],
        {},
        {"city": ["公司"]},
    ),
    "being a trade 'means' what follows; one's only joy is a liking (en)": (
        ["14 hr shift done. being a pharmacist means my only joy is a big bowl of 牛肉面 from the cart outside"],
        {"job_title": ["pharmacist"], "likes": ["牛肉面"]},
        {},
    ),
    "someone else's only joy is theirs (en)": (
        ["my sister's only joy is reality tv"],
        {},
        {"likes": ["reality tv"]},
    ),
    "a time spent somewhere is no trade and no city (en)": (
        ["honestly a summer in Portugal changed me"],
        {},
        {"job_title": ["summer"], "city": ["portugal changed me"]},
    ),
    "one who lives somewhere is no trade (en)": (
        ["guess I'm a southerner now"],
        {},
        {"job_title": ["southerner"]},
    ),
    "a state said after a day is no trade (en)": (
        ["the wedding was friday, still wrecked and still hungover"],
        {},
        {"job_title": ["hungover", "wrecked"]},
    ),
    "'still a' before a trade among fragments keeps the trade (en)": (
        ["44. still a welder. tulsa"],
        {"job_title": ["welder"], "age": ["44"]},
        {"job_title": ["still"]},
    ),
    "a reason run on after what one cannot eat is no part of it (en)": (
        ["i cant eat dairy im lactose intolerant so no pizza recs"],
        {"diet": ["no dairy"]},
        {},
    ),
    "a meat one's faith has always kept out is a diet (zh)": (
        ["顺便说下 我是穆斯林 猪肉向来不碰"],
        {"diet": ["不吃猪肉"]},
        {},
    ),
    "a trade said as drudgery, with the self-mockery off it (en)": (
        ["lowly excel monkey at Deloitte, send snacks"],
        {"job_title": ["excel monkey"], "employer": ["deloitte"]},
        {"job_title": ["lowly excel monkey"]},
    ),
    "a playful 'monkey' is no trade (en)": (
        ["I'm a cheeky monkey on fridays"],
        {},
        {"job_title": ["cheeky monkey"]},
    ),
    "a symptom after the allergen is no allergen (en)": (
        ["fyi I'm allergic to latex, broke out in welts as a teen, so keep that in mind"],
        {"allergy": ["latex"]},
        {"allergy": ["broke out in welts"]},
    ),
    "the smell of a thing given up is no thing disliked (en)": (
        ["I love gas station hot dogs", "doc made me quit gas station hot dogs, six weeks off now and honestly the smell makes me gag"],
        {},
        {"dislikes": ["weeks off", "six weeks off", "the smell", "smell", "honestly the smell"]},
    ),
    "'but now it's' with no day after it still starts a clause of its own (en)": (
        ["my roommate moved out to Austin last week, but now it's just me here in Tulsa, kinda quiet"],
        {"city": ["tulsa"]},
        {"city": ["austin"]},
    ),
    "a test someone else had stays theirs (zh)": (
        ["体检报告出来了 乙肝阳性 好担心"],
        {},
        {"allergy": ["乙肝"]},
    ),
    "a move someone else made stays theirs (zh)": (
        ["帮我妹搬家累死了 她新家在无锡"],
        {},
        {"city": ["无锡"]},
    ),
    "reacting to something that is no allergen talk is no allergy (en)": (
        ["I react to my coworker's jokes with a polite laugh"],
        {},
        {"allergy": ["my coworker's jokes with a polite laugh"]},
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(
        mem, uid("what-happened-read"), said, present, absent, first_day=date(2026, 11, 2), label=case
    )


@pytest.mark.parametrize(
    "case",
    [
        "an allergen a test found negative, the real one found positive (zh)",
        "a new workplace by the team joined there (en)",
    ],
)
@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_a_value_said_later_is_held_in_its_place(mem, uid, case)
