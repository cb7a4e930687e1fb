"""Text analysis shared by the BM25 index and the lexical embedder.

Chinese runs are segmented by jieba's dictionary, differently on the two sides of the
index: a document (`terms`: an episode, a fact) is indexed with every dictionary word
found in it (jieba's full mode, so 不吃香菜 yields 不吃, 香菜 and more), a query
(`query_terms`) with its search-mode words (the route jieba prefers, plus the dictionary
words inside a long one). Each word of a query is then a word of any document that says
it, and full mode costs a fraction of search mode on a long text. The HMM that guesses
words outside the dictionary is off on both sides: a guess on one side would be a word
the other side never has. Every CJK character is kept as a unigram too, so a query for
狗 still meets 狗狗 and a name jieba does not know is met character by character.
English words are lower-cased and lightly stemmed. Stop words are dropped.
"""

from __future__ import annotations

import logging
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

_log = logging.getLogger("graphmem")

#: A run of CJK ideographs (the unit Chinese text is segmented in, here and by embed.py).
CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_WORD = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")

ZH_STOP = frozenset(
    "我 你 他 她 它 的 了 是 在 和 也 都 就 要 有 吗 呢 啊 吧 呀 哦 嗯 么 这 那 个 一 不 没 很 还 又 与 及 把 被 给 让"
    " 什 我们 你们 他们 什么 怎么 一下 一点 一个 这个 那个 可以 请 帮 帮我 现在 已经 自己 时候 应该".split()
)
EN_STOP = frozenset(
    """a an the i me my mine myself we our you your he him his she her it its they them their
    is am are was were be been being do does did doing have has had having to of in on at for from
    by with about as into and or but if so than that this these those what which who whom whose
    when where why how can could would should will shall may might must not no yes just very
    really also too any some all there here up out off over again then once only own same such
    please tell let s t don didn doesn isn aren wasn weren i'm i've i'd i'll im ive""".split()
)

_jieba_lock = threading.Lock()
_jieba_ready = False


def _jieba():  # type: ignore[no-untyped-def]
    global _jieba_ready
    import jieba

    if not _jieba_ready:
        with _jieba_lock:
            if not _jieba_ready:
                jieba.setLogLevel(logging.WARNING)
                jieba.initialize()
                _jieba_ready = True
    return jieba


def normalize(text: str) -> str:
    """NFKC and case folding: full-width letters and digits become ASCII."""
    return nfkc(text).casefold()


#: CJK unified ideographs: each has no decomposition and composes with no neighbour, so
#: NFKC of a text is NFKC of the pieces between them, joined with them unchanged.
_NFKC_STABLE = re.compile(r"([\u3400-\u4dbf\u4e00-\u9fff]+)")


def nfkc(text: str) -> str:
    """`unicodedata.normalize("NFKC", text)`, the same string, at a fraction of its cost on
    CJK prose: a text that needs a change is normalised whole (full-width punctuation is
    enough), which costs 2 ms on 8,000 characters; here only what lies between ideographs
    is, and those pieces (a comma, a full stop) recur."""
    if text.isascii() or unicodedata.is_normalized("NFKC", text):
        return text
    if len(text) < 64:
        return unicodedata.normalize("NFKC", text)
    parts = _NFKC_STABLE.split(text)  # odd places: runs of ideographs
    for i in range(0, len(parts), 2):
        if parts[i]:
            parts[i] = _nfkc_piece(parts[i])
    return "".join(parts)


