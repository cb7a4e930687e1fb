"""Episodes as memory (both stores): kept messages are recallable, dated, threaded; facts
and episodes share one ranking; time intents; erasure scrubs them; old stores migrate."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.recall.fusion import rrf, score_fusion
from graphmem.text.asked_dates import is_time_question, query_range
from graphmem.text.dates import find_spans

from .old_files import old_sqlite_file

AT = "2023-05-08T12:00:00Z"  # a Monday
LATER = "2023-05-20T12:00:00Z"


def _day(d: datetime | None) -> str | None:
    return d.date().isoformat() if d is not None else None


def test_statement_without_fact_is_recalled_by_paraphrase(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("nofact")
    r = mem.remember(u, "The ferry across the harbour was cancelled twice because of the storm.", at=AT)
    mem.remember(u, "I'm a nurse at St Mary's.", at=AT)
    assert not r.added  # nothing structured: only the episode keeps it
    items = mem.recall(u, "why did the harbour ferry get cancelled?", k=3, at=LATER)
    assert items[0].kind == "episode" and "ferry" in items[0].text
    assert items[0].episode is not None and items[0].episode.role == "user"


def test_old_episode_never_outranks_the_correction(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("corr")
    mem.remember(u, "I live in Lyon.", at=AT)
    mem.remember(u, "We moved to Nantes, I live in Nantes now.", at=LATER)
    items = mem.recall(u, "which city do I live in?", k=5, at=LATER)
    assert items[0].fact is not None and items[0].fact.value == "Nantes"
    assert items[0].episode is not None and "Nantes" in items[0].episode.text  # the fact carries its turn
    assert sum(1 for it in items if it.episode and "Nantes" in it.episode.text) == 1  # one slot for both
    old = [i for i, it in enumerate(items) if "Lyon" in it.text]
    assert all(i > 0 for i in old)


def test_assistant_turn_is_recallable_never_a_user_fact(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("assist")
    mem.remember(u, "I tried the noodle bar by the old station.", at=AT)
    r = mem.remember(u, "I'd recommend the noodle bar by the old station, and I love its broth.", role="assistant",
                     at=AT)  # fmt: skip
    assert not r.added and r.episode_id is not None
    assert all("broth" not in f.text for f in mem.facts(u))
    items = mem.recall(u, "which noodle bar did you recommend?", k=5, at=LATER)
    said = [it for it in items if it.episode is not None and it.episode.role == "assistant"]
    assert said and "recommend" in said[0].text
    mine = [i for i, it in enumerate(items) if it.episode is not None and it.episode.role == "user"]
    # The user's own statement about the same place ranks above the assistant's.
    assert mine and mine[0] < items.index(said[0])


@pytest.mark.parametrize(
    "text, day",
    [
        ("I sprained my ankle yesterday.", "2023-05-07"),
        ("我昨天扭伤了脚踝。", "2023-05-07"),
        ("我上周六扭伤了脚踝。", "2023-05-06"),
        ("我两天前扭伤了脚踝。", "2023-05-06"),
        ("我3月3日扭伤了脚踝。", "2023-03-03"),
        ("I sprained my ankle last Saturday.", "2023-05-06"),
        ("I sprained my ankle on March 3rd.", "2023-03-03"),
    ],
)
def test_relative_dates_resolve_in_memory_and_context(mem: Memory, uid: Callable[[str], str], text: str,
                                                      day: str) -> None:  # fmt: skip
    u = uid("date")
    r = mem.remember(u, text, at=AT)
    ep = mem.store.reader(u).episodes()[-1]
    assert _day(ep.refers_from) == day
    for f in r.added:
        assert _day(f.valid_from) == day  # a past date: the fact holds from then
    query = "我的脚踝怎么了？" if "我" in text else "what happened to my ankle?"
    ctx = mem.context(u, query, at=LATER)
    assert day in ctx.text and "2023-05-08" not in ctx.text


def test_when_question_puts_the_dated_memory_first(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("when")
    mem.remember(u, "I went to the climbing gym last Saturday with Theo.", at=AT)
    mem.remember(
        u, "The climbing gym has a new bouldering wall and I went with Theo.", at="2023-05-09T09:00:00Z"
    )
    items = mem.recall(u, "when did I go to the climbing gym with Theo?", k=3, at=LATER)
    assert "last Saturday" in items[0].text
    assert _day(items[0].date) == "2023-05-06"
    assert "2023-05-06" in mem.context(u, "when did I go to the climbing gym with Theo?", at=LATER).text


def test_range_query_prefers_memories_in_that_range(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("range")
    mem.remember(u, "We had a picnic by the river with the kids.", at="2023-04-10T10:00:00Z")
    mem.remember(u, "We had a picnic in the park with the kids.", at="2023-05-13T10:00:00Z")  # a Saturday
    items = mem.recall(u, "what did we do with the kids last weekend?", k=2, at="2023-05-15T10:00:00Z")
    assert "park" in items[0].text


@pytest.mark.parametrize(
    ("said", "query", "want"),
    [
        # The question shares no word with the message about that day.
        (
            [("Spent the whole afternoon repainting the garden fence.", "2023-05-06T18:00:00Z")],
            "what did I get up to on May 6?",
            "fence",
        ),
        ([("昨天带奶奶去公园晒太阳了。", "2023-05-03T20:00:00+08:00")], "5月2日我干了啥？", "奶奶"),
    ],
)
def test_a_question_naming_a_day_finds_the_messages_about_it(
    mem: Memory, uid: Callable[[str], str], said: list[tuple[str, str]], query: str, want: str
) -> None:
    u = uid("dated")
    for text, at in said:
        mem.remember(u, text, at=at)
    # Messages of other days, some sharing the question's words or characters (日, 月, 2).
    for text, at in [
        ("I got up early and went to the market on Sunday.", "2023-04-17T09:00:00Z"),
        ("我日语说得还行，二月去过一次日本。", "2023-04-20T09:00:00Z"),
        ("What did I get? A new kettle, finally.", "2023-04-22T09:00:00Z"),
        ("我2月份去了趟杭州，干了不少活。", "2023-04-25T09:00:00Z"),
    ]:
        mem.remember(u, text, at=at)
    items = mem.recall(u, query, k=2, at=LATER)
    assert want in items[0].text, [it.text for it in items]


def test_a_day_of_the_month_said_ahead_is_the_coming_one() -> None:
    at = datetime(2023, 5, 8, 12, tzinfo=timezone.utc)
    assert find_spans("复诊定在3月2号", at)[0].start == date(2024, 3, 2)
    assert find_spans("我3月2号复诊过了", at)[0].start == date(2023, 3, 2)
    assert find_spans("my check-up is booked for March 2nd", at)[0].start == date(2024, 3, 2)
    assert find_spans("I had my check-up on March 2nd", at)[0].start == date(2023, 3, 2)


def test_an_english_weekday_or_day_of_the_month_named_for_a_plan_is_the_coming_one() -> None:
    at = datetime(2023, 5, 10, 12, tzinfo=timezone.utc)  # a Wednesday
    assert find_spans("eye doctor appointment on tuesday, finally", at)[0].start == date(2023, 5, 16)
    assert find_spans("the interview was on tuesday", at)[0].start == date(2023, 5, 9)
    assert find_spans("we painted the fence on tuesday", at)[0].start == date(2023, 5, 9)
    assert find_spans("heading to Oslo on April 30", at)[0].start == date(2024, 4, 30)
    # "on the 4th": that day of the month, the coming one for a plan, else the latest
    assert find_spans("leaving for the coast on the 4th", at)[0].start == date(2023, 6, 4)
    assert find_spans("the rent went out on the 4th", at)[0].start == date(2023, 5, 4)
    assert find_spans("our party on the 20th", at)[0].start == date(2023, 5, 20)


def test_weeks_ago_is_that_day_in_a_message_and_about_then_in_a_question() -> None:
    at = datetime(2023, 5, 22, 12, tzinfo=timezone.utc)
    said = find_spans("we adopted the puppy three weeks ago", at)[0]
    assert (said.start, said.end) == (date(2023, 5, 1), date(2023, 5, 1))
    assert find_spans("三周前领养的小狗", at)[0].start == date(2023, 5, 1)
    asked = query_range("what did I do three weeks ago?", at)
    assert asked is not None and asked.start < date(2023, 5, 1) < asked.end


def test_forgetting_a_fact_scrubs_its_episode(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("forget")
    r = mem.remember(u, "I live in Grenoble.", at=AT)
    fact = next(f for f in r.added if f.attribute == "city")
    assert mem.forget(u, fact.id, at=LATER)
    reader = mem.store.reader(u)
    assert all("Grenoble" not in e.text for e in reader.episodes())
    assert reader.search_episodes_text(["grenoble"], 5) == []
    assert all("Grenoble" not in it.text for it in mem.recall(u, "Grenoble", k=5, at=LATER))


def test_episodes_are_threaded_and_scoped(mem: Memory, uid: Callable[[str], str]) -> None:
    u, other = uid("thread"), uid("thread-other")
    mem.remember(u, "Can you suggest a birthday present for my dad?", at=AT)
    mem.remember(
        u, "A good pair of hiking boots would suit him.", role="assistant", at="2023-05-08T12:00:05Z"
    )
    mem.remember(u, "Hiking boots it is.", at="2023-05-09T20:00:00Z")  # a day later: a new conversation
    mem.remember(other, "Hiking boots are on sale.", at=AT)
    eps = mem.store.reader(u).episodes()
    assert [e.position for e in eps] == [0, 1, 0]
    assert eps[1].prev_id == eps[0].id and eps[2].prev_id is None
    # The reply is found through the question it answers (its neighbour).
    items = mem.recall(u, "birthday present ideas for my dad", k=3, at=LATER)
    assert any(it.episode is not None and "boots" in it.episode.text for it in items)
    assert all((it.fact or it.episode).user_id == u for it in items)  # type: ignore[union-attr]


def test_context_floor_drops_what_is_far_below_the_best(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("floor")
    mem.remember(u, "My name is Priya.", at=AT)
    mem.remember(u, "I enjoy knitting on weekends.", at=AT)
    mem.remember(u, "I work at Contoso as an analyst.", at=AT)
    ctx = mem.context(u, "where do I work?", at=LATER)
    assert "Contoso" in ctx.text
    assert "knitting" not in ctx.text and "Priya" not in ctx.text


# ---- pure parts --------------------------------------------------------------------------


def test_time_spans_both_languages() -> None:
    at = datetime(2023, 5, 8, 12, tzinfo=timezone.utc)

    def first(text: str) -> tuple[date, date]:
        s = find_spans(text, at)[0]
        return s.start, s.end

    assert first("two days ago") == (date(2023, 5, 6), date(2023, 5, 6))
    assert first("last month")[0] == date(2023, 4, 1) and first("last month")[1] == date(2023, 4, 30)
    # Said on a Monday: "this Friday" is this week's, "next Friday" next week's (README: Dates)
    assert first("this Friday") == (date(2023, 5, 12), date(2023, 5, 12))
    assert first("next Friday") == (date(2023, 5, 19), date(2023, 5, 19))
    assert first("in three days") == (date(2023, 5, 11), date(2023, 5, 11))
    assert first("上个月")[0] == date(2023, 4, 1)
    assert first("前年") == (date(2021, 1, 1), date(2021, 12, 31))
    # A bare weekday: the coming one when the clause says it lies ahead, else the latest.
    assert first("周六要去看房") == (date(2023, 5, 13), date(2023, 5, 13))
    assert first("星期六我去看了房") == (date(2023, 5, 6), date(2023, 5, 6))
    assert find_spans("我每周六去游泳", at) == [] and find_spans("一周一次", at) == []
    assert first("后年") == (date(2025, 1, 1), date(2025, 12, 31))
    assert first("下周五") == (date(2023, 5, 19), date(2023, 5, 19))  # Friday of next calendar week
    # a day of a month named relatively: that day; a day the month does not have, the month
    assert first("下个月12号交房") == (date(2023, 6, 12), date(2023, 6, 12))
    assert first("上个月三号") == (date(2023, 4, 3), date(2023, 4, 3))
    assert first("下个月31号") == (date(2023, 6, 1), date(2023, 6, 30))
    assert first("last weekend") == (date(2023, 5, 6), date(2023, 5, 7))
    assert find_spans("I like Mondays and May flowers.", at) == []
    assert is_time_question("When did I see the dentist?") and is_time_question("我什么时候去的北京？")
    assert not is_time_question("where do I live?")
    assert query_range("上周我做了什么", at) is not None


def test_fusions_are_pure_and_rank_as_documented() -> None:
    channels = {"bm25": [("a", 9.0), ("b", 8.9), ("c", 1.0)], "exact": [("c", 1.0)]}
    fused = rrf(channels, {"exact": 2.0}, 20)
    assert fused["c"] > fused["a"] > fused["b"]
    scored = score_fusion(channels, {"exact": 0.5})
    assert scored["a"] == pytest.approx(1.0) and scored["b"] == pytest.approx(8.9 / 9.0)
    assert scored["c"] == pytest.approx(1.0 / 9.0 + 0.5)


def test_a_version_2_sqlite_store_is_migrated_in_place(tmp_path: Path) -> None:
    path = tmp_path / "v2.db"
    c = old_sqlite_file(path, 2)
    c.execute("INSERT INTO users VALUES ('u1', 1, 0, 0)")
    t = datetime(2023, 5, 8, tzinfo=timezone.utc).timestamp()
    c.execute("INSERT INTO episodes (id, user_id, role, text, at, ref) VALUES ('m1','u1','user','The kite got stuck in the oak tree.',?,'r1')", (t,))  # fmt: skip
    c.execute("INSERT INTO episodes (id, user_id, role, text, at, ref) VALUES ('m2','u1','user','We got it down with a ladder.',?,'r2')", (t + 60,))  # fmt: skip
    c.commit()
    c.close()
    with Memory(path) as mem:
        eps = mem.store.reader("u1").episodes()
        assert [e.prev_id for e in eps] == [None, "m1"] and eps[1].position == 1
        items = mem.recall("u1", "where was the kite stuck?", k=2, at=LATER)
        assert items and items[0].kind == "episode" and items[0].ref == "r1"


def test_forget_episode_erases_the_message_and_its_facts(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("forget-ep")
    mem.remember(u, "I live in Aarhus.", at=AT, ref="msg-1")
    mem.remember(u, "The tram was late again.", at=LATER, ref="msg-2")
    assert mem.forget_episode(u, "msg-1", at=LATER) == 2  # the message and its city fact
    assert mem.forget_episode(u, "msg-1", at=LATER) == 0
    assert [e.ref for e in mem.store.reader(u).episodes()] == ["msg-2"]
    assert all(f.value != "Aarhus" for f in mem.facts(u, include_frozen=True))
    assert all("Aarhus" not in it.text for it in mem.recall(u, "where do I live? Aarhus", k=5, at=LATER))


def test_export_import_keeps_episodes_threads_and_dates(mem: Memory, uid: Callable[[str], str]) -> None:
    u, v = uid("port"), uid("port-copy")
    mem.remember(u, "My cousin got married last Saturday.", at=AT, speaker="Ravi")
    mem.remember(u, "Congratulations to them!", role="assistant", at="2023-05-08T12:00:30Z")
    raw = mem.export(u).document
    doc = json.loads(raw) if isinstance(raw, str) else raw
    assert doc["schema_version"] == 3
    mem.import_(doc, as_user=v)
    eps = mem.store.reader(v).episodes()
    assert [e.role for e in eps] == ["user", "assistant"]
    assert eps[1].prev_id == eps[0].id and eps[0].speaker == "Ravi"
    assert _day(eps[0].refers_from) == "2023-05-06"
    items = mem.recall(v, "who got married?", k=2, at=LATER)
    assert items and "married" in items[0].text


def test_graph_view_has_an_episode_timeline(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("graph")
    mem.remember(u, "I live in Porto.", at=AT)
    mem.remember(u, "Porto is lovely in spring.", role="assistant", at="2023-05-08T12:00:10Z")
    g = mem.graph(u, include_episodes=True)
    eps = [n for n, d in g.nodes(data=True) if d.get("kind") == "episode"]
    assert len(eps) == 2 and all(g.nodes[n]["lane"] == "timeline" for n in eps)
    types = {d["type"] for _, _, d in g.edges(data=True)}
    assert {"NEXT", "FROM"} <= types
    assert not [n for n, d in mem.graph(u).nodes(data=True) if d.get("kind") == "episode"]
