"""The text secret detectors read: a normalised copy of a message and where each of its
characters came from.

NFKC folds full-width digits and letters to ASCII, zero-width and formatting characters
are dropped (so they cannot split a secret) and spaces of every width become plain, so
`8\u200b4111…` or a card grouped with thin spaces reads as one number; the offset map
lets a span found in the copy be redacted in the original, invisible characters included.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["normalise"]


# Characters that render as nothing (zero-width spaces and joiners, direction marks, word
# joiner, BOM, soft hyphen, variation selectors, tags): dropped, so they cannot split a secret.
_INVISIBLE = frozenset(
    [0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x3164, 0xFEFF, 0xFFA0]
    + list(range(0x200B, 0x2010))
    + list(range(0x202A, 0x202F))
    + list(range(0x2060, 0x2070))
    + list(range(0xFE00, 0xFE10))
    + list(range(0xE0000, 0xE0080))
)
# Spaces of every width become a plain space (NFKC leaves some, e.g. U+3000, as they are).
_SPACES = frozenset([0x00A0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, *range(0x2000, 0x200B)])


@lru_cache(maxsize=4096)
def _fold(ch: str) -> str:
    cp = ord(ch)
    if cp in _INVISIBLE:
        return ""
    if cp in _SPACES or ch.isspace():
        return " " if ch not in "\n\r\t" else ch
    if unicodedata.category(ch) == "Cf":  # any other formatting character
        return ""
    return unicodedata.normalize("NFKC", ch)


#: The characters `_fold` might change: neither ASCII (left as it is) nor a CJK ideograph
#: of the unified blocks (NFKC leaves those, and they are no space or format character).
_MAY_FOLD = re.compile(r"[^\x00-\x7f\u3400-\u4dbf\u4e00-\u9fff]")


def normalise(text: str) -> tuple[str, list[int] | None]:
    """(the text detectors read, the original offset of each of its characters); the map
    is None when every character is where it was (plain ASCII, nothing in it folds, or
    each fold is one character for one)."""
    if text.isascii():
        return text, None
    # Decided per distinct character, and only the characters that fold are visited: CJK
    # prose folds little more than its full-width punctuation, and a long message is not
    # walked character by character in Python.
    changing = {ch: f for ch in set(_MAY_FOLD.findall(text)) if (f := _fold(ch)) != ch}
    if not changing:
        return text, None
    folding = re.compile("[" + "".join(re.escape(ch) for ch in changing) + "]")
    if all(len(f) == 1 for f in changing.values()):  # full-width punctuation, thin spaces
        return folding.sub(lambda m: changing[m.group()], text), None
    out: list[str] = []
    origin: list[int] = []
    pos = 0
    for m in folding.finditer(text):
        i = m.start()
        out.append(text[pos:i])
        origin.extend(range(pos, i))
        folded = changing[m.group()]
        out.append(folded)
        origin.extend([i] * len(folded))
        pos = i + 1
    out.append(text[pos:])
    origin.extend(range(pos, len(text)))
    return "".join(out), origin
