"""A correction that says only the new value ("Fresno actually, sorry", "无锡才对"), the listener
called by a name of address ("… fam", "姐妹们…"), net slang for the speaker ("本人一枚…"), tastes
said as a fan, as what one would die for or can no longer look at, and a message taken back
whole ("forget what I just said", "刚才那条别记了"). What must not read so: a statement about a
value ("actually Tucson was lovely"), "don't keep this" about the message it is in, a relative
who opens a sentence ("大哥在北京上班"). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from graphmem.text.dates import find_spans
from tests.chat_cases import assert_read

CASES = {
    "a place alone, said as a correction after it (en)": (
        ["I live in Sacramento", "Fresno actually, sorry"],
        {"city": ["Fresno"]},
        {"city": ["Sacramento"]},
    ),
    "a workplace alone, sharing its first word with the one on record (en)": (
        ["I work at Bluefin Labs", "Bluefin Health actually, my bad"],
        {"employer": ["Bluefin Health"]},
        {"employer": ["Bluefin Labs"]},
    ),
    "a number alone with a precision cue after it (en)": (
        ["I'm 36", "37 to be exact lol"],
        {"age": ["37"]},
        {"age": ["36"]},
    ),
    "a statement about a place keeps the one on record (en)": (
        ["I live in Sacramento", "actually Tucson was lovely last spring"],
        {"city": ["Sacramento"]},
        {"city": ["Tucson"]},
    ),
    "a place alone before a slip said after it (zh)": (
        ["我住在苏州", "无锡才对，刚才打错了"],
        {"city": ["无锡"]},
        {"city": ["苏州"]},
    ),
    "a title alone after 我是说 (zh)": (
        ["我是护士", "我是说护士长"],
        {"job_title": ["护士长"]},
        {"job_title": ["护士", "说护士长"]},
    ),
    "the listener called at the end (en)": (
        ["I'm allergic to kiwi fam", "I live with my sis"],
        {"allergy": ["kiwi"]},
        {"allergy": ["kiwi fam"]},
    ),
    "the listener called at the start and a particle at the end (zh)": (
        ["姐妹们，我对虾过敏呀", "我在美团上班呢亲"],
        {"allergy": ["虾"], "employer": ["美团"]},
        {},
    ),
    "net slang for the speaker and a code-switched base (zh)": (
        ["本人一枚幼儿园老师", "我现在base深圳 work from home"],
        {"job_title": ["幼儿园老师"], "city": ["深圳"]},
        {},
    ),
    "a fan however the fan is called (en)": (
        ["honestly I'm a huge hockey nerd", "I'm a big nerd"],
        {"likes": ["hockey"]},
        {"likes": ["a big", "big"]},
    ),
    "what one can no longer look at, and what one would die for (en)": (
        [
            "oysters are my comfort food",
            "can't even look at oysters now. dumplings tho? dumplings i'd die for",
        ],
        {"likes": ["dumplings"], "dislikes": ["oysters"]},
        {"likes": ["oysters"]},
    ),
    "net slang for a love, then the smell of it turning one's stomach (zh)": (
        ["奶茶yyds", "以前最爱的奶茶现在喝一口就反胃，倒是天天馋烤冷面"],
        {"likes": ["烤冷面"], "dislikes": ["奶茶"]},
        {"likes": ["奶茶"]},
    ),
    "a pastime said by how often, and shifts said by where (en)": (
        ["swimming like 4x a week now", "pulling double shifts at St. Anne's this month"],
        {"likes": ["swimming"], "employer": ["St. Anne's"]},
        {"likes": ["swiming", "swimminging"]},
    ),
    "a home moved into in a place (en)": (
        ["we just moved into a tiny studio in boise"],
        {"city": ["Boise"]},
        {},
    ),
    "the place first, then that it is home (zh)": (
        ["泉州是我老家", "在蓝鲸科技熬了两年，终于是正式的测试工程师了"],
        {"hometown": ["泉州"], "employer": ["蓝鲸科技"], "job_title": ["测试工程师"]},
        {"employer": ["正式"]},
    ),
    "a slip owned up to in the sentence after the value (zh)": (
        ["我在海螺科技上班", "海鸥。上一条打错字了"],
        {"employer": ["海鸥科技"]},
        {"employer": ["海螺科技"]},
    ),
    "a starred name with an aside after it (en)": (
        ["my hamster is called Pip", "Pep* typing on the bus"],
        {"pet": ["Pep"]},
        {"pet": ["Pip"]},
    ),
    "a place the lexicons do not know, made exact (en)": (
        ["I was born in Tulsa but I live in Denver now", "well, more like Lakewood if we're being technical"],
        {"city": ["Lakewood"], "hometown": ["Tulsa"]},
        {"city": ["Denver"]},
    ),
    "a slip owned up to before the new name, told how long one has been there (en)": (
        ["been at Marlow Freight about three years now", "ugh total brain fart. it's Marlow Cargo"],
        {"employer": ["Marlow Cargo"]},
        {"employer": ["Marlow Freight"]},
    ),
    "a dislike warmed to (zh)": (
        ["苦瓜这玩意儿我一口都受不了", "上周在朋友家被逼着吃了口苦瓜，结果真香，现在每顿都得加点"],
        {"likes": ["苦瓜"]},
        {"dislikes": ["苦瓜"]},
    ),
    "a dislike that grew on one (en)": (
        ["I hate olives", "olives kinda grew on me this summer, I actually love them now"],
        {"likes": ["olives"]},
        {"dislikes": ["olives"]},
    ),
    "a liking said of one, turned from in the plural (en)": (
        ["nothing beats a cold sour beer after a run", "weirdly sour beers taste like soap to me now"],
        {"dislikes": ["sour beers"]},
        {"likes": ["cold sour beer"]},
    ),
    "a list marked with keycaps (zh)": (
        ["三个更新：1️⃣ 搬到珠海了 2️⃣ 养了只布偶叫雪球 3️⃣ 开始学日语"],
        {"city": ["珠海"], "pet": ["雪球"]},
        {},
    ),
    "net abbreviations and a love said with 好 (zh)": (
        ["yysy 我是真的好爱吃螺蛳粉", "家人们谁懂啊 最近疯狂迷上飞盘"],
        {"likes": ["螺蛳粉", "飞盘"]},
        {},
    ),
    "the new job said of, the title in the next clause (en)": (
        ["the new gig at Tamsin & Rowe is great, im lead carpenter now"],
        {"employer": ["Tamsin & Rowe"], "job_title": ["lead carpenter"]},
        {},
    ),
    "a pastime taken up, and errands that are none (en)": (
        ["picked up fencing last spring and I'm hooked", "I picked up the dry cleaning"],
        {"likes": ["fencing"]},
        {"likes": ["the dry cleaning", "dry cleaning"]},
    ),
    "oneself said as someone who is (en)": (
        ["as someone who's been vegan for ten years, that menu was a joke"],
        {"diet": ["vegan"]},
        {},
    ),
    "how long one has rented in a city (zh)": (
        ["我在绍兴租了三年房，房东人还行"],
        {"city": ["绍兴"]},
        {},
    ),
    "a but before the speaker, and the statement inside 不是…嘛 (zh)": (
        ["可我对猕猴桃过敏呀", "我最近不是调到海关了嘛，天天加班"],
        {"allergy": ["猕猴桃"], "employer": ["海关"]},
        {},
    ),
    "chat spellings of 的 and 现在 (zh)": (
        ["偶老家汕头滴，现再住深圳"],
        {"hometown": ["汕头"], "city": ["深圳"]},
        {"hometown": ["汕头滴"]},
    ),
    "here in a city, and a visit that is none (en)": (
        ["the pharmacist here in Tacoma is so slow", "we're here in Paris for a week"],
        {"city": ["Tacoma"]},
        {"city": ["Paris"]},
    ),
    "one's workmate at a place (en)": (
        ["my supervisor at Linden Labs keeps moving my deadlines"],
        {"employer": ["Linden Labs"]},
        {"friend": ["supervisor"]},
    ),
    "a move told as a trade, weeks into a new job (en)": (
        [
            "traded the snow for San Diego last fall",
            "three weeks into the new job at Calloway Foods and I love it",
        ],
        {"city": ["San Diego"], "employer": ["Calloway Foods"]},
        {},
    ),
    "a pastime started, and a month that is no city (en)": (
        ["started rowing at the club in May", "I started working at Harlow in March"],
        {"likes": ["rowing"], "employer": ["Harlow"]},
        {"city": ["March"], "likes": ["working"]},
    ),
    "a new workplace reported to, a job said by how it is done (zh)": (
        ["昨天去市税务局报到了", "我现在是跑外卖的骑手"],
        {"employer": ["市税务局"], "job_title": ["骑手"]},
        {"employer": ["跑外卖"]},
    ),
    "a new name to be called by (zh)": (
        ["叫我小鹿就行", "你以后改叫我鹿鹿吧"],
        {"preferred_name": ["鹿鹿"]},
        {"preferred_name": ["小鹿"]},
    ),
    "someone met, named in the next clause, is no one of the user's (zh)": (
        ["昨天认识了个姑娘，叫林晓，在银行做柜员"],
        {},
        {"job_title": ["柜员"], "employer": ["银行"]},
    ),
    "a Chinese clause inside English, what one writes is no title (en)": (
        ["swamped at work again — 我在 Halloran Systems 写 drivers, release 下周三 lol"],
        {"employer": ["Halloran Systems"]},
        {"job_title": ["drivers"]},
    ),
    "whoever asks is no question (zh)": (
        ["现在在 Brightcove 做 designer，谁叫我加班我都不去"],
        {"employer": ["Brightcove"], "job_title": ["designer"]},
        {},
    ),
    "home said to be elsewhere after a slip owned up to, across a dash (zh)": (
        ["我住东莞", "哎我前面说岔了——家其实在惠州，东莞只是上班的地方"],
        {"city": ["惠州"]},
        {"city": ["东莞"]},
    ),
    "where one is now, as the reason for a question (en)": (
        ["I live in Norwich", "random q — now that I'm up in Aberdeen, which bank has the best app?"],
        {"city": ["Aberdeen"]},
        {"city": ["Norwich"]},
    ),
    "a dislike one came back hooked on (en)": (
        ["I can't stand anchovies", "spent the summer in Sicily and came home totally hooked on anchovies"],
        {"likes": ["anchovies"]},
        {"dislikes": ["anchovies"]},
    ),
    "holed up near a town, and started somewhere to teach (zh/en)": (
        ["现在窝在丽江古城附近的一个民宿里", "started at Brookfield Prep this month teaching art"],
        {"city": ["丽江"], "employer": ["Brookfield Prep"]},
        {"school": ["Brookfield Prep"]},
    ),
    "a pet named after an emoji, and what is said of it glued to its name (zh)": (
        ["我家新来的小橘猫🐱叫栗子糕，才两个月大", "我家的狗叫可乐今天又把沙发咬了"],
        {"pet": ["栗子糕", "可乐"]},
        {"pet": ["可乐今天又把沙发咬"]},
    ),
    "one who does a job, said in a cry (zh)": (
        ["我一个做平面设计的为什么天天在做表格啊啊啊"],
        {"job_title": ["平面设计"]},
        {},
    ),
    "a move said in English inside Chinese, a value said with rn after it (zh/en)": (
        ["btw 我上个月已经 relocate 到成都 office 了", "ngl i'm lowkey obsessed w/ pickleball rn"],
        {"city": ["成都"], "likes": ["pickleball"]},
        {"likes": ["pickleball rn"]},
    ),
    "a relative who opens a sentence is no listener (zh)": (
        ["大哥在北京上班"],
        {},
        {"city": ["北京"], "employer": ["北京"]},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("bare"), said, present, absent, first_day=date(2026, 10, 5), exact=True, label=case)


def _values(mem: Memory, user: str) -> str:
    return " ".join(
        f"{f.subject_name}:{f.value}:{f.source_text}" for f in mem.facts(user, include_frozen=True)
    )


@pytest.mark.parametrize(
    ("told", "taken_back"),
    [
        ("got a parking ticket downtown, 60 bucks", "forget what I just said"),
        ("got a parking ticket downtown, 60 bucks", "ugh don't keep that. too dumb"),
        ("昨天被交警罚了两百块", "刚才那条别记了"),
        ("昨天被交警罚了两百块", "算了 当我没说"),
    ],
)
def test_a_message_taken_back_whole(
    mem: Memory, uid: Callable[[str], str], told: str, taken_back: str
) -> None:
    user = uid("back")
    mem.remember(user, "I play the cello" if told.isascii() else "我会拉大提琴", at="2026-10-01T09:00:00Z")
    mem.remember(user, told, at="2026-10-02T09:00:00Z")
    got = mem.remember(user, taken_back, at="2026-10-02T09:05:00Z")
    assert got.forgotten_episodes, got
    left = _values(mem, user) + " ".join(e.text for e in mem.store.reader(user).episodes())
    assert "ticket" not in left and "罚" not in left, left
    assert "cello" in left or "大提琴" in left, left


@pytest.mark.parametrize(
    ("told", "taken_back"),
    [
        ("my landlord is suing me over the deposit", "wait, can you not remember that last one"),
        ("体检查出来胆囊有个小息肉", "嗯…刚刚那个别存了，我心里有数"),
    ],
)
def test_a_message_taken_back_in_other_words(
    mem: Memory, uid: Callable[[str], str], told: str, taken_back: str
) -> None:
    user = uid("back2")
    mem.remember(user, told, at="2026-10-02T09:00:00Z")
    got = mem.remember(user, taken_back, at="2026-10-02T09:05:00Z")
    assert got.forgotten_episodes, got
    left = _values(mem, user) + " ".join(e.text for e in mem.store.reader(user).episodes())
    assert "deposit" not in left and "息肉" not in left, left


#: (what was said, one turn a day; the request; what must be gone; what must stay)
NAMED_APART = {
    "a topic in one clause, the act in the next (zh)": (
        ["上周体检查出来轻度脂肪肝，医生让少喝酒", "我在一家物流公司做调度"],
        "之前说体检那个事 帮我删掉吧 不想留底",
        ["脂肪肝"],
        ["调度"],
    ),
    "a move named by its verb and place said apart (zh)": (
        ["我住在合肥", "打算明年开春搬到厦门，房子都挑好了，在湖里区"],
        "搬厦门那事黄了，你把它忘了吧",
        ["湖里"],
        ["合肥"],
    ),
    "a matter pointed at as said before (zh)": (
        ["装修师傅姓邝，说水电要改两周", "我在一家牙科诊所做前台"],
        "之前说的那个装修师傅啊，你就当没听过，全删了吧",
        ["邝"],
        ["前台"],
    ),
    "someone told of only inside the forgotten matter (zh)": (
        ["上周相亲见了个男生，叫周屿，在医院做药剂师，话挺少的", "我在一家书店上班"],
        "相亲那事你就当没听过，全删了吧",
        ["周屿", "药剂师"],
        ["书店"],
    ),
}


@pytest.mark.parametrize("case", list(NAMED_APART))
def test_a_matter_named_apart_from_the_request(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, request, gone, kept = NAMED_APART[case]
    user = uid("apart")
    for n, text in enumerate([*said, request]):
        mem.remember(user, text, at=f"2026-10-0{n + 1}T09:00:00+08:00")
    left = _values(mem, user)
    assert not [g for g in gone if g in left] and all(k in left for k in kept), (case, left)


def test_a_diet_asked_for_by_its_adjective(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("dietary")
    mem.remember(user, "heads up I'm lactose intolerant", at="2026-10-01T09:00:00Z")
    mem.remember(user, "I enjoy documentaries.", at="2026-10-01T09:00:00Z")
    items = mem.recall(user, "any dietary restrictions I should know about?", k=3, at="2026-10-02T09:00:00Z")
    assert any(it.fact is not None and it.fact.attribute == "diet" for it in items), items


def test_a_remark_before_taking_the_message_back(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("remark")
    mem.remember(user, "I teach piano to kids", at="2026-10-01T09:00:00Z")
    mem.remember(user, "my cousin got arrested last night for a bar fight", at="2026-10-02T09:00:00Z")
    got = mem.remember(
        user, "Hmm, shouldn't have said that. Scratch that, don't store it.", at="2026-10-02T09:05:00Z"
    )
    assert got.forgotten_episodes, got
    left = _values(mem, user)
    assert "arrested" not in left and "piano" in left, left


@pytest.mark.parametrize(
    ("told", "taken_back"),
    [
        ("my cousin got arrested at a protest last night", "ugh. that last message, forget it. my bad"),
        (
            "got a letter from the tax office about unpaid fines",
            "the tax stuff I told you about: I'd rather you forgot all of it",
        ),
        ("房贷这个月又逾期了，催收电话打个不停", "房贷那摊子事儿——算了，你别记着了"),
        ("上周被公司约谈了，说我绩效不达标", "然后之前说的我被约谈的那件事，麻烦从记忆里拿掉，谢谢"),
    ],
)
def test_a_matter_taken_back_in_more_shapes(
    mem: Memory, uid: Callable[[str], str], told: str, taken_back: str
) -> None:
    user = uid("shapes")
    mem.remember(
        user, "I collect vintage radios" if told.isascii() else "我收藏老式收音机", at="2026-10-01T09:00:00Z"
    )
    mem.remember(user, told, at="2026-10-02T09:00:00Z")
    mem.remember(user, taken_back, at="2026-10-02T09:05:00Z")
    left = _values(mem, user) + " ".join(e.text for e in mem.store.reader(user).episodes())
    for gone in ("arrested", "fines", "逾期", "约谈"):
        assert gone not in left, (gone, left)
    assert "radios" in left or "收音机" in left, left


def test_days_are_counted_from_the_speakers_own_day(mem: Memory, uid: Callable[[str], str]) -> None:
    """前天 said at 07:30 in +08:00 is two days before that local day (UTC's day is the one before)."""
    user = uid("local-day")
    mem.remember(user, "前天去爬了黄山，腿到现在还酸", at="2026-05-10T07:30:00+08:00")
    episode = mem.store.reader(user).episodes()[-1]
    assert episode.refers_from is not None and episode.refers_from.date() == date(2026, 5, 8), episode


@pytest.mark.parametrize(
    ("said", "at", "asked", "day"),
    [
        (
            "明天下午三点去牙科复查，今天先请好假",
            "2026-05-11T06:40:00+08:00",
            "我什么时候去牙科复查？",
            date(2026, 5, 12),
        ),
        (
            "vet appointment for Miso tomorrow at 9, then work",
            "2026-05-12T07:15:00+09:00",
            "when is the vet appointment?",
            date(2026, 5, 13),
        ),
    ],
)
def test_a_day_ahead_is_shown_from_the_speakers_own_day(
    mem: Memory, uid: Callable[[str], str], said: str, at: str, asked: str, day: date
) -> None:
    """A day ahead said when the speaker's day is ahead of UTC's ("明天" at 06:40 in +08:00,
    "tomorrow" at 07:15 in +09:00: UTC's day is still the one before) is shown as the day the
    speaker meant, not the day after UTC's."""
    user = uid("local-ahead")
    mem.remember(user, said, at=at)
    items = mem.recall(user, asked, k=3, at=at)
    shown = [
        it.when.date()
        for it in items
        if it.when is not None and it.fact is not None and it.fact.attribute == "event"
    ]
    assert day in shown, (shown, items)


def test_dont_keep_this_leaves_the_message_before(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("this")
    mem.remember(user, "I live in Fresno", at="2026-10-01T09:00:00Z")
    got = mem.remember(user, "don't keep this", at="2026-10-01T09:01:00Z")
    assert not got.forgotten_episodes
    assert "Fresno" in _values(mem, user)


def test_a_relatives_workplace_and_school_said_in_passing_zh(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("kin")
    mem.remember(user, "这周末老公又要去万达加班，我一个人带娃", at="2026-10-01T09:00:00+08:00")
    mem.remember(user, "女儿这学期转到实验小学了，离家近多了", at="2026-10-02T09:00:00+08:00")
    held = {(f.attribute, str(f.value)) for f in mem.facts(user)}
    assert ("employer", "万达") in held and ("school", "实验小学") in held, held


def test_a_day_said_the_northern_way_is_dated() -> None:
    from datetime import datetime

    at = datetime(2026, 10, 8, 9, 0)
    assert [s.start for s in find_spans("昨儿个去提了车", at)] == [date(2026, 10, 7)]
    assert [s.start for s in find_spans("明儿个见", at)] == [date(2026, 10, 9)]
    assert find_spans("前个星期", at) == [] or all(
        s.start != date(2026, 10, 6) for s in find_spans("前个星期", at)
    )


SAMPLE = [
    "a place alone, said as a correction after it (en)",
    "a place alone before a slip said after it (zh)",
    "net slang for a love, then the smell of it turning one's stomach (zh)",
]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_message_is_read(mem, uid, case)


@pytest.mark.both_stores
def test_a_message_taken_back_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_a_message_taken_back_whole(mem, uid, "昨天被交警罚了两百块", "刚才那条别记了")
