"""English clauses: contractions spelled out and a sentence cut where a new clause starts.

The rules read "I am", never "I'm", and one clause at a time: "and"/"but" start a new
clause only before a subject, a verb or a state said with its verb left out ("I'm
vegetarian and allergic to shellfish"), so "rock and roll" stays whole.
"""

from __future__ import annotations

import re

from graphmem.extract import patterns_en as p

__all__ = ["STATE_START", "expand", "split"]

I = re.I  # noqa: E741
_CONTRACTIONS = [
    (re.compile(r"\bi'm\b", I), "I am"),
    (re.compile(r"\bi've\b", I), "I have"),
    (re.compile(r"\bi'd\b", I), "I would"),
    (re.compile(r"\bi'll\b", I), "I will"),
    (re.compile(r"\bi\b"), "I"),
    (re.compile(r"\bcan't\b", I), "cannot"),
    (re.compile(r"\bwon't\b", I), "will not"),
    (re.compile(r"\b(\w+)n't\b", I), r"\1 not"),
    (re.compile(r"\b(we|you|they)'re\b", I), r"\1 are"),
    (re.compile(r"\b(we|you|they)'ve\b", I), r"\1 have"),
    (re.compile(r"\b(he|she|it|that|name|birthday|bday|b-day)'s\b", I), r"\1 is"),
]
_LONE_I = _CONTRACTIONS[4][0]
#: Contractions typed without the apostrophe ("im 34", "dont like olives"): only the forms that
#: are no other English word ("ill", "id", "wont", "were" stay as they are).
_BARE_CONTRACTIONS = re.compile(r"\b(?:im|ive|dont|doesnt|didnt|cant|isnt|wasnt|arent|havent|hasnt)\b", I)
_BARE_FULL = {
    "im": "I am", "ive": "I have", "dont": "do not", "doesnt": "does not", "didnt": "did not", "cant": "cannot",
    "isnt": "is not", "wasnt": "was not", "arent": "are not", "havent": "have not", "hasnt": "has not",
}  # fmt: skip
_VERBS = (
    r"am|is|are|was|have|has|had|work|works|worked|live|lives|lived|love|loves|like|likes|enjoy|enjoys|hate|hates|speak|"
    r"speaks|play|plays|moved|joined|started|teach|teaches|study|studies|own|owns|just|also|recently|currently|now|can|will|"
    # the verbs of a change ("packed up and relocated to …", "sold up and retired to …")
    r"relocated|switched|transferred|settled|retired|adopted|became|ended up|wound up|finally"
)
# A state said of the clause's subject with its verb left out: "I'm vegetarian and allergic to
# shellfish", "my son is vegan and lactose intolerant". Only where it cannot be a modifier
# ("tacos and vegetarian burgers"): followed by what makes it a predicate.
_STATE = (
    r"(?:(?:very|so|super|really|pretty|extremely|highly|quite|deathly|severely|mildly)\s+)?(?:allergic|intolerant)\s+to\b"
    r"|(?:lactose|gluten)[ -]intolerant\b|(?:deathly|severely|mildly)\s+allergic\b"
    r"|(?:vegan|vegetarian|pescatarian|married|engaged|divorced|widowed|single|pregnant|retired)"
    r"(?=\s*(?:$|[,.!;]|(?:now|since|too|as well|to|for)\b))"
    r"|based\s+in\b|originally\s+from\b"
)
STATE_START = re.compile(rf"^(?:{_STATE})", I)
# "and"/"but" start a new clause only before a subject, a verb or a state: "rock and roll"
# stays whole.
# The speaker as chat types it too: "i", "im", "ive" (expand() spells them out per clause).
_ME = r"(?:I|i(?:'?m|'?ve)?)"
#: What moves a plan said just before ("the call was tomorrow but they moved it to friday"): the
#: same clause, so the plan keeps the day it was moved to.
_MOVE = (
    r"(?:(?:they|he|she|it|we|the\s+\w+)\s+(?:\w+\s+)?(?:moved|pushed|bumped|rescheduled|postponed|changed|shifted)\b"
    r"|(?:it\s+|that\s+)?(?:got|was|has\s+been)\s+(?:moved|pushed|bumped|rescheduled|postponed|changed|shifted)\b"
    # "… but now it's friday": a day after it (not "but now it's just me here")
    r"|now\s+it'?s\s+(?:on\s+|moved\s+to\s+)?(?:the\s+\d|(?:this\s+|next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
    r"|tomorrow\b|tmrw\b|next\b|in\s+\w+\s+(?:days?|weeks?)))"
)
_CLAUSE_SPLIT = re.compile(
    # "since I'm …" in the present gives a reason, a clause of its own ("since I was 12" is a time)
    rf"\s*;\s*|\s+=\s+|,?\s+since\s+(?=(?:I'm|I am|im|i'm)\s)|(?<!nothing)(?<!anything)(?<!\ball)(?<!everything),?\s+(?i:but)\s+(?!{_MOVE})|"
    # what follows from it, said as a request: "lactose intolerant so no milk pls"
    rf",?\s+so\s+(?=(?:no|pls|please|plz|dont|don't|never|keep|make sure|nothing|zero|avoid)\b)|,\s*so\s+|\s+so\s+(?=(?:now\s+|then\s+)?(?:{_ME}|we|my|our|me and)\b|(?i:{_STATE}))|\s+so\s+(?=[a-z]+\s+(?:was|is)\s+(?:basically\s+|technically\s+|kinda\s+)?my\b)|,?\s+(?:because|bc|b/c|cuz|coz|cos)\s+|,?\s+(?:al)?though\s+|"
    rf",?\s+(?i:and)\s+(?=(?:(?:honestly|tbh|ngl|lowkey|highkey|actually|kinda|also|now|so now|then|rn|right now|currently|lately)\s+)?(?:{_ME}|we|my|our|he|she|they)\b|(?:{_VERBS})\b|(?i:{_STATE}))|"
    # a new clause with a subject of its own: "…, and the passport appointment is in 10 days"
    r",\s+(?:(?:oh|and)\s+)?(?:and|also|plus)\s+(?=(?:the|my|our|his|her|their)\s+[\w'-]+(?:\s+[\w'-]+){0,3}\s+(?:is|are|was|were)\b)|"
    # the name of who was just spoken of, said on: "adopted a bunny her name is Pancake"
    r"[,;]?\s+(?=(?i:her|his|its|their)\s+names?(?:'s|\s+is|\s+are|s)\s)|"
    rf",\s+(?=(?:{_ME}|we|my|our|he|she|they|his|her)\b)(?!(?:my|our)\s+[\w ]{{1,20}},)|"  # not "Tom, my brother, works…"
    # a word of notice before the speaker starts a clause too: "…for sat, heads up im allergic to …"
    rf",\s+(?=(?:heads up|fyi|btw|also|oh and|plus|anyway|ps|p\.s\.)[,:]?\s+(?:{_ME}|we|my|our)\b)|"
    # how long, run on after where ("… at a school in Leeds been there 6 yrs"): a clause of its own
    r"\s+(?=been\s+(?:there|here|doing\s+it|at\s+it)\s+(?:for\s+)?(?:\d|a\b|an\b|over|almost|nearly|like|about|ages|forever))|"
    # the same run on without a comma ("… call mum sunday and fyi i teach maths at …")
    rf"\s+(?:and\s+)?(?=(?:fyi|btw|ps|p\.s\.)[,:]?\s+(?:{_ME}|we|my|our)\b)|"
    # what everyone calls one or thinks of one: "…, literally everyone calls me Fee"
    r",\s+(?=(?:(?:literally|basically|honestly|but)\s+)?(?:everyone|everybody|nobody|no one|people)\s+(?:calls?|knows?)\b)|"
    # where one works or lives now, its subject left out: "quit B&F, contracting for Meridian now"
    r",\s+(?=(?:now\s+|currently\s+)?(?:working|contracting|freelancing|consulting|interning|in-house|full[- ]time|"
    r"part[- ]time|based|living|teaching|studying|(?:fully\s+|mostly\s+)?remote(?:ly)?)\s+(?:at|for|with|in|out of|from)\b)|"
    # a clause in the past with its subject left out: "we did it, signed a lease in …"
    r",\s+(?=(?:[a-z]{2,}(?<!e)ed|got|went|made|took|bought|left|quit|found|began|became|sold|won|lost)\s+"
    r"(?:a|an|the|my|our|his|her|their)\b)|"
    # a run-on from one day's plan into another's: "… move this saturday then next friday is …"
    rf"\s+(?:and\s+)?then\s+(?=(?:next|this|coming)\s+(?i:{p.WD})\b|tomorrow\b)|"
    rf"\s*:\s+(?!(?:(?:baby|little|big) )?[A-Z][\w'-]+(?: \(\d{{1,2}}\))?(?:,| and ))|,\s+(?=(?i:{p.WD}|yesterday|today|tonight|last night|this morning|then)\b)"
)


# "Name's Elias", "name: Elias": the user's name with "my" left out, not a person called Name.
_BARE_NAME = re.compile(r"^(?:names?(?:'s|\s+is|\s*:)|names)\s+(?=[A-Z])", I)


def expand(text: str) -> str:
    text = _BARE_NAME.sub("my name is ", text.replace("’", "'").replace("‘", "'"))
    text = _BARE_CONTRACTIONS.sub(lambda m: _BARE_FULL[m.group(0).lower()], text)
    if "'" not in text:  # every contraction but a lone "i" has an apostrophe: one pattern, not all
        return _LONE_I.sub("I", text) if "i" in text else text
    for rx, rep in _CONTRACTIONS:
        text = rx.sub(rep, text)
    return text


def split(sentence: str) -> list[str]:
    """The clauses of a sentence, "Name's X" read as the user's name first."""
    return [x for x in _CLAUSE_SPLIT.split(_BARE_NAME.sub("my name is ", sentence)) if x and x.strip()]
