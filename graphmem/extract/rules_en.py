"""English rules. A sentence is cut into clauses, contractions are expanded, each clause
becomes (subject, predicate), and the predicate is read by the ordered rules of the English
language pack (graphmem/lang/en/predicate.toml; clause.toml is tried on the whole clause first). Unmatched statements about the user or someone they know become events
(when dated) or notes; everything else is left for `ignored`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from graphmem.extract import (
    changes,
    clause_handlers_en,
    clauses_en,
    contrasts,
    fragments,
    frames,
    mentions_en,
    nlp,
    post_pass,
    schools,
    subjects_en,
    turns,
)
from graphmem.extract import common as c
from graphmem.extract import corrections_en as fixes
from graphmem.extract import patterns_en as p
from graphmem.extract import patterns_en_life as life
from graphmem.extract import patterns_en_work as work
from graphmem.extract.common import ME, Ctx, Subject, cand, link
from graphmem.extract.lexicon import EN_JOBS
from graphmem.extract.pieces_en import pieces  # noqa: F401 - the extractor reads a language's pieces here
from graphmem.extract.relations import relation_of
from graphmem.extract.reply_style_en import is_reply_style
from graphmem.lang import Handler, Pack, load_pack, merge_handlers
from graphmem.lang.normalise import normalise

I = re.I  # noqa: E741
_DISCOURSE = re.compile(
    r"^(?:(?:oh|ok|okay|well|so|also|and|but|btw|by the way|fyi|just so you know|for the record|anyway|plus|besides|"
    r"honestly|to be honest|fun fact|hey|hi|hello|um|uh|yeah|yes|oh and|ah|turns out|it turns out|good news|big news|"
    r"(?:ok |okay )?(?:life )?update|quick thing|small thing|one more thing|(?:ok |okay )?confession|news|guess what|"
    r"long story short|so yeah|lol|ugh|wow|pretty sure|fairly sure|I think|I guess|probably|maybe|perhaps|"
    # chat shorthand in front of a statement
    r"fwiw|tbh|tbf|ngl|imo|imho|iirc|afaik|jsyk|lowkey|omg|hmm+|eh|meh|welp|heads up|real talk|not gonna lie|plot twist|now(?=\s+(?:I|i|im|we|my|our)\b))\b[,:!]?\s*)+",
    I,
)
_REMEMBER = re.compile(
    r"^(?:please\s+)?(?:remember|do not forget|don't forget|dont forget|keep in mind|note|make a note|take note|"
    r"for future reference)\b(?: (?:this|that)\b)?[:,]?\s*(?:that\s+)?",
    I,
)
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
#: A fragment that is a job's name: the job word heads it, not a person in it ("QA lead at
#: Hooli", not "checked with my doctor").
_NAMES_A_JOB = re.compile(
    rf"^(?:(?!(?:my|his|her|our|their|your|the|with|to|for|at|by|from)\b)[\w&-]+ ){{0,3}}"
    rf"(?:{'|'.join(sorted(EN_JOBS, key=len, reverse=True))})\b",
    I,
)


# "I'm pretty sure I'm allergic to X": the statement inside is read, as a guess.
_HEDGE_LEAD = re.compile(
    r"^I am (?:pretty|fairly|quite|almost|reasonably|not (?:entirely|totally|100%)) sure (?:that )?(?=(?:I|my|we|our)\b)"
    # "the allergist says I'm not allergic to X", "my tests showed I'm…": what a doctor or a
    # test found is said as the user's own statement
    r"|^(?:my |the |our )?(?:doctor|doc|allergist|dermatologist|dentist|gp|vet|nurse|pediatrician|paediatrician|specialist|"
    r"cardiologist|blood ?work|blood test|allergy test|test|tests|results?)s? "
    r"(?:says?|said|confirmed|told me|tells me|showed|shows|came back saying)(?: that)? (?=(?:I|my|we|our)\b)"
    # "the guy asks what I do, I say I'm a nurse at …": what the user told someone of themselves
    r"|^(?:and |so )?I (?:say|said|tell|told|answer|answered|reply|replied)(?: (?:him|her|them|the \w+|everyone|people))?"
    r"(?: that)? (?=I am |I work |I was |I have been )",
    I,
)
#: The handlers of lang/en/clause.toml's rules: those of graphmem.extract.clause_handlers_en,
#: and the one that reads the inner statement again.
_CLAUSE_HANDLERS: dict[str, Handler] = {
    **clause_handlers_en.HANDLERS,
    "forget_that": lambda m, x: _forget(m["x"], x),
}


def _forget(what: str, ctx: Ctx) -> list:
    """'forget that I like sushi': retract what the inner statement says."""
    inner, _, _ = _clause(what, ctx.state, None, False)
    inner = [replace(x, retract=True, correction=True) for x in inner if x.attribute not in ("note", "event")]
    return inner or [cand("*", p.span(what, p.LIKE_STOP), ME, ctx.src, retract=True, correction=True)]


_PAIR_SUBJECT = re.compile(
    r"^((?i:(?:ever\s+)?since\s+|now that\s+|after\s+)?(?:me and )?(?!(?:I|i|we|so|but|then|also)\b)"
    r"(?:[A-Z][\w-]*|[a-z][a-z-]*)) and (I|i|me)\b(?!')"
)
_HAPPENED = re.compile(
    r"\b(?:yesterday|last\s+(?:night|week|weekend|month|year|time|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday|summer|winter|spring|fall)|\w+\s+ago|earlier\s+today|went|was|were|had|did|"
    r"got|took|saw|met|visited|finished|bought|tried|attended|celebrated)\b",
    re.IGNORECASE,
)


#: A clause about a thing, its subject said with "the" or "our" ("the car inspection is …", "our
#: lease is up …"): when a word of it names a person ("the kids are …") it is about them.
_THING_SUBJECT = re.compile(
    r"(?:the|our)\s+(?P<thing>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?:is|are|was|were)\b", re.I
)


#: A weekday said as the one a habit falls on: a span of weekdays ("monday to friday"), or the
#: day of a chore, a favourite or the week's best ("trash day is tuesday", "the best day is saturday").
_WEEKDAY_OF_A_HABIT = re.compile(
    r"\b" + p.WD + r"\s*(?:to|through|thru|till|til|until|-|–)\s*" + p.WD + r"\b"
    r"|\b(?:best|worst|fave|fav|favou?rite|only|busiest|quietest|trash|garbage|bin|recycling|laundry|cleaning"
    r"|pay|cheat|leg|rest|market|chore|shopping|grocery)\s+(?:day|night)s?\s+(?:is|are|'s)\s+(?:on\s+)?(?:a\s+)?"
    + p.WD
    + r"\b",
    re.I,
)


#: A plan named with no article, then its day ("parent teacher night is thursday", "book club
#: is the 24th"): the user's. Not a pronoun, a person's (possessive) or the user's own standing
#: day ("my anniversary is …"), nor what today is.
_PLAN_ON_A_DAY = re.compile(
    r"^(?!(?:I|it|this|that|he|she|they|we|you|u|there|here|what|who|which|today|tonight|tomorrow|yesterday|my|his|her"
    r"|their|its|everything|nothing|everyone|someone|life)\b)[a-z][\w/&-]*(?:\s+[\w/&-]+){0,4}?"
    r"\s+(?:is|are)\s+(?:on\s+|this\s+(?:coming\s+)?|next\s+)?"
    r"(?:"
    + p.WD
    + r"|tomorrow|tmrw|tonight|the\s+day\s+after\s+tomorrow|the\s+\d{1,2}(?:st|nd|rd|th)|"
    + p.MON
    + r"\.?\s+\d|in\s+\w+\s+(?:days?|weeks?))\b",
    re.I,
)


#: Someone who does a service for the user, said as "the …" ("the landlord", "our plumber").
_SERVES_ME = re.compile(
    r"^(?:(?:also|and|but|so|oh|unrelated|btw|anyway|update|finally)[\s,:]+)*(?:the|our|my)\s+"
    r"(?:landlord|landlady|super|plumber|electrician|mechanic|contractor|handyman|repairman|repair guy|cable guy|"
    r"movers?|property manager|building manager|exterminator|locksmith|roofer|cleaners?|gardener|"
    r"insurance company|insurance|bank|airline|hoa)\b",
    re.I,
)


def _thing_subject(text: str) -> bool:
    m = _THING_SUBJECT.match(text)
    return m is not None and not any(relation_of(w.lower()) for w in m["thing"].split())


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


#: A word one calls the listener by, said alone between marks ("…, lady, …", "…, man.").
_ADDRESS = re.compile(
    r"(?:lady|man|girl|guy|dude|sir|ma'?am|mate|bro|sis|honey|hon|sweetie|darling|babe|woman|buddy|pal|kid|son|folks)",
    I,
)
_ADVERB_BEFORE_ING = re.compile(r"^(?:(?:now|officially|finally|happily|proudly|already)\s+)+(?=\w+ing\b)", I)


def _match(body: str, ctx: Ctx, *, fragment: bool) -> list:
    """The first predicate rule that yields; a fragment ("28", "software dev at Stripe",
    "living in Dublin") is also read as "am …" and "am a …"."""
    tries = [body]
    if fragment and body[:1].isupper() and body[1:2].islower():  # "Got a kitten" as "got a kitten"
        body = body[0].lower() + body[1:]
        tries.append(body)
    if fragment and _ADDRESS.fullmatch(body.strip(" ,.!?")):
        return []  # "I retired, lady, I …": the listener called, no word of the speaker's
    if fragment and not re.match(r"^(?:am|is|are|was|have|has)\b", body, I):
        # "been working at …"; "officially living in Chicago": how it is said goes before the verb
        rest = _ADVERB_BEFORE_ING.sub("", re.sub(r"^(?:been|being)\s+", "", body, flags=I))
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


_DANGLING = re.compile(r"\s+(?:and|but|so|or|because|cause|bc)\s*$", I)


def _clause(raw: str, state: c.State, inherited: Subject | None, remember: bool):
    said = _DISCOURSE.sub("", raw.strip()).strip(" .!")
    said = _DANGLING.sub("", said)  # "I switched to matcha and… can't stand coffee": cut at the dots
    correction, old = False, None
    if m := fixes.CORRECTION.match(said):
        correction, said = True, said[m.end() :]
    if not said:
        return [], inherited, correction
    text = _HEDGE_LEAD.sub("", _TRAILING.sub("", clauses_en.expand(said)).strip(" .!"))
    if m := fixes.NOT_TAIL.search(text):  # "I'm from Iowa, not Ohio"
        old, text = m["old"].strip(), text[: m.start()]
    ctx = c.time_ctx(ME, raw, state, text, "en", p.TIME_RX)
    if ctx.has_time and (week := _WEEKDAY_OF_A_HABIT.search(text)):
        # "trash day is tuesday", "work is monday to friday": which weekday a habit falls on,
        # no day of its own (a day said besides it still is one)
        ctx.has_time = bool(p.TIME_RX.search(text[: week.start()] + " " + text[week.end() :]))
    if got := _pack(state).table("clause").first(text, ctx, state.trace):
        return got, inherited, correction
    if (
        ctx.has_time
        and (_thing_subject(text) or (_SERVES_ME.match(text) and _HAPPENED.search(text)))
        and not c.habitual(ctx, text, p.HABIT)
    ):
        # "…, and the passport appointment is 10 days from today": a dated thing of the
        # user's, whoever the clause before was about; "the landlord finally fixed the heater
        # three days ago": what someone did for the user, on a day, is the user's memory
        return [cand("event", said, ME, raw)], inherited, correction
    if ctx.has_time and _PLAN_ON_A_DAY.match(text) and not c.habitual(ctx, text, p.HABIT):
        # "parent teacher night is thursday", "book club's the 24th": a plan named bare, and its day
        return [cand("event", said, ME, raw)], inherited, correction
    subj, pred, explicit, links = subjects_en.subject(text, state, inherited)
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
    out = _match(body, ctx, fragment=subj.is_self and not explicit and bool(subjects_en.FRAGMENT.match(pred)))
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


def _structured(found: list) -> bool:
    return any(x.attribute not in ("note", "event") for x in found)


_PARTS = re.compile(r"\s*[—–]\s*|\s+-\s+|[,，]\s*")
#: A clause that opens with a Chinese subject and goes on in Chinese ("我在 X 写 firmware").
_CHINESE_STATEMENT = re.compile(r"^(?:我|我们|我老公|我老婆|我妈|我爸)[\u4e00-\u9fff]")


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
    s = normalise(subjects_en.chat_lead(s), "en")  # "kid update: Lily's …" is about the kid Lily
    s = mentions_en.without_brackets(s)
    if not s:
        return []
    if is_reply_style(clauses_en.expand(s)):
        style = c.builtin([cand("reply_style", s.strip(" .!"), ME, sentence)], "en", "reply_style")
        return post_pass.finish(style, state.context, correction=False)
    out: list = []
    subj = None
    clauses = clauses_en.split(s)
    if any(_REMEMBER_CLAUSE.fullmatch(x.strip(" .!")) for x in clauses):  # "…, remember that"
        remember, clauses = True, [x for x in clauses if not _REMEMBER_CLAUSE.fullmatch(x.strip(" .!"))]
    unmatched = False
    for clause in clauses:
        parts = _PARTS.split(clause)
        chinese = [x.strip() for x in parts if _CHINESE_STATEMENT.match(x.strip())]
        if chinese:
            # "…drowning at work rn — 我在 Dunmore Robotics 写 firmware": a part typed in Chinese
            # inside English is read by the Chinese rules, the rest by these
            from graphmem.extract import rules_zh

            for part in chinese:
                out.extend(rules_zh.extract_sentence(part, state))
            clause = ", ".join(x for x in parts if x.strip() not in chinese)
            if not clause.strip(" ,"):
                continue
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
    out += mentions_en.named_anywhere(s, out, state, sentence)
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
    return post_pass.finish(
        c.builtin(frames.with_org_alias(out), "en"), state.context, correction=correction, hedge=hedge
    )


#: The English pack (graphmem/lang/en), its rules bound to their handlers here and in the
#: pattern modules.
PACK = load_pack(
    "en",
    merge_handlers(
        p.HANDLERS,
        work.HANDLERS,
        life.PREDICATE_HANDLERS,
        schools.HANDLERS["en"],
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
