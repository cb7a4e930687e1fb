"""The handlers of lang/en/clause.toml's rules that read a clause on their own: clause-level
rules, whose subject is not at the front ("call me Liz", "it's Bartholomew on my passport",
"6 yrs at Kroger and …"). The one that reads the inner statement again ("forget that …") lives
with the clause reader (graphmem.extract.rules_en)."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract import patterns_en as p
from graphmem.extract import subjects_en
from graphmem.extract.common import ME, cand
from graphmem.extract.lexicon import EN_NOT_NAMES
from graphmem.extract.relations import relation_of
from graphmem.extract.values_en import is_job
from graphmem.lang import Handler

I = re.I  # noqa: E741

_LIST_SPLIT = re.compile(r",\s*(?:and\s+)?|\s+and\s+|\s+or\s+", I)


def _test_found(m, ctx):
    return c.allergy_results(m, ctx, _LIST_SPLIT)


_DAY_OR_MONTH = re.compile(
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september|october"
    r"|november|december|christmas|easter|halloween|thanksgiving",
    I,
)
_GREETING = re.compile(r"^\W*(?:hey+|hi+|hello|hiya|heya|yo|morning|evening)\b", I)


def _greeting_intro(m, ctx):
    """ "hey, it's Jon": a name after a greeting, or "it's Sam here", is who is writing."""
    if (
        not (m["here"] or _GREETING.match(ctx.state.sentence or ""))
        or c.is_place_en(m["name"])
        or _DAY_OR_MONTH.match(m["name"])
    ):
        return None
    return _intro_here(m, ctx)


def _intro_here(m, ctx):
    """ "Marcus here.": the user says who is writing (someone already known, or a word that
    is no name, is only where someone is)."""
    name = m["name"]
    first = name.split()[0]
    if (
        first in EN_NOT_NAMES
        or first in subjects_en.NOT_A_PERSON
        or relation_of(first)
        or ctx.state.entity_at(name, word_boundary=True)
    ):
        return None
    return [cand("name", name, ME, ctx.src)]


def _retract_topic(m, ctx):
    return [cand("*", p.span(m["x"], p.LIKE_STOP), ME, ctx.src, retract=True, correction=True)]


# Clause-level rules: the subject is not at the front ("call me Liz", "don't mention X again").
#: The handlers of lang/en/clause.toml's rules, by the name a rule gives as `handler`.
#: What one is born and raised as, not where: "a Yankees fan born and raised", "a Texan …".
_BORN_AS = re.compile(
    r"\b(?:fan|fans|girl|boy|guy|kid|gal|lad|lass|man|woman|dude|native|texan|yankee|southerner|northerner|local)$",
    I,
)


def _born_and_raised(m, ctx):
    """ "omaha born and raised, still here": the hometown, and the city too when still there."""
    where = p.place(m["x"].strip())
    if not where or _BORN_AS.search(m["x"].strip()):
        return None
    out = [cand("hometown", where, ME, ctx.src)]
    return out + [cand("city", where, ME, ctx.src)] if m["still"] else out


def _native_living_in(m, ctx):
    """ "jersey girl living in philly now": where one is from, and where one lives now."""
    home, here = p.place(m["home"].strip()), p.place(m["x"].strip())
    if not home or not here or home == here:
        return None
    return [cand("hometown", home, ME, ctx.src), cand("city", here, ME, ctx.src)]


def _native_of(m, ctx):
    """ "Melbs girl originally", "a Cork lad at heart": where one is from, said as who one is."""
    if not (m["me"] or m["orig1"] or m["orig2"]):  # "a Denver guy I met": someone else
        return None
    home = p.place(m["home"].strip())
    return [cand("hometown", home, ME, ctx.src)] if home else None


def _name_nobody_uses(m, ctx):
    """ "nobody calls me Rebecca except my mom": the user's name, though not the one used."""
    name = m["name"]
    return None if name in EN_NOT_NAMES else [cand("name", name, ME, ctx.src)]


def _my_workplace(m, ctx):
    """ "got to my shift at Greenleaf Grocers late": where one works, named by one's shift there."""
    x = _without_the(m["x"])
    return None if x.split()[0] in EN_NOT_NAMES else [cand("employer", x, ME, ctx.src)]


