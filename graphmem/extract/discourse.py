"""The discourse around a statement: the talk people wrap a fact in, and the cues that say
it corrects or changes what was said before.

    "hmm ok to be precise I'm 34 now, birthday was last week haha"
    "wait no, my bad, shellfish is fine, it's sesame that I react to"
    "omg guess what, they made me charge nurse!!! 🎉"       "严格来说我是合伙人律师哈"

A `MessageReader` reads one message's pieces in order. For each it peels the fillers and
interjections around the statement (lol, omg, guess what, 哈, 啦, emoji) and the precision and
retraction cues (to be precise, wait no, 严格来说, 说错了), so the language rules read the
statement itself; it notes the cues it found, anywhere in the piece (and a piece that is only
a cue, "不对不对。", carries its cue to the pieces after it); and it adds the readings that
only the cues make sound: taste turns (graphmem.extract.turns), contrasts with a stored value
(graphmem.extract.contrasts), titles and ages said by what happened (graphmem.extract.changes),
each read by a table of the language's pack, so its candidates carry the id of the rule that
made them. The cue words are pack data too (graphmem/lang/<language>/cues.toml).

The candidates of a cued piece are flagged as corrections with the cue that made them one
("correction": the user fixes what they said; "change": what held has changed), which
arbitration names in the audit record. A reading the rules already hold as weak (a hedge, a
guess) is never flagged: it still cannot overwrite what the user stated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Protocol

from graphmem.extract import allergy_tests, changes, contrasts, cues, post_pass, turns
from graphmem.extract.common import EMOJI, Said, State, active_values, builtin
from graphmem.extract.lexicon import DIET_REGIMES
from graphmem.extract.protocol import ExtractContext
from graphmem.lang import Pack, values
from graphmem.lang.normalise import normalise
from graphmem.model import SELF, Candidate, Fact

#: Below this an extractor's own confidence marks a guess (common.HEDGED_CONFIDENCE is one);
#: the same line arbitration draws (graphmem.write.arbitrate.GUARD), which this layer sits under.
_SURE = 0.8
CORRECTION = "explicit_correction"  # the audit rule corrections always had
CHANGE = "change"
_PEEL = ("opener", "filler", "precision", "retraction")
_REPEATED_MARKS = re.compile(r"([!?！？.。~～])\1+")
_EMOJI_INSIDE_ZH = re.compile(rf"(?<=[\u4e00-\u9fff])(?:{EMOJI.pattern})+(?=叫|名叫|才|今年|已经)")
_FREE_TEXT = ("note", "event", "reply_style")


def _as_said(clause: str, piece: str) -> str:
    """Where a clause read from its normalised words ("then dinner with jake next tuesday")
    stands in the piece as said ("…, then dinner w/ jake next tuesday"): from its first words
    to its last ones, so its provenance (and the day it names) is its own, not the whole
    piece's; the piece when they are not found in that order."""
    words = clause.split()
    if len(words) < 4:
        return piece
    for n in (3, 2):
        head, tail = " ".join(words[:n]), " ".join(words[-n:])
        start = piece.find(head)
        end = piece.find(tail, start + len(head)) if start >= 0 else -1
        if start >= 0 and end >= 0 and piece.find(head, start + 1) < 0:
            return piece[start : end + len(tail)]
    return piece


class SentenceRules(Protocol):
    PACK: Pack

    def extract_sentence(self, sentence: str, state: State) -> list: ...


@dataclass(frozen=True)
class Reading:
    """One piece with its talk taken off: the statement, and the cue it carries (or None)."""

    statement: str
    cue: str | None
    only_cue: bool  # the piece said nothing but cues and fillers ("wait no", "哦不对")
    cues: tuple[str, ...] = ()  # the ids of the cues found (graphmem/lang/<language>/cues.toml)


#: A star right before the first word: what follows puts the last message's slip right. Not a
#: list bullet ("* I moved …", a space after it) nor emphasis ("*so* tired", a star closing it).
_STAR_FIX = re.compile(r"^\*(?=[\w\u4e00-\u9fff])(?![^*]*\*)")


