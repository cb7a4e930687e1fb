"""English clause rules for everyday phrasing that the subject/predicate split does not see:
break-ups said as "X and I split up", "we call him X", "X got me into Y", what a language is
to the user, plans called off, a diet given up, "turns out I'm not allergic to X after all".

The patterns are rules of graphmem/lang/en/clause.toml (tried on the expanded clause before
its subject is resolved) and predicate.toml (its last rows); this module holds their handlers
(`CLAUSE_HANDLERS`, `PREDICATE_HANDLERS`).
"""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract import patterns_en as p
from graphmem.extract import patterns_en_work as work
from graphmem.extract.common import ME, Subject, cand, is_place_en, link
from graphmem.extract.lexicon import EN_BREEDS, EN_DIETS, EN_NOT_NAMES, en_demonym_place
from graphmem.extract.relations import relation_of
from graphmem.lang import Handler

I = re.I  # noqa: E741
LANG = p.LANG


def _split_up(m, ctx):
    who = m["name"].strip()
    if who.lower() in ("we", "i", "me", "you", "they") or who.split()[0] in EN_NOT_NAMES:
        return None
    # "energy drinks and I are done": a taste on record or a thing of several lower-case words
    # is let go of as a taste (the turn rules), not as a partner
    liked = {v.lower() for a in ("likes", "hobby") for v in c.active_values(ctx.state.context, a)}
    if who.lower() in liked or (who.islower() and " " in who):
        return None
    gone = [cand(a, who, ME, ctx.src, retract=True, correction=True) for a in ("partner", "spouse")]
    return [*gone, cand("event", ctx.src, ME, ctx.src, kind="fact")]  # the break-up itself is history


def _split_up_unnamed(m, ctx):
    """'We got divorced', 'I broke up with my boyfriend': the one partner or spouse the user
    has is meant; with none or several known, the message stays as it was said."""
    if m["name"]:
        return _split_up(m, ctx)
    known = {v for a in ("partner", "spouse") for v in c.active_values(ctx.state.context, a)}
    if len(known) != 1:
        return None
    gone = [
        cand(a, v, ME, ctx.src, retract=True, correction=True) for v in known for a in ("partner", "spouse")
    ]
    return [*gone, cand("event", ctx.src, ME, ctx.src, kind="fact")]


def _youngest(m, ctx):
    """'Lily's our youngest': a child, by name."""
    name = m["name"]
    if name in EN_NOT_NAMES:
        return None
    ctx.state.add(name, "person", "child")
    return [link("child", None, name, ctx.src)]


#: Where a reason or a new clause of the speaker's starts, run on after what cannot be had.
_REASON_RUN_ON = re.compile(r"\s+(?:I am|I'm|im|i'm|I|so|because|cause|cuz|bc|since|as)\s", I)


def _cannot_have(m, ctx):
    """'Lily can't have tree nuts': an allergy when the sentence says so, else a diet restriction."""
    x = p.span(m["x"], p.LIKE_STOP)
    # "can't eat dairy im lactose intolerant": the reason, run on without a stop, is no part of it
    x = _REASON_RUN_ON.split(x, maxsplit=1)[0].strip()
    # "anything w sesame": the thing inside what holds it
    x = re.sub(r"^(?:anything|stuff|things|food|foods)\s+(?:with|w/?|that has|containing)\s+", "", x, flags=I)
    if not x:
        return None
    said = ctx.state.sentence or ctx.src  # "… bc allergy": the reason may follow the clause
    if re.search(r"allerg|epipen|anaphyla|reaction", said, I):
        return [cand("allergy", x, ctx.subj, ctx.src)]
    return [cand("diet", f"no {x}", ctx.subj, ctx.src)]


def _we_call(m, ctx):
    """'we call him Rocket': the last pet or person mentioned gets that name."""
    who = ctx.state.pronoun(pet=True) or ctx.state.pronoun()
    if who is None:
        return None
    name = m["name"]
    if who.named:
        return [cand("preferred_name", name, who, ctx.src)]
    attr, qual = ("pet", who.relation) if who.type == "pet" else ("friend", who.relation)
    attr, qual = relation_of(who.name) or (attr, qual)
    subj = ctx.state.add(name, who.type, qual or attr)
    return [link(attr, qual, name, ctx.src), cand("note", who.name, subj, ctx.src)]


