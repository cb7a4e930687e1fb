"""A numbered list typed on one line ("1.叫我小林 2.28岁 3.在成都", "1) 34 2) welder"): where
its items' marks are. The sentence splitter cuts there; the extractors read each item alone."""

from __future__ import annotations

import re

__all__ = ["enumeration"]

#: A numbered item's mark typed inline ("1.叫我小林 2.28岁 3.在成都", "1) 34 2) welder"): a
#: number not glued to a Latin word or another number, then its stop.
#: A keycap emoji ("1⃣", "2️⃣") is such a mark too.
_ITEM_MARK = re.compile(r"(?<![A-Za-z0-9.,])(\d{1,2})(?:[.)、．）]|\ufe0f?\u20e3)")


def enumeration(text: str) -> list[tuple[int, int]]:
    """The spans of the marks of a numbered list typed on one line: 1, 2, 3 … in order, at
    least two, a first "1." followed by words (so "1.5 2.5" is no list). Empty when none."""
    marks: list[tuple[int, int]] = []
    for m in _ITEM_MARK.finditer(text):
        expected = len(marks) + 1
        if int(m[1]) != expected:
            continue
        if expected == 1 and m[0][-1] in ".．" and not re.match(r"\s*[^\d\s]", text[m.end() :]):
            continue
        marks.append(m.span())
    return marks if len(marks) >= 2 else []
