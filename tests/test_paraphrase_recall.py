"""A note asked for weeks later in other words: the query's everyday concepts (stress,
home internet, a partner, meals, exams, languages, ...) reach a memory that says the same
thing differently, on every store; a query that names no concept is left as it was, and
an unrelated memory is not pulled in by a concept it does not share."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.text.concepts import expand
from graphmem.text.terms import query_terms

T0 = "2026-01-10T09:00:00Z"
T1 = "2026-02-20T09:00:00Z"
FILLER_EN = [
    "I collect old maps.", "My car is a grey hatchback.", "I usually read before bed on Sundays.",
    "I grew up near the coast.", "My favourite fruit is mango.", "I play chess online most evenings.",
    "I volunteer at the food bank twice a month.", "I keep a small herb garden on the balcony.",
]  # fmt: skip
FILLER_ZH = [
    "我收藏老地图。", "我的车是灰色的两厢车。", "我周日晚上一般看书。", "我在海边长大。",
    "我最喜欢的水果是芒果。", "我晚上经常在网上下象棋。", "我每个月去两次食物银行做志愿者。", "我在阳台上种了点香草。",
]  # fmt: skip


def _texts(items) -> str:
    out = []
    for it in items:
        if it.fact is not None:
            out += [it.fact.value, it.fact.text, it.fact.source_text]
        if it.episode is not None:
            out.append(it.episode.text)
    return " ".join(out).lower()


@pytest.mark.parametrize(
    ("said", "query", "want"),
    [
        (
            "When work gets overwhelming I go for a long swim at the lake.",
            "how do I usually decompress?",
            "swim",
        ),
        (
            "The modem in the hallway needs unplugging whenever the connection dies.",
            "my wifi stopped working again, what did I do last time?",
            "unplugging",
        ),
        (
            "I always take the stairs at the clinic, it's only five floors.",
            "how do I get around the building where I work? do I use the lift?",
            "stairs",
        ),
        ("My girlfriend Noor and I broke up in January.", "am I seeing anyone these days?", "noor"),
        (
            "Please reply to me in Portuguese from now on, I'm learning it.",
            "which language do you use with me?",
            "portuguese",
        ),
        (
            "Big week: I finally left the dorms, got a tiny flat above a bakery in Ghent.",
            "where am I living these days?",
            "ghent",
        ),
        ("上个月我们全家搬到了厦门，离海边很近。", "我现在住在哪里？", "厦门"),
        (
            "Finally ditched my old Samsung for an iPhone 15 last week.",
            "which phone do I have now?",
            "iphone",
        ),
        ("Got the offer from Wayne Enterprises today, I start in May!", "where will I be working?", "wayne"),
        ("每次压力大的时候我就去江边骑车。", "我一般怎么放松？", "骑车"),
        ("家里的路由器一到打雷就断，得拔了重插。", "网络老是断是怎么回事？", "路由器"),
        ("我和阿杰上个月分手了。", "我现在有男朋友吗", "阿杰"),
        ("每次考试前一晚我都要吃一碗阳春面。", "明天有个测验，我前一天晚上一般吃什么？", "阳春面"),
        ("上周把旧车卖了，提了辆比亚迪。", "我现在开什么车？", "比亚迪"),
        (
            "When a migraine starts I take two ibuprofen and lie down with the blinds shut.",
            "I have a bad headache, what do I usually do?",
            "blinds",
        ),
        (
            "I carry an EpiPen because of a bee sting allergy.",
            "is there anything medical you should know about me?",
            "epipen",
        ),
        ("我有哮喘，换季的时候要随身带喷雾。", "我身体上有什么要注意的？", "喷雾"),
        (
            "We finally saw the sea in Cornwall last summer, first time for the kids.",
            "have the kids ever been to the beach?",
            "cornwall",
        ),
        ("With the early shifts I'm asleep by ten most nights.", "what time do I go to bed?", "ten"),
        ("I'm in the final year of a nursing degree in Leeds.", "what am I studying?", "nursing"),
        (
            "Had two fillings done on Monday, my jaw still aches.",
            "did I go to the dentist recently?",
            "fillings",
        ),
        ("上周去补了两颗牙，现在还有点酸。", "我最近看过牙医吗？", "补"),
        (
            "My cousin and I once queued all night for a cinema premiere.",
            "what's the craziest thing I did for a film?",
            "premiere",
        ),
        (
            "The super finally patched the hole in our ceiling.",
            "did the landlord ever fix anything?",
            "ceiling",
        ),
        (
            "I still wear the pocket watch my grandmother left me.",
            "do I have anything from my family?",
            "pocket watch",
        ),
        ("The garbage trucks woke me at four again.", "why am I so tired, is my sleep bad?", "garbage"),
        ("隔壁小孩天天凌晨哭，我老是被吵醒。", "我睡眠不好是因为什么？", "凌晨"),
        ("Did the Berlin half marathon in 1:52 last spring.", "what's my personal best for a race?", "1:52"),
        ("Putting away 200 a month for a used kayak.", "what am I saving money for?", "kayak"),
    ],
)
def test_a_memory_is_found_by_a_question_in_other_words(
    open_memory: Callable[..., Memory], uid: Callable[[str], str], said: str, query: str, want: str
) -> None:
    m, u = open_memory(), uid("para")
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in said)
    for f in FILLER_ZH if zh else FILLER_EN:
        m.remember(u, f, at=T0)
    m.remember(u, said, at=T0)
    assert want in _texts(m.recall(u, query, k=4, at=T1))


def test_a_concept_does_not_pull_in_a_memory_about_something_else(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    m, u = open_memory(), uid("para-fp")
    m.remember(u, "My neighbour's parrot can whistle the national anthem.", at=T0)
    m.remember(u, "I collect old maps.", at=T0)
    found = _texts(m.recall(u, "what do I do to unwind after a stressful week?", k=4, at=T1))
    assert "parrot" not in found


@pytest.mark.parametrize(
    "query",
    [
        "what's my brother's name?",
        "where was I born?",
        "我老家是哪里的？",
        "what colour are my eyes?",
        "我在思考一个问题",
        "推荐一家酸菜鱼",
    ],
)
def test_a_query_naming_no_concept_is_not_expanded(query: str) -> None:
    assert expand(query, query_terms(query)) == []


def test_expansion_adds_only_words_the_query_does_not_already_have() -> None:
    q = "I need to relax, so stressed"
    added = expand(q, query_terms(q))
    assert "unwind" in added and "relax" not in added and "stress" not in added


def test_what_one_drives_reaches_the_makes_and_models() -> None:
    q = "what am I driving these days?"
    added = expand(q, query_terms(q))
    assert "kia" in added and "corolla" in added and "tesla" in added


def test_the_car_one_has_is_found_by_its_make_and_its_colour_by_its_words(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    """ "what car do I have?" reaches a message naming only the make; the same expansion
    does not bury the message that says the car's colour under the other cars."""
    m, u = open_memory(), uid("para-car")
    m.remember(u, "Swapped my old Corolla for a second-hand Volvo wagon in March.", at=T0)
    m.remember(u, "My car is a dull olive green, easy to lose in a parking lot.", at=T0)
    m.remember(u, "My sister drives a Kia.", at=T0)
    assert "volvo" in _texts(m.recall(u, "what car do I have?", k=3, at=T1))
    first = m.recall(u, "what colour is my car?", k=3, at=T1)[0]
    assert "olive" in _texts([first])
