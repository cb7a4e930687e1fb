"""English predicate patterns: what follows the subject of a clause ("work at Google",
"am allergic to peanuts", "'s name is Miso") mapped onto vocabulary attributes.

Predicates arrive with contractions expanded and the subject removed, so one pattern
serves "I work at X" and "Tom works at X": verbs are written with both forms.
`RULES` is ordered; the first handler that returns candidates wins, None passes.
"""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract.common import ME, cand, link
from graphmem.extract.have_en import LISTED, PET_ADJ, have, pet_gone, pet_put_down
from graphmem.extract.lexicon import (
    EN_AVOID,
    EN_DIETS,
    EN_GENDER,
    EN_LANGUAGES,
    EN_NOT_NAMES,
)
from graphmem.extract.relations import entity_type, relation_of, relation_words
from graphmem.extract.values_en import (  # noqa: F401 - the rule modules read the cleaners through this one
    LIKE_STOP,
    NOT_LIKES,
    NOT_WORKPLACE,
    ORG_STOP,
    PLACE_STOP,
    is_job,
    job_title_of,
    like_value,
    org_name,
    place,
    span,
    untimed,
)

I = re.I  # noqa: E741
WD = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
MON = r"(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
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
NAME = r"(?P<name>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})"
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


def _lower_org(x: str | None, ctx) -> str | None:
    """A user who types in lower case ("work at initech") names employers in lower case too."""
    v = untimed(span(x or "")).strip()
    if not ctx.src[:1].islower() or v.lower() in NOT_WORKPLACE:
        return None
    ok = re.fullmatch(
        r"(?!(?:a|an|the|home|work|school|my|our|night|nights)\b)[a-z][a-z0-9&.-]{2,}(?: [a-z][a-z0-9&.-]+)?",
        v,
    )
    return v if ok else None


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
    r"^(?P<org>.+?)\s+in\s+(?P<place>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2})\s*[.!,]?$"
)


def place_tail(x: str) -> tuple[str, str | None]:
    """ "a high school in Leeds", "Globex in Austin": (the workplace, the city it is in), when
    what follows "in" is a proper name that reads as no organisation; else (x, None)."""
    m = _PLACE_TAIL.match(x.strip())
    if not m:
        return x, None
    where = span(m["place"], PLACE_STOP)
    if c.is_org_en(where) or _ORGISH.search(where) or not (city := place(where)):
        return x, None
    return m["org"], city


#: A workplace introduced by what it is: "a startup called Lumen Labs", "an agency named Bright".
_CALLED = re.compile(
    r"^(?:a|an|this|the)\s+(?:[\w-]+\s+){0,3}?(?:startup|company|firm|agency|studio|shop|store|bakery|restaurant|cafe|"
    r"clinic|practice|school|nonprofit|charity|lab|consultancy|business|brand|team)\s+(?:called|named)\s+(?P<name>[A-Z].*)$"
)


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


def _fixed(attribute, value):
    return lambda m, ctx: [cand(attribute, value if isinstance(value, str) else value(m), ctx.subj, ctx.src)]


def _gone(attribute):
    def rule(m, ctx):
        v = place(m["x"])
        return [cand(attribute, v, ctx.subj, ctx.src, retract=True, correction=True)] if v else None

    return rule


def _moved(m, ctx):
    v = place(m["x"])
    return [cand("city", v, ctx.subj, ctx.src, replaces=place(m["old"]) if m["old"] else None)] if v else None


def _if(test, handler):
    return lambda m, ctx: handler(m, ctx) if test(m, ctx) else None


#: "a morning person", "a people person": words before "person" that name a trait, not a taste.
_TRAIT_PERSON = (
    r"(?:morning|night|early|late|people|good|bad|nice|kind|private|shy|social|visual|detail|details|big|"
    r"different|better|new|grown|young|old|lazy|busy|religious|spiritual|creative|logical|numbers|glass|type|"
    r"sensitive|quiet|loud|practical|emotional|patient|impatient|positive|negative|real|whole|single|"
    r"very|pretty|quite|super|so|fairly|rather|more|less|much|kind|sort|really|totally|truly|extremely|incredibly|"
    r"sweet|smart|nice|great|cool|chill|warm|cold|simple|humble|lovely|calm|honest|strong|fun|weird|normal|wise)"
)