def _renamed(m, ctx):
    """'we renamed Oreo to Cookie': a pet the user has, known by its old name, takes the new one."""
    hit = ctx.state.entity_at(m["old"] or m["old2"], word_boundary=True)
    if hit is None or hit[0].type != "pet" or m["name"] in EN_NOT_NAMES:
        return None
    pet = hit[0]
    ctx.state.add(m["name"], "pet", pet.relation)
    return [
        cand("pet", pet.name, ME, ctx.src, retract=True, correction=True, qualifier=pet.relation),
        link("pet", pet.relation, m["name"], ctx.src),
    ]


def _reaction(m, ctx):
    """'shrimp makes my throat swell', 'I break out in hives from strawberries', 'I carry an
    EpiPen for bee stings': a reaction told instead of the word allergic is an allergy to what
    causes it (a sneeze or an upset stomach is not: too many other causes)."""
    x = p.span(
        re.sub(r"^(?:eating|touching|having|drinking|being around|contact with)\s+", "", m["x"], flags=I),
        p.LIKE_STOP,
    )
    if not x or re.match(r"(?:it|that|this|them|they|he|she|my|his|her|something|anything)\b", x, I):
        return None
    return [cand("allergy", x, ME, ctx.src)]


_MY_LANG = re.compile(
    rf"\bmy ({LANG}) is (?:fluent|good|decent|native|solid|pretty good|ok|okay|conversational)\b", I
)


def _language(qualifier=None):
    def rule(m, ctx):
        said = (m.groupdict().get("v") or m.groupdict().get("v2") or "").strip()  # "portuguese on duolingo"
        out = [cand("language", said.capitalize(), ME, ctx.src, qualifier=qualifier)]
        others = [x for x in _MY_LANG.findall(ctx.src) if x.lower() != said.lower()]
        return out + [cand("language", x.capitalize(), ME, ctx.src) for x in others]

    return rule


def _called_off(m, ctx):
    what = re.sub(r"^(?:my|our|the|that|this)\s+", "", m["x"].strip(), flags=I)
    what = re.sub(
        rf"\s+(?:on|for|this|next)\s+(?:{p.WD}|week|weekend|month|morning|afternoon|evening)\b.*$",
        "",
        what,
        flags=I,
    )
    what = re.sub(r"\s+(?:appointment|booking|reservation|plans?|trip|meeting)$", "", what, flags=I) or what
    return [cand("event", what, ME, ctx.src, retract=True, correction=True)] if len(what) >= 3 else None


def _reports_to(m, ctx):
    name = m["name"]
    if not ctx.subj.is_self or name.split()[0] in EN_NOT_NAMES:
        return None
    ctx.state.add(name, "person", "boss")
    return [link("friend", "boss", name, ctx.src)]


def _diet_off(m, ctx):
    d = EN_DIETS.get(m["d"].lower())
    return [cand("diet", d, ME, ctx.src, retract=True, correction=True)] if d else None


def _not_allergic(m, ctx):
    vals = re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", m["x"])
    out = [
        cand("allergy", v, ME, ctx.src, retract=True, correction=True)
        for x in vals
        if (v := p.span(x, p.LIKE_STOP))
    ]
    return out or None


def _eats_meat_again(m, ctx):
    """'I've started eating fish again' from a vegetarian: that diet no longer holds."""
    # meat ends a fish-only diet too; fish or eggs end only a plant diet
    meat = re.search(r"\b(?:meat|chicken|beef|pork|bacon|steak|burgers?|lamb|turkey)\b", m.group(0), re.I)
    ended = c.PLANT_DIETS | (c.FISH_ONLY_DIETS if meat else frozenset())
    gone = [d for d in c.active_values(ctx.state.context, "diet") if d in ended]
    retracted = [cand("diet", d, ME, ctx.src, retract=True, correction=True) for d in gone]
    # "…eating fish and eggs again, pescatarian now": the diet it became, said in the same breath
    # (m indexes the clause as the rules saw it, not the source: the phrase is looked up there)
    at = ctx.src.lower().find(m.group(0).lower())
    after = ctx.src[at + len(m.group(0)) :] if at >= 0 else ctx.src
    now = [
        EN_DIETS[w.lower()]
        for w in re.findall(r"[a-z-]+", after, re.I)
        if w.lower() in EN_DIETS and EN_DIETS[w.lower()] not in gone
    ][:1]
    became = [cand("diet", d, ME, ctx.src, correction=bool(gone)) for d in now]
    return [*retracted, *became, cand("note", ctx.src, ME, ctx.src)] if retracted or became else None


_TRIP_TO = re.compile(
    r"\b(?:drive|drove|flight|flew|move|moved|moving|road trip|trip|journey|haul)\s+(?:up |down |out |over |back )?to\s+"
    r"(?P<x>[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,2})"
)


