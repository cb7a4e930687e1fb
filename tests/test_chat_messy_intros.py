"""Messy intros and stories (on SQLite; a sample on Neo4j): a question someone else asked, told
in a story ("他问我还在不在…", no question to answer), a city come to for a living (跑来羊城打
拼), a hometown by its nickname (泉城人), study and part-time work said with the time of day, a
husky called 二哈, a list typed on one line after " - ", what the user told someone of
themselves ("I said I'm a …"), Spanish leads ("soy de …, pero now …") and "originally" after a
hometown. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read

CASES = {
    "a question someone asked, told in a story (zh)": (
        ["前几天碰到高中同桌，他问我是不是还在做设计，我说早转行了，现在在美团当产品经理"],
        {"employer": ["美团"], "job_title": ["产品经理"]},
        {},
    ),
    "a city come to for a living, a hometown by its nickname (zh)": (
        ["地地道道的蓉城人，研究生毕业就跑来鹏城打拼了"],
        {"hometown": ["成都"], "city": ["深圳"]},
        {"hometown": ["蓉城"]},
    ),
    "study and part-time work with the time of day (zh)": (
        ["平时在复旦读研二，周末在一家叫「慢半拍」的咖啡店兼职"],
        {"school": ["复旦"], "employer": ["慢半拍"]},
        {},
    ),
    "a city with its district, an allergy someone remembers (zh)": (
        ["聚会上老同学问我是不是还在武汉，我说早搬了，现在在杭州滨江。他还记得我对虾过敏，挺感动"],
        {"city": ["杭州"], "allergy": ["虾"]},
        {"city": ["杭州滨江", "武汉"]},
    ),
    "a husky called 二哈 (zh)": (
        ["我家二哈今天又把拖鞋叼走了"],
        {"pet": ["二哈"]},
        {"pet": ["二"]},
    ),
    "a list on one line after dashes (en)": (
        [
            "life update - relocated to Boise in March - now a nurse practitioner @ Saint Alphonsus - still gluten-free"
        ],
        {"city": ["Boise"], "job_title": ["nurse practitioner"], "employer": ["Saint Alphonsus"]},
        {},
    ),
    "what the user told someone of themselves (en)": (
        [
            "the guy next to me on the train asked what I do and I told him I'm a welder at Harlow Steel, "
            "he did not expect that"
        ],
        {"job_title": ["welder"], "employer": ["Harlow Steel"]},
        {},
    ),
    "Spanish leads, and originally after a hometown (en)": (
        ["soy de Monterrey originally, pero ahora I live in Phoenix"],
        {"hometown": ["Monterrey"], "city": ["Phoenix"]},
        {"hometown": ["Monterrey originally"]},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("chat"), said, present, absent, first_day=date(2026, 10, 9), exact=True, label=case)


SAMPLE = ["a question someone asked, told in a story (zh)", "a list on one line after dashes (en)"]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_message_is_read(mem, uid, case)
