"""Changes people tell by what their life did, in long messages, and the pastimes they keep
up: a diet told as a phase that ended and one a doctor set them on; an allergy test that cleared
one thing and blamed another "all along"; a taste told as the kind of eater one has become; a
pastime said by how often one does it or by what one's free time goes to; a pastime taken up
"instead" of the one on record, or one given up by pointing back at it; a correction of where
one lives in the middle of a story; a taste that turned after something happened to one. And the
readings each must not make: a chore done every day is no pastime, "anything" is no food, a
unit inside a workplace is no new workplace, "我不是X人" names no city, a second pastime on
record is not guessed away. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read

#: (turns, each a day apart; values held (a part of one); values no longer held (whole value))
CASES = {
    # a diet told as a phase that ended, and the one someone set the user on
    "a diet phase over, a doctor's diet now (en)": (
        ["been keto for about a year now", "ok the keto chapter is officially over, my cardiologist put me on a "
         "mediterranean diet, lots of olive oil and fish"],
        {"diet": ["mediterranean"]}, {"diet": ["keto"]},
    ),
    "a diet dropped as 那套, the doctor's one now (zh)": (
        ["我在吃生酮", "体检完血脂高 生酮那套我也不搞了 现在遵医嘱低盐低脂"],
        {"diet": ["低盐低脂"]}, {"diet": ["生酮"]},
    ),
    "a phase one is in is still a diet (en)": (
        ["entering my pescatarian era lol"], {"diet": ["pescatarian"]}, {},
    ),
    # an allergy cleared, the culprit named "all along"
    "an allergen cleared, the real culprit said (en)": (
        ["I'm allergic to latex I think", "allergist appointment today — latex is fine, turns out the real "
         "culprit was the powder in the gloves"],
        {"allergy": ["powder"]}, {"allergy": ["latex"]},
    ),
    "an allergen cleared, what was to blame all along (zh)": (
        ["我好像对芒果过敏", "去过敏科查了一圈 芒果没事 搞了半天原来是防晒霜的问题"],
        {"allergy": ["防晒霜"]}, {"allergy": ["芒果"]},
    ),
    "what was to blame, with no talk of allergies, is none (en)": (
        ["it was the cat all along lol, she knocked the vase over"], {}, {"allergy": ["cat"]},
    ),
    "how a reaction went is no allergen (en)": (
        ["I think I'm allergic to kiwi, got all swollen at brunch"],
        {"allergy": ["kiwi"]}, {"allergy": ["got all swollen at brunch", "got all swollen"]},
    ),
    # a taste told as the kind of eater one has become
    "the person who puts it on everything now (en)": (
        ["I can't stand pickles", "spent a summer in Warsaw and now I'm the person who puts pickles on everything"],
        {"likes": ["pickles"]}, {"dislikes": ["pickles"]},
    ),
    "putting up with everything is no taste (en)": (
        ["honestly I'm the one who puts up with everything at work"], {}, {"likes": ["up"]},
    ),
    # a taste turned after something happened to one
    "a taste that turned after an operation (zh)": (
        ["我超爱吃螺蛳粉", "做完手术以后闻到螺蛳粉就想吐 现在反倒天天想喝白粥"],
        {"dislikes": ["螺蛳粉"]}, {"likes": ["螺蛳粉"]},
    ),
    # pastimes kept up
    "a pastime after how often, with where (en)": (
        ["every sunday I go birding at the marsh by the airport"], {"likes": ["birding"]}, {},
    ),
    "a pastime done each morning (en)": (
        ["I do the wordle every morning on the bus"], {"likes": ["wordle"]}, {},
    ),
    "a pastime with where before how often (en)": (
        ["I go paddleboarding on the bay most weekends"], {"likes": ["paddleboarding"]}, {},
    ),
    "a chore done every week is no pastime (en)": (
        ["I do the laundry every sunday night"], {}, {"likes": ["laundry", "the laundry"]},
    ),
    "what the weekends go to (en)": (
        ["I spend my weekends down at the marina sailing, best part of the week"], {"likes": ["sailing"]}, {},
    ),
    "weekends of chores are no pastime (en)": (
        ["I spend my weekends doing chores and errands"], {}, {"likes": ["chores", "chores and errands"]},
    ),
    "a pastime kept up every evening since retiring (zh)": (
        ["退休以后每天傍晚去江边跳广场舞"], {"likes": ["广场舞"]}, {},
    ),
    "an errand every day is no pastime (zh)": (
        ["每天都去单位打卡 烦死了"], {}, {"likes": ["打卡", "卡"]},
    ),
    "a class with a few neighbours is no question (zh)": (
        ["现在跟几个邻居在文化馆学书法"], {"skill": ["书法"]}, {},
    ),
    # a pastime taken up instead of the one on record, or given up by pointing back at it
    "a class taken up instead of the pastime on record (en)": (
        ["I spend my evenings in the garage doing woodturning", "my back can't handle the lathe anymore, signed "
         "up for watercolor classes at the library instead"],
        {"likes": ["watercolor"]}, {"likes": ["woodturning"]},
    ),
    "a sport taken up instead (zh)": (
        ["每个周末都去体育馆打羽毛球", "膝盖不行了 改学太极了"], {"likes": ["太极"]}, {"likes": ["羽毛球"]},
    ),
    "a pastime given up by pointing back at it (zh)": (
        ["每天早上去公园练八段锦", "医生说我腰椎不好 那一套我就放下了"], {}, {"likes": ["八段锦"]},
    ),
    "a pastime given up with the particle after 'it' (en)": (
        ["I go bouldering most weekends", "tore a finger pulley so I had to give it up"],
        {}, {"likes": ["bouldering"]},
    ),
    # where one lives, corrected in the middle of a story
    "a city corrected inside a long message (zh)": (
        ["我住在杭州", "哎前面说错了 我们不是住杭州 是绍兴柯桥 去杭州坐高铁也就二十分钟 所以老说杭州"],
        {"city": ["绍兴"]}, {"city": ["杭州", "我们"]},
    ),
    "not being from a city names no city (zh)": (
        ["我住在杭州", "我不是杭州人"], {"city": ["杭州"]}, {"city": ["我不是杭州"]},
    ),
    "the couple said with 我们 lives there (zh)": (
        ["我们老两口住在威海 海边空气好"], {"city": ["威海"]}, {},
    ),
    # a unit inside the workplace on record
    "a title in a unit of the workplace on record (zh)": (
        ["我在华信物流当仓管", "下个月起我升为仓储部副经理了"],
        {"job_title": ["副经理"], "employer": ["华信物流"]}, {"employer": ["仓储部"]},
    ),
    # "anything" is no food
    "eating nothing after a time is no dislike (zh)": (
        ["晚上八点以后啥也不吃"], {}, {"dislikes": ["啥"]},
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CASES))
def test_the_change_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(
        mem,
        uid("by-circumstance"),
        said,
        present,
        absent,
        first_day=date(2026, 10, 5),
        exact=False,
        label=case,
    )


def test_a_second_pastime_on_record_is_not_guessed_away(mem: Memory, uid: Callable[[str], str]) -> None:
    """'Instead' replaces the one pastime on record; with two, neither is guessed."""
    said = ["I go birding most weekends", "I spend my evenings doing woodturning", "took up chess instead"]
    assert_read(
        mem, uid("two-pastimes"), said, {"likes": ["birding", "woodturning", "chess"]}, {},
        first_day=date(2026, 10, 5), exact=False,
    )  # fmt: skip


@pytest.mark.parametrize(
    "case",
    [
        "a diet dropped as 那套, the doctor's one now (zh)",
        "a class taken up instead of the pastime on record (en)",
    ],
)
@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_change_is_read(mem, uid, case)
