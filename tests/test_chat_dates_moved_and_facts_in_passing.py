"""Plans moved, and plain facts said in passing in long messages (on SQLite; a sample on Neo4j).

Dates: the weekday after (or before) a date said right before it ("7月3号之后的那个周二", "the
Saturday after July 4") is counted from that date; a move by an amount gives no day of its own
when the new day is named after it; "N days later" moves a plan; the old day of a moved plan said
with "was" is still to come (a plan is moved before it happens); a weekday a plan is moved to is
the coming one; a run-on message naming two days keeps each plan on its own day, and the whole
message, shown for a question, carries the day of the part asked about.

Facts: an age said after a sigh or "let me tell you" mid-message, an age said of one's own doing
("… at 64 is not fun"; never a time, an address or an age gone by), an allergen typed in English
inside a Chinese sentence with a hedge, a final 的 or "I told the doctor", a hometown said as "I'm
X born and raised" (a parent's place before it stays theirs), and work changed to (改在X当Y; "these
days I deliver for X"). Each reading has a case it must not make. The sentences are this file's own.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta, timezone

import pytest

from graphmem import Memory
from graphmem.extract.clauses_zh import pieces
from graphmem.text.dates import find_spans
from tests.chat_cases import assert_read, held_on_user

#: Wednesday 2026-06-10 (Friday is 06-12, Sunday 06-14, next Friday 06-19)
WED_ZH = datetime(2026, 6, 10, 10, tzinfo=timezone(timedelta(hours=8)))
WED_EN = datetime(2026, 6, 10, 10, tzinfo=timezone.utc)


def _days(text: str, at: datetime) -> list[str]:
    return [s.start.isoformat() for s in find_spans(text, at)]


@pytest.mark.parametrize(
    ("text", "at", "days"),
    [
        # the weekday after (before) a date said right before it
        ("家长会挪到7月3号之后的那个周二", WED_ZH, ["2026-07-07"]),
        ("体检改到6月26号后面的那个礼拜一", WED_ZH, ["2026-06-29"]),
        ("婚礼彩排定在8月15号之前的那个周五", WED_ZH, ["2026-08-14"]),
        ("the tasting got moved to the Saturday after July 4", WED_EN, ["2026-07-11"]),
        ("they moved the fundraiser to the Friday before June 27", WED_EN, ["2026-06-26"]),
        ("the Saturday after the 20th we fly out", WED_EN, ["2026-06-27"]),
        # a move by an amount, the new day named after it: that day only
        ("露营推迟了一个礼拜 改到7月11号以后的那个周日", WED_ZH, ["2026-07-12"]),
        ("推迟了两天 改到周一", WED_ZH, ["2026-06-15"]),
        ("we bumped the potluck three days later, to the Monday", WED_EN, ["2026-06-15"]),
        ("moved my haircut to the sunday", WED_EN, ["2026-06-14"]),
        # a move by an amount from the plan's weekday said with it: the coming one, moved
        ("周五的烧烤往后推了三天", WED_ZH, ["2026-06-15"]),
        ("we pushed that friday dinner two days later", WED_EN, ["2026-06-14"]),
        ("swim meet was thursday but they moved it a week later", WED_EN, ["2026-06-18"]),
        # the old day said with "was" after a move: the plan's coming one, not last month's
        ("the clinic moved my scan up two days, it was on the 3rd", WED_EN, ["2026-07-01"]),
        ("cleaning got pushed back a week, it was on the 8th", WED_EN, ["2026-07-15"]),
        ("bbq was friday the 12th but we moved it two days later", WED_EN, ["2026-06-14"]),
    ],
)
def test_a_moved_plan_shows_its_new_day(text: str, at: datetime, days: list[str]) -> None:
    assert _days(text, at) == days


@pytest.mark.parametrize(
    ("text", "at", "days"),
    [
        # no move: a day of the month gone by stays gone by
        ("the 3rd was a mess at work", WED_EN, ["2026-06-03"]),
        # "然后周六": 后 of 然后 counts from no date
        ("然后周六去看电影", WED_ZH, ["2026-06-13"]),
        # the weekday after something that is no date is no day counted from one
        ("packet pickup is the Saturday after", WED_EN, []),
        # no day named and none moved to: nothing made up
        ("年会推迟了三天", WED_ZH, []),
    ],
)
def test_what_is_no_moved_day_is_left_as_it_was(text: str, at: datetime, days: list[str]) -> None:
    assert _days(text, at) == days


def _first_about(mem: Memory, user: str, query: str, word: str, at: str) -> str | None:
    """The day of the first recalled item whose own text holds `word` (not its whole message,
    which holds the other plan too)."""
    for it in mem.recall(user, query, k=6, at=at):
        if word in it.text:
            return it.day
    return None


#: (message said on WED, question, a word of the plan asked, its day, a word of the other plan, its day)
RUN_ON = {
    "two plans typed without a mark, 礼拜 for the week (zh)": (
        "这周日要带儿子去打疫苗下礼拜五公司团建去爬山", "团建是哪天？", "团建", "2026-06-19", "疫苗", "2026-06-14",
    ),
    "two plans joined by 然后 (zh)": (
        "这周六陪我妈去看房然后下个礼拜五有个老乡聚会", "聚会是哪天？", "聚会", "2026-06-19", "看房", "2026-06-13",
    ),
    "two plans joined by 'then' (en)": (
        "this sunday is my nephew's recital then next friday is the office quiz night, so much to prep",
        "when is quiz night?", "quiz", "2026-06-19", "recital", "2026-06-14",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(RUN_ON))
def test_each_plan_of_a_run_on_keeps_its_day(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, query, word, day, other_word, other_day = RUN_ON[case]
    user = uid("run-on")
    tz = "+08:00" if any("\u4e00" <= ch <= "\u9fff" for ch in said) else "Z"
    mem.remember(user, said, at=f"2026-06-10T10:00:00{tz}")
    asked = f"2026-06-11T09:00:00{tz}"
    assert _first_about(mem, user, query, word, at=asked) == day, case
    assert _first_about(mem, user, query, other_word, at=asked) == other_day, case


@pytest.mark.parametrize(
    ("said", "tz", "query", "day"),
    [
        ("这周六我得去医院陪床 烦死了 下礼拜五还有个战友聚会 都好多年没见了", "+08:00", "聚会是哪天？", "2026-06-19"),
        ("这周六我得去医院陪床 烦死了 下礼拜五还有个战友聚会 都好多年没见了", "+08:00", "哪天陪床？", "2026-06-13"),
        ("ugh this saturday I'm stuck at the warehouse inventory. next friday is the alumni gala though",
         "Z", "when is the alumni gala?", "2026-06-19"),
    ],
)  # fmt: skip
def test_every_item_shown_for_a_question_has_the_day_of_the_part_asked(
    mem: Memory, uid: Callable[[str], str], said: str, tz: str, query: str, day: str
) -> None:
    """The whole message kept as a note names both days: shown for a question, it carries the
    day of the part the question asks about, as the clause's own fact does."""
    user = uid("asked-part")
    mem.remember(user, said, at=f"2026-06-10T10:00:00{tz}")
    shown = mem.recall(user, query, k=3, at=f"2026-06-11T09:00:00{tz}")
    assert shown and shown[0].day == day, [(it.day, it.text) for it in shown]


