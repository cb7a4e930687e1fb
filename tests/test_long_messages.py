"""Long messages on the write path, on both stores: arbitrating a message's candidates
against facts read once per message (graphmem.write.active_view) decides exactly what asking the
store per candidate decided, and a message with more candidates than the rules read
(graphmem.extract.MAX_CANDIDATES) keeps the rest as its episode."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import Any

from graphmem import Memory
from graphmem.extract import MAX_CANDIDATES, RuleExtractor
from graphmem.write.active_view import ActiveView
from graphmem.write.transaction import Applier, Prepared

T0 = datetime(2026, 4, 1, 9, tzinfo=timezone.utc)


class NoView(ActiveView):
    """A view that answers nothing: every read goes to the store."""

    def facts(self, attribute: str, subject_id: str, keys: Any) -> None:
        return None


class OneByOne(Applier):
    """The write path without the per-message view: every read asks the store, every
    reinforcement is written when it happens."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.view = NoView()

    def apply_all(self, prepared: list[Prepared]) -> None:
        for p in prepared:
            self.apply(p)


class OneByOneMemory(Memory):
    applier_class = OneByOne


#: (message, minutes after T0): corrections, repeats, polarity and retractions inside one
#: message, people and their facts, both languages, and messages dated at, before and
#: after earlier ones (facts recorded at the same instant keep their store order).
_MESSAGES = [
    ("I live in Porto. I like green tea. I like green tea. My sister Ines lives in Braga.", 0),
    ("Actually I moved to Lisbon. I like green tea! I don't like green tea anymore. Ines likes chess.", 0),
    ("I work at Norbrook as a welder. I live in Faro. I live in Faro. I live in Coimbra.", 5),
    ("I'm allergic to shellfish. I'm allergic to shellfish. My brother Rui is a pilot.", -30),
    ("I no longer work at Norbrook. I work at Vessel Labs now. Rui lives in Evora. Rui lives in Tavira.", 60),
    ("我住在杭州。我喜欢喝普洱。我喜欢喝普洱。我妹妹叫小雨，她在南京上班。", 60),
    ("我搬到成都了。我不喜欢喝普洱了。我喜欢喝普洱。我对芒果过敏。我对芒果过敏。", 60),
    ("I like green tea. I live in Porto. I live in Lisbon. I live in Porto.", 90),
]


def _replay(mem: Memory, user: str) -> list[Any]:
    ids: dict[str, str] = {}

    def n(x: str | None) -> str | None:
        return None if x is None else ids.setdefault(x, f"#{len(ids)}")

    out: list[Any] = []
    for text, minutes in _MESSAGES:
        r = mem.remember(user, text, at=T0 + timedelta(minutes=minutes))
        out.append((
            [(n(f.id), f.attribute, f.value, f.status) for f in r.added],
            [(n(f.id), f.confidence, f.access_count) for f in r.reinforced],
            [(n(o.id), n(w.id)) for o, w in r.superseded], [n(f.id) for f in r.retracted],
            [n(f.id) for f in r.kept_frozen], [(a.action, a.rule, a.detail) for a in r.audit],
        ))  # fmt: skip
    for f in mem.facts(user, include_frozen=True):
        out.append((n(f.id), f.subject_name, f.attribute, f.value, f.status, f.confidence, f.access_count,
                    f.last_accessed_at, f.valid_to, n(f.superseded_by)))  # fmt: skip
    out.append([(n(h.fact.id), [(a.action, a.rule) for a in h.events]) for h in mem.history(user)])
    return out


def test_one_read_per_message_decides_what_one_read_per_candidate_did(
    mem: Memory, store_target: str, uid: Callable[[str], str]
) -> None:
    batched, one_by_one = uid("batched"), uid("one-by-one")
    reference = OneByOneMemory(store_target)
    try:
        want = _replay(reference, one_by_one)
    finally:
        reference.close()
    got = _replay(mem, batched)
    assert got == want
    assert any(r[1] for r in got[: len(_MESSAGES)]), "the messages reinforce facts"
    assert any(r[2] for r in got[: len(_MESSAGES)]), "the messages supersede facts"


