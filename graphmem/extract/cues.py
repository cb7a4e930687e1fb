"""Cue lexicons, read from the language packs (graphmem/lang/<language>/cues.toml) and
compiled once.

Each `[[cue]]` of a pack is one kind of cue people put around a statement (fillers and
openers, precision and retraction cues, change-of-state cues, hypotheticals), with an id and
example statements; `[turn]` holds what the taste-turn reader needs besides its rules (the
clause splitter, what may lead a turn, what ends its object). Both are data: a phrasing is
added there, not in code.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from graphmem.lang import data

#: Where an English cue may end: not inside a word ("now" is not the start of "nowhere").
_EN_END = r"(?![\w'])"
_EN_START = r"(?<![\w'])"


def cue_rows(lang: str) -> list[dict[str, Any]]:
    """The `[[cue]]` entries of a pack, in order."""
    rows: list[dict[str, Any]] = data(lang, "cues.toml").get("cue", [])
    return rows


def _kind(lang: str, kind: str) -> dict[str, Any]:
    return next(row for row in cue_rows(lang) if row["kind"] == kind)


def cue_id(lang: str, kind: str) -> str:
    """The id of a kind of cue ("en.cue.retraction")."""
    return str(_kind(lang, kind)["id"])


def alternation(words: list[str]) -> str:
    """One non-capturing alternation of regex fragments, longest first so phrases beat their prefixes."""
    return "(?:" + "|".join(sorted(words, key=len, reverse=True)) + ")"


@lru_cache(maxsize=32)
def words_rx(lang: str, kind: str) -> re.Pattern[str]:
    """The discourse cues of one kind, as a pattern that finds one anywhere (whole words in English)."""
    alt = alternation(_kind(lang, kind)["words"])
    if lang == "en":
        return re.compile(_EN_START + alt + _EN_END, re.I)
    return re.compile(alt, re.I)


@lru_cache(maxsize=8)
def inner_rx(lang: str) -> re.Pattern[str]:
    """Precision cues that may stand inside a statement, with the commas around them: the
    language's `inner_precision` cues, else all its precision cues."""
    if lang == "en":
        alt = alternation(_kind(lang, "inner_precision")["words"])
        return re.compile(rf",?\s*{_EN_START}{alt}{_EN_END}\s*,?", re.I)
    return words_rx(lang, "precision")


@lru_cache(maxsize=32)
def lead_rx(lang: str, kinds: tuple[str, ...]) -> re.Pattern[str]:
    """A run of cues of these kinds (and the punctuation between them) at the start of a text;
    each cue is a named group of its kind, so the reader knows which kinds it peeled."""
    groups = "|".join(f"(?P<{k}>{alternation(_kind(lang, k)['words'])})" for k in kinds)
    end = _EN_END if lang == "en" else ""
    return re.compile(rf"^[\s,，:：!！.。~～—–-]*(?:{groups}){end}[\s,，:：!！.。~～—–-]*", re.I)


@lru_cache(maxsize=8)
def tail_rx(lang: str) -> re.Pattern[str]:
    """Fillers (and the punctuation around them) ending a text: "…, haha", "…哈"."""
    alt = alternation(_kind(lang, "filler")["words"])
    start = _EN_START if lang == "en" else ""
    return re.compile(rf"(?:[\s,，!！.。~～—–-]*{start}{alt})+[\s,，!！.。~～]*$", re.I)


@lru_cache(maxsize=8)
def vocative_lead_rx(lang: str) -> re.Pattern[str]:
    """A name of address opening a text, before a mark or the speaker ("dude, I …", "老铁我…"):
    the pack's `before` says what may follow it, so a relative who opens a statement stays."""
    row = _kind(lang, "vocative")
    start = r"(?:(?:hey|yo|ok|okay|oh)[\s,]+)?" if lang == "en" else ""
    end = _EN_END if lang == "en" else ""
    return re.compile(
        rf"^[\s,，:：!！.。~～—–-]*{start}{alternation(row['words'])}{end}(?:{row['before']})", re.I
    )


@lru_cache(maxsize=8)
def vocative_tail_rx(lang: str) -> re.Pattern[str]:
    """A name of address ending a text ("… bro", "…过敏啊兄弟"); in Chinese only after a
    particle or a mark (the pack's `after`), as a word of the statement ends without one."""
    row = _kind(lang, "vocative")
    alt = alternation(row["words"])
    if lang == "en":
        # not after a word that makes it a noun of the statement ("my sis", "with the guys")
        owned = "".join(
            rf"(?<!\b{w})"
            for w in ("my", "your", "his", "her", "our", "the", "a", "with", "and", "to", "for", "of")
        )
        return re.compile(rf"(?:\s*,\s*|{owned}\s+){_EN_START}{alt}[\s,!！.。~～?]*$", re.I)
    return re.compile(rf"(?:(?<={row['after']})|[\s,，!！。~～]+){alt}[\s,，!！。~～]*$", re.I)


