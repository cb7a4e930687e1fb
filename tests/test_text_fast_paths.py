"""Shortcuts on the write path of a long message, each checked against the plain computation
it stands for: NFKC piece by piece, the index terms of repeated runs, the CJK features of a
long text counted as arrays, the date pattern's first-character lookahead, and the cheap
tests that let the memory-control and secret patterns skip a text they cannot match."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.embedding import hashing as embed
from graphmem.gate import control, secret_text, secrets
from graphmem.text import dates as timeparse
from graphmem.text import terms as textproc

# Ideographs of both unified blocks and the compatibility block, full-width forms, combining
# marks, Hangul jamo that compose, ligatures, circled digits, spaces, ASCII: what NFKC joins,
# splits or reorders next to what it leaves alone.
_MIXED = st.sampled_from(
    list(
        "中文字丽㐀䶵龥豈，。！Ａｂ１①ﬁ㎏e\u0301\u0308\u0327\u0323\u1100\u1161\u11a8가か\u3099 \u3000\u2009\n"
    )
    + ["sk-", "Bearer ", "https://", "别记", "不要", "don't", "save", "this", "off the record", "我", "喜欢"]
)


def _texts(min_size: int = 0, max_size: int = 120) -> st.SearchStrategy[str]:
    return st.lists(_MIXED, min_size=min_size, max_size=max_size).map("".join)


def _prose(words: list[str]) -> st.SearchStrategy[str]:
    """A few clauses of `words`, each said again and again in any order, between
    punctuation and spaces."""
    clause = st.lists(st.sampled_from(words), min_size=1, max_size=5).map("".join)
    return st.lists(clause, min_size=1, max_size=6).flatmap(
        lambda clauses: st.lists(
            st.tuples(st.sampled_from(clauses), st.sampled_from(["，", "。", "！", " ", "\n", "、"])),
            min_size=60,
            max_size=120,
        ).map(lambda parts: "".join(c + p for c, p in parts))
    )


_CJK = ["我", "喜欢", "喝", "乌龙茶", "周末", "去", "西湖", "边", "散步", "丽丽", "的", "了"]
_CJK_PROSE = _prose(_CJK)


@pytest.mark.slow  # long property run
@settings(max_examples=400, deadline=None)
@given(st.one_of(_texts(60, 200), st.text(min_size=60, max_size=200)))
def test_nfkc_by_pieces_is_nfkc(text):
    assert textproc.nfkc(text) == unicodedata.normalize("NFKC", text)


@pytest.mark.slow  # long property run
@settings(max_examples=200, deadline=None)
@given(st.one_of(_texts(0, 200), _prose([*_CJK, " tea ", "Lake", "2024"])))
def test_terms_skip_only_runs_whose_terms_are_capped_already(text):
    """`terms` reads a CJK run four times at most and caps repeats with a count: the same
    terms, counts and first-occurrence order as every run read and each term capped."""
    every = textproc._analysed(text, textproc._index_run_terms)
    want = Counter(every)
    got = textproc.terms(text)
    assert Counter(got) == {t: min(n, textproc.MAX_TERM_REPEATS) for t, n in want.items()}
    assert list(dict.fromkeys(got)) == list(dict.fromkeys(every))


@pytest.mark.slow  # long property run
@settings(max_examples=150, deadline=None)
@given(_CJK_PROSE)
def test_terms_of_long_cjk_prose_read_each_run_once(text):
    """A long text with no Latin word reads each distinct run once (`_cjk_prose_terms`):
    the capped counts and first-occurrence order of reading every run."""
    every = textproc._analysed(text, textproc._index_run_terms)
    got = textproc.terms(text)
    assert Counter(got) == {t: min(n, textproc.MAX_TERM_REPEATS) for t, n in Counter(every).items()}
    assert list(dict.fromkeys(got)) == list(dict.fromkeys(every))


def test_a_run_repeated_past_the_cap_adds_nothing():
    once = textproc.terms("我喜欢喝乌龙茶。")
    assert Counter(textproc.terms("我喜欢喝乌龙茶。" * 9)) == Counter({t: 4 for t in once})


@settings(max_examples=150, deadline=None)
@given(_texts(0, 40), st.integers(min_value=20, max_value=40), st.lists(_texts(0, 60), max_size=30))
def test_batched_vectors_are_the_feature_by_feature_vectors(chunk, times, others):
    """A batch of `_LONG_TEXT` characters or more has its CJK features counted with numpy
    for all its texts at once: each vector is the one the per-feature path gives, to the bit."""
    long = (chunk + "我们周末去西湖边喝茶 tea by the lake。") * times
    texts = [long, *others, *others[:3]]
    assert sum(len(textproc.normalize(t)) for t in dict.fromkeys(texts)) >= embed._LONG_TEXT
    e = embed.HashingEmbedder(64)
    fast = e.embed(texts)
    old, embed._LONG_TEXT = embed._LONG_TEXT, 10**9
    try:
        slow = e.embed(texts)
    finally:
        embed._LONG_TEXT = old
    assert np.array_equal(fast, slow)


def test_crc_of_rows_is_zlib_crc32():
    import zlib

    rows = np.frombuffer("中文丽㐀龥豈".encode(), dtype=np.uint8).reshape(-1, 3)
    assert [int(h) for h in embed._crc32_rows(rows)] == [zlib.crc32(bytes(r)) for r in rows]


_ZH_LOOKAHEAD = timeparse._ZH.pattern[: timeparse._ZH.pattern.index(")") + 1]
_ZH_PLAIN = re.compile(timeparse._ZH.pattern.replace(_ZH_LOOKAHEAD, "", 1))
_DATE_PIECES = st.sampled_from(
    list("大前天昨今明后上下这本周星期礼拜去年月日号个一二两三四五六七八九十零0123456789２每次前以之末我，")
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_DATE_PIECES, max_size=30).map("".join))
def test_the_date_lookahead_changes_no_match(text):
    assert _ZH_LOOKAHEAD.startswith("(?=[")
    got = [(m.span(), m.group()) for m in timeparse._ZH.finditer(text)]
    assert got == [(m.span(), m.group()) for m in _ZH_PLAIN.finditer(text)]


_CONTROL_PIECES = st.sampled_from(
    ["don't", "DON'T", "Do Not", "never", "no need to", "you don't need to", "There's no need to", " ", ", ",
     "but ", "please ", "remember", "SAVE", "store", "keep a note of", "write it down", "this", "that",
     "what I said", "off the record", "Off The Record", "between us", "stays between you and me",
     "not for the memory", "ſave", "K", "ever ", "别", "不要", "千万别", "记", "这个", "帮我", "存", "往记忆里", "，",
     "再", "保存", "留底"]
)  # fmt: skip


# Requests built as the patterns read them: an opening, a negation, a verb, an object.
_REQUESTS = st.tuples(
    st.sampled_from(["", "ok ", "but ", "Please, ", "so just ", "我说，", "，"]),
    st.sampled_from(["don't", "Do NOT", "never", "you do not need to", "You don't need to", "there is no need to",
                     "no need to", "别", "不要", "千万不要", "不用", "请勿"]),
    st.sampled_from([" ", "  ", " ever ", "", "帮我", "再"]),
    st.sampled_from(["remember", "save", "write that down", "make a note of", "keep a record of", "记下来", "存起来",
                     "保存", "留底"]),
    st.sampled_from([" this", " that one", " what I just said", " the following", "", "啊", "，"]),
).map("".join)  # fmt: skip


@pytest.mark.slow  # long property run
@settings(max_examples=500, deadline=None)
@given(st.one_of(st.lists(_CONTROL_PIECES, min_size=1, max_size=10).map("".join), _REQUESTS))
def test_the_dont_keep_test_is_needed_by_both_patterns(text):
    """`_may_hold_dont_keep` says False only where the pattern cannot match."""
    zh, en = control._may_hold_dont_keep(text)
    assert zh or not control._DONT_KEEP_ZH.search(text), text
    assert en or not control._DONT_KEEP_EN.search(text), text


_SECRET_PIECES = st.sampled_from(
    ["sk-", "sk_live_", "pk_test_", "whsec_", "AKIA", "ghp_", "ghx_", "github_pat_", "glpat-", "xoxb-", "AIza",
     "ya29.", "hf_", "npm_", "SG.", "eyJ", "hooks.slack.com/services/", "abcdefghijKLMNOP0123456789", "_", "-",
     ".", " ", "Bearer ", "BEARER ", "https://", "user:", "p4ss@", "host", "?", "&", "token=", "pwd=", "x"]
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.lists(_SECRET_PIECES, min_size=1, max_size=12).map("".join))
def test_the_secret_pattern_shortcuts_skip_only_texts_they_cannot_match(text):
    if secrets._VENDOR.search(text):
        assert any(lit in text for lit in secrets._VENDOR_LITERALS), text
    if secrets._BEARER.search(text):
        assert "bearer" in text.lower()
    if secrets._URL_CRED.search(text):
        assert "://" in text
    if secrets._URL_PARAM.search(text):
        assert "=" in text


@settings(max_examples=300, deadline=None)
@given(_texts(1, 80))
def test_one_for_one_folds_keep_every_offset(text):
    """A text whose folds are each one character keeps no offset map: every character of
    the folded text stands where its original did."""
    folded, origin = secret_text.normalise(text)
    if origin is None:
        assert len(folded) == len(text)
        for a, b in zip(folded, text, strict=True):
            assert a == b or secret_text._fold(b) == a
    else:
        assert len(origin) == len(folded)