_NATIONS = frozenset(
    "america usa canada mexico britain england scotland wales ireland australia india china japan korea germany "
    "france italy spain portugal brazil russia netherlands sweden norway denmark finland poland greece turkey "
    "israel egypt nigeria kenya argentina chile colombia peru philippines vietnam thailand indonesia".split()
)


def _new_locals(m, ctx):
    """ "We're officially Coloradans now": a move said as a new identity. The city is the
    destination the sentence names ("the drive to Denver"), else the place of the demonym."""
    region = en_demonym_place(m["dem"])
    if region is None:
        # "we're Rotterdam people now": the place itself, said with "people"/"locals"
        said_as_people = re.search(r"\b(?:people|folks|locals|residents|peeps|family)\b", m.group(0))
        if said_as_people and is_place_en(m["dem"]) and not relation_of(m["dem"].lower()):
            return [cand("city", m["dem"], ME, ctx.src, confidence=0.85)]
        return None
    trip = _TRIP_TO.search(ctx.state.sentence)
    # A capitalised destination ("the drive to Tucson") is a place; "to Mom's" or "to Grandma" is not.
    to = trip["x"] if trip else ""
    ok = to and "'" not in to and to.split()[0] not in EN_NOT_NAMES and not relation_of(to.lower())
    dest = p.place(to) if ok else None
    if dest is None and region in _NATIONS:
        return None  # "we're officially Canadians now" is a citizenship, not a city
    return [cand("city", dest or region.title(), ME, ctx.src, confidence=0.85)]


_MALE = frozenset({"guy", "man", "husband", "fellow", "dude"})
_FEMALE = frozenset({"woman", "girl", "lady", "wife"})


def _married(m, ctx):
    """'My sister Rachel married a guy named Tom': Tom is Rachel's spouse, and, being a man
    married to the user's sister, the user's brother-in-law (a woman married to the user's
    brother, the sister-in-law); the wedding itself stays as an event or a note."""
    subj, name = ctx.subj, m["name"]
    if subj.is_self or name.split()[0] in EN_NOT_NAMES:
        return None
    gender = (m["g"] or "").lower()
    ctx.state.add(name, "person", "spouse")
    out = [link("spouse", None, name, ctx.src, owner=subj)]
    inlaw = (
        "brother-in-law"
        if subj.relation == "sister" and gender in _MALE
        else "sister-in-law"
        if subj.relation == "brother" and gender in _FEMALE
        else None
    )
    if inlaw:
        out.append(link("relative", inlaw, name, ctx.src))
    kind = "event" if ctx.has_time else "note"
    return [*out, cand(kind, ctx.src, subj, ctx.src, kind="fact" if kind == "event" else None)]


def _someone_new(m, ctx):
    """'I've been seeing someone new': a partner whose name may follow ("her name's Priya")."""
    ctx.state.mention(Subject("partner", "person", "partner", named=False))
    return [cand("note", ctx.src, ME, ctx.src)]


def _at_org(m, ctx):
    x = p.span(m["x"])
    if not x or is_place_en(x) or x.lower() in p.NOT_WORKPLACE:
        return None
    return [cand("employer", x, ME, ctx.src)]


def _promoted(m, ctx):
    """'I made partner at the firm': a new title (a firm's partner is a rank, not a spouse)."""
    y = p.span(m["y"]).lower()
    if not (
        p.job_title_of(m["y"])
        or y in ("partner", "senior partner", "managing partner", "principal", "tenure")
    ):
        return None
    return work.work_candidates(m, ctx) or [cand("job_title", p.span(m["y"]), ctx.subj, ctx.src)]


_SIDE_GIG = re.compile(
    r"\b(?:on the side|for fun|as a (?:hobby|side (?:gig|hustle|thing))|side (?:gig|hustle)|sometimes|occasionally"
    r"|now and then|every now and again|on (?:the )?weekends|at weekends)\b",
    re.I,
)
#: Where the subject taught ends: "math when I'm not at work" is math.
_AFTER_SUBJECT = re.compile(r"\s+(?:when|while|whenever|because|since|after|before)\b.*$", re.I)


