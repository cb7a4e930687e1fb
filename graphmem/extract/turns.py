"""Taste turns: a liking that ends and, often, one that begins ("so over X these days, it's
all Y now", "X is a hard pass for me now", "X踢不动了，现在改Y了", "不太碰X了，反而迷上了Y").

A turn is read clause by clause with the rules of the pack's turn table
(graphmem/lang/<language>/turn.toml; the words around them in cues.toml). What it leaves (X)
retracts the user's liking of X when one is on record; a strong turn ("a hard pass",
"受够了") also records the dislike. What it turns to (Y) is a new liking that replaces X.
A turn is the user's own and said as a fact: a clause that names someone else ("my sister
is so over jazz"), a hypothetical ("if I ever get bored of X"), or a question reads as none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Protocol

from graphmem.extract import cues
from graphmem.extract.common import ME, State, active_values, cand, facts_with_value, self_like
from graphmem.extract.lexicon import DIET_REGIMES
from graphmem.extract.pastimes import points_back, the_liking_said_short, the_one_pastime
from graphmem.extract.protocol import ExtractContext
from graphmem.extract.relations import relation_words
from graphmem.facts.vocab import has_cjk
from graphmem.lang import Handler, RuleTable, Trace
from graphmem.model import Candidate


class SentenceRules(Protocol):
    def extract_sentence(self, sentence: str, state: State) -> list: ...


@dataclass(frozen=True)
class Turn:
    """One reading: what a liking turned away from (`away`) or toward, and how strongly."""

    value: str
    away: bool
    strong: bool = False
    alone: bool = True  # a toward reading that stands without an away beside it
    rule: str = ""  # the id of the pack rule that read it ("en.turn.done_with")
    #: a pastime taken up in place of another ("took up pottery instead"): with no turn away
    #: said, it replaces the one pastime on record
    instead: bool = False


#: Words of talk no thing's name holds: what a turn's object is said after.
_TALK_INSIDE = re.compile(
    r"(?:^|\s+)(?:and\s+)?(?:(?:now|honestly|tbh|ngl|lol|lmao|fr)\s+(?:and\s+)?)+", re.I
)
#: A sense said alone ("the smell", "the taste of it"): it names no thing by itself.
_SENSE_ALONE = re.compile(
    r"(?:even\s+)?(?:the\s+)?(?:smell|taste|sight|thought|texture|idea)(?:\s+of\s+(?:it|that|them))?", re.I
)


def _object(raw: str, lang: str) -> str | None:
    tail = cues.turn_words(lang, "tail")
    value = raw.strip(" \"'“”‘’")
    while True:
        trimmed = tail.sub("", value).strip(" \"'“”‘’")
        if trimmed == value:
            break
        value = trimmed
    if lang == "en":
        # "a month clean now and honestly the smell …": the object is what follows the last
        # word of talk; the smell or the taste alone names nothing
        value = _TALK_INSIDE.split(value)[-1]
        if _SENSE_ALONE.fullmatch(value):
            return None
        # "even the smell of it": what it stands for is the thing itself, said before
        value = re.sub(
            r"^(?:even\s+)?(?:the\s+)?(?:smell|taste|sight|thought|texture|idea)\s+of\s+",
            "",
            value,
            flags=re.I,
        )
        value = re.sub(r"^(?:the|a|an|any|all|some)\s+", "", value, flags=re.I)
    else:
        # "以前爱得要死的榴莲": what one felt for it before, said of it, is no part of the thing
        value = cues.turn_words(lang, "object_past").sub("", value)
    if not value or cues.turn_words(lang, "not_object").match(value) or _names_someone(value, lang):
        return None
    return value


_POSSESSIVE_EN = re.compile(r"(?<![\w'])(?:my|his|her|their|our|your)\s|'s\s", re.I)


def _names_someone(value: str, lang: str) -> bool:
    """An object that carries its own subject ("妹妹奶茶", "my sister's ramen"): someone else's turn."""
    if lang == "en":
        return bool(_POSSESSIVE_EN.search(value + " "))
    return value.startswith(("他", "她", "你")) or value.startswith(relation_words("zh"))


#: What may stand before a turn and keep it the user's: "I", "so I just", "我", "我们最近"
_SPEAKER = re.compile(
    # (the speaker may have been taken off as the turn's lead already: "finally warmed up to …")
    r"(?:(?:so|and|then|now|but|honestly|anyway)\s+)*(?:(?:I|we|I've|I have|we've|we have|I am|we are)(?=\s|$))?(?:\s*(?:have|am|are)(?=\s|$))?"
    r"(?:\s*(?:just|finally|recently|totally|fully|kinda|officially|basically|lowkey|also|had to|have had to|have to))*"
    r"|(?:所以|然后|后来)?(?:我|我们)(?:最近|现在|已经|也|就|干脆|彻底)*",
    re.I,
)


