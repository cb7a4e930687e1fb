"""Text normalisation before the rule tables (graphmem.lang.normalise) and the value checks
at candidate validation (graphmem.lang.values): asides, fillers and slips do not hide a
statement, values stop where the value stops, and a role or a story is no value."""

from __future__ import annotations

import pytest

from graphmem import Memory
from graphmem.extract import RuleExtractor
from graphmem.lang import values
from graphmem.lang.normalise import normalise
from graphmem.lang.typos import Typos, cue_vocabulary, cue_word_uses

AT = "2026-05-04T09:00:00Z"


def _read(text: str) -> set[tuple[str, str]]:
    return {(c.attribute, c.value) for c in RuleExtractor().extract([text]).candidates}


# A1: a statement after a lead-in or an aside is still read.
@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("random thought but, I'm allergic to kiwi", ("allergy", "kiwi")),
        ("okay so slightly off topic: my sister lives in Bristol", ("city", "Bristol")),
        ("heads-up for later — I work at Umbrella Corp", ("employer", "Umbrella Corp")),
        ("discovered I'm allergic to walnuts", ("allergy", "walnuts")),
        ("说个题外话，我住在苏州", ("city", "苏州")),
        ("顺便提一下我对芒果过敏", ("allergy", "芒果")),
    ],
)
def test_a_lead_in_does_not_hide_the_statement(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "if the rent goes up, I'm moving to Leeds",  # a condition keeps it a hypothetical
        "my aunt thinks, I'm allergic to cats",  # a report is not the user's statement
        "要是中了彩票，我住在海边",
        "scratch the camping trip, I'm working Saturday",  # a lead naming a thing is content
        "楼下装修吵死了，我住在五楼",  # a statement of its own, not talk
    ],
)
def test_a_condition_or_a_report_is_not_peeled(text: str) -> None:
    assert normalise(text, "zh" if "中" in text else "en") == text


# A2: fillers between subject and predicate.
@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I'm honestly 47", ("age", "47")),
        ("I'm lol legit vegetarian", ("diet", "vegetarian")),
        ("I'm like 33", ("age", "33")),
        ("我基本上对虾过敏", ("allergy", "虾")),
        ("我说实话住在厦门", ("city", "厦门")),
    ],
)
def test_fillers_are_taken_off(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


def test_a_filler_word_that_is_the_verb_stays() -> None:
    assert normalise("I like mangoes", "en") == "I like mangoes"  # "like" is a filler only after "am"
    assert ("likes", "mangoes") in _read("I like mangoes")


# A3: typos of the words the rules key on, repaired against the pack's own vocabulary.
@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I'm alergic to sesame", ("allergy", "sesame")),
        ("im a vegitarian now", ("diet", "vegetarian")),
        ("I'm lving in Porto", ("city", "Porto")),
        ("I'm maried to Renata", ("spouse", "Renata")),
        ("my dauhgter is called Ines", ("child", "Ines")),
    ],
)
def test_cue_words_are_repaired(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I word hard on weekends",  # a real word is never repaired
        "I'm marred by doubt",
        "the mould came back in the shower",  # one letter from "could", a cue word
        "grew up in leeds",  # a place after "in", one letter from "needs"
        "Alergic is my cat's name",  # a capitalised word is a name
        "my allergist retired",  # two edits from "allergic", but another word's ending
    ],
)
def test_real_words_and_names_are_left_alone(text: str) -> None:
    assert normalise(text, "en") == text


def test_the_vocabulary_comes_from_the_rules() -> None:
    vocab = cue_vocabulary("en")
    assert {"allergic", "vegetarian", "married", "daughter"} <= vocab


def test_provenance_is_the_piece_as_said() -> None:
    said = "I'm seriously alergic to sesame"
    (c,) = [c for c in RuleExtractor().extract([said]).candidates if c.attribute == "allergy"]
    assert c.source_text == said


# A4: a value stops where the value stops.
@pytest.mark.parametrize(
    ("text", "fact", "not_in"),
    [
        (
            "I'm allergic to latex ever since the surgery, found out the hard way",
            ("allergy", "latex"),
            "surgery",
        ),
        (
            "I'm allergic to bee stings which my doctor figured out last spring",
            ("allergy", "bee stings"),
            "doctor",
        ),
        ("I love bouldering when the gym is empty", ("likes", "bouldering"), "gym"),
    ],
)
def test_values_stop_where_the_value_stops(text: str, fact: tuple[str, str], not_in: str) -> None:
    got = _read(text)
    assert fact in got
    assert not any(not_in in v for a, v in got if a in ("allergy", "likes"))


def test_trim_cuts_time_and_story_tails() -> None:
    assert values.trim("allergy", "shellfish since I was a kid") == "shellfish"
    assert values.trim("allergy", "尘螨从小就有") == "尘螨"
    assert values.trim("likes", "The Last of Us") == "The Last of Us"  # a title keeps its words
    assert values.trim("city", "Porto since May") == "Porto since May"  # places have their own cleaner


# C: a value must be a value.
@pytest.mark.parametrize(
    ("attribute", "value", "why"),
    [
        ("spouse", "my boss", "not_a_name"),
        ("friend", "the team lead", "not_a_name"),
        ("friend", "我老公", "not_a_name"),
        ("spouse", "领导", "not_a_name"),
        ("allergy", "I found out at the clinic", "not_a_thing"),
        ("likes", "我小时候天天去河边钓鱼的那段日子", "not_a_thing"),
    ],
)
def test_a_role_or_a_story_is_no_value(attribute: str, value: str, why: str) -> None:
    assert values.problem(attribute, value, relation=attribute in ("spouse", "friend")) == why