def _teach(m, ctx):
    """'I teach chemistry at Oakridge High': a teacher of that subject, and where."""
    said = m["what"]
    if _SIDE_GIG.search(said) or (m["x"] and _SIDE_GIG.search(m["x"])):
        return None  # "I teach yoga on the side": a pastime beside the job, kept as said
    what = p.span(_AFTER_SUBJECT.sub("", said), p.LIKE_STOP)
    low = what.lower()
    if (
        not what
        or low in ("them", "it", "him", "her", "myself", "people", "kids")
        or ctx.has_time
        and not m["x"]
    ):
        return None
    x = m["x"]
    out = [cand("job_title", f"{what} teacher", ctx.subj, ctx.src)]
    if x and (where := p.place(x) if is_place_en(p.span(x, p.PLACE_STOP)) else None):
        out.append(cand("city", where, ctx.subj, ctx.src))
        return out
    inside, city = p.place_tail(x) if x else (x, None)  # "at a high school in Leeds"
    if inside and (org := p.org_name(inside) or (p.span(inside, p.PLACE_STOP) if city else None)):
        # "at a juku in osaka": a school by its kind, said without a name, keeps no article
        out.append(cand("employer", re.sub(r"^(?:a|an|the)\s+", "", org, flags=re.I), ctx.subj, ctx.src))
    if city:
        out.append(cand("city", city, ctx.subj, ctx.src))
    return out


def _business(m, ctx):
    """'I run a little bakery called Sweet Pea': the user's own business is where they work."""
    name = p.span(m["x"])
    kind = m["kind"].strip().lower()
    if relation_of(kind) or kind in EN_BREEDS or kind.rstrip("s") in EN_BREEDS:
        return None
    return (
        [cand("employer", name, ctx.subj, ctx.src), cand("note", ctx.src, ctx.subj, ctx.src)]
        if name
        else None
    )


_ARTICLE = re.compile(r"^(?:a|an|the|some|other people's|people's)\s+", re.I)
#: verbs whose agent noun doubles its last letter
_DOUBLED = {"cut": "cutter", "run": "runner", "shop": "shopper", "plan": "planner", "dig": "digger",
            "swim": "swimmer", "set": "setter", "trim": "trimmer", "ship": "shipper", "chop": "chopper"}  # fmt: skip


def _agent(verb: str) -> str:
    v = verb.lower()
    return _DOUBLED.get(v) or (v + "r" if v.endswith("e") else v + "er")


def _singular(noun: str) -> str:
    words = noun.split()
    last = words[-1]
    if len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is")):
        last = last[:-3] + "y" if last.endswith("ies") else last[:-1]
    return " ".join([*words[:-1], last])


def _for_a_living(m, ctx):
    """ "I walk dogs for a living" -> dog walker; "I do bookkeeping for a living" -> bookkeeping:
    what one does for a living, named as the one who does it."""
    verb, obj = m["verb"].lower(), _ARTICLE.sub("", m["obj"].strip())
    if not obj or verb in ("am", "have", "get", "make", "go", "be"):
        return None
    title = obj if verb == "do" else f"{_singular(obj)} {_agent(verb)}"
    return [cand("job_title", title, ctx.subj, ctx.src)]


def _runs_a_place(m, ctx):
    """ "I manage a hardware store in Halifax": the job is its manager (or owner), and the
    place named after "in" is where the user lives."""
    kind = m["kind"].strip().lower()
    role = "owner" if m["verb"].lower().startswith("own") else "manager"
    out = [cand("job_title", f"{kind} {role}", ctx.subj, ctx.src)]
    if m["x"] and is_place_en(m["x"].strip()):
        out.append(cand("city", m["x"].strip(), ctx.subj, ctx.src))
    return out


def _codes_in(m, ctx):
    return [cand("skill", m["v"], ctx.subj, ctx.src)]


#: The handlers of lang/en/clause.toml's rules, by the name a rule gives as `handler`.
CLAUSE_HANDLERS: dict[str, Handler] = {
    "split_up": _split_up,
    "split_up_unnamed": _split_up_unnamed,
    "we_call": _we_call,
    "reaction": _reaction,
    "renamed": _renamed,
    "youngest": _youngest,
    "new_locals_now": lambda m, x: (
        _new_locals(m, x) if re.search(r"\b(?:now|officially)\b", m.group(0)) else None
    ),
    "someone_new": _someone_new,
    "at_org": _at_org,
    "mother_tongue": _language("native"),
    "my_language": _language(),
    "learning_language": _language("learning"),
    "not_allergic": _not_allergic,
    "diet_off": _diet_off,
    "eats_meat_again": _eats_meat_again,
    "called_off": _called_off,
    "reports_to": _reports_to,
}

#: The handlers of lang/en/predicate.toml's rules, by the name a rule gives as `handler`.
PREDICATE_HANDLERS: dict[str, Handler] = {
    "married": _married,
    "cannot_have": _cannot_have,
    "teach": _teach,
    "promoted": _promoted,
    "business": _business,
    "for_a_living": _for_a_living,
    "runs_a_place": _runs_a_place,
    "codes_in": _codes_in,
}
