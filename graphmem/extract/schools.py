"""Where someone studies: "my son goes to Brookside Middle", "she starts first grade at Lincoln
Elementary next week", "I'm a junior at Ohio State", "女儿在实验小学上二年级", "儿子考上了浙大".

The patterns are rules of the packs' predicate tables; these handlers decide whether what they
caught names a school (its last word, or a school people name without one: the packs'
values.toml, [school]). A name that is no school returns nothing, so the rules after it read
the clause ("started at Initech" is a job).
"""

from __future__ import annotations

import re
from functools import cache

from graphmem.extract import nlp
from graphmem.extract.common import Ctx, cand
from graphmem.lang import Handler
from graphmem.lang.engine import data
from graphmem.model import Candidate

#: What a school's name never is: a pronoun, an article or a place people go to for other reasons.
_NOT_A_NAME = re.compile(r"^(?:it|that|this|there|here|work|home|church|the gym|bed)$", re.I)


@cache
def _lexicon(language: str) -> tuple[frozenset[str], frozenset[str]]:
    d = data(language, "values.toml")["school"]
    return frozenset(w.lower() for w in d["words"]), frozenset(k.lower() for k in d["known"])


def is_school(name: str, language: str) -> bool:
    """Does `name` name a school: does it end with a school word, or is it one people know?"""
    words, known = _lexicon(language)
    low = name.strip().lower()
    if low in known:
        return True
    if language == "zh":
        return any(low.endswith(w) for w in words) and len(low) > 1
    last = low.split()[-1] if low.split() else ""
    return last in words and len(low.split()) >= 2


def _name_en(said: str) -> str | None:
    x = nlp.strip_trailing_time(said.strip(" .!,"), "en")
    x = re.sub(r"^the\s+(?=[A-Z])", "", x)
    x = re.split(r",|\s+(?:and|but|so|which|where|lol|haha\w*|now|this|next|last|in the fall)\b", x)[
        0
    ].strip()
    if not x or _NOT_A_NAME.match(x) or len(x.split()) > 6:
        return None
    return x


def school_name_en(said: str) -> str | None:
    """The school's name as said, what follows it cut off; None when it names none."""
    return _name_en(said)


def _school_en(m: re.Match[str], ctx: Ctx) -> list[Candidate] | None:
    """A school named after a verb of going or starting, or after being a student there: a
    school by its name; a student's own place of study ("a junior at Ohio State") any name."""
    x = _name_en(m["x"])
    if x is None:
        return None
    student = bool(m.groupdict().get("student"))
    if not (is_school(x, "en") or (student and x[:1].isupper())):
        return None
    return _studies_at(x, ctx)


def _studies_at(school: str, ctx: Ctx) -> list[Candidate]:
    out = [cand("school", school, ctx.subj, ctx.src)]
    if ctx.has_time:  # "starts at … next week": the day itself is an event too
        out.append(cand("event", ctx.src, ctx.subj, ctx.src))
    return out


_ZH_TAIL = re.compile(r"(?:了|呢|啦|哦|呀)+$")


def _school_zh(m: re.Match[str], ctx: Ctx) -> list[Candidate] | None:
    x = _ZH_TAIL.sub("", (m["x"] or m["x2"]).strip())
    x = re.sub(r"^(?:了|到|进|的)", "", x)
    # a school typed by its English name ("在Elmwood Primary上学"): a name with its capitals
    latin = re.fullmatch(r"[A-Z][\w'&.-]*(?:\s[A-Z][\w'&.-]*){0,4}", x) is not None
    if not (is_school(x, "zh") or latin) or ctx.past:
        return None
    return _studies_at(x, ctx)


HANDLERS: dict[str, dict[str, Handler]] = {"en": {"school": _school_en}, "zh": {"school": _school_zh}}
