"""Who an English clause is about, and the rest of it: the user ("I", "we", "my friend and
I", a clause with its subject left out), one of their people ("my brother Tom", "Clara's
husband Marco", "Tom, my brother, …", "the wife"), someone named before or new ("Priya on my
team"), a pronoun for the one spoken of last. The predicate tables read the rest."""

from __future__ import annotations

import re

from graphmem.extract import clauses_en
from graphmem.extract import common as c
from graphmem.extract import patterns_en as p
from graphmem.extract.common import ME, Subject, link
from graphmem.extract.lexicon import EN_JOBS, EN_KINDS_OWNED, EN_NOT_NAMES
from graphmem.extract.relations import RELATION_WORDS, entity_type, relation_of

I = re.I  # noqa: E741

_LEAD_TIME = re.compile(
    rf"^(?:(?:{p.TIME}|on {p.WD}s?|{p.WD}s?|every (?:other )?(?:{p.WD}|day|morning|night|evening|week|weekend)"
    r"|these days|nowadays|lately|currently|right now|at the moment|for now)[,]?\s+)+",
    I,
)
#: What is said of a pet before its kind (its looks, size, age, temper).
_PET_LOOKS = (
    "fat|chubby|chunky|plump|skinny|orange|ginger|black|white|grey|gray|brown|tan|cream|spotted|striped|"
    "fluffy|furry|shaggy|scruffy|hairless|lazy|tiny|little|big|huge|giant|small|senior|elderly|ancient|young|"
    "baby|rescue|rescued|adopted|stray|sweet|grumpy|crazy|derpy|spoiled|spoilt|goofy|silly|dumb|chaotic|feral|"
    "one-eyed|three-legged|deaf|blind|anxious|needy|clingy|angry|sassy|new|beloved|precious|good|naughty|cheeky"
)
_PET_WORDS = "|".join(
    sorted(
        (w for w, (attr, _) in RELATION_WORDS.items() if attr == "pet" and w.isascii()), key=len, reverse=True
    )
)
#: Relation words ending in a consonant and y, in their plural ("bunnies", "puppies").
_PLURAL_IES = "|".join(
    re.escape(w[:-1] + "ies")
    for w in RELATION_WORDS
    if w.isascii() and w.endswith("y") and not w.endswith(("ay", "ey", "oy", "uy")) and " " not in w
)
_REL_SUBJ = re.compile(
    rf"^(?:my|our)\s+(?:(?:little|lil|lil'|older|younger|big|baby|eldest|oldest|youngest|twin|elder|new|step|late|kid)[- ]?)?"
    rf"(?P<rel>{_PLURAL_IES}|{p.REL})(?P<pl>s|ren)?\b"
    # "the wife's from Ohio", "hubby is a pilot": the speaker's own, said without "my"
    r"|^(?:the\s+)?(?P<rel2>hubby|hubs|wifey|missus|kiddos?)\b|^the\s+(?P<rel3>wife|husband|kids|boyfriend|girlfriend)\b"
    # "my fat orange tabby Biscuit", "our grumpy senior beagle": a pet said with what it looks like ("old"
    # stays out: "my old dog" is as often the one there was)
    rf"|^(?:my|our)\s+(?:(?:{_PET_LOOKS})[\s,]+){{1,3}}(?P<rel4>{_PET_WORDS})(?P<pl4>s)?\b"
    # "dad still refuses to leave Duluth", "mum's a nurse": a parent said without "my", before a verb
    r"|^(?P<rel5>mom|mum|dad|mama|papa|mommy|daddy)(?='s\s|\s+(?:is|was|has|had|still|just|never|always|finally|"
    r"refuses|refused|lives|lived|works|worked|says|said|thinks|wants|got|moved|left|loves|hates|won't|can't)\b)"
    # "my golden Rex", "our tabby Milo": a breed word that names other things alone ("golden
    # years", "my lab"), said right before a capitalised name
    rf"|^(?:my|our)\s+(?P<rel6>{'|'.join(EN_KINDS_OWNED)})(?=\s+(?-i:[A-Z][a-z]+)\b)",
    I,
)
_OWNER_REL = re.compile(rf"^{p.NAME}'s\s+(?P<rel>{p.REL})\b", I)
_REL_NAMED = re.compile(  # "my manager is a guy named Theo" too
    r"^(?:'s\s+name\s+is|(?:\s+is|'s)\s+(?:(?:a|an|this|some)\s+(?:guy|man|woman|lady|girl|boy|dude|person|fellow|chap)\s+)?"
    r"(?:called|named))\s+(?P<name>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"
)
# "my sister, Ana, …", "the hubby (Tomasz) is …": the name beside the relation, after a comma or in brackets
_REL_APPOSITION = re.compile(
    # "the kiddo (Ezra, 6)": the age may come with the name in brackets
    rf"^(?:,?\s+|\s*\(\s*){p.NAME}(?:\s*,\s*(?P<age>\d{{1,2}})(?:\s*(?:yo|y/o|yrs?|years? old))?)?(?:\s*\))?(?:,)?(?=\s|$)"
)
#: The second of two named after a plural relation ("my cats Mochi and Tofu …").
_AND_NAME = re.compile(r"^(?:and|&|\+|n)\s+(?P<name>[A-Z][\w'-]+)\b\s*")
_REL_IS_NAME = re.compile(r"^\s+is\s+(?P<name>[A-Z][a-z]+(?: [A-Z][a-z]+)?)$")
# "my brother's allergic": the 's is "is" before these words, a possessive otherwise.
_REL_IS = re.compile(r"^'s\s+(?=(?:allergic|a|an|the|from|in|at|based|vegan|vegetarian|married|\d)\b)")

