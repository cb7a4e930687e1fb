"""spaCy Matcher time expressions (graphmem/extract/nlp.py) and what the rules do with them:
one-off events against habits and schedules, and values trimmed of trailing times."""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.extract import ExtractContext, RuleExtractor, nlp


def spans(text: str, lang: str) -> list[tuple[str, str]]:
    return [(text[s:e], label) for s, e, label in nlp.time_expressions(text, lang)]


@pytest.fixture(scope="module", autouse=True)
def _warm():
    nlp.warm()


# --- spans --------------------------------------------------------------------------

EN_SPANS = [
    ("Tomorrow I fly to Denver.", [("Tomorrow", "TIME")]),
    ("Can we do tonight instead?", [("tonight", "TIME")]),
    ("The vet appointment is next Tuesday afternoon.", [("next Tuesday afternoon", "TIME")]),
    ("I'm seeing the dentist this Friday morning.", [("this Friday morning", "TIME")]),
    ("The movers come the day after tomorrow.", [("the day after tomorrow", "TIME")]),
    ("My sister lands on Sunday at 6:45 pm.", [("on Sunday at 6:45 pm", "TIME")]),
    ("I have a call at 7am with Berlin.", [("at 7am", "TIME")]),
    ("The lease ends in two weeks.", [("in two weeks", "TIME")]),
    ("We close on the house in a couple of months.", [("in a couple of months", "TIME")]),
    ("I broke my wrist three days ago.", [("three days ago", "TIME")]),
    ("My passport expires on March 3rd, honestly.", [("on March 3rd", "TIME")]),
    ("Grandma turns 90 this coming Saturday.", [("this coming Saturday", "TIME")]),
    ("We moved out over the weekend.", [("over the weekend", "TIME")]),
    (
        "Not last week: next month, around noon.",
        [("last week", "TIME"), ("next month", "TIME"), ("around noon", "TIME")],
    ),
    ("I swim every Tuesday evening.", [("every Tuesday evening", "RECUR")]),
    ("Choir practice is on Thursdays.", [("on Thursdays", "RECUR")]),
    ("I jog every morning before work.", [("every morning", "HABIT")]),
    ("I usually cook twice a week.", [("usually", "HABIT"), ("twice a week", "HABIT")]),
    ("I wake up at 6:30 am every day.", [("at 6:30 am every day", "HABIT")]),
    # not times: plural weekdays are schedules, "may" is a verb, no temporal word at all
    ("I hate Mondays.", [("Mondays", "RECUR")]),
    ("I may take the job in Boston.", []),
    ("I work at a bakery near the station.", []),
    ("She is 7 and loves Lego.", []),
]

ZH_SPANS = [
    ("明天下午三点我要开会", [("明天下午三点", "TIME")]),
    ("后天我要去看牙医", [("后天", "TIME")]),
    ("我今晚要加班到十点", [("今晚", "TIME"), ("十点", "TIME")]),
    # jieba's HMM would segment 我下|周三 and 两周|后要; the matcher sees 下|周三 and 两周|后
    ("我下周三要去上海出差", [("下周三", "TIME")]),
    ("我两周后要去面试", [("两周后", "TIME")]),
    ("我过两天要回老家", [("过两天", "TIME")]),
    ("我下午三点半要见客户", [("下午三点半", "TIME")]),
    ("这周六我们去爬山", [("这周六", "TIME")]),
    ("下个月起我就常驻成都了", [("下个月起", "TIME")]),
    ("我3月5号要考驾照", [("3月5号", "TIME")]),
    ("她二月十四号生日", [("二月十四号", "TIME")]),
    ("我周末要去杭州", [("周末", "TIME")]),
    ("我儿子每周三下午上游泳课", [("每周三下午", "RECUR")]),
    ("我每天晚上十点睡觉", [("每天晚上十点", "HABIT")]),
    ("我一般周末休息", [("一般周末", "HABIT")]),
    ("我每隔一天跑一次步", [("每隔一天", "HABIT")]),
    # not dates: a building number, a metro line, no time word
    ("我住在5号楼", []),
    ("坐2号线就到", []),
    ("我在海川银行做数据分析师", []),
]


@pytest.mark.parametrize(("text", "expected"), EN_SPANS)
def test_english_spans(text, expected):
    assert spans(text, "en") == expected


@pytest.mark.parametrize(("text", "expected"), ZH_SPANS)
def test_chinese_spans(text, expected):
    assert spans(text, "zh") == expected


def test_spans_are_character_offsets_in_order():
    text = "  Next Monday at 9am I see Dr. Lee, and on Friday night we fly out."
    found = nlp.time_expressions(text, "en")
    assert [text[s:e] for s, e, _ in found] == ["Next Monday at 9am", "on Friday night"]
    assert all(a[1] <= b[0] for a, b in zip(found, found[1:]))
    assert nlp.time_expressions("", "en") == [] and nlp.time_expressions("   ", "zh") == []
    assert nlp.time_expressions("明天见", "zh-CN") == [(0, 2, "TIME")]


