"""Multi-hop recall, zh and en, on every store: relation chains of up to three hops,
value hops (the brother's company → its city), "which of my friends …" filtered by the
value the question names, and constraints that come with a related person.

Most statements go through the offline rule extractor. A few that it does not read
yet ("my sister Anna is married to Paul", "腾讯的总部在深圳") come from a scripted
extractor, the way an LLM extractor would return them, so these tests exercise recall,
not extraction.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.extract import ExtractContext, ExtractOutput, RuleExtractor
from graphmem.model import Candidate, RecallItem
from graphmem.recall.intent import parse

T0 = "2026-03-01T09:00:00Z"
T1 = "2026-03-02T09:00:00Z"


def _link(subject: str, attribute: str, value: str, qualifier: str, text: str) -> Candidate:
    stype = "self" if subject == "self" else "person"
    return Candidate(attribute, value, subject=subject, subject_type=stype, object_type="person",
                     qualifier=qualifier, source_text=text)  # fmt: skip


SCRIPTED: dict[str, list[Candidate]] = {
    "My sister Anna is married to Paul.": [
        _link("self", "sibling", "Anna", "sister", "My sister Anna is married to Paul."),
        _link("Anna", "spouse", "Paul", "husband", "My sister Anna is married to Paul."),
    ],
    "My mom Linda has a sister, Carol, whose son is Ben.": [
        _link("self", "parent", "Linda", "mother", "My mom Linda has a sister, Carol, whose son is Ben."),
        _link("Linda", "sibling", "Carol", "sister", "My mom Linda has a sister, Carol, whose son is Ben."),
        _link("Carol", "child", "Ben", "son", "My mom Linda has a sister, Carol, whose son is Ben."),
    ],
    "我妈妈有个妹妹叫秀英，秀英的儿子叫小军。": [
        _link("self", "parent", "妈妈", "mother", "我妈妈有个妹妹叫秀英"),
        _link("妈妈", "sibling", "秀英", "sister", "我妈妈有个妹妹叫秀英"),
        _link("秀英", "child", "小军", "son", "秀英的儿子叫小军"),
    ],
    "小军在成都读大学。": [
        Candidate("city", "成都", subject="小军", subject_type="person", source_text="小军在成都读大学。")
    ],
    "Globex has its head office in Denver.": [
        Candidate(
            "city",
            "Denver",
            subject="Globex",
            subject_type="org",
            source_text="Globex has its head office in Denver.",
        ),  # fmt: skip
    ],
    "我姐姐李娜嫁给了王强。": [
        _link("self", "sibling", "李娜", "sister", "我姐姐李娜嫁给了王强。"),
        _link("李娜", "spouse", "王强", "husband", "我姐姐李娜嫁给了王强。"),
    ],
    "王强是一名牙医。": [
        Candidate("job_title", "牙医", subject="王强", subject_type="person", source_text="王强是一名牙医。")
    ],
    "王强在协和医院上班。": [
        Candidate(
            "employer", "协和医院", subject="王强", subject_type="person", source_text="王强在协和医院上班。"
        )
    ],
    "腾讯的总部在深圳。": [
        Candidate("city", "深圳", subject="腾讯", subject_type="org", source_text="腾讯的总部在深圳。")
    ],
}


class ScriptedExtractor:
    """The rule extractor, plus scripted candidates for the sentences in SCRIPTED."""

    name = "rules+script"
    needs_active_facts = True

    def __init__(self) -> None:
        self.rules = RuleExtractor()

    def extract(self, sentences: list[str], context: ExtractContext) -> ExtractOutput:
        scripted = [c for s in sentences for c in SCRIPTED.get(s.strip(), [])]
        rest = [s for s in sentences if s.strip() not in SCRIPTED]
        out = self.rules.extract(rest, context) if rest else ExtractOutput([], [])
        return ExtractOutput([*scripted, *out.candidates], out.ignored)


@pytest.fixture
def smem(open_memory: Callable[..., Memory]) -> Memory:
    return open_memory(extractor=ScriptedExtractor())


def _tell(m: Memory, u: str, *lines: str) -> None:
    for line in lines:
        r = m.remember(u, line, at=T0)
        assert r.added or r.reinforced, f"nothing remembered from {line!r}: {r.ignored}"


def _find(items: list[RecallItem], subject: str, attribute: str) -> RecallItem:
    for it in items:
        if it.fact is not None and it.fact.subject_name == subject and it.fact.attribute == attribute:
            return it
    shown = [(it.fact.subject_name, it.fact.attribute, it.fact.value, it.path) if it.fact else ("episode", it.text)
             for it in items]  # fmt: skip
    raise AssertionError(f"no {subject}.{attribute} among {shown}")


# ---- 2 hops: a relative's attribute, and the place of their company -----------------------


def test_en_brothers_company_and_where_it_is(smem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("en-bro")
    _tell(smem, u, "My brother Tom works at Globex.", "Globex has its head office in Denver.",
          "I work at Initech.", "I live in Austin.")  # fmt: skip
    items = smem.recall(u, "Which city is my brother's company in?", k=4, at=T1)
    employer = _find(items, "Tom", "employer")
    assert employer.fact.value == "Globex"
    assert employer.path == ["self", "sibling:brother", "Tom", "employer"]
    city = _find(items, "Globex", "city")
    assert city.fact.value == "Denver"
    assert city.path == ["self", "sibling:brother", "Tom", "employer", "Globex", "city"]
    # The user's own employer and city are not what was asked: they rank below.
    assert {it.fact.value for it in items[:2]} == {"Globex", "Denver"}


def test_zh_brothers_company_location(smem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("zh-bro")
    _tell(smem, u, "我哥哥在腾讯工作。", "腾讯的总部在深圳。", "我在字节工作。")
    items = smem.recall(u, "我哥哥的公司在哪", k=4, at=T1)
    employer = _find(items, "哥哥", "employer")
    assert employer.fact.value == "腾讯"
    assert employer.path[:3] == ["self", "sibling:哥哥", "哥哥"]
    city = _find(items, "腾讯", "city")
    assert city.fact.value == "深圳" and "腾讯" in city.path
    assert items[0].fact.value in ("腾讯", "深圳") and items[1].fact.value in ("腾讯", "深圳")


# ---- constraints come with the person something is for -----------------------------------


def test_en_daughter_constraints_without_food_words(smem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("en-kid")
    _tell(smem, u, "My daughter Mia is allergic to peanuts.", "Mia doesn't like broccoli.",
          "Mia is vegetarian.", "Mia goes to Lincoln Elementary.", "I love spicy ramen.")  # fmt: skip
    # No food word in the question: the constraints still come, because it is about buying for her.
    items = smem.recall(u, "I want to buy something nice for my daughter this weekend", k=5, at=T1)
    got = {(it.fact.attribute, it.fact.value) for it in items}
    assert {("allergy", "peanuts"), ("dislikes", "broccoli"), ("diet", "vegetarian")} <= got
    allergy = _find(items, "Mia", "allergy")
    assert allergy.path == ["self", "child:daughter", "Mia", "allergy"]
    top3 = {it.fact.attribute for it in items[:3]}
    assert top3 == {"allergy", "dislikes", "diet"}


def test_en_snack_question_brings_the_allergy(smem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("en-snack")
    _tell(smem, u, "My son Leo is allergic to sesame.", "Leo hates mushrooms.", "I'm allergic to shellfish.")
    items = smem.recall(u, "any snack ideas I could pack for my son?", k=4, at=T1)
    assert items[0].fact.subject_name == "Leo"
    assert {"sesame", "mushrooms"} <= {it.fact.value for it in items[:2]}


def test_zh_daughter_constraints_for_a_gift(smem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("zh-kid")
    _tell(smem, u, "我女儿朵朵对芒果过敏。", "朵朵不喜欢吃胡萝卜。", "我喜欢爬山。")
    items = smem.recall(u, "周末想带女儿出去，顺便给她挑个礼物", k=4, at=T1)
    got = {(it.fact.subject_name, it.fact.attribute, it.fact.value) for it in items[:2]}
    assert got == {("朵朵", "allergy", "芒果"), ("朵朵", "dislikes", "胡萝卜")}
    assert _find(items, "朵朵", "allergy").path == ["self", "child:女儿", "朵朵", "allergy"]


def test_en_cooking_for_the_family_brings_everyone_at_home(smem: Memory, uid: Callable[[str], str]) -> None:
    """ "The family" is the user's spouse or partner and children, side by side: each one's
    constraints come, reached by one link each (not as a chain spouse -> child)."""
    u = uid("en-family")
    _tell(smem, u, "My wife Lena is vegan.", "Our son Oskar is allergic to sesame.", "My brother Jan hates fish.",
          "I collect vinyl records.")  # fmt: skip
    items = smem.recall(u, "what should I make for the family this Sunday?", k=4, at=T1)
    got = {(it.fact.subject_name, it.fact.attribute, it.fact.value) for it in items[:2]}
    assert got == {("Lena", "diet", "vegan"), ("Oskar", "allergy", "sesame")}
    assert _find(items, "Oskar", "allergy").path == ["self", "child:family", "Oskar", "allergy"]
    assert all(it.fact.subject_name != "Jan" for it in items[:2])  # a brother is not the household


def test_zh_cooking_for_the_whole_family(smem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("zh-family")
    _tell(smem, u, "我老公叫志明，他不吃香菜。", "我女儿小雨对虾过敏。", "我喜欢养多肉。")
    items = smem.recall(u, "周末给全家做顿饭，做什么好？", k=4, at=T1)
    got = {(it.fact.subject_name, it.fact.attribute, it.fact.value) for it in items[:2]}
    assert got == {("志明", "dislikes", "香菜"), ("小雨", "allergy", "虾")}


@pytest.mark.parametrize(
    ("said", "question", "name"),
    [
        (["My sister is called Maren.", "I'm Tove."], "what's my sister's name again?", "Maren"),
        (["我儿子叫乐乐。", "我叫王芳。"], "我儿子叫什么名字？", "乐乐"),
    ],
)
def test_a_relatives_name_is_the_link_not_the_users_own(
    smem: Memory, uid: Callable[[str], str], said: list[str], question: str, name: str
) -> None:
    u = uid("rel-name")
    _tell(smem, u, *said)
    items = smem.recall(u, question, k=3, at=T1)
    assert items[0].fact.value == name and items[0].fact.subject_name == "self"


def test_a_question_about_someone_else_is_not_answered_with_the_users_own_fact(
    smem: Memory, uid: Callable[[str], str]
) -> None:
    u = uid("other")
    _tell(smem, u, "My friend Ravi lives in Leipzig.", "I work at Umbrella Corp.", "I live in Dresden.")
    items = smem.recall(u, "where does Ravi work?", k=3, at=T1)
    assert items[0].fact.subject_name == "Ravi"  # what is known about him, not the user's job
    # Asked in the first person with him named, the question is the user's own.
    items = smem.recall(u, "where do I work, and is it near Ravi?", k=3, at=T1)
    assert items[0].fact.value == "Umbrella Corp"


def test_a_relatives_spouse_said_by_name_is_two_links_away(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    m, u = open_memory(), uid("owner-rel")
    _tell(m, u, "My sister Nora lives in Oslo.", "Nora's husband Felix is a pilot.", "I teach piano.")
    items = m.recall(u, "what does my sister's husband do for a living?", k=3, at=T1)
    assert (items[0].fact.subject_name, items[0].fact.value) == ("Felix", "pilot")


def test_no_care_no_constraints(smem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("en-nocare")
    _tell(smem, u, "My daughter Mia is allergic to peanuts.", "Mia goes to Lincoln Elementary.")
    intent = parse("Which school does my daughter go to?", [])
    assert not intent.care
    assert parse("I want to buy something nice for my daughter", []).care
    assert parse("给女儿挑个礼物", []).care
    assert not parse("请问我哥哥在哪上班", []).care  # 请问 is politeness, not a treat


# ---- 3 hops: the sister's husband's job ------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    ["What does my sister's husband do for a living?", "What's the job of the husband of my sister?"],
)
def test_en_three_hops_sisters_husbands_job(smem: Memory, uid: Callable[[str], str], question: str) -> None:
    u = uid("en-3hop")
    _tell(smem, u, "My sister Anna is married to Paul.", "Paul works as a dentist.",
          "I'm a software engineer.", "My husband Sam is a pilot.")  # fmt: skip
    items = smem.recall(u, question, k=4, at=T1)
    assert items[0].fact.value == "dentist"
    assert items[0].path == ["self", "sibling:sister", "Anna", "spouse:husband", "Paul", "job_title"]
    values = [it.fact.value for it in items]
    assert "pilot" not in values[:2]  # the user's own husband is not the sister's


def test_zh_three_hops_sisters_husbands_job(smem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("zh-3hop")
    _tell(smem, u, "我姐姐李娜嫁给了王强。", "王强是一名牙医。", "王强在协和医院上班。", "我在字节工作。")
    items = smem.recall(u, "我姐姐的老公是做什么工作的？", k=4, at=T1)
    assert {it.fact.value for it in items[:2]} == {"牙医", "协和医院"}
    job = _find(items, "王强", "job_title")
    assert job.path == ["self", "sibling:姐姐", "李娜", "spouse:老公", "王强", "job_title"]
    # Starting from a name works too: 李娜的老公 → 王强.
    items = smem.recall(u, "李娜的老公在哪家单位？", k=3, at=T1)
    employer = _find(items, "王强", "employer")
    assert employer.fact.value == "协和医院" and items.index(employer) <= 1
    assert employer.path == ["李娜", "spouse:老公", "王强", "employer"]


def test_en_three_links_moms_sisters_son(smem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("en-3link")
    _tell(smem, u, "My mom Linda has a sister, Carol, whose son is Ben.", "Ben lives in Seattle.",
          "Linda lives in Boston.", "I live in Austin.")  # fmt: skip
    items = smem.recall(u, "Where does my mom's sister's son live these days?", k=3, at=T1)
    assert items[0].fact.value == "Seattle"
    assert items[0].path == [
        "self", "parent:mom", "Linda", "sibling:sister", "Carol", "child:son", "Ben", "city",
    ]  # fmt: skip


def test_zh_three_links_cousin_through_mothers_sister(smem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("zh-3link")
    _tell(smem, u, "我妈妈有个妹妹叫秀英，秀英的儿子叫小军。", "小军在成都读大学。", "我住在杭州。")
    items = smem.recall(u, "我妈妈的妹妹的儿子现在住在哪个城市？", k=3, at=T1)
    assert items[0].fact.value == "成都"
    assert items[0].path[1::2] == ["parent:妈妈", "sibling:妹妹", "child:儿子", "city"]


# ---- which of my friends … filtered by the value the question names ---------------------------


def test_en_which_friends_live_in_paris(smem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("en-friends")
    _tell(smem, u, "My friend Lucy lives in Paris.", "My friend Marco lives in Rome.",
          "My friend Chloe lives in Paris.", "I live in Lyon.")  # fmt: skip
    items = smem.recall(u, "Are any of my friends based in Paris?", k=4, at=T1)
    top = [(it.fact.subject_name, it.fact.value) for it in items[:2]]
    assert sorted(top) == [("Chloe", "Paris"), ("Lucy", "Paris")]
    assert all(it.path[:2] == ["self", "friend:friend"] for it in items[:2])
    rome = [it for it in items if it.fact.value == "Rome"]
    assert not rome or items.index(rome[0]) >= 2


def test_zh_which_friends_live_in_shanghai(smem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("zh-friends")
    _tell(smem, u, "我朋友小张住在上海。", "我朋友老刘住在北京。", "我朋友小王住在上海。")
    items = smem.recall(u, "我有哪些朋友在上海生活？", k=4, at=T1)
    top = {(it.fact.subject_name, it.fact.value) for it in items[:2]}
    assert top == {("小张", "上海"), ("小王", "上海")}
    assert all("friend:朋友" in it.path for it in items[:2])


def test_friends_filtered_by_a_named_value_without_an_attribute_cue(
    smem: Memory, uid: Callable[[str], str]
) -> None:
    # No word says "live"; the city named is what selects the friends.
    u = uid("en-friends-nocue")
    _tell(smem, u, "My friend Lucy lives in Paris.", "My friend Marco lives in Rome.",
          "My friend Chloe lives in Paris.")  # fmt: skip
    for _ in range(3):  # the order must not depend on ids or ties
        items = smem.recall(u, "Which of my friends are in Paris?", k=4, at=T1)
        assert {(it.fact.subject_name, it.fact.value) for it in items[:2]} == {
            ("Lucy", "Paris"),
            ("Chloe", "Paris"),
        }
        assert all(it.channels.get("exact") for it in items[:2])
        assert ("Marco", "Rome") not in {(it.fact.subject_name, it.fact.value) for it in items[:2]}


# ---- intent parsing -------------------------------------------------------------------------------


def test_relation_words_in_order_without_overlaps() -> None:
    assert [w for _, _, w in parse("我姐姐的老公是做什么的", []).relations] == ["姐姐", "老公"]
    assert [w for _, _, w in parse("what does my sister's husband do", []).relations] == ["sister", "husband"]
    assert [w for _, _, w in parse("我大哥的公司", []).relations] == ["大哥"]
    assert [w for _, _, w in parse("which of my friends live in Paris", []).relations] == ["friend"]
    # A single-character word counts only after 我 / 的 / 家.
    assert parse("我哥在哪上班", []).relations[0][:2] == ("sibling", "brother")
    assert parse("帅哥，推荐一家面馆", []).relations == []


# ---- a question about many people at once ------------------------------------------------------

FRIENDS = ("Lucy Marco Chloe Priya Tomas Ines Yuki Omar Hana Felix Greta Ravi Sofia Dmitri Amara").split()


def test_many_friends_the_asked_facts_are_not_crowded_out(smem: Memory, uid: Callable[[str], str]) -> None:
    # Recall reads only the surest facts about a crowd; the asked ones (here older, so
    # less sure after decay than everything else known about the friends) must still come.
    u = uid("en-many-friends")
    works = {"Lucy": "Globex", "Omar": "Initech", "Felix": "Hooli"}
    for name, company in works.items():
        r = smem.remember(u, f"My friend {name} works at {company}.", at="2026-01-05T09:00:00Z")
        assert any(f.attribute == "employer" for f in r.added), r
    cities = ("Paris", "Rome", "Lyon", "Oslo", "Porto")
    foods = ("sushi", "ramen", "tacos", "falafel", "paella")
    allergens = ("peanuts", "shellfish", "gluten")
    for i, name in enumerate(FRIENDS):
        _tell(smem, u, f"My friend {name} lives in {cities[i % 5]}.", f"My friend {name} loves {foods[i % 5]}.",
              f"My friend {name} is allergic to {allergens[i % 3]}.")  # fmt: skip
    about_friends = [f for f in smem.facts(u) if f.subject_name in FRIENDS]
    assert len(about_friends) > 2 * 20  # more than recall reads about them at once
    items = smem.recall(u, "Where do my friends work?", k=6, at=T1)
    got = {(it.fact.subject_name, it.fact.value) for it in items[:3]}
    assert got == set(works.items()), [
        (it.fact.subject_name, it.fact.attribute, it.fact.value) for it in items
    ]
