"""Corrections and retractions as people say them, both languages, every store: the corrected
value supersedes, the retracted one is frozen (never lost), a cancelled plan stops being
coming up."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

T0 = "2026-05-01T10:00:00Z"
T1 = "2026-05-02T10:00:00Z"
T2 = "2026-05-03T10:00:00Z"


def values(facts: list) -> list[str]:
    return [f.value for f in facts]


@pytest.mark.parametrize(
    ("first", "fix", "attribute", "old", "new"),
    [
        ("I work at Walgreens.", "Scratch that, I meant CVS, not Walgreens.", "employer", "Walgreens", "CVS"),
        ("I live in Austin.", "Sorry, I misspoke: I live in Dallas.", "city", "Austin", "Dallas"),
        (
            "我在杭州上班，公司叫蓝鲸科技。",
            "不对，我搞错了，公司名字叫白鲸科技",
            "employer",
            "蓝鲸科技",
            "白鲸科技",
        ),
        ("我是广东人。", "说错了，我其实是福建人", "hometown", "广东", "福建"),
        # the number alone after a correction word: the age on record
        ("I'm 41 and I teach yoga.", "ugh typo, I meant 47", "age", "41", "47"),
        ("I just turned 52.", "*25 lol", "age", "52", "25"),
        ("我今年27岁。", "写错了，是26", "age", "27", "26"),
        ("我住在南京。", "搞错了，我是在无锡，不是南京", "city", "南京", "无锡"),
        ("我是一名会计。", "我已经不做会计了，转行当老师", "job_title", "会计", "老师"),
        (
            "I work at Hooli.",
            "oops, scratch that: it's Pied Piper not Hooli lol",
            "employer",
            "Hooli",
            "Pied Piper",
        ),
    ],
)
def test_corrected_value_supersedes(
    mem: Memory, uid: Callable[[str], str], first: str, fix: str, attribute: str, old: str, new: str
) -> None:
    u = uid("fix")
    mem.remember(u, first, at=T0)
    assert values(mem.get(u, attribute)) == [old]
    mem.remember(u, fix, at=T1)
    assert values(mem.get(u, attribute)) == [new]
    frozen = [f for f in mem.facts(u, include_frozen=True) if f.value == old]
    assert frozen and all(f.status == "frozen" for f in frozen)


@pytest.mark.parametrize(
    ("first", "retract", "attribute", "gone"),
    [
        (
            "I'm allergic to peanuts and latex.",
            "Turns out I'm not allergic to latex after all.",
            "allergy",
            "latex",
        ),
        ("I'm vegan these days.", "I gave up on being vegan last month.", "diet", "vegan"),
        ("My girlfriend Ines loves hiking.", "Ines and I broke up last week.", "partner", "Ines"),
        # "not … anymore", with or without the "I'm"
        ("I work at Globex.", "I'm not at Globex anymore, long story", "employer", "Globex"),
        ("I live in Denver.", "not living in Denver any more", "city", "Denver"),
        ("I'm vegetarian.", "I'm not vegetarian anymore", "diet", "vegetarian"),
        ("I'm vegan.", "no longer vegan, I eat eggs again", "diet", "vegan"),
        (
            "I'm allergic to kiwi.",
            "my allergist says I'm not allergic to kiwi, it was the pollen all along",
            "allergy",
            "kiwi",
        ),
        ("My husband Omar is a dentist.", "Omar and I got divorced over the summer.", "spouse", "Omar"),
        ("I'm engaged to Lena.", "we're separated now, it's for the best", "partner", "Lena"),
        ("My boyfriend is Theo.", "I broke up with my bf last night", "partner", "Theo"),
        ("我对海鲜过敏。", "体检查了过敏原，其实我不对海鲜过敏", "allergy", "海鲜"),
        ("我女朋友叫小雅。", "我跟小雅分手了。", "partner", "小雅"),
        ("最近喜欢喝奶茶。", "奶茶已经戒了", "likes", "奶茶"),
    ],
)
def test_retracted_value_is_frozen(
    mem: Memory, uid: Callable[[str], str], first: str, retract: str, attribute: str, gone: str
) -> None:
    u = uid("retract")
    mem.remember(u, first, at=T0)
    assert gone in values(mem.get(u, attribute))
    r = mem.remember(u, retract, at=T1)
    assert gone in [f.value for f in r.retracted]
    assert gone not in values(mem.get(u, attribute))
    assert any(f.value == gone and f.status == "frozen" for f in mem.facts(u, include_frozen=True))


@pytest.mark.parametrize(
    ("plan", "cancel", "word"),
    [
        ("I have a physio appointment next Thursday.", "My physio appointment got cancelled.", "physio"),
        ("下周三要去医院做胃镜。", "周三的胃镜预约取消了", "胃镜"),
        ("We're doing the coastal road trip in August.", "Nix the road trip, the car died.", "road trip"),
    ],
)
def test_a_cancelled_plan_stops_coming_up(
    mem: Memory, uid: Callable[[str], str], plan: str, cancel: str, word: str
) -> None:
    u = uid("cancel")
    mem.remember(u, plan, at=T0)
    assert any(word in f.value for f in mem.get(u, "event"))
    mem.remember(u, cancel, at=T1)
    assert not any(word in f.value for f in mem.get(u, "event"))
    assert any(word in f.value and f.status == "frozen" for f in mem.facts(u, include_frozen=True))


def test_a_new_partner_after_a_break_up(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("partner")
    mem.remember(u, "My boyfriend Luca works in sales.", at=T0)
    mem.remember(u, "Luca and I split up in March.", at=T1)
    mem.remember(u, "I've been seeing someone new, his name is Tariq.", at=T2)
    assert values(mem.get(u, "partner")) == ["Tariq"]


@pytest.mark.parametrize(
    ("first", "later", "gone", "now_disliked"),
    [
        ("I love jogging.", "I used to love jogging, but I've grown to hate it.", "jogging", "jogging"),
        ("我喜欢吃辣条。", "以前特别爱吃辣条，后来戒了", "辣条", None),
    ],
)
def test_a_liking_that_is_over(
    mem: Memory, uid: Callable[[str], str], first: str, later: str, gone: str, now_disliked: str | None
) -> None:
    u = uid("over")
    mem.remember(u, first, at=T0)
    mem.remember(u, later, at=T1)
    assert gone not in values(mem.get(u, "likes"))
    if now_disliked:
        assert now_disliked in values(mem.get(u, "dislikes"))


def test_a_pet_renamed(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("rename")
    mem.remember(u, "我家狗叫旺仔。", at=T0)
    mem.remember(u, "给它改名了，以后它就叫可颂。", at=T1)
    assert values(mem.get(u, "pet")) == ["可颂"]


@pytest.mark.parametrize(
    ("first", "then", "old", "new"),
    [
        ("My favourite board game is Catan.", "nah, my fave board game these days is Azul", "Catan", "Azul"),
        ("我最喜欢的季节是夏天。", "现在我最喜欢的季节是秋天了", "夏天", "秋天"),
    ],
)
def test_a_new_favourite_of_a_kind_replaces_the_old_one(
    mem: Memory, uid: Callable[[str], str], first: str, then: str, old: str, new: str
) -> None:
    u = uid("fave")
    mem.remember(u, first, at=T0)
    mem.remember(u, "I really enjoy jazz.", at=T0)  # a liking of no kind stays
    mem.remember(u, then, at=T1)
    likes = values(mem.get(u, "likes"))
    assert new in likes and old not in likes and "jazz" in likes
    assert [f.status for f in mem.facts(u, include_frozen=True) if f.value == old] == ["frozen"]


def test_a_liking_turned_to_dislike_with_a_reason_after_it(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("sour")
    mem.remember(u, "I love cycling.", at=T0)
    mem.remember(u, "I've sort of come to hate cycling ever since the crash", at=T1)
    assert "cycling" in values(mem.get(u, "dislikes"))
    assert not [v for v in values(mem.get(u, "likes")) if "cycling" in v]


def test_a_pet_put_down_is_gone_and_the_day_stays(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("putdown")
    mem.remember(u, "My old dog is called Rufus.", at=T0)
    mem.remember(u, "Had to put Rufus to sleep yesterday, he was fifteen.", at=T1)
    assert not any(f.value == "Rufus" for f in mem.get(u, "pet"))
    assert any("Rufus" in f.value for f in mem.get(u, "event"))


def test_a_pet_gone_to_the_rainbow_in_chinese_words(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("petzh")
    mem.remember(u, "我家狗叫旺旺。", at=T0)
    mem.remember(u, "旺旺前天去汪星了，好难过", at=T1)
    assert not mem.get(u, "pet")
    assert any("旺旺" in f.value for f in mem.get(u, "event"))


def test_a_plan_taken_back_brings_the_message_that_took_it_back(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    """The old message still matches the question's words; the one that took the plan back
    shares none of them, yet comes along, ranked above it."""
    u = uid("takenback")
    mem.remember(u, "I'm signed up for the lakeside triathlon in June.", at=T0)
    mem.remember(u, "Scratch the triathlon, my shoulder surgery is booked for then.", at=T1)
    assert not any("triathlon" in f.value for f in mem.get(u, "event"))
    items = mem.recall(u, "which competition am I signed up for?", k=6, at=T1)
    texts = [it.episode.text if it.episode else "" for it in items]
    old = next(i for i, t in enumerate(texts) if "lakeside" in t)
    new = next(i for i, t in enumerate(texts) if "surgery" in t)
    assert new < old
    assert items[new].channels == {"retraction": 1}


def test_a_partner_married_is_the_spouse_now(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("wed")
    mem.remember(u, "我女朋友叫小林。", at=T0)
    mem.remember(u, "上周跟小林领证了！", at=T1)
    assert [f.value for f in mem.get(u, "spouse")] == ["小林"]
    assert not mem.get(u, "partner")


def test_one_pet_of_a_list_gone_leaves_the_other(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("pets-listed")
    mem.remember(u, "我养了两只仓鼠，分别叫芝麻和花生", at=T0)
    assert set(values(mem.get(u, "pet"))) == {"花生", "芝麻"}
    mem.remember(u, "芝麻前天死了，好难受", at=T1)
    assert values(mem.get(u, "pet")) == ["花生"]


@pytest.mark.parametrize(
    ("first", "said", "attribute", "kept"),
    [
        ("I'm allergic to walnuts.", "my nephew swears I'm not allergic to walnuts", "allergy", "walnuts"),
        ("I work at Initrode.", "the recruiter thinks I'm not at Initrode", "employer", "Initrode"),
    ],
)
def test_a_not_that_negates_a_verb_moves_no_value(
    mem: Memory, uid: Callable[[str], str], first: str, said: str, attribute: str, kept: str
) -> None:
    """'X, not Y' corrects Y to X; '… I am not allergic to Y' contrasts no two values, so the
    words before 'not' never become the attribute's value."""
    u = uid("not-verb")
    mem.remember(u, first, at=T0)
    mem.remember(u, said, at=T1)
    assert values(mem.get(u, attribute)) == [kept]


@pytest.mark.parametrize(
    ("first", "then", "old", "new"),
    [
        ("We have a bunny named Clover.", "we finally renamed Clover to Thumper", "Clover", "Thumper"),
        ("My dog is called Rex.", "Rex's new name is Bruno, the kids insisted", "Rex", "Bruno"),
        ("我家的猫叫煤球。", "煤球改名叫黑豆了，哈哈", "煤球", "黑豆"),
    ],
)
def test_a_pet_renamed_by_its_old_name(
    mem: Memory, uid: Callable[[str], str], first: str, then: str, old: str, new: str
) -> None:
    u = uid("renamed")
    mem.remember(u, first, at=T0)
    assert values(mem.get(u, "pet")) == [old]
    mem.remember(u, then, at=T1)
    assert values(mem.get(u, "pet")) == [new]