def read(piece: str, lang: str) -> Reading:
    """The statement of `piece` and its cue."""
    # an emoji between two Chinese words stands for its word ("小柯基🐶叫芝麻糊"): no break there
    text = _REPEATED_MARKS.sub(r"\1", EMOJI.sub(" ", _EMOJI_INSIDE_ZH.sub("", piece))).strip()
    peeled: set[str] = set()
    if m := _STAR_FIX.match(text):  # "*Boston", "*杭州": chat's mark for a slip put right
        peeled.add("retraction")
        text = text[m.end() :]
    lead = cues.lead_rx(lang, _PEEL)
    vocative = cues.vocative_lead_rx(lang)
    while text:
        if (m := lead.match(text)) and m.end() > 0:
            peeled |= {k for k in _PEEL if m.group(k)}
        elif m := vocative.match(text):  # "dude, …", "老铁我…": the listener, no part of it
            peeled.add("vocative")
        else:
            break
        text = text[m.end() :]
    tail, vocative_tail = cues.tail_rx(lang), cues.vocative_tail_rx(lang)
    retraction_tail, precision_tail = cues.retraction_tail_rx(lang), cues.precision_tail_rx(lang)
    while text:  # "… lol bro", "…啊兄弟哈哈", "…, my bad": talk after the statement, in any order
        if tail.search(text):
            peeled.add("filler")
            text = tail.sub("", text).strip()
        elif vocative_tail.search(text):
            peeled.add("vocative")
            text = vocative_tail.sub("", text).strip()
        elif m := retraction_tail.search(text):  # at the start: the piece is the slip owned up to
            peeled.add("retraction")
            text = text[: m.start()].strip()
        elif (m := precision_tail.search(text)) and m.start() > 0:  # "42 actually", "成都才对"
            peeled.add("precision")
            text = text[: m.start()].strip()
        else:
            break
    found = [k for k in (*_PEEL, "vocative") if k in peeled]
    inner, cut = cues.inner_rx(lang).subn(" " if lang == "en" else "", text)
    if lang == "en" and cut:  # "so technically pescatarian": the words around it stay apart
        inner = re.sub(r"\s+([,.!?])", r"\1", re.sub(r"\s{2,}", " ", inner))
    if cut:  # "I'm technically 41": a precision cue inside the statement
        peeled.add("precision")
        found.append("inner_precision" if lang == "en" else "precision")
    text = inner.strip(" ,") if lang == "en" else inner.strip("，, ")
    said = text or piece
    if cues.words_rx(lang, "retraction").search(text):
        found.append("retraction")
    if peeled & {"precision", "retraction"} or "retraction" in found:
        cue: str | None = CORRECTION
    elif cues.words_rx(lang, "change").search(said):
        cue = CHANGE
        found.append("change")
    else:
        cue = None
    ids = tuple(dict.fromkeys(cues.cue_id(lang, k) for k in found))
    return Reading(text, cue, only_cue=not text and cue == CORRECTION, cues=ids)


def _structured(found: list[Candidate]) -> int:
    return sum(1 for c in found if c.attribute not in _FREE_TEXT)


def _weak(c: Candidate) -> bool:
    return c.source == "model_inferred" or (c.confidence is not None and c.confidence < _SURE)


_ADDITIVE = re.compile(
    r"\b(?:also|too|as well|another|plus|additionally|on top of)\b|也|还有|另外|同时", re.I
)


def flag(found: list[Candidate], cue: str, context: ExtractContext | None = None) -> list[Candidate]:
    """Mark the candidates of a cued piece as corrections, with the cue that makes them one;
    a weak reading (a hedge, a guess) stays what it is. An explicit correction of a thing
    ("scratch that, it's sulfa drugs I'm allergic to") replaces the one value on record of
    that attribute, many-valued as it is."""
    out = []
    for c in found:
        if c.attribute in _FREE_TEXT or _weak(c):
            out.append(c)
        elif c.cue is None:
            c = replace(c, correction=True, cue=cue)
            additive = _ADDITIVE.search(c.source_text or "")  # "actually I'm also allergic to bees"
            if (
                cue == CORRECTION
                and context is not None
                and c.replaces is None
                and not c.retract
                and not additive
            ):
                on_record = active_values(context, c.attribute) if values.is_thing(c.attribute) else []
                if c.subject == SELF and len(on_record) == 1 and on_record[0].lower() != c.value.lower():
                    c = replace(c, replaces=on_record[0])
            out.append(c)
        else:
            out.append(c)
    return out


