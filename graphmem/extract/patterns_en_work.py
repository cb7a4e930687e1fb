"""English: where the user works and as what (the handlers of the packs' work rows): "a nurse at
St. Luke's", "I do QA for a game studio called Lumen Forge", "I pull shots at Grindhouse",
"first week as sous chef at Lantern House", a workplace in lower case ("work at initech"), a
title said before "is the official title". The counterpart of patterns_zh_work."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract import patterns_en as p
from graphmem.extract.common import cand
from graphmem.extract.relations import relation_of
from graphmem.extract.values_en import (
    NOT_WORKPLACE,
    PLACE_STOP,
    is_job,
    job_title_of,
    org_name,
    place,
    span,
    untimed,
)
from graphmem.lang import Handler

I = re.I  # noqa: E741


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
        r"(?!(?:a|an|the|home|work|school|my|our|night|nights)\b)(?:st\.? )?[a-z][a-z0-9&.'’-]{2,}(?: [a-z][a-z0-9&.'’-]+){0,2}",
        v,
    )
    # an activity is no employer: "switched to swimming", "moved to baking full time"
    return v if ok and not p.gerund(v.split()[0]) else None


def _job_status(m, ctx):
    """'I'm retired', 'between jobs': the status as the title; where one retired to, when said."""
    out = [cand("job_title", m["v"].replace("a stay", "stay"), ctx.subj, ctx.src)]
    if m.groupdict().get("x"):
        out.append(cand("city", span(m["x"], PLACE_STOP), ctx.subj, ctx.src))
    return out


#: A workplace pointed at, not named ("the same lab", "my old team", "this place").
_SAME_PLACE = re.compile(r"^(?:the\s+)?(?:same|my|our|this|that|a|an|one)\b", re.I)


#: A place name followed by what it did, not by more of its name.
_PLACE_THEN_VERB = re.compile(
    r"^(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)*\s+(?:\w+ed|changed|taught|made|broke|gave|got|was|is|has|had)\b"
)


def _job_in(m, ctx):
    """ "a chef in Turin": a job in a place (what a proper name after "in" most often is),
    unless it is lower case or reads as an organisation."""
    x = span(m["x"], PLACE_STOP)
    if _SAME_PLACE.match(x):  # "a postdoc in the same lab now": the title; the workplace is not named
        title = job_title_of(m["y"])
        return [cand("job_title", title, ctx.subj, ctx.src)] if title else None
    if c.is_org_en(x) or not x[:1].isupper() or p.ORGISH.search(x):
        return work_candidates(m, ctx)
    if _PLACE_THEN_VERB.match(x) or _TIME_SPENT.match(m["y"]):  # "a summer in Greece changed me"
        return None
    where = place(x)
    title = job_title_of(m["y"])
    out = [cand("city", where, ctx.subj, ctx.src)] if where else []
    return out + ([cand("job_title", title, ctx.subj, ctx.src)] if title else []) or None


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


def work_candidates_if_titled(m, ctx):
    """ "I'm head of rehab at Kestrel now": a title said without its article, then the workplace
    by its name; only when what stands before "at" is a title as said ("I'm staying at the
    Marriott" names no work, "orthodontist the day after tomorrow at 8" is an appointment)."""
    said = m["y"].strip()
    title = job_title_of(said)
    # the whole of it a title, as said ("still stuck working as a dishwasher" is more than one)
    if not (title and title.lower() == said.lower() and m["x"].strip()[:1].isupper()):
        return None
    return work_candidates(m, ctx)


def work_candidates(m, ctx, retract=False):
    """Employer, city (when the workplace is a place, or is in one) and job title from one
    work clause."""
    gd = m.groupdict()
    x, y = gd.get("x"), job_title_of(gd.get("y"))
    if x and (named := _CALLED.match(x)):  # "a startup called Lumen Labs": the name
        x = named["name"]
    if x and (moved := re.match(r"(?P<to>.+?)\s+from\s+\S", x)) and c.is_place_en(moved["to"].strip()):
        return None  # "moved to Tucson from Maine": a move between places, no workplace
    if ctx.past:  # "I used to work at Amazon": history, not the current employer
        return [cand("note", ctx.src, ctx.subj, ctx.src)]
    where = place(x) if x and c.is_place_en(span(x, PLACE_STOP)) else None
    org = (org_name(x) or _lower_org(x, ctx)) if x and not where else None
    if x and not where and not retract:
        inside, city = p.place_tail(x)  # "at a bakery in Bristol": the bakery, and its city
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


