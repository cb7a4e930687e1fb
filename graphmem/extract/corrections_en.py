"""English corrections said in a few words: the correction words that open a message ("oops",
"scratch that"), "Iowa, not Ohio" with no attribute word, and a number alone after a typo
("typo, I meant 28"). The values are moved onto the attribute of the one they correct."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract.changes import is_title
from graphmem.extract.protocol import ExtractContext
from graphmem.model import Candidate

I = re.I  # noqa: E741
CORRECTION = re.compile(  # one or more: "actually scratch that, it's …"
    r"^(?:(?:correction|to correct (?:myself|that)|actually|sorry|oops|whoops|(?:a |my )?typo(?: earlier| before| above)?|wait|my bad|I misspoke|I mistyped|I made a mistake|nah|nope|I meant|"
    r"I was wrong|scratch that|let me correct (?:that|myself)|update)\b[:,!.]?\s*)+",
    I,
)
NOT_TAIL = re.compile(
    r"(?:,\s*|\s+(?:and|but)\s+)(?:and\s+)?not\s+(?:in\s+|from\s+|at\s+|with\s+|for\s+)?(?P<old>[^,]+?)\s*$",
    I,
)
_BARE_NUMBER = re.compile(  # "typo, I meant 28", "sorry, 28*": the number alone, after a correction word
    r"^(?:I meant |meant |it is |it should be |should be |make that )?\*?(?P<n>\d{1,3})\*?(?: years old| yrs old| y/?o)?$",
    I,
)
#: What makes a bare number a correction ("sorry, 2" may answer anything; "typo, 28" corrects).
_STRONG_CORRECTION = re.compile(r"\b(?:typo|mistyped|misspoke|correction|I meant)\b|\d\*|\*\d", I)
_BARE = re.compile(  # "Iowa, not Ohio", "it's Southwind not Northwind"
    r"^(?:it is |it was |I meant |that should be |should be |make that )?(?P<new>[^,]+?)(?:,\s*|\s+)not\s+(?P<old>[^,]+)$",
    I,
)
#: The end of `_BARE`'s new value when its "not" negates a verb ("the doctor says I am not
#: allergic to X"): no two values are contrasted.
_NEGATED_VERB = re.compile(
    r"\b(?:am|is|are|was|were|do|does|did|have|has|had|can|could|will|would|should|must|may|might|I|you|we|they|he|she)$",
    I,
)


def bare(context: ExtractContext, text: str, sentence: str) -> list[Candidate]:
    """The candidates of a message that is only a correction's values ("Iowa, not Ohio",
    "typo, I meant 28"), or none."""
    # the values may come after talk of how the mistake was found ("hold on, looked at the
    # label, it's X not Y"): each tail after a comma is tried, the longest first
    for tail in _tails(text):
        m = _BARE.match(tail)
        if (
            m
            and not _NEGATED_VERB.search(m["new"])
            and (got := c.bare_correction(context, m["old"], m["new"], sentence))
        ):
            return got
    if _STRONG_CORRECTION.search(sentence) and (m := _BARE_NUMBER.match(text)):
        return c.bare_number_correction(context, m["n"], sentence)
    if _PRECISE.search(sentence) or CORRECTION.match(sentence):
        for piece in re.split(r"[,;—–]|\s-\s", sentence):
            core = _PRECISE.sub("", CORRECTION.sub("", piece)).strip(" .!?")
            # "well, 53 technically, forgot my birthday": a number alone in a piece
            m = _BARE_NUMBER.match(core)
            if m and _near_recorded_age(context, int(m["n"])):
                return c.bare_number_correction(context, m["n"], sentence)
            # "well, an associate attorney to be precise": a title alone, the one on record made exact
            m = _BARE_TITLE.match(core)
            old = c.active_values(context, "job_title") if m and is_title(m["t"], "en") else []
            if m and len(old) == 1 and old[0].lower() != m["t"].lower():
                return [c.cand("job_title", m["t"], c.ME, sentence, correction=True, replaces=old[0])]
    return []


_BARE_TITLE = re.compile(
    r"^(?:I am |I'm |am )?(?:an?\s+|the\s+)(?P<t>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3})$", I
)


#: Words that say a statement is more exact than one before it; with them a number alone is
#: read as the user's age only when it lies within a couple of years of the age on record.
_PRECISE = re.compile(
    r"\b(?:well|technically(?: speaking)?|strictly speaking|to be (?:precise|exact|accurate|fair|specific)|precisely|"
    r"more like|really)\b",
    I,
)


def _near_recorded_age(context: ExtractContext, n: int) -> bool:
    ages = [int(v) for v in c.active_values(context, "age") if str(v).isdigit()]
    return len(ages) == 1 and 0 < abs(ages[0] - n) <= 2


def _tails(text: str) -> list[str]:
    cuts = [m.end() for m in re.finditer(r",\s*", text) if not text[m.end() :].lower().startswith("not ")]
    return [text] + [text[i:] for i in cuts]
