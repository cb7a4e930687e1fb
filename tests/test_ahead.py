"""Questions about what lies ahead ("what's coming up?", "接下来有什么安排"): every plan is
an answer, the one whose day is still to come first; a plan whose day has passed is not
coming up. Both stores, sentences of this project's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.recall.intent import parse
from graphmem.text.asked_dates import asks_ahead

DISTRACT_EN = ["I like the colour teal.", "I have a red scooter.", "I studied geology at university."]
DISTRACT_ZH = ["我喜欢蓝色。", "我有一只灰色的猫。", "我大学读的是化学。"]


def _said(mem: Memory, u: str, lines: list[tuple[str, str]]) -> None:
    for text, at in lines:
        mem.remember(u, text, at=at)


@pytest.mark.parametrize(
    "query, lines, distract, answer",
    [
        (
            "anything coming up for me?",
            [("Eye exam tomorrow morning, not looking forward to it.", "2025-04-02T08:00:00Z"),
             ("Book club meets next Wednesday.", "2025-04-20T18:00:00Z"),
             ("Piano recital this Sunday, a bit nervous!", "2025-06-10T09:00:00Z")],
            DISTRACT_EN, "recital",
        ),
        (
            "接下来我有什么安排？",
            [("明天上午去体检。", "2025-04-02T08:00:00+08:00"),
             ("下周三和老同学吃饭。", "2025-04-20T18:00:00+08:00"),
             ("这周六去苏州看昆曲！", "2025-06-10T09:00:00+08:00")],
            DISTRACT_ZH, "昆曲",
        ),
    ],
)  # fmt: skip
def test_the_plan_still_to_come_answers_what_is_ahead(
    mem: Memory, uid: Callable[[str], str], query: str, lines: list[tuple[str, str]], distract: list[str],
    answer: str,
) -> None:  # fmt: skip
    u = uid("ahead")
    _said(mem, u, lines)
    for text in distract:  # statements sharing a word or two with the question, none a plan
        mem.remember(u, text, at="2025-06-10T10:00:00Z")
    items = mem.recall(u, query, k=3, at="2025-06-11T09:00:00Z")
    assert items and answer in items[0].text
    # A plan whose day has passed ranks below the one still to come.
    assert all(answer in it.text or it.score < items[0].score for it in items[1:])


def test_ahead_questions_are_told_from_others() -> None:
    for q in ("what's coming up this month?", "Any plans on my calendar?", "what's next for me?",
              "接下来有什么安排", "我最近有什么计划"):  # fmt: skip
        assert asks_ahead(q), q
        assert parse(q, []).ahead and "event" in parse(q, []).attributes
    for q in ("when did I go to the dentist?", "what did I plan for my sister's birthday party?",
              "where do I work?", "我上周去了哪里", "我妹妹叫什么"):  # fmt: skip
        assert not asks_ahead(q), q


def test_a_question_naming_its_days_is_not_reordered_by_today(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("range")
    _said(mem, u, [("Went bouldering with Priya yesterday.", "2025-05-04T09:00:00Z"),
                   ("Dinner at my aunt's next Friday.", "2025-06-10T09:00:00Z")])  # fmt: skip
    items = mem.recall(u, "any plans I had last month?", k=2, at="2025-06-11T09:00:00Z")
    assert items and "bouldering" in items[0].text