#: Lines of work said as what one does ("I do QA for …", "does payroll at …").
_WORK_FIELDS = frozenset(
    "qa testing marketing sales design payroll accounting bookkeeping hr it support engineering research ops "
    "operations devops security compliance recruiting legal finance pr content ux ui data analytics "
    "admin procurement logistics dispatch customer service social media copywriting editing tech technical "
    "help desk helpdesk backend frontend back-end front-end fullstack full-stack stack full infra infrastructure "
    "product growth mobile ios android web embedded sre science accounts payable receivable billing claims "
    "underwriting retail hospitality healthcare education construction nonprofit fintech biotech pharma "
    "consulting insurance banking real estate publishing advertising media hr/payroll".split()
)


#: How much of one's week a work takes, said after it: it is work done for pay.
_PAID_WORK = re.compile(
    r"\s+(?:part[- ]time|full[- ]time|freelance|on contract|on the side|for a living|professionally)$", I
)
#: A line of work said as what is done ("claims adjusting", "dog grooming", "medical billing").
_WORK_DONE = re.compile(r"[a-z]+(?:\s[a-z]+)?\s[a-z]{3,}(?:ing|ment)|[a-z]{4,}ing", I)


def _does_work_for(m, ctx):
    """'I do QA for a game studio called Lumen Forge', 'does payroll at Dunmore': the line of
    work, and the workplace."""
    # "I do claims adjusting part-time at …": how much of the week it takes says it is work done for pay
    paid = _PAID_WORK.search(m["y"].strip())
    y = span(_PAID_WORK.sub("", m["y"].strip()))
    if not (
        is_job(y)
        or all(w in _WORK_FIELDS for w in y.lower().split())  # "IT support", "customer service"
        or (paid and _WORK_DONE.fullmatch(y))  # "claims adjusting", "dog grooming"
    ):
        return None
    # "we do payroll for clinics": whom the work is for, in the plural, are clients, not the employer
    clients = re.fullmatch(r"(?:small |local |other |big )?[a-z][a-z -]*s", span(m["x"]).strip()) is not None
    at = [] if clients else [x for x in work_candidates(m, ctx) or [] if x.attribute != "job_title"]
    return [*at, cand("job_title", y, ctx.subj, ctx.src)]


def _works_in_field(m, ctx):
    """'I work in accounts payable for a hospital system', 'I work in marketing': the line of
    work (when it is one), and the workplace when one is said."""
    if not m["x"]:
        y = span(m["y"])
        ok = is_job(y) or all(w in _WORK_FIELDS for w in y.lower().split())
        return [cand("job_title", y, ctx.subj, ctx.src)] if ok else None
    return _does_work_for(m, ctx)


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
    ("run", "cashier"), ("work", "cashier"), ("pour", "barista"), ("nursing", "nurse"), ("teaching", "teacher"),
    ("tutoring", "tutor"), ("haul", "truck driver"), ("driv", "driver"), ("deliver", "delivery driver"),
    ("overnight", "stocker"),
)  # fmt: skip


def _trade_at(m, ctx):
    """'I pull shots at Grindhouse Coffee': the workplace, and the trade the work names."""
    x = span(m["x"])
    if not x or c.is_place_en(x) or relation_of(x.lower()):  # "driving for Mom": no workplace
        return None
    act = m["act"].lower()
    if act.endswith("code") or act == "coding":
        trade = ""  # "slinging code at Atlassian": the workplace; which coding job is not said
    elif act.startswith(("sling", "pour")) and not re.search(r"coffee|latte|espresso", act):
        trade = "bartender"
    else:
        trade = next(t for verb, t in _TRADES if act.startswith(verb))
    out = [cand("employer", x, ctx.subj, ctx.src)]
    return out + [cand("job_title", trade, ctx.subj, ctx.src)] if trade else out


