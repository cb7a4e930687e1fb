"""Forgets said inside a longer message (on SQLite): the request after other sentences or
clauses ("party's over, went great 🎉 you can drop …", "我搬家了，之前那个住址你就忘了吧") or with
another clause after it ("…忘了吧，新的先不告诉你", "…, don't want that floating around"); in
Chinese an act addressed to 你 or a topic said as a past one ("之前那个X") marks a topic, and a
topic said in one clause is what the next clause's act on "your records" takes ("X那件事，你那边
的记录清一下吧"). The life topics a visa, side work and an interview said short belong to reach
what was told of them. What was said of another matter stays, and statements of the user's own
doings ("I had to drop the kids off", "我把前任的照片都删了") stay messages. The sentences are
this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from graphmem.gate import FORGET, control_of
from graphmem.gate.forget_request import topic_request
from tests.chat_cases import forget_after

#: told, something else, the request inside a longer message, a word of what is gone, a word kept
FORGETS: dict[str, tuple[str, str, str, str, str]] = {
    "after an emoji, the act asked mid-clause (en)": (
        "booked the back room at Lupita's for Dana's surprise 40th, 22 people coming",
        "I work night shifts as a radiographer",
        "party's over, went great 🎉 you can drop the surprise party details now",
        "Lupita", "radiographer",
    ),
    "after 'so', with a reason after it, a visa by its H-1B (en)": (
        "my H-1B transfer got an RFE, the lawyer says six more weeks",
        "I'm allergic to shellfish",
        "it all worked out in the end so please forget everything about my visa, don't want that floating around",
        "RFE", "shellfish",
    ),
    "side work said as cash jobs, asked as the side gig (en)": (
        "I've been doing cash jobs on weekends, tiling bathrooms under the table",
        "my daughter plays the oboe in the school band",
        "the accountant sorted out my taxes, I think you can wipe the side gig stuff now",
        "tiling", "oboe",
    ),
    "a past address addressed to 你, then another clause (zh)": (
        "我住在朝阳区望京西园三区12号楼",
        "我养了一只柯基叫豆包",
        "我搬家了，之前那个住址你就忘了吧，新的先不告诉你",
        "望京", "豆包",
    ),
    "a work visa, the act on your records in the next clause (zh)": (
        "工签下个月到期，公司还没帮我递续签材料",
        "我每周三晚上去打羽毛球",
        "事情总算办妥了，签证那件事，你那边的记录清一下吧",
        "续签", "羽毛球",
    ),
    "side work as 私单, asked as 副业 after a sentence (zh)": (
        "最近下班后在接私单做小程序，公司不知道",
        "我老婆是中学数学老师",
        "被领导问起来了，有点慌。副业的事 你那儿的都清了吧",
        "小程序", "数学老师",
    ),
    "an interview said as 在面X and 二面 (zh)": (
        "这周在面美团，二面过了，下周终面",
        "我不吃香菜",
        "算了不想了，面美团那事，记录删了吧",
        "美团", "香菜",
    ),
    "a past matter said as 以前说的那个, the act after a space (zh)": (
        "周末在跑外卖，一天能多挣两百块",
        "我女儿今年上初二",
        "现在活儿太多了顾不上，以前说的那个兼职 你删了吧",
        "外卖", "初二",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(FORGETS))
def test_a_request_inside_a_message_forgets_the_matter(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    told, other, asked, gone, kept = FORGETS[case]
    user = uid("within")
    left = forget_after(mem, user, told, other, asked, first_day=date(2026, 12, 1))
    assert gone.lower() not in left.lower() and kept in left, (case, left)
    facts = " ".join(f"{f.value} {f.source_text}" for f in mem.facts(user))
    assert gone.lower() not in facts.lower() and kept in facts, (case, facts)
    recalled = " ".join(it.text for it in mem.recall(user, told, k=5))
    assert gone.lower() not in recalled.lower(), (case, recalled)


def test_the_request_is_read_and_not_kept(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("within-result")
    mem.remember(
        user,
        "got a recruiter ping for a visa-sponsored role, my h1b lottery is next month",
        at="2026-12-01T09:00:00Z",
    )
    mem.remember(user, "I play bass in a covers band", at="2026-12-02T09:00:00Z")
    result = mem.remember(
        user, "long week. honestly you can scrub the visa stuff, not worth keeping", at="2026-12-03T09:00:00Z"
    )
    assert result.retracted or result.forgotten_episodes, result
    assert result.episode_id is None  # a forget request is not kept
    left = " ".join(e.text for e in mem.store.reader(user).episodes())
    assert "lottery" not in left and "bass" in left and "scrub" not in left, left


@pytest.mark.parametrize(
    ("message", "topic"),
    [
        ("went fine in the end, so you can drop the wedding venue details now", "venue"),
        ("long story, but please forget what I told you about the DUI, it's handled", "DUI"),
        ("我换城市了，之前那个公司地址你就忘了吧", "公司地址"),
        ("工签的事 你那儿的记录都清了吧", "工签"),
        ("二面那事，记录删了吧，反正也没过", "二面"),
        ("私活那件事你删了吧，怕说漏嘴", "私活"),
    ],
)
def test_the_topic_of_a_request_inside_a_message(message: str, topic: str) -> None:
    req = topic_request(message)
    assert req is not None and topic in req.topic, (message, req)


@pytest.mark.parametrize(
    "message",
    [
        "I had to drop the kids off before work, then grabbed a coffee",
        "phone was full so I had to delete the whole group chat to free space",
        "new laptop 🎉 I forget my passwords all the time though",
        "my sister keeps saying you should forget the ex stuff and move on",
        "I told my boss he can drop the project details from the deck",
        "我把前任的照片都删了，心里轻松多了",
        "我忘了带钥匙，只好在楼下等了半小时",
        "昨天我把聊天记录删了，手机太卡",
        "搬完家累死了，之前那个房东人还挺好的",
        "我跟你说，我同事把项目的记录都删了",
    ],
)
def test_a_statement_of_a_doing_stays_no_request(message: str) -> None:
    found = control_of(message)
    assert found is None or found.kind != FORGET, (message, found)


def test_a_request_at_the_end_of_a_long_message_is_read() -> None:
    # how fast is bench-quick's concern (8,000-character messages), not a timed test's
    story = "We drove up to the lake, I forget the name of the road, and the kids slept the whole way. " * 90
    message = story + "Anyway, party's over, so you can forget the surprise party stuff now."
    req = topic_request(message)
    assert req is not None and "surprise party" in req.topic, req
    assert topic_request(story) is None
    zh = "周末带孩子去爬山，路上堵了两个小时，我忘了带水。" * 200 + "之前那个住址你就忘了吧"
    assert (req := topic_request(zh)) is not None and req.topic == "住址", req