FRAGMENT = re.compile(
    r"^(?:(?:officially|finally|happily|proudly|already|basically|permanently)\s+)?(?:work|working|worked|contracting|freelancing|consulting|interning|in-house|full-time|part-time|live|living|moved|moving|left|quit|joined|started|starting|teach|teaching|based|born|"
    r"grew up|raised|love|loving|hate|allergic|vegan|vegetarian|pescatarian|pescetarian|keto|paleo|married|engaged|"
    r"single|turned|turning|been|going by|"
    r"got|landed|made|still|now|currently|just|originally|from|back|retired|studying|doing|being|"
    r"lactose|gluten|celiac|coeliac|halal|kosher|dairy[ -]free|flexitarian|carnivore|fluent|bilingual|"
    r"conversational|native speaker|speak|speaking)\b|^[a-z][\w -]{1,20}\sallerg(?:y|ies)\b|"
    rf"^(?:[\w&-]+ ){{0,2}}(?:{'|'.join(sorted(EN_JOBS, key=len, reverse=True))}) (?:at|for|with|in) [A-Z]",
    I,
)

#: A state denied with its "I'm" left out ("not into jazz anymore", "no longer vegan").
_NOT_STATE = re.compile(
    r"^(?:not|no longer)\s+(?:really\s+|even\s+)?(?:(?:a |an )?(?:big |huge )?(?:fan of|into)|vegan|vegetarian|pescatarian|"
    r"allergic|married|engaged|single|living|working|based|dating|seeing|with|at|in)\b",
    I,
)
_VERBISH = re.compile(
    r"^(?:am|is|are|was|been|have|has|had|also|just|recently|currently|now|still|never|can|will|do|does|[a-z]+(?:s|ed))\b"
)


def _owned_relation(m, rest: str, text: str, state: c.State):
    """ "Clara's husband Marco is a chef": Marco is the subject, linked from Clara (not from
    the user), who is whoever the user calls Clara. Unnamed ("Clara's husband is …"): None."""
    attr, qual = relation_of(m["rel"]) or ("friend", None)
    after = rest[m.end() :]
    n = _REL_NAMED.match(after) or _REL_APPOSITION.match(after)
    if n is None or n["name"].split()[0] in EN_NOT_NAMES:
        return None
    owner = Subject(m["name"], "person", None)
    subj = state.add(n["name"], entity_type(attr), qual or attr)
    return subj, after[n.end() :].lstrip(" ,"), True, [link(attr, qual, n["name"], text, owner=owner)]