def _real_job(m, ctx):
    """'real job: pharmacy tech at Walgreens': the title as said, and the workplace."""
    y = span(m["y"])
    at = [x for x in (work_candidates(m, ctx) if m["x"] else None) or [] if x.attribute != "job_title"]
    return [*at, cand("job_title", y, ctx.subj, ctx.src)] if y else None


def _being_title(m, ctx):
    """ "being an ER nurse on nights is chaos": the job one talks of being, when it is a job
    (being a parent, an introvert: no job), without where or when it is done."""
    y = re.sub(r"\s+(?:on|at|in|for|during|with)\s.*$", "", m["y"].strip(), flags=I)
    return [cand("job_title", y, ctx.subj, ctx.src)] if is_job(y) else None


#: A trade said as the work it does ("my job is nursing"): the one who does it.
_TRADE_OF_WORK = {
    "nursing": "nurse", "teaching": "teacher", "bartending": "bartender", "tutoring": "tutor",
    "waitressing": "waitress", "babysitting": "babysitter", "nannying": "nanny", "lifeguarding": "lifeguard",
    "bookkeeping": "bookkeeper", "accounting": "accountant", "plumbing": "plumber", "hairdressing": "hairdresser",
    "bricklaying": "bricklayer", "caregiving": "caregiver", "housekeeping": "housekeeper",
    "trucking": "truck driver", "welding": "welder", "farming": "farmer", "ranching": "rancher",
    "roofing": "roofer", "landscaping": "landscaper", "barbering": "barber", "waiting tables": "waiter",
    "bussing tables": "busser", "driving trucks": "truck driver", "driving a truck": "truck driver",
    "driving a cab": "cab driver", "driving for uber": "rideshare driver", "driving for lyft": "rideshare driver",
    "lawyering": "lawyer", "cheffing": "chef", "coaching": "coach", "fishing commercially": "fisherman",
    "cleaning houses": "house cleaner", "delivering mail": "mail carrier", "dentistry": "dentist",
}  # fmt: skip
#: Trades by their one-word nicknames ("sparky by trade", "a chippy on building sites").
_TRADE_NICKNAMES = {
    "sparky": "electrician", "sparkie": "electrician", "chippy": "carpenter", "chippie": "carpenter",
    "brickie": "bricklayer", "trucker": "truck driver",
}  # fmt: skip


#: What one operates rather than drives ("I operate a crane at …").
_OPERATED = frozenset({"forklift", "crane", "excavator", "reach truck"})


def _drives_for(m, ctx):
    """'I drive a forklift at Hartwell Supply', 'dashing for Grubhub': the driver and where. A
    drive for someone with no vehicle or deliveries said ("drive for my mom") reads nothing."""
    org = org_name(m["x"]) or span(m["x"])
    if not org or c.is_place_en(org) or relation_of(org.lower()):
        return None
    verb, vehicle = m["verb"].lower(), (m["v"] or "").lower()
    if vehicle:
        title = f"{vehicle} {'operator' if vehicle in _OPERATED else 'driver'}"
    elif verb.startswith(("dash", "deliver", "do", "doing")):
        title = "delivery driver"
    else:
        title = "driver"
    return [cand("employer", org, ctx.subj, ctx.src), cand("job_title", title, ctx.subj, ctx.src)]


def _trade_done(m, ctx):
    """The work one has done for years or does for a living, said as the work ("been trucking
    15 yrs", "waiting tables for a living"), or a trade by its nickname: the one who does it.
    Work with no trade to it ("been gaming for 10 years") is none."""
    work = " ".join((m["y"] or m["y2"] or m["y3"]).lower().split())
    title = _TRADE_OF_WORK.get(work) or _TRADE_NICKNAMES.get(work)
    return [cand("job_title", title, ctx.subj, ctx.src)] if title else None


