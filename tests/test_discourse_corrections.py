"""Corrections and changes said indirectly, both languages, every store: the statement inside
the talk around it ("lol well technically…", "哎呀说错了…") replaces the value it names, a
taste that turns retracts what it leaves and adds what it turns to, and the audit record says
why (rule "explicit_correction" or "change"). What is not the user's own, said as a fact, changes nothing:
a hypothetical, someone else's taste, a question, the assistant's words, a guess."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

T0 = "2026-04-01T10:00:00Z"
T1 = "2026-04-09T10:00:00Z"
T2 = "2026-04-10T10:00:00Z"


def held(mem: Memory, user: str, attribute: str) -> list[str]:
    return [str(f.value).lower() for f in mem.get(user, attribute, at=T2)]


def holds(values: list[str], word: str) -> bool:
    return any(word.lower() in v for v in values)


# (first statement, indirect correction, attribute, new value, old value, audit rule)
CORRECTIONS = [
    # precision cues, with fillers around the statement
    (
        "I'm 52.",
        "lol well technically I'm 53, had my birthday on Sunday",
        "age",
        "53",
        "52",
        "explicit_correction",
    ),
    ("I'm 29", "hmm strictly speaking I'm 30 now 😅", "age", "30", "29", "explicit_correction"),
    ("我是工程师", "确切地说我是结构工程师哈", "job_title", "结构工程师", None, "explicit_correction"),
    ("我住在苏州", "严格来讲我住在昆山啦", "city", "昆山", "苏州", "explicit_correction"),
    # retraction cues, with the old value negated and the new one in focus
    (
        "I'm allergic to peanuts",
        "wait no, my bad, peanuts are fine, it's cashews I react to",
        "allergy",
        "cashews",
        "peanuts",
        "correction",
    ),  # fmt: skip
    (
        "I'm allergic to wheat.",
        "oops, not wheat: it's barley that I can't eat",
        "allergy",
        "barley",
        "wheat",
        "correction",
    ),
    ("我对虾过敏", "哎呀说错了，虾没事，是对螃蟹过敏", "allergy", "螃蟹", "虾", "explicit_correction"),
    ("我对芒果过敏", "搞错了，不是芒果，是菠萝", "allergy", "菠萝", "芒果", "explicit_correction"),
    # a refinement of a stored place keeps the refined value
    (
        "I live in Salem",
        "Salem MASSACHUSETTS, not the Oregon one lol",
        "city",
        "massachusetts",
        None,
        "correction",
    ),
    (
        "We live in Jackson",
        "Jackson, Wyoming to be clear, not the one in Mississippi",
        "city",
        "wyoming",
        None,
        "correction",
    ),  # fmt: skip
    # a cue said as its own sentence carries to the statement after it
    ("我今年30岁", "不对不对。我31了", "age", "31", "30", "explicit_correction"),
    ("I'm 30", "wait no. I'm 31", "age", "31", "30", "explicit_correction"),
    # titles said by what happened
    (
        "I'm a line cook at Nora's",
        "guess what, they made me sous chef!!! 🎉",
        "job_title",
        "sous chef",
        None,
        "change",
    ),
    (
        "I'm a lab technician",
        "omg my boss just named me lab manager lol",
        "job_title",
        "lab manager",
        None,
        "change",
    ),
    ("我是销售", "跟你说，老板让我当销售主管了哈哈", "job_title", "销售主管", None, "change"),
    ("我是会计", "好消息！我被提拔为财务经理了", "job_title", "财务经理", "会计", "change"),
    # ages said by the birthday that changed them
    ("I'm 44", "already 45 since my birthday on Friday lol", "age", "45", "44", "change"),
    ("我今年35", "生日过了，已经36了哈", "age", "36", "35", "change"),
]


@pytest.mark.parametrize(("first", "fix", "attribute", "new", "old", "rule"), CORRECTIONS)
def test_indirect_correction_replaces_the_value(
    mem: Memory, uid: Callable[[str], str], first: str, fix: str, attribute: str, new: str, old: str | None,
    rule: str,
) -> None:  # fmt: skip
    u = uid("fix")
    mem.remember(u, first, at=T0)
    r = mem.remember(u, fix, at=T1)
    values = held(mem, u, attribute)
    assert holds(values, new), (fix, values)
    if old is not None:
        assert not any(v == old.lower() for v in values), (fix, values)
    assert len(values) == 1 or attribute not in ("age", "city", "job_title"), values
    rules = {a.rule for a in r.audit if a.action == "supersede"}
    assert rule in rules or (rule == "correction" and "explicit_correction" in rules), (fix, r.audit)


# (liking first, the turn, what it turns to or None, what it leaves, disliked now)
TURNS = [
    (
        "I'm really into techno",
        "tbh I'm so over techno lately, it's all bluegrass now",
        "bluegrass",
        "techno",
        False,
    ),
    (
        "I love hiking",
        "honestly done with hiking, getting really into climbing lately",
        "climbing",
        "hiking",
        False,
    ),
    ("I'm a big fan of anime", "not really into anime anymore", None, "anime", False),
    ("I love burritos", "burritos are a hard no for me now 😬", None, "burritos", True),
    ("I like podcasts", "ngl I switched to audiobooks, sick of podcasts", "audiobooks", "podcasts", False),
    ("我特别喜欢喝奶茶", "奶茶喝腻了，最近迷上了喝咖啡", "咖啡", "奶茶", False),
    ("我喜欢打羽毛球", "腰不好，羽毛球打不动了，现在改打太极了", "太极", "羽毛球", False),
    ("我很喜欢追韩剧", "对韩剧已经没什么兴趣了", None, "韩剧", False),
    ("我爱吃火锅", "火锅现在受不了了，太油", None, "火锅", True),
    ("我喜欢听摇滚", "摇滚不怎么听了，反而爱上了爵士", "爵士", "摇滚", False),
]


@pytest.mark.parametrize(("first", "turn", "toward", "away", "disliked"), TURNS)
def test_taste_turn_retracts_what_it_leaves(
    mem: Memory,
    uid: Callable[[str], str],
    first: str,
    turn: str,
    toward: str | None,
    away: str,
    disliked: bool,
) -> None:
    u = uid("turn")
    mem.remember(u, first, at=T0)
    assert holds(held(mem, u, "likes"), away)
    r = mem.remember(u, turn, at=T1)
    likes = held(mem, u, "likes")
    assert not holds(likes, away), (turn, likes)
    if toward is not None:
        assert holds(likes, toward), (turn, likes)
    assert holds(held(mem, u, "dislikes"), away) == disliked
    assert "change" in {a.rule for a in r.audit if a.action in ("supersede", "retract")}, r.audit
    old = [
        f
        for f in mem.facts(u, include_frozen=True)
        if f.attribute == "likes" and away in str(f.value).lower()
    ]
    assert old and all(f.status == "frozen" for f in old)  # kept, never lost


# (liking first, a message that must change nothing of it, role)
NOT_TURNS = [
    ("I'm really into techno", "if I ever get bored of techno I'll let you know", "user"),
    ("I'm really into techno", "my brother is so over techno", "user"),
    ("I'm really into techno", "am I still into techno?", "user"),
    (
        "I'm really into techno",
        "You seem so over techno these days, maybe it's all bluegrass now",
        "assistant",
    ),
    ("I'm really into techno", "I might be over techno lately", "user"),
    ("I'm really into techno", "my sister's techno phase is a hard pass for me", "user"),
    ("我特别喜欢喝奶茶", "如果哪天奶茶喝腻了再说", "user"),
    ("我特别喜欢喝奶茶", "我老公最近迷上了钓鱼", "user"),
    ("我特别喜欢喝奶茶", "我妹妹奶茶喝腻了", "user"),
    ("我特别喜欢喝奶茶", "我是不是不喜欢奶茶了？", "user"),
    ("我特别喜欢喝奶茶", "你是不是奶茶喝腻了，要不改喝咖啡吧", "assistant"),
]


@pytest.mark.parametrize(("first", "said", "role"), NOT_TURNS)
def test_not_a_turn_of_the_users_taste(
    mem: Memory, uid: Callable[[str], str], first: str, said: str, role: str
) -> None:
    u = uid("keep")
    mem.remember(u, first, at=T0)
    before = held(mem, u, "likes")
    r = mem.remember(u, said, role=role, at=T1)
    assert held(mem, u, "likes") == before, (said, r.audit)
    assert not r.retracted and not any(a.rule == "change" for a in r.audit), (said, r.audit)


@pytest.mark.parametrize(
    ("first", "said", "attribute", "kept"),
    [
        ("I'm a nurse", "they made me dinner lol", "job_title", "nurse"),
        ("我是护士", "朋友让我帮她带孩子哈哈", "job_title", "护士"),
        ("我今年35", "我已经3周没去健身房了", "age", "35"),
        ("I'm 40", "already 3 weeks into the new job lol", "age", "40"),
        # a guess inside a precision cue is still a guess: it cannot replace the stated age
        ("I'm 40", "to be precise I might be 41", "age", "40"),
    ],
)
def test_weak_or_unrelated_reading_overwrites_nothing(
    mem: Memory, uid: Callable[[str], str], first: str, said: str, attribute: str, kept: str
) -> None:
    u = uid("weak")
    mem.remember(u, first, at=T0)
    mem.remember(u, said, at=T1)
    assert held(mem, u, attribute) == [kept.lower()]
