"""Facts chat says without saying them plainly: a trade by the work done for years or by its
nickname, a workplace by "X hired me", a taste warmed to after being made to try it, a way of
eating turned to, a food kept off for faith, a pastime done "like crazy", what one took up
instead and says one loves; in Chinese a cleft 是…的, a run-on typed by voice, the days of a job
told with a question asked of no one, a change "from this month on", a skill learnt under
protest. And the readings each must not make: a joke takes back only the sentence before it, an
interview is no workplace, someone else's taste is theirs, where one grew up is not where one
moved, a "like" before an amount is no liking. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

import pytest

from graphmem import Memory
from tests.chat_cases import forget_after, held_on_user

#: (turns, each a day apart; values held, as a part of one; values not held, as a part of none)
CASES = {
    "a trade by the work done for years (en)": (
        ["been roofing for like twelve years, knees are shot"],
        {"job_title": ["roofer"]},
        {},
    ),
    "a trade by the work done for a living (en)": (
        ["I'm bussing tables for a living while I finish school"],
        {"job_title": ["busser"]},
        {},
    ),
    "a trade by what one drives, and for whom (en)": (
        ["I drive a tow truck for Kessler Towing, nights mostly"],
        {"job_title": ["tow truck driver"], "employer": ["kessler towing"]},
        {},
    ),
    "a trade by the deliveries one does, and for whom (en)": (
        ["dashing on the side for Grubhub, like 20 hrs a week"],
        {"job_title": ["delivery driver"], "employer": ["grubhub"]},
        {},
    ),
    "a drive for one of the user's people is no job (en)": (
        ["I drive for my grandma every sunday, she can't see well anymore"],
        {},
        {"employer": ["grandma"], "job_title": ["driver"]},
    ),
    "a trade by what one drives, and where (zh)": (
        ["我在德邦开货车 一跑就是一整天"],
        {"job_title": ["开货车"], "employer": ["德邦"]},
        {},
    ),
    "a trade by what one drives, and the city (zh)": (
        ["在成都跑网约车都五年了"],
        {"job_title": ["跑网约车"], "city": ["成都"]},
        {},
    ),
    "a trade by its nickname (en)": (
        ["chippy by trade, mostly loft conversions these days"],
        {"job_title": ["carpenter"]},
        {},
    ),
    "years of a pastime or a sorrow are no trade (en)": (
        ["been gaming for 10 years and still bad at it", "been crying nonstop since the breakup"],
        {},
        {"job_title": ["gam"], "likes": ["crying"]},
    ),
    "a workplace that hired the user (en)": (
        ["Tidewater Logistics hired me as a dispatcher"],
        {"employer": ["tidewater logistics"], "job_title": ["dispatcher"]},
        {},
    ),
    "a relative who hired the user is no workplace (en)": (
        ["my cousin hired me to paint his fence"],
        {},
        {"employer": ["cousin"]},
    ),
    "an instrument one already plays a little of (en)": (
        ["I already play a little mandolin, is fiddle a crazy next step?"],
        {"skill": ["mandolin"]},
        {"skill": ["fiddle"]},
    ),
    "a pastime done like crazy (en)": (
        ["been crocheting like crazy since the fall, blankets everywhere"],
        {"likes": ["crochet"]},
        {},
    ),
    "a food kept off for faith is a diet (en)": (
        ["cookout sounds fun but I don't eat beef for religious reasons"],
        {"diet": ["beef"]},
        {"dislikes": ["beef"]},
    ),
    "allergens typed in a hurry are spelt right (en)": (
        ["fyi im alergic to cashws and penicilin"],
        {"allergy": ["cashews", "penicillin"]},
        {},
    ),
    "a notice before the speaker starts a clause (en)": (
        ["dinner at mine friday, heads up im allergic to walnuts"],
        {"allergy": ["walnuts"]},
        {},
    ),
    "a 'like' before an amount is no liking (en)": (
        ["driving for Lyft like 40hrs a week, back is wrecked"],
        {},
        {"likes": ["40hrs"]},
    ),
    "a joke takes back only the sentence before it (en)": (
        ["I live in Tucson. Moving to Antarctica next month to raise penguins lol jk"],
        {"city": ["tucson"]},
        {"city": ["antarctica"]},
    ),
    "a joke takes back only the sentence before it (zh)": (
        ["我在招商银行做柜员🙃 要是明天中了彩票我就辞职去环游世界 开玩笑的"],
        {"employer": ["招商银行"], "job_title": ["柜员"]},
        {},
    ),
    "where one grew up is not where one moved (en)": (
        ["grew up in Accra, moved here for work three years ago"],
        {"hometown": ["accra"]},
        {"city": ["accra"]},
    ),
    "where one's home town is, is not where one moved (zh)": (
        ["老家在西安 搬过来半年了 这边吃的还是不习惯"],
        {"hometown": ["西安"]},
        {"city": ["西安"]},
    ),
    "a cleft 是…的 round a job (zh)": (
        ["我是在协和当护士的", "我是在华为上班的 平时加班挺多"],
        {"job_title": ["护士"], "employer": ["华为"]},
        {"job_title": ["当护士"], "employer": ["在协和"]},
    ),
    "a run-on typed by voice (zh)": (
        ["语音转的文字哈 我家狗叫旺仔它今天又拆家了然后我妈说要不送人算了我觉得也还好吧对了我是在图书馆当管理员的周末才有空"],
        {"pet": ["旺仔"], "job_title": ["管理员"]},
        {},
    ),
    "the days of a job told with a question asked of no one (zh)": (
        ["年底忙疯了 在顺丰当分拣员的日子谁顶得住啊"],
        {"employer": ["顺丰"], "job_title": ["分拣员"]},
        {"job_title": ["日子"]},
    ),
    "what a job is like, said after it, is no part of it (zh)": (
        ["在肯德基当店员就是这样 周末根本没法休息"],
        {"job_title": ["店员"]},
        {"job_title": ["这样"]},
    ),
    "an interview at a company is no workplace (zh)": (
        ["悄悄说 我在面小红书 一面已经过了"],
        {},
        {"employer": ["小红书"]},
    ),
    "one's only way to unwind is a liking (zh)": (
        ["撸铁真是我唯一的解压方式"],
        {"likes": ["撸铁"]},
        {},
    ),
    "one's only way to unwind is a liking (en)": (
        ["woodworking is honestly my only way to unwind"],
        {"likes": ["woodworking"]},
        {},
    ),
    "a skill learnt under protest (zh)": (
        ["最近被迫在学excel 老板说月底要用"],
        {"skill": ["excel"]},
        {},
    ),
    "a taste warmed to after being made to try it (zh)": (
        ["朋友非让我尝一口臭豆腐 结果…真香 现在隔几天就想吃"],
        {"likes": ["臭豆腐"]},
        {},
    ),
    "a taste warmed to after being made to try it (en)": (
        ["my sister made me try kimchi on sunday and ok, I'm a convert"],
        {"likes": ["kimchi"]},
        {},
    ),
    "a taste warmed to, the thing said as 'they' (en)": (
        ["finally tried brussels sprouts at thanksgiving, ok they grew on me"],
        {"likes": ["brussels sprouts"]},
        {},
    ),
    "the one thing kept out of everything is a dislike (en)": (
        ["honestly nothing I avoid except eggplant", "I'll eat pretty much anything except liver"],
        {"dislikes": ["eggplant", "liver"]},
        {},
    ),
    "the one thing kept out of everything is a dislike (zh)": (
        ["我除了芹菜啥都吃"],
        {"dislikes": ["芹菜"]},
        {},
    ),
    "two pastimes typed together are two (zh)": (
        ["下班就喜欢钓鱼追剧"],
        {"likes": ["钓鱼", "追剧"]},
        {"likes": ["钓鱼追剧"]},
    ),
    "a liking of three characters is one (zh)": (
        ["我特别喜欢看话剧"],
        {"likes": ["话剧"]},
        {},
    ),
    "the speaker said first, 'me and X', moved somewhere (en)": (
        ["me and my roommate Jonah just moved to Spokane, the apartment smells like paint"],
        {"city": ["spokane"]},
        {},
    ),
    "a state said sure, its subject left out (en)": (
        ["ugh def allergic to hazelnuts, learned that the hard way"],
        {"allergy": ["hazelnuts"]},
        {},
    ),
    "the title one's badge or signature says (en)": (
        ["my email signature says Senior Buyer but honestly I mostly chase invoices"],
        {"job_title": ["senior buyer"]},
        {"job_title": ["invoices"]},
    ),
    "a name said to be fine after the real one (en)": (
        ["name's Margaret but nobody calls me that, Maggie is fine"],
        {"name": ["margaret"], "preferred_name": ["maggie"]},
        {"preferred_name": ["margaret"]},
    ),
    "a day said to be fine is no name (en)": (
        ["my name's Oren. Friday is fine for the call"],
        {"name": ["oren"]},
        {"preferred_name": ["friday"]},
    ),
    "a place for the weekend is no move (en)": (
        ["got a place in Tahoe for the weekend lol"],
        {},
        {"city": ["tahoe"]},
    ),
    "a distance after 'like' is no liking (en)": (
        ["found a gym like 20 min away"],
        {},
        {"likes": ["20 min"]},
    ),
    "a real name said beside what one is called (zh)": (
        ["叫我阿桃就好，本名陶可欣，太正式了"],
        {"name": ["陶可欣"], "preferred_name": ["阿桃"]},
        {},
    ),
    "a part of the city just named is no city (zh)": (
        ["我在杭州上班，住城西那块"],
        {"city": ["杭州"]},
        {"city": ["城西"]},
    ),
    "a city with its part said 'over there' is that city (zh)": (
        ["我住苏州园区那边 上班挺方便"],
        {"city": ["苏州"]},
        {"city": ["园区"]},
    ),
    "'my favourite' said of what was just had (zh)": (
        ["下午来了一杯生椰拿铁，冰的，我的最爱"],
        {"likes": ["生椰拿铁"]},
        {},
    ),
    "someone else's taste warmed to is theirs (zh)": (
        ["我妈尝了一口榴莲 结果真香"],
        {},
        {"likes": ["榴莲"]},
    ),
}  # fmt: skip


def _replay(mem: Memory, user: str, said: list[str]) -> dict[str, set[str]]:
    for n, text in enumerate(said):
        mem.remember(user, text, at=f"2026-11-{2 + n:02d}T09:00:00+08:00")
    return held_on_user(mem, user)


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    held = _replay(mem, uid("turns-trades"), said)
    for attribute, values in present.items():
        for v in values:
            assert any(v.lower() in x for x in held.get(attribute, set())), (case, attribute, v, held)
    for attribute, values in absent.items():
        for v in values:
            assert not any(v.lower() in x for x in held.get(attribute, set())), (case, attribute, v, held)


#: (what was said, what is said later, the attribute, a value held after it, one no longer held)
LATER = {
    "a way of eating turned to is the diet, not a liking (en)": (
        "I'm vegan", "cheese snuck back in so I guess I'm just vegetarian now", "diet", "vegetarian", "vegan",
    ),
    "what one took up instead, said to be loved (en)": (
        "I love tennis",
        "doc says my elbow is done so me and tennis are officially broken up 💔 rowing instead and tbh I kinda love it",
        "likes", "rowing", "tennis",
    ),
    "a title after the news of a promotion, 'as of' a day (en)": (
        "I'm a line cook at Bramble", "nah all good. BUT boss bumped me up!! kitchen manager as of monday",
        "job_title", "kitchen manager", "line cook",
    ),
    "an allergen said fine, the real one in the sentence after (en)": (
        "I'm allergic to aspirin", "patch test today, apparently aspirin was never the problem?! it's ibuprofen",
        "allergy", "ibuprofen", "aspirin",
    ),
    "a home found somewhere else is a move there (en)": (
        "I live in Fresno", "landlord sold the place so I found a little studio in Modesto, like 30 min north",
        "city", "modesto", "fresno",
    ),
    "a capital 'I'm' before a denial is no city (en)": (
        "I live in Omaha", "ok technically I'm not in Omaha anymore, signed a lease on a flat in Lincoln",
        "city", "lincoln", "i'm",
    ),
    "nothing to do with it, the real one after a '!!' (zh)": (
        "我对虾过敏", "查了过敏原 跟虾没一点关系！！是花蛤", "allergy", "花蛤", "虾",
    ),
    "the age counted from birth after a 虚岁 said (zh)": (
        "我今年45了", "之前说45是按虚岁算的 周岁其实是43", "age", "43", "45",
    ),
    "a change from this month on (zh)": (
        "我在超市当收银员", "从这个月开始我就是领班了", "job_title", "领班", "收银员",
    ),
    "a change from a coming month on is a plan (zh)": (
        "我在超市当收银员", "从下个月起我就是领班了", "job_title", "收银员", None,
    ),
    "a job joined, said with 的, names no workplace '的' (zh)": (
        "我在网易做策划", "我跳去米哈游了 上个月入职的 还是做策划", "employer", "米哈游", "的",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(LATER))
def test_a_value_said_later_is_held_in_its_place(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    before, after, attribute, now, gone = LATER[case]
    held = _replay(mem, uid("turns-trades-later"), [before, after]).get(attribute, set())
    assert now in held and (gone is None or gone not in held), (case, held)


#: (a matter told, something else, a request to forget the matter; a word of the matter; a word kept)
FORGETS = {
    "complaints about a former boss said as a heap (zh)": (
        "前老板李卫东天天让我周末加班改方案", "我养了只柯基叫馒头", "之前吐槽前上司的那一堆都删了吧", "李卫东", "馒头",
    ),
    "a checkup's findings said as 'that pile of stuff' (zh)": (
        "体检查出来脂肪肝 医生让我少喝酒", "我在厦门上班", "诶 体检那堆东西麻烦帮我清掉吧", "脂肪肝", "厦门",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(FORGETS))
def test_a_topic_forgotten_goes_and_the_rest_stays(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    told, other, asked, gone, kept = FORGETS[case]
    left = forget_after(mem, uid("turns-forget"), told, other, asked, first_day=date(2026, 11, 2))
    assert gone not in left and kept in left, (case, left)


def test_a_dated_service_done_for_the_user_keeps_its_day(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("served")
    said_at = "2026-11-05T18:00:00Z"
    mem.remember(
        user,
        "eye exam the day after tomorrow, ugh. unrelated but the plumber finally fixed the leak two days ago",
        at=said_at,
    )
    day = (date_of(said_at) - timedelta(days=2)).isoformat()
    items = mem.recall(user, "when was the leak fixed", k=5, at="2026-11-06T09:00:00Z")
    assert any("leak" in i.text and day in f"{i.text} {i.day}" for i in items), [
        (i.text, i.day) for i in items
    ]


def date_of(iso: str):
    from datetime import datetime

    return datetime.fromisoformat(iso.replace("Z", "+00:00")).date()


@pytest.mark.parametrize(
    "case", ["a change from this month on (zh)", "a way of eating turned to is the diet, not a liking (en)"]
)
@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_a_value_said_later_is_held_in_its_place(mem, uid, case)
