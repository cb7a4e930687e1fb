"""English predicate handlers: what follows the subject of a clause ("work at Google",
"am allergic to peanuts", "'s name is Miso") mapped onto vocabulary attributes.

The patterns are data, in graphmem/lang/en/predicate.toml (ordered; the first rule whose
handler returns candidates wins, None passes); this module holds the handlers they name
(`HANDLERS`) and the value cleaners. Predicates arrive with contractions expanded and the
subject removed, so one pattern serves "I work at X" and "Tom works at X".
"""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract import on_record
from graphmem.extract.common import ME, cand, link
from graphmem.extract.have_en import have, pet_gone, pet_put_down
from graphmem.extract.lexicon import (
    EN_AVOID,
    EN_DIETS,
    EN_GENDER,
    EN_LANGUAGES,
    EN_NOT_NAMES,
)
from graphmem.extract.relations import entity_type, relation_of, relation_words
from graphmem.extract.values_en import (  # noqa: F401 - the rule modules read the cleaners through this one
    COMMON_WORD_CITIES,
    LIKE_STOP,
    NOT_LIKES,
    NOT_WORKPLACE,
    ORG_STOP,
    PLACE_STOP,
    is_job,
    job_title_of,
    like_value,
    lone_place_word,
    org_name,
    place,
    smaller_place,
    span,
    untimed,
)
from graphmem.lang import Handler, fragment
from graphmem.lang.lexicons import word_list

I = re.I  # noqa: E741
WD = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
MON = fragment("en", "MON")
TIME = (
    rf"\b(?:(?:tomorrow|yesterday)(?: morning| afternoon| evening| night)?|tonight|today|"
    rf"this (?:morning|afternoon|evening|week|weekend|month|year|{WD})|"
    rf"next (?:week|weekend|month|year|{WD})|last (?:night|week|weekend|month|year|{WD})|on {WD}\b(?!s)|"
    rf"{WD} (?:morning|afternoon|evening|night)|in (?:a|an|\d+|two|three|a few|a couple of) (?:days?|weeks?|months?|hours?)|"
    rf"(?:in|on) {MON}\b(?: \d{{1,2}}(?:st|nd|rd|th)?)?|{MON}\.? \d{{1,2}}(?:st|nd|rd|th)?\b|on the \d{{1,2}}(?:st|nd|rd|th)|"
    r"at \d{1,2}(?::\d\d)? ?(?:am|pm|a\.m\.|p\.m\.)|at noon|later today|the day after tomorrow|over the weekend|"
    r"this past \w+|\w+ (?:days|weeks|months) ago|earlier today|this coming \w+)"
)
TIME_RX = re.compile(TIME, I)
RELATIVE = re.compile(rf"\b(?:tomorrow|tonight|today|yesterday|this|next|last|ago|on {WD}|soon)\b", I)
#: Weekly schedules ("every Tuesday I have piano") are facts, not one-off events.
RECURRING = re.compile(rf"\b(?:every (?:other )?{WD}|each {WD}|on {WD}s|{WD}s\b|weekly on)", I)
HABIT = re.compile(
    r"\b(?:every (?:day|morning|night|evening|week|month|year|weekend)|usually|often|always|normally|typically|"
    r"generally|sometimes|regularly|daily|twice a|once a|\w+ times a|on weekends|most (?:days|mornings|nights)|tend to)\b",
    I,
)
NAME = fragment("en", "NAME")
REL = "|".join(re.escape(w) for w in relation_words("en"))
LANG = "(?:" + "|".join(sorted(map(re.escape, EN_LANGUAGES), key=len, reverse=True)) + ")"
DIET = "|".join(sorted(map(re.escape, EN_DIETS), key=len, reverse=True))
_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)


#: Chat words typed after a name in lower case, no part of it.
_CHAT_TAIL = re.compile(
    r"(?:\s+(?:obvs|obviously|ofc|of course|tho|though|lol|lmao|haha\w*|btw|fwiw|rn|tbh|ngl|fr|still|now|anyway))+$"
)


def _lower_org(x: str | None, ctx) -> str | None:
    """A user who types in lower case ("work at initech") names employers in lower case too."""
    v = _CHAT_TAIL.sub("", untimed(span(x or "")).strip())  # "still at quillstream obvs"
    said = (ctx.state.sentence or ctx.src).lstrip(" \"'([")  # the message as typed
    if not (ctx.src[:1].islower() or said[:1].islower()) or v.lower() in NOT_WORKPLACE:
        return None
    ok = re.fullmatch(
        r"(?!(?:a|an|the|home|work|school|my|our|night|nights)\b)[a-z][a-z0-9&.-]{2,}(?: [a-z][a-z0-9&.-]+)?",
        v,
    )
    # an activity is no employer: "switched to swimming", "moved to baking full time"
    return v if ok and not _gerund(v.split()[0]) else None


