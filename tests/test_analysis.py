"""The two sides of the index: a document's terms (`terms`) and a query's (`query_terms`).

Chinese documents are indexed with every dictionary word in them and queries searched
with their search-mode words, so what a query says is always among the terms of a
document that says it; every character is a term on both sides."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.text.terms import ZH_STOP, query_terms, terms

#: Characters of everyday Chinese words (food, family, places, time), so that generated
#: text holds dictionary words, overlapping ones and unknown runs alike.
_ALPHABET = (
    "我妹妹住在杭州西湖边周末喜欢吃香菜火锅牛肉面爸爸妈妈医院工作公司北京大学生活天气很好明昨今年月日去买书"
)
_cjk = st.text(alphabet=_ALPHABET, min_size=1, max_size=40)


@settings(max_examples=300, deadline=None)
@given(
    before=st.text(alphabet=_ALPHABET, max_size=20),
    query=_cjk,
    after=st.text(alphabet=_ALPHABET, max_size=20),
)
def test_every_query_term_is_a_term_of_a_document_saying_it(before: str, query: str, after: str) -> None:
    doc = before + query + after
    assert set(query_terms(query)) <= set(terms(doc))


@settings(max_examples=100, deadline=None)
@given(_cjk)
def test_every_character_is_a_term_on_both_sides(text: str) -> None:
    chars = {ch for ch in text if ch not in ZH_STOP}
    assert chars <= set(terms(text))
    assert chars <= set(query_terms(text))


def test_a_document_holds_the_words_inside_its_words() -> None:
    doc = set(terms("她在北京大学读研究生"))
    assert {"北京", "大学", "北京大学", "研究", "研究生"} <= doc


def test_a_query_keeps_to_its_own_words() -> None:
    # Full mode would also read 大学生 across 大学|生活; a query says what it says.
    q = query_terms("北京大学生活")
    assert "北京大学" in q and "生活" in q
    assert "大学生" not in q


def test_latin_text_is_analysed_alike_on_both_sides() -> None:
    text = "My sister moved to Lisbon and loves cycling"
    assert terms(text) == query_terms(text)


def test_a_name_outside_the_dictionary_is_found_by_its_characters(tmp_path) -> None:
    from graphmem import Memory

    with Memory(str(tmp_path / "m.db")) as mem:
        mem.remember("u", "我的新同事叫覃翊暄，他从成都来。", at="2026-03-01T10:00:00Z")
        mem.remember("u", "周末我去超市买了很多水果。", at="2026-03-02T10:00:00Z")
        top = mem.recall("u", "覃翊暄是哪里人", k=1)
    assert top and "覃翊暄" in (top[0].episode.text if top[0].episode else top[0].fact.source_text)


def test_document_words_are_every_dictionary_word_jieba_finds() -> None:
    import jieba

    from graphmem.text.terms import cjk_index_words

    for run in ("我外婆在苏州开了一家小面馆", "下个月我们全家去云南旅游", "他是中华人民共和国公民"):
        full = [w for w in jieba.cut(run, cut_all=True) if len(w) > 1 and w not in ZH_STOP]
        assert cjk_index_words(run) == full


# --- what a document gives the index ---------------------------------------------------


def test_a_document_gives_each_term_at_most_a_few_times() -> None:
    from graphmem.text.terms import MAX_TERM_REPEATS

    doc = terms("Tea, tea and more tea: tea in the morning, tea at noon, tea at night. 茶茶茶茶茶茶")
    assert doc.count("tea") == MAX_TERM_REPEATS
    assert doc.count("茶") == MAX_TERM_REPEATS
    assert doc.count("morn") == 1 and doc.count("noon") == 1  # the rest as it was, in order
    assert doc.index("morn") < doc.index("noon")


def _long_message(tail: str) -> str:
    """Over a hundred distinct words of chatter, then `tail`."""
    topics = "garden kettle violin harbour lantern meadow pebble quilt saddle timber".split()
    things = "orange velvet copper silent frozen hollow narrow gentle rusty ancient".split()
    filler = " ".join(f"The {a} {b} was mentioned near the {b}{i} again." for i, (a, b) in enumerate(
        (a, b) for a in things for b in topics))  # fmt: skip
    return f"{filler} {tail}"


def test_a_long_messages_facts_are_indexed_with_their_own_clause() -> None:
    from graphmem.text.terms import MAX_MESSAGE_TERMS, message_terms

    clause = "My cousin Priya teaches violin at a conservatory in Ghent."
    long = _long_message(clause)
    assert len(set(terms(long))) > MAX_MESSAGE_TERMS
    assert message_terms(long, clause) == terms(clause)
    short = "I moved to Ghent last spring. " + clause
    assert message_terms(short, clause) == terms(short)  # a short one: the whole message


def test_a_fact_late_in_a_long_message_is_found_by_its_clause(tmp_path) -> None:
    from graphmem import Memory

    with Memory(str(tmp_path / "m.db")) as mem:
        mem.remember(
            "u",
            _long_message("I work at Halvorsen Foundry, pouring bronze bells."),
            at="2026-03-01T10:00:00Z",
        )
        mem.remember("u", "I live in Tromso.", at="2026-03-02T10:00:00Z")
        items = mem.recall("u", "who pours bronze bells", k=3)
    facts = [it for it in items if it.fact is not None and "Halvorsen" in str(it.fact.value)]
    assert facts and "bm25" in facts[0].channels
