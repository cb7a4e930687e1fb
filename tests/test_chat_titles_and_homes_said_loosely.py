"""Titles, workplaces and homes said the loose way: a title without its article before where
("guess who's director of finance at Pellham now"), a title by its form (head of rehab), a
workplace by how long one has been with it ("since the spring") or by the rides one does for it
("ridin for ZipCart nearly two years now"), the title alone in the news's own piece (我正式管整个
门店了，店长！), a home said by the flat one rents (我租的房子在佛山顺德) or told by the way in a district
("my studio in Bushwick" is New York), a city on record said to be
not quite right. And what is none: a stay at a hotel, a day's work ended (刚收工). The sentences
are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import assert_change, held_after

#: (turns, attribute, the value held now, values no longer held)
CHANGES = {
    "a bare title before its workplace (en)": (
        ["I'm a staff accountant at Pellham Group",
         "guess who's director of finance at Pellham now!! still pinching myself"],
        "job_title", "director of finance", ["staff accountant"],
    ),
    "a workplace by how long one has been with it (en)": (
        ["I drive for Larkfield Freight", "wait no that was ages ago, I've been with Orrin Haulage since the spring"],
        "employer", "Orrin Haulage", ["Larkfield"],
    ),
    "the title alone in the news's own piece (zh)": (
        ["我在云杉书店当店员", "跟你说个事 下个月起我正式管整个门店了，店长！"], "job_title", "店长", ["店员"],
    ),
    "a city on record said to be not quite right (zh)": (
        ["我住在南京", "之前说我住南京其实不太对 我们租的房子在马鞍山 每天坐城际过去上班"], "city", "马鞍山", ["南京"],
    ),
}  # fmt: skip

#: (what is said, attribute, the value read)
READ = {
    "work by the rides one does, how long said bare (en)": (
        "been ridin for ZipCart nearly two years now as a courier, my legs are done", "employer", "ZipCart",
    ),
    "a title by its form (en)": ("I'm head of logistics at Brannock Foods", "job_title", "head of logistics"),
    "a home by the flat one rents, in a city's district (zh)": ("我租的房子在佛山顺德，离地铁站近", "city", "佛山"),
    "a home told by the way, in a city's district (en)": (
        "rent for my studio in Bushwick is criminal, 2.1k for 300 sq ft", "city", "New York",
    ),
    "a resident of a city by its nickname, a district beside it (en)": (
        "officially a Windy City resident!! tiny walkup in Wicker Park, radiator bangs all night", "city", "Chicago",
    ),
}  # fmt: skip

#: (what is said, attribute, values that must not be held)
NOT_READ = {
    "a day's work ended is no trade (zh)": ("刚收工 累死了 在地铁上", "job_title", ["刚收工", "收工"]),
    "a stay at a hotel is no work (en)": ("I'm staying at the Marriott till friday", "employer", ["marriott"]),
    "a stay at a hotel is no home (en)": ("I'm staying at the Marriott till friday", "city", ["marriott"]),
    "someone one has been with is no workplace (en)": (
        "I'm home with my parents for the weekend", "employer", ["my parents"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CHANGES))
def test_the_change_holds(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, value, gone = CHANGES[case]
    assert_change(mem, uid("loose"), said, attribute, value, gone, label=case)


@pytest.mark.parametrize("case", list(READ))
def test_the_fact_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, value = READ[case]
    assert_change(mem, uid("read"), [said], attribute, value, [], label=case)


@pytest.mark.parametrize("case", list(NOT_READ))
def test_nothing_of_the_kind_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, not_values = NOT_READ[case]
    held = held_after(mem, uid("none"), said, attribute)
    assert not any(n in h for n in not_values for h in held), (case, held)


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_change_holds(mem, uid, "a bare title before its workplace (en)")
    test_the_change_holds(mem, uid, "a city on record said to be not quite right (zh)")
