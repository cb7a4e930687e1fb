"""Someone introduced first and named after by a pronoun ("我儿子…" then "他叫…", "our new kitten…"
then "she's called …"), in the same message or the next turn: the name lands on that relation,
what the naming sentence says lands on the named person, and a pronoun that fits no one said
before names nobody. On SQLite; a sample also on Neo4j (the store's side is the earlier-turn
read, `UserReader.last_episode`, which the contract suite covers). The sentences are this
file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.extract.antecedents import named_by_pronoun
from graphmem.gate import screen

# (turns said a minute apart, {(subject, attribute): values that must be active},
#  {(subject, attribute): values that must not be})
CASES = {
    "zh: son named in the next turn, with his age": (
        ["我儿子这周第一次去托班，哭得撕心裂肺", "他叫豆包，刚满三岁"],
        {("self", "child"): ["豆包"], ("豆包", "age"): ["3"]},
        {("self", "child"): ["豆包刚"]},
    ),
    "zh: husband named in the next turn, with his job": (
        ["昨天跟老公吵了一架", "他叫林远舟，是个消防员"],
        {("self", "spouse"): ["林远舟"], ("林远舟", "job_title"): ["消防员"]},
        {("self", "job_title"): ["消防员"]},
    ),
    "zh: a cat named by 它 in the same message": (
        "前几天捡了一只小猫。它叫芝麻",
        {("self", "pet"): ["芝麻"]},
        {},
    ),
    "zh: a naming clause before a question is kept": (
        ["我女朋友下个月生日", "她叫苏禾，今年二十六，送什么礼物好呢"],
        {("self", "partner"): ["苏禾"], ("苏禾", "age"): ["26"]},
        {},
    ),
    "zh: a pronoun naming after a comma, its relation just before": (
        ["上周领证了，以后得改口叫老婆了，她叫许知夏"],
        {("self", "spouse"): ["许知夏"]},
        {},
    ),
    "en: daughter named in the next turn": (
        ["my daughter lost her first tooth today!!", "her name's Ines, she's 6"],
        {("self", "child"): ["Ines"], ("Ines", "age"): ["6"]},
        {},
    ),
    "en: a puppy adopted, then named": (
        ["we adopted a puppy from the rescue on saturday", "he's called Waffles and he already ate a sock"],
        {("self", "pet"): ["Waffles"]},
        {},
    ),
    "en: a name given after a comma": (
        ["got a kitten from the shelter on friday", "tabby, tiny, we're naming him Pistachio"],
        {("self", "pet"): ["Pistachio"]},
        {},
    ),
    "en: boyfriend named with his job": (
        ["my boyfriend finally got the job", "his name is Dario, he's a sound engineer"],
        {("self", "partner"): ["Dario"]},
        {("self", "job_title"): ["sound engineer"]},
    ),
}


def _active(mem: Memory, user: str) -> dict[tuple[str, str], set[str]]:
    out: dict[tuple[str, str], set[str]] = {}
    for f in mem.facts(user):
        out.setdefault((f.subject_name, f.attribute), set()).add(str(f.value).lower())
    return out


@pytest.mark.parametrize("case", list(CASES))
def test_the_pronoun_names_the_relation_said_before(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    said, present, absent = CASES[case]
    user = uid("named")
    for minute, text in enumerate([said] if isinstance(said, str) else said):
        mem.remember(user, text, at=f"2026-06-02T20:{minute:02d}:00+08:00")
    active = _active(mem, user)
    for key, values in present.items():
        for v in values:
            assert v.lower() in active.get(key, set()), (case, key, v, active)
    for key, values in absent.items():
        for v in values:
            assert v.lower() not in active.get(key, set()), (case, key, v, active)


def test_a_pronoun_that_fits_no_one_said_before_names_nobody(mem: Memory, uid: Callable[[str], str]) -> None:
    """ "he" after only a wife and a daughter, 它 after only people: no relation gets the name."""
    user = uid("nobody")
    mem.remember(user, "我妈妈和我姐姐周末来看我", at="2026-06-02T20:00:00+08:00")
    mem.remember(user, "它叫团子", at="2026-06-02T20:01:00+08:00")
    values = {str(f.value) for f in mem.facts(user) if f.attribute in ("parent", "sibling", "pet", "name")}
    assert "团子" not in values


def test_a_turn_from_another_day_is_not_the_antecedent(mem: Memory, uid: Callable[[str], str]) -> None:
    """The turns read for the pronoun are the same conversation's: a day later, with a daughter
    and a mother known, "她" names neither."""
    user = uid("later")
    mem.remember(user, "我女儿喜欢画画，我妈妈喜欢跳舞", at="2026-06-02T20:00:00+08:00")
    mem.remember(user, "她叫可可", at="2026-06-03T21:00:00+08:00")
    assert "可可" not in {str(f.value) for f in mem.facts(user) if f.attribute in ("child", "parent", "name")}


def test_another_users_turns_are_never_read(mem: Memory, uid: Callable[[str], str]) -> None:
    one, two = uid("one"), uid("two")
    mem.remember(one, "my sister is visiting next week", at="2026-06-02T10:00:00Z")
    mem.remember(two, "her name is Odette", at="2026-06-02T10:01:00Z")
    assert not [f for f in mem.facts(two) if f.attribute in ("sibling", "child", "partner", "spouse")]
    assert "odette" not in {str(f.value).lower() for f in mem.facts(one)}


@pytest.mark.parametrize(
    ("piece", "before", "expected"),
    [
        ("他叫阿杰", "我弟弟考上大学了", "我弟弟叫阿杰"),
        ("她叫阿杰", "我弟弟考上大学了", "她叫阿杰"),  # 她 is no brother
        ("他叫我早点睡", "我老公出差了", "他叫我早点睡"),  # he tells me, no name
        ("他叫了外卖", "我老公出差了", "他叫了外卖"),
        ("his name is Bo", "my wife and my son went camping", "my son's name is Bo"),
        ("she is called Lu", "my aunt and my uncle", "my aunt is called Lu"),
        ("its name is Dot", "I adopted a hamster", "my hamster's name is Dot"),
        ("its name is Dot", "my grandpa visited", "its name is Dot"),
        ("her name is Zoe", "I met a girl at the bar", "her name is Zoe"),  # "a girl" is nobody's
    ],
)
def test_the_rewrite_of_one_piece(piece: str, before: str, expected: str) -> None:
    assert named_by_pronoun(piece, before, None, not piece.isascii()) == expected


def test_a_naming_clause_survives_the_question_after_it() -> None:
    assert screen("他叫阿宁，是个厨师，你说他会喜欢吗", "user").sentences == ["他叫阿宁，是个厨师"]


SAMPLE = ["zh: son named in the next turn, with his age", "en: daughter named in the next turn"]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_pronoun_names_the_relation_said_before(mem, uid, case)
