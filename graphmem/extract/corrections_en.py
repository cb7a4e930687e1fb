"""English corrections said in a few words: the correction words that open a message ("oops",
"scratch that"), "Iowa, not Ohio" with no attribute word, and a number alone after a typo
("typo, I meant 28"). The values are moved onto the attribute of the one they correct."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract import nlp, on_record
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
    # "I'm 43 not 34": a number set against a number needs no comma
    r"(?:,\s*|\s+(?:and|but)\s+|\s+(?=not\s+\d{1,3}\b))(?:and\s+)?not\s+(?:in\s+|from\s+|at\s+|with\s+|for\s+)?(?P<old>[^,]+?)\s*$",
    I,
)
_CHAT_LEAD = re.compile(
    r"^(?:(?:lol+|lmao|haha\w*|omg|ugh|oh+|ah+|ok(?:ay)?|so|well|yeah|hmm+)\b[,!.\s]*)+", I
)
_BARE_NUMBER = re.compile(  # "typo, I meant 28", "sorry, 28*": the number alone, after a correction word
    r"^(?:I meant |meant |it is |it's |its |it should be |should be |make that )?\*?(?P<n>\d{1,3})\*?(?: years old| yrs old| y/?o)?$",
    I,
)
#: A word starred to correct the one typed before it ("*Newark.", "Marguerite*").
#: Whatever follows it is an aside ("Kiko* typing one handed"): the starred word is the value.
_STARRED = re.compile(
    r"^\*\s*(?P<new>[^*\s][^*]{1,40}?)\*?[.!]*$|^(?P<new2>[^*\s][^*]{1,40}?)\*[.!]*$"
    r"|^(?P<new3>[^*\s,]{2,30})\*(?=[\s,.!]).*$|^\*(?P<new4>[^*\s,]{2,30})(?=[\s,.!]).*$"
)
#: What makes a bare number a correction ("sorry, 2" may answer anything; "typo, 28" corrects).
_STRONG_CORRECTION = re.compile(r"\b(?:typo|mistyped|misspoke|correction|I meant)\b|\d\*|\*\d", I)
_BARE = re.compile(  # "Iowa, not Ohio", "it's Southwind not Northwind"
    r"^(?:it is |it's |its |it was |I meant |that should be |should be |make that )?(?P<new>[^,]+?)(?:,\s*|\s+)not\s+(?P<old>[^,]+)$",
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
        if m and (got := _day_correction(context, m["old"], m["new"], sentence)):
            return got
        if (
            m
            and not _NEGATED_VERB.search(m["new"])
            and (got := on_record.bare_correction(context, m["old"], m["new"], sentence))
        ):
            return got
    if _STRONG_CORRECTION.search(sentence) and (m := _BARE_NUMBER.match(text)):
        return on_record.bare_number_correction(context, m["n"], sentence)
    # "*Newark" (chat's mark for "I meant"): the right spelling of a value said just before
    if (m := _STARRED.match(sentence.strip())) and not (
        starred := (m["new"] or m["new2"] or m["new3"] or m["new4"]).strip()
    ).isdigit():
        return on_record.bare_slip_correction(context, starred, sentence)
    said = _CHAT_LEAD.sub("", sentence)  # "lol my bad its 39": the cue after a laugh is a cue
    if _PRECISE.search(said) or CORRECTION.match(said):
        for piece in re.split(r"[,;—–]|\s-\s", said):
            core = _PRECISE.sub("", CORRECTION.sub("", piece)).strip(" .!?")
            # "30 as of last week", "31 now actually": the number with when it became true
            core = _AFTER_VALUE.sub("", nlp.strip_trailing_time(c.strip_emoji(core), "en")).strip(" .!?")
            # "well, 53 technically, forgot my birthday": a number alone in a piece
            m = _BARE_NUMBER.match(core)
            if m and _near_recorded_age(context, int(m["n"])):
                return on_record.bare_number_correction(context, m["n"], sentence)
            # "well, an associate attorney to be precise": a title alone, the one on record made exact
            m = _BARE_TITLE.match(core)
            old = c.active_values(context, "job_title") if m and is_title(m["t"], "en") else []
            if m and len(old) == 1 and old[0].lower() != m["t"].lower():
                return [c.cand("job_title", m["t"], c.ME, sentence, correction=True, replaces=old[0])]
    return []


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")  # fmt: skip
_MONTH = r"(?P<{g}>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
#: A day said alone or with its month, either way round: "the 21st", "21st of june", "june 21".
_DAY = re.compile(
    rf"^(?:the\s+)?(?:(?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?:\s+(?:of\s+)?{_MONTH.format(g='m')})?"
    rf"|{_MONTH.format(g='m2')}\s+(?:the\s+)?(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)$",
    I,
)
_STORED_DAY = re.compile(r"^(?P<m>[A-Z][a-z]+) (?P<d>\d{1,2})(?P<y>, \d{4})?$")


def _day_correction(context: ExtractContext, old: str, new: str, sentence: str) -> list[Candidate]:
    """ "it's the 21st of june not the 12th": a date on record (a birthday, an anniversary,
    stored as "June 12") whose day (and month, if said) the old value names takes the new day."""
    o, n = _DAY.match(old.strip(" .!")), _DAY.match(new.strip(" .!"))
    if not (o and n):
        return []
    o_day, n_day = int(o["d"] or o["d2"]), int(n["d"] or n["d2"])
    o_mon, n_mon = (o["m"] or o["m2"] or "").lower()[:3], (n["m"] or n["m2"] or "").lower()[:3]
    hits = []
    for f in context.active_facts:
        sm = _STORED_DAY.match(str(f.value))
        if (
            sm
            and sm["m"].lower() in _MONTHS
            and int(sm["d"]) == o_day
            and (not o_mon or sm["m"].lower().startswith(o_mon))
        ):
            hits.append((f, sm))
    if len(hits) != 1 or not 1 <= n_day <= 31:
        return []
    f, sm = hits[0]
    month = next((x for x in _MONTHS if n_mon and x.startswith(n_mon)), sm["m"].lower())
    value = f"{month.capitalize()} {n_day}{sm['y'] or ''}"
    subj = c.ME if c.self_like(f.subject_name) else c.Subject(f.subject_name, "person")
    return [c.cand(f.attribute, value, subj, sentence, correction=True, replaces=str(f.value))]


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


#: Words after a corrected value that say nothing of it ("31 now", "28 actually lol").
_AFTER_VALUE = re.compile(
    r"\s+(?:as of|since|starting|effective)\b.*$|(?:\s+(?:now|already|actually|technically|tbh|lol+|haha\w*|ugh|btw|fyi))+$",
    I,
)


def _near_recorded_age(context: ExtractContext, n: int) -> bool:
    ages = [int(v) for v in c.active_values(context, "age") if str(v).isdigit()]
    return len(ages) == 1 and 0 < abs(ages[0] - n) <= 2


def _tails(text: str) -> list[str]:
    cuts = [m.end() for m in re.finditer(r",\s*", text) if not text[m.end() :].lower().startswith("not ")]
    return [text] + [text[i:] for i in cuts]
