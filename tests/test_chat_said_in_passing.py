"""Facts said in passing, the way chat carries them: a new job by the signs of its first days, a
move by the movers and the new place, a taste turned by what it now tastes like, a game one plays,
a fan "here", a pet described in brackets, a child taken to school, one of the user's people named
mid-sentence; a statement before a question in a message that drops its "I"; a daydream the
speaker comes back from; an allergy said to be fine after all; and topics forgotten by the shape
of their words (a drug's name, an organ taken out). Each reading has a case it must not make.
The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read, forget_after, held_on_user

CASES = {
    "a game or a sport one plays is a pastime (en)": (
        ["we mostly just play pickleball on weekends", "I do pilates before work"],
        {"likes": ["pickleball", "pilates"]},
        {},
    ),
    "a game one plays is a pastime (zh)": (
        ["下了班就约同事打台球"],
        {"likes": ["台球"]},
        {},
    ),
    "a game played once, or no longer, is no pastime (en)": (
        ["I used to play hockey in college", "should I play poker tonight?"],
        {},
        {"likes": ["hockey", "poker"]},
    ),
    "a fan said with 'here' or for life (en)": (
        ["massive Steelers fan here, been that way since I was a kid"],
        {"likes": ["steelers"]},
        {},
    ),
    "a ceiling fan is no fan of anything (en)": (
        ["the ceiling fan here rattles all night"],
        {},
        {"likes": ["ceiling"]},
    ),
    "a trade by its chat nickname (en)": (
        ["I'm a grease monkey at a tire shop downtown"],
        {"job_title": ["grease monkey"]},
        {},
    ),
    "a trade by its chat nickname, the city by its nickname (zh)": (
        ["在帝都搬砖第二年了 运营汪一枚"],
        {"city": ["北京"], "job_title": ["运营"]},
        {},
    ),
    "a trade said by what it does to one (zh)": (
        ["天天改需求 干测试是真累"],
        {"job_title": ["测试"]},
        {},
    ),
    "'my job is' said as the work, and where (en)": (
        ["my job is tutoring at Brightpath Learning, mostly evenings"],
        {"job_title": ["tutor"], "employer": ["brightpath learning"]},
        {},
    ),
    "a voice-typed aside is no part of the value (en)": (
        ["so um im allergic to amoxicilin i think no wait i KNOW i am"],
        {"allergy": ["amoxicillin"]},
        {},
    ),
    "'or something' names no second allergen (en)": (
        ["pretty sure I'm allergic to walnuts or something"],
        {"allergy": ["walnuts"]},
        {"allergy": ["something"]},
    ),
    "a news told before a question, no 'I' in it (zh)": (
        ["周末加班到半夜 老板还在群里催 终于搬到通州了 有什么解压的办法吗"],
        {"city": ["通州"]},
        {},
    ),
    "an emoji ends a statement before a question (en)": (
        ["officially in my pescatarian era 🐟 any good cod recipes?"],
        {"diet": ["pescatarian"]},
        {},
    ),
    "a daydream, then back to what is (zh)": (
        ["半夜睡不着 要是中了彩票我就去三亚买套房 养只金毛 想想而已 明天还得老老实实在合肥上班"],
        {"city": ["合肥"]},
        {"city": ["三亚"], "pet": ["金毛"]},
    ),
    "a daydream, then back to what is (en)": (
        [
            "if I ever win the lottery I'd buy a vineyard in Napa, but back to reality, stuck in Fresno doing nights"
        ],
        {"city": ["fresno"]},
        {"city": ["napa"]},
    ),
    "a 'nothing at all' and a tone 呢 ask nothing (zh)": (
        ["入职京东第二天 电脑还没配好 啥活没干呢"],
        {"employer": ["京东"]},
        {"employer": ["京东第二天"]},
    ),
    "an allergy to an animal's hair is the user's, no pet (zh)": (
        ["我狗毛过敏 朋友家的柯基都不敢抱"],
        {"allergy": ["狗毛"]},
        {"pet": ["狗"]},
    ),
    "a city with its state's code in lower case (en)": (
        ["based in reno nv, it's 104 out"],
        {"city": ["reno, nv"]},
        {},
    ),
    "a state's code that is also a word stays the word (en)": (
        ["thinking about moving to portland or seattle, can't decide"],
        {},
        {"city": ["portland, or"]},
    ),
    "a city and a workplace by their nicknames (en)": (
        ["grew up in beantown, now a glorified pencil pusher at wally world here"],
        {"hometown": ["boston"], "employer": ["walmart"]},
        {},
    ),
    "a Latin word glued before a clause break, spaced after it (zh)": (
        ["最近在搞vegan 肉蛋奶都不碰了"],
        {"diet": ["纯素"]},
        {},
    ),
    "what a doctor found, said of the user (zh)": (
        ["复查完 医生说我其实是对尘螨过敏"],
        {"allergy": ["尘螨"]},
        {},
    ),
    "a 他 nothing names: what follows is not the user's (zh)": (
        ["他倒是什么都喝 就是不碰咖啡 嫌苦"],
        {},
        {"dislikes": ["咖啡"]},
    ),
    "a husband's new job is his (en)": (
        ["hubby just started at Lockwell Freight as a dispatcher, so evenings are all me"],
        {},
        {"employer": ["lockwell freight"]},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(
        mem, uid("passing"), said, present, absent, first_day=date(2026, 11, 2), exact=True, label=case
    )


#: (what was said, what is said later, the attribute, the value held after it, one no longer held)
LATER = {
    "a new job by the days one is into it (en)": (
        "I'm a receptionist at Lakeview Dental", "week two at Marlow & Finch and I still can't find the printer",
        "employer", "marlow & finch", "lakeview dental",
    ),
    "a new job by its work laptop and 'new job' (en)": (
        "I'm a receptionist at Lakeview Dental",
        "IT finally set up my Quillon Analytics laptop. new job, new commute, same coffee",
        "employer", "quillon analytics", "lakeview dental",
    ),
    "a new job by its badge and 新工作 (zh)": (
        "我在工商银行当柜员", "刚领到中信的工牌 新工作冲冲冲", "employer", "中信", "工商银行",
    ),
    "a new job by the days one is into it (zh)": (
        "我在美团做运营", "在滴滴上班第三天 还没搞清楚工位在哪", "employer", "滴滴", "美团",
    ),
    "a move by the new place in a city (en)": (
        "I live in Tampa", "hung the last picture at our new apartment in Raleigh today", "city", "raleigh", "tampa",
    ),
    "a move by the movers and where they dropped it (en)": (
        "I live in Tampa", "movers unloaded everything at the new place in Omaha, send pizza", "city", "omaha", "tampa",
    ),
    "a move by what was hauled to the new home (zh)": (
        "我住在武汉", "家具总算从武汉拉到长沙新家了", "city", "长沙", "武汉",
    ),
    "a taste turned: it tastes of metal now, switched to another (en)": (
        "I love energy drinks", "energy drinks taste like batteries to me now, switched to green tea and never going back",
        "likes", "green tea", "energy drinks",
    ),
    "a taste turned: not one more sip (zh)": (
        "我超爱喝可乐", "可乐最近一口都喝不下去了", "dislikes", "可乐", None,
    ),
    "a liking of 吃辣 ends with a dislike of 辣 (zh)": (
        "我最爱吃辣", "胃不好以后辣的一口都碰不了了", "dislikes", "辣", None,
    ),
    "an allergy said to be fine after all (en)": (
        "I'm allergic to sulfa", "turns out sulfa was never the problem", "allergy", None, "sulfa",
    ),
    "an allergy said to be fine, another named (zh)": (
        "我对青霉素过敏", "做完皮试才知道是头孢过敏!! 青霉素根本没事", "allergy", "头孢", "青霉素",
    ),
    "an age said as 'officially N' after the birthday (zh)": (
        "我今年33", "前天过生日 吃了好多蛋糕 正式34了", "age", "34", "33",
    ),
    "a name others use, said as 'it's X to everyone' (en)": (
        "call me Theodore", "nobody calls me Theodore though, it's Teddy to everyone", "preferred_name", "teddy",
        "theodore",
    ),
    "a name everyone around uses now (zh)": (
        "叫我王姐就行", "现在周围人都叫我小王了 你也改口吧", "preferred_name", "小王", "王姐",
    ),
    "a diet said as the era one is in (en)": (
        "I'm vegetarian", "ok doc says my iron is low, so I eat fish now. officially in my pescatarian era",
        "diet", "pescatarian", "vegetarian",
    ),
    "a name spelt again after a slip (en)": (
        "hi, Jonathon here", "ugh typo in my own name, it's Johnathan", "name", "johnathan", "jonathon",
    ),
    "a city spelt again after autocorrect (en)": (
        "I live in Brookfield", "autocorrect strikes again, I meant Brookville", "city", "brookville", "brookfield",
    ),
    "a name a character off after 手滑 (zh)": ("我叫王晓燕", "刚刚手滑了 是王小燕", "name", "王小燕", "王晓燕"),
    "a birthday with the new age said beside it (zh)": (
        "我今年31", "前天过生日 朋友订的蛋糕上写着32 有点扎心", "age", "32", "31",
    ),
    "a birthday with the new age said beside it (en)": (
        "I'm 44", "birthday weekend! the balloons said 45 in giant gold letters", "age", "45", "44",
    ),
    "a child's birthday names no age of the user's (zh)": (
        "我今年31", "我儿子昨天过生日 来了32个同学", "age", "31", "32",
    ),
    "a new job never read from someone else's first week (en)": (
        "I'm a receptionist at Lakeview Dental", "my husband's first week at Orbitline went great",
        "employer", "lakeview dental", "orbitline",
    ),
    "a new job never read from an interview (zh)": (
        "我在美团做运营", "下周去字节面试 入职的话第一周就得出差", "employer", "美团", "字节",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(LATER))
def test_a_value_said_later_is_held_in_its_place(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    before, after, attribute, now, gone = LATER[case]
    user = uid("passing-later")
    mem.remember(user, before, at="2026-11-01T09:00:00+08:00")
    mem.remember(user, after, at="2026-11-05T09:00:00+08:00")
    held = held_on_user(mem, user).get(attribute, set())
    assert (now is None or now in held) and (gone is None or gone not in held), (case, held)


def _held_on(mem: Memory, user: str, name: str) -> dict[str, set[str]]:
    """The active values held on one of the user's people, by attribute, lower-cased."""
    active: dict[str, set[str]] = {}
    for f in mem.facts(user):
        if f.subject_name.lower() == name.lower():
            active.setdefault(f.attribute, set()).add(str(f.value).lower())
    return active