def test_a_fact_repeated_in_one_message_is_stored_as_its_last_reinforcement(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    u = uid("repeat")
    r = mem.remember(
        u, "I am allergic to walnuts. I am allergic to walnuts. I am allergic to walnuts.", at=T0
    )
    (fact,) = [f for f in mem.facts(u) if f.attribute != "note"]
    assert [f.id for f in r.reinforced] == [fact.id, fact.id]
    assert (fact.confidence, fact.access_count) == (r.reinforced[-1].confidence, 2)
    assert r.reinforced[0].confidence < r.reinforced[1].confidence


def _statements(n: int) -> str:
    """`n` different statements the rules read one fact from each."""
    firsts = ["Oak", "Fern", "Moss", "Reed", "Sage", "Thorn", "Vale", "Wren", "Birch", "Cedar", "Flint"]
    seconds = ["bridge", "hollow", "crest", "field", "ford", "gate", "harbor", "mill", "ridge", "stone"]
    return " ".join(f"My friend {firsts[i % 11]}{seconds[i // 11 % 10]} lives in Tallinn." for i in range(n))


def test_a_message_past_the_candidate_cap_keeps_the_rest_as_its_episode(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    u = uid("long")
    text = _statements(3 * MAX_CANDIDATES) + " I keep bees on the roof of the old mill."
    r = mem.remember(u, text, at=T0, ref="long-1")
    capped = [i for i in r.ignored if i.reason == "candidate_cap"]
    assert MAX_CANDIDATES <= len(mem.facts(u)) < MAX_CANDIDATES + 8
    assert capped and capped[-1].text == "I keep bees on the roof of the old mill."
    (episode,) = mem.store.reader(u).episodes()
    assert episode.text == text.strip()  # nothing of the message is lost
    found = mem.recall(u, "who keeps bees on a roof", k=4, at=T0 + timedelta(hours=1))
    assert any(it.episode is not None and it.episode.ref == "long-1" for it in found)


def test_a_message_under_the_cap_reads_as_without_one(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    text = _statements(MAX_CANDIDATES // 4) + " I like green tea and I'm allergic to pollen."
    capped, uncapped = open_memory(), open_memory(extractor=RuleExtractor(max_candidates=10**9))
    a, b = uid("a"), uid("b")
    ra, rb = capped.remember(a, text, at=T0), uncapped.remember(b, text, at=T0)
    assert not [i for i in ra.ignored if i.reason == "candidate_cap"]
    assert [(f.attribute, f.value, f.subject_name) for f in ra.added] == [
        (f.attribute, f.value, f.subject_name) for f in rb.added
    ]


def test_a_lazily_gated_message_reads_as_an_eagerly_gated_one() -> None:
    from graphmem.gate import screen

    text = (
        "Hi there! I moved to Quito in May. ok thanks. Is it cold there? My password is Tr0ub4dor&3. "
        "好的，我下周去西宁。今天好困啊。我弟弟叫阿木。"
    )
    eager, lazy = screen(text), screen(text, lazy=True)
    assert lazy.refused == eager.refused and lazy.redacted == eager.redacted
    assert list(lazy.sentences) == list(eager.sentences) and len(eager.sentences) >= 3
    assert lazy.ignored == eager.ignored and {i.reason for i in eager.ignored} >= {"greeting", "question"}


def test_past_the_cap_sentences_are_not_noise_gated_but_secrets_still_are(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    u = uid("tail")
    tail = " Hello again! My bank PIN is 80417 and the wifi password is qx7-Lamp-92."
    text = _statements(2 * MAX_CANDIDATES) + tail
    r = mem.remember(u, text, at=T0)
    capped = [i.text for i in r.ignored if i.reason == "candidate_cap"]
    assert capped[0].startswith("My friend") and "Hello again!" in capped  # read by no one, gated by no one
    assert not [i for i in r.ignored if i.reason == "greeting"]
    assert [x.kind for x in r.refused] == ["password", "password"]  # the PIN and the wifi password
    (episode,) = mem.store.reader(u).episodes()
    assert "80417" not in episode.text and "qx7-Lamp-92" not in episode.text
    assert not any("80417" in i.text or "qx7" in i.text for i in r.ignored)
    for f in mem.facts(u, include_frozen=True):
        assert "80417" not in f.text + f.source_text + f.value and "qx7" not in f.text + f.source_text


class _CountingWriter:
    """A writer that counts the facts reads sent through it and passes everything on."""

    def __init__(self, writer: Any) -> None:
        self.writer = writer

    def facts(self, **kw: Any) -> Any:
        CountingApplier.reads += 1
        return self.writer.facts(**kw)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.writer, name)


class CountingApplier(Applier):
    """The message's applier, counting the facts reads it sends to the store."""

    reads = 0

    def apply_all(self, prepared: list[Prepared]) -> None:
        writer = self.w
        self.w = _CountingWriter(writer)
        try:
            super().apply_all(prepared)
        finally:
            self.w = writer


def test_a_new_users_first_message_is_arbitrated_without_a_read_per_candidate(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    mem = open_memory()
    mem.applier_class = CountingApplier
    CountingApplier.reads = 0
    r = mem.remember(
        uid("first"), _statements(MAX_CANDIDATES // 2) + " I live in Tartu. I like rye bread.", at=T0
    )
    assert len(r.added) > MAX_CANDIDATES // 2
    assert CountingApplier.reads <= 2, "the subjects it creates have no stored facts to read"
