"""Forgets said by whose matter it is and in looser shapes: "forget my sister's health stuff"
takes her diagnosis, not the user's own asthma; "mom's money" her savings, not the user's;
我二姐身体那个事, 儿子他媳妇的那些话 (the daughter-in-law, named by one word); a matter named
before the act points back ("that thing about my cousin? don't keep that"), two matters in
one request ("the crypto stuff and the part about my landlord"), the act typed in English
inside Chinese ("scratch掉…", "drop掉"). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import held_on_user, left_of

#: (turns said a day apart, the request, words that must be gone, words that must stay)
FORGETS = {
    "someone's health, not the user's own (en)": (
        ["I have asthma and carry an inhaler everywhere", "my sister Greta just got diagnosed with lupus"],
        "please forget the stuff about my sister's health",
        ["lupus"], ["asthma"],
    ),
    "mom's money, not the user's savings (en)": (
        ["mum keeps about 60k in a savings account at Corral Bank", "I have like 9k in savings, not much"],
        "the thing I told you last week about mum's money, delete it, she'd hate that",
        ["Corral", "60k"], ["9k"],
    ),
    "a sister's health said with her rank (zh)": (
        ["我自己有点鼻炎，换季就犯", "我三姐上个月查出来糖尿病，天天打胰岛素"],
        "前阵子跟你说的我三姐身体那个事 别记了哈",
        ["胰岛素", "糖尿病"], ["鼻炎"],
    ),
    "a daughter-in-law named by one word, asked for as the son's wife (zh)": (
        ["我儿媳妇天天点外卖，一个月花好几千", "我每天下午去公园下象棋"],
        "上礼拜跟你念叨我儿子他老婆的那些 就当没听过吧",
        ["外卖"], ["象棋"],
    ),
    "a matter named before 'don't keep that' (en)": (
        ["my cousin Ravi got fired for sleeping on the job", "I started pottery classes on tuesdays"],
        "that stuff about my cousin? yeah don't keep that, he'd be mortified",
        ["fired", "Ravi"], ["pottery"],
    ),
    "what was said, asked back before the act (en)": (
        ["my neighbours Lou and Dee are splitting up, she's keeping the house", "I switched to oat milk"],
        "you know what I said about Lou and Dee splitting up? erase that please",
        ["splitting", "keeping the house"], ["oat"],
    ),
    "two matters in one request, the second joined by 'and the part about' (en)": (
        ["dumped 3 grand into some meme coin and it rugged lol", "my landlord Gus is selling the building"],
        "pls drop the crypto stuff and the part about my landlord",
        ["meme coin", "Gus"], [],
    ),
    "two matters in one request, the second said as what was told (en)": (
        ["I see a counselor on thursdays for the panic attacks", "started propranolol 10mg last month"],
        "can you scrub the counseling stuff and the med I told you about? rather keep it private",
        ["counselor", "propranolol"], [],
    ),
    "the act typed in English inside Chinese (zh)": (
        ["拿到了一个外企的offer，下个月入职", "我养了只柯基叫馒头"],
        "scratch掉我说的换工作相关的所有东西 黄了",
        ["offer", "入职"], ["馒头"],
    ),
    "a matter at a place, what happened there (zh)": (
        ["孙子在幼儿园跟小朋友抢玩具被老师批评了", "我老伴爱喝普洱"],
        "孙子幼儿园里出的那档子事 你忘了吧",
        ["抢玩具", "批评"], ["普洱"],
    ),
    "a visa said by its kind and its paperwork (en)": (
        ["uscis sent a request for evidence on my L-1, ugh", "I do pilates on saturdays"],
        "ok can you forget all my visa stuff, it's sorted",
        ["request for evidence", "L-1"], ["pilates"],
    ),
    "coins said in chat words (zh)": (
        ["上个月全仓买了个空气币，直接归零", "我周末在图书馆做志愿者"],
        "炒币那些事都删了吧",
        ["空气币", "归零"], ["图书馆"],
    ),
    "an affair told without the word (en)": (
        ["pretty sure my uncle Mel is seeing his dental hygienist behind his wife's back", "I'm vegetarian"],
        "forget the bit about my uncle's affair, not my business",
        ["hygienist", "Mel"], ["vegetarian"],
    ),
    "a brother's trouble with the law, said as a DUI (en)": (
        ["my brother Theo got pulled over friday, DUI, they took his license", "my daughter started ballet"],
        "scratch what I said about Theo's legal trouble",
        ["DUI", "pulled over"], ["ballet"],
    ),
    "the speaker said in dialect in the request (zh)": (
        ["俺在东莞一家鞋厂做质检", "俺有痛风 一吃海鲜脚就肿"],
        "把俺之前说的关于身体的那些都删了 一个字别留",
        ["痛风"], ["质检"],
    ),
    "why it is asked run on after the topic (en)": (
        ["checking account is overdrawn again, 200 in the red, lovely", "I do crossfit 4x a week"],
        "also pls forget my bank stuff idk why I even typed that",
        ["overdrawn"], ["crossfit"],
    ),
    "a matter named by its place (en)": (
        ["I live in Reno with my aunt", "got a callback from Tallgrass Media in Austin for a producer role"],
        "scratch what I said about the Austin gig, it fell through",
        ["Tallgrass", "callback"], ["Reno"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(FORGETS))
def test_the_matter_goes_and_the_rest_stays(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, asked, gone, kept = FORGETS[case]
    user = uid("whose")
    for n, text in enumerate(said):
        mem.remember(user, text, at=f"2026-05-0{n + 1}T20:00:00Z")
    mem.remember(user, asked, at="2026-05-08T09:00:00Z")
    left = left_of(mem, user)
    assert not [g for g in gone if g in left], (case, left)
    assert all(k in left for k in kept), (case, left)


def test_the_users_work_said_in_the_same_sentence_stays(mem: Memory, uid: Callable[[str], str]) -> None:
    """A matter's clause is forgotten; who the user is, said in another clause of the same
    sentence, stays."""
    user = uid("clause")
    mem.remember(
        user,
        "my landlord Mr. Abara wants us out by june and i'm a line cook at Saltgrass",
        at="2026-05-01T20:00:00Z",
    )
    mem.remember(user, "forget the part about my landlord", at="2026-05-03T09:00:00Z")
    assert "Abara" not in left_of(mem, user)
    assert "saltgrass" in held_on_user(mem, user).get("employer", set())


def test_a_matter_said_in_no_words_of_its_topic_still_goes(mem: Memory, uid: Callable[[str], str]) -> None:
    """Whose matter it is narrows a forget only when the matter's words are said: "my friend's
    saga" said in no such words still takes the turns about the friend."""
    user = uid("fallback")
    mem.remember(
        user, "my friend Suki keeps texting her ex at 3am and then crying to me", at="2026-05-01T20:00:00Z"
    )
    mem.remember(user, "I work nights at a bakery", at="2026-05-02T20:00:00Z")
    mem.remember(user, "forget the stuff about my friend's saga", at="2026-05-03T09:00:00Z")
    left = left_of(mem, user)
    assert "3am" not in left, left
    assert "bakery" in left


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_matter_goes_and_the_rest_stays(mem, uid, "someone's health, not the user's own (en)")
    test_the_matter_goes_and_the_rest_stays(mem, uid, "a sister's health said with her rank (zh)")
    test_the_matter_goes_and_the_rest_stays(mem, uid, "a matter named before 'don't keep that' (en)")
