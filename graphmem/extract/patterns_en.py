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
from graphmem.extract import cues, on_record
from graphmem.extract.common import ME, cand, link
from graphmem.extract.have_en import have, pet_gone, pet_put_down
from graphmem.extract.lexicon import (
    EN_AVOID,
    EN_DIETS,
    EN_GENDER,
    EN_LANGUAGES,
    EN_NOT_NAMES,
)
from graphmem.extract.relations import dated_as, entity_type, relation_of, relation_words
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
    r"this past \w+|\w+ (?:days|weeks|months) ago|earlier today|this coming \w+|"
    # a day said bare after what it is the day of ("the book fair is thursday"), a weekday cut
    # short after a word only a day follows that way ("flying out sat", "til fri")
    rf"(?<=is |re ) ?{WD}\b(?!s)|(?<=is )the \d{{1,2}}(?:st|nd|rd|th)\b|"
    r"(?:out|on|til|till|until|by|this|next) (?:mon|tues?|wed|thur?s?|fri|sat)\b(?!')\.?)"
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


COMMON_WORDS = word_list("en", "words")
#: What makes being somewhere a stay, not where one lives: "in Seattle for a conference".
_A_STAY = re.compile(
    r"^(?:for|on|this|until|till|over|til)\b|^(?:visiting|on a|on vacation|on holiday)", re.I
)


def _lives_there(m, ctx) -> bool:
    """ "I'm down in philly so its like 2 hrs": a place, said with no stay after it."""
    where = span(m["x"], PLACE_STOP)
    nicknamed = (named := place(where)) is not None and named != where  # "the big apple" too
    known = c.is_place_en(where) or smaller_place(where) or nicknamed
    # "I don't live in Boston, I'm in Somerville": a capitalised name is the place lived in
    # when the sentence has just said where one does not live
    said = f"{ctx.state.sentence or ''} {ctx.src}"
    known = known or (named is not None and where[:1].isupper() and bool(_NOT_LIVING.search(said)))
    return known and not _A_STAY.match(m["x"][len(where) :].strip())


_NOT_LIVING = re.compile(
    r"\b(?:don'?t|do not|dont)\s+(?:actually\s+|really\s+|technically\s+)?live\s+in\b", re.I
)


def gerund(word: str) -> bool:
    """An -ing form of a common verb ("swimming", "baking"), not a name ending so ("ping")."""
    if not word.endswith("ing") or len(word) < 6:
        return False
    stem = word[:-3]
    return any(x in COMMON_WORDS for x in (stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else ""))


#: Words that make what follows "in" an organisation ("a nurse in St. Mary's Hospital").
ORGISH = re.compile(
    r"\b(?:inc|corp|corporation|ltd|llc|gmbh|group|labs?|bank|hospital|clinic|school|university|college|"
    r"company|studio|agency|firm|restaurant|cafe|bakery|hotel|store|shop|department|office)\b",
    re.I,
)


_PLACE_TAIL = re.compile(
    r"^(?P<org>.+?)\s+in\s+(?P<place>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2}|[a-z]{4,}(?:\s+[a-z]{4,})?)\s*[.!,]?$"
)


