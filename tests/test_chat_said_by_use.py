"""Facts said by what goes with them, not by the plain statement: an allergy by the body's
reaction beside one allergen, a city by the rent or the commute there, a language by its use
(a course, an exam, a streak, the one it is spoken with), an employer by the talk of the work at
a known company, pets named right after their kind mid-sentence. Also a statement said as a
disclosure ("I should mention that …", 先说明一下), a dish reduced to its allergen, and a taste
let go of as "X and I are done". Each reading has a case it must not make (someone else's, a
wish, a question, two candidates). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read, forget_after, held_on_user

CASES = {
    "a statement said as a disclosure (en)": (
        ["I should mention that I'm allergic to walnuts", "something you should know: I'm 52"],
        {"allergy": ["walnuts"], "age": ["52"]},
        {},
    ),
    "a statement said as a disclosure (zh)": (
        ["先说明一下我是素食者", "坦白说我其实是个程序员"],
        {"diet": ["素食"], "job_title": ["程序员"]},
        {},
    ),
    "a dish named for its allergen, and a way one likes to be (en)": (
        [
            "broke out in hives after the kiwi smoothie again",
            "the clinic has it on file but I like to be careful",
        ],
        {"allergy": ["kiwi"]},
        {"allergy": ["the kiwi smoothie"], "likes": ["to be careful"]},
    ),
    "a reaction beside one allergen (en)": (
        ["ate a whole bowl of shrimp pad thai and my lips swelled up like balloons lol"],
        {"allergy": ["shrimp"]},
        {},
    ),
    "a reaction beside one allergen (zh)": (
        ["每次吃完虾嘴唇就肿，长记性了"],
        {"allergy": ["虾"]},
        {},
    ),
    "a reaction that is someone else's, two allergens, or food gone bad (en)": (
        [
            "my son broke out in hives after the kiwi",
            "broke out after the sesame bagel and the almond croissant",
        ],
        {},
        {"allergy": ["kiwi", "sesame", "almond"]},
    ),
    "a reaction to food gone bad (zh)": (
        ["昨天的芒果可能坏了，吃完嘴巴痒"],
        {},
        {"allergy": ["芒果"]},
    ),
    "a city by the rent and the landlord (en)": (
        ["rent in Boise is getting ridiculous, my landlord raised it again"],
        {"city": ["Boise"]},
        {},
    ),
    "a city by the commute (zh)": (
        ["苏州地铁早高峰挤死了，每天通勤一小时"],
        {"city": ["苏州"]},
        {},
    ),
    "a home that is someone else's, searched for, left or visited (en)": (
        [
            "my sister's apartment in Boston has mice",
            "looking at apartments in Denver this weekend",
            "rent in SF is insane, glad I'm not there",
        ],
        {},
        {"city": ["boston", "denver", "sf", "san francisco"]},
    ),
    "a stay on a work trip (zh)": (
        ["出差来武汉，酒店楼下就是热干面"],
        {},
        {"city": ["武汉"]},
    ),
    "a language by its use (en)": (
        ["duolingo french streak at 300 days", "my mom only speaks Tagalog with me on the phone"],
        {"language": ["French", "Tagalog"]},
        {},
    ),
    "a language by its use (zh)": (
        ["最近在啃日语五十音", "粤语是我母语"],
        {"language": ["日语", "粤语"]},
        {},
    ),
    "a language asked about, wished for or someone else's (en)": (
        ["how do you say thank you in Japanese", "my boss speaks German"],
        {},
        {"language": ["japanese", "german"]},
    ),
    "a language wished for or someone else's (zh)": (
        ["想学西班牙语", "我老公会说法语"],
        {},
        {"language": ["西班牙语", "法语"]},
    ),
    "an employer by the work there (zh)": (
        ["菊厂的年终奖今年缩水了，组里怨声载道"],
        {"employer": ["菊厂"]},
        {},
    ),
    "an interview, someone else's overtime (zh)": (
        ["今天去字节面试了", "我老公在阿里加班到半夜"],
        {},
        {"employer": ["字节", "阿里"]},
    ),
    "pets named right after their kind mid-sentence (zh)": (
        ["猫砂又用完了，英短团子把布偶年糕挤下了猫爬架"],
        {"pet": ["团子", "年糕"]},
        {},
    ),
    "pets named right after their kind mid-sentence (en)": (
        ["walked the two beagles, Juniper and Moss, before work"],
        {"pet": ["Juniper", "Moss"]},
        {},
    ),
    "a neighbour's pet (zh)": (
        ["邻居家的柯基豆豆天天叫，吵得我睡不着"],
        {},
        {"pet": ["豆豆"]},
    ),
    "a city by its weather, said from there (en, zh)": (
        ["the tacoma rain is getting to me fr", "西安今天又降温了 冻成狗"],
        {"city": ["Tacoma"]},
        {},
    ),
    "weather where one is going is no home (en, zh)": (
        ["going to Seattle next week, hope the rain stops", "下周去哈尔滨玩 听说天天零下二十度"],
        {},
        {"city": ["seattle", "哈尔滨"]},
    ),
    "languages by how well, and one taken as a class (zh, en)": (
        ["普通话讲得一般般 英文工作够用 最近在自学泰语", "oh and I took Korean for 2 yrs in college"],
        {"language": ["普通话", "英文", "泰语", "Korean"]},
        {},
    ),
    "pets named, then what they are (zh)": (
        ["家里俩祖宗，可乐和雪碧都是柯基，天天拆家"],
        {"pet": ["可乐", "雪碧"]},
        {},
    ),
    "a pet named, then its kind in brackets (en)": (
        ["my lil gremlin waffles (beagle, 4 yrs old, no brain cells) ate my sock"],
        {"pet": ["Waffles"]},
        {},
    ),
    "a liking said as what goes on everything (en)": (
        [
            "hot sauce on everything pls, I'm that person",
            "I throw fistfuls of parmesan on literally everything",
        ],
        {"likes": ["hot sauce", "parmesan"]},
        {},
    ),
    "what is on everything without a request is no liking (en)": (
        ["there's dust on everything after the renovation"],
        {},
        {"likes": ["there's dust", "dust"]},
    ),
    "a liking said as what goes on everything (zh)": (
        ["吃啥都得加老干妈", "我什么都要蘸醋，不然没法吃"],
        {"likes": ["老干妈", "醋"]},
        {},
    ),
    "a workplace and a title in a self-introduction with 一枚 (zh)": (
        ["本人 京东一枚小小的测试 天天提bug"],
        {"employer": ["京东"], "job_title": ["测试"]},
        {"employer": ["京东一名小小"], "job_title": ["一名测试"]},
    ),
    "a line of code written for a living (zh)": (
        ["我写后台的"],
        {"job_title": ["后台"]},
        {},
    ),
    "a time clause before a taste that turned foul (en)": (
        ["ever since I had the flu coffee tastes like pennies. like actively gross now"],
        {"dislikes": ["coffee"]},
        {"dislikes": ["ever"], "likes": ["actively gross"]},
    ),
    "good news told with its word (zh)": (
        ["好消息是我女儿朵朵下周开始上幼儿园了"],
        {"child": ["朵朵"]},
        {},
    ),
    "a school got into is no liking (en)": (
        ["the good news is my son Theo got into Maple Grove Middle"],
        {"child": ["Theo"]},
        {"likes": ["maple grove middle"]},
    ),
    "an ex's workplace is no one's of the user's (zh)": (
        ["我前任在字节上班，天天加班", "我前男友小凯，在网易做运营"],
        {},
        {"employer": ["字节", "网易"], "job_title": ["运营"]},
    ),
    "one's team at a workplace, said with the (en)": (
        ["junior dev life lol, at least the team at Halloway Labs is chill"],
        {"employer": ["Halloway Labs"]},
        {},
    ),
    "carbs left out are a way of eating (zh)": (
        ["最近减脂 晚上基本不碰碳水了"],
        {"diet": ["低碳水"]},
        {"dislikes": ["碳水"]},
    ),
    "the worst and the best thing there is (zh)": (
        ["榴莲是全世界最恶心的东西没有之一", "螺蛳粉是世界上最好吃的东西没有之一"],
        {"dislikes": ["榴莲"], "likes": ["螺蛳粉"]},
        {},
    ),
    "the worst and the best thing there is (en)": (
        ["black licorice is the grossest thing on earth", "pho is the greatest food ever invented"],
        {"dislikes": ["black licorice"], "likes": ["pho"]},
        {},
    ),
    "a skill told by its certificate, dated or not (en, zh)": (
        ["I finally got my scuba cert last summer", "去年考了潜水证", "刚拿到教师资格证"],
        {"skill": ["scuba", "潜水", "教师"]},
        {},
    ),
    "what is still so, said after the thing (zh)": (
        ["夏天还是受不了 热成狗"],
        {"dislikes": ["夏天"]},
        {"dislikes": ["夏天还"]},
    ),
    "a line of work one works in (en)": (
        ["I work in accounts receivable for a trucking company", "my sister works in marketing"],
        {"job_title": ["accounts receivable"]},
        {"job_title": ["marketing"]},
    ),
    "therapy being had is no job and no workplace (zh)": (
        ["最近在做心理咨询 每周四晚上 感觉有点用"],
        {},
        {"job_title": ["心理咨询"], "employer": ["做心理咨询"]},
    ),
    "a clause after a Latin word opens with its own word (zh)": (
        ["在一家外企做product manager 中文读写还是很烂haha", "我在Goldman Sachs 做分析师"],
        {"employer": ["Goldman Sachs"], "job_title": ["分析师"]},
        {"job_title": ["还是很烂haha"]},
    ),
    "the allergen in the reaction's own clause (en)": (
        ["kiwi = itchy throat for me so skip the fruit salad with mango"],
        {"allergy": ["kiwi"]},
        {"allergy": ["mango"]},
    ),
    "a diet said in the same breath as eating fish again (en)": (
        ["vegetarian for a decade", "so I'm eating fish again, pescatarian now I guess"],
        {"diet": ["pescatarian"]},
        {"diet": ["vegetarian"]},
    ),
    "celiac got, and a diet switched to by its name (en, zh)": (
        ["got celiac last year so gluten is out", "我现在改吃地中海饮食了"],
        {"diet": ["gluten-free", "地中海饮食"]},
        {},
    ),
    "a flat in a place (en)": (
        ["final year at bristol uni, flat in clifton w 3 mates"],
        {"city": ["Bristol"]},
        {},
    ),
    "a language spoken with one's own people (en)": (
        ["hindi at home w my parents, french badly from school"],
        {"language": ["Hindi", "French"]},
        {},
    ),
    "pets named in a closed aside, in lower case (en)": (
        ["got two rescue whippets, pickle and dot, they sleep all day"],
        {"pet": ["Pickle", "Dot"]},
        {},
    ),
    "lived on by a drink, and drunk till sick of it (zh)": (
        ["奶茶喝伤了 现在只靠冰美式续命"],
        {"likes": ["冰美式"]},
        {"likes": ["伤"]},
    ),
    "a taste declined as not one's own (en, zh)": (
        [
            "opera is not for me, too long",
            "camping isn't really my thing",
            "榴莲真不是我的菜",
            "对爵士乐无感",
        ],
        {"dislikes": ["opera", "camping", "榴莲", "爵士乐"]},
        {},
    ),
    "what one avoids, said as one's 忌口 (zh)": (
        ["我的忌口就是葱，别的都行"],
        {"dislikes": ["葱"]},
        {},
    ),
    "a trade told by driving or hauling for a carrier (en)": (
        ["been hauling for Prime Inc 6 yrs, mostly flatbed", "driving for Mom today"],
        {"employer": ["Prime Inc"], "job_title": ["truck driver"]},
        {"employer": ["Mom"]},
    ),
    "a known firm after a line of work (zh)": (
        ["我是做审计的 在普华永道 年底忙季"],
        {"employer": ["普华永道"], "job_title": ["审计"]},
        {},
    ),
    "an apple eaten on a day of overtime is no employer (zh)": (
        ["今天加班到九点，吃了个苹果当晚饭"],
        {},
        {"employer": ["苹果"]},
    ),
    "how long a title is held is no part of it (zh)": (
        ["在小鹏做 PM 三年了 主要负责座舱"],
        {"job_title": ["PM"]},
        {"job_title": ["PM三年"]},
    ),
    "a habit kept with someone is still one's own (zh)": (
        ["现在跟着我老公一起吃素了"],
        {"diet": ["素食"]},
        {},
    ),
    "how little of it is no part of what is left out (zh)": (
        ["从今天开始碳水一口不碰"],
        {"diet": ["低碳水"]},
        {"dislikes": ["碳水一口"]},
    ),
    "a statement before a question typed after a space is kept (zh)": (
        ["我对菠萝过敏 有什么水果推荐吗", "今天带娃打疫苗 我自己对头孢过敏 以后要注意啥"],
        {"allergy": ["菠萝", "头孢"]},
        {"job_title": ["娃打疫苗老师"]},
    ),
    "a city come to for study or work, not one planned (zh)": (
        ["一个西北娃跑来厦门读研 闽南话一句听不懂", "打算来成都工作"],
        {"city": ["厦门"]},
        {"city": ["成都"]},
    ),
    "what a doctor keeps one from is a way of eating (zh)": (
        ["血糖高 医生不让我吃甜的", "医生不让我喝酒了"],
        {"diet": ["控糖", "不喝酒"]},
        {},
    ),
    "where one retired to (en)": (
        ["Retired to Sarasota with my wife last spring"],
        {"job_title": ["retired"], "city": ["Sarasota"]},
        {},
    ),
    "the town one lives in, named as such (en)": (
        ["little town called Ebersbach, right by the river"],
        {"city": ["Ebersbach"]},
        {},
    ),
    "a thing called the devil, not a person (en)": (
        ["tarragon is the devil, it ruins everything", "my boss is the devil"],
        {"dislikes": ["tarragon"]},
        {"dislikes": ["boss", "my boss"]},
    ),
    "how far out one lives before the place (en)": (
        ["i live like 15 min out in Round Rock so the commute is fine"],
        {"city": ["Round Rock"]},
        {},
    ),
    "an age and what one is besides, and an allergy given as the reason (en)": (
        ["hiii im 14 and obsessed w knitting n owls", "cant eat anything w peanuts bc allergy"],
        {"age": ["14"], "allergy": ["peanuts"]},
        {"diet": ["no anything with peanuts"]},
    ),
    "a voice-typed run-on with no stop (en)": (
        [
            "quick context I'm running a tiny startup called Fernbrook we do payroll for clinics I'm the CTO "
            "slash everything else we're based out of Denver but I grew up in Accra"
        ],
        {"employer": ["Fernbrook"], "job_title": ["CTO"], "city": ["Denver"], "hometown": ["Accra"]},
        {},
    ),
    "a voice-typed run-on with no stop (zh)": (
        ["嗯我跟你说我现在在杭州当护士然后我平时不吃香菜还有就是我养了一只猫叫团团"],
        {"job_title": ["护士"], "dislikes": ["香菜"], "pet": ["团团"]},
        {},
    ),
    "the speaker said as 本人 before a question (zh)": (
        ["本人 网易一枚小小的交互设计师 每天改稿 这种需求谁懂啊"],
        {"employer": ["网易"], "job_title": ["交互设计师"]},
        {},
    ),
    "two things a doctor forbids are no one way of eating (zh)": (
        ["医生不让喝啤酒吃海鲜"],
        {},
        {"diet": ["不喝啤酒吃海鲜"]},
    ),
    "a title typed in English at a nameless workplace, and one's mother tongue (zh)": (
        ["在一家外企做account manager，平时开会全 English，但我 mother tongue 其实是闽南话"],
        {"job_title": ["account manager"], "language": ["闽南话"]},
        {},
    ),
    "a taste let go of as a pair that is done (en)": (
        ["I love energy drinks", "energy drinks and I are done, they make my heart race"],
        {},
        {"likes": ["energy drinks"], "partner": ["energy drinks"], "spouse": ["energy drinks"]},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("byuse"), said, present, absent, first_day=date(2026, 10, 5), exact=True, label=case)


#: (what was said, what is said later, the attribute, the value held after it, one no longer held):
#: a correction or a change said sideways takes the old value's place, and a reading made only
#: from what goes with a fact never replaces a value stated plainly.
LATER = {
    "a star puts the last slip right (en)": (
        "finally settled in Austin, the apartment has a tiny balcony", "*Boston lol autocorrect", "city", "boston",
        "austin",
    ),
    "a star puts a workplace right (en)": ("I work at Stripe as a designer", "*Square", "employer", "square", "stripe"),
    "a star puts a city right (zh)": ("我住在苏州", "*杭州 打错了", "city", "杭州", "苏州"),
    "the boxes arrive where one now lives, the old city named too (zh)": (
        "我在成都租房", "累死 搬家师傅从成都运过来的箱子今天才到 重庆这坡是真的多", "city", "重庆", "成都",
    ),
    "the U-Haul returned, home among two places (en)": (
        "I rent a place in Denver",
        "the uhaul is returned and the cat forgave me. the Boise place is small. Denver friends keep asking when I'll visit",
        "city", "boise", "denver",
    ),
    "a taste warmed to, said as converted (en)": (
        "jazz is not my cup of tea", "ok my neighbour got me into jazz, been back to that bar twice since. converted!",
        "likes", "jazz", None,
    ),
    "a name others at a new job use (zh)": (
        "以后叫我小雨就行", "新单位同事都喊我Kiki 你以后也这么叫我吧", "preferred_name", "kiki", "小雨",
    ),
    "a name others at a new job use (en)": (
        "call me Bea", "everyone at the new job calls me Rae, you can too", "preferred_name", "rae", "bea",
    ),
    "a move done, the new city by its rent (zh)": (
        "我在杭州租房", "搬完了！！南京这边房租便宜太多 同样的钱在杭州只能住单间", "city", "南京", "杭州",
    ),
    "a move told by the offer taken and the boxes (en)": (
        "been living in porto 2 yrs",
        "lease ran out so I took the Madrid offer, currently living out of boxes in a Malasaña sublet",
        "city", "madrid", "porto",
    ),
    "a new title after a dash (en)": (
        "I'm a 3rd year PhD student", "they kept me on — I'm a postdoc in the same lab now", "job_title", "postdoc",
        None,
    ),
    "a birthday that ends in 喽 (zh)": ("我今年七十一了", "今天孙子给我过生日 这就满七十二喽", "age", "72", "71"),
    "a name asked for with 以后你就 (zh)": ("以后叫我小满", "以后你就叫我Nini吧", "preferred_name", "nini", "小满"),
    "a name asked for with let's go with (en)": (
        "call me Bea", "so let's go with Auntie B from now on", "preferred_name", "auntie b", "bea",
    ),
    "rent elsewhere never replaces a city stated (en)": (
        "I live in Tulsa", "rent in Boise is crazy, my landlord is a ghost", "city", "tulsa", "boise",
    ),
    "a commute elsewhere never replaces a city stated (zh)": ("我住在合肥", "苏州地铁早高峰挤死了", "city", "合肥", "苏州"),
    "talk of work at a company never replaces an employer stated (zh)": (
        "我在美团上班", "鹅厂的年终奖真让人眼红，组里都在聊", "employer", "美团", "鹅厂",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(LATER))
def test_a_value_said_later_is_held_in_its_place(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    before, after, attribute, now, gone = LATER[case]
    user = uid("later")
    mem.remember(user, before, at="2026-10-01T09:00:00+08:00")
    mem.remember(user, after, at="2026-10-05T09:00:00+08:00")
    held = held_on_user(mem, user).get(attribute, set())
    assert now in held and (gone is None or gone not in held), (case, held)


@pytest.mark.parametrize(
    "case", ["a reaction beside one allergen (zh)", "a city by the rent and the landlord (en)"]
)
@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_message_is_read(mem, uid, case)


def test_the_readers_say_which_reader_made_the_fact(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("byuse-id")
    got = mem.remember(user, "最近在啃日语五十音", at="2026-10-05T09:00:00+08:00")
    assert [f.rule for f in got.added if f.attribute == "language"] == ["zh.builtin.language_in_use"]


#: (a matter told, something else told, the forget asked, a word of the matter, a word of the rest)
FORGETS = {
    "a matter erased 'from memory', why said after it (zh)": (
        "上周跟发小借了三万块周转 说好明年还", "我儿子乐乐下周开始学游泳",
        "借钱那件事帮我从记忆里清掉吧 不想留任何记录 谢谢", "三万", "乐乐",
    ),
    "a plan let go of as 'never mind the X … wipe that whole plan' (en)": (
        "planning a surprise trip to lisbon for my husband's 40th", "allergic to sulfa fyi",
        "nvm the trip, he found out and we're doing something else. just wipe that whole plan", "lisbon", "sulfa",
    ),
    "a legal matter by its field (en)": (
        "in the middle of a custody fight with my ex-wife, hearing is at the county courthouse next month",
        "allergic to sulfa fyi", "please don't keep anything about the court stuff", "custody", "sulfa",
    ),
    "one's salary said in English, the request with why after it (zh)": (
        "顺便吐槽 我 salary 才 28k 一个月", "我在小鹏做 PM", "前天说工资那条你删了吧 forget it 不想你记着", "28k", "小鹏",
    ),
    "I'd rather you didn't keep anything about it (en)": (
        "in the middle of IVF, egg retrieval is next week", "I'm a UX designer at Figma",
        "actually I'd rather you didn't keep anything about the fertility treatment. please forget it.", "IVF",
        "Figma",
    ),
    "let's forget what I told you about it (en)": (
        "My grandson Theo got suspended for fighting at school", "I still do water aerobics three mornings a week",
        "Let's forget what I told you about Theo's trouble at school.", "suspended", "aerobics",
    ),
    "an acquisition, not the business and its people (en)": (
        "we're in early talks to get acquired by a big payments company", "my cofounder Priya runs the whole sales side",
        "forget the acquisition convo entirely pls", "acquired", "Priya",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(FORGETS))
def test_a_topic_forgotten_goes_and_the_rest_stays(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    told, other, asked, gone, kept = FORGETS[case]
    left = forget_after(mem, uid("fg-topic"), told, other, asked, first_day=date(2026, 10, 1))
    assert gone.lower() not in left.lower() and kept in left, (case, left)


def test_what_follows_an_ex_is_the_ex_and_goes_with_a_forget_of_the_ex(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    user = uid("ex-clause")
    mem.remember(user, "我前男友小凯 在网易做运营那块 分手一年了", at="2026-10-01T09:00:00+08:00")
    mem.remember(user, "我现在住苏州工业园区", at="2026-10-02T09:00:00+08:00")
    held = held_on_user(mem, user)
    assert "网易" not in held.get("employer", set()), held
    mem.remember(user, "之前关于我前任的那些你都忘了吧 翻篇了", at="2026-10-03T09:00:00+08:00")
    left = " ".join(f"{f.value} {f.source_text}" for f in mem.facts(user))
    assert "网易" not in left and "小凯" not in left and "苏州" in left, left
