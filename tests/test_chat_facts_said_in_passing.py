"""Facts said in passing, inside what else a message is about: when in the day work is done
(白天在…做…), with whom one moved and why (跟老伴一起搬到…投奔儿子), a life change run on into the
move (退休搬到…), where one is from given as a reason (…人嘛，…), a province by its one-character
name (川妹子一枚, 湘妹子), the full name one would rather not be called by, a food named first and
then not a bite of it, a job level after the workplace (p6); in English, a job held for years
("spent 22 years as a …"), a line of work done part-time at a place, the gig one has at a
place, a skill learned, a titled job landed, a chief's title said bare. And what is none: a
word the listener is called by ("…, lady, …") is no gender, what "I can …" does for someone
today is no skill. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import held_after

#: (what is said, attribute, a value that must be held, lower-cased)
READ = {
    "work in the daytime, told before the hospital shift (zh)": (
        "白天在字节做运营，晚上还得去医院陪我妈", "employer", "字节",
    ),
    "a move made with one's spouse, to be near a son (zh)": (
        "前年跟老伴一起搬到厦门投奔女儿了，天天带外孙", "city", "厦门",
    ),
    "retiring run on into the move (zh)": ("去年退休搬到昆明了，天天晒太阳", "city", "昆明"),
    "where one moved from, before where one moved to (zh)": ("从成都搬来深圳快半年了，还不太习惯", "city", "深圳"),
    "where one is from, given as a reason (zh)": ("我说话直 东北人嘛 有啥说啥", "hometown", "东北"),
    "a province by its one-character name, with its count word (zh)": (
        "湘妹子一枚，无辣不欢", "hometown", "湖南",
    ),
    "the full name one would rather not be called by (zh)": (
        "别叫我大名啦 王秀兰 太土了 叫我兰兰就行", "name", "王秀兰",
    ),
    "a food named first, then not a bite of it (zh)": (
        "苦瓜这东西真是受罪，谁爱吃谁吃，我一口都不碰", "dislikes", "苦瓜",
    ),
    "a job level typed after the workplace (zh)": ("在广州网易搬砖p7，天天开会", "employer", "网易"),
    "a trade typed in English after a workplace described (zh)": ("在陆家嘴一家hedge fund做quant", "job_title", "quant"),
    "a job held for years, retired from (en)": (
        "I spent 22 years as a school bus driver before I retired, so kids don't scare me", "job_title", "retired school bus driver",
    ),
    "a line of work done part-time at a place (en)": (
        "I do medical billing part-time for Lakeshore Clinic, hours are flexible", "employer", "lakeshore clinic",
    ),
    "the gig one has at a place (en)": ("my gig at wally world is overnights only, so I sleep all day", "employer", "walmart"),
    "a skill learned (en)": ("I finally learned to crochet from my aunt, made a lumpy hat", "skill", "crochet"),
    "a titled job landed (en)": ("big news: landed a sous chef gig at Marrow & Rye!!", "job_title", "sous chef"),
    "a chief's title said bare (en)": ("left the bank, i'm cfo and bookkeeper at my own shop now", "job_title", "cfo"),
    "a chief's title at a named company (en)": ("I'm COO of Tidewell Labs these days", "employer", "tidewell labs"),
    "one's boss at a workplace, the boss typed in Chinese (en)": (
        "my 老板 at 腾讯 keeps pinging me at midnight smh", "employer", "腾讯",
    ),
    "work done remote, said as a fragment after a move (en)": (
        "moved to Tacoma last month, working remote for Bluefin Labs still so nothing changed", "employer", "bluefin labs",
    ),
    "a job run on after 'fyi' with no comma, how long after it (en)": (
        "can u find me a soup recipe and fyi i teach chemistry at a high school in Cardiff been there 9 yrs",
        "city", "cardiff",
    ),
    "where one works alone (zh)": ("我一个人在曼谷做外贸 家里人都在老家", "city", "曼谷"),
    "a trade typed in a hurry (en)": ("im a dental hygenist at Brightpath Dental, 4 days a wk", "job_title", "dental hygienist"),
    "a workplace with what is said of it after (en)": ("work at Quillfeather is insane rn", "employer", "quillfeather"),
    "a trade with an aside in brackets (en)": (
        "I'm a paramedic (county EMS, nights mostly) and it's brutal", "job_title", "paramedic",
    ),
    "how far into a diet, said after it (zh)": ("不吃碳水第二周 已经瘦了三斤", "diet", "低碳水"),
    "what one does at a workplace, with the shifts it takes (en)": (
        "I load trucks at Fenwick Depot, night shifts mostly", "employer", "fenwick depot",
    ),
    "an offer taken, the start said with it (zh)": ("鹅厂的offer是后端开发 下周三报到 冲", "employer", "鹅厂"),
}  # fmt: skip

#: (what is said, attribute, values that must not be held, lower-cased)
NOT_READ = {
    "the listener called 'lady' is no gender (en)": (
        "I raised four boys, lady, I can handle a toddler", "gender", ["female"],
    ),
    "the listener called 'man' is no gender (en)": ("I quit, man, it was awful", "gender", ["male"]),
    "what 'I can' does for someone today is no skill (en)": (
        "my shift ends early so I can pick up the kids at 3", "skill", ["pick up the kids at 3"],
    ),
    "what 'I can' does to someone in particular is no skill (en)": (
        "trust me, I can carry your suitcase up", "skill", ["carry your suitcase up"],
    ),
    "a kind of workplace typed in English is no employer (zh)": (
        "在一家law firm做律师助理", "employer", ["law firm", "一家law firm"],
    ),
    "a smell that goes to one's head is no liking (zh)": ("还有榴莲 闻着就上头", "likes", ["闻着就"]),
    "a plain job without a title is no titled job (en)": ("got a good job at Acme finally", "job_title", ["good"]),
    "an offer still weighed is no job (zh)": ("拿到了字节的offer 还在考虑要不要去", "employer", ["字节", "字节跳动"]),
    "where one shops, with a word about it, is no workplace (en)": (
        "I buy groceries at Costco, long lines every time", "employer", ["costco"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(READ))
def test_the_fact_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, value = READ[case]
    held = held_after(mem, uid("read"), said, attribute)
    assert value in held, (case, held)


@pytest.mark.parametrize("case", list(NOT_READ))
def test_nothing_of_the_kind_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, wrong = NOT_READ[case]
    held = held_after(mem, uid("none"), said, attribute)
    assert not [w for w in wrong if w in held], (case, held)


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_fact_is_read(mem, uid, "a move made with one's spouse, to be near a son (zh)")
    test_the_fact_is_read(mem, uid, "a line of work done part-time at a place (en)")
    test_nothing_of_the_kind_is_read(mem, uid, "the listener called 'lady' is no gender (en)")