#: A piece that denies a value and names no other ("it was never the shellfish"): what the
#: next piece of the message may complete with the value that holds instead.
_DENIAL = re.compile(
    r"(?:\bit'?s\s+|\bit\s+(?:is|was)\s+)?\b(?:not|never|wasn't|isn't|wasnt|isnt)\s+(?:the\s+|even\s+the\s+)?\w"
    r"|(?:并|根本|其实)?不是"
    # "跟芒果没半毛钱关系": nothing to do with it
    r"|(?:跟|和|与)[^，,。！!？?]{1,12}?(?:没|没有|毫无)(?:半毛钱|一毛钱|一点|半点|任何|啥|什么)?(?:都|也)?(?:没有?)?关系",
    re.I,
)


#: The new value said after a denial in the same piece ("…, it's sesame").
_NEW_AFTER = re.compile(
    r"[,;，；]\s*(?:it'?s|its|it is|it was|the (?:real )?(?:culprit|problem|trigger)|是)", re.I
)


#: A piece that says a value is harmless and names no other ("ibuprofen's fine"), for the same.
_HARMLESS = re.compile(
    r"(?:'s|\b(?:is|are|was|were))\s+(?:\w+\s+)?(?:fine|ok|okay|alright|safe|no problem)$"
    r"|(?:没事|没问题|不过敏|可以吃|能吃)(?:的|啦|了)?$",
    re.I,
)


#: A denial whose object only says "the problem" ("X was never the problem / the issue"): what is
#: denied is the subject before it.
_DENIED_BEFORE = re.compile(
    r"never\s+(?:the|really the|actually the)\s+(?:problem|issue|culprit|trigger|cause)\b", re.I
)
#: Where the clause holding the denial starts.
_CLAUSE_START = re.compile(r"[,;，；]\s*|\b(?:and|but|so|apparently|turns out|actually)\s+", re.I)


def _denial(statement: str) -> str | None:
    """The denial in the piece, from where it starts ("… and it was never the shellfish"), or
    the whole piece when it says a value is harmless."""
    s = statement.strip(" ?？!！.。~～")
    m = _DENIAL.search(s)
    if m and _DENIED_BEFORE.match(s, m.start()):
        # "apparently penicillin was never the problem": what is denied stands before the denial
        start = max((b.end() for b in _CLAUSE_START.finditer(s, 0, m.start())), default=0)
        m = None if len(s) - start > 60 else m
        return s[start:].strip() if m else None
    if m and len(s) - m.start() <= 60:
        return s[m.start() :]
    return s if len(s) <= 60 and _HARMLESS.search(s) else None


