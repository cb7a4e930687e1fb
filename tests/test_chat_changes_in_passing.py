"""Changes told in passing (on SQLite; a sample on Neo4j): a divorce finalised and someone new
named by a pronoun, a pet buried and a new one adopted, a new job told by its first week, a
food that now turns the stomach, a city reached ("since we got to …", "这边的新房子"), an age
stepped into (迈入四十), a pet given its name (取名…), someone dated said by what they do, a
diet said with how long ("快三年了") and one taken up with a coach. And what must not read so:
a pet's age is not the user's, a drink switched to is no employer. The sentences are this
file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read

CASES = {
    "a divorce finalised, someone new named by a pronoun (en)": (
        [
            "my husband Anselm and I run a bakery",
            "now that Anselm and I signed the divorce papers I can breathe. "
            "Started dating someone recently, his name's Tobin",
        ],
        {"partner": ["Tobin"]},
        {"spouse": ["Anselm", "Tobin"]},
    ),
    "a pet buried, a new one adopted (en)": (
        [
            "my rabbit Clover loves kale",
            "we buried Clover under the apple tree on Sunday. "
            "The house was too quiet so we adopted a tabby named Fig",
        ],
        {"pet": ["Fig"]},
        {"pet": ["Clover"]},
    ),
    "a new job told by its first week (en)": (
        [
            "I'm a barista at Driftwood Cafe",
            "second week as assistant manager at Juniper Books and I love it",
        ],
        {"employer": ["Juniper Books"], "job_title": ["assistant manager"]},
        {"employer": ["Driftwood Cafe"]},
    ),
    "a food that now turns the stomach, a drink switched to (en)": (
        ["I adore kombucha", "honestly kombucha makes me nauseous lately. switched to ginger tea"],
        {"likes": ["ginger tea"], "dislikes": ["kombucha"]},
        {"likes": ["kombucha"], "employer": ["ginger tea"]},
    ),
    "a city reached, said by the time since (en)": (
        ["I live in Reno", "the mosquitoes have been brutal since we got to Tampa, send help"],
        {"city": ["Tampa"]},
        {"city": ["Reno"]},
    ),
    "a new home here (zh)": (
        ["我住在西安", "青岛这边的新房子总算收拾好了，推开窗就是海"],
        {"city": ["青岛"]},
        {"city": ["西安"]},
    ),
    "an age stepped into (zh)": (
        ["我今年39", "上周过完生日，正式步入四十大关，有点慌"],
        {"age": ["40"]},
        {"age": ["39"]},
    ),
    "a pet given its name, its age its own (zh)": (
        ["前天捡了一只小狗，取名土豆", "家里还有只布偶叫雪球，八岁了"],
        {"pet": ["土豆", "雪球"]},
        {"age": ["8"]},
    ),
    "someone dated said by what they do (zh)": (
        ["最近在跟一个叫沈川的牙医约会，人挺幽默"],
        {"partner": ["沈川"]},
        {},
    ),
    "a diet with how long, then one taken up with a coach (zh)": (
        ["我吃素快三年了", "素食坚持不下去了，现在跟着教练搞生酮"],
        {"diet": ["生酮"]},
        {"diet": ["素食"]},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("chat"), said, present, absent, first_day=date(2026, 10, 8), exact=True, label=case)


SAMPLE = [
    "a divorce finalised, someone new named by a pronoun (en)",
    "a pet given its name, its age its own (zh)",
    "a diet with how long, then one taken up with a coach (zh)",
]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_message_is_read(mem, uid, case)
