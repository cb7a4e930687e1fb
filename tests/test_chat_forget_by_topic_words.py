"""Forgets said after the fact by topic, in words the forgotten turn never used (on SQLite, a
sample on Neo4j): a kind of thing for what the turn named ("the procedure" for a meniscus
scoped at a hospital by its name, "my earnings" for an amount a year, "the boat trip" for a
cruise, 借钱那件事 for money borrowed from a relative, 工资 for what a month brings in, 辞职 for
a resignation handed in); a matter named through one of the user's people ("my son's
girlfriend", 闺女对象那事): that person's facts and turn go, the first person's own facts stay;
a run-on request that goes on to news ("… also my aunt's birthday is …", "… 对了 …"): the
matter goes, the news is kept, and what an earlier turn said (a liking, the user's trade) stays.
A request whose topic matches nothing forgets nothing. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

import pytest

from graphmem import Memory
from graphmem.gate import FORGET, control_of
from graphmem.gate.forget_request import topic_request
from graphmem.write.forget_topic import says_topic, topic_of
from tests.chat_cases import forget_after, left_of

#: told, something else, the request, words of what is gone, a word kept
FORGETS: dict[str, tuple[str, str, str, tuple[str, ...], str]] = {
    # 1. a word for the kind of thing
    "the procedure, for a knee scoped at a named hospital (en)": (
        "they scoped my torn meniscus at Halvorsen Memorial on friday, on crutches for a bit",
        "I'm a big fan of crossword puzzles",
        "you can drop the procedure stuff now, all healed",
        ("meniscus", "Halvorsen"), "crossword",
    ),
    "the surgery, for a hernia patched (en)": (
        "got my hernia patched up at St. Brendan's last week, no lifting for a month",
        "I coach my daughter's soccer team",
        "please forget the surgery thing I told you about",
        ("hernia", "Brendan"), "soccer",
    ),
    "my earnings, for an amount a year (en)": (
        "I pull in about 87 grand annually before tax",
        "I keep bees in the backyard",
        "can you scratch what I said about my earnings",
        ("87 grand",), "bees",
    ),
    "my pay, for a raise to an amount a year (en)": (
        "they bumped me up to 64k a year at my review",
        "my favorite band is Wilco",
        "delete the stuff about my pay please",
        ("64k",), "Wilco",
    ),
    "the boat trip, for a cruise (en)": (
        "we put a deposit on a nine-night cruise round the Norwegian fjords in august",
        "I'm allergic to cats",
        "forget the boat trip thing",
        ("fjords", "cruise"), "cats",
    ),
    "the loan, for money a relative lent (en)": (
        "my uncle Ray lent me 4 grand for the car, I'm paying him back monthly",
        "I'm learning to play the mandolin",
        "forget the loan stuff, it's sorted",
        ("4 grand",), "mandolin",
    ),
    "the job change, for leaving a workplace to run another (en)": (
        "I'm leaving the print shop to go manage a climbing gym in Flagstaff",
        "I've been vegan for three years",
        "forget the job change stuff, not happening",
        ("Flagstaff", "climbing gym"), "vegan",
    ),
    "开刀的事, for a hernia mended at a city hospital (zh)": (
        "上礼拜在市二院把疝气补上了，还得养半个月",
        "我喜欢下象棋",
        "开刀的事你就别记了",
        ("疝气", "市二院"), "象棋",
    ),
    "工资那块, for what a month brings in (zh)": (
        "我现在一个月到手九千出头",
        "我养了一只鹦鹉",
        "工资那块你删了吧",
        ("九千",), "鹦鹉",
    ),
    "收入的事, for what a year earns (zh)": (
        "一年能挣个二十五万左右，不算年终",
        "我在学书法",
        "收入的事不用记了",
        ("二十五万",), "书法",
    ),
    "借钱那件事, for money borrowed from a relative (zh)": (
        "去年找二舅借了七万块钱装修，说好三年还清",
        "我爱吃螺蛳粉",
        "借钱那件事你别记了",
        ("七万", "二舅"), "螺蛳粉",
    ),
    "坐船那事, for a cruise (zh)": (
        "订了国庆从厦门出发的邮轮，去冲绳转一圈",
        "我每天早上跑五公里",
        "坐船那事你忘了吧",
        ("冲绳", "邮轮"), "五公里",
    ),
    "辞职那事, for a resignation handed in (zh)": (
        "上周把辞呈递上去了，干到月底就走",
        "我女儿叫朵朵",
        "辞职那事你删了吧",
        ("辞呈",), "朵朵",
    ),
}  # fmt: skip

SAMPLE = (
    "the boat trip, for a cruise (en)",
    "借钱那件事, for money borrowed from a relative (zh)",
)


def _check(mem: Memory, user: str, case: str) -> None:
    told, other, asked, gone, kept = FORGETS[case]
    left = forget_after(mem, user, told, other, asked, first_day=date(2026, 11, 2))
    for word in gone:
        assert word.lower() not in left.lower(), (case, word, left)
    recalled = " ".join(it.text for it in mem.recall(user, told, k=5))
    for word in gone:
        assert word.lower() not in recalled.lower(), (case, word, recalled)
    assert kept in left, (case, kept, left)


@pytest.mark.parametrize("case", list(FORGETS))
def test_a_topic_named_in_other_words_is_forgotten(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    _check(mem, uid("topic-words"), case)


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    _check(mem, uid("topic-words-sample"), case)


#: more phrasings: the request, and a turn its topic must reach
PHRASINGS = [
    ("forget the operation please", "had my gallbladder out at Fairview General in june"),
    ("scrap the op thing", "they reconstructed my ACL in march"),
    ("can you forget what I make", "I'm clearing about 5,200 a month after taxes"),
    ("wipe my salary stuff", "they pay me $38 an hour now"),
    ("forget about the holiday", "we booked an all-inclusive resort in Tulum for easter"),
    ("delete the money I owe stuff", "my sister spotted me 800 bucks, I'll pay her back in may"),
    ("delete what I said about quitting", "handed in my notice on monday, last day is the 30th"),
    ("手术那事你删了吧", "前天左膝做了个关节镜，下不了地"),
    ("我挣多少那个事你就忘了吧", "年薪四十万，税前"),
    ("旅游的事你别记了", "订了去普吉岛的游轮，月底登船"),
    ("欠钱的事你删了吧", "我还欠老同学三万没还"),
    ("换工作那件事你别记了", "一家做外贸的公司想把我挖过去当主管"),
]  # fmt: skip


@pytest.mark.parametrize(("asked", "turn"), PHRASINGS)
def test_the_topic_read_reaches_the_turn(asked: str, turn: str) -> None:
    req = topic_request(asked)
    assert req is not None, asked
    assert says_topic(turn, topic_of(req.topic, [], [])), (asked, req, turn)


@pytest.mark.parametrize(
    ("topic", "turn"),
    [
        # a word the request names a topic by says it in no turn of another matter
        ("my pay", "I have to pay the plumber on friday"),
        ("quitting", "I'm quitting sugar for lent"),
        ("the surgery", "we operate two food trucks downtown"),
        ("借钱", "我在菜市场卖鱼，挣点辛苦钱"),
        ("借钱", "我开了家小饭馆，生意还行"),
        ("工资", "这个周末去爬了泰山"),
        ("坐船", "我在船厂上班"),
    ],
)
def test_a_topic_word_reaches_no_other_matter(topic: str, turn: str) -> None:
    assert not says_topic(turn, topic_of(topic, [], [])), (topic, turn)


#: a chain through one of the user's people: first person's turn, the chained person's turn,
#: the request, words of what is gone, words of what stays
CHAINS = [
    (
        "my son goes to Brookfield High",
        "my son's girlfriend is called Marisol, she works at a dental office",
        "forget the stuff about my son's girlfriend",
        ("Marisol", "dental office"),
        ("Brookfield",),
    ),
    (
        "my sister Ines lives in Porto",
        "Ines's husband is named Duarte, he's a firefighter",
        "please delete everything about my sister's husband",
        ("Duarte", "firefighter"),
        ("Porto", "Ines"),
    ),
    (
        "我闺女在武汉读研，学的是药学",
        "闺女处了个对象，叫林涛，在铁路局上班",
        "闺女对象那事你就别记了",
        ("林涛", "铁路局"),
        ("武汉",),
    ),
    (
        "我儿子在成都上大学",
        "儿子交了个女朋友，叫苏晴，在银行实习",
        "儿子女朋友的事你删了吧",
        ("苏晴", "银行"),
        ("成都",),
    ),
]


@pytest.mark.parametrize(("first", "second", "asked", "gone", "kept"), CHAINS)
def test_a_matter_named_through_ones_people_forgets_that_person(
    mem: Memory,
    uid: Callable[[str], str],
    first: str,
    second: str,
    asked: str,
    gone: tuple[str, ...],
    kept: tuple[str, ...],
) -> None:
    user = uid("topic-words-chain")
    for n, text in enumerate((first, second, "I like gardening", asked)):
        mem.remember(user, text, at=f"2026-11-{n + 2:02d}T09:00:00Z")
    left = left_of(mem, user)
    for word in gone:
        assert word not in left, (asked, word, left)
    for word in (*kept, "gardening"):
        assert word in left, (asked, word, left)


#: a matter, an earlier liking, a run-on request with news, words gone, the news, the liking
RUN_ONS = [
    (
        "we were planning a long weekend at the Hollister cabin with my in-laws in october",
        "I love Ethiopian food",
        "ugh that fell through so scratch the cabin weekend thing we're not going anymore oh and my aunt "
        "Priscilla's birthday is April 14 and can you remind me to order flowers",
        ("Hollister",),
        "April 14",
        "Ethiopian",
    ),
    (
        "thinking of moving to Spokane for a warehouse manager job",
        "I really like bluegrass",
        "ok forget the spokane move we decided to stay also my nephew Theo's birthday is August 2",
        ("Spokane",),
        "August 2",
        "bluegrass",
    ),
    (
        "我在考虑转行去做房产中介",
        "我挺喜欢听评书的",
        "算了这事不提了 之前说转行那个事你就当没听过哈 对了我表姐小芸的生日是十月八号 到时候提醒我给她买个蛋糕",
        ("房产中介",),
        "小芸",
        "评书",
    ),
    (
        "国庆打算去黄山玩，民宿都订好了",
        "我喜欢做木工",
        "黄山那事你就别记了去不成了 然后我外甥女叫朵拉 下个月满三岁",
        ("黄山",),
        "朵拉",
        "木工",
    ),
]


@pytest.mark.parametrize(("told", "liking", "asked", "gone", "news", "kept"), RUN_ONS)
def test_a_run_on_request_forgets_the_matter_and_keeps_the_news(
    mem: Memory,
    uid: Callable[[str], str],
    told: str,
    liking: str,
    asked: str,
    gone: tuple[str, ...],
    news: str,
    kept: str,
) -> None:
    user = uid("topic-words-runon")
    day = date(2026, 11, 2)
    for n, text in enumerate((told, liking, asked)):
        mem.remember(user, text, at=f"{(day + timedelta(days=n)).isoformat()}T09:00:00Z")
    left = left_of(mem, user)
    for word in gone:
        assert word.lower() not in left.lower(), (asked, word, left)
    facts = " ".join(f"{f.subject_name} {f.value}" for f in mem.facts(user))
    assert news in facts, (asked, news, facts)
    assert kept in facts, (asked, kept, facts)


@pytest.mark.parametrize(
    ("trade", "loan", "asked", "query", "word"),
    [
        (
            "我在菜市场卖水产，挣点辛苦钱",
            "上个月找表哥借了两万块周转",
            "借钱那件事别记了",
            "我是卖什么的",
            "水产",
        ),
        (
            "I run a little upholstery shop, it pays the bills",
            "borrowed 3 grand from my cousin Dev to cover rent",
            "forget the money I owe stuff",
            "what kind of shop do I run",
            "upholstery",
        ),
    ],
)
def test_the_users_trade_said_before_survives_a_forget_by_topic(
    mem: Memory, uid: Callable[[str], str], trade: str, loan: str, asked: str, query: str, word: str
) -> None:
    user = uid("topic-words-trade")
    for n, text in enumerate((trade, loan, asked)):
        mem.remember(user, text, at=f"2026-11-{n + 2:02d}T09:00:00Z")
    assert word in left_of(mem, user)
    recalled = " ".join(it.text for it in mem.recall(user, query, k=5))
    assert word in recalled, (query, recalled)


@pytest.mark.parametrize(
    ("told", "asked"),
    [
        ("I'm learning the accordion", "forget the surgery stuff"),
        ("I'm learning the accordion", "can you delete what I said about my pay"),
        ("我在学手风琴", "借钱那件事别记了"),
        ("我在学手风琴", "坐船那事你忘了吧"),
        ("my son goes to Brookfield High", "forget the stuff about my son's girlfriend"),
        ("我闺女在武汉读研", "闺女对象那事你就别记了"),
    ],
)
def test_a_topic_that_matches_nothing_forgets_nothing(
    mem: Memory, uid: Callable[[str], str], told: str, asked: str
) -> None:
    user = uid("topic-words-none")
    mem.remember(user, told, at="2026-11-02T09:00:00Z")
    before = sorted((f.subject_name, f.attribute, str(f.value)) for f in mem.facts(user))
    result = mem.remember(user, asked, at="2026-11-03T09:00:00Z")
    assert not result.changed, result
    assert sorted((f.subject_name, f.attribute, str(f.value)) for f in mem.facts(user)) == before


@pytest.mark.parametrize(
    "message",
    [
        "I forgot my surgery follow-up appointment again",
        "the cruise line deleted my booking by mistake, had to call them",
        "my boss wants me to drop the side project and focus on payroll",
        "我忘了还表哥的钱了，得赶紧转给他",
        "手机把邮轮上拍的照片都删了",
    ],
)
def test_a_sentence_about_forgetting_is_no_request(message: str) -> None:
    found = control_of(message)
    assert found is None or found.kind != FORGET, (message, found)
