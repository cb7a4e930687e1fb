"""Languages said by their use, not by "I speak X": "fluent Korean at this point", "最近在啃日语
五十音", "duolingo french streak at 300 days", "我妈只跟我讲闽南话".

No rule of the tables reads such a clause; the message does. A clause that names one language
beside a word of its use (speaking, learning, a course, an exam, a streak: the pack's
[language] `use` words) is the speaker's language, unless the clause is someone else's ("my
boss speaks German") and not said with the speaker ("…with me", 跟我), asks for a translation or
a word, or is a wish. A language a rule of the message already read is left to it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from graphmem.extract.common import ME, builtin, cand, hedged
from graphmem.extract.lexicon import EN_LANGUAGES
from graphmem.extract.relations import names_someone_else
from graphmem.lang import data
from graphmem.model import Candidate

#: Where a clause ends: a stop, a comma, a dash, a line break; in Chinese chat a space too
#: ("英文工作够用 最近在自学韩语" is two clauses).
_CLAUSES = {
    "en": re.compile(r"[。！？!?；;，,\n]+|[.](?:\s|$)|\s[—–-]+\s"),
    "zh": re.compile(
        r"[。！？!?；;，,\n]+|[.](?:\s|$)|\s[—–-]+\s|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])"
    ),
}


@lru_cache(maxsize=4)
def _words(lang: str) -> tuple[tuple[str, ...], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The pack's [language] words: the names (lower case), their use, whose it is, with whom."""
    d = data(lang, "cues.toml")["language"]
    names = tuple(w.lower() for w in (EN_LANGUAGES if lang == "en" else d["names"]))
    return (
        names,
        re.compile(d["use"], re.I),
        re.compile(d["not_mine"], re.I),
        re.compile(d["with_me"], re.I),
    )


def _named(clause: str, lang: str, names: tuple[str, ...]) -> dict[str, str]:
    """The languages of `names` a clause names, lower case to as written (in English as whole
    words, a longer name before one inside it: "mandarin chinese", not "chinese")."""
    if lang != "en":
        return {n: n for n in names if n in clause}
    found = {n: m.group(0) for n in names if (m := _en_rx(n).search(clause))}
    return {n: w for n, w in found.items() if not any(n != o and n in o for o in found)}


@lru_cache(maxsize=256)
def _en_rx(name: str) -> re.Pattern[str]:
    """One language name as a whole word."""
    return re.compile(rf"(?<![\w']){re.escape(name)}(?![\w'])", re.I)


def _clauses_naming(text: str, low: str, lang: str, names: tuple[str, ...]) -> list[str]:
    """The clauses of `text` that hold one of `names` (found in `low`, its lower case), in order:
    only around the names, not the whole message cut and scanned clause by clause."""
    starts = sorted({i for n in names for i in _positions(low, n)})
    clauses: dict[tuple[int, int], str] = {}
    breaks = _CLAUSES[lang]
    for at in starts:
        before = [m.end() for m in breaks.finditer(text, max(0, at - 200), at + 1) if m.end() <= at]
        start = before[-1] if before else max(0, at - 200)
        after = breaks.search(text, at)
        end = after.start() if after else len(text)
        clauses.setdefault((start, end), text[start:end])
    return list(clauses.values())


@lru_cache(maxsize=256)
def _a_thing_of(name: str) -> re.Pattern[str]:
    """The language's name said of a thing (a restaurant, a dish, a wedding), not of a language."""
    things = data("en", "cues.toml")["language"]["things"]
    return re.compile(rf"(?<![\w']){re.escape(name)}\s+(?:{things})\b", re.I)


def _positions(low: str, name: str) -> list[int]:
    """Where `name` starts in `low`, each time."""
    out, at = [], low.find(name)
    while at >= 0:
        out.append(at)
        at = low.find(name, at + 1)
    return out


def languages_used(text: str, lang: str, found: Sequence[Candidate]) -> list[Candidate]:
    """The languages the speaker uses or learns, read from clauses of use the rules left."""
    names, use, not_mine, with_me = _words(lang)
    # the names the message holds at all, by a plain substring search first: most hold none,
    # and a pattern of a hundred names run at every character is what made this slow
    low = text.lower()
    if len(low) != len(text):  # a few letters grow when lower-cased: positions must hold
        low = "".join(ch if len(ch.lower()) != 1 else ch.lower() for ch in text)
    names = tuple(n for n in names if n in low)
    if not names or not use.search(text):
        return []
    read = {c.value.lower() for c in found if c.attribute in ("language", "skill")}
    out: dict[str, Candidate] = {}
    for clause in _clauses_naming(text, low, lang, names):
        named = _named(clause, lang, names)
        if len(named) != 1 or not use.search(clause) or hedged(clause):
            continue
        if (not_mine.search(clause) or names_someone_else(clause, lang)) and not with_me.search(clause):
            continue
        key, said = named.popitem()
        if key in read or key in out or any(key in r or r in key for r in read):
            continue
        if lang == "en" and _a_thing_of(key).search(clause):
            continue  # "picked up a shift at this greek place": a place, no language
        value = said.title() if lang == "en" and said.islower() else said
        out[key] = cand("language", value, ME, clause.strip())
    return builtin(list(out.values()), lang, "language_in_use")