@lru_cache(maxsize=8)
def retraction_tail_rx(lang: str) -> re.Pattern[str]:
    """A retraction said after the statement it corrects, as a clause of its own ("…, my bad",
    "…，前面说岔了"): the statement before it is the correction."""
    alt = alternation(_kind(lang, "retraction")["words"] + (["sorry"] if lang == "en" else []))
    if lang == "en":
        lead = r"(?:sorry,?\s+|oops,?\s+|(?:that|it) was\s+(?:a\s+)?)?"
        return re.compile(
            rf"(?:^|\s*[,;.!—–(-]|\s+-)\s*{lead}{_EN_START}{alt}{_EN_END}[\s,!.)~]*(?:lol|haha\w*|sorry)?[\s!.)~]*$",
            re.I,
        )
    lead = r"(?:我|是我)?(?:前面|刚才|刚刚|之前|上次|上面|上一条|那会儿)?(?:那句|那个|那条)?(?:是)?"
    return re.compile(
        rf"(?:^|[，,。；;！!\s(（]+){lead}(?:{alt}(?:了|啦|哈|哦|呀|嘛|啊)*[，,\s]*)+[。！!~～)）\s]*$"
    )


@lru_cache(maxsize=8)
def precision_tail_rx(lang: str) -> re.Pattern[str]:
    """A precision cue said after the statement it makes exact ("42 actually", "Denver, to be
    precise", "成都才对"): the pack's `[tail] precision` words."""
    words = data(lang, "cues.toml")["tail"]["precision"]
    if lang == "en":
        return re.compile(rf"(?:\s*[,;—–-])?\s+{_EN_START}{alternation(words)}{_EN_END}[\s,!.~]*$", re.I)
    return re.compile(rf"[，,\s]*{alternation(words)}(?:了|啦|哈|哦|呀|嘛|啊)*[。！!~～\s]*$")


@lru_cache(maxsize=16)
def turn_words(lang: str, kind: str) -> re.Pattern[str]:
    """A pattern of the pack's [turn] words (what may lead a turn, what ends its object, where
    clauses are cut, what makes a question)."""
    return re.compile(data(lang, "cues.toml")["turn"][kind], re.I)


def liking(lang: str, value: str) -> str:
    """A plain statement that the user likes `value`, in the language."""
    return str(data(lang, "cues.toml")["turn"]["liking"]).format(value)


@lru_cache(maxsize=16)
def change_words(lang: str, kind: str) -> re.Pattern[str]:
    """A pattern of the pack's [change] words (what ends a title, what is never one, whose
    birthday a statement names)."""
    return re.compile(data(lang, "cues.toml")["change"][kind], re.I)


def change_list(lang: str, kind: str) -> list[str]:
    """A word list of the pack's [change] words (how a title may end)."""
    words: list[str] = data(lang, "cues.toml")["change"][kind]
    return words


@lru_cache(maxsize=8)
def arrival_words(lang: str, kind: str) -> re.Pattern[str]:
    """A pattern of the pack's [arrival] words: a move said from where one now is ("week two
    here", 搬过来一个月), and what makes it someone else's or no move yet."""
    return re.compile(data(lang, "cues.toml")["arrival"][kind], re.I)


@lru_cache(maxsize=4)
def allergen_symptoms(lang: str) -> re.Pattern[str]:
    """The pack's [allergen] symptoms: what a body does in a reaction ("lips swelled", 起疹子)."""
    return re.compile(data(lang, "cues.toml")["allergen"]["symptom"], re.I)


@lru_cache(maxsize=4)
def allergen_not_mine(lang: str) -> re.Pattern[str]:
    """The pack's [allergen] words that make a reaction no allergy of the speaker's (a food
    gone bad, someone else's body)."""
    return re.compile(data(lang, "cues.toml")["allergen"]["not_mine"], re.I)


@lru_cache(maxsize=8)
def allergen_words(lang: str) -> tuple[re.Pattern[str], re.Pattern[str], int, tuple[str, ...]]:
    """The pack's [allergen] words: the reactions that make what is kept away an allergy, the
    words that keep it away, how far they may stand from it, and the allergens known."""
    d = data(lang, "cues.toml")["allergen"]
    words = tuple(sorted((str(w) for w in d["words"]), key=len, reverse=True))
    return re.compile(d["reaction"], re.I), re.compile(d["avoid"], re.I), int(d["gap"]), words
