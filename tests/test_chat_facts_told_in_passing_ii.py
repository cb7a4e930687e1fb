"""Facts people tell in passing while telling something else: what one told someone about
oneself ("she asked what I do, I said …", 她问我…我说…); a long English title inside Chinese;
pinyin slips of everyday words (今念, 以经); a liking said with 迷, a weekend typed in English, a
"ps" between two statements; a taste turned "these two months"; a job at a workplace typed in
lower case, with its apostrophe; a slip of a verb's ending ("startd"); a move told by the lease,
the new home named beside the city's nickname; a diet counted in days; chat praise ("slaps",
"is elite") and disgust ("grosses me out"). And the readings each must not make: 打工人 is no
game, "that" and "the smell" are no things, someone else's praise is theirs. The sentences are
this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read

#: (turns, each a day apart; values held (a part of one); values not held (whole value))
CASES = {
    # what one told someone of oneself
    "what one answered a classmate, told (zh)": (
        ["上周同学聚会 有人问我在哪高就 我说还在永安药房做药剂师呢 他们都不信"],
        {"employer": ["永安药房"], "job_title": ["药剂师"]}, {},
    ),
    "a question someone else asked, then one's answer (zh)": (
        ["她问我最近忙啥呢 我跟她说我在学日语 准备明年去大阪"], {"language": ["日语"]}, {},
    ),
    "what one said to a driver, told (en)": (
        ["my uber driver asked what I do, I said I'm a dental hygienist at bright smiles, he did not care"],
        {"job_title": ["dental hygienist"], "employer": ["bright smiles"]}, {},
    ),
    # a long English title inside Chinese
    "an English title of two words at a workplace (zh)": (
        ["最近忙疯了 我在米哈游做technical artist 天天改贴图"],
        {"employer": ["米哈游"], "job_title": ["technical artist"]}, {},
    ),
    # pinyin slips of everyday words
    "this year typed as 今念 (zh)": (["我今念三十五了 还没买房"], {"age": ["35"]}, {}),
    "already typed as 以经 (zh)": (["我以经搬到苏州了 房租便宜好多"], {"city": ["苏州"]}, {}),
    # a liking with 迷, a weekend in English, a ps between statements
    "a liking said with 超迷 and a weekend in English (zh)": (
        ["最近超迷飞盘 每个weekend都去江边骑车"], {"likes": ["飞盘", "骑车"]}, {},
    ),
    "an allergy after a ps (zh)": (
        ["刚爬完泰山ps我芒果过敏 别给我推芒果甜品"], {"allergy": ["芒果"]}, {},
    ),
    "lost in a maze is no liking (zh)": (["昨天在商场迷路了"], {}, {"likes": ["路"]}),
    # a taste turned these two months
    "a drink switched these two months (zh)": (
        ["我最爱喝奶茶", "奶茶喝腻了 这俩月改喝乌龙茶了"], {"likes": ["乌龙茶"]}, {"likes": ["奶茶"]},
    ),
    "打工人 is no game played (zh)": (
        ["打工人续命全靠咖啡"], {}, {"likes": ["工人续命全靠咖啡", "工人"]},
    ),
    "a smell pointed at is no thing (zh)": (
        ["闻到那个油烟味就想吐"], {}, {"dislikes": ["那个油烟", "那个油烟味", "那个"]},
    ),
    # a workplace in lower case, a verb's ending slipped
    "a cook at a lower-case workplace with an apostrophe (en)": (
        ["i'm a line cook at mama rosa's, double shift today"],
        {"job_title": ["cook"], "employer": ["mama rosa's"]}, {},
    ),
    "a start with its -e- dropped (en)": (
        ["startd at fernhill press last wk as a copy editor"],
        {"employer": ["fernhill press"], "job_title": ["copy editor"]}, {},
    ),
    # a move told by the lease, the home named beside the city's nickname
    "a lease signed, a studio in a city said by its nickname too (en)": (
        ["made it to the windy city 🌬️ lease signed, tiny studio in chicago proper, no parking obviously"],
        {"city": ["chicago"]}, {},
    ),
    # a diet counted in days
    "a diet counted in days (en)": (["day 20 of going vegetarian, send recipes"], {"diet": ["vegetarian"]}, {}),
    "a diet counted in weeks, 'into' (en)": (["two weeks into whole30 and I'd kill for toast"], {"diet": ["whole30"]}, {}),
    # chat praise and disgust
    "praise of a food (en)": (["ngl pistachio gelato slaps"], {"likes": ["pistachio gelato"]}, {}),
    "praise of what someone else has is no liking (en)": (
        ["my brother's new car slaps"], {}, {"likes": ["my brother's new car", "car"]},
    ),
    "a food that grosses one out (en)": (
        ["cottage cheese honestly grosses me out"], {"dislikes": ["cottage cheese"]}, {},
    ),
    "being over here is no dislike (en)": (
        ["i'm still over here fixing the sink lol"], {}, {"dislikes": ["here fixing the sink", "here"]},
    ),
    "the smell is no thing (en)": (
        ["honestly the smell grosses me out"], {}, {"dislikes": ["the smell", "smell"]},
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CASES))
def test_the_fact_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(
        mem, uid("in-passing-ii"), said, present, absent, first_day=date(2026, 9, 7), exact=False, label=case
    )


@pytest.mark.parametrize(
    "case",
    [
        "what one answered a classmate, told (zh)",
        "a lease signed, a studio in a city said by its nickname too (en)",
    ],
)
@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_fact_is_read(mem, uid, case)