def _relation_subject(m, rest: str, text: str, state: c.State):
    """'my brother Tom …', "my cat's name is Miso", 'my wife is Sarah', 'my daughter …'."""
    word = m["rel"] or m["rel2"] or m["rel3"] or m["rel4"] or m["rel5"] or m["rel6"]
    kind = EN_KINDS_OWNED.get(word.lower()) if m["rel6"] else None
    attr, qual = (
        ("pet", kind) if kind else relation_of(word + (m["pl"] or m["pl4"] or "")) or ("friend", None)
    )
    kind, role = entity_type(attr), qual or attr
    after = rest[m.end() :]
    if n := _REL_NAMED.match(after):
        return state.add(n["name"], kind, role), after[n.end() :], True, [link(attr, qual, n["name"], text)]

    n = _REL_APPOSITION.match(after)
    if n and n["name"].split()[0] not in EN_NOT_NAMES:
        # "my sister Ruth's birthday is …": the name is Ruth; what follows is hers
        name, owned = re.subn(r"['’]s$", "", n["name"])
        subj = state.add(name, kind, role)
        said = [link(attr, qual, name, text)]
        if n["age"]:
            said.append(c.cand("age", n["age"], subj, text, rule="en.builtin.age_beside_name"))
        rest_of = after[n.end() :].lstrip(" ,")
        plural = m["pl"] or m["pl4"] or word.lower().endswith("s")
        if plural and (more := _AND_NAME.match(rest_of)) and more["name"] not in EN_NOT_NAMES:
            # "my cats Mochi and Tofu knocked over …": each one named is one of them
            state.add(more["name"], kind, role)
            said.append(link(attr, qual, more["name"], text))
            rest_of = rest_of[more.end() :]
        return subj, ("'s " + rest_of if owned else rest_of), True, said
    n = _REL_IS_NAME.match(after)
    if n and n["name"].split()[0] not in EN_NOT_NAMES:
        state.add(n["name"], kind, role)
        return ME, "", True, [link(attr, qual, n["name"], text)]
    known = state.by_relation(qual) if qual else state.one_partner(attr)
    subj = known[0] if len(known) == 1 else Subject(word.lower(), kind, role, named=False)
    state.mention(subj)
    return subj, _REL_IS.sub(" is ", after).strip(), True, []


# "my kids are Ollie (7) and Maisie (4)", "daughters r Ann & Bea", "the boys: Sam, Ezra and Jo":
# several people of one relation named in a list, each with the age that may follow the name
_NAME_AGE = r"[A-Z][\w'-]+(?:\s*\(\s*\d{1,2}\s*\))?"
_REL_LIST = re.compile(
    rf"^(?:(?:my|our|the)\s+)?(?:(?:two|three|four|five|twin|little|lil|older|younger|big|baby)\s+)?(?P<rel>(?:{p.REL})(?:s|ren)?)"
    rf"\s*(?:\s(?:are|r|=|is)\s|[:=]\s*|\s+(?:called|named)\s+)"
    rf"(?P<names>{_NAME_AGE}(?:\s*,\s*{_NAME_AGE})*\s*,?\s*(?:and|&|\+)\s*{_NAME_AGE})\s*$",
    I,
)
_ONE_NAME_AGE = re.compile(r"(?P<name>[A-Z][\w'-]+)(?:\s*\(\s*(?P<age>\d{1,2})\s*\))?")


def _named_relations(text: str, rest: str, state: c.State) -> list | None:
    """The links (and ages) of a list of people of one plural relation, or None."""
    m = _REL_LIST.match(rest)
    if m is None or not m["rel"].lower().endswith(("s", "ren")):
        return None
    found = relation_of(m["rel"])
    names = list(_ONE_NAME_AGE.finditer(m["names"]))
    if found is None or any(n["name"] in EN_NOT_NAMES for n in names):
        return None
    attr, qual = found
    said = []
    for n in names:
        subj = state.add(n["name"], entity_type(attr), qual or attr)
        said.append(link(attr, qual, n["name"], text))
        if n["age"]:
            said.append(c.cand("age", n["age"], subj, text, rule="en.builtin.age_beside_name"))
    return said