def _job_life_at(m, ctx):
    """ "line cook life at the Rusty Spoon": the job, if it names one, and where it is done."""
    title, x = m["y"].strip(), _without_the(m["x"])
    if not is_job(title) or x.split()[0] in EN_NOT_NAMES:
        return None
    return [cand("job_title", title, ME, ctx.src), cand("employer", x, ME, ctx.src)]


def _without_the(name: str) -> str:
    """A place's name said with "the" ("the Rusty Spoon"): the name."""
    name = name.strip()
    return name[4:] if name.lower().startswith("the ") else name


def _city_there(m, ctx):
    """ "the company relocated the whole team to Pittsburgh", "our lease is actually in Oakland":
    the city the user lives in now."""
    where = p.place(m["x"].strip())
    return [cand("city", where, ME, ctx.src)] if where else None


#: An age leading the speaker's own news: the clause after it is what the speaker did or does.
_AGE_LEADS_NEWS = re.compile(
    r"^\W*(?:so |well |ok so )?\d{2}\s*(?:years old|yrs old|yr old|y/o|yo|years young)\s*(?:,\s*|\s+and\s+|\s+&\s+|\s+n\s+)"
    r"(?:I\s+|I.?ve\s+)?(?:just|finally|recently|got|bought|started|took|signed"
    r"|learning|picked|decided|going|starting|trying)\b",
    I,
)


def _age_leading_news(m, ctx):
    """ "41 years old and just bought my first skateboard": the speaker's age, leading their news
    (the clause is cut at "and"; the sentence says whose news follows)."""
    n = int(m["x"])
    if not (13 <= n <= 99 and _AGE_LEADS_NEWS.match(ctx.state.sentence or "")):
        return None
    return [cand("age", str(n), ME, ctx.src)]


#: Doings whose "at NN" is a time of day or a place, not the doer's age ("arriving at 18 …").
_AT_A_TIME = re.compile(
    r"^(?:arriv|leav|land|wak|meet|start|finish|clos|open|show|gett|head|eat|com|go)ing$", I
)


def _age_doing_at(m, ctx):
    """ "shoveling the driveway at 64 is not fun": the speaker's age, said of their own doing."""
    n = int(m["n"])
    if not 18 <= n <= 99 or _AT_A_TIME.match(m["g"]):
        return None
    return [cand("age", str(n), ME, ctx.src)]


#: What one spends years at without working there: a school, a place one lives or stays.
_NOT_A_WORKPLACE = re.compile(
    r"\b(?:university|college|school|uni|academy|institute|high|home)\b|^(?:home|sea)$", I
)


def _years_at_workplace(m, ctx):
    """ "3 yrs at Stripe and …": the speaker's workplace, said by how long they have been there."""
    where = m["x"].strip(" .,'")
    if (
        _NOT_A_WORKPLACE.search(where)
        or c.is_place_en(where)
        or ctx.state.entity_at(where, word_boundary=True)
    ):
        return None
    return [cand("employer", where, ME, ctx.src)]


def _registered_name(m, ctx):
    """ "it's Bartholomew on my passport": the name the user is registered under."""
    name = (m["name"] or m["name2"] or m["name3"]).strip()
    first = name.split()[0]
    if (
        first in EN_NOT_NAMES
        or first in subjects_en.NOT_A_PERSON
        or relation_of(first)
        or c.is_place_en(name)
    ):
        return None
    return [cand("name", name, ME, ctx.src)]


HANDLERS: dict[str, Handler] = {
    "registered_name": _registered_name,
    "years_at_workplace": _years_at_workplace,
    "age_leading_news": _age_leading_news,
    "age_doing_at": _age_doing_at,
    "born_and_raised": _born_and_raised,
    "native_living_in": _native_living_in,
    "native_of": _native_of,
    "name_nobody_uses": _name_nobody_uses,
    "my_workplace": _my_workplace,
    "job_life_at": _job_life_at,
    "city_there": _city_there,
    "retract_topic": _retract_topic,
    "intro_here": _intro_here,
    "greeting_intro": _greeting_intro,
    "test_found": _test_found,
}