#: Endings of adjectives ("a funny person", "a generous person"): a trait, not a taste.
_ADJECTIVE_END = re.compile(r"(?:[^e]y|ful|ous|ive|ic|al|ish|less|ble|ent|ant|ed|est)$")


def _kind_of_person(m, ctx):
    said = (m.groupdict().get("v") or m.groupdict().get("x") or "").split()
    if not said or _ADJECTIVE_END.search(said[0]):
        return None
    return attr("dislikes" if m.groupdict().get("neg") else "likes", like_value)(m, ctx)


def _a_something(m, ctx):
    """'is a nurse' is a job; 'is a husky' about a pet is a note on the pet."""
    return work_candidates(m, ctx) or (
        [cand("note", m["y"], ctx.subj, ctx.src)] if ctx.subj.type == "pet" else None
    )


def _skill(m, ctx):
    return None if ctx.has_time else [cand("skill", span(m["v"], LIKE_STOP), ctx.subj, ctx.src)]


def _title_is(m, ctx):
    return [cand("job_title", span(re.sub(r"^(?:a|an|the)\s+", "", m["y"], flags=I)), ctx.subj, ctx.src)]


#: One of the people or pets a list names: "Leo (9)", "baby Sam".
#: How much of a language, said before it in a list ("German, and a bit of Arabic").
_LANG_AMOUNT = (
    r"(?:(?:a little|a bit of|some|basic|conversational|a little bit of|decent|broken|a few words of) )?"
)
_LANG_AMOUNT_RX = re.compile(rf"^\s*{_LANG_AMOUNT}|\s+(?:fluently|well|natively|a little)$", re.I)
_ADV = (
    r"(?:(?:really|also|actually|just|now|currently|still|totally|absolutely|definitely|truly|kind of|kinda|sort of|"
    r"pretty|quite|very|so|honestly|originally|recently|finally|officially|even|mostly|basically|seriously|genuinely)\s+)*"
)
_BE = r"(?:am|is|are|was)"
_X = r"(?P<x>.+)"
_V = r"(?P<v>.+)"
_Y = r"(?:a |an |the )?(?P<y>.+?)"
_DATE = (
    rf"(?:(?P<mon>{MON})\.? (?P<d>\d{{1,2}})(?:st|nd|rd|th)?|(?:the )?(?P<d2>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<mon2>{MON})|"
    r"(?P<n1>\d{1,2})[/.-](?P<n2>\d{1,2}))"
    r"(?:,? (?P<y>\d{4}))?"
)
_POSS = r"(?:my |'s |s )?"
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