def test_a_name_and_a_thing_are_values() -> None:
    assert values.problem("spouse", "Renata", relation=True) is None
    assert values.problem("spouse", "阿明", relation=True) is None
    assert values.problem("allergy", "peanuts", relation=False) is None
    # an unnamed person of this very kind stands as the word for them until a name is said
    assert values.problem("parent", "dad", relation=True, placeholder=True) is None


@pytest.mark.both_stores
def test_messy_chat_end_to_end(mem: Memory, uid) -> None:
    """Asides, fillers, a typo, a story tail, and a role said as a name, on a real store."""
    u = uid("norm")
    mem.remember(u, "ok random aside, I'm ngl seriously alergic to kiwi ever since a trip to Chile", at=AT)
    mem.remember(u, "我老公是我们部门领导", at=AT)
    mem.remember(u, "对了，我基本上住在青岛", at=AT)
    allergy = [f.value for f in mem.get(u, "allergy")]
    assert allergy == ["kiwi"]
    assert [f.value for f in mem.get(u, "city")] == ["青岛"]
    assert not any(
        "领导" in str(f.value) or f.value == "老公" for f in mem.facts(u) if f.attribute == "friend"
    )
    # nothing said is lost: every message is kept as its episode
    assert any("领导" in it.text for it in mem.recall(u, "我老公在部门里是做什么的", k=6))


def test_a_typo_equally_near_two_cue_words_goes_to_the_much_more_used_one_or_stays() -> None:
    uses = cue_word_uses("en")
    # "lving" is one letter from both "living" and "loving"; the rules use "living" far more.
    assert uses["living"] >= 3 * max(uses["loving"], 1)
    assert normalise("I'm lving in Porto", "en") == "I'm living in Porto"
    # Two cue words used about as often: a token one letter from each is left as typed.
    words = frozenset({"living", "loving"})
    index: dict[str, frozenset[str]] = {}
    for w in words:
        for form in {w} | {w[:i] + w[i + 1 :] for i in range(len(w))}:
            index[form] = index.get(form, frozenset()) | {w}
    even = Typos(frozenset(), words, {"living": 2, "loving": 2}, index, 4, 8, {})
    lopsided = Typos(frozenset(), words, {"living": 6, "loving": 2}, index, 4, 8, {})
    assert even.repair("lving") is None
    assert lopsided.repair("lving") == "living"


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I'm actually 41", ("age", "41")),
        ("I'm technically a paralegal", ("job_title", "paralegal")),
        ("I actually live in Kraków", ("city", "Kraków")),
    ],
)
def test_precision_cues_do_not_hide_the_statement(text: str, fact: tuple[str, str]) -> None:
    assert fact in _read(text)


def test_a_described_workplace_is_no_employer_in_a_work_frame() -> None:
    assert not [v for (a, v) in _read("我一直在一家卖建材的公司打工") if a == "employer"]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("my ex jake moved away", "my ex Jake moved away"),  # one letter from "make": a name
        ("we adopted a cat named mochi", "we adopted a cat named Mochi"),
        ("my dog barks at night", "my dog barks at night"),  # a verb after the lead stays
        ("about me: i'm ingrid, 41", "about me: I'm Ingrid, 41"),
        ("I'm tired, 3 hours of sleep", "I'm tired, 3 hours of sleep"),  # no name: a state
    ],
)
def test_a_name_typed_in_lower_case_where_a_name_goes_gets_its_capital(text: str, read: str) -> None:
    assert normalise(text, "en") == read


def test_shouted_pieces_are_read_as_typed_in_lower_case() -> None:
    assert normalise("THEY PROMOTED ME TO SHIFT LEAD", "en") == "they promoted me to shift lead"
    assert normalise("its JEN not jon", "en") == "its JEN not jon"  # a word in capitals stays


def test_a_token_too_long_for_a_slip_is_never_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """An 8,000-letter token is no slip of a cue word: it is left as it is without building its
    forms with two letters deleted (tens of millions for such a token: seconds per message)."""
    import graphmem.lang.normalise as module
    import graphmem.lang.typos as typo_module

    def searched(word: str, depth: int) -> set[str]:
        raise AssertionError(f"searched a token of {len(word)} letters")

    token = "abcdefghij" * 800
    typos = module.normaliser("en").typos
    assert typos is not None
    monkeypatch.setattr(typo_module, "_deletes", searched)
    assert typos.repair(token) is None
    assert normalise(token, "en") == token


def test_typo_targets_are_cue_words_not_example_values() -> None:
    """An example's values are what users say ("soda", "kefir"): as targets they would turn a
    user's own word into one of them ("soba" -> "soda"). The diet handler's words stay targets."""
    from graphmem.extract.lexicon import EN_DIETS

    vocab = cue_vocabulary("en")
    assert {w for w in EN_DIETS if w.isalpha() and len(w) >= 4} <= vocab
    for word in ("soda", "kefir", "kombucha"):
        assert word not in vocab
    assert ("likes", "soba") in _read("I really like soba bc its light")
    assert ("likes", "udon") in _read("i love udon")
