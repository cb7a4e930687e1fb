"""The one sentence splitter: the gate cuts messages with it and the extractors cut gated
sentences with it (each extractor may add a documented second step on top, see rules_en / rules_zh).

A sentence ends at 。！？；, a newline, an ellipsis, or at . ! ? ; before a space, the end, or
CJK text (so "example.com/a?b=1" and "3.5" stay whole). End punctuation and closing quotes stay
with their sentence. A period after a title ("Dr."), an initial or a known abbreviation ("etc.",
"a.m.") does not end one unless a typical sentence opener follows, and no boundary falls inside
a secret (a PEM block, a key with dots), so the secret gate sees and refuses it whole.
"""

from __future__ import annotations

import re

from graphmem.gate.secrets import SecretMatch, find_secrets
from graphmem.text.enumeration import enumeration

__all__ = ["enumeration", "sentence_spans", "split", "split_sentences"]

_CLOSE = "\"'”’」』)）\\]"
_BOUNDARY = re.compile(
    # The lookahead names every alternative's first character, so the search passes over
    # the rest of the text at once.
    r"(?=[。！？；\n…!?;.])(?:"
    rf"[。！？；\n]+[{_CLOSE}]*"
    # a trailing-off after a connective ("结果…真香了", "and then... it happened") goes on, no end
    r"|(?<!结果)(?<!然后)(?<!但是)(?<!所以)(?<!不过)(?<!可是)(?<!最后)(?<!\band)(?<!\bbut)(?<!\bso)(?<!\bthen)"
    r"(?:…+|\.{3,})"
    rf"|[!?;]+(?=[{_CLOSE}]*(?:\s|$|[^\x00-\x7f]))[{_CLOSE}]*"
    rf"|\.(?=[{_CLOSE}]*(?:\s|$|[\u3000-\u9fff]))[{_CLOSE}]*"
    r")"
)
_WORD_BEFORE_DOT = re.compile(r"(?:^|[^A-Za-z.])([A-Za-z][A-Za-z.]*)$")
# Titles always precede a name; other abbreviations end a sentence only before a typical sentence opener.
_TITLES = frozenset(
    ["mr", "mrs", "ms", "dr", "st", "prof", "mt", "rev", "capt", "sgt", "lt", "col", "gen", "gov", "hon"]
)
_ABBREVS = frozenset(
    ["jr", "sr", "vs", "etc", "inc", "ltd", "co", "corp", "ave", "blvd", "rd", "approx", "dept", "est", "no"]
    + ["jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"]
)
_OPENERS = frozenset(
    ["i", "i'm", "i've", "my", "we", "our", "the", "he", "she", "it", "they", "this", "that", "his", "her"]
    + ["their", "there", "but", "and", "so", "also", "then", "now", "anyway", "btw", "please", "remember"]
)


#: A laugh typed between two statements ("…named Juno lol she howls all night") ends the
#: first where the second opens with a subject: chat's full stop. Not before a linking word
#: ("not vegan lol but…"), which keeps the two as one statement.
_LAUGH_BETWEEN = re.compile(
    r"(?<![\w'])(?:lo+l+|lmf?ao+|rofl|(?:ha){2,}h?|(?:he){2,}h?)(?![\w'])[ \t,]*(?=(?:"
    + "|".join(
        sorted((o for o in _OPENERS if o not in ("but", "and", "so", "then", "now")), key=len, reverse=True)
    )
    + r")(?![\w']))",
    re.I,
)


#: A word of notice run on before the speaker ("can u find me a recipe and fyi i teach …"): what
#: follows is a statement of its own, whatever came before it (a request, a question).
_NOTICE_BETWEEN = re.compile(
    r"(?<=\w)[ \t]+(?:and[ \t]+)?(?=(?:fyi|btw|ps)[,:]?[ \t]+(?:i|i'm|im|my|we)\b)", re.I
)


def _boundaries(text: str) -> list[tuple[int, int]]:
    """(start, end) of every place a sentence may end, in order."""
    found = [(m.start(), m.end()) for m in _BOUNDARY.finditer(text)]
    found += [(m.start(), m.end()) for m in _LAUGH_BETWEEN.finditer(text) if m.start() > 0]
    found += [(m.start(), m.end()) for m in _NOTICE_BETWEEN.finditer(text)]
    return sorted(found)


def _is_abbreviation(text: str, dot: int) -> bool:
    m = _WORD_BEFORE_DOT.search(text[max(0, dot - 16) : dot])
    if not m:  # "1. buy milk": a list marker at a line start
        return bool(re.search(r"(?:^|\n)[ \t]*\d{1,2}$", text[:dot]))
    word = m.group(1).lower()
    nxt = re.match(r"\s*([A-Za-z']+|\d)?", text[dot + 1 :])
    following = (nxt.group(1) or "").lower() if nxt else ""
    if word in _TITLES or word in ("e.g", "i.e", "cf"):
        return True
    if word == "no":
        return following.isdigit()
    if word in _ABBREVS or "." in word or (len(word) == 1 and word != "i" and m.group(1).isupper()):
        return following not in _OPENERS
    return False


#: An aside in brackets that trails off ("Ines (together 20 yrs…), works at …"): the ellipsis is
#: inside the aside, which closes soon after, so the sentence goes on.
_CLOSES_SOON = re.compile(r"[^()\n]{0,40}\)")


def _trails_off_in_brackets(text: str, start: int, p: int) -> bool:
    if text[p] not in "….":
        return False
    opened = text.rfind("(", start, p)
    return opened >= 0 and ")" not in text[opened:p] and _CLOSES_SOON.match(text, p) is not None


def sentence_spans(text: str, protected: list[SecretMatch]) -> list[tuple[int, int]]:
    spans, start = [], 0
    # each item of a list typed inline is a sentence of its own
    marks = enumeration(text)
    items = [
        a for a, _ in marks if a > 0 and not (protected and any(f.start <= a < f.end for f in protected))
    ]
    for p, end in _boundaries(text):
        if any(a <= p < b for a, b in marks):  # the stop of "2." is the item's mark, no end
            continue
        while items and items[0] <= start:
            items.pop(0)
        while items and items[0] < p:
            spans.append((start, items[0]))
            start = items.pop(0)
        if protected and any(f.start <= p < f.end for f in protected):
            continue
        if text[p] == "." and text[p + 1 : p + 2] != "." and _is_abbreviation(text, p):
            continue
        if _trails_off_in_brackets(text, start, p):
            continue
        spans.append((start, end))
        start = end
    for p in items:
        if p > start:
            spans.append((start, p))
            start = p
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        piece = text[s:e]
        kept = piece.strip()  # str.strip drops exactly the characters str.isspace names
        if kept:
            s += len(piece) - len(piece.lstrip())
            out.append((s, s + len(kept)))
    return out


def split(text: str) -> list[str]:
    """Sentences of `text`, end punctuation kept; never splits inside a secret or an abbreviation."""
    # A secret only matters where it would stop a cut. Text with no boundary before its
    # last words (one sentence, as a gated one mostly is) is one sentence either way, so
    # the secret search is skipped for it.
    protected = find_secrets(text) if _inner_boundary(text) else []
    return [text[s:e] for s, e in sentence_spans(text, protected)]


def _inner_boundary(text: str) -> bool:
    """Is there a sentence boundary with more than whitespace after it?"""
    first = _BOUNDARY.search(text)  # the boundary that ends first
    return (
        (first is not None and first.end() < len(text.rstrip()))
        or bool(enumeration(text))
        or bool(_LAUGH_BETWEEN.search(text))
    )


#: The gate's public name for `split`.
split_sentences = split
