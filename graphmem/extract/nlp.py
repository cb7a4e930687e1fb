"""spaCy token matching for time expressions, English and Chinese.

Two blank pipelines (`en`, and `zh` segmented by jieba) and one `Matcher` each, built
once per process on first use (or by `RuleExtractor.warm()`). The rules ask two things:

* `time_expressions(text, lang)`: the temporal mentions in a clause, as character spans
  labelled TIME (a one-off time: "next Tuesday afternoon", "下周三"), RECUR (a weekly
  schedule: "every Tuesday", "每周三") or HABIT (a frequency: "every morning", "usually",
  "每天"). `is_one_off` turns that into the event test.
* `strip_trailing_time(value, lang)`: "Seattle last week" → "Seattle", "深圳下个月" → "深圳".

Matching is on tokens, not characters, so "Mondays" is not "Monday" and "5号楼" is not a
date; the Chinese side sees what jieba segments, and jieba sometimes glues a time word to
its neighbour ("我下|下周"), so the rules keep their regular expressions as a second opinion.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache

TIME, RECUR, HABIT = "TIME", "RECUR", "HABIT"
_RANK = {TIME: 0, HABIT: 1, RECUR: 2}  # when adjacent mentions merge, the stronger label wins

# --- English ------------------------------------------------------------------

_WD = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_WDS = [d + "s" for d in _WD]
_PART = ["morning", "afternoon", "evening", "night"]
_MONTHS = "january february march april may june july august september october november december".split()
_MON_ABBR = "jan jan. feb feb. mar mar. apr apr. jun jun. jul jul. aug aug. sep sep. sept sept. oct oct. nov nov. dec dec.".split()
_SEASON = ["spring", "summer", "fall", "autumn", "winter"]
_UNIT = "minute minutes hour hours day days week weeks weekend weekends month months year years".split()
_PERIOD = ["day", "morning", "afternoon", "evening", "night", "week", "weekend", "weekday", "month", "year"]
_DAYNUM = r"^\d{1,2}(?:st|nd|rd|th)?$"
_CLOCK = r"^\d{1,2}(?::\d\d)?(?:am|pm|a\.m\.|p\.m\.)$"
_FREQ = (
    "usually often always normally typically generally sometimes regularly daily nightly weekly monthly "
    "frequently occasionally"
).split()


def _w(*words: str, op: str | None = None) -> dict:
    tok: dict = {"LOWER": words[0] if len(words) == 1 else {"IN": list(words)}}
    return {**tok, "OP": op} if op else tok


def _rx(pattern: str, op: str | None = None, attr: str = "LOWER") -> dict:
    tok: dict = {attr: {"REGEX": pattern}}
    return {**tok, "OP": op} if op else tok


_QTY = [  # "two", "2", "a", "a few", "a couple of", "several"
    [{"LIKE_NUM": True}],
    [_w("a", "an", "one", "several", "few")],
    [_w("a"), _w("few", "couple"), _w("of", op="?")],
]

# One shared preposition set: every distinct IN-list is a predicate the matcher tests on every token.
_PREP = "on by until till before at around in over".split()
_DEICTIC_OBJ = [*_WD, "week", "weekend", "month", "year", *_PART, *_SEASON]
_MON_ALL = [*_MONTHS, *_MON_ABBR]

_EN: dict[str, list[list[dict]]] = {
    TIME: [
        [_w("tomorrow", "yesterday"), _w(*_PART, op="?")],
        [_w("tonight", "today", "tmrw", "tmr")],
        [_w("later", "earlier"), _w("today", "tonight")],
        [_w("the", op="?"), _w("day"), _w("after", "before"), _w("tomorrow", "yesterday")],
        # "the Saturday before", "the night after": counted from a day said elsewhere
        [_w("the"), _w(*_WD, "day", "night", "morning", "evening"), _w("before", "after")],
        [_w("this", "next", "last", "coming"), _w(*_DEICTIC_OBJ), _w(*_PART, op="?")],
        [_w("this"), _w("coming", "past"), _w(*_DEICTIC_OBJ)],
        [_w(*_PREP), _w(*_WD), _w(*_PART, op="?")],
        [_w(*_WD), _w(*_PART)],
        [_w(*_PREP), _w("the"), _w("weekend")],
        [
            _w("the", op="?"),
            _w("end", "start", "beginning", "middle"),
            _w("of"),
            _w("the", "this", "next", "last"),
            _w("week", "month", "year"),
        ],
        *([_w("in"), *q, _w(*_UNIT)] for q in _QTY),
        *([*q, _w(*_UNIT), _w("ago", "later", "back")] for q in _QTY),
        *([*q, _w(*_UNIT), _w("from"), _w("now")] for q in _QTY),
        [_w(*_PREP, op="?"), _rx(_CLOCK)],
        [_w(*_PREP, op="?"), _rx(r"^\d{1,2}(?::\d\d)?$"), _w("am", "pm", "a.m.", "p.m.", "o'clock")],
        [_w(*_PREP), _rx(r"^\d{1,2}:\d\d$")],
        [_w(*_PREP), _w("noon", "midnight")],
        [_w(*_PREP, op="?"), _w(*_MON_ALL), _rx(_DAYNUM)],
        [_w(*_PREP, op="?"), _w("the"), _rx(_DAYNUM), _w("of", op="?"), _w(*_MON_ALL)],
        [_w(*_PREP), _w("the"), _rx(r"^\d{1,2}(?:st|nd|rd|th)$")],
        [_w(*_PREP), _w("early", "late", "mid", op="?"), {"TEXT": "-", "OP": "?"}, _w(*_MONTHS)],
        # "in 2019", "since early 2021": a year named is a date. A bare season is not ("Paris is
        # lovely in the spring" is not an event); "this spring", "last summer" are, above.
        [_w(*_PREP, "since", "during"), _w("early", "late", "mid", op="?"), _rx(r"^(?:19|20)\d\d$")],
    ],
    RECUR: [
        [_w("every", "each"), _w("other", op="?"), _w(*_WD), _w(*_PART, op="?")],
        [_w(*_PREP, op="?"), _w(*_WDS), _w(*_PART, *(p + "s" for p in _PART), op="?")],
        [_w("weekly"), _w("on"), _w(*_WD, *_WDS)],
    ],
    HABIT: [
        [_w("every", "each"), _w("other", "single", op="?"), _w(*_PERIOD)],
        [_w(*_FREQ)],
        [_w("once", "twice"), _w("a", "per", "every"), _w(*_PERIOD)],
        [{"LIKE_NUM": True}, _w("times"), _w("a", "per", "every"), _w(*_PERIOD)],
        [_w(*_PREP, op="?"), _w("weekends", "weeknights", "weekdays")],
        [_w("most"), _w("days", "mornings", "nights", "evenings", "weekends")],
        [_w("tend", "tends"), _w("to")],
    ],
}

# --- Chinese --------------------------------------------------------------------

_CN = "零〇一二两三四五六七八九十"
_NUM = rf"[{_CN}\d]"
_WDC = "一二三四五六日天末"
_PRE = ["这", "本", "下", "上", "下下", "上上", "这个", "下个", "上个"]
_DAY = r"^(?:大后天|后天|明天|今天|昨天|前天|大前天|今晚|明晚|昨晚|今早|明早|今儿|明儿|今夜|明日|今日)"
_PARTS_ZH = "早上|上午|中午|下午|傍晚|晚上|凌晨|半夜|早晨|清晨|夜里"
_WEEK = rf"^(?:(?:这|本|下下?|上上?)个?(?:周|星期|礼拜)[{_WDC}]?|(?:周|星期|礼拜)[{_WDC}])$"
_MONTH = (
    rf"^(?:(?:这|本|下下?|上上?)个?月(?:初|底|中|末)?|月初|月底|月中|月末|年初|年底|年末|今年|明年|去年|前年|后年|"
    rf"{_NUM}{{1,2}}月份?(?:初|底|中)?)$"
)
_DUR = rf"^(?:{_NUM}{{1,3}}|几|半)个?(?:天|周|星期|礼拜|月|年|小时|钟头)$"
_HOLIDAY = (
    "春节 过年 年前 年后 国庆 国庆节 元旦 中秋 中秋节 端午 端午节 圣诞 圣诞节 五一 清明 清明节 元宵 元宵节 "
    "寒假 暑假 改天 待会 待会儿 等会 等会儿 回头见"
).split()
_AFTER = ["后", "以后", "之后", "过后"]
_ZH_FREQ = "经常 常常 通常 一般 总是 老是 平时 平常 偶尔 有时 有时候 天天 时常".split()


def _t(pattern: str, op: str | None = None) -> dict:
    return _rx(pattern, op, attr="TEXT")


def _in(*words: str, op: str | None = None) -> dict:
    tok: dict = {"TEXT": {"IN": list(words)}}
    return {**tok, "OP": op} if op else tok


_NUM_TOK = [{"LIKE_NUM": True}, _t(rf"^{_NUM}{{1,3}}$")]

_ZH: dict[str, list[list[dict]]] = {
    TIME: [
        [_t(rf"{_DAY}(?:{_PARTS_ZH})?$")],
        [_t(rf"^(?:{_PARTS_ZH})$")],
        [_in(*_PRE, op="?"), _t(_WEEK)],
        [_t(_MONTH)],
        [_in("这个", "下个", "上个", "这", "下", "上", "本"), _in("月", "星期", "礼拜", "周末")],
        [_t(rf"^{_NUM}{{1,3}}点(?:半|钟|{_NUM}{{1,2}}分?)?$"), _t(rf"^(?:半|{_NUM}{{1,2}}分)$", op="?")],
        *([n, _t(rf"^点(?:半|钟|{_NUM}{{1,2}}分?)?$")] for n in _NUM_TOK),
        *([n, _in("月"), n2, _in("号", "日")] for n in _NUM_TOK for n2 in _NUM_TOK),
        *([n, _in("号", "日")] for n in _NUM_TOK),
        [_t(rf"^{_NUM}{{1,3}}[号日]$")],
        [_in(*_HOLIDAY)],
        [_in("过"), _t(_DUR)],
        [_t(_DUR), _in(*_AFTER)],
        [_t(r"^(?:几天|两天|几周)后$")],
    ],
    RECUR: [
        [_t(rf"^每个?(?:周|星期|礼拜)[{_WDC[:-1]}]$")],
        [_in("每", "每逢", "每周", "每个"), _t(_WEEK)],
        [_in("每周", "每星期", "每个星期", "每礼拜"), _t(r"^[一二三四五六日天]$")],
        [_t(rf"^(?:周|星期|礼拜)[{_WDC[:-1]}]$"), _in("都")],
        *([_in("每月", "每个月"), n, _in("号", "日")] for n in _NUM_TOK),
        *([_in("每个"), _in("月"), n, _in("号", "日")] for n in _NUM_TOK),
    ],
    HABIT: [
        [_t(rf"^每(?:天|晚|早|日|周|星期|礼拜|个?月|年|周末|次|逢)(?:{_PARTS_ZH})?$")],
        [_in("每隔"), _t(_DUR)],
        [_in("每", "每个"), _in("天", "晚", "周", "星期", "礼拜", "月", "年", "周末")],
        [_in(*_ZH_FREQ)],
    ],
}
_ZH_SUFFIX = frozenset(["起", "开始", "以后", "之后", "前", "以前", "的时候", "后"])
_ZH_NUMBERED = frozenset("楼线房门院床位座车厢厅馆店口机桌柜箱舱码球")  # 5号楼 and 2号线 are not dates

# --- pipelines --------------------------------------------------------------------


class _ExactJieba:
    """jieba with its HMM off for spaCy's tokenizer. The HMM guesses words for unknown
    character runs and glues time words to their neighbours ("我下|周三", "两周|后要");
    dictionary-only segmentation keeps 下|周三 and 后|要 apart."""

    def __init__(self, jieba):
        self._jieba = jieba

    def cut(self, text: str, cut_all: bool = False):
        return self._jieba.cut(text, cut_all=cut_all, HMM=False)


#: Function words never chosen as a pattern's key token (see `_Gate`).
_WEAK = frozenset(
    "the a an on in at of by to until till before over around this next last coming each every other single "
    "most from and am - 这 本 下 上 下下 上上 这个 下个 上个 每 每个 过 都 后 以后 之后 过后 号 日 月".split()
)


def _key(token: dict) -> tuple[int, str, object] | None:
    """(rank, attribute, value) of a token spec as a gate key; lower rank is more selective."""
    for attr in ("LOWER", "TEXT"):
        v = token.get(attr)
        if isinstance(v, str):
            v = {"IN": [v]}
        if isinstance(v, dict) and "IN" in v:
            weak = sum(w in _WEAK for w in v["IN"])
            return None if weak == len(v["IN"]) else (2 if weak else 0, attr, frozenset(v["IN"]))
        if isinstance(v, dict) and "REGEX" in v:
            return (1, attr, v["REGEX"])
    return (3, "LIKE_NUM", None) if token.get("LIKE_NUM") or token.get("IS_DIGIT") else None


class _Gate:
    """Which patterns could match a clause, found before the matcher runs. Every pattern
    has a key: its most selective required token. A pattern whose key no token of the
    clause satisfies cannot match, so the matcher runs with the others only (most clauses
    name one or two kinds of time, and each pattern costs the matcher work on every token),
    and a clause that satisfies no key (most mention no time) skips it."""

    def __init__(self, patterns: list[list[dict]]):
        self.size = len(patterns)
        self.words: dict[str, dict[str, set[int]]] = {"LOWER": {}, "TEXT": {}}
        regexes: dict[str, dict[str, set[int]]] = {"LOWER": {}, "TEXT": {}}
        numbers: set[int] = set()
        for i, pattern in enumerate(patterns):
            keys = [k for t in pattern if t.get("OP") not in ("?", "*") and (k := _key(t))]
            if not keys:
                raise ValueError(f"time pattern without a key token: {pattern}")
            _, attr, value = min(keys, key=lambda k: k[0])
            if attr == "LIKE_NUM":
                numbers.add(i)
            elif isinstance(value, str):
                regexes[attr].setdefault(value, set()).add(i)
            else:
                for word in value:  # type: ignore[attr-defined]
                    self.words[attr].setdefault(word, set()).add(i)
        self.numbers = frozenset(numbers)
        # Per attribute: one alternation that says whether any regex key may hold (most
        # tokens: none), then each key's own regex and the patterns it keys.
        self.rx = {
            a: (re.compile("|".join(f"(?:{r})" for r in rs)), [(re.compile(r), frozenset(ids)) for r, ids in rs.items()])
            if rs
            else None
            for a, rs in regexes.items()
        }  # fmt: skip

    def keyed(self, doc) -> frozenset[int]:
        """The indexes of the patterns whose key some token of `doc` satisfies."""
        lower, text = self.words["LOWER"], self.words["TEXT"]
        lower_rx, text_rx = self.rx["LOWER"], self.rx["TEXT"]
        found: set[int] = set()
        for t in doc:
            low, raw = t.lower_, t.text
            if low in lower:
                found |= lower[low]
            if raw in text:
                found |= text[raw]
            if self.numbers and t.like_num:
                found |= self.numbers
            for rx, s in ((lower_rx, low), (text_rx, raw)):
                if rx is not None and rx[0].search(s):
                    for one, ids in rx[1]:
                        if one.search(s):
                            found |= ids
        return frozenset(found)


def _text_condition(token: dict) -> tuple[str, str, object] | None:
    """What a token spec asks of the clause's text, as (attribute, kind, value): a token's
    text is a piece of the clause (its lower-case form, a piece of the lower-cased clause),
    so a token that must be one of some words needs one of them in the clause, and one that
    must match a regex needs the regex, unanchored, to match somewhere in it. None: no test
    (a number: too many spellings)."""
    for attr in ("LOWER", "TEXT"):
        v = token.get(attr)
        if isinstance(v, str):
            v = {"IN": [v]}
        if isinstance(v, dict) and "IN" in v:
            return (attr, "in", tuple(sorted(set(v["IN"]))))
        if isinstance(v, dict) and "REGEX" in v:
            return (attr, "rx", v["REGEX"].removeprefix("^").removesuffix("$"))
    return None


class _TextGate:
    """Could any pattern match a clause at all, asked of its text before it is tokenised:
    a pattern needs every one of its required tokens (`_text_condition`) in the clause.
    Most clauses name no time, and tokenising one costs far more than this test (for
    Chinese, jieba's segmentation and a spaCy Doc: about 0.3 ms a clause)."""

    def __init__(self, patterns: list[list[dict]]):
        conditions: dict[tuple[str, str, object], int] = {}
        self.patterns: list[tuple[int, ...]] = []
        for pattern in patterns:
            ids = []
            for t in pattern:
                if t.get("OP") in ("?", "*", "!"):
                    continue
                c = _text_condition(t)
                if c is not None:
                    ids.append(conditions.setdefault(c, len(conditions)))
            self.patterns.append(tuple(ids))
        self.tests: list[tuple[bool, tuple[str, ...] | None, re.Pattern[str] | None]] = [
            (attr == "LOWER", value, None) if kind == "in" else (attr == "LOWER", None, re.compile(str(value)))  # type: ignore[misc]
            for (attr, kind, value) in conditions
        ]  # fmt: skip

    def may_match(self, text: str) -> bool:
        low = text.lower()
        known: dict[int, bool] = {}
        for ids in self.patterns:
            for i in ids:
                ok = known.get(i)
                if ok is None:
                    lower, words, rx = self.tests[i]
                    s = low if lower else text
                    ok = known[i] = any(w in s for w in words) if words is not None else bool(rx.search(s))  # type: ignore[union-attr]
                if not ok:
                    break
            else:
                return True
        return False


class _Bundle:
    """One language's blank pipeline, matcher and gate, with the vocabulary size it started at."""

    def __init__(self, lang: str):
        import spacy
        from spacy.matcher import Matcher
        from spacy.util import filter_spans

        if lang == "zh":
            import logging

            import jieba

            jieba.setLogLevel(logging.WARNING)
            self.nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
            if hasattr(self.nlp.tokenizer, "jieba_seg"):
                self.nlp.tokenizer.jieba_seg = _ExactJieba(jieba)
        else:
            self.nlp = spacy.blank("en")
        table = _ZH if lang == "zh" else _EN
        #: Every pattern, validated once; the matchers run hold the ones a clause may match.
        self.matcher = Matcher(self.nlp.vocab, validate=True)
        for label, patterns in table.items():
            self.matcher.add(label, patterns)
        self.patterns = [(label, p) for label, patterns in table.items() for p in patterns]
        self.gate = _Gate([p for _, p in self.patterns])
        self.text_gate = _TextGate([p for _, p in self.patterns])
        self._matchers: dict[frozenset[int], Matcher] = {}
        self._matcher_class = Matcher
        self.filter_spans = filter_spans
        self.base = len(self.nlp.vocab.strings)

    def spans(self, doc) -> list:
        """The matches in `doc`, overlaps resolved (spaCy's filter_spans: longest first)."""
        keyed = self.gate.keyed(doc)
        if not keyed:
            return []
        return self.filter_spans(self._matcher_for(keyed)(doc, as_spans=True))

    def _matcher_for(self, keyed: frozenset[int]):
        """A matcher of the patterns `keyed`, added in the table's order (the order decides
        between two labels of one span). Clauses share a few dozen such sets; the matchers
        are kept, and forgotten all at once should a stream of odd clauses make hundreds."""
        m = self._matchers.get(keyed)
        if m is None:
            if len(self._matchers) >= MATCHER_SETS:
                self._matchers.clear()
            m = self._matchers[keyed] = self._matcher_class(self.nlp.vocab, validate=False)
            for label in dict.fromkeys(label for label, _ in self.patterns):
                chosen = [p for i, (lab, p) in enumerate(self.patterns) if lab == label and i in keyed]
                if chosen:
                    m.add(label, chosen)
        return m


#: Whether `_mentions` asks `_TextGate` first (off only to check that it changes nothing).
_TEXT_GATE = True
#: Matchers kept per language, one per set of patterns some clause could match.
MATCHER_SETS = 256
_BUNDLES: dict[str, _Bundle] = {}
_BUILD_LOCK = threading.Lock()
_RUN_LOCK = threading.Lock()
#: Every new word a blank pipeline sees stays in its vocabulary; a long-running process
#: rebuilds the pipeline (~0.1 s once spaCy and jieba are loaded) after this many new strings.
VOCAB_GROWTH_LIMIT = 200_000


def _bundle(lang: str) -> _Bundle:
    b = _BUNDLES.get(lang)
    if b is None:
        with _BUILD_LOCK:
            b = _BUNDLES.get(lang)
            if b is None:
                b = _BUNDLES[lang] = _Bundle(lang)
    return b


def warm() -> None:
    """Build both pipelines and matchers now (loads jieba's dictionary if it is not loaded yet)."""
    _bundle("en")
    _bundle("zh")


def _lang(lang: str) -> str:
    return "zh" if lang.lower().startswith("zh") else "en"


@lru_cache(maxsize=4096)
def _mentions(text: str, lang: str) -> tuple[tuple[int, int, str], ...]:
    b = _bundle(lang)
    if _TEXT_GATE and not b.text_gate.may_match(text):
        return ()
    with _RUN_LOCK:  # tokenizers and matchers add to a shared vocabulary; serialise the (µs) calls
        doc = b.nlp.make_doc(text)
        spans = b.spans(doc)
        if len(b.nlp.vocab.strings) - b.base > VOCAB_GROWTH_LIMIT:
            with _BUILD_LOCK:
                _BUNDLES[lang] = _Bundle(lang)
        found: list[list] = []
        for sp in spans:  # filter_spans sorts by start
            start, end, label = sp.start_char, sp.end_char, sp.label_
            if lang == "zh" and text[end - 1 : end] == "号" and text[end : end + 1] in _ZH_NUMBERED:
                continue
            if lang == "zh" and sp.end < len(doc) and doc[sp.end].text in _ZH_SUFFIX:
                end = doc[sp.end].idx + len(doc[sp.end].text)  # 下个月起, 两周以后
            if found and not text[found[-1][1] : start].strip():  # adjacent: one expression
                prev = found[-1]
                prev[1] = end
                prev[2] = max(prev[2], label, key=_RANK.__getitem__)
            else:
                found.append([start, end, label])
    return tuple((s, e, lab) for s, e, lab in found)


def time_expressions(text: str, lang: str) -> list[tuple[int, int, str]]:
    """(start, end, label) character spans of the temporal mentions in `text`, in order.

    Adjacent mentions merge ("next Tuesday" + "at 7am", "明天" + "下午" + "三点"), taking
    the strongest label: "每周三下午" is RECUR, "every morning" HABIT, "tomorrow night" TIME."""
    if not text or not text.strip():
        return []
    return list(_mentions(text, _lang(lang)))


def time_labels(text: str, lang: str) -> set[str]:
    return {label for _, _, label in time_expressions(text, lang)}


def is_one_off(text: str, lang: str) -> bool:
    """True when the clause is dated (a TIME mention) and says nothing recurring or habitual."""
    labels = time_labels(text, lang)
    return TIME in labels and not labels & {RECUR, HABIT}


_EN_DANGLING = re.compile(
    r"(?:[\s,;:(-]+|\b(?:on|in|at|from|since|until|till|by|starting|beginning|effective|as of|for|and|"
    r"about|around)\b)+$",
    re.I,
)
_ZH_DANGLING = re.compile(r"[\s，,、；;：:（(]*(?:从|自|由|到|至|于|在|等到|直到|截至)?[\s，,、；;：:（(]*$")
_PUNCT = " \t.,!?;:。，！？；：、\"'“”‘’"


def strip_trailing_time(value: str, lang: str) -> str:
    """`value` without the time expressions at its end and the words that led into them:
    "Seattle last week" → "Seattle", "Portland on Monday at 9am" → "Portland",
    "成都从下个月起" → "成都". A value that is nothing but a time is returned unchanged."""
    lang = _lang(lang)
    dangling = _ZH_DANGLING if lang == "zh" else _EN_DANGLING
    v = value.strip()
    while v:
        core = v.rstrip(_PUNCT)
        spans = time_expressions(core, lang)
        if not spans or spans[-1][1] < len(core) or spans[-1][0] == 0:
            break
        cut = dangling.sub("", core[: spans[-1][0]]).rstrip(_PUNCT)
        if not cut:
            break
        v = cut
    return v or value.strip()