COMMON_WORDS = word_list("en", "words")
#: What makes being somewhere a stay, not where one lives: "in Seattle for a conference".
_A_STAY = re.compile(
    r"^(?:for|on|this|until|till|over|til)\b|^(?:visiting|on a|on vacation|on holiday)", re.I
)


def _lives_there(m, ctx) -> bool:
    """ "I'm down in philly so its like 2 hrs": a place, said with no stay after it."""
    where = span(m["x"], PLACE_STOP)
    return (c.is_place_en(where) or smaller_place(where)) and not _A_STAY.match(m["x"][len(where) :].strip())


def _gerund(word: str) -> bool:
    """An -ing form of a common verb ("swimming", "baking"), not a name ending so ("ping")."""
    if not word.endswith("ing") or len(word) < 6:
        return False
    stem = word[:-3]
    return any(x in COMMON_WORDS for x in (stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else ""))


#: Words that make what follows "in" an organisation ("a nurse in St. Mary's Hospital").
_ORGISH = re.compile(
    r"\b(?:inc|corp|corporation|ltd|llc|gmbh|group|labs?|bank|hospital|clinic|school|university|college|"
    r"company|studio|agency|firm|restaurant|cafe|bakery|hotel|store|shop|department|office)\b",
    re.I,
)


def _job_in(m, ctx):
    """ "a chef in Turin": a job in a place (what a proper name after "in" most often is),
    unless it is lower case or reads as an organisation."""
    x = span(m["x"], PLACE_STOP)
    if c.is_org_en(x) or not x[:1].isupper() or _ORGISH.search(x):
        return work_candidates(m, ctx)
    where = place(x)
    title = job_title_of(m["y"])
    out = [cand("city", where, ctx.subj, ctx.src)] if where else []
    return out + ([cand("job_title", title, ctx.subj, ctx.src)] if title else []) or None


_PLACE_TAIL = re.compile(
    r"^(?P<org>.+?)\s+in\s+(?P<place>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2}|[a-z]{4,}(?:\s+[a-z]{4,})?)\s*[.!,]?$"
)


def place_tail(x: str) -> tuple[str, str | None]:
    """ "a high school in Leeds", "Globex in Austin": (the workplace, the city it is in), when
    what follows "in" is a proper name that reads as no organisation; else (x, None)."""
    m = _PLACE_TAIL.match(x.strip())
    if not m:
        return x, None
    where = span(m["place"], PLACE_STOP)
    if where.islower() and not (c.is_place_en(where) or smaller_place(where)):
        return x, None  # "a bakery in town", "a startup in fintech"
    if c.is_org_en(where) or _ORGISH.search(where) or not (city := place(where)):
        return x, None
    return m["org"], city


#: A workplace introduced by what it is: "a startup called Lumen Labs", "an agency named Bright".
_CALLED = re.compile(
    # "a startup called Lumen Labs", "a dairy co-op called Northfield": a workplace said by its kind, then its name
    r"^(?:a|an|this|the)\s+(?:[\w&'-]+\s+){0,4}?(?:called|named)\s+(?P<name>[A-Z].*)$"
)


def _job_out_of(m, ctx):
    """'a tugboat captain out of Duluth': the title, and the city the work is based in."""
    title, where = job_title_of(m["y"]), place(m["place"].strip())
    if not title or not where:
        return None
    return [cand("job_title", title, ctx.subj, ctx.src), cand("city", where, ctx.subj, ctx.src)]


def _workplace_kind(m, ctx):
    """'I work in a bakery': the workplace as said, by its kind; the city when one is said."""
    if ctx.past:
        return [cand("note", ctx.src, ctx.subj, ctx.src)]
    out = [cand("employer", m["x"].lower(), ctx.subj, ctx.src)]
    if m["place"] and (city := place(m["place"].strip())):
        out.append(cand("city", city, ctx.subj, ctx.src))
    return out


