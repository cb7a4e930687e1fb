"""A change told as news rather than as a statement: a title announced ("guess who's the new head
of pastry", 从下周起车间主任就是我); a new workplace by one's first days there ("first full week
at Brightwater Clinic done!"); where one's home really is ("our lease is actually in Hoboken",
我们住的不是杭州，是绍兴那边). And what must not be read: a chore that "is me" (以后洗碗的就是我了). The sentences are this
file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import assert_change

#: (turns, attribute, the value held now, values no longer held)
CHANGES = {
    "a title announced with 'guess who' (en)": (
        ["I'm a line cook at Basil & Brine", "guess who's the new sous chef at Basil & Brine 🎉🎉 my mom cried"],
        "job_title", "sous chef", ["line cook"],
    ),
    "a title announced as who holds it (zh)": (
        ["我在纺织厂当班组长", "跟你讲 厂里开会定了 从下周起车间主任就是我 工资涨了一千"],
        "job_title", "车间主任", ["班组长"],
    ),
    "a new workplace by one's first days there (en)": (
        ["I do billing at Sunnyside Dental", "first full week at Brightwater Clinic done! same billing, nicer people"],
        "employer", "Brightwater Clinic", ["Sunnyside"],
    ),
    "where one's home really is (en)": (
        ["we moved to New York in March", "ok confession, our lease is actually in Hoboken, I just say NYC"],
        "city", "Hoboken", ["New York"],
    ),
    "where one lives, said by what it is not (zh)": (
        ["我跟老公住在杭州", "其实我们住的不是杭州，是绍兴那边，开车去杭州四十分钟"],
        "city", "绍兴", ["杭州"],
    ),
}  # fmt: skip

#: (turns, attribute, values that must not be held)
NOT_READ = {
    "a chore that 'is me' (zh)": (["以后洗碗的就是我了"], "job_title", ["洗碗", "就是我"]),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CHANGES))
def test_the_change_holds(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, value, gone = CHANGES[case]
    assert_change(mem, uid("news"), said, attribute, value, gone, label=case)


@pytest.mark.parametrize("case", list(NOT_READ))
def test_nothing_of_the_kind_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, not_values = NOT_READ[case]
    user = uid("news-not")
    for text in said:
        mem.remember(user, text, at="2026-03-01T10:00:00Z")
    held = [str(f.value) for f in mem.get(user, attribute)]
    assert not any(n in h for n in not_values for h in held), (case, held)


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_change_holds(mem, uid, "a title announced as who holds it (zh)")
    test_the_change_holds(mem, uid, "where one's home really is (en)")