#: The user as the one ruled out of a taste inside the match ("医生不让我打篮球了", "doctor won't let me run").
_USER_RULED_OUT = re.compile(r"(?:让|许|准|允许)我|\blet me\b|\ballow(?:s|ed)? me\b", re.I)


#: What the user did, then "and" the turn ("spent the summer in Sicily and came back hooked on
#: anchovies"): the turn is theirs; someone else named in it makes it not.
#: "physio says my knees are shot, so me and running are done": a turn that names the speaker
#: itself, after a clause that leads to it, is the speaker's whatever that clause is about.
_SAYS_ITS_OWN_SUBJECT = re.compile(r"(?:me|I)\s+and\s+|[^,]{1,40}\s+and\s+(?:me|I)\b", re.I)
_CONSEQUENCE = re.compile(r"(?:[,;]\s*|\s)(?:so|and so|which means|meaning)$", re.I)
_OWN_DOING_AND = re.compile(
    r"(?!.*\b(?:my|he|she|they|his|her|their|we|you)\b)(?:I\s+)?[a-z][^,.;]{0,60}\s+and", re.I
)


def _turn(away: bool, strong: bool = False, alone: bool = False, instead: bool = False) -> Handler:
    """The handler of one kind of turn rule: the turn its match says, if it is the user's own
    and its object reads as a taste."""

    def handler(m: re.Match[str], lang: str) -> Turn | None:
        before = m.string[: m.start()].strip()
        # someone else's turn: "my sister is so over X"; but whoever rules the user out
        # of a taste may stand before it ("医生不让我…")
        if (
            before
            and not _SPEAKER.fullmatch(before)
            and not (away and _USER_RULED_OUT.search(m[0]))
            and not _OWN_DOING_AND.fullmatch(before)
            and not (_SAYS_ITS_OWN_SUBJECT.match(m[0]) and _CONSEQUENCE.search(before))
        ):
            return None
        # the object's group: x (away) or y (toward), or a numbered one of a rule's alternatives
        groups = m.groupdict()
        said = next(
            (v for k, v in groups.items() if v and k.rstrip("0123456789") == ("x" if away else "y")), ""
        )
        value = _object(said, lang)
        if value is None and away and not strong and points_back(said):
            value = said.strip()  # "那一套我就放下了": what it points back to is read from the record
        return None if value is None else Turn(value, away, strong, alone or away, instead=instead)

    return handler


#: The handlers the packs' turn tables name (graphmem/lang/<language>/turn.toml).
HANDLERS: dict[str, Handler] = {
    "turn_away": _turn(away=True),
    "turn_away_strong": _turn(away=True, strong=True),
    "turn_toward": _turn(away=False),
    "turn_toward_alone": _turn(away=False, alone=True),
    "turn_toward_instead": _turn(away=False, alone=True, instead=True),
}


def read_turns(piece: str, lang: str, table: RuleTable, trace: Trace | None = None) -> list[Turn]:
    """The turns said in one message piece, in order, each read by the first rule of the
    pack's turn table (away rules, then toward ones) that reads its clause; none in a
    question or a hypothetical."""
    if not _told_as_so(piece, lang):
        return []
    lead = cues.turn_words(lang, "lead")
    found: list[Turn] = []
    for clause in cues.turn_words(lang, "clauses").split(piece):
        text = lead.sub("", clause.strip()).strip()
        if not text:
            continue
        if got := table.find(text, lang, trace):
            rule, turn = got
            found.append(replace(turn, rule=rule.id))
    return found


#: How many words (English) or characters (Chinese) may stand between a liking on record and
#: the words that sour on it, for the two to be read as one ("jazz is kinda boring").
_NEAR = {"en": 3, "zh": 6}


#: Verbs a Chinese liking on record may start with ("爬山", "喝美式"), whose object may be said first.
_ZH_VERBS = "吃喝打玩看听追踢跑弹学做爬骑滑游唱跳画写逛钓刷练"


