"""Forgets whose matter is named loosely, and what else such a message says: the matter pointed
at as "said above" or by the user's own saying (上面说的/前几天我说的…那个事); a whole field named
(考试那些 reaches 考编、刷题; "the money stuff" reaches a raise said by its amount); the pointer said
first and the matter after it ("the thing from tuesday about my mental health stuff"); someone
told of only by what they are to the user, inside the matter ("my neighbour swears by it"); and
news in the same message after the request (a reminder asked, "…, and Mia needs …", 然后顺便说下…).
And what each must keep. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import all_words

#: (turns and when, words no longer held anywhere, (attribute, a part of a value still held))
FORGETS = {
    "the matter pointed at as said above (zh)": (
        [("我在一家超市当收银员", "2026-05-01T10:00:00+08:00"),
         ("上周做胃镜查出来有点糜烂 医生让我少喝酒", "2026-05-02T10:00:00+08:00"),
         ("上面说的身体那事儿 你忘掉吧", "2026-05-03T10:00:00+08:00")],
        ["胃镜", "糜烂"], ("job_title", "收银员"),
    ),
    "the matter pointed at by the user's own saying (zh)": (
        [("我是开网约车的", "2026-05-01T10:00:00+08:00"),
         ("最近每周二去青禾心理咨询室 焦虑症还没好利索", "2026-05-02T10:00:00+08:00"),
         ("前几天我说的看心理医生那个事 你别记了", "2026-05-04T10:00:00+08:00")],
        ["青禾", "焦虑"], ("job_title", "网约车"),
    ),
    "a whole field named reaches each of its matters (zh)": (
        [("我在物业公司做客服", "2026-05-01T10:00:00+08:00"),
         ("悄悄备考事业编 每天下班刷两套行测", "2026-05-02T10:00:00+08:00"),
         ("关于考试那些都删了吧 不想被提醒", "2026-05-05T10:00:00+08:00")],
        ["行测", "事业编"], ("job_title", "客服"),
    ),
    "'the money stuff' reaches a raise said by its amount (en)": (
        [("finally got the raise, 68k now!! new couch here I come", "2026-05-01T10:00:00Z"),
         ("I'm a line cook at Brasserie Olin", "2026-05-01T10:05:00Z"),
         ("ok delete the money stuff please, weird having it saved", "2026-05-02T10:00:00Z")],
        ["68k", "couch"], ("employer", "Brasserie Olin"),
    ),
    "the pointer first, the matter after it (en)": (
        [("started seeing a counselor for my panic attacks, second session tomorrow", "2026-05-05T10:00:00Z"),
         ("my dog Waffles learned to open the fridge", "2026-05-06T10:00:00Z"),
         ("the thing from tuesday about my mental health stuff, pls forget it", "2026-05-08T10:00:00Z")],
        ["panic", "counselor"], ("pet", "Waffles"),
    ),
    "someone told of by what they are, inside the matter (en)": (
        [("planning a 3 day water fast next month, my neighbour swears by it", "2026-05-01T10:00:00Z"),
         ("I teach ceramics at the community college", "2026-05-02T10:00:00Z"),
         ("scratch what I said about the fast, not doing it", "2026-05-03T10:00:00Z")],
        ["fast", "neighbour"], ("job_title", "ceramics"),
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(FORGETS))
def test_the_matter_is_forgotten_and_the_rest_kept(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, gone, (attribute, kept) = FORGETS[case]
    user = uid("forget-named")
    for text, at in said:
        mem.remember(user, text, at=at)
    held = all_words(mem, user)
    assert not any(g.lower() in held for g in gone), (case, held)
    recalled = " ".join(
        f"{it.fact.value if it.fact else ''} {it.episode.text if it.episode else ''}"
        for it in mem.recall(user, gone[0], k=6)
    ).lower()
    assert not any(g.lower() in recalled for g in gone), (case, recalled)
    assert any(kept in str(f.value) for f in mem.get(user, attribute)), (case, held)


def test_someone_named_elsewhere_stays(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("neighbour-stays")
    mem.remember(user, "my neighbour keeps parking in my spot", at="2026-05-01T10:00:00Z")
    mem.remember(
        user, "planning a 3 day water fast next month, my neighbour swears by it", at="2026-05-02T10:00:00Z"
    )
    mem.remember(user, "scratch what I said about the fast, not doing it", at="2026-05-03T10:00:00Z")
    assert "parking" in all_words(mem, user)
    assert "fast" not in all_words(mem, user)


#: (turns and when, the request, words the news keeps, words gone)
NEWS = {
    "a reminder asked after the request (en)": (
        [("the landlord is trying to charge me for a scratched floor", "2026-05-04T10:00:00Z")],
        ("anyway forget the landlord drama pls its sorted and remind me I have a piano lesson friday at 5",
         "2026-05-05T09:00:00Z"),
        ["piano"], ["scratched"],
    ),
    "news before the request and after it, with 'and also' and ', and' (en)": (
        [("got a bonus, 4k!! treating myself", "2026-05-01T10:00:00Z")],
        ("pls remind me about the vet on monday and also the thing I told u about my pay, erase that, "
         "and Mia needs new ballet shoes before saturday", "2026-05-02T10:00:00Z"),
        ["ballet", "vet"], ["4k"],
    ),
    "news after 然后顺便说下 (zh)": (
        [("去年找我姐借了三万 一直没还", "2026-05-01T10:00:00+08:00")],
        ("帮我把前面说的借钱那事忘了吧 然后顺便说下我下个月调去西安了", "2026-05-03T10:00:00+08:00"),
        ["西安"], ["三万"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(NEWS))
def test_the_news_besides_the_request_is_kept(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    before, (request, at), kept, gone = NEWS[case]
    user = uid("forget-news")
    for text, when in before:
        mem.remember(user, text, at=when)
    mem.remember(user, request, at=at)
    held = all_words(mem, user)
    assert all(k.lower() in held for k in kept), (case, held)
    assert not any(g.lower() in held for g in gone), (case, held)


def test_a_reminder_of_a_weekday_is_the_coming_one(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("reminder-day")
    mem.remember(user, "remind me I have a piano lesson friday at 5", at="2026-05-05T09:00:00Z")  # a Tuesday
    found = [it for it in mem.recall(user, "when is my piano lesson?", k=4) if it.date is not None]
    assert found and found[0].date.date().isoformat() == "2026-05-08", [it.date for it in found]


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_matter_is_forgotten_and_the_rest_kept(
        mem, uid, "a whole field named reaches each of its matters (zh)"
    )
    test_the_news_besides_the_request_is_kept(mem, uid, "a reminder asked after the request (en)")
