"""Where someone studies (the `school` key): a child going to, starting at or getting into a
school by its name, the user a student somewhere, kept on whom it is about and reached by a
question that names the relation, not the name; and what only looks alike (a job started, a
trip, a place to work) is no school. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

# (turns, subject, school it must hold)
CASES = {
    "a child starting at a school next week (en)": (
        ["my daughter Wren starts second grade at Maple Ridge Elementary next week"],
        "Wren",
        "Maple Ridge Elementary",
    ),
    "a child going to a school (en)": (
        ["my stepson Theo goes to Harbor View Middle, he hates the bus"],
        "Theo",
        "Harbor View Middle",
    ),
    "the user a student at a named place (en)": (
        ["fwiw I'm a sophomore at Penn State, majoring in stats"],
        "self",
        "Penn State",
    ),
    "a child in a grade at a school (zh)": (
        ["我儿子叫豆豆", "豆豆在育才小学上三年级，成绩还行"],
        "豆豆",
        "育才小学",
    ),
    "a child who got into a university (zh)": (
        ["我女儿叫佳佳", "佳佳考上了复旦，开心"],
        "佳佳",
        "复旦",
    ),
}


def _schools(mem: Memory, user: str, who: str) -> list[str]:
    return [str(f.value) for f in mem.facts(user) if f.attribute == "school" and f.subject_name == who]


@pytest.mark.parametrize("case", list(CASES))
def test_the_school_is_kept_on_whom_it_is_about(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, who, school = CASES[case]
    user = uid("school")
    for day, text in enumerate(said):
        mem.remember(user, text, at=f"2026-09-{day + 10}T09:00:00+08:00")
    assert _schools(mem, user, who) == [school], mem.facts(user)


@pytest.mark.parametrize(
    "said",
    [
        "I started at Initech on Monday",
        "我在北大上班",
        "我去了趟超市",
        "we went to the gym at noon",
        "my kid goes to bed at 8",
    ],
)
def test_what_only_looks_alike_is_no_school(mem: Memory, uid: Callable[[str], str], said: str) -> None:
    user = uid("alike")
    mem.remember(user, said, at="2026-09-10T09:00:00+08:00")
    assert not [f for f in mem.facts(user) if f.attribute == "school"]
    assert not [f for f in mem.facts(user) if f.attribute == "city" and "超市" in str(f.value)]


@pytest.mark.parametrize(
    ("said", "question", "school"),
    [
        (
            ["my son Arlo just started at Crestwood Academy", "I work at a bakery", "my wife loves jazz"],
            "which school does my son go to?",
            "Crestwood Academy",
        ),
        (
            ["我女儿叫小满", "小满在青岛路小学上一年级", "我在银行上班", "我老公喜欢钓鱼"],
            "我女儿在哪个学校上学？",
            "青岛路小学",
        ),
    ],
)
def test_a_question_naming_the_relation_reaches_the_school(
    mem: Memory, uid: Callable[[str], str], said: list[str], question: str, school: str
) -> None:
    user = uid("hop")
    for day, text in enumerate(said):
        mem.remember(user, text, at=f"2026-09-{day + 10}T09:00:00+08:00")
    top = mem.recall(user, question, k=3)
    assert any(school in item.text for item in top[:2]), [i.text for i in top]


def test_a_new_school_replaces_the_old_one(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("moved")
    mem.remember(user, "my son Arlo goes to Crestwood Academy", at="2026-01-10T09:00:00Z")
    mem.remember(user, "Arlo started at Fairmont High this fall", at="2026-09-10T09:00:00Z")
    assert _schools(mem, user, "Arlo") == ["Fairmont High"]


@pytest.mark.both_stores
def test_schools_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    for case in ("a child starting at a school next week (en)", "a child in a grade at a school (zh)"):
        test_the_school_is_kept_on_whom_it_is_about(mem, uid, case)
    test_a_new_school_replaces_the_old_one(mem, uid)