def _title_is(m, ctx):
    """'my job is X' (and where: 'my job is nursing at St Luke's night shifts')."""
    title, at, where = re.sub(r"^(?:a|an|the)\s+", "", m["y"], flags=I).partition(" at ")
    title = span(title)
    out = [cand("job_title", _TRADE_OF_WORK.get(title.lower(), title), ctx.subj, ctx.src)]
    if at and (org := org_name(where)) and not c.is_place_en(org):
        out.append(cand("employer", org, ctx.subj, ctx.src))
    return out


_retract_work = lambda m, x: work_candidates(m, x, retract=True)  # noqa: E731


_SAID_NOT = re.compile(r"(?:do not|does not|don't|doesn't|not|never)\b", re.I)
#: A span of time spent somewhere ("a summer in Greece changed me"): no trade.
_TIME_SPENT = re.compile(
    r"(?:(?:whole|full|single|long|short|rough|great|wild)\s+)?(?:summer|winter|spring|fall|autumn|year|month|week"
    r"|weekend|day|night|semester|decade|gap year|sabbatical|stint|trip|holiday|vacation)s?"
    r"(?:\s+(?:in|at|on|abroad|away|off|of|spent)\b|$)",
    re.I,
)


def _a_something(m, ctx):
    """'is a nurse' is a job; 'is a husky' about a pet is a note on the pet."""
    if _SAID_NOT.match(m["y"]) or _TIME_SPENT.match(m["y"]):  # "…, don't judge": an aside, no trade
        return None
    return work_candidates(m, ctx) or (
        [cand("note", m["y"], ctx.subj, ctx.src)] if ctx.subj.type == "pet" else None
    )


def _the_new_title(m, ctx):
    """ "I'm the new charge nurse on 4 West": the title one was given, where it is held aside."""
    title = m["y"].strip()
    return (
        [cand("job_title", title, ctx.subj, ctx.src, correction=True, cue="change")]
        if is_job(title)
        else None
    )


def _years_as(m, ctx):
    """ "spent 28 years as a firefighter before I retired": the job held, a retired one when
    the clause says so."""
    title = job_title_of(m["y"])
    if not title:
        return None
    return [cand("job_title", f"retired {title}" if m["ret"] else title, ctx.subj, ctx.src)]


def _employer_is_org(m, ctx):
    """ "my gig at mickey d's is …": the workplace named (by its nickname too), when it is one."""
    org = org_name(m["x"])
    return [cand("employer", org, ctx.subj, ctx.src)] if org else None


#: The handlers of lang/en/predicate.toml's work rules, by the name a rule gives as `handler`.
HANDLERS: dict[str, Handler] = {
    "retract_work": _retract_work,
    "work_candidates": work_candidates,
    "work_candidates_if_titled": work_candidates_if_titled,
    "workplace_kind": _workplace_kind,
    "job_out_of": _job_out_of,
    "work_in_place": p.only_if(lambda m, x: c.is_place_en(span(m["x"], PLACE_STOP)), work_candidates),
    "title_is": _title_is,
    "trade_done": _trade_done,
    "drives_for": _drives_for,
    "at_named_place": _at_named_place,
    "trade_at": _trade_at,
    "being_title": _being_title,
    "the_new_title": _the_new_title,
    "employer_is": lambda m, x: [cand("employer", span(m["x"]), x.subj, x.src)],
    "employer_is_org": _employer_is_org,
    "years_as": _years_as,
    # "my manager at Orrin Health …": the user's workplace, whoever the clause is about
    "employer_of_workmate": lambda m, x: [cand("employer", org_name(m["x"]) or span(m["x"]), c.ME, x.src)],
    "job_status": _job_status,
    "job_at": _job_at,
    "does_work_for": _does_work_for,
    "works_in_field": _works_in_field,
    "real_job": _real_job,
    "team_now": lambda m, x: [cand("job_title", span(m["y"]), x.subj, x.src)],
    "job_in": p.only_if(lambda m, x: job_title_of(m["y"]), _job_in),
    "a_something": _a_something,
}