# --- events and habits ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "lang", "one_off"),
    [
        ("I have a job interview the day after tomorrow", "en", True),
        ("I'm running a marathon in five weeks", "en", True),
        ("I go to yoga on weekdays at 7am", "en", False),
        ("I have therapy every other Thursday", "en", False),
        ("I usually have a meeting at 9am", "en", False),
        ("I love sushi", "en", False),
        ("我下周三要去上海出差", "zh", True),
        ("我三天后要去面试", "zh", True),
        ("我每天早上七点起床", "zh", False),
        ("我平时晚上看书", "zh", False),
        ("我喜欢吃火锅", "zh", False),
    ],
)
def test_is_one_off(text, lang, one_off):
    assert nlp.is_one_off(text, lang) is one_off


def _extract(text: str) -> list[tuple[str, str, str | None]]:
    out = RuleExtractor().extract([text], ExtractContext())
    return [(c.attribute, c.value, c.kind if c.attribute == "event" else None) for c in out.candidates]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The regular expressions alone miss these times (spelled-out counts, "from now", 后).
        ("I'm going to Tokyo in five weeks.", [("event", "I'm going to Tokyo in five weeks", None)]),
        ("I have a check-up 3 days from now.", [("event", "I have a check-up 3 days from now", None)]),
        ("我两周后要去面试。", [("event", "我两周后要去面试", None)]),
        # A clock time does not make a weekday routine a one-off event.
        ("I go to yoga on weekdays at 7am.", [("note", "I go to yoga on weekdays at 7am", None)]),
        ("我每隔一天跑一次步。", [("note", "我每隔一天跑一次步", None)]),
        ("I have therapy every other Thursday.", [("event", "I have therapy every other Thursday", "fact")]),
        ("明天下午三点我要开会。", [("event", "明天下午三点我要开会", None)]),
    ],
)
def test_events_and_habits_in_extraction(text, expected):
    assert _extract(text) == expected


# --- trimming -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "lang", "expected"),
    [
        ("Seattle last week", "en", "Seattle"),
        ("Portland on Monday at 9am", "en", "Portland"),
        ("Chicago in two weeks", "en", "Chicago"),
        ("Lisbon, starting next month.", "en", "Lisbon"),
        ("Denver at the end of the month", "en", "Denver"),
        ("New York", "en", "New York"),
        ("Tuesday Morning", "en", "Tuesday Morning"),  # a shop, and all of the value
        ("Yesterday", "en", "Yesterday"),  # nothing would be left
        ("Friday Night Lights", "en", "Friday Night Lights"),  # the time is not at the end
        ("深圳下个月", "zh", "深圳"),
        ("成都从下个月起", "zh", "成都"),
        ("杭州，到明年", "zh", "杭州"),
        ("字节跳动", "zh", "字节跳动"),
        ("明天", "zh", "明天"),
    ],
)
def test_strip_trailing_time(value, lang, expected):
    assert nlp.strip_trailing_time(value, lang) == expected


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I relocated to Seattle last week.", "city", "Seattle"),
        ("I moved to New York in May.", "city", "New York"),
        ("I'm moving to Portland on Monday.", "city", "Portland"),
        ("I joined Meta on Monday.", "employer", "Meta"),
        ("I'm starting at Stripe on the 14th.", "employer", "Stripe"),
        ("I work as a nurse on weekends.", "job_title", "nurse"),
        ("下个月起我就常驻成都了。", "city", "成都"),
        ("我要搬去深圳下个月。", "city", "深圳"),
        ("我搬到广州了上个月。", "city", "广州"),
        ("我在杭州工作到明年。", "city", "杭州"),
        ("下周起我在阿里上班。", "employer", "阿里"),
    ],
)
def test_values_lose_trailing_times(text, attribute, value):
    got = [(a, v) for a, v, _ in _extract(text)]
    assert got == [(attribute, value)]


# --- machinery ------------------------------------------------------------------------


def test_gate_never_hides_a_match(monkeypatch):
    """The pre-matcher gate only leaves out patterns that cannot match: with every pattern
    forced in, every sentence here gets the same spans."""
    texts = [t for t, _ in EN_SPANS] + [t for t, _ in ZH_SPANS] + ["I have a meeting at 10 am on Friday"]
    gated = {t: nlp.time_expressions(t, "zh" if t[0] >= "\u4e00" else "en") for t in texts}
    for lang in ("en", "zh"):
        gate = nlp._bundle(lang).gate
        monkeypatch.setattr(gate, "keyed", lambda doc, n=gate.size: frozenset(range(n)))
    nlp._mentions.cache_clear()
    try:
        for t, want in gated.items():
            assert nlp.time_expressions(t, "zh" if t[0] >= "\u4e00" else "en") == want, t
    finally:
        nlp._mentions.cache_clear()


