"""Facts said inside a story: what the speaker keeps telling people ("… and I had to remind them
again that I'm allergic to peanuts"), what they said in a quote ("and I'm like nah man I'm 31
and …"), an age run on into the next clause (我都三十三了房子车子都没有) or in dialect (俺). And what a
story does not say: a workplace pointed at (在这厂里干了三年), a filler read as a thing ("…,
like every single year"). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import assert_change, held_after

#: (what is said, attribute, the value read)
READ = {
    "what one reminds people of (en)": (
        "at the team lunch my manager ordered satay for everyone and I had to remind them again that I'm allergic to peanuts",
        "allergy", "peanuts",
    ),
    "what one told someone for the nth time (en)": (
        "I told the new manager for the third time I'm vegetarian, she still ordered wings", "diet", "vegetarian",
    ),
    "an age said in a quote (en)": (
        "the landlord asks if I'm a student and I'm like nah man I'm 31 and I work nights at the depot", "age", "31",
    ),
    "an age run on into the next clause (zh)": ("唉 我都三十三了房子车子都没有 房东又要涨价", "age", "33"),
    "an age said in dialect (zh)": ("俺今年都四十二了 还在工地上开塔吊", "age", "42"),
}  # fmt: skip

#: (what is said, attribute, values that must not be held)
NOT_READ = {
    "a workplace pointed at (zh)": ("俺在这厂里干了三年也没攒下啥钱", "employer", ["这厂里", "这厂"]),
    "a filler after an allergen (en)": (
        "my cousin made shrimp skewers and I had to explain that I'm allergic to shellfish, like every single year",
        "allergy", ["like"],
    ),
    "someone else telling the speaker (en)": ("she told me I'm overreacting, whatever", "job_title", ["overreacting"]),
}  # fmt: skip


@pytest.mark.parametrize("case", list(READ))
def test_the_fact_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, value = READ[case]
    assert_change(mem, uid("story"), [said], attribute, value, [], label=case)


@pytest.mark.parametrize("case", list(NOT_READ))
def test_nothing_of_the_kind_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, not_values = NOT_READ[case]
    held = held_after(mem, uid("none"), said, attribute)
    assert not any(n in held for n in not_values), (case, held)


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_fact_is_read(mem, uid, "what one reminds people of (en)")
    test_the_fact_is_read(mem, uid, "an age run on into the next clause (zh)")