_WHEN_WORD = re.compile(
    r"(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
    r"|spring|summer|fall|autumn|winter|(?:19|20)\d\d)",
    re.I,
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
    if _WHEN_WORD.fullmatch(where.strip()):
        return m["org"], None  # "at Acme in March": when, not where
    if c.is_org_en(where) or ORGISH.search(where) or not (city := place(where)):
        return x, None
    return m["org"], city


#: A thing said by what it holds of something named before ("recipes with it", "anything that
#: has them in it").
_WITH_IT = re.compile(
    r"\s(?:with|w/?|containing|that (?:has|have)|made with)\s+(?:it|them|that|those)(?:\s+in\s+it)?$", re.I
)


def attr(attribute, fn=None, split=False, **kw):
    """A rule storing group v (or x) through a value cleaner; lists split for allergies and languages."""

    def rule(m, ctx):
        raw = m.groupdict().get("v") or m.groupdict().get("x") or m.groupdict().get("v2") or ""
        if raw.strip().lower() in ("it", "that", "them", "this") and ctx.state.last_topic:
            raw = ctx.state.last_topic  # "I used to love running but I've grown to hate it"
        elif _WITH_IT.search(raw):
            # "never suggest recipes w it": what "it" stands for, said before; else nothing
            raw = ctx.state.last_topic or ""
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


#: A sentence where the user says what they are called, or are not ("name's …", "nobody calls me
#: that", "call me"): only there is "X is fine" the name to use.
_OWN_NAME_TALK = re.compile(
    r"\b(?:my name|name's|names|call me|calls me|called me|calls me that|go by|known as)\b", re.I
)


def _preferred_if_name_said(m, ctx):
    """'…, Bart is fine': the name to use, when the sentence is about what the user is called."""
    if not _OWN_NAME_TALK.search(ctx.state.sentence or ""):
        return None
    ctx.explicit = True  # the sentence says it is the user's name
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


#: A title that makes "seeing" someone a visit for care ("seeing Dr. Okafor", "seeing Prof Lin").
_CARE_TITLE = re.compile(r"^(?:Dr|Doc|Doctor|Prof|Professor|Nurse|Coach|Therapist|Counsel+or)\b\.?", re.I)


def _dating(m, ctx):
    """'been seeing this guy Theo', 'dating a woman named Ilse': a partner, a boyfriend or a
    girlfriend by the word for them."""
    if m["name"] and (relation_of(m["name"]) or m["name"].lower() in ("him", "her", "them", "someone")):
        return None
    if m["name"] and _CARE_TITLE.match(
        m["name"]
    ):  # "started seeing Dr. Okafor for my back": care, not a date
        return None
    found = _couple("partner", dated_as(m["kind"] or ""))(m, ctx)
    return [*on_record.partners_before(ctx, m["name"]), *found] if m["name"] else found


def fixed_value(attribute, value):
    return lambda m, ctx: [cand(attribute, value if isinstance(value, str) else value(m), ctx.subj, ctx.src)]


def _gone(attribute):
    def rule(m, ctx):
        v = place(m["x"])
        return [cand(attribute, v, ctx.subj, ctx.src, retract=True, correction=True)] if v else None

    return rule


#: What a move was for, when it was a job ("… to Lisbon for the data analyst role at Farfetch").
_MOVED_FOR_JOB = re.compile(
    r"\bfor\s+(?:a|an|the|my)\s+(?:new\s+)?(?P<y>[A-Za-z][\w -]{1,30}?)\s+(?:role|job|position|gig)\s+(?:at|with)\s+"
    r"(?P<org>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,2})"
)


def _moved(m, ctx):
    v = place(m["x"])
    old = m.groupdict().get("old") or m.groupdict().get("old2")
    if not v:
        return None
    out = [cand("city", v, ctx.subj, ctx.src, replaces=place(old) if old else None)]
    if job := _MOVED_FOR_JOB.search(m.string):
        out += [
            cand("job_title", job["y"].strip(), ctx.subj, ctx.src),
            cand("employer", job["org"], ctx.subj, ctx.src),
        ]
    return out


def only_if(test, handler):
    return lambda m, ctx: handler(m, ctx) if test(m, ctx) else None


#: Endings of adjectives ("a funny person", "a generous person"): a trait, not a taste.
_ADJECTIVE_END = re.compile(r"(?:[^e]y|ful|ous|ive|ic|al|ish|less|ble|ent|ant|ed|est)$")


def _kind_of_person(m, ctx):
    said = (m.groupdict().get("v") or m.groupdict().get("x") or "").split()
    if not said or _ADJECTIVE_END.search(said[0]):
        return None
    return attr("dislikes" if m.groupdict().get("neg") else "likes", like_value)(m, ctx)


def _certified(m, ctx):
    """A skill told by the paper that certifies it; the day it was got, when said, is an event."""
    out = [cand("skill", span(m["v"], LIKE_STOP), ctx.subj, ctx.src)]
    if ctx.has_time:
        out.append(cand("event", ctx.src, ctx.subj, ctx.src, kind="fact"))
    return out


#: What "I can …" does to someone or something in particular, or at an hour ("I can carry your
#: mother", "I can do it", "I can pick up the twins at 3"): a thing one is able to do today, no skill.
_NO_SKILL = re.compile(
    r"\b(?:your|him|her|them|us|it|this|that|these|those)\b|\bat\s+\d"
    r"|\b(?:the|my|our)\s+(?:kids?|twins|boys|girls|mom|mum|dad|mother|father|wife|husband|son|daughter|baby|grandkids?"
    r"|car|groceries|dog|cat)\b",
    re.I,
)
#: "…so I can pick them up": what a thing lets one do, said after it.
_SO_I_CAN = re.compile(r"\bso\s+(?:that\s+)?(?:I|i)\s+(?:can|could)\b")


def _taken_up(m, ctx):
    """ "pickleball has completely taken over my life", "got myself an allotment plot instead":
    the pastime or taste one has now."""
    said = next((m[g] for g in ("v", "v2", "v3", "v4") if m.groupdict().get(g)), "")
    v = like_value(re.sub(r"^(?:my|the|this|that)\s+", "", said.strip(), flags=re.I))
    if not v or v.lower() in ("work", "it", "this", "that", "everything", "life", "my job"):
        return None
    return [cand("likes", v, ctx.subj, ctx.src)]


def _skill(m, ctx):
    v = span(m["v"], LIKE_STOP)
    if ctx.has_time or _NO_SKILL.search(v) or _SO_I_CAN.search(ctx.src or ""):
        return None
    return [cand("skill", v, ctx.subj, ctx.src)]


#: Pastime verbs whose last consonant doubles before -ing (run: running).
_DOUBLED = frozenset({"run", "swim", "knit", "jog", "skip", "spin"})


def _pastime_name(verb: str) -> str:
    """The pastime a verb names ("crochet": crocheting, "hike": hiking, "swim": swimming)."""
    v = verb.lower()
    if v.endswith("ing") and len(v) > 5:  # said as the pastime already ("bouldering 3x a week")
        return v
    if v in _DOUBLED:
        return v + v[-1] + "ing"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")):
        return v[:-1] + "ing"
    return v + "ing"


def _pastime(m, ctx):
    """ "I crochet like a grandma", "I surf most weekends": a pastime said by its verb."""
    return [cand("likes", _pastime_name(m["v"]), ctx.subj, ctx.src)]


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
#: How bad it is, said after the allergen ("shellfish, like EpiPen-level", "nuts, hospital-level"):
#: no second allergen.
_HOW_BAD = re.compile(r"^(?:like\s+|as in\s+)|[\w-]+-level$|\blevel\s+(?:bad|serious)$", re.I)
_allergen = attr(
    "allergy",
    # "allergic to latex, break out in hives": what the body does is no second allergen
    lambda v: (
        ""
        if _SEVERITY.match(w := span(v, LIKE_STOP))
        or _HOW_BAD.search(w)
        or cues.allergen_symptoms("en").search(w)
        else w
    ),
)


_is_pet_word = lambda m, x: (relation_of(m["rel"]) or ("",))[0] == "pet"  # noqa: E731

#: The handlers of lang/en/predicate.toml's rules, by the name a rule gives as `handler`.
HANDLERS: dict[str, Handler] = {
    "employer_ended": on_record.employer_ended,
    "city_left": _gone("city"),
    "hometown_denied": _gone("hometown"),
    "pet_gone": only_if(_is_pet_word, pet_gone),
    "pet_died": only_if(lambda m, x: x.subj.type == "pet", pet_gone),
    "pet_put_down": pet_put_down,
    "partner_left": lambda m, x: [cand("partner", m["name"], ME, x.src, retract=True, correction=True)],
    "name": name,
    "preferred": preferred,
    "preferred_if_name_said": _preferred_if_name_said,
    "age": lambda m, x: [cand("age", m["n"], x.subj, x.src)] if 0 < int(m["n"]) < 130 else None,
    "age_turned": lambda m, x: [cand("age", m["n"], x.subj, x.src)],
    "date": _date,
    "gender": lambda m, x: [cand("gender", EN_GENDER[m["g"].lower()], x.subj, x.src)],
    "hometown": attr("hometown", place),
    "born_in_year": fixed_value("note", lambda m: f"born in {m['x']}"),
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
    "city_if_place": only_if(_lives_there, attr("city", place)),
    "city_by_stay": only_if(lambda m, ctx: bool(m["long"]) or _lives_there(m, ctx), attr("city", place)),
    "diet": lambda m, x: [cand("diet", EN_DIETS[m["d"].lower()], x.subj, x.src)],
    "diet_omnivore": fixed_value("diet", "omnivore"),
    "diet_lactose_free": fixed_value("diet", "lactose-free"),
    "diet_gluten_free": fixed_value("diet", "gluten-free"),
    "diet_avoid": fixed_value("diet", lambda m: EN_AVOID.get(m["x"].lower(), f"no {m['x'].lower()}")),
    "allergy": _allergen,
    "allergy_named": attr("allergy"),
    "likes": attr("likes", like_value),
    "hobbies": attr("likes", like_value, split=True),
    "dislikes": attr("dislikes", like_value),
    "likes_fan": attr("likes", lambda v: span(v)),
    "likes_taken_up": _taken_up,
    "language": attr("language", lambda v: span(_LANG_AMOUNT_RX.sub("", v))),
    "native_language": attr("language", qualifier="native"),
    "skill": _skill,
    "certified": _certified,
    "pastime": _pastime,
    "pastime_game": lambda m, x: [cand("likes", m["v"].lower(), x.subj, x.src)],
    "skill_good_at": attr("skill", lambda v: span(v, LIKE_STOP)),
    "skill_instrument": fixed_value("skill", lambda m: "play " + m["v"]),
    "have": have,
    "married_to": _couple("spouse"),
    "engaged": _couple("partner", "fiance"),
    "dating": _dating,
    "kind_of_person": _kind_of_person,
    "self_name": _self_name,
}
# Names must start with a capital, so patterns that capture one stay case-sensitive.