# Pieces of clauses: time words of every kind the tables know, numbers, and words that
# look like neither; joined at random they make clauses with several, one or no times.
_EN_PIECES = ["next", "last", "this", "every", "other", "Tuesday", "Fridays", "morning", "at", "7",
              "10:30", "pm", "the", "day", "after", "tomorrow", "in", "three", "weeks", "ago", "a",
              "few", "couple", "of", "March", "3rd", "usually", "twice", "per", "month", "on",
              "weekends", "I", "met", "Ana", "at", "the", "gym", "-", "end", "noon", "from", "now"]  # fmt: skip
_ZH_PIECES = ["下周三", "每周", "二", "上个", "月", "3", "号", "明天", "下午", "三点", "半", "每天", "晚上",
              "两周", "后", "过", "几天", "国庆", "经常", "我", "和", "小林", "去", "爬山", "5", "号楼",
              "每个", "星期五", "都", "10", "月", "1", "日", "去年", "月底", "每隔"]  # fmt: skip


@pytest.mark.slow  # long property run
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["en", "zh"]), st.data())
def test_matching_only_keyed_patterns_finds_what_every_pattern_finds(lang, data):
    """The matcher runs with the patterns a clause's tokens key (`_Gate.keyed`): the spans
    are those of one matcher holding every pattern, overlaps resolved the same way."""
    pieces = _EN_PIECES if lang == "en" else _ZH_PIECES
    words = data.draw(st.lists(st.sampled_from(pieces), min_size=1, max_size=9))
    text = (" " if lang == "en" else "").join(words)
    b = nlp._bundle(lang)
    doc = b.nlp.make_doc(text)
    every = [(sp.start, sp.end, sp.label_) for sp in b.filter_spans(b.matcher(doc, as_spans=True))]
    assert [(sp.start, sp.end, sp.label_) for sp in b.spans(doc)] == every, text


def test_gate_needs_a_key_token():
    with pytest.raises(ValueError):
        nlp._Gate([[{"LOWER": "the"}, {"LOWER": "morning", "OP": "?"}]])


def test_pipelines_are_built_once_across_threads(monkeypatch):
    built: list[str] = []

    class Slow:
        def __init__(self, lang):
            time.sleep(0.05)
            built.append(lang)

    monkeypatch.setattr(nlp, "_BUNDLES", {})
    monkeypatch.setattr(nlp, "_Bundle", Slow)
    got: list = []
    threads = [threading.Thread(target=lambda: got.append(nlp._bundle("en"))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert built == ["en"] and len({id(b) for b in got}) == 1


def test_a_grown_vocabulary_rebuilds_the_pipeline(monkeypatch):
    monkeypatch.setattr(nlp, "_BUNDLES", dict(nlp._BUNDLES))
    old = nlp._bundle("en")
    monkeypatch.setattr(nlp, "VOCAB_GROWTH_LIMIT", -1)
    nlp._mentions.cache_clear()
    try:
        assert spans("I fly out next Friday", "en") == [("next Friday", "TIME")]
        assert nlp._bundle("en") is not old
        assert spans("I fly out tomorrow", "en") == [("tomorrow", "TIME")]
    finally:
        nlp._mentions.cache_clear()


def test_warm_builds_both_pipelines(monkeypatch):
    monkeypatch.setattr(nlp, "_BUNDLES", {})
    RuleExtractor().warm()
    assert set(nlp._BUNDLES) == {"en", "zh"}


@pytest.mark.slow  # long property run
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["en", "zh"]), st.data())
def test_the_text_gate_never_hides_a_match(lang, data):
    """`_TextGate` skips tokenising a clause no pattern could match; a clause it lets
    through or not, the spans are those of the matcher run on every clause."""
    pieces = _EN_PIECES if lang == "en" else _ZH_PIECES
    words = data.draw(st.lists(st.sampled_from(pieces), min_size=1, max_size=9))
    text = (" " if lang == "en" else "").join(words)
    b = nlp._bundle(lang)
    doc = b.nlp.make_doc(text)
    every = b.filter_spans(b.matcher(doc, as_spans=True))
    if every:
        assert b.text_gate.may_match(text), text
    nlp._mentions.cache_clear()
    gated = nlp.time_expressions(text, lang)
    nlp._mentions.cache_clear()
    try:
        nlp._TEXT_GATE = False
        assert nlp.time_expressions(text, lang) == gated, text
    finally:
        nlp._TEXT_GATE = True
        nlp._mentions.cache_clear()


def test_the_text_gate_lets_clauses_without_a_time_skip_the_tokenizer():
    b = nlp._bundle("zh")
    assert not b.text_gate.may_match("我很喜欢吃四川火锅")
    assert not nlp._bundle("en").text_gate.may_match("My brother works at a bakery")
    assert b.text_gate.may_match("下周三去爬山")
    assert nlp._bundle("en").text_gate.may_match("see you next Tuesday")