# fmt: off
_TABLE = [
    # leaving: a job, a city, a pet, a partner
    (rf"^(?:do not|does not|no longer|not) work(?:s|ing)? (?:at|for|with) {_X}", _retract_work),
    (rf"^{_BE} (?:no longer|not(?=.*\b(?:anymore|any more)\b)) (?:at|with|working at|working for|employed at|employed by) {_X}", _retract_work),
    (r"^(?:just |have |has |finally |officially )*(?:left|quit|resigned from|lost) (?:my|his|her) (?:job|position)\b(?!\s+(?:at|with|for)\b)"
     r"|^(?:just |have |has )?(?:got|was|been|am|is|getting) (?:laid off|fired|let go|made redundant)(?! from)\b"
     r"|^(?:am|is) (?:now |currently )?(?:unemployed|out of work|between jobs)\b", c.employer_ended),
    (rf"^(?:just |have |has )?(?:left|quit|resigned from|retired from|got laid off from|was laid off from|got fired from) "
     rf"(?:my job (?:at|with) |the job at )?{_X}", _retract_work),
    (rf"^(?:do not|does not|no longer) live(?:s)? in {_X}", _gone("city")),
    (rf"^{_BE} (?:no longer|not(?=.*\b(?:anymore|any more)\b)) (?:living|based|staying) in {_X}", _gone("city")),
    (rf"^{_BE} not (?:originally )?from {_X}", _gone("hometown")),
    (r"^(?:do not|does not|no longer) (?:have|own) (?:a|an|any|my|the) (?P<rel>\w+?)s?(?: anymore| any more)?$", _if(_is_pet_word, pet_gone)),
    (r"^(?:died|passed away|passed|ran away|is gone|is no longer with us|crossed the rainbow bridge)\b", _if(lambda m, x: x.subj.type == "pet", pet_gone)),
    (r"^(?:(?:had|have|has) to |just |finally )*(?:put|had) (?P<name>(?-i:[A-Z][\w'-]+)) (?:down|to sleep)\b", pet_put_down),
    (rf"^(?:broke up with|split up with|separated from|divorced) {NAME}", lambda m, x: [cand("partner", m["name"], ME, x.src, retract=True, correction=True)]),
    # names, age, birthday, gender
    (rf"^{_POSS}(?:full |real |legal |first )?name is (?:(?:actually|really|in fact|officially|spelled|spelt|written) )*{NAME}", name),
    (r"^(?:my |'s )?(?:full |real |legal |first )?name is (?P<name>\w+(?: \w+)?)$", name),
    (rf"^{_BE} (?:called|named) {NAME}", name),
    (rf"^(?:go|goes|am going|is going|have been going|has been going|been going) by {NAME}", preferred),
    (rf"^(?:prefer|prefers) (?:to be called|being called|to go by) {NAME}", preferred),
    (rf"^(?:my |'s )?nickname is {NAME}", preferred),
    (r"^(?:am|is) (?P<n>\d{1,3})(?: years old| yrs old| y/o| years of age| yo)?(?: now| this year| already)?$",
     lambda m, x: [cand("age", m["n"], x.subj, x.src)] if 0 < int(m["n"]) < 130 else None),
    (r"^(?:just )?turned (?P<n>\d{1,3})\b", lambda m, x: [cand("age", m["n"], x.subj, x.src)]),
    (rf"^{_POSS}(?:birthday|bday|b-day|birth date|date of birth) is (?:on )?{_DATE}", _date),
    (rf"^(?:was|were) born on {_DATE}", _date),
    (rf"^(?:am |is )?(?:turning|turn|turns|will turn|will be) \d{{1,3}} on {_DATE}", _date),
    (r"^(?:am|is) (?:a |an )?(?P<g>man|woman|guy|girl|lady|gentleman|dude|male|female|non-binary|nonbinary)$",
     lambda m, x: [cand("gender", EN_GENDER[m["g"].lower()], x.subj, x.src)]),
    # where from, where now
    (rf"^(?:am|is|are|was|come|comes|came) {_ADV}from {_X}", attr("hometown", place)),
    (rf"^(?:grew|grow|grows) up in {_X}", attr("hometown", place)),
    (r"^(?:was|were) (?:born and raised|born and bred|raised|born) in (?P<x>\d{4})\b", _fixed("note", lambda m: f"born in {m['x']}")),
    (rf"^(?:was|were) (?:born and raised|born and bred|raised|born) in {_X}", attr("hometown", place)),
    (rf"^(?:my |'s )?(?:hometown|home town) is {_X}", attr("hometown", place)),
    (rf"^{_BE} (?:a |an )native of {_X}", attr("hometown", place)),
    (rf"^{_ADV}(?:live|lives|am living|is living|are living|(?:have|has) (?:been living|lived)|reside|resides|{_BE} based|{_BE} located|{_BE} settled|have settled|"
     rf"settled down|{_BE} staying)(?: down)? (?:in|out of|at) {_X}", attr("city", place)),
    (rf"^(?:have |has )?{_ADV}(?:moved|relocated|{_BE} moving|{_BE} relocating)(?: back| over| out)? (?:from (?P<old>[^,]+?) )?to {_X}", _moved),
    (rf"^call {_X} home$", attr("city", place)),
    # "been in Toronto for 10 yrs now": how long one has been somewhere is where one lives
    (r"^(?:have |has )?been (?:in|based in|staying in) (?P<x>[^,]+?) (?:for|since)\b.*$", _if(lambda m, x: c.is_place_en(m["x"]), attr("city", place))),
    # "we finally closed on a house in Boulder": a home bought is where one lives now.
    (rf"^(?:have |has )?{_ADV}(?:bought|closed on|purchased|got the keys to) (?:a|an|our|my|the|his|her|their) (?:new |first |own |little )*"
     rf"(?:house|home|place|flat|apartment|condo|townhouse) (?:in|out in) {_X}", attr("city", place)),
    (r"^(?:am|is|are) (?:now |currently )?in (?P<x>[^,]+?)(?: now| these days)?$", _if(lambda m, x: c.is_place_en(m["x"]), attr("city", place))),
    # work
    (rf"^{_ADV}(?:work|works|am working|is working|(?P<intern>intern|interns|am interning|is interning))"
     rf"(?: remotely| from home| part[- ]time| full[- ]time| freelance)? (?:at|for|with) (?P<x>.+?)(?: as {_Y})?$", work_candidates),
    (rf"^{_ADV}(?:work|works|am working|is working)(?: nights| days| weekends| part[- ]time| full[- ]time| remotely| from home)? as {_Y}"
     rf"(?: (?:at|for|with) {_X})?$", work_candidates),
    (rf"^{_ADV}(?:work|works) in {_X}", _if(lambda m, x: c.is_place_en(span(m["x"], PLACE_STOP)), work_candidates)),
    (rf"^(?:have |has )?{_ADV}(?:joined|started (?:a new job |a job |working |my new job )?(?:at|with|for)|{_BE} starting (?:a new job |work )?(?:at|with)|"
     rf"(?:got|landed|found|scored) (?:a job|hired|an offer|a position|a new job|a role|a gig) (?:at|with|by|from)|accepted (?:an offer|a job|a position) (?:at|with|from)|switched to|moved to|"
     rf"{_BE} now (?:at|with)|signed with) (?P<x>.+?)(?: as {_Y})?$", work_candidates),
    (rf"^(?:my |'s )?(?:job|job title|title|role|position|occupation|profession) is {_Y}$", _title_is),
    (rf"^(?:my |'s )?(?:company|employer) is {_X}", lambda m, x: [cand("employer", span(m["x"]), x.subj, x.src)]),
    (r"^(?:am|is) (?:now |currently )?(?P<v>retired|unemployed|self-employed|a stay-at-home (?:mom|dad|parent)|between jobs|out of work)\b",
     _fixed("job_title", lambda m: m["v"].replace("a stay", "stay"))),
    # food
    (rf"^(?:am|is|are|have been|has been|went|have gone|has gone|have become|has become|became|turned|{_BE} going|{_BE} now|eat|eats|"
     rf"follow|follows|{_BE} on|keep|keeps|stick to|{_BE} doing|doing|do|{_BE} trying|{_BE} starting|started|have started|"
     rf"switched to|have switched to)(?: a| an| fully| strictly| mostly| now| 100%| completely| totally| pretty much)* "
     rf"(?P<d>{DIET})(?: diet)?\b", lambda m, x: [cand("diet", EN_DIETS[m["d"].lower()], x.subj, x.src)]),
    (r"^(?:eat|eats|will eat) (?:pretty much |basically |just about |almost |literally |practically )?(?:anything|everything)\b", _fixed("diet", "omnivore")),
    (r"^(?:am|is) (?:not (?:a )?picky(?: eater)?|an omnivore)\b", _fixed("diet", "omnivore")),
    (r"^(?:am|is) lactose[- ]intolerant", _fixed("diet", "lactose-free")),
    # A condition that fixes what someone can eat is that diet ("I'm celiac": gluten-free).
    (r"^(?:am|is|was diagnosed with|was diagnosed as|have|has|got diagnosed with) (?:a |an )?(?:celiac|coeliac)(?: disease)?\b|"
     r"^(?:am|is) (?:gluten[- ]intolerant|gluten[- ]sensitive)\b", _fixed("diet", "gluten-free")),
    (r"^(?:am|is) (?:cutting (?:out|back on|down on)|avoiding|off|giving up|quitting) "
     r"(?P<x>sugar|carbs|gluten|dairy|meat|red meat|alcohol|caffeine|pork|beef)\b",
     _fixed("diet", lambda m: EN_AVOID.get(m["x"].lower(), f"no {m['x'].lower()}"))),
    (rf"^(?:am|is|are) {_ADV}(?:severely |deathly |highly |mildly |a bit |slightly |very )?allergic to {_X}", _allergen),
    (rf"^(?:have|has) (?:a |an )?(?:severe |mild |bad |serious )?allerg(?:y|ies) to {_X}", _allergen),
    (r"^(?:have|has) (?:a |an )?(?:severe |mild |bad |serious )?(?P<x>[\w -]+?) allerg(?:y|ies)$", attr("allergy")),
    (rf"^(?:my |'s )?allergies (?:are|include) {_X}", _allergen),
    # preferences
    (rf"^(?:my |'s )?(?:all-time )?(?:favou?rite|fave|fav) (?P<cat>[\w ]{{1,25}}?)"
     rf"(?: (?:these days|right now|now|at the moment|lately|currently|of all time|ever))? (?:is|are) {_V}", attr("likes", like_value)),
    (rf"^(?:my |'s )?(?:hobby is|hobbies are|hobbies include|interests are|interests include|passion is) {_V}", attr("likes", like_value, split=True)),
    (rf"^{_ADV}(?:hate|hates|dislike|dislikes|detest|detests|loathe|loathes|cannot stand|can not stand|cannot bear|cannot handle|"
     rf"(?:do|does) not (?:really |actually )?(?:like|enjoy|care for|love)|{_BE} (?:not|no longer) (?:really |even |that )?(?:a (?:big |huge )?fan of|into|big on|keen on|crazy about)|"
     rf"{_BE} sick of|{_BE} tired of|{_BE} fed up with|no longer (?:like|enjoy)s?|{_BE} over|have gone off|"
     rf"(?:have |has )?{_ADV}(?:grown|come|started|begun|learned|learnt) to (?:hate|dislike|despise|loathe)) {_V}", attr("dislikes", like_value)),
    (rf"^(?:do not|does not|never|no longer) (?:eat|drink)s? {_V}", attr("dislikes", like_value)),
    (rf"^(?:have |has )?(?:stopped|quit|given up|gave up) (?:eating|drinking) {_V}", attr("dislikes", like_value)),
    (r"^(?:am|is) (?:a |an )?(?:big |huge |massive |total |die-hard )?(?P<v>[\w ]+?) fan$", attr("likes")),
    (rf"^{_ADV}(?:love|loves|like|likes|enjoy|enjoys|adore|adores|{_BE} {_ADV}into|{_BE} (?:a )?(?:big |huge |massive |total |die-hard )?fan of|"
     rf"{_BE} passionate about|{_BE} obsessed with|{_BE} crazy about|{_BE} fond of|{_BE} keen on|dig|digs|{_BE} a sucker for|"
     rf"have a soft spot for|prefer|prefers|{_BE} addicted to|cannot get enough of|(?:have |has )?(?:been|gotten|got) {_ADV}into) {_V}", attr("likes", like_value)),
    # languages and skills
    (rf"^{_ADV}(?:speak|speaks|can speak|{_BE} fluent in|know|{_BE} a native speaker of) (?:a little |a bit of |some |fluent |conversational |"
     rf"basic |a little bit of |decent |good |native |broken |a few words of )?(?P<v>{LANG}(?:(?: fluently| well| natively| a little)?"
     rf"(?:,| and| or|, and) {_LANG_AMOUNT}{LANG})*)\b", attr("language", lambda v: span(_LANG_AMOUNT_RX.sub("", v)))),
    (rf"^(?:my |'s )?(?:native language|mother tongue|first language) is (?P<v>{LANG})", attr("language", qualifier="native")),
    (r"^(?:can|know how to|am able to) (?!not\b|you\b|help|do that|see|hear|try|go\b|come|tell|imagine|understand|wait|ask|get|make it|"
     r"check|send|give|meet)(?P<v>\w.{1,40})$", _skill),
    (rf"^(?:am|is) {_ADV}(?:good|great|skilled|experienced|proficient|an expert|fluent) (?:at|in|with) {_V}", attr("skill", lambda v: span(v, LIKE_STOP))),
    (r"^(?:play|plays) (?P<v>(?:the )?(?:piano|guitar|violin|cello|drums|bass|ukulele|flute|saxophone|sax|trumpet|clarinet|harp|keyboard))\b",
     _fixed("skill", lambda m: "play " + m["v"])),
    # pets and people
    (rf"^(?:have got|has got|have|has|got|adopted|rescued|just got|just adopted) (?:(?P<cnt>a|an|one|two|three|four|\d+) )?"
     rf"(?:{PET_ADJ}\s+)*(?P<kind>[a-z][a-z -]*?)"
     rf"(?:[,:] (?P<names>{LISTED}(?:(?:,? and |, ){LISTED})+))?"
     rf"(?:(?:, (?:a|an) (?:{PET_ADJ}\s+)*(?P<kind2>[a-z][a-z -]*?))?,? (?:named|called) {NAME}|, (?P<name2>[A-Z]\w+))?$", have),
    (rf"^{_BE} married(?: to {NAME})?$", _couple("spouse")),
    (rf"^{_BE} engaged(?: to {NAME})?$", _couple("partner", "fiance")),
    (rf"^{_BE} (?:dating|seeing|going out with|in a relationship with) {NAME}", _couple("partner")),
    (rf"^{_BE} (?:now |currently )?(?:a |an |the ){_Y}(?: up| down| out| over| back)? (?:at|for|with) (?P<x>.+)$", _if(lambda m, x: job_title_of(m["y"]), work_candidates)),
    # "a chef in Turin": a job in a place, unless what follows "in" names an organisation
    (rf"^{_BE} (?:now |currently )?(?:a |an |the ){_Y}(?: up| down| out| over| back)? in (?P<x>.+)$", _if(lambda m, x: job_title_of(m["y"]), _job_in)),
    # "I'm a tea person", "not really a beach person": a taste, unless the word names a trait
    (rf"^{_BE} (?P<neg>not )?(?:really |totally |definitely |more of |very much |such |also )*(?:a |an )"
     rf"(?:(?:total|big|huge|real|true|diehard|die-hard|massive) )?(?P<v>(?!{_TRAIT_PERSON}\b)[a-z]+(?: (?!{_TRAIT_PERSON}\b)[a-z]+)?) person"
     rf"(?: through and through| for sure| at heart| all the way)?$", _kind_of_person),
    # the same said as a fragment: "tea person through and through", "total dog person here"
    (rf"^(?:(?:such )?an? )?(?:(?:total|huge|diehard|die-hard|massive) (?P<v>(?!{_TRAIT_PERSON}\b)[a-z]+) person(?: here)?"
     rf"|(?P<x>(?!{_TRAIT_PERSON}\b)[a-z]+) person(?: through and through| at heart| all the way))$", _kind_of_person),
    (rf"^(?P<neg>not) (?:really )?(?:an? )(?P<v>(?!{_TRAIT_PERSON}\b)[a-z]+) person$", _kind_of_person),
    (rf"^{_BE} (?:now |currently |also )?(?:a |an |the )(?P<y>[^,]+?)$", _a_something),
    (rf"^am {NAME}$", _self_name),
]
# fmt: on
# Names must start with a capital, so patterns that capture one stay case-sensitive.
RULES = [(re.compile(p, 0 if "(?P<name>" in p else I), f) for p, f in _TABLE]