def _mention(clause: str, value: str, lang: str) -> tuple[int, int] | None:
    """Where `clause` names the liking `value` (a plural or singular of it too)."""
    if lang == "zh":
        i = clause.find(value)
        if i >= 0:
            return i, i + len(value)
        if len(value) >= 2 and value[0] in _ZH_VERBS:
            # "爬山" on record, "山爬不动了" said: the thing put before its verb
            m = re.search(rf"{re.escape(value[1:])}.{{0,3}}?{value[0]}", clause)
            if m is None and len(value) >= 3:  # "吃辣" on record, "辣的真吃不了了": the thing alone
                m = re.search(re.escape(value[1:]), clause)
            return None if m is None else m.span()
        return None
    stem = re.escape(value.rstrip("s")) if len(value) > 3 else re.escape(value)
    m = re.search(rf"(?<![\w-]){stem}(?:e?s)?(?![\w-])", clause, re.I)
    return None if m is None else m.span()


def _gap(clause: str, a: tuple[int, int], b: tuple[int, int], lang: str) -> int:
    """Words (English) or characters (Chinese) between two spans of `clause`; 0 when they touch."""
    lo, hi = (a[1], b[0]) if a[1] <= b[0] else (b[1], a[0])
    if hi <= lo:
        return 0
    between = clause[lo:hi]
    return len(between.strip()) if lang == "zh" else len(between.split())


def _near(pattern: re.Pattern[str], clause: str, at: tuple[int, int], lang: str) -> bool:
    return any(_gap(clause, at, m.span(), lang) <= _NEAR[lang] for m in pattern.finditer(clause))


def soured_on_record(piece: str, lang: str, context: ExtractContext) -> list[Turn]:
    """The user's likings on record that `piece` sours on, however it says so ("jazz is
    kinda boring to me these days", "not much of a hiking person anymore", "奶茶现在戒了",
    "辣的吃不了了"): the liking named in a clause, words of souring near it and a word that
    this is how it is now, or words that it ended. A question, a hypothetical, a clause about
    someone else, the past told ("used to hate it") or praise reads as none. Read beside the
    turn table's rules for what they did not name: it knows what the user liked, not how
    they said it."""
    sour, ended, now, strong = (cues.turn_words(lang, k) for k in ("sour", "ended", "now", "strong"))
    past, sweet = cues.turn_words(lang, "past"), cues.turn_words(lang, "sweet")
    infix = cues.turn_words(lang, "infix") if lang == "zh" else None
    # the words first: the user's likings are read only for a piece that could sour on one
    # (most pieces do not, and a large user holds hundreds of facts)
    if not (sour.search(piece) or ended.search(piece) or (infix is not None and infix.search(piece))):
        return []
    if not _told_as_so(piece, lang):
        return []
    liked = active_values(context, "likes")
    if not liked:
        return []
    others = _others(lang)
    found: list[Turn] = []
    for clause in cues.turn_words(lang, "clauses").split(piece):
        clause = clause.strip()
        if not clause or past.search(clause) or sweet.search(clause) or others.search(clause):
            continue
        # "篮球打不动了": the can-no-longer set inside the verb says it ended
        plain = infix.sub("", clause) if infix is not None else clause
        for value in liked:
            at = _mention(plain, value, lang)
            if at is None or any(t.value == value for t in found):
                continue
            stopped = plain != clause or _near(ended, plain, at, lang)
            soured = _near(sour, plain, at, lang) and bool(now.search(piece))
            if stopped or soured:
                found.append(
                    Turn(
                        value,
                        True,
                        strong=_near(strong, plain, at, lang),
                        rule=f"{lang}.turn.soured_on_record",
                    )
                )
    return found


def warmed_to_record(piece: str, lang: str, context: ExtractContext) -> list[Turn]:
    """The user's dislikes on record that `piece` warms to ("加了一大把香菜，结果真香", "olives
    have grown on me", "I've come around on cilantro"): the dislike named in the piece and words
    of warming to it (`warm`) in a clause of the user's own. A question, a hypothetical or a
    clause about someone else reads as none."""
    warm = cues.turn_words(lang, "warm")
    if not warm.search(piece):  # the words first, the user's dislikes only when they could turn
        return []
    if not _told_as_so(piece, lang):
        return []
    others = _others(lang)
    clauses = [c.strip() for c in cues.turn_words(lang, "clauses").split(piece) if c.strip()]
    if not any(warm.search(c) and not _of_others(c, others) for c in clauses):
        return []
    disliked = active_values(context, "dislikes")
    named = [
        Turn(value, False, alone=True, rule=f"{lang}.turn.warmed_to_record")
        for value in disliked
        if _mention(piece, value, lang) is not None
    ]
    return named or _warmed_to_tasted(clauses, warm, others, lang)