@pytest.mark.parametrize(
    ("text", "cut"),
    [
        ("明天去医院拿报告后天复诊", ["明天去医院拿报告，后天复诊"]),
        ("明天加班所以后天补休", ["明天加班，所以后天补休"]),
    ],
)
def test_a_second_days_plan_run_on_is_a_clause_of_its_own(text: str, cut: list[str]) -> None:
    # the cut is the comma the rules read clauses by
    assert pieces(text) == cut


@pytest.mark.parametrize(
    "text",
    [
        "下周三的会改到下周五",
        "从这周六到下礼拜三都在外地培训",
        "这周六或者下周日去看房",
        "这周六和下周六都要值班",
    ],
)
def test_days_joined_into_one_span_or_choice_stay_one_clause(text: str) -> None:
    assert pieces(text) == [text]


def test_a_plan_moved_in_a_later_message_shows_the_day_moved_to(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    user = uid("moved-later")
    mem.remember(
        user, "dinner with the Okafors is friday the 12th, I'm making jollof", at="2026-06-08T10:00:00Z"
    )
    mem.remember(
        user, "ugh we pushed the Okafor dinner two days later, to the Sunday", at="2026-06-10T10:00:00Z"
    )
    assert _first_about(
        mem, user, "when is dinner with the Okafors?", "pushed", at="2026-06-11T09:00:00Z"
    ) == ("2026-06-14")
    zh = uid("moved-later-zh")
    mem.remember(zh, "下周三要去医院复查", at="2026-06-10T10:00:00+08:00")
    mem.remember(zh, "复查往后推了一个礼拜 改到6月24号之后的那个周五", at="2026-06-11T10:00:00+08:00")
    assert _first_about(mem, zh, "复查是哪天？", "改到", at="2026-06-12T09:00:00+08:00") == "2026-06-26"


CASES = {
    "an age after a sigh, mid-message (zh)": (
        ["早上去公园打了太极 回来又给孙女做饭 唉说起来我今年六十九了 干点活就喘"], {"age": ["69"]}, {},
    ),
    "an age after 'let me tell you', mid-message (zh)": (
        ["买菜回来腿疼 跟你说一下我今年七十三了 医生让少走路"], {"age": ["73"]}, {},
    ),
    "an age after 哦对了, mid-message (zh)": (
        ["下午去银行排了好久的队 哦对了我今年五十七了 排队站得腰酸"], {"age": ["57"]}, {},
    ),
    "an age after 哦对了, after a call with a classmate that teaches nothing (zh)": (
        ["刚跟老同学视频完 哦对了我今年六十一了 头发全白了"], {"age": ["61"]}, {"skill": ["视频完"]},
    ),
    "a reminder for the nurse after an allergen is no job (zh)": (
        ["我对latex过敏的 做体检记得提醒护士换手套"], {"allergy": ["latex"]}, {"job_title": ["体检记得提醒护士换手套"]},
    ),
    "a daughter's age after a sigh is hers (zh)": (
        ["刚下班 唉我闺女今年都二十八了还不找对象"], {}, {"age": ["28"]},
    ),
    "a count of visits this year is no age (zh)": (
        ["哦对了我今年第二次去复查了"], {}, {"age": ["2", "二"]},
    ),
    "an age said of one's own doing, in a long story (en)": (
        ["we had the garage sale all weekend, and lugging those dressers around at 62 did not help my shoulder one bit"],
        {"age": ["62"]}, {},
    ),
    "an age said of one's own doing, what it is like (en)": (
        ["mowing my sister's lawn too at 59 is not how I pictured retirement"], {"age": ["59"]}, {},
    ),
    "an age said of one's own doing, what it does to one (en)": (
        ["honestly, chasing the grandkids at 71 wears me out"], {"age": ["71"]}, {},
    ),
    "an address, a time or an age gone by is no age (en)": (
        [
            "meeting Dana at 57 Orchard Rd was a blast",
            "getting to the venue at 19 is fine",
            "learning to swim at 40 was the best thing I did",
            "picking the kids up at 6 is rough",
        ],
        {}, {"age": ["57", "19", "40", "6"]},
    ),
    "an allergen typed in English, with a particle (zh)": (
        ["上次牙疼医生开药 我说我对ibuprofen过敏啊 他就换了别的"], {"allergy": ["ibuprofen"]}, {},
    ),
    "an allergen typed in English, told to the doctor (zh)": (
        ["我跟大夫说我对codeine过敏 她记下了"], {"allergy": ["codeine"]}, {},
    ),
    "an allergen typed in English, ended by 的啦 (zh)": (
        ["对了我对shellfish过敏的啦"], {"allergy": ["shellfish"]}, {},
    ),
    "a hedged allergen keeps no hedge in its value (zh)": (
        ["我好像对sulfa过敏诶"], {}, {"allergy": ["好像对sulfa"]},
    ),
    "a mother's allergen typed in English is hers (zh)": (
        ["我妈对penicillin过敏"], {}, {"allergy": ["penicillin"]},
    ),
    "a hometown said as 'X born and raised', a grandparent's place before it (en)": (
        ["my grandma's from 广东 but I'm Vancouver born and raised"], {"hometown": ["vancouver"]},
        {"hometown": ["广东"]},
    ),
    "a hometown said as 'X born and bred' (en)": (
        ["I'm Leeds born and bred, moved down south for uni"], {"hometown": ["leeds"]}, {},
    ),
    "what one is raised as is no hometown (en)": (
        ["I'm a Cubs fan born and raised", "I'm a Texan born and bred"], {}, {"hometown": ["cubs fan", "texan"]},
    ),
    "a husband's birthplace is his (en)": (
        ["my husband is Dublin born and raised"], {}, {"hometown": ["dublin"]},
    ),
    "work changed to, said as 改在X当Y after years of another trade (zh)": (
        ["在纺织厂踩了小二十年缝纫机 厂子倒了 这两年改在盒马当分拣员"], {"employer": ["盒马"], "job_title": ["分拣员"]},
        {"job_title": ["缝纫机"]},
    ),
    "work changed to, after a life of farming (zh)": (
        ["之前在老家种了半辈子地 现在改在顺丰当快递员"], {"employer": ["顺丰"], "job_title": ["快递员"]}, {},
    ),
    "a delivery job changed to, the trade of a rider (zh)": (
        ["以前在汽修厂当学徒 后来改在饿了么送外卖 当骑手"], {"employer": ["饿了么"], "job_title": ["骑手"]},
        {"job_title": ["学徒"]},
    ),
    "a husband's new work is his (zh)": (
        ["我老公现在改在京东当仓管"], {}, {"employer": ["京东"], "job_title": ["仓管"]},
    ),
    "work changed to, the old trade gone by (en)": (
        ["spent a decade laying tile, these days I deliver for Grubhub"], {"employer": ["grubhub"]},
        {"job_title": ["tile", "tiler"]},
    ),
    "work changed to, said with 'used to be' (en)": (
        ["used to be a welder, now I drive for Amazon Flex"], {"employer": ["amazon flex"]}, {"job_title": ["welder"]},
    ),
    "a brother's new work is his (en)": (
        ["my brother used to fix roofs, now he drives for Lyft"], {}, {"employer": ["lyft"]},
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CASES))
def test_a_fact_said_in_passing_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("passing-facts"), said, present, absent, first_day=date(2026, 11, 2), label=case)


def test_a_stated_age_is_kept_beside_a_hedged_allergen(mem: Memory, uid: Callable[[str], str]) -> None:
    """A hedged allergen is a guess; the age said plainly in the same story stays."""
    user = uid("passing-age-kept")
    mem.remember(user, "我今年六十六", at="2026-11-02T09:00:00+08:00")
    mem.remember(user, "刚从医院回来 我好像对sulfa过敏诶", at="2026-11-03T09:00:00+08:00")
    held = held_on_user(mem, user)
    assert held.get("age") == {"66"}, held
    assert "好像对sulfa" not in held.get("allergy", set()), held


SAMPLE = [
    "an age after a sigh, mid-message (zh)",
    "an age said of one's own doing, in a long story (en)",
    "a hometown said as 'X born and raised', a grandparent's place before it (en)",
]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_a_fact_said_in_passing_is_read(mem, uid, case)