def work_candidates(m, ctx, retract=False):
    """Employer, city (when the workplace is a place, or is in one) and job title from one
    work clause."""
    gd = m.groupdict()
    x, y = gd.get("x"), job_title_of(gd.get("y"))
    if x and (named := _CALLED.match(x)):  # "a startup called Lumen Labs": the name
        x = named["name"]
    if ctx.past:  # "I used to work at Amazon": history, not the current employer
        return [cand("note", ctx.src, ctx.subj, ctx.src)]
    where = place(x) if x and c.is_place_en(span(x, PLACE_STOP)) else None
    org = (org_name(x) or _lower_org(x, ctx)) if x and not where else None
    if x and not where and not retract:
        inside, city = place_tail(x)  # "at a bakery in Bristol": the bakery, and its city
        if city and (named := org_name(inside) or _lower_org(inside, ctx)):
            org, where = named, city
        elif city and not org:  # "at a fintech in Leicester": no name, still the city
            where = city
    if retract:
        if not (where or org):
            return None
        return [
            cand(
                "city" if where else "employer",
                where or org,
                ctx.subj,
                ctx.src,
                retract=True,
                correction=True,
            )
        ]
    out = [cand("employer", org, ctx.subj, ctx.src)] if org else []
    if where:
        out.append(cand("city", where, ctx.subj, ctx.src))
    if y or (gd.get("intern") and out):
        out.append(cand("job_title", y or "intern", ctx.subj, ctx.src))
    return out or None


#: An hour where a workplace would be ("… at 9", "at 3:30pm", "at noon").
_CLOCK_AT = re.compile(
    r"^\s*(?:\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock|ish)?|noon|midnight)\b", re.I
)


def _job_at(m, ctx):
    """ "a nurse at St. Luke's": the job and the workplace. A job said in slang ("a code monkey
    at a fintech called Ledgerly") still names the workplace when it is named as one. A job
    word with a day or an hour ("dentist the day after tomorrow at 9") is an appointment."""
    if _CLOCK_AT.match(m["x"]) or (m["y"] and untimed(span(m["y"])) != span(m["y"])):
        return None
    if job_title_of(m["y"]):
        return work_candidates(m, ctx)
    if (named := _CALLED.match(m["x"])) and (org := org_name(named["name"])) and not ctx.past:
        return [cand("employer", org, ctx.subj, ctx.src)]
    return None


def attr(attribute, fn=None, split=False, **kw):
    """A rule storing group v (or x) through a value cleaner; lists split for allergies and languages."""

    def rule(m, ctx):
        raw = m.groupdict().get("v") or m.groupdict().get("x") or ""
        if raw.strip().lower() in ("it", "that", "them", "this") and ctx.state.last_topic:
            raw = ctx.state.last_topic  # "I used to love running but I've grown to hate it"
        listed = split or attribute in ("allergy", "language")
        vals = re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", raw) if listed else [raw]
        q = kw.get("qualifier", m.groupdict().get("cat"))
        out = [
            cand(attribute, val, ctx.subj, ctx.src, **{**kw, "qualifier": q})
            for v in vals
            if (val := (fn or span)(v))
        ]
        if out and attribute in ("likes", "dislikes"):
            ctx.state.last_topic = out[-1].value
        return out or None

    return rule


_NAME_LEAD = re.compile(r"^(?:(?:actually|really|in fact|officially|spelled|spelt|written)\s+)+", re.I)


def name(m, ctx, attribute="name"):
    said = _NAME_LEAD.sub("", m["name"].strip())  # "is actually spelled Joest"
    v = re.split(r"\s+(?:and|but|so|because|though)\b|[,.!]", said)[0].strip()
    if not v or len(v.split()) > 4 or v.lower() in NOT_LIKES:
        return None
    s = ctx.subj
    if s.is_self and not ctx.explicit:  # only a clause that says it is the user's names the user
        return None
    if not s.is_self and not s.named:  # "my husband is called Mark": the name is the link's value
        rel, qual = relation_of(s.name) or ("friend", None)
        ctx.subj = ctx.state.add(v, entity_type(rel), qual or rel)
        return [link(rel, qual, v, ctx.src)]
    return [cand(attribute, v, s, ctx.src)]


def preferred(m, ctx):
    return name(m, ctx, "preferred_name")


def _self_name(m, ctx):
    v = m["name"]
    if not ctx.explicit or not ctx.subj.is_self or v.split()[0] in EN_NOT_NAMES or c.is_place_en(v):
        return None
    if len(v) > 1 and v.isupper():  # "I'm not at work today, WFH": an abbreviation, not a name
        return None
    return [cand("name", v, ctx.subj, ctx.src)]