def _warmed_to_tasted(
    clauses: list[str], warm: re.Pattern[str], others: re.Pattern[str], lang: str
) -> list[Turn]:
    """With no dislike on record named, what the user says they tried before the words of
    warming ("室友硬塞我一口榴莲千层，结果真香", "caved and tried oysters, ok I'm a convert"):
    the last thing tried, in a clause before the first that warms. What someone else tried
    ("she tried sushi, now she loves it") is theirs."""
    tasted = cues.turn_words(lang, "tasted")
    first_warm = next(i for i, c in enumerate(clauses) if warm.search(c) and not _of_others(c, others))
    tried = [
        m["x"].strip()
        for c in clauses[: first_warm + 1]
        for m in tasted.finditer(c)
        # "室友硬塞我一口…", "my roommate made me try …": whoever gave it, the user tasted it
        if not others.search(c[: m.start()]) or re.search(r"我|\bme\b", m.group(0), re.I)
    ]
    return [Turn(tried[-1], False, alone=True, rule=f"{lang}.turn.warmed_to_tasted")] if tried else []


#: A warming said with the user as its object ("they grew on me", "it won me over"): "they" is the
#: thing, not someone else.
_ME_AS_OBJECT = re.compile(r"\b(?:grown|grew|growing) on me\b|\bwon me over\b|\bconverted me\b", re.I)


def _of_others(clause: str, others: re.Pattern[str]) -> bool:
    """Is the clause about someone besides the user ("she's obsessed now")?"""
    if _ME_AS_OBJECT.search(clause):
        return others.search(re.sub(r"\b(?:they|them|their)\b", "", clause, flags=re.I)) is not None
    return others.search(clause) is not None


def _told_as_so(piece: str, lang: str) -> bool:
    """Whether `piece` tells how things are: neither a question nor a hypothetical."""
    return not (
        cues.turn_words(lang, "question").search(piece.strip())
        or cues.words_rx(lang, "hypothetical").search(piece)
    )


@lru_cache(maxsize=4)
def _others(lang: str) -> re.Pattern[str]:
    """Someone besides the user in a clause: their taste, not the user's."""
    words = "|".join(re.escape(w) for w in relation_words(lang))
    if lang == "zh":
        return re.compile(rf"(?:他|她|他们|她们|{words})")
    return re.compile(rf"\b(?:he|she|they|his|her|their|he's|she's|they're|my (?:{words}))\b", re.I)


def _as_liked(value: str, lang: str, rules: SentenceRules, state: State) -> str:
    """`value` the way the rules store a liking of it ("打乒乓球" → "乒乓球")."""
    trace, state.trace = state.trace, None  # a reading of our own, not of the message
    said = rules.extract_sentence(cues.liking(lang, value), state)
    state.trace = trace
    liked = [c.value for c in said if c.attribute == "likes" and not c.retract]
    return liked[0] if len(liked) == 1 else value


