"""A new job said by the signs of its first days, not by "I work at X": "day four at Kessler &
Vance and I still can't find the break room", "my Brightline Analytics laptop finally works …
new job", 入职携程第二天还在配环境, 刚领到华为的工牌.

No rule of the tables reads such a message; the message as a whole does. A workplace named in
one of the pack's places for it ([job_start] `starts`: the first days or weeks there, its
onboarding, 入职X第N天; or `owns`: its badge or work laptop, X的工牌) is the speaker's new
employer when the message says a job has begun: a `starts` place says so itself, an `owns`
place needs one of the `new` words somewhere in the message ("new job", 新工作, 报到). A job
begun is a change, so it replaces the employer on record, as "I just started at X" does.

Nothing is read when the message names two workplaces so, when the piece is about someone
else's job, an interview, a visit, a wish or a plan, or when the name is no workplace (a
place, a weekday).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from graphmem.extract import values_en as ve
from graphmem.extract.common import (
    ME,
    State,
    active_values,
    builtin,
    cand,
    hedged,
    is_org_zh,
    is_place_en,
    is_place_zh,
)
from graphmem.extract.frames import ORG_NICKNAMES, with_org_alias
from graphmem.extract.lexicon import ZH_GENERIC_ORG, ZH_KNOWN_ORGS
from graphmem.extract.relations import names_someone_else
from graphmem.lang import data
from graphmem.model import Candidate

#: Where a piece of the message ends: a sentence stop, a line break (a comma keeps the piece).
_PIECES = re.compile(r"[。！？!?；;\n]+|[.](?:\s|$)")
#: Words that are no workplace's name however they are written ("day one at Monday's standup").
_NOT_NAMES = re.compile(
    r"^(?:the|my|our|a|an|this|that|work|home|school|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"january|february|march|april|may|june|july|august|september|october|november|december|last|next)$",
    re.I,
)


#: Places of a workplace's name: any of them (for one scan), and each with the name as `o`.
_Places = tuple[re.Pattern[str], tuple[re.Pattern[str], ...]]


@lru_cache(maxsize=2)
def _cues(lang: str) -> tuple[_Places, _Places, re.Pattern[str], re.Pattern[str]]:
    """The places a workplace is named as just begun, as owned, the words that say a job has
    begun, and what makes the piece no start of the speaker's."""
    d = data(lang, "cues.toml")["job_start"]

    def places(key: str) -> _Places:
        each = tuple(re.compile(p.replace("{org}", d["org"])) for p in d[key])
        return re.compile("|".join(f"(?:{p.pattern})" for p in each).replace("(?P<o>", "(?:")), each

    return places("starts"), places("owns"), re.compile(d["new"], re.I), re.compile(d["not_mine"], re.I)


def employer_by_start(text: str, lang: str, found: Sequence[Candidate], state: State) -> list[Candidate]:
    """The speaker's new employer, read from the signs that a job there has just begun."""
    if any(c.attribute == "employer" for c in found):  # a rule read one (anyone's: "hubby just started at …")
        return []
    starts, owns, new, not_mine = _cues(lang)
    said_new = new.search(text) is not None
    if not said_new and not starts[0].search(text):  # one scan first: most messages begin no job
        return []
    named: dict[str, str] = {}
    source = ""
    for piece in _PIECES.split(text):
        kinds = (starts, owns) if said_new else (starts,)
        if not any(any_of.search(piece) for any_of, _ in kinds):
            continue
        if not_mine.search(piece) or hedged(piece) or names_someone_else(piece, lang):
            continue
        for m in (m for _, each in kinds for rx in each for m in rx.finditer(piece)):
            if org := _workplace(m.group("o"), lang):
                named.setdefault(org.lower(), org)
                source = piece
    if len(named) != 1:
        return []
    org = named.popitem()[1]
    held = [v.lower() for v in active_values(state.context, "employer")]
    if org.lower() in held:
        return []
    return with_org_alias(
        builtin(
            [cand("employer", org, ME, source.strip(), correction=bool(held), cue="change")],
            lang,
            "job_start",
        )
    )


def _workplace(name: str, lang: str) -> str | None:
    """The name as a workplace's, or None when it names no workplace."""
    name = name.strip(" ,'’")
    if lang == "zh":
        if name in ZH_GENERIC_ORG:  # "去新公司报到": a workplace called new names none
            return None
        # a known company with what part of it one joins ("京东物流", "阿里云") is a workplace too
        part_of_known = any(
            name.startswith(k) and len(name) - len(k) <= 4 for k in ZH_KNOWN_ORGS if len(k) >= 2
        )
        if (
            name in ORG_NICKNAMES
            or is_org_zh(name)
            or part_of_known
            or (name.isascii() and name[:1].isalpha())
        ):
            return None if is_place_zh(name) else name
        return None
    words = name.split()
    while words and _NOT_NAMES.match(words[0]):
        words = words[1:]
    if not words or all(_NOT_NAMES.match(w) for w in words):
        return None
    org = ve.org_name(" ".join(words))
    return None if not org or is_place_en(org) else org