def subject(text: str, state: c.State, inherited: Subject | None):
    """(subject, predicate, explicit, links): who the clause is about, and the rest of it."""
    lead = _LEAD_TIME.match(text)
    rest = text[lead.end() :] if lead else text
    if (named := _named_relations(text, rest, state)) is not None:
        return ME, "", True, named
    if m := re.match(r"^(?:I|we|(?:my|our)\s+\w+(?:\s\w+)?\s+and\s+I)\b\s*", rest, I):
        return ME, rest[m.end() :], True, []
    if m := re.match(
        r"^(?P<name>[A-Z][\w-]+) and I\s+(?:are|got|have|just got|have been|just)\s+(?P<how>engaged|married)\b",
        rest,
    ):
        return ME, f"am {m['how']} to {m['name']}", True, []  # "Nico and I got engaged": not "I are"
    if m := re.match(r"^(?P<name>[A-Z][\w-]+) and I\s+", rest):
        return ME, rest[m.end() :], True, []
    if m := re.match(
        rf"^{p.NAME},\s+(?:my|our)\s+(?P<rel>{p.REL}),\s*", rest
    ):  # "Tom, my brother, works at …"
        attr, qual = relation_of(m["rel"]) or ("friend", None)
        subj = state.add(m["name"], entity_type(attr), qual or attr)
        return subj, rest[m.end() :], True, [link(attr, qual, m["name"], text)]
    if m := re.match(rf"^{p.NAME} is (?:my|our) (?P<rel>{p.REL})$", rest):
        attr, qual = relation_of(m["rel"]) or ("friend", None)
        subj = state.add(m["name"], entity_type(attr), qual or attr)
        return subj, "", True, [link(attr, qual, m["name"], text)]
    if (
        (m := _OWNER_REL.match(rest))
        and m["name"] not in EN_NOT_NAMES
        and (got := _owned_relation(m, rest, text, state))
    ):
        return got
    if m := _REL_SUBJ.match(rest):
        return _relation_subject(m, rest, text, state)
    if re.match(r"^(?:my|our)\s", rest, I):  # "My favorite color is green": about the user
        return ME, "my " + rest.split(None, 1)[1], True, []
    if hit := state.entity_at(rest, word_boundary=True):
        state.mention(hit[0])
        return hit[0], _REL_IS.sub(" is ", rest[hit[1] :]).strip(), True, []  # "Tom's a firefighter"
    if m := re.match(r"^(?:he|she)\b\s*", rest, I):
        who = state.pronoun()
        return who, rest[m.end() :], who is not None, []
    if (m := re.match(r"^(?:his|her)\s+(?=(?:full |real |first )?name(?:s|'s)?\b)", rest, I)) and (
        who := state.pronoun()
    ):
        # "We got a puppy. His name is Biscuit"; "her names Elle" as chat types "her name's"
        return who, re.sub(r"^name(?:s|'s)\s+", "name is ", rest[m.end() :], flags=I), True, []
    if inherited is not None and not inherited.is_self and re.match(r"^(?:his|her|its)\s+[a-z]", rest):
        # "our tabby Milo has kidney disease, his vet is at Parkside": his vet, food or school
        # said right after is of the one the clause before was about, kept on them whole
        return inherited, rest, True, []
    m = _NEW_PERSON.match(rest)  # "Priya on my team is vegan", "Marco can't handle spice"
    if (
        m
        and m["name"] not in EN_NOT_NAMES
        and m["name"] not in NOT_A_PERSON
        and not c.is_place_en(m["name"])
        and not c.is_org_en(m["name"])
    ):
        subj = state.add(m["name"], "person", "colleague" if m["grp"] else None)
        links = [link("friend", "colleague", m["name"], text)] if m["grp"] else []
        return subj, _REL_IS.sub(" is ", rest[m.end() :]).strip(), True, links
    if (inherited is None or inherited.is_self) and FRAGMENT.match(rest):  # "…, but living in Leeds now"
        return ME, rest, False, []
    if inherited is None and _NOT_STATE.match(rest):  # "not into Taylor Swift anymore"
        return ME, "am " + rest, False, []
    if inherited is not None and _VERBISH.match(rest):  # "... and works at a bank"
        return inherited, rest, False, []
    if inherited is not None and clauses_en.STATE_START.match(rest):  # "... and allergic to shellfish"
        return inherited, ("am " if inherited.is_self else "is ") + rest, False, []
    if inherited is None:  # "Moving day is this Saturday": a user's message is about the user
        return ME, rest, False, []
    if inherited.is_self and _NEXT_ITEM.match(rest):  # "…, then dinner w/ jake next tuesday": the user's too
        return ME, rest, False, []
    return None, rest, False, []


