"""A value on record spelt again, after a slip of the keyboard: "omg I typed my own name wrong,
it's Caitlin with a C", "autocorrect got me, it's Greenvale not Greenville", 刚才手滑打错了 是张玮
不是张伟.

A message that owns up to a slip (the pack's [respelled] `slip` words) and names, beside it, a
word spelt nearly as one value on record (a name, a city, a workplace: one or two letters or
one character apart) puts that value right. It is a correction of the user's own words, so it
replaces the value; nothing is read when no value on record is that close, when two are, or
when the word is the value as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher
from functools import lru_cache

from graphmem.extract.common import ME, State, builtin, cand, self_like
from graphmem.lang import data
from graphmem.model import Candidate

#: The values a slip of the keyboard may have spelt wrong: words said once, names and places.
_SPELT = ("name", "preferred_name", "city", "hometown", "employer", "school")
#: Words written with capitals, one to three of them ("Kaitlyn", "Port Angeles").
_EN_WORDS = re.compile(r"\b[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2}")
_CJK = re.compile(r"[\u4e00-\u9fff]+")


@lru_cache(maxsize=2)
def _slip(lang: str) -> re.Pattern[str]:
    return re.compile(data(lang, "cues.toml")["respelled"]["slip"], re.I)


def respelled(text: str, lang: str, found: Sequence[Candidate], state: State) -> list[Candidate]:
    """The one value on record the message spells again after owning up to a slip."""
    if not _slip(lang).search(text):  # one scan first: most messages own up to no slip
        return []
    held = [f for f in state.context.active_facts if self_like(f.subject_name) and f.attribute in _SPELT]
    hits: dict[tuple[str, str], str] = {}
    for fact in held:
        old = str(fact.value)
        if any(c.attribute == fact.attribute and c.subject == ME.name for c in found):
            continue  # the rules read a new value of it already
        for word in _words(text, old):
            if word != old and _one_slip_apart(word, old):
                hits[(fact.attribute, old)] = word
    if len(hits) != 1:
        return []
    (attribute, old), new = hits.popitem()
    said = cand(attribute, new, ME, text.strip(), correction=True, replaces=old, cue="retraction")
    return builtin([said], lang, "respelled")


def _words(text: str, old: str) -> list[str]:
    """The words of the message that may spell `old` again: capitalised runs as long as it in
    English, runs of as many characters in Chinese."""
    if _CJK.fullmatch(old):
        n = len(old)
        return (
            [run[i : i + n] for run in _CJK.findall(text) for i in range(len(run) - n + 1)] if n >= 2 else []
        )
    size = len(old.split())
    out = []
    for m in _EN_WORDS.finditer(text):
        words = m.group(0).split()
        out += [" ".join(words[i : i + size]) for i in range(len(words) - size + 1)]
    return out


def _one_slip_apart(word: str, old: str) -> bool:
    """Spelt nearly alike: Chinese, one character of two or more different; otherwise the same
    first letter and at most two letters changed in a name of four or more."""
    if _CJK.fullmatch(old):
        return len(word) == len(old) and sum(a != b for a, b in zip(word, old, strict=True)) == 1
    a, b = word.lower(), old.lower()
    if len(b) < 4 or a[0] != b[0] or abs(len(a) - len(b)) > 2:
        return False
    ops = SequenceMatcher(None, a, b).get_opcodes()
    changed = sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in ops if tag != "equal")
    return 0 < changed <= 2