class MessageReader:
    """Reads the pieces of one message in order, carrying a bare cue ("不对。") to what follows."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.pending: str | None = None  # a cue said on its own, for the next piece
        self.promotion_news = False  # the last piece said the user was promoted, with no title
        self.denied: str | None = None  # the last piece said "it was never X", with no new value
        self.before: str = ""  # the statement of the piece before this one
        self.unread: str = ""  # the piece before this one, when nothing of it was read
        self.turned_away = False  # a piece of this message turned away from a taste
        self.tested = False  # a piece of this message talked of an allergy test
        self.test_cleared = False  # a piece of this message read a test's result that cleared an allergy
        self.just_cleared: list[Fact] = []  # the allergies on record the piece before this one cleared

    def read(self, piece: str, lang: str, rules: SentenceRules) -> list[Candidate]:
        reading = read(piece, lang)
        if self.state.trace is not None:
            for cue_id in reading.cues:
                self.state.trace.step(cue_id, "cue")
        if reading.only_cue:
            if self.unread:  # "蓝鲨。上一条手滑打错字了": the value alone, its slip owned up to after it
                said, self.unread = self.unread, ""
                if got := self._bare_value(said, f"{said} {piece}", lang):
                    return got
            self.pending = reading.cue
            return []
        state = self.state
        found: list[Candidate] = []
        if reading.statement != piece.strip():
            found = rules.extract_sentence(reading.statement, state)
        if not _structured(found) and (reading.cue or self.pending) == CORRECTION:
            # "Boulder actually, my bad", "我是说主治医师": the new value alone, for the fact of
            # its kind on record (before the whole piece is read with its cue as words)
            found = self._bare_value(reading.statement, piece, lang) or found
        if not _structured(found):
            plain = rules.extract_sentence(piece, state)
            found = plain if _structured(plain) or not found else found
        # what was said stays the provenance: a clause read without its talk points at the piece
        found = [
            c
            if c.source_text and c.source_text in piece
            else replace(c, source_text=_as_said(c.source_text, piece))
            for c in found
        ]
        cue = reading.cue or self.pending
        self.pending = None
        statement = reading.statement or piece
        extra = post_pass.values_cut(self._readings(statement, piece, lang, rules, found))
        titled = any(c.attribute == "job_title" for c in [*found, *extra])
        if self.promotion_news and not titled:
            # "GOT PROMOTED. senior analyst baby": the title said alone after the news
            extra = extra or changes.title_after_news(statement, Said(state.context, piece, lang))
            titled = bool(extra)
        if not titled and changes.announces_promotion(piece, lang):
            # "从这周起我正式管整个门店了，店长！": the title alone in the news's own last clause
            last = [p for p in re.split(r"[,;，；]", statement) if p.strip()]
            if len(last) > 1:
                extra = extra or changes.title_after_news(last[-1], Said(state.context, piece, lang))
                titled = bool(extra)
        # the news holds for the rest of the message until a title is said
        # so does a new workplace said without its title ("i start at Redbird next monday!!")
        new_job = any(c.attribute == "employer" and c.rule.endswith(".joined") for c in found)
        self.promotion_news = (
            self.promotion_news or changes.announces_promotion(piece, lang) or new_job
        ) and not titled
        if extra:
            found = (
                [*extra, *turns.without_overlap(found, extra)]
                if any(c.attribute in ("likes", "dislikes") for c in extra)
                else [
                    *extra,
                    *(c for c in found if c.attribute not in _FREE_TEXT and not _replaced(c, extra)),
                ]
            )
        found = flag(found, cue, state.context) if cue else found
        self.unread = "" if _structured(found) else statement
        return one_regime(found, state.context)

    def _bare_value(self, statement: str, piece: str, lang: str) -> list[Candidate]:
        said = Said(self.state.context, piece, lang)
        return builtin(contrasts.bare_value_corrected(statement, said), lang, "bare_value_corrected")

    def _test_result(self, statement: str, piece: str, lang: str, said: Said) -> list[Candidate]:
        """An allergy test's result, clause by clause ("shellfish came back clean, kiwi still lit
        up"): the allergies on record it cleared, taken back, and what it found."""
        self.tested = self.tested or allergy_tests.test_talk(piece, lang)
        got = (
            allergy_tests.read(
                statement,
                said,
                said.reread,
                tested=self.tested,
                reported=self.test_cleared,
                cleared_before=self.just_cleared,
            )
            if said.reread is not None
            else []
        )
        if not got:
            self.just_cleared = []
            return []
        self.just_cleared = [
            f
            for f in said.context.active_facts
            if f.attribute == "allergy" and any(c.retract and c.value == str(f.value) for c in got)
        ]
        self.before, self.denied = statement, None
        self.test_cleared = self.test_cleared or bool(self.just_cleared)
        return [replace(c, cue=CORRECTION) for c in builtin(got, lang, "allergy_test")]

    def _readings(
        self, statement: str, piece: str, lang: str, rules: SentenceRules, found: list[Candidate]
    ) -> list[Candidate]:
        """What the cues make of the statement besides the rules' reading: a contrast with a
        stored value, a taste turn, a title or an age said by what happened. Each is read by
        a table of the language's pack (contrast, turn, promotion, age), whose rule ids its
        candidates carry."""
        state = self.state
        pack = state.packs.get(lang) or rules.PACK
        said = Said(state.context, piece, lang, reread=lambda clause: _reread(rules, state, clause))
        tested = self._test_result(statement, piece, lang, said)
        if tested:
            return tested
        got = pack.table("contrast").first(statement, said, state.trace)
        m = _DENIAL.search(statement)
        said_of_it = m is not None and re.match(r"it|never|不是|并不是|根本不是", m[0], re.I) is not None
        if not got and m and said_of_it and m.start() > 0 and (new := _NEW_AFTER.search(statement, m.end())):
            # "did the panel and turns out its not shellfish at all, its sesame": from the denial on
            got = pack.table("contrast").first(statement[m.start() :].strip(" ?？!！.。"), said, state.trace)
            if not got:  # "…不是青霉素，是头孢，几十年都记岔了…": to the end of the new value's clause
                end = new.end() + _clause_end(statement[new.end() :])
                got = pack.table("contrast").first(
                    statement[m.start() : end].strip(" ?？!！.。"), said, state.trace
                )
        if not got and self.denied:
            # "it was never the shellfish?? it's sesame": the old value and the new one in two pieces
            got = pack.table("contrast").first(
                f"{self.denied}, {statement.strip(' .!?。！？')}", said, state.trace
            )
        if not got and m is not None and m.start() == 0 and self.before:
            # "是飞镖🎯不是飞盘": the new value said first, the denial in the piece after it
            got = pack.table("contrast").first(
                f"{self.before.strip(' .!?。！？')}, {statement[: _clause_end(statement)]}", said, state.trace
            )
        self.before = statement
        # a denial that only took the old value back ("aspirin was never the problem?!") may
        # have its new value in the next piece ("it's ibuprofen")
        self.denied = None if got and any(not c.retract for c in got) else _denial(statement)
        if got:
            return [replace(c, cue=CORRECTION) for c in got]
        # what it is now may come a sentence after the turn away ("can't do sushi anymore. …
        # ramen every day"): a turn away earlier in the message counts
        got, away = turns.turn_candidates(
            statement, lang, rules, state, pack.table("turn"), self.turned_away, read=found
        )
        self.turned_away = self.turned_away or away
        if got:
            return got
        if not any(c.attribute == "job_title" for c in found):
            # the whole statement, else one of its clauses ("the new gig slaps, im head brewer now")
            for clause in _clauses_of(statement):
                got = pack.table("promotion").first(clause, said, state.trace)
                if not got and (plain := normalise(clause, lang)) != clause:
                    # "guess who's dispatch supervisor now": read as "I'm dispatch supervisor now"
                    got = pack.table("promotion").first(plain, said, state.trace)
                if got:
                    return got
        if not any(c.attribute == "age" for c in found):
            got = pack.table("age").first(statement, said, state.trace)
            if got:
                return [replace(c, cue=CHANGE) for c in got]
        return []


