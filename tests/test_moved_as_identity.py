"""A move said as a new identity, both languages: "we're officially Vermonters now", "the drive
to Tucson was long but I'm an Arizonan now", "现在也算半个厦门人了". The city changes; a
hometown said as identity ("I'm a Texan", "我是广东人"), a citizenship, a team or a job said
with "now" change no city."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.extract.lexicon import en_demonym_place

T0 = "2026-01-04T09:00:00Z"
T1 = "2026-03-01T09:00:00Z"
T2 = "2026-03-02T09:00:00Z"


@pytest.mark.parametrize(
    ("before", "said", "city"),
    [
        ("I live in Atlanta.", "Closing on the house went fine, we're officially Vermonters now!", "Vermont"),
        ("I live in Atlanta.", "The drive to Tucson took two days but I'm an Arizonan now.", "Tucson"),
        ("I live in Atlanta.", "Still surrounded by boxes, but we're Seattleites now and it hasn't stopped raining.", "Seattle"),
        ("我住在南京。", "折腾了一个月，现在我也算半个厦门人了。", "厦门"),
        ("我住在南京。", "我现在是正式的成都人了！", "成都"),
    ],
)  # fmt: skip
def test_a_new_identity_moves_the_city(
    open_memory: Callable[..., Memory], uid: Callable[[str], str], before: str, said: str, city: str
) -> None:
    m, u = open_memory(), uid("moved")
    m.remember(u, before, at=T0)
    m.remember(u, said, at=T1)
    assert [f.value for f in m.get(u, "city", at=T2)] == [city]


@pytest.mark.parametrize(
    ("before", "said"),
    [
        ("I live in Atlanta.", "I'm a Texan, born and raised."),
        ("I live in Atlanta.", "We're officially Canadians now, the citizenship ceremony was lovely."),
        ("I live in Atlanta.", "We're all Packers fans now and it hurts."),
        ("I live in Atlanta.", "We are Londoners at heart and always will be."),
        ("I live in Atlanta.", "We're officially homeowners now!"),
        ("我住在南京。", "我是广东人。"),
        ("我住在南京。", "我现在是三个孩子的妈妈了。"),
        ("我住在南京。", "如今我们都是大人了。"),
    ],
)
def test_an_identity_that_is_no_move_keeps_the_city(
    open_memory: Callable[..., Memory], uid: Callable[[str], str], before: str, said: str
) -> None:
    m, u = open_memory(), uid("stayed")
    m.remember(u, before, at=T0)
    kept = [f.value for f in m.get(u, "city", at=T0)]
    m.remember(u, said, at=T1)
    assert [f.value for f in m.get(u, "city", at=T2)] == kept


@pytest.mark.parametrize(
    ("word", "place"),
    [("Vermonters", "vermont"), ("Arizonan", "arizona"), ("Seattleites", "seattle"), ("New Yorker", "new york"),
     ("Homeowners", None), ("Gardeners", None), ("Packers", None)],
)  # fmt: skip
def test_demonyms_are_read_by_their_suffixes(word: str, place: str | None) -> None:
    assert en_demonym_place(word) == place
