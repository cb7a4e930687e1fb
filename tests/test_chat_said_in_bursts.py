"""Facts young users type in bursts: "n" for "and" and "@" for "at" ("im 19 n i work @ the
Costco in Tulsa"); where one studies as where one lives ("I'm at college in Eugene and …"); the
name nobody uses ("nobody calls me Theodore except my gran"); a move said as an escape ("escaped
to Boise for school and never looked back"); an allergen in a cleft by what it does ("it's dust
mites that wreck me"); a relation's name in brackets with what the family calls them ("my big bro
(we call him Moose, real name Marcus)"); the workplace named by one's shift there. And what must
not be read: getting into a school is no liking; a shift "at work" names no employer. The
sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory

#: (turn, attribute, values held, values not held)
READ = {
    "'n' and '@' in chat (en)": ("im 19 n i work @ the Costco in Tulsa, its fine", "employer", ["Costco"], []),
    "the age before 'n' (en)": ("im 19 n i work @ the Costco in Tulsa, its fine", "age", ["19"], []),
    "at college in a city (en)": ("I'm at college in Eugene and the rain never stops", "city", ["Eugene"], []),
    "the name nobody uses (en)": ("call me Teddy, nobody calls me Theodore except my gran", "name", ["Theodore"], ["Teddy"]),
    "a move said as an escape (en)": (
        "grew up in Fresno, escaped to Boise for school and never looked back", "city", ["Boise"], ["Fresno"],
    ),
    "an allergen in a cleft by what it does (en)": ("food is fine, it's dust mites that wreck me every winter", "allergy", ["dust mites"], []),
    "a relation's name in brackets (en)": (
        "my big bro (we call him Moose, real name Marcus) just started at a firehouse in Reno", "sibling", ["Marcus"], ["bro"],
    ),
    "the workplace named by one's shift (en)": (
        "missed the bus, got to my shift at Pinecone Diner 15 min late, great", "employer", ["Pinecone Diner"], [],
    ),
}  # fmt: skip

#: (turn, attribute that must hold nothing)
NOT_READ = {
    "getting into a school is no liking (en)": ("my cousin just got into nursing school in Ohio", "likes"),
    "getting into law school is no liking of the user's (en)": ("finally got into law school!!", "likes"),
    "a shift at work names no employer (en)": ("my shift at work ran long again", "employer"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(READ))
def test_it_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, values, not_values = READ[case]
    user = uid("bursts")
    mem.remember(user, said, at="2026-06-01T10:00:00Z")
    held = [str(f.value) for f in mem.get(user, attribute)]
    assert all(any(v in h for h in held) for v in values), (case, held)
    assert not any(n == h for n in not_values for h in held), (case, held)


@pytest.mark.parametrize("case", list(NOT_READ))
def test_nothing_of_the_kind_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute = NOT_READ[case]
    user = uid("bursts-not")
    mem.remember(user, said, at="2026-06-01T10:00:00Z")
    held = [f.value for f in mem.get(user, attribute)] + [
        f.value for f in mem.facts(user) if f.attribute == attribute
    ]
    assert held == [], (case, held)


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_it_is_read(mem, uid, "a relation's name in brackets (en)")
    test_nothing_of_the_kind_is_read(mem, uid, "getting into a school is no liking (en)")