def turn_candidates(
    piece: str,
    lang: str,
    rules: SentenceRules,
    state: State,
    table: RuleTable,
    away_before: bool = False,
    read: list[Candidate] | None = None,
) -> tuple[list[Candidate], bool]:
    """The candidates of the taste turns in `piece`: retract (and, when strong, dislike) what
    the user turned away from; like what they turned toward, replacing what they left. Each
    carries the id of the turn rule that read it. With them, whether the piece turned away
    from anything (on record or not). `away_before`: an earlier piece of the message did."""
    turns = read_turns(piece, lang, table, state.trace)
    # a liking on record soured on, where no rule's turn away already names it
    # (`read`: the rules' candidates; a liking they already retract or dislike is theirs)
    done = [
        c.value
        for c in read or ()
        if c.attribute in ("likes", "dislikes") and (c.retract or c.attribute == "dislikes")
    ]
    soured = [
        t for t in soured_on_record(piece, lang, state.context) if not any(overlaps(t.value, v) for v in done)
    ]
    turns = [t for t in soured if not any(u.away and overlaps(u.value, t.value) for u in turns)] + turns
    # a dislike on record warmed to, where no rule's turn already names it
    turns += [
        t
        for t in warmed_to_record(piece, lang, state.context)
        if not any(overlaps(u.value, t.value) for u in turns)
    ]
    # a clause read both ways ("cut back on coffee lately") says the turn away, not a new liking
    turns = [t for t in turns if t.away or not any(u.away and overlaps(u.value, t.value) for u in turns)]
    if not turns:
        return [], False
    saved = (state.last_topic, state.last_clause, state.sentence)  # the readings below are not the message
    context = state.context
    out: list[Candidate] = []
    left: list[tuple[str, str]] = []  # stored likings the turn leaves, with the rule that said so
    # "swimming laps instead and tbh I kinda love it": a turn toward said to be loved stands alone
    any_away = (
        away_before or any(t.away for t in turns) or bool(cues.turn_words(lang, "loved_it").search(piece))
    )
    for t in turns:
        if not t.away:
            continue
        stored = (
            facts_with_value(context, t.value, "likes")
            or facts_with_value(context, _as_liked(t.value, lang, rules, state), "likes")
            # "IPAs" turned away from ("a cold hazy IPA" on record); "舞是跳不动了" (跳广场舞 on record)
            or the_liking_said_short(context, t.value, lang)
        )
        # "那一套拳我就放下了", "gave that up too": what it points back to is the one pastime on record
        if not stored and points_back(t.value) and (kept_up := the_one_pastime(context, t.value)):
            left.append((kept_up, t.rule))
        for f in stored:
            if f.subject_name in ("self", "", "我", "me") or f.subject_name == ME.name:
                left.append((str(f.value), t.rule))
        # a way of eating turned away from ("keto is dead to me", "纯素我坚持不下去了") is
        # a diet left, on record as such
        for f in facts_with_value(context, _AS_A_THING.sub("", t.value), "diet"):
            if (f.subject_name in ("self", "", "我", "me") or f.subject_name == ME.name) and _same(
                f, t.value
            ):
                out.append(
                    cand(
                        "diet",
                        str(f.value),
                        ME,
                        piece,
                        retract=True,
                        correction=True,
                        cue="change",
                        rule=t.rule,
                    )
                )
        if t.strong:
            out.append(
                cand(
                    "dislikes",
                    _as_liked(t.value, lang, rules, state),
                    ME,
                    piece,
                    correction=True,
                    cue="change",
                    rule=t.rule,
                )
            )
    # "sold the saw, signed up for pottery instead": the one pastime on record is what it replaces
    taken = [t for t in turns if t.instead]
    if not left and taken and (kept_up := the_one_pastime(context, taken[0].value)):
        left.append((kept_up, taken[0].rule))
    for t in turns:
        # "so I guess I'm just vegetarian now": a way of eating turned to says itself, alone
        if t.away or not (t.alone or any_away or t.value.lower() in DIET_REGIMES):
            continue
        value = _as_liked(t.value, lang, rules, state)
        if value.lower() in DIET_REGIMES:
            # "all vegetarian these days": a way of eating turned to is the diet, not a liking
            out.append(cand("diet", value, ME, piece, correction=True, cue="change", rule=t.rule))
            continue
        replaces = left[0][0] if left else None
        out.append(
            cand("likes", value, ME, piece, correction=True, cue="change", replaces=replaces, rule=t.rule)
        )
        left = left[1:]
        # "现在居然爱上苦瓜了": a dislike on record of the same thing ends
        out += [
            cand(
                "dislikes", str(f.value), ME, piece, retract=True, correction=True, cue="change", rule=t.rule
            )
            for f in facts_with_value(context, t.value, "dislikes")
            + facts_with_value(context, value, "dislikes")
            if self_like(f.subject_name) and overlaps(str(f.value), value)
        ]
    out = [
        *(cand("likes", v, ME, piece, retract=True, correction=True, cue="change", rule=r) for v, r in left),
        *out,
    ]
    state.last_topic, state.last_clause, state.sentence = saved
    return out, any(t.away for t in turns)


def _same(fact, said: str) -> bool:
    """The turn's object is the fact's value itself ("keto"), not a word inside a longer one; a
    way of eating may be said by its head word (断食 of 轻断食, "the fasting thing" of intermittent fasting)."""
    value, said = str(fact.value).strip().lower(), _AS_A_THING.sub("", said.strip().lower())
    head = said if has_cjk(said) else " " + said
    return value == said or (len(said) >= (2 if has_cjk(said) else 4) and value.endswith(head))


#: A way of eating said as a thing ("the fasting thing"): the word left names it.
_AS_A_THING = re.compile(r"^(?:the|that|this|my)\s+|\s+(?:thing|stuff|plan|diet)$", re.I)


def overlaps(a: str, b: str) -> bool:
    """Two values that name the same thing, one inside the other ("jazz" / "jazz these days")."""
    x, y = a.strip().lower(), b.strip().lower()
    return bool(x) and bool(y) and (x in y or y in x)


def without_overlap(found: list[Candidate], turned: list[Candidate]) -> list[Candidate]:
    """The rules' candidates a turn reading stands in for: its likings and dislikings of the same
    things, and the user's notes on the piece (the turn says what the note would)."""
    values = [t.value for t in turned] + [t.replaces for t in turned if t.replaces]
    kept = []
    for c in found:
        if c.attribute in ("note", "event") and c.subject == ME.name:
            continue
        if c.attribute in ("likes", "dislikes") and any(overlaps(c.value, v) for v in values):
            continue
        kept.append(c)
    return kept