def _date(m, ctx):
    mon, day, year = (m["mon"] or m["mon2"] or "").lower(), m["d"] or m["d2"], m["y"]
    if m["n1"]:  # 3/14 is March 14; 14/3 is 14 March; 3/4 stays as written (month or day first?)
        a, b = int(m["n1"]), int(m["n2"])
        if a > 12 >= b:
            a, b = b, a
        elif b <= 12:
            return [cand("birthday", f"{m['n1']}/{m['n2']}", ctx.subj, ctx.src)]
        mon, day = (_MONTHS[a - 1] if 1 <= a <= 12 else ""), str(b)
    full = next((x for x in _MONTHS if mon and x.startswith(mon[:3])), None)
    if not full or not day or not 1 <= int(day) <= 31:
        return None
    return [
        cand("birthday", f"{full.capitalize()} {int(day)}" + (f", {year}" if year else ""), ctx.subj, ctx.src)
    ]


def _couple(attribute, qualifier=None):
    def rule(m, ctx):
        if not m["name"]:
            return [cand("note", ctx.src, ctx.subj, ctx.src)]
        ctx.state.add(m["name"], "person", qualifier or attribute)
        # "my brother Tom is married to Eva": Eva is Tom's spouse, never the user's
        return [link(attribute, qualifier, m["name"], ctx.src, owner=ctx.subj)]

    return rule


_DATED = {
    "guy": "boyfriend",
    "man": "boyfriend",
    "dude": "boyfriend",
    "boy": "boyfriend",
    "fella": "boyfriend",
    "bloke": "boyfriend",
    "girl": "girlfriend",
    "woman": "girlfriend",
    "lady": "girlfriend",
    "gal": "girlfriend",
}


def _dating(m, ctx):
    """'been seeing this guy Theo', 'dating a woman named Ilse': a partner, a boyfriend or a
    girlfriend by the word for them."""
    if m["name"] and (relation_of(m["name"]) or m["name"].lower() in ("him", "her", "them", "someone")):
        return None
    found = _couple("partner", _DATED.get((m["kind"] or "").lower()))(m, ctx)
    return [*on_record.partners_before(ctx, m["name"]), *found] if m["name"] else found


def _fixed(attribute, value):
    return lambda m, ctx: [cand(attribute, value if isinstance(value, str) else value(m), ctx.subj, ctx.src)]


def _gone(attribute):
    def rule(m, ctx):
        v = place(m["x"])
        return [cand(attribute, v, ctx.subj, ctx.src, retract=True, correction=True)] if v else None

    return rule


def _moved(m, ctx):
    v = place(m["x"])
    old = m["old"] or m.groupdict().get("old2")
    return [cand("city", v, ctx.subj, ctx.src, replaces=place(old) if old else None)] if v else None


def _if(test, handler):
    return lambda m, ctx: handler(m, ctx) if test(m, ctx) else None


#: Endings of adjectives ("a funny person", "a generous person"): a trait, not a taste.
_ADJECTIVE_END = re.compile(r"(?:[^e]y|ful|ous|ive|ic|al|ish|less|ble|ent|ant|ed|est)$")


def _kind_of_person(m, ctx):
    said = (m.groupdict().get("v") or m.groupdict().get("x") or "").split()
    if not said or _ADJECTIVE_END.search(said[0]):
        return None
    return attr("dislikes" if m.groupdict().get("neg") else "likes", like_value)(m, ctx)


_SAID_NOT = re.compile(r"(?:do not|does not|don't|doesn't|not|never)\b", re.I)


def _a_something(m, ctx):
    """'is a nurse' is a job; 'is a husky' about a pet is a note on the pet."""
    if _SAID_NOT.match(m["y"]):  # "…, don't judge": an aside, no trade
        return None
    return work_candidates(m, ctx) or (
        [cand("note", m["y"], ctx.subj, ctx.src)] if ctx.subj.type == "pet" else None
    )


#: Lines of work said as what one does ("I do QA for …", "does payroll at …").
_WORK_FIELDS = frozenset(
    "qa testing marketing sales design payroll accounting bookkeeping hr it support engineering research ops "
    "operations devops security compliance recruiting legal finance pr content ux ui data analytics "
    "admin procurement logistics dispatch customer service social media copywriting editing tech technical "
    "help desk helpdesk backend frontend back-end front-end fullstack full-stack stack full infra infrastructure "
    "product growth mobile ios android web embedded sre science".split()
)


