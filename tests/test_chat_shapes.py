"""Shapes of chat that carry a fact past the plain grammar, on both stores: a statement after
an aside in the middle of a message, a lower-case "i"/"im" starting a second clause, words
typed without their vowels, a value corrected after talk of how the mistake was found, a
place refined by its region, a taste that turns to a habit, a marriage told by its length or
its anniversary, a workplace in a city said beside a job. Each case says which values must be
active afterwards and which must not (the old value a correction or a turn replaced).

The sentences are this file's own; the rules read the shape, not these words."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

pytestmark = pytest.mark.both_stores

T0, T1, T2 = "2026-05-01T09:00:00Z", "2026-06-01T09:00:00Z", "2026-06-02T09:00:00Z"

# (messages in order, {attribute: values that must be active}, {attribute: values that must not})
CASES = {
    "second clause after lower-case im": (
        ["i moved to tulsa last year and im a pescatarian"],
        {"diet": ["pescatarian"]}, {},
    ),
    "vowels left out": (
        ["ok so i wrk at costco now"],
        {"employer": ["costco"]}, {},
    ),
    "aside before the speaker mid-message": (
        ["I'm vegan", "ate a cheeseburger at the game, tbh I'm over being vegan"],
        {}, {"diet": ["vegan"]},
    ),
    "done being a diet": (
        ["I'm keto", "so done being keto, I missed bread too much"],
        {}, {"diet": ["keto"]},
    ),
    "value corrected after how it was found": (
        ["I'm allergic to ibuprofen", "ugh wait, checked the pharmacy printout, it's aspirin not ibuprofen"],
        {"allergy": ["aspirin"]}, {"allergy": ["ibuprofen"]},
    ),
    "place refined by its region": (
        ["I live in Athens", "Athens Georgia I mean, not the Greek one haha"],
        {"city": ["Athens, Georgia"]}, {"city": ["Athens"]},
    ),
    "place refined, the correction first": (
        ["I moved to Richmond", "typo, I meant Richmond, Virginia"],
        {"city": ["Richmond, Virginia"]}, {"city": ["Richmond"]},
    ),
    "speaker said as guess who": (
        ["I'm a staff nurse at St Luke's", "guess who just made nurse manager!!"],
        {"job_title": ["nurse manager"]}, {"job_title": ["staff nurse"]},
    ),
    "taste turned to a habit (en)": (
        ["I love iced coffee", "burnt out on iced coffee tbh, nowadays I mostly drink yerba mate"],
        {"likes": ["yerba mate"]}, {"likes": ["iced coffee"]},
    ),
    "taste turned, what it is now": (
        ["I really like hip hop", "kinda grew out of hip hop, these days it's just lofi for me"],
        {"likes": ["lofi"]}, {"likes": ["hip hop"]},
    ),
    "a dislike turned to a habit (zh)": (
        ["我不喜欢喝豆浆", "也说不清怎么回事，现在每天都离不开豆浆"],
        {"likes": ["豆浆"]}, {"dislikes": ["豆浆"]},
    ),
    "a sport given up for another (zh)": (
        ["我挺喜欢踢足球的", "韧带拉伤了，足球是踢不了了，现在改骑行"],
        {"likes": ["骑行"]}, {"likes": ["足球"]},
    ),
    "marriage by its length (en)": (
        ["been married to Ingrid for nine years now"],
        {"spouse": ["Ingrid"]}, {},
    ),
    "marriage by its anniversary (en)": (
        ["happy 15th wedding anniversary with Marcus to me"],
        {"spouse": ["Marcus"]}, {},
    ),
    "marriage by its anniversary (zh)": (
        ["下周跟志强结婚八周年，想好好庆祝一下"],
        {"spouse": ["志强"]}, {},
    ),
    "wedding at the registry (zh)": (
        ["我和若曦前天去民政局把证领了🎉"],
        {"spouse": ["若曦"]}, {},
    ),
    "workplace and its city beside a job": (
        ["still stuck working as a dishwasher at Denny's in Akron"],
        {"employer": ["Denny's"], "city": ["Akron"], "job_title": ["dishwasher"]}, {},
    ),
    "a kind of workplace is no employer, the precise one is (zh)": (
        ["我在外企上班，具体是在宝洁做市场"],
        {"employer": ["宝洁"]}, {"employer": ["外企"]},
    ),
    "a pet called by its breed doing something": (
        ["my dachshund dug up the whole garden again"],
        {"pet": ["dachshund"]}, {},
    ),
    "a liking with a tail of chat": (
        ["hot sauce is literally my whole personality at this point"],
        {"likes": ["hot sauce"]}, {},
    ),
}  # fmt: skip


def _active(mem: Memory, user: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for f in mem.facts(user, as_of=T2):
        if f.subject_name == "self":
            out.setdefault(f.attribute, set()).add(str(f.value).lower())
    return out


@pytest.mark.parametrize("case", list(CASES))
def test_the_chat_shape_keeps_what_was_meant(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    user = uid("shape")
    for i, text in enumerate(said):
        mem.remember(user, text, at=T0 if i == 0 else T1)
    active = _active(mem, user)
    for attribute, values in present.items():
        for v in values:
            assert v.lower() in active.get(attribute, set()), (case, attribute, v, active)
    for attribute, values in absent.items():
        for v in values:
            assert v.lower() not in active.get(attribute, set()), (case, attribute, v, active)


def test_a_name_after_a_name_is_no_refinement(mem: Memory, uid: Callable[[str], str]) -> None:
    """ "Leo hates mushrooms" after "my son Leo …" adds his dislike; it does not rename him."""
    user = uid("names")
    mem.remember(user, "My son Leo is allergic to kiwi.", at=T0)
    mem.remember(user, "Leo hates mushrooms.", at=T1)
    mem.remember(user, "Leo Moretti I mean", at=T1)
    children = {str(f.value) for f in mem.facts(user) if f.attribute == "child"}
    assert children == {"Leo"}


def test_a_correction_after_talk_names_the_stored_value_only(mem: Memory, uid: Callable[[str], str]) -> None:
    """The "X not Y" read after a comma changes a value only when Y is on record."""
    user = uid("tails")
    mem.remember(user, "I'm allergic to latex", at=T0)
    mem.remember(user, "asked around at work, it's monday not friday", at=T1)
    active = _active(mem, user)
    assert active.get("allergy") == {"latex"}
