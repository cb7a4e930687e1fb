"""What older users tell the way they tell it: a smaller Chinese city (a prefecture-level one)
as a hometown or a home; a decade said as 八几年 (no question); 东北银 for 东北人; coming to a place
and settling "here" (…来了X…就在这儿扎根了); "X的" said alone after where one is from (no city of
"X的"); years of a job said before the speaker ("thirty years I drove …", "before I retired I was
…"); a thing refused and why ("please no …, I can't stand it"); shifts at a place by its nickname
("a couple of early mornings at Maccy D's"); a reaction after an allergen (no second allergen).
And forgets: two matters joined in one request (", and also the bit about …", "，还有…的事"),
never news joined the same way; money trouble said as a repossession; a matter pointed at as told
last month (上个月跟你说的那个…的事，别存着了). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import all_words

#: (turn, attribute, values held, values not held)
READ = {
    "a prefecture-level city as the hometown (zh)": ("我老家是黑龙江佳木斯的，退休了跟儿子过", "hometown", ["佳木斯"], []),
    "a decade said as 八几年, settling 'here' (zh)": (
        "我是东北银，辽宁锦州的，九几年来了青岛打工，后来就在这儿扎根了", "city", ["青岛"], ["锦州"],
    ),
    "东北银 and the city one is from (zh)": (
        "我是东北银，辽宁锦州的，九几年来了青岛打工，后来就在这儿扎根了", "hometown", ["锦州"], ["青岛"],
    ),
    "'X的' alone after where one is from is no city (zh)": ("我是西北人，天水的", "city", [], ["天水的"]),
    "years of a job said before the speaker (en)": (
        "thirty years I was a bus driver for the county before my knees gave out", "job_title", ["bus driver"], [],
    ),
    "the job before one retired (en)": (
        "before I retired I was a pharmacist at Kingsway Hospital", "job_title", ["pharmacist"], [],
    ),
    "a thing refused and why (en)": ("porridge for breakfast. please no raisins, I really can't stand them", "dislikes", ["raisins"], []),
    "shifts at a place by its nickname (en)": (
        "I do a couple of early mornings a week at Maccy D's, the one by the station", "employer", ["McDonald's"], [],
    ),
    "a reaction after the allergen is no allergen (en)": (
        "im allergic to sulfa drugs, break out in hives all over", "allergy", ["sulfa"], ["hives"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(READ))
def test_it_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, values, not_values = READ[case]
    user = uid("elders")
    mem.remember(user, said, at="2026-06-01T10:00:00Z")
    held = [str(f.value) for f in mem.get(user, attribute)]
    assert all(any(v in h for h in held) for v in values), (case, held)
    assert not any(n in h for n in not_values for h in held), (case, held)


#: (turns and when, the request, words gone, words kept)
FORGETS = {
    "two matters joined with 'and also the bit about' (en)": (
        [("I take metformin twice a day for my sugar", "2026-08-01T08:00:00Z"),
         ("My nephew Callum is splitting up with his wife, terrible business", "2026-08-02T20:00:00Z"),
         ("My favourite walk is along the canal to Hebden", "2026-08-03T12:00:00Z")],
        ("would you forget about my tablets please, and also the bit about my nephew's marriage, he'd hate it",
         "2026-08-05T09:00:00Z"),
        ["metformin", "callum"], ["canal"],
    ),
    "two matters joined with 还有 (zh)": (
        [("我血压高，每天吃一片氨氯地平", "2026-08-01T08:00:00+08:00"),
         ("我前任叫郑凯，分了好几年了", "2026-08-02T20:00:00+08:00"),
         ("我最喜欢的菜是红烧肉", "2026-08-03T12:00:00+08:00")],
        ("把我吃药那条删了吧，还有我前任的事也别记了", "2026-08-05T09:00:00+08:00"),
        ["氨氯地平", "郑凯"], ["红烧肉"],
    ),
    "money trouble said as a repossession (en)": (
        [("My brother Desmond had his house repossessed last year, lost the garage with it", "2026-02-01T20:00:00Z"),
         ("I sing in the St Aidan's choir on Wednesdays", "2026-02-02T10:00:00Z")],
        ("could you scratch what I said about my brother's money troubles, not mine to share", "2026-02-03T09:00:00Z"),
        ["desmond", "garage"], ["choir"],
    ),
    "a matter pointed at as told last month (zh)": (
        [("体检查出来甲状腺有个结节，医生让三个月后复查", "2026-08-03T17:00:00+08:00"),
         ("退休前我在粮站当保管员", "2026-08-06T10:00:00+08:00")],
        ("我上个月跟你说的那个检查出来的事，别存着了，看着心烦", "2026-09-02T20:00:00+08:00"),
        ["结节", "甲状腺"], ["保管员"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(FORGETS))
def test_each_matter_is_forgotten(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    before, (request, at), gone, kept = FORGETS[case]
    user = uid("elders-forget")
    for text, when in before:
        mem.remember(user, text, at=when)
    mem.remember(user, request, at=at)
    held = all_words(mem, user)
    assert not any(g in held for g in gone), (case, held)
    assert all(k in held for k in kept), (case, held)


@pytest.mark.parametrize(
    "request_text",
    ["forget my old address please, and also my sister Ruth is visiting next week",
     "把欠钱那事忘了吧，还有我下个月搬去珠海了"],
)  # fmt: skip
def test_news_joined_to_a_request_is_kept_not_forgotten(
    mem: Memory, uid: Callable[[str], str], request_text: str
) -> None:
    user = uid("elders-news")
    mem.remember(user, "my sister Ruth lives in Leeds", at="2026-08-01T10:00:00Z")
    mem.remember(user, "我去年借了表姐两万块", at="2026-08-01T10:00:00+08:00")
    mem.remember(user, request_text, at="2026-08-05T10:00:00Z")
    held = all_words(mem, user)
    assert "ruth" in held
    assert ("visiting" in held) or ("珠海" in held), held


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_each_matter_is_forgotten(mem, uid, "two matters joined with 'and also the bit about' (en)")
    test_it_is_read(mem, uid, "a decade said as 八几年, settling 'here' (zh)")
