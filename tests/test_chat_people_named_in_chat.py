"""The user's people and pets named the way chat names them: a child by a nickname word (小名,
乳名, 昵称; "we call her", "goes by"), a pet by its breed or colour and kind before its name (我家柯基
X, 金毛X, "my golden X", "our tabby X"), a person after a chat lead ("kid update: X's …", "bestie
X's a …", 闺蜜X在…). Each stays the user's child, pet or friend, and what is said of them next (a
school, an employer, a diet, a clinic) is theirs, never the user's. Each reading has a case it
must not make: a word where a name stands, a kind with no name. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import held_on_user


def _held_on(mem: Memory, user: str, name: str) -> dict[str, set[str]]:
    """The active values held on one of the user's people, by attribute, lower-cased."""
    active: dict[str, set[str]] = {}
    for f in mem.facts(user):
        if f.subject_name.lower() == name.lower():
            active.setdefault(f.attribute, set()).add(str(f.value).lower())
    return active


#: (what is said, the name, the user's link to them, (attribute, a part of a value held on them),
#: (attribute, a value the user must not have been given) or None)
PEOPLE = {
    "a daughter known by her 小名, her kindergarten class hers (zh)": (
        "闺女小名叫果果 在向阳幼儿园上中班", "果果", ("child", "果果"), ("school", "向阳幼儿园"), ("school", "向阳幼儿园"),
    ),
    "a son's 乳名 without 叫, his allergy his (zh)": (
        "我小儿子乳名团团，对鸡蛋过敏", "团团", ("child", "团团"), ("allergy", "鸡蛋"), ("allergy", "鸡蛋"),
    ),
    "a son's 大名 and then his 小名 (zh)": (
        "我儿子大名叫周子墨，小名叫墨墨", "周子墨", ("child", "周子墨"), ("preferred_name", "墨墨"), ("preferred_name", "墨墨"),
    ),
    "a daughter we call by another name (en)": (
        "my daughter Josephine is allergic to kiwi, we call her Josie", "Josephine", ("child", "josephine"),
        ("preferred_name", "josie"), ("allergy", "kiwi"),
    ),
    "a son who goes by a short name, his school his (en)": (
        "my son Alexander goes by Xander, he's in 5th grade at Birchwood Elementary", "Alexander",
        ("child", "alexander"), ("school", "birchwood elementary"), ("school", "birchwood elementary"),
    ),
    "a corgi named after its breed, its illness and clinic its own (zh)": (
        "我家柯基馒头得了皮肤病 在宠爱动物医院住院", "馒头", ("pet", "馒头"), ("note", "宠爱动物医院"), ("employer", "宠爱动物医院住院"),
    ),
    "a ragdoll said with 叫, its allergy its own (zh)": (
        "我们家布偶叫棉花，对牛肉过敏", "棉花", ("pet", "棉花"), ("allergy", "牛肉"), ("allergy", "牛肉"),
    ),
    "a breed and name heading the message, no owner said (zh)": (
        "英短芝麻只吃渴望的猫粮", "芝麻", ("pet", "芝麻"), ("likes", "渴望的猫粮"), ("likes", "渴望的猫粮"),
    ),
    "a golden by its chat name, its food its own (en)": (
        "my golden Maple only eats salmon kibble these days", "Maple", ("pet", "maple"), ("note", "salmon kibble"), None,
    ),
    "a tabby's vet said after its illness (en)": (
        "our tabby Pumpkin has a thyroid problem, her vet is at Riverbend Animal Clinic", "Pumpkin", ("pet", "pumpkin"),
        ("note", "riverbend animal clinic"), None,
    ),
    "a child named after a 'kid update' lead, the school hers (en)": (
        "kid update: Hazel's in 3rd grade at Willow Creek Elementary now", "Hazel", ("child", "hazel"),
        ("school", "willow creek elementary"), ("school", "willow creek elementary"),
    ),
    "a bestie's job and diet are hers, not the user's (en)": (
        "bestie Marisol's a paralegal w/ Hartwell Legal and she's vegetarian", "Marisol", ("friend", "marisol"),
        ("employer", "hartwell legal"), ("diet", "vegetarian"),
    ),
    "a bff who works somewhere, said with no 'my' (en)": (
        "bff Keisha works at Brightline Health as a pharmacist", "Keisha", ("friend", "keisha"),
        ("employer", "brightline health"), ("job_title", "pharmacist"),
    ),
    "a 闺蜜 whose work and diet are hers (zh)": (
        "闺蜜小鹿在网易上班，她吃素", "小鹿", ("friend", "小鹿"), ("employer", "网易"), ("diet", "素食"),
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(PEOPLE))
def test_the_person_is_the_users_and_what_is_said_is_theirs(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    said, name, (link_attribute, linked), (attribute, value), not_mine = PEOPLE[case]
    user = uid("named-in-chat")
    mem.remember(user, said, at="2026-11-09T09:00:00+08:00")
    mine = held_on_user(mem, user)
    assert linked in mine.get(link_attribute, set()), (case, mine)
    theirs = _held_on(mem, user, name)
    assert any(value in v for v in theirs.get(attribute, set())), (case, theirs)
    if not_mine is not None:
        assert not any(not_mine[1] in v for v in mine.get(not_mine[0], set())), (case, mine)


#: (what is said, a link the user must not have, the values the user must not have)
NOT_PEOPLE = {
    "a day where a name would stand after the lead (en)": ("kid update: Tuesday's her recital", "child", ["tuesday", "update"]),
    "a place after the lead is no one (en)": ("kids update: School's out till Monday", "child", ["school", "update"]),
    "a kind with no name after it names no pet (zh)": ("金毛掉毛太严重了", "pet", ["掉毛"]),
    "a kind then a word that is no name (zh)": ("柯基好可爱啊", "pet", ["好可"]),
    "a friend's dog by its breed and name is no pet of the user's (zh)": ("朋友家的金毛旺财很凶", "pet", ["旺财"]),
    "a breed word before a common noun is no pet (en)": ("my golden years are behind me honestly", "pet", ["years"]),
    "a clinic one is treated at is no workplace (zh)": ("我在社区医院打针", "employer", ["社区医院打针", "社区医院"]),
}  # fmt: skip


@pytest.mark.parametrize("case", list(NOT_PEOPLE))
def test_no_one_is_named_by_a_word(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, values = NOT_PEOPLE[case]
    user = uid("not-named")
    mem.remember(user, said, at="2026-11-09T09:00:00+08:00")
    held = held_on_user(mem, user).get(attribute, set())
    assert not held & set(values), (case, held)


#: (what is said, a question in other words, a word of the answer)
RECALLED = {
    "a pet's clinic, asked by the pet's name (zh)": (
        "我家柯基馒头得了皮肤病 在宠爱动物医院住院", "馒头在哪家医院", "宠爱动物医院",
    ),
    "a pet's vet, asked by the pet's name (en)": (
        "our tabby Pumpkin has a thyroid problem, her vet is at Riverbend Animal Clinic",
        "who is Pumpkin's vet", "Riverbend",
    ),
    "a child's school, asked by the child's name (en)": (
        "kid update: Hazel's in 3rd grade at Willow Creek Elementary now", "what school does Hazel go to", "Willow Creek",
    ),
    "a child's allergy, asked by the nickname (zh)": ("我小儿子乳名团团，对鸡蛋过敏", "团团对什么过敏", "鸡蛋"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(RECALLED))
def test_what_is_said_of_them_is_recalled_by_their_name(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    said, asked, word = RECALLED[case]
    user = uid("named-recall")
    mem.remember(user, said, at="2026-11-09T09:00:00+08:00")
    mem.remember(
        user,
        "周末想去爬山" if "\u4e00" <= asked[0] <= "\u9fff" else "I like hiking",
        at="2026-11-10T09:00:00+08:00",
    )
    found = [
        (it.fact.text + " " + str(it.fact.value)) if it.fact is not None else it.episode.text
        for it in mem.recall(user, asked, k=5)
    ]
    assert any(word in x for x in found), (case, found)


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_person_is_the_users_and_what_is_said_is_theirs(
        mem, uid, "a bestie's job and diet are hers, not the user's (en)"
    )