def one_regime(found: list[Candidate], context: ExtractContext) -> list[Candidate]:
    """A way of eating said plainly replaces the one on record it excludes ("went plant-based"
    after keto); one said as an addition ("also pescatarian"), a guess, or a restriction
    (gluten-free) adds to what is there."""
    out = []
    for c in found:
        if (
            c.attribute == "diet"
            and c.subject == SELF
            and c.value.lower() in DIET_REGIMES
            and c.replaces is None
            and not c.retract
            and not _weak(c)
            and not _ADDITIVE.search(c.source_text or "")
        ):
            held = [
                v
                for v in active_values(context, "diet")
                if v.lower() in DIET_REGIMES and v.lower() != c.value.lower()
            ]
            if len(held) == 1:
                c = replace(c, replaces=held[0], correction=True, cue=c.cue or CHANGE)
        out.append(c)
    return out


def _clauses_of(statement: str) -> list[str]:
    """`statement`, then each of its clauses when it has several."""
    parts = [p.strip() for p in re.split(r"[,;，；]", statement) if p.strip()]
    return [statement, *parts] if len(parts) > 1 else [statement]


def _clause_end(statement: str) -> int:
    """Where the first clause of `statement` ends (a mark or a space before more words)."""
    m = re.search(r"[,;，；。.!?！？]|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", statement)
    return m.start() if m else len(statement)


def _reread(rules: SentenceRules, state: State, clause: str) -> list[Candidate]:
    """The rules' reading of one clause of the statement, for a reading of the cues (a
    contrast's new value): a reading of its own, which leaves the message's state and trace
    as they were."""
    saved = (state.trace, state.last_topic, state.last_clause, state.sentence)
    state.trace = None
    try:
        return list(rules.extract_sentence(clause, state))
    finally:
        state.trace, state.last_topic, state.last_clause, state.sentence = saved


def _replaced(c: Candidate, extra: list[Candidate]) -> bool:
    """A rule candidate a reading stands in for (the same attribute and subject); a reading
    that only takes a value back stands in for no other value said ("断食那套拉倒，现在少油少盐")."""
    return any(
        c.attribute == e.attribute
        and c.subject == e.subject
        and not (e.retract and not c.retract and not turns.overlaps(str(c.value), str(e.value)))
        for e in extra
    )