def _does_work_for(m, ctx):
    """'I do QA for a game studio called Lumen Forge', 'does payroll at Dunmore': the line of
    work, and the workplace."""
    y = span(m["y"])
    if not (
        is_job(y) or all(w in _WORK_FIELDS for w in y.lower().split())
    ):  # "IT support", "customer service"
        return None
    at = [x for x in work_candidates(m, ctx) or [] if x.attribute != "job_title"]
    return [*at, cand("job_title", y, ctx.subj, ctx.src)]


def _at_named_place(m, ctx):
    """'I herd spreadsheets for a nonprofit called Brightwater': the workplace, named after what
    the user does there; the work said is no title."""
    if not ctx.subj.is_self:
        return None
    x = span(m["x"])
    return [cand("employer", x, ctx.subj, ctx.src)] if x and not c.is_place_en(x) else None


#: The trade a day's work names ("pull shots": a barista).
_TRADES = (
    ("pull", "barista"), ("sling", "barista"), ("wait", "server"), ("tend", "bartender"), ("bartend", "bartender"),
    ("cut", "hairdresser"), ("stock", "stocker"), ("flip", "line cook"), ("bag", "grocery clerk"),
    ("run", "cashier"), ("work", "cashier"),
)  # fmt: skip


def _trade_at(m, ctx):
    """'I pull shots at Grindhouse Coffee': the workplace, and the trade the work names."""
    x = span(m["x"])
    if not x or c.is_place_en(x):
        return None
    act = m["act"].lower()
    trade = next(t for verb, t in _TRADES if act.startswith(verb))
    if act.startswith("sling") and not re.search(r"coffee|latte|espresso", act):
        trade = "bartender"
    return [cand("employer", x, ctx.subj, ctx.src), cand("job_title", trade, ctx.subj, ctx.src)]


def _real_job(m, ctx):
    """'real job: pharmacy tech at Walgreens': the title as said, and the workplace."""
    y = span(m["y"])
    at = [x for x in (work_candidates(m, ctx) if m["x"] else None) or [] if x.attribute != "job_title"]
    return [*at, cand("job_title", y, ctx.subj, ctx.src)] if y else None


def _skill(m, ctx):
    return None if ctx.has_time else [cand("skill", span(m["v"], LIKE_STOP), ctx.subj, ctx.src)]


#: Pastime verbs whose last consonant doubles before -ing (run: running).
_DOUBLED = frozenset({"run", "swim", "knit", "jog", "skip", "spin"})


def _pastime_name(verb: str) -> str:
    """The pastime a verb names ("crochet": crocheting, "hike": hiking, "swim": swimming)."""
    v = verb.lower()
    if v in _DOUBLED:
        return v + v[-1] + "ing"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")):
        return v[:-1] + "ing"
    return v + "ing"


def _pastime(m, ctx):
    """ "I crochet like a grandma", "I surf most weekends": a pastime said by its verb."""
    return [cand("likes", _pastime_name(m["v"]), ctx.subj, ctx.src)]


def _being_title(m, ctx):
    """ "being an ER nurse on nights is chaos": the job one talks of being, when it is a job
    (being a parent, an introvert: no job), without where or when it is done."""
    y = re.sub(r"\s+(?:on|at|in|for|during|with)\s.*$", "", m["y"].strip(), flags=I)
    return [cand("job_title", y, ctx.subj, ctx.src)] if is_job(y) else None


def _title_is(m, ctx):
    return [cand("job_title", span(re.sub(r"^(?:a|an|the)\s+", "", m["y"], flags=I)), ctx.subj, ctx.src)]


#: How much of a language, said before it in a list ("German, and a bit of Arabic").
_LANG_AMOUNT_RX = re.compile(
    rf"^\s*{fragment('en', 'LANG_AMOUNT')}|\s+(?:fluently|well|natively|a little)$", re.I
)
#: A list item that only says how bad it is ("allergic to shellfish, pretty severe"): a remark
#: about the allergy, not another allergen.
_SEVERITY = re.compile(
    r"^(?:(?:pretty|really|very|super|quite|so|extremely|kind of|kinda|a bit|fairly|deathly|highly)\s+)*"
    r"(?:severe(?:ly)?|serious|bad|mild|deadly|dangerous|life[- ]threatening|intense|awful|terrible)$",
    re.I,
)
_allergen = attr("allergy", lambda v: "" if _SEVERITY.match(w := span(v, LIKE_STOP)) else w)
_retract_work = lambda m, x: work_candidates(m, x, retract=True)  # noqa: E731


