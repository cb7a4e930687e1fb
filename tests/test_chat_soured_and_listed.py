"""A liking on record that sours, however it is said (the liking is known, the words are not:
"X is kinda boring to me these days", "not much of an X person anymore", "X打不动了"), several
people of one relation named in a list with their ages, a diet said after "bc", and a move told
as "跑到X来了". What must not read so: someone else souring on it, the past told, a liking one
cannot stop, a visit "stopped by". The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read

CASES = {
    "a liking that bores one now (en)": (
        ["I really like salsa dancing", "salsa dancing is kind of meh for me these days"],
        {},
        {"likes": ["salsa dancing"]},
    ),
    "not that kind of person anymore, the new one named bare (en)": (
        [
            "I love camping",
            "not really a camping person anymore lol, my back is wrecked. glamping these days",
        ],
        {"likes": ["glamping"]},
        {"likes": ["camping"]},
    ),
    "a liking ended outright, said near it (en)": (
        ["I'm a huge fan of energy drinks", "I quit energy drinks in october"],
        {},
        {"likes": ["energy drinks"]},
    ),
    "someone else souring keeps the user's liking (en)": (
        ["I like crosswords", "my husband thinks crosswords are boring now"],
        {"likes": ["crosswords"]},
        {},
    ),
    "the past told keeps the liking (en)": (
        ["I love opera", "I used to think opera was boring as a kid"],
        {"likes": ["opera"]},
        {},
    ),
    "a visit stopped by is no liking ended (en)": (
        ["I like vinyl records", "stopped by the vinyl records fair on saturday"],
        {"likes": ["vinyl records"]},
        {},
    ),
    "a liking one can no longer do, set inside the verb (zh)": (
        ["我特别喜欢爬山", "膝盖不行了，这两年山爬不动了"],
        {},
        {"likes": ["爬山"]},
    ),
    "a liking gone stale (zh)": (
        ["我超爱喝美式", "美式最近喝腻了"],
        {},
        {"likes": ["美式"]},
    ),
    "a liking one cannot stop keeps it (zh)": (
        ["我喜欢刷短视频", "短视频刷起来根本停不下来"],
        {"likes": ["短视频"]},
        {},
    ),
    "several children named in a list with ages (en)": (
        ["kids r Juno (9), Felix (6) and Wren (2)"],
        {"child": ["Juno", "Felix", "Wren"]},
        {"child": ["kid", "kids"]},
    ),
    "a diet said after bc (en)": (
        ["made lentil soup again bc I've been vegan since june"],
        {"diet": ["vegan"]},
        {},
    ),
    "a move told as having run off to a new city (zh)": (
        ["我在长沙上班", "后来辞职了，现在又跑到大理来了，开了家小客栈"],
        {"city": ["大理"]},
        {"city": ["长沙"]},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("sour"), said, present, absent, first_day=date(2026, 9, 14), exact=True, label=case)


def test_the_listed_children_carry_their_ages(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("ages")
    mem.remember(user, "my daughters are Lotte (11) and Ines (8)", at="2026-09-14T09:00:00Z")
    ages = {f.subject_name: str(f.value) for f in mem.facts(user) if f.attribute == "age"}
    assert ages == {"Lotte": "11", "Ines": "8"}, ages


def test_a_soured_liking_is_audited_with_its_rule(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("audit")
    mem.remember(user, "I love trivia nights", at="2026-09-14T09:00:00Z")
    got = mem.remember(user, "trivia nights are so boring to me now", at="2026-09-20T09:00:00Z")
    assert [str(f.value) for f in got.retracted] == ["trivia nights"], got
    assert any(a.extraction_rule.endswith("turn.soured_on_record") for a in got.audit), got.audit


SAMPLE = [
    "a liking that bores one now (en)",
    "a liking one can no longer do, set inside the verb (zh)",
    "several children named in a list with ages (en)",
]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_message_is_read(mem, uid, case)