#: The next thing in a run of the user's own ("…is thursday, then dinner w/ jake next tuesday").
_NEXT_ITEM = re.compile(r"^(?:and\s+)?(?:then|after\s+that|plus|also)\s+(?!(?:he|she|they|it)\b)\w", I)


#: Words a chat lead may put where a name stands and that name no one ("kid update: Monday's his
#: birthday", "bestie Friday's the party"): days, months, holidays and what a day holds.
_NOT_LEAD_NAMES = frozenset(
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March July September October "
    "November December Christmas Easter Halloween Thanksgiving School Practice Daycare Bedtime Homework Recess "
    "Camp Swim Soccer Dance Recital Daycare Nursery Class Grade Update News".split()
)
#: What follows a name in a lead about one of the user's people: "'s" before what a person is
#: (in, at, a, allergic, vegan, a number…), or a verb.
_LEAD_SAID = (
    r"(?P<is>'s)\s+(?=(?:in|at|a|an|now|officially|finally|still|allergic|vegan|vegetarian|obsessed|learning|"
    r"doing|starting|started|working|been|got|going|moving|\d)\b)"
    r"|\s+(?=(?:is|was|has|started|starts|got|just|finally|goes|loves|hates|works|lives|turned|turns|"
    r"can|cannot|can't|won't|refuses|eats|only|lost|moved)\b)"
)
#: "kid update: Lily's in 2nd grade …", "pup news — Biscuit has…": one of the user's people named
#: after a chat lead that says whose news it is; "bestie Jess's a nurse …", "bff Tara works at …":
#: named right after the relation word with no "my". Both are the user's own.
_NEWS_OF = rf"(?:(?:my|our|the)\s+)?(?P<rel>{p.REL})(?:s|ren)?\s+(?:update|news|report|check-in|brag|flex)"
#: The lead alone, what follows it no name: taken off (the rest is read as said).
_NEWS_LEAD = re.compile(rf"^{_NEWS_OF}\s*[:\-–—]+\s*", I)
_CHAT_LEAD = re.compile(
    rf"^{_NEWS_OF}\s*(?:[:\-–—]+\s*|\s+)(?P<name>(?-i:[A-Z][a-z]{{1,15}}))(?:{_LEAD_SAID})"
    rf"|^(?P<rel2>bestie|bff|bf|gf|hubby|wifey|kiddo|sis|bro|pup|puppy|kitty)\s+(?P<name2>(?-i:[A-Z][a-z]{{1,15}}))"
    rf"(?:{_LEAD_SAID.replace('?P<is>', '?P<is2>')})",
    I,
)


def chat_lead(s: str) -> str:
    """`s` with a chat lead about one of the user's people said in full ("kid update: Lily's in
    2nd grade" → "my kid Lily is in 2nd grade"), so the subject rules read whom it is about;
    else `s`. A word where the name stands ("kid update: Monday's his birthday") names no one."""
    m = _CHAT_LEAD.match(s)
    name = (m["name"] or m["name2"]) if m else ""
    if (
        m is None
        or name in _NOT_LEAD_NAMES
        or name in EN_NOT_NAMES
        or name in NOT_A_PERSON
        or c.is_place_en(name)
    ):
        lead = _NEWS_LEAD.match(s)
        return s[lead.end() :] if lead else s
    rel = (m["rel"] or m["rel2"]).lower()
    return f"my {rel} {name} {'is ' if m['is'] or m['is2'] else ''}{s[m.end() :]}"


_NEW_PERSON = re.compile(
    r"^(?P<name>[A-Z][a-z]{1,15})(?:\s+(?:on|from|in) (?:my|our) (?P<grp>team|class|office|department|floor|group|squad|unit))?"
    r"(?=(?:'s|\s+(?:is|was|can|cannot|does|has|hates|loves|likes|works|lives|eats|drinks|prefers|never|always|just|also|"
    r"really|only|gets|got|will|would)\b))"
)
NOT_A_PERSON = frozenset(
    "It This That These Those There Here They He She We You Everything Everyone Nothing Something Someone Today Tomorrow "
    "Yesterday Tonight Work Life Dinner Lunch Breakfast Traffic Weather Money Coffee Mom Dad Nobody Anyone Anybody Somebody Everybody Noone "
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
)