@lru_cache(maxsize=4096)
def _nfkc_piece(piece: str) -> str:
    return unicodedata.normalize("NFKC", piece)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light English stemmer: enough to meet plural and -ing/-ed forms, nothing clever.
    (Kept per word: a text's words recur, and every term and vector feature is stemmed.)"""
    w = word.replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    if len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
        if len(w) > 2 and w[-1] == w[-2]:
            w = w[:-1]
    elif len(w) > 4 and w.endswith("ied"):
        w = w[:-3] + "y"
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
    elif len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    return w


def cjk_words(run: str) -> list[str]:
    """A query's words of one CJK run (search mode, dictionary only), stop words dropped."""
    if len(run) <= _CACHED_RUN:
        return list(_cached_query_words(run))
    return _query_words(run)


def cjk_index_words(run: str) -> list[str]:
    """A document's words of one CJK run: every dictionary word of two or more characters
    found in it (full mode), stop words dropped: every word of `cjk_words` of the run of
    two characters or more (`terms` adds each character apart)."""
    if len(run) <= _CACHED_RUN:
        return list(_cached_index_words(run))
    return _index_words(run)


def _query_words(run: str) -> list[str]:
    return [w for w in _jieba().cut_for_search(run, HMM=False) if w.strip() and w not in ZH_STOP]


def _index_words(run: str) -> list[str]:
    # Full mode's words, walked straight through jieba's prefix dictionary (every prefix of
    # a word is a key, with count 0 unless it is a word itself): jieba's own full mode
    # builds a graph of each position's ends and reads it back through a generator, nearly
    # three times the cost on a long text. Single characters are left out: `terms` adds every
    # character apart.
    freq = _jieba().dt.FREQ
    n, out = len(run), []
    for k in range(n - 1):
        end = k + 2
        frag = run[k:end]
        while frag in freq:
            if freq[frag] and frag not in ZH_STOP:
                out.append(frag)
            if end >= n:
                break
            end += 1
            frag = run[k:end]
    return out


#: Short runs recur (a phrase, a name, a message and the facts rendered from it, each
#: indexed), so their segmentation is kept; jieba's dictionary never changes at run time.
_CACHED_RUN = 32


@lru_cache(maxsize=16384)
def _cached_query_words(run: str) -> tuple[str, ...]:
    return tuple(_query_words(run))


@lru_cache(maxsize=16384)
def _cached_index_words(run: str) -> tuple[str, ...]:
    return tuple(_index_words(run))


def _index_run_terms(run: str) -> list[str] | tuple[str, ...]:
    """A document's terms of one CJK run: its words, then its characters one term each."""
    if len(run) <= _CACHED_RUN:
        return _cached_index_run_terms(run)
    return [*_index_words(run), *run.translate(_STOP_CHARS)]


@lru_cache(maxsize=16384)
def _cached_index_run_terms(run: str) -> tuple[str, ...]:
    return (*_cached_index_words(run), *run.translate(_STOP_CHARS))


def _query_run_terms(run: str) -> list[str]:
    return [*cjk_words(run), *run.translate(_STOP_CHARS)]


def terms(text: str) -> list[str]:
    """A document's index terms, in the order they first occur; a term repeated is kept
    (BM25 counts it) up to MAX_TERM_REPEATS times."""
    found = _cjk_prose_terms(text) if len(text) > _LONG_DOCUMENT else None
    if found is None:
        # A CJK run met MAX_TERM_REPEATS times already gives only terms at the cap: skipped.
        found = _analysed(text, _index_run_terms, MAX_TERM_REPEATS)
    # A term past the cap would make MAX_TERM_REPEATS repeats at least: most documents
    # have fewer repeats in all, and keep their terms as they are.
    return found if len(found) - len(set(found)) < MAX_TERM_REPEATS else _capped(found)


_CJK_SPLIT = re.compile(f"({CJK_RUN.pattern})")
#: From this length on, `terms` first tries `_cjk_prose_terms`.
_LONG_DOCUMENT = 256


def _cjk_prose_terms(text: str) -> list[str] | None:
    """The terms of a text whose only terms are its CJK runs' (what lies between them is
    punctuation and spaces), each distinct run read once and its terms taken as often as
    the run occurs, up to MAX_TERM_REPEATS times: the counts `terms` keeps and their order
    of first occurrence (a run met first brings its terms first). None for any other text."""
    pieces = _CJK_SPLIT.split(normalize(text))  # between runs, a run, between, ...
    if any(_latin_terms(between) for between in set(pieces[0::2])):
        return None
    found: list[str] = []
    for run, n in Counter(pieces[1::2]).items():
        found.extend(_index_run_terms(run) * min(n, MAX_TERM_REPEATS))
    return found


def _capped(found: list[str]) -> list[str]:
    """Each term as often as it occurs, up to MAX_TERM_REPEATS, its repeats together (the
    index counts a term, never its position), terms in the order they first occur."""
    counts = Counter(found)
    return [t for t, n in counts.items() for _ in range(min(n, MAX_TERM_REPEATS))]


def query_terms(text: str) -> list[str]:
    """A query's search terms: the same analysis as `terms`, with a query's Chinese words."""
    return _analysed(text, _query_run_terms)


#: The single-character stop words, as a `str.translate` table that deletes them.
_STOP_CHARS = {ord(w): None for w in ZH_STOP if len(w) == 1}


def _analysed(text: str, run_terms: Callable[[str], Sequence[str]], run_cap: int | None = None) -> list[str]:
    """The terms of `text`, in order: Latin words and each CJK run's `run_terms`; with
    `run_cap`, a run repeated is read that many times at most."""
    norm = normalize(text)
    out: list[str] = []
    pos = 0
    runs: dict[str, int] = {}
    for m in CJK_RUN.finditer(norm):
        start = m.start()
        if start > pos:
            out.extend(_latin_terms(norm[pos:start]))
        pos = m.end()
        run = m.group()
        if run_cap is not None:
            n = runs.get(run, 0)
            if n >= run_cap:
                continue
            runs[run] = n + 1
        out.extend(run_terms(run))
    out.extend(_latin_terms(norm[pos:]))
    return out


def _latin_terms(chunk: str) -> Sequence[str]:
    # The stretches between CJK runs are mostly a comma or a full stop: short ones recur.
    return _cached_latin_terms(chunk) if len(chunk) <= _CACHED_RUN else _latin_words(chunk)


@lru_cache(maxsize=16384)
def _cached_latin_terms(chunk: str) -> tuple[str, ...]:
    return tuple(_latin_words(chunk))


def _latin_words(chunk: str) -> list[str]:
    return [stem(w) for w in _WORD.findall(chunk) if (w not in EN_STOP and len(w) > 1) or w.isdigit()]


#: A run of one character longer than this is cut to this length before tokenising: an
#: affix-splitting tokenizer (spaCy's) is quadratic in a run of punctuation, and no
#: meaning lives in the 17th repeat of a character.
MAX_RUN = 16
_LONG_RUN = re.compile(r"(.)\1{" + str(MAX_RUN) + ",}", re.DOTALL)
#: A non-space chunk longer than this is broken with a space before tokenising, for the
#: same reason (one 8,000-character token costs seconds to split).
MAX_CHUNK = 200
_LONG_CHUNK = re.compile(r"\S{" + str(MAX_CHUNK) + r"}(?=\S)")
#: A message with more distinct terms than this is long: each of its facts is indexed with
#: the terms of its own clause instead of the whole message's (a long message is about many
#: things, and its facts, each indexed with all of it, would cost the index the message's
#: length once per fact).
MAX_MESSAGE_TERMS = 96
#: A document gives the index each term at most this many times. BM25 already saturates a
#: term's weight with its count (at four, 77% of what any count gives, k1 = 1.2), and every
#: further repeat in a long message costs the full-text index and each of its merges.
MAX_TERM_REPEATS = 4


def bound_runs(text: str) -> str:
    """`text` with runs of one character cut to MAX_RUN and non-space chunks broken every
    MAX_CHUNK characters: what extractors tokenise, so their cost stays linear."""
    if len(text) <= MAX_RUN:
        return text
    text = _LONG_RUN.sub(lambda m: m.group(1) * MAX_RUN, text)
    if len(text) > MAX_CHUNK:
        text = _LONG_CHUNK.sub(lambda m: m.group() + " ", text)
    return text


def message_terms(message: str, clause: str = "") -> list[str]:
    """The terms each fact of `message` is indexed with beyond its own: the message's, or
    for a long message (MAX_MESSAGE_TERMS) those of the fact's `clause`."""
    whole = short_message_terms(terms(message))
    return whole if whole is not None else clause_terms(clause)


def short_message_terms(found: list[str]) -> list[str] | None:
    """A message's `terms`, when it is short enough for each of its facts to be indexed
    with all of them; None for a long one (see `message_terms`)."""
    if len(found) <= MAX_MESSAGE_TERMS or len(set(found)) <= MAX_MESSAGE_TERMS:
        return found
    return None


def clause_terms(clause: str) -> list[str]:
    """The terms a fact of a long message is indexed with: its clause's (a clause is one
    sentence at most, but bounded all the same)."""
    found = terms(clause)
    return found if len(found) <= MAX_MESSAGE_TERMS else list(dict.fromkeys(found))[:MAX_MESSAGE_TERMS]


def unique_terms(text: str) -> list[str]:
    seen: dict[str, None] = {}
    for t in terms(text):
        seen.setdefault(t, None)
    return list(seen)


#: Chinese digits (and 〇/零/两) as numbers.
ZH_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}


def zh_number(text: str) -> int | None:
    """'41', '四十一', '十', '二十', '一百零五', or a year read digit by digit ('二〇二六')
    as an int; None when it is not a number. Shared by the extractors and the date reader."""
    t = text.strip()
    if t.isdigit():
        return int(t)
    if not t or any(ch not in ZH_DIGITS and ch not in "十百" for ch in t):
        return None
    if "十" not in t and "百" not in t:  # positional: 二〇二六, 九四
        return int("".join(str(ZH_DIGITS[ch]) for ch in t))
    total, current = 0, 0
    for ch in t:
        if ch in ZH_DIGITS:
            current = ZH_DIGITS[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        else:
            total += (current or 1) * 100
            current = 0
    return total + current