_is_pet_word = lambda m, x: (relation_of(m["rel"]) or ("",))[0] == "pet"  # noqa: E731

#: The handlers of lang/en/predicate.toml's rules, by the name a rule gives as `handler`.
HANDLERS: dict[str, Handler] = {
    "retract_work": _retract_work,
    "employer_ended": on_record.employer_ended,
    "city_left": _gone("city"),
    "hometown_denied": _gone("hometown"),
    "pet_gone": _if(_is_pet_word, pet_gone),
    "pet_died": _if(lambda m, x: x.subj.type == "pet", pet_gone),
    "pet_put_down": pet_put_down,
    "partner_left": lambda m, x: [cand("partner", m["name"], ME, x.src, retract=True, correction=True)],
    "name": name,
    "preferred": preferred,
    "age": lambda m, x: [cand("age", m["n"], x.subj, x.src)] if 0 < int(m["n"]) < 130 else None,
    "age_turned": lambda m, x: [cand("age", m["n"], x.subj, x.src)],
    "date": _date,
    "gender": lambda m, x: [cand("gender", EN_GENDER[m["g"].lower()], x.subj, x.src)],
    "hometown": attr("hometown", place),
    "born_in_year": _fixed("note", lambda m: f"born in {m['x']}"),
    "city": attr("city", place),
    "known_city": attr("city", lambda v: (x := place(v)) and (x if c.is_place_en(x) else None)),
    # a town too: "refuses to leave Galway" (written as a name)
    "named_town": attr(
        "city",
        lambda v: (
            (x := place(v))
            and (
                x
                if c.is_place_en(x)
                or (x[:1].isupper() and (smaller_place(x.lower()) or x.lower() in COMMON_WORD_CITIES))
                else None
            )
        ),
    ),
    "moved": _moved,
    "city_if_place": _if(_lives_there, attr("city", place)),
    "city_by_stay": _if(lambda m, ctx: bool(m["long"]) or _lives_there(m, ctx), attr("city", place)),
    "work_candidates": work_candidates,
    "workplace_kind": _workplace_kind,
    "job_out_of": _job_out_of,
    "work_in_place": _if(lambda m, x: c.is_place_en(span(m["x"], PLACE_STOP)), work_candidates),
    "title_is": _title_is,
    "at_named_place": _at_named_place,
    "trade_at": _trade_at,
    "being_title": _being_title,
    "employer_is": lambda m, x: [cand("employer", span(m["x"]), x.subj, x.src)],
    "job_status": _fixed("job_title", lambda m: m["v"].replace("a stay", "stay")),
    "diet": lambda m, x: [cand("diet", EN_DIETS[m["d"].lower()], x.subj, x.src)],
    "diet_omnivore": _fixed("diet", "omnivore"),
    "diet_lactose_free": _fixed("diet", "lactose-free"),
    "diet_gluten_free": _fixed("diet", "gluten-free"),
    "diet_avoid": _fixed("diet", lambda m: EN_AVOID.get(m["x"].lower(), f"no {m['x'].lower()}")),
    "allergy": _allergen,
    "allergy_named": attr("allergy"),
    "likes": attr("likes", like_value),
    "hobbies": attr("likes", like_value, split=True),
    "dislikes": attr("dislikes", like_value),
    "likes_fan": attr("likes"),
    "language": attr("language", lambda v: span(_LANG_AMOUNT_RX.sub("", v))),
    "native_language": attr("language", qualifier="native"),
    "skill": _skill,
    "pastime": _pastime,
    "skill_good_at": attr("skill", lambda v: span(v, LIKE_STOP)),
    "skill_instrument": _fixed("skill", lambda m: "play " + m["v"]),
    "have": have,
    "married_to": _couple("spouse"),
    "engaged": _couple("partner", "fiance"),
    "dating": _dating,
    "job_at": _job_at,
    "does_work_for": _does_work_for,
    "real_job": _real_job,
    "team_now": lambda m, x: [cand("job_title", span(m["y"]), x.subj, x.src)],
    "job_in": _if(lambda m, x: job_title_of(m["y"]), _job_in),
    "kind_of_person": _kind_of_person,
    "a_something": _a_something,
    "self_name": _self_name,
}
# Names must start with a capital, so patterns that capture one stay case-sensitive.