#: (what is said, the person's name, a link the user has to them, what is held on them, a value
#: the user must not have been given)
PEOPLE = {
    "a child taken to school, named mid-sentence (zh)": (
        "一大早送我闺女朵朵去育英小学 她今年一年级", "朵朵", ("child", "朵朵"), ("school", "育英小学"), None,
    ),
    "a friend named mid-sentence, what 他 says after is his (zh)": (
        "周六给我发小阿浩庆生 他是勇士铁粉 天天打篮球", "阿浩", ("friend", "阿浩"), ("likes", "篮球"), ("likes", "篮球"),
    ),
    "a younger brother by his slang, at school with his subject (en)": (
        "my lil bro Mateo is at Rutgers doing econ, meanwhile I'm stuck doing taxes", "Mateo", ("sibling", "mateo"),
        ("school", "rutgers"), None,
    ),
    "a pet described in brackets; its age is no user's age (zh)": (
        "我家糯米（英短 两岁）最近掉毛好厉害", "糯米", ("pet", "糯米"), ("age", "2"), ("age", "2"),
    ),
    "a pet by its colour and kind in brackets (zh)": (
        "我家奶糖（白猫，五岁）最近不爱吃饭", "奶糖", ("pet", "奶糖"), ("age", "5"), ("age", "5"),
    ),
    "a friend named after 还有 (zh)": (
        "还有我发小阿辉 在京东做仓管", "阿辉", ("friend", "阿辉"), ("employer", "京东"), ("employer", "京东"),
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(PEOPLE))
def test_a_fact_of_the_users_people_is_kept_on_them(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    said, name, (link_attribute, linked), (attribute, value), not_mine = PEOPLE[case]
    user = uid("passing-people")
    mem.remember(user, said, at="2026-11-03T09:00:00+08:00")
    mine = held_on_user(mem, user)
    assert linked in mine.get(link_attribute, set()), (case, mine)
    assert value in _held_on(mem, user, name).get(attribute, set()), (case, _held_on(mem, user, name))
    if not_mine is not None:
        assert not_mine[1] not in mine.get(not_mine[0], set()), (case, mine)


#: (a matter told, something else told, the forget asked, a word of the matter, a word of the rest)
FORGETS = {
    "a drug known by its name's ending, asked as 'the meds thing' (en)": (
        "been taking atorvastatin since the spring checkup", "I coach my daughter's soccer team on saturdays",
        "can u forget the meds thing, i'd rather keep that private", "atorvastatin", "soccer",
    ),
    "an organ taken out, asked as the surgery (en)": (
        "getting my tonsils out next month at Mercy, dreading it", "I'm a sous chef at a taco place",
        "please delete what I said about the surgery", "tonsils", "sous chef",
    ),
    "an organ taken out, asked as 手术 (zh)": (
        "下个月要做甲状腺切除 有点慌", "我在杭州做外贸", "手术那事你就当没听过 删了吧 别哪天说漏嘴", "甲状腺", "外贸",
    ),
    "a diet plan by its kind, asked as 减肥 (zh)": (
        "最近在搞轻断食 晚上六点后不吃东西", "我家狗叫可乐", "之前说的减肥那事 当我没说 删了", "轻断食", "可乐",
    ),
    "someone's news, asked as that person's matter, with how one feels after (zh)": (
        "八卦一下 同事老周好像要离婚了", "我最近在学滑板", "下午跟你说的老周那事 删了删了 说出来总觉得不太好", "离婚", "滑板",
    ),
    "one of the user's people, said as 我妹 (zh)": (
        "跟我妹为了爸妈养老的事吵了一架", "我在学日语", "我妹那些事你就当没听过吧", "养老", "日语",
    ),
    "a wedding by its venue and the fiancé (en)": (
        "put the deposit down on the lakeside venue, my fiancé is over the moon", "I teach yoga on tuesdays",
        "please forget everything about the wedding", "lakeside", "yoga",
    ),
    "a side project named in three words, said in others (en)": (
        "been reselling vintage lamps on etsy on the side, nobody knows", "I'm allergic to penicillin",
        "forget the vintage lamp side hustle", "etsy", "penicillin",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(FORGETS))
def test_a_topic_forgotten_goes_and_the_rest_stays(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    told, other, asked, gone, kept = FORGETS[case]
    left = forget_after(mem, uid("passing-fg"), told, other, asked, first_day=date(2026, 11, 1))
    assert gone.lower() not in left.lower() and kept in left, (case, left)


@pytest.mark.parametrize(
    "case", ["a new job by its badge and 新工作 (zh)", "a move by the movers and where they dropped it (en)"]
)
@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_a_value_said_later_is_held_in_its_place(mem, uid, case)


def test_a_new_job_says_which_reader_made_it(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("passing-id")
    mem.remember(user, "I'm a receptionist at Lakeview Dental", at="2026-11-01T09:00:00Z")
    got = mem.remember(user, "day 3 at Harbor & Pine, still lost", at="2026-11-05T09:00:00Z")
    assert [f.rule for f in got.added if f.attribute == "employer"] == ["en.builtin.job_start"]
    assert [old.value for old, _ in got.superseded] == ["Lakeview Dental"]
