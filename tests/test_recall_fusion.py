"""Recall fusion (both stores where a store is involved): how the exact lookup's facts,
the named speaker and the text channels share one score scale."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Config, Memory
from graphmem.recall.fusion import score_fusion

AT = "2024-02-05T10:00:00Z"
LATER = "2024-02-20T10:00:00Z"


def test_score_fusion_counts_exact_hits_as_they_are_and_decays_the_graph_walk() -> None:
    channels = {
        "exact": [("a", 1.0), ("b", 1.0), ("c", 0.2)],
        "graph": [("d", 1.0), ("e", 1.0)],
        "episode_bm25": [("c", 4.0), ("x", 2.0)],
    }
    fused = score_fusion(channels, {"exact": 2.0, "graph": 0.5, "episode_bm25": 1.0})
    # Equally exact hits count alike, whatever their place in the list.
    assert fused["a"] == pytest.approx(2.0) and fused["b"] == pytest.approx(2.0)
    assert fused["c"] == pytest.approx(0.4 + 1.0)  # a crowd's share plus its text score
    assert fused["d"] > fused["e"]  # the walk keeps its order
    assert fused["x"] == pytest.approx(0.5)


def test_a_crowded_attribute_does_not_drown_the_turn_that_answers(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    """A question about a trip asks the event attribute, and a user has many events: the attribute
    cue alone names none of them, so the turn whose words answer comes first."""
    u = uid("crowd")
    for i, place in enumerate(["the dentist", "the bakery", "the harbour", "the museum", "the library",
                               "the cinema", "the garden centre", "the post office"]):  # fmt: skip
        mem.remember(u, f"Yesterday I went to {place}.", at=f"2024-01-{10 + i:02d}T10:00:00Z")
    mem.remember(u, "On the choir outing we finally sang the Faure requiem in the cathedral.", at=AT)
    assert len(mem.get(u, "event")) >= 8  # the crowd the cue "trip" asks about
    items = mem.recall(u, "When was the trip where the choir sang in the cathedral?", k=4, at=LATER)
    assert "requiem" in items[0].text


def test_a_named_speaker_prefers_their_own_words(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    m = open_memory()
    u = uid("spk")
    m.remember(u, "The new bike lane on Quay Road is great, the bike lane feels safe.", at=AT, speaker="Ines")
    m.remember(u, "I think the bike lane is too narrow.", at="2024-02-05T10:01:00Z", speaker="Tomasz")
    named = m.recall(u, "What does Tomasz think about the bike lane?", k=2, at=LATER)
    assert named[0].episode is not None and named[0].episode.speaker == "Tomasz"
    other = m.recall(u, "What does Ines think about the bike lane?", k=2, at=LATER)
    assert other[0].episode is not None and other[0].episode.speaker == "Ines"


def test_speaker_boost_is_configurable(open_memory: Callable[..., Memory], uid: Callable[[str], str]) -> None:
    """With the boost off, naming a speaker is one BM25 term among others (the control of
    the test above: the boost is what moves the ranking when the words favour the other)."""
    u = uid("spk0")
    texts = [("The ferry timetable changed, the ferry now leaves at nine, ferry fans rejoice.", "Ines"),
             ("The ferry is late again.", "Tomasz")]  # fmt: skip
    writer = open_memory()
    for i, (text, who) in enumerate(texts):
        writer.remember(u, text, at=f"2024-02-05T10:0{i}:00Z", speaker=who)
    scores = {}
    for boost in (0.0, 1.0):  # the same memories, recalled with the boost off and on
        m = open_memory(config=Config(speaker_boost=boost))
        items = m.recall(u, "What did Tomasz say about the ferry?", k=2, at=LATER)
        scores[boost] = {it.episode.speaker: it.score for it in items if it.episode is not None}
    ratio = {b: s["Tomasz"] / s["Ines"] for b, s in scores.items()}
    assert ratio[1.0] == pytest.approx(2 * ratio[0.0], rel=0.01)
