"""Forget requests said the loose chat way, and what stays: the matter named first and the
request pointing back at it ("never mind the X thing, just forget I mentioned it"); what the user
told the assistant before the matter (跟你说的那些X的事先别存了); "from now on" between the
matter and the act (X那些破事以后别记了), with a remark after it (翻篇了); an English act typed
into Chinese with a space before it, an emoji after it (X的事 delete掉吧 🙏). And what each must
keep: the user's trade (a shop they run, asked about as their business), a sibling's birthday
said in the same message (on the sibling, not on "Ruth's"). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

#: (turns and when, words no longer held anywhere, (attribute, a part of a value still held))
FORGETS = {
    "the matter named first, then 'forget I mentioned it' (en)": (
        [("booked a glamping weekend at Pinecrest Hollow for my birthday, yurt and everything", "2026-05-01T10:00:00Z"),
         ("my job is a dental hygienist", "2026-05-01T10:05:00Z"),
         ("never mind about the glamping thing, just forget I mentioned it, we're not going", "2026-05-03T10:00:00Z")],
        ["pinecrest", "yurt"], ("job_title", "hygienist"),
    ),
    "what one told the assistant before the matter (zh)": (
        [("我在京东做运营", "2026-05-01T10:00:00+08:00"),
         ("有个猎头想挖我去小米 说给涨薪三成", "2026-05-02T10:00:00+08:00"),
         ("跟你说的那些跳槽的事先别存了 还没定呢", "2026-05-03T10:00:00+08:00")],
        ["小米", "猎头"], ("employer", "京东"),
    ),
    "'from now on' between the matter and the act, a remark after it (zh)": (
        [("我在工商银行做柜员", "2026-05-01T10:00:00+08:00"),
         ("我前任叫陈默 分手一年了还老给我发消息", "2026-05-02T10:00:00+08:00"),
         ("前任那些破事以后别记了 都过去了", "2026-05-03T10:00:00+08:00")],
        ["陈默"], ("employer", "工商银行"),
    ),
    "an English act after a space, an emoji after it (zh)": (
        [("我在一家物流公司做调度", "2026-05-01T10:00:00+08:00"),
         ("偷偷说 我在准备考研 目标是浙大的计算机", "2026-05-02T10:00:00+08:00"),
         ("那个考研的事 delete掉吧 万一被领导知道就麻烦了 拜托🙏", "2026-05-03T10:00:00+08:00")],
        ["浙大", "考研"], ("job_title", "调度"),
    ),
    "a plan told late at night, taken back by pointing at it (zh)": (
        [("你帮我记一下 我打算年底辞职去学烘焙 开个小店", "2026-05-01T23:50:00+08:00"),
         ("我在一家牙科诊所做前台", "2026-05-02T09:00:00+08:00"),
         ("上回半夜跟你说的那个打算 当我没说 别存了", "2026-05-04T12:00:00+08:00")],
        ["烘焙", "辞职"], ("job_title", "前台"),
    ),
    "the matter said again plainly after pointing at it (zh)": (
        [("我哥嫂去年离婚了 我哥一个人搬去了贵阳", "2026-05-01T22:00:00+08:00"),
         ("我在一家花店上班", "2026-05-02T11:00:00+08:00"),
         ("前几天跟你讲的家里那档子事 就是我哥的 你删了吧", "2026-05-04T21:00:00+08:00")],
        ["贵阳", "离婚"], ("employer", "花店"),
    ),
    "'re' the matter, then 'pls wipe that' (en)": (
        [("ok 2 ciders in, confession: I still have a crush on my old boss Marcus", "2026-04-14T23:40:00Z"),
         ("my dog Pickle stole a whole baguette today", "2026-04-15T07:10:00Z"),
         ("re the cider confession the other night... pls wipe that. so embarrassing", "2026-04-17T19:00:00Z")],
        ["marcus", "crush"], ("pet", "Pickle"),
    ),
}  # fmt: skip


def _all_words(mem: Memory, user: str) -> str:
    return " ".join(f"{f.value} {f.source_text}" for f in mem.facts(user)).lower()


@pytest.mark.parametrize("case", list(FORGETS))
def test_the_matter_is_forgotten_and_the_rest_kept(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, gone, (attribute, kept) = FORGETS[case]
    user = uid("forget-loose")
    for text, at in said:
        mem.remember(user, text, at=at)
    held = _all_words(mem, user)
    assert not any(g.lower() in held for g in gone), (case, held)
    assert any(kept in str(f.value) for f in mem.get(user, attribute)), (case, held)


def test_a_shop_one_runs_is_the_business_asked_about(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("shop")
    mem.remember(user, "我在镇上开了个修车铺，十几年了，补胎换机油啥都干", at="2026-05-01T10:00:00+08:00")
    assert [f.value for f in mem.get(user, "employer")] == ["修车铺"]
    found = [it.fact.value for it in mem.recall(user, "我是做什么生意的？", k=4) if it.fact is not None]
    assert "修车铺" in found, found


def test_a_sibling_named_with_a_possessive_is_one_person(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("possessive")
    mem.remember(user, "my brother Theo's birthday is June 9", at="2026-05-01T10:00:00Z")
    assert [f.value for f in mem.get(user, "sibling")] == ["Theo"]
    assert any(f.subject_name == "Theo" and f.attribute == "birthday" for f in mem.facts(user))


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_matter_is_forgotten_and_the_rest_kept(
        mem, uid, "what one told the assistant before the matter (zh)"
    )
