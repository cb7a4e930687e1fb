"""English rules. A sentence is cut into clauses, contractions are expanded, each clause
becomes (subject, predicate), and the predicate is read by the ordered rules of the English
language pack (graphmem/lang/en/predicate.toml; clause.toml is tried on the whole clause first). Unmatched statements about the user or someone they know become events
(when dated) or notes; everything else is left for `ignored`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from graphmem.extract import changes, clauses_en, contrasts, fragments, frames, nlp, turns
from graphmem.extract import common as c
from graphmem.extract import corrections_en as fixes
from graphmem.extract import patterns_en as p
from graphmem.extract import patterns_en_life as life
from graphmem.extract.common import EMOJI, ME, Ctx, Subject, cand, link
from graphmem.extract.lexicon import EN_JOBS, EN_NOT_NAMES
from graphmem.extract.relations import entity_type, relation_of, relation_words
from graphmem.extract.reply_style_en import is_reply_style
from graphmem.gate.sentences import split as split_sentences
from graphmem.lang import Handler, Pack, load_pack, merge_handlers
from graphmem.lang.normalise import normalise, normaliser

I = re.I  # noqa: E741
_DISCOURSE = re.compile(
    r"^(?:(?:oh|ok|okay|well|so|also|and|but|btw|by the way|fyi|just so you know|for the record|anyway|plus|besides|"
    r"honestly|to be honest|fun fact|hey|hi|hello|um|uh|yeah|yes|oh and|ah|turns out|it turns out|good news|big news|"
    r"(?:ok |okay )?(?:life )?update|quick thing|small thing|one more thing|(?:ok |okay )?confession|news|guess what|"
    r"long story short|so yeah|lol|ugh|wow|pretty sure|fairly sure|I think|I guess|probably|maybe|perhaps|"
    # chat shorthand in front of a statement
    r"fwiw|tbh|tbf|ngl|imo|imho|iirc|afaik|jsyk|lowkey|omg|hmm+|eh|meh|welp|heads up|real talk|not gonna lie|plot twist)\b[,:!]?\s*)+",
    I,
)
_REMEMBER = re.compile(
    r"^(?:please\s+)?(?:remember|do not forget|don't forget|dont forget|keep in mind|note|make a note|take note|"
    r"for future reference)\b(?: (?:this|that)\b)?[:,]?\s*(?:that\s+)?",
    I,
)
_LEAD_TIME = re.compile(
    rf"^(?:(?:{p.TIME}|on {p.WD}s?|{p.WD}s?|every (?:other )?(?:{p.WD}|day|morning|night|evening|week|weekend))[,]?\s+)+",
    I,
)
_REL_SUBJ = re.compile(
    rf"^(?:my|our)\s+(?:(?:little|older|younger|big|baby|eldest|oldest|youngest|twin|elder|new|step|late)[- ]?)?"
    rf"(?P<rel>{p.REL})(?P<pl>s|ren)?\b"
    # "the wife's from Ohio", "hubby is a pilot": the speaker's own, said without "my"
    r"|^(?:the\s+)?(?P<rel2>hubby|hubs|wifey|missus|kiddos?)\b|^the\s+(?P<rel3>wife|husband|kids|boyfriend|girlfriend)\b",
    I,
)
_OWNER_REL = re.compile(rf"^{p.NAME}'s\s+(?P<rel>{p.REL})\b", I)
_REL_NAMED = re.compile(  # "my manager is a guy named Theo" too
    r"^(?:'s\s+name\s+is|(?:\s+is|'s)\s+(?:(?:a|an|this|some)\s+(?:guy|man|woman|lady|girl|boy|dude|person|fellow|chap)\s+)?"
    r"(?:called|named))\s+(?P<name>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"
)
_REL_APPOSITION = re.compile(rf"^,?\s+{p.NAME}(?:,)?(?=\s|$)")
_REL_IS_NAME = re.compile(r"^\s+is\s+(?P<name>[A-Z][a-z]+(?: [A-Z][a-z]+)?)$")
# "my brother's allergic": the 's is "is" before these words, a possessive otherwise.
_REL_IS = re.compile(r"^'s\s+(?=(?:allergic|a|an|the|from|in|at|based|vegan|vegetarian|married|\d)\b)")
_TRANSIENT = re.compile(
    r"^(?:am|is|are|feel|feels|was)\s+(?:so |very |really |a bit |kind of |kinda |pretty |super |quite |a little |too |not )*"
    r"(?:tired|sleepy|hungry|thirsty|bored|busy|sick|ill|fine|ok|okay|good|great|well|alright|happy|sad|excited|nervous|"
    r"stressed|confused|lost|back|here|ready|done|sorry|glad|curious|annoyed|angry|cold|hot|full|late|early|awake|home|sure)\b"
    r"(?:\s+(?:today|now|tonight|right now|this morning|at the moment))?$|"
    r"^(?:am|is) having an? (?:good|bad|great|rough|long|tough|busy|lazy) (?:day|week|morning|night)|^(?:am|is) in an? \w+ mood|"
    r"^(?:am|is) (?:at|in) (?:work|home|school|the office|the gym|a meeting|class|bed|the car)\b|^just \w+ed\b",
    I,
)
_META = re.compile(
    r"^(?:think|guess|suppose|mean|see|know|agree|wonder|was wondering|am wondering|want to (?:know|ask)|would like to (?:know|ask)|"
    r"need (?:help|you|to know|some help|advice)|am (?:asking|looking for|trying to find|curious)|have a question|just wanted|"
    r"hope|believe|understand|forgot|am not sure|do not know|cannot remember|would like you|want you|need you|got it|"
    r"would (?:like|love) (?:a|an|some|the)|could use)\b",
    I,
)
_TRAILING = re.compile(
    r"(?:,?\s+(?:btw|lol|haha+|tbh|honestly|though|tho|actually|fyi|lmao|for real|by the way|just so you know|if that matters|thank god|"
    r"thankfully|yay|woohoo|phew|finally|at last|at this point|by now|rn|fr|ngl|smh|istg|no cap|for sure|lowkey|"
    r"i swear|irl|if that matters(?: for [\w ]{1,30})?|if (?:that|it) helps|for context|for reference))+\s*$",
    I,
)
# A clause with no subject that still reads as the speaker's ("work at Initech", "living in
# Austin these days", "QA lead at Hooli now"): the subject is the user, implied.
_FRAGMENT = re.compile(
    r"^(?:work|working|worked|live|living|moved|moving|left|quit|joined|started|starting|teach|teaching|based|born|"
    r"grew up|raised|love|loving|hate|allergic|vegan|vegetarian|pescatarian|pescetarian|keto|paleo|married|engaged|"
    r"single|turned|turning|been|going by|"
    r"got|landed|made|still|now|currently|just|originally|from|back|retired|studying|doing|being|"
    r"lactose|gluten|celiac|coeliac|halal|kosher|dairy[ -]free|flexitarian|carnivore|fluent|bilingual|"
    r"conversational|native speaker|speak|speaking)\b|^[a-z][\w -]{1,20}\sallerg(?:y|ies)\b|"
    rf"^(?:[\w&-]+ ){{0,2}}(?:{'|'.join(sorted(EN_JOBS, key=len, reverse=True))}) (?:at|for|with|in) [A-Z]",
    I,
)
#: A fragment that is a job's name: the job word heads it, not a person in it ("QA lead at
#: Hooli", not "checked with my doctor").
_NAMES_A_JOB = re.compile(
    rf"^(?:(?!(?:my|his|her|our|their|your|the|with|to|for|at|by|from)\b)[\w&-]+ ){{0,3}}"
    rf"(?:{'|'.join(sorted(EN_JOBS, key=len, reverse=True))})\b",
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


# "I'm pretty sure I'm allergic to X": the statement inside is read, as a guess.
_HEDGE_LEAD = re.compile(
    r"^I am (?:pretty|fairly|quite|almost|reasonably|not (?:entirely|totally|100%)) sure (?:that )?(?=(?:I|my|we|our)\b)"
    # "the allergist says I'm not allergic to X", "my tests showed I'm…": what a doctor or a
    # test found is said as the user's own statement
    r"|^(?:my |the |our )?(?:doctor|doc|allergist|dermatologist|dentist|gp|vet|nurse|pediatrician|paediatrician|specialist|"
    r"cardiologist|blood ?work|blood test|allergy test|test|tests|results?)s? "
    r"(?:says?|said|confirmed|told me|tells me|showed|shows|came back saying)(?: that)? (?=(?:I|my|we|our)\b)",
    I,
)
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
        or first in _NOT_A_PERSON
        or relation_of(first)
        or ctx.state.entity_at(name, word_boundary=True)
    ):
        return None
    return [cand("name", name, ME, ctx.src)]


def _retract_topic(m, ctx):
    return [cand("*", p.span(m["x"], p.LIKE_STOP), ME, ctx.src, retract=True, correction=True)]


# Clause-level rules: the subject is not at the front ("call me Liz", "don't mention X again").
#: The handlers of lang/en/clause.toml's rules, by the name a rule gives as `handler`.
def _born_and_raised(m, ctx):
    """ "omaha born and raised, still here": the hometown, and the city too when still there."""
    where = p.place(m["x"].strip())
    if not where:
        return None
    out = [cand("hometown", where, ME, ctx.src)]
    return out + [cand("city", where, ME, ctx.src)] if m["still"] else out


_CLAUSE_HANDLERS: dict[str, Handler] = {
    "born_and_raised": _born_and_raised,
    "retract_topic": _retract_topic,
    "forget_that": lambda m, x: _forget(m["x"], x),
    "intro_here": _intro_here,
    "greeting_intro": _greeting_intro,
    "test_found": _test_found,
}


def pieces(text: str) -> list[str]:
    """What the English rules read, one piece at a time: emoji become full stops, then the shared
    splitter (`graphmem.gate.sentences.split`) cuts sentences; a piece of bare stops is dropped.
    English needs no second step: its clauses are cut inside `extract_sentence`."""
    text = EMOJI.sub(". ", text).replace(" . ", ". ")
    return [s for s in c.list_items(split_sentences(text), text) if s.strip(" .!?")]


def _forget(what: str, ctx: Ctx) -> list:
    """'forget that I like sushi': retract what the inner statement says."""
    inner, _, _ = _clause(what, ctx.state, None, False)
    inner = [replace(x, retract=True, correction=True) for x in inner if x.attribute not in ("note", "event")]
    return inner or [cand("*", p.span(what, p.LIKE_STOP), ME, ctx.src, retract=True, correction=True)]


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
    word = m["rel"] or m["rel2"] or m["rel3"]
    attr, qual = relation_of(word + (m["pl"] or "")) or ("friend", None)
    kind, role = entity_type(attr), qual or attr
    after = rest[m.end() :]
    if n := _REL_NAMED.match(after):
        return state.add(n["name"], kind, role), after[n.end() :], True, [link(attr, qual, n["name"], text)]
    n = _REL_APPOSITION.match(after)
    if n and n["name"].split()[0] not in EN_NOT_NAMES:
        subj = state.add(n["name"], kind, role)
        return subj, after[n.end() :].lstrip(" ,"), True, [link(attr, qual, n["name"], text)]
    n = _REL_IS_NAME.match(after)
    if n and n["name"].split()[0] not in EN_NOT_NAMES:
        state.add(n["name"], kind, role)
        return ME, "", True, [link(attr, qual, n["name"], text)]
    known = state.by_relation(qual) if qual else []
    subj = known[0] if len(known) == 1 else Subject(word.lower(), kind, role, named=False)
    state.mention(subj)
    return subj, _REL_IS.sub(" is ", after).strip(), True, []


def _subject(text: str, state: c.State, inherited: Subject | None):
    """(subject, predicate, explicit, links): who the clause is about, and the rest of it."""
    lead = _LEAD_TIME.match(text)
    rest = text[lead.end() :] if lead else text
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
    m = _NEW_PERSON.match(rest)  # "Priya on my team is vegan", "Marco can't handle spice"
    if (
        m
        and m["name"] not in EN_NOT_NAMES
        and m["name"] not in _NOT_A_PERSON
        and not c.is_place_en(m["name"])
        and not c.is_org_en(m["name"])
    ):
        subj = state.add(m["name"], "person", "colleague" if m["grp"] else None)
        links = [link("friend", "colleague", m["name"], text)] if m["grp"] else []
        return subj, _REL_IS.sub(" is ", rest[m.end() :]).strip(), True, links
    if (inherited is None or inherited.is_self) and _FRAGMENT.match(rest):  # "…, but living in Leeds now"
        return ME, rest, False, []
    if inherited is None and _NOT_STATE.match(rest):  # "not into Taylor Swift anymore"
        return ME, "am " + rest, False, []
    if inherited is not None and _VERBISH.match(rest):  # "... and works at a bank"
        return inherited, rest, False, []
    if inherited is not None and clauses_en.STATE_START.match(rest):  # "... and allergic to shellfish"
        return inherited, ("am " if inherited.is_self else "is ") + rest, False, []
    if inherited is None:  # "Moving day is this Saturday": a user's message is about the user
        return ME, rest, False, []
    return None, rest, False, []


_PAIR_SUBJECT = re.compile(
    r"^((?:me and )?(?!(?:I|i|we|so|but|then|also)\b)(?:[A-Z][\w-]*|[a-z][a-z-]*)) and (I|i|me)\b(?!')"
)
_NEW_PERSON = re.compile(
    r"^(?P<name>[A-Z][a-z]{1,15})(?:\s+(?:on|from|in) (?:my|our) (?P<grp>team|class|office|department|floor|group|squad|unit))?"
    r"(?=(?:'s|\s+(?:is|was|can|cannot|does|has|hates|loves|likes|works|lives|eats|drinks|prefers|never|always|just|also|"
    r"really|only|gets|got|will|would)\b))"
)
_NOT_A_PERSON = frozenset(
    "It This That These Those There Here They He She We You Everything Everyone Nothing Something Someone Today Tomorrow "
    "Yesterday Tonight Work Life Dinner Lunch Breakfast Traffic Weather Money Coffee Mom Dad Nobody Anyone Anybody Somebody Everybody Noone".split()
)
_HAPPENED = re.compile(
    r"\b(?:yesterday|last\s+(?:night|week|weekend|month|year|time|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday|summer|winter|spring|fall)|\w+\s+ago|earlier\s+today|went|was|were|had|did|"
    r"got|took|saw|met|visited|finished|bought|tried|attended|celebrated)\b",
    re.IGNORECASE,
)


def _fallback(clause: str, pred: str, ctx: Ctx, explicit: bool, remember: bool) -> list:
    """No pattern matched: an event if it is dated, a note if it is a statement about someone."""
    body = pred.strip(" .!")
    if not body or ((_TRANSIENT.match(body) or _META.match(body)) and not remember):
        return []
    possessive = body.lower().startswith("my ")
    weekly = nlp.RECUR in ctx.times or p.RECURRING.search(clause)
    if weekly and explicit and not possessive:
        return [cand("event", clause, ctx.subj, ctx.src, kind="fact")]
    # "my anniversary is on June 12" is a standing fact; "my flight is tomorrow" is an event.
    dated = p.RELATIVE.search(clause) if possessive else ctx.has_time
    if dated and not c.habitual(ctx, clause, p.HABIT) and (explicit or remember or ctx.subj.is_self):
        # Something that already happened is history, not a plan: it keeps a fact's half-life.
        return [cand("event", clause, ctx.subj, ctx.src, kind="fact" if _HAPPENED.search(clause) else None)]
    if (explicit or remember) and (len(body.split()) >= 2 or remember):
        return [cand("note", clause, ctx.subj, ctx.src)]
    return []


def _match(body: str, ctx: Ctx, *, fragment: bool) -> list:
    """The first predicate rule that yields; a fragment ("28", "software dev at Stripe",
    "living in Dublin") is also read as "am …" and "am a …"."""
    tries = [body]
    if fragment and body[:1].isupper() and body[1:2].islower():  # "Got a kitten" as "got a kitten"
        body = body[0].lower() + body[1:]
        tries.append(body)
    if fragment and not re.match(r"^(?:am|is|are|was|have|has)\b", body, I):
        rest = re.sub(r"^(?:been|being)\s+", "", body, flags=I)
        tries += [f"am {rest}", f"was {rest}"]
        if _NAMES_A_JOB.search(rest):  # "QA lead at Hooli", not "visited Denver"
            tries.append(f"am a {rest}")
        if re.search(
            r"\ballerg(?:y|ies)$", rest, I
        ):  # "sesame allergy", "and a bad shellfish allergy" in a list
            noun = re.sub(r"^(?:(?:and|also|plus|oh and)\s+)?(?:an?\s+)?", "", rest, flags=I)
            tries.append(f"have a {noun}")
        if m := re.match(r"^(?P<d>[a-z-]+)\s+(?:only|strictly|all the way|100%)$", rest, I):  # "halal only"
            tries.append(f"am {m['d']}")
    table = _pack(ctx.state).table("predicate")
    for b in tries:
        if got := table.first(b, ctx, ctx.state.trace):
            return got
    return []


def _frames(text: str, ctx: Ctx) -> list:
    """What the frame rules (lang/en/frames.toml) read in a whole clause: only asked when
    no clause or predicate rule yielded, so a frame shadows none of them."""
    return _pack(ctx.state).table("frames").first(text, ctx, ctx.state.trace) or []


def _pieces(body: str, ctx: Ctx) -> list:
    """A run-on self-introduction ("am Marcus, 28, software dev at Stripe, living in Dublin"):
    each comma piece is read on its own when the whole matched nothing."""
    out: list = []
    for piece in (_TRAILING.sub("", x).strip() for x in body.split(",")):
        # "…, like every meal": "like" opening a piece is the filler, not the verb
        if piece and not re.match(r"like\s", piece):
            # a piece with a shape of its own ("tulsa born and raised") before the predicates
            out += _pack(ctx.state).table("clause").first(piece, ctx) or _match(piece, ctx, fragment=True)
    return [x for x in out if x.attribute not in ("note", "event")]


def _clause(raw: str, state: c.State, inherited: Subject | None, remember: bool):
    said = _DISCOURSE.sub("", raw.strip()).strip(" .!")
    correction, old = False, None
    if m := fixes.CORRECTION.match(said):
        correction, said = True, said[m.end() :]
    if not said:
        return [], inherited, correction
    text = _HEDGE_LEAD.sub("", _TRAILING.sub("", clauses_en.expand(said)).strip(" .!"))
    if m := fixes.NOT_TAIL.search(text):  # "I'm from Iowa, not Ohio"
        old, text = m["old"].strip(), text[: m.start()]
    ctx = c.time_ctx(ME, raw, state, text, "en", p.TIME_RX)
    if got := _pack(state).table("clause").first(text, ctx, state.trace):
        return got, inherited, correction
    subj, pred, explicit, links = _subject(text, state, inherited)
    if subj is None:  # no subject the grammar knows: an idiom may still say something
        return _frames(text, ctx), inherited, correction
    ctx.subj = subj
    body = re.sub(
        r"^(?:also|just|still|now|currently|recently|actually|really|definitely)\s+(?!(?:at|with)\s)",
        "",
        pred,
        flags=I,
    )
    if m := re.match(r"^used to\s+|^(?:worked|lived)\b", body, I):
        ctx.past = True
        body = body[m.end() :] if body.lower().startswith("used") else body
    ctx.explicit = explicit
    out = _match(body, ctx, fragment=subj.is_self and not explicit and bool(_FRAGMENT.match(pred)))
    if subj.is_self and "," in body:  # more facts read piece by piece than whole: a run-on list
        pieces = _pieces(body, ctx)
        whole = {(x.attribute, x.value, x.retract) for x in out if x.attribute not in ("note", "event")}
        by_piece = {(x.attribute, x.value, x.retract) for x in pieces if x.attribute not in ("note", "event")}
        if len({x[0] for x in by_piece}) > len({x[0] for x in whole}) or (whole < by_piece):
            out = pieces
    if not out and not subj.is_self and "," in body:  # "Tom's a firefighter up north, crazy hours"
        out = [x for x in _match(body.split(",", 1)[0].strip(), ctx, fragment=False) if x.attribute != "note"]
    if ctx.past and out:  # "I used to love running": that liking is over; the history is a note
        gone = [replace(x, retract=True, correction=True) for x in out if x.attribute == "likes"]
        out = [*gone, cand("note", said, subj, raw)]
    if not out:  # the ordinary grammar found nothing: the frames (idioms) read the whole clause
        out = _frames(text, ctx)
        if any(x.subject != subj.name for x in out):
            return out, inherited, correction
    if not out and pred:
        out = _fallback(said, pred, ctx, explicit, remember)
    if old:
        fix = p.span(old, p.PLACE_STOP)
        out = [
            x if x.attribute in ("note", "event") else replace(x, replaces=x.replaces or fix, correction=True)
            for x in out
        ]
    subj = ctx.subj
    if out and not subj.is_self and not subj.named and not all(x.retract for x in out):
        attr, qual = relation_of(subj.name) or ("friend", None)
        # Unless a link of that relation is already made ("my daughter's name is Lily"); a link
        # to someone else (her husband as the user's brother-in-law) does not stand for hers.
        if not any(x.object_type and x.subject == c.SELF and x.attribute == attr for x in out):
            links.append(
                link(attr, qual, subj.name, raw)
            )  # "my daughter is allergic…": link "daughter" for now
    return links + out, subj, correction


_REMEMBER_CLAUSE = re.compile(
    r"(?:please\s+)?(?:remember (?:that|this)|note that|keep (?:that|this) in mind|save (?:that|this)|don't forget (?:that|this))",
    I,
)
_ASKS = re.compile(
    r"^(?:(?:please|pls|hey|ok|so)[, ]+)*(?:can you|could you|would you|will you|help me|tell me|show me|give me|translate|"
    r"explain|write|summari[sz]e|remind me how|let me know|find me|recommend)\b",
    I,
)
_SELF_REF = re.compile(r"\b(?:I|my|me|mine|we|our|us)\b", I)


def _substantive(clause: str) -> bool:
    """A clause with something to say: a few words, not a mood or a remark about the talk."""
    body = _DISCOURSE.sub("", clauses_en.expand(clause.strip())).strip(" .!?")
    body = re.sub(r"^(?:I|we|you)\s+", "", body, flags=I)
    return len(body.split()) >= 4 and not _TRANSIENT.match(body) and not _META.match(body)


@lru_cache(maxsize=1)
def _named_rx() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    rel = "|".join(re.escape(w) for w in relation_words("en"))
    name = r"(?P<name>(?-i:[A-Z][a-z][\w'-]*))(?![\w'-])"
    # "with my wife Dolores", "gf is Saoirse", "partner: Femi", "husband Luis," (a list item)
    said = re.compile(
        rf"(?:\b(?:my|our)\s+|(?:^|[,;:.]\s*|\band\s+))(?P<rel>{rel})(?:\s+(?:is|named|called)\s+|\s*[:=-]\s*|\s+)"
        + name,
        re.I,
    )
    # "a parrot named Captain", "one very fat cat named Tamal"
    pet = re.compile(
        rf"\b(?:a|an|one|our|my|this)\s+(?:[a-z]+\s+){{0,3}}?(?P<rel>{rel})\s+(?:named|called)\s+" + name,
        re.I,
    )
    # "then Mochi my bearded dragon escaped", "Ines, my little sister, …": the name said first
    first = re.compile(
        name
        + rf",?\s+(?:my|our)\s+(?:(?:little|baby|big|older|younger|old|new|sweet|crazy|lil)\s+)?(?P<rel>{rel})\b"
    )
    return said, pet, first


def _named_anywhere(s: str, out: list, state: c.State, sentence: str) -> list:
    """The user's people and pets named anywhere in the sentence, not only where a clause
    starts: "I live in akron with my wife Dolores and a parrot named Captain", a list's
    "husband Luis, 3 kids", "partner: Femi". Only those no clause has linked already."""
    linked = {str(x.value).lower() for x in out if x.object_type}
    found: list = []
    for rx in _named_rx():
        for m in rx.finditer(s):
            rel = relation_of(m["rel"])
            name = m["name"]
            if (
                not rel
                or name.lower() in linked
                or name in EN_NOT_NAMES
                or re.search(r"'(?:t|s|re|ve|ll|d|m)$", name, re.I)  # "wife Doesn't know"
                or c.is_place_en(name)
                or c.is_org_en(name)
            ):
                continue
            attribute, qual = rel
            state.add(name, entity_type(attribute), qual or attribute)
            linked.add(name.lower())
            found.append(link(attribute, qual, name, sentence))
    return c.builtin(found, "en", "named_anywhere") if found else []


_WHOSE_BRACKET = re.compile(r"(?P<name>\b[A-Z][\w'-]+)\s*\((?P<rel>(?:my|our) [a-z][a-z -]{1,30}?)\)")
_ASIDE_BRACKETS = re.compile(r"(?P<before>\w*)(?P<aside>\s*\((?=[a-z])(?P<inner>[^()]{0,80})(?:\)|$))")
_NAME_LIST = re.compile(r"^[a-z][a-z'-]*(?:\s*(?:,|and|&)\s*[a-z][a-z'-]*)*$")


def _aside_kept(m: re.Match[str]) -> str:
    """The bracket off, unless it names who was just spoken of ("two cats (mochi and kiwi)")."""
    lead = m["before"].lower()
    leads = normaliser("en").typos
    if (
        _NAME_LIST.match(m["inner"].strip())
        and leads is not None
        and (lead in leads.name_leads or lead.rstrip("s") in leads.name_leads or "and" in m["inner"])
    ):
        return m[0]
    return m["before"]


def _structured(found: list) -> bool:
    return any(x.attribute not in ("note", "event") for x in found)


def extract_sentence(sentence: str, state: c.State) -> list:
    said = sentence.strip().replace("’", "'")
    c.note_allergy_talk(state, said)
    state.sentence = said
    s = _DISCOURSE.sub("", said)
    hedge = c.hedged(said[: len(said) - len(s)])  # "Pretty sure we're moving to …": a guess
    s = _PAIR_SUBJECT.sub(r"\1 &and \2", s)  # "Jonas and I split up" is one clause
    remember = bool(_REMEMBER.match(s))
    s = _REMEMBER.sub("", s).strip()
    correction = bool(fixes.CORRECTION.match(s))
    s = fixes.CORRECTION.sub("", s).strip()
    # asides, fillers and slips of the cue words off, once the cues around them are read
    # (graphmem.lang.normalise); what was said stays the provenance (MessageReader)
    s = normalise(s, "en")
    # an aside in brackets ("my name is siobhan (pronounced shi-vawn, dont try lol), from
    # cork…") breaks the clause it stands in; one that opens with a lower-case word says how,
    # not who ("Ava (8)" and "my wife (Hana)" keep theirs)
    # "took Pickles (my lab) in": who the name is, said in brackets, becomes a clause of its own
    said_whose = [f"{m['name']} is {m['rel']}" for m in _WHOSE_BRACKET.finditer(s)]
    s = _WHOSE_BRACKET.sub(lambda m: m["name"], s)
    s = _ASIDE_BRACKETS.sub(_aside_kept, s).strip() or s
    if said_whose:
        s = "; ".join([s.rstrip(" .!"), *said_whose])
    if not s:
        return []
    if is_reply_style(clauses_en.expand(s)):
        style = c.builtin([cand("reply_style", s.strip(" .!"), ME, sentence)], "en", "reply_style")
        return c.finish(style, state.context, correction=False)
    out: list = []
    subj = None
    clauses = clauses_en.split(s)
    if any(_REMEMBER_CLAUSE.fullmatch(x.strip(" .!")) for x in clauses):  # "…, remember that"
        remember, clauses = True, [x for x in clauses if not _REMEMBER_CLAUSE.fullmatch(x.strip(" .!"))]
    unmatched = False
    for clause in clauses:
        got, subj, corr = _clause(clause.replace("&and", "and"), state, subj, remember)
        correction = correction or corr
        out.extend(got)
        unmatched = unmatched or (not got and _substantive(clause))
    if not _structured(out) and s.count(",") >= 1:
        # "philly born and raised, wooder ice loyalist, eagles til i die": chat strings
        # fragments with commas; each is read on its own when the whole says nothing, by
        # the clause rules and then the frames
        for piece in (x.strip(" .!") for x in s.split(",")):
            if piece and len(piece.split()) <= 12:
                got, _, _ = _clause(piece, state, None, remember)
                got = [x for x in got if x.attribute not in ("note", "event")]
                if not got:
                    got = _frames(piece, c.time_ctx(ME, piece, state, piece, "en", p.TIME_RX))
                out.extend(x for x in got if x.attribute not in ("note", "event"))
    out += _named_anywhere(s, out, state, sentence)
    request = bool(clauses) and bool(_ASKS.match(clauses[0].strip()))  # "can you translate this for me: …"
    # a sentence with no "I" in it is still the user's when a clause of it was read as theirs
    # ("currently at shopify but interviewing at stripe"): chat drops the subject
    read_as_own = any(x.subject == c.SELF and x.attribute not in ("note", "event") for x in out)
    about_self = remember or ((bool(_SELF_REF.search(clauses_en.expand(s))) or read_as_own) and not request)
    out = c.sentence_note(
        out, s.replace("&and", "and").strip(" .!"), unmatched=unmatched, about_self=about_self
    )
    bare = _TRAILING.sub("", clauses_en.expand(s).strip(" .!")).strip(" .!")  # "… not Northwind lol"
    # an "event" read off a date in it ("it's the 21st not the 12th") is no reading of a
    # correction either: a correction naming a value on record wins over it
    if not [x for x in out if x.attribute not in ("note", "event")]:
        out = c.builtin(fixes.bare(state.context, bare, sentence), "en", "bare_correction") or out
    return c.finish(
        c.builtin(frames.with_org_alias(out), "en"), state.context, correction=correction, hedge=hedge
    )


#: The English pack (graphmem/lang/en), its rules bound to their handlers here and in the
#: pattern modules.
PACK = load_pack(
    "en",
    merge_handlers(
        p.HANDLERS,
        life.PREDICATE_HANDLERS,
        _CLAUSE_HANDLERS,
        life.CLAUSE_HANDLERS,
        contrasts.HANDLERS["en"],
        fragments.HANDLERS["en"],
        turns.HANDLERS,
        changes.EN_HANDLERS,
        frames.EN_HANDLERS,
    ),
    {"DIET": p.DIET, "LANG": p.LANG},
)


def _pack(state: c.State) -> Pack:
    return state.packs.get("en") or PACK
