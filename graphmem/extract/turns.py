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
from typing import Protocol

from graphmem.extract import cues
from graphmem.extract.common import ME, State, cand, facts_with_value
from graphmem.extract.relations import relation_words
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


def _object(raw: str, lang: str) -> str | None:
    tail = cues.turn_words(lang, "tail")
    value = raw.strip(" \"'“”‘’")
    while True:
        trimmed = tail.sub("", value).strip(" \"'“”‘’")
        if trimmed == value:
            break
        value = trimmed
    if lang == "en":
        # "even the smell of it": what it stands for is the thing itself, said before
        value = re.sub(
            r"^(?:even\s+)?(?:the\s+)?(?:smell|taste|sight|thought|texture|idea)\s+of\s+",
            "",
            value,
            flags=re.I,
        )
        value = re.sub(r"^(?:the|a|an|any|all|some)\s+", "", value, flags=re.I)
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
    r"(?:\s*(?:just|finally|recently|totally|fully|kinda|officially|basically|lowkey|also))*"
    r"|(?:所以|然后|后来)?(?:我|我们)(?:最近|现在|已经|也|就|干脆|彻底)*",
    re.I,
)


#: The user as the one ruled out of a taste inside the match ("医生不让我打篮球了", "doctor won't let me run").
_USER_RULED_OUT = re.compile(r"(?:让|许|准|允许)我|\blet me\b|\ballow(?:s|ed)? me\b", re.I)


def _turn(away: bool, strong: bool = False, alone: bool = False) -> Handler:
    """The handler of one kind of turn rule: the turn its match says, if it is the user's own
    and its object reads as a taste."""

    def handler(m: re.Match[str], lang: str) -> Turn | None:
        before = m.string[: m.start()].strip()
        # someone else's turn: "my sister is so over X"; but whoever rules the user out
        # of a taste may stand before it ("医生不让我…")
        if before and not _SPEAKER.fullmatch(before) and not (away and _USER_RULED_OUT.search(m[0])):
            return None
        said = (
            (m["x"] or m.groupdict().get("x2") or "") if away else (m["y"] or m.groupdict().get("y2") or "")
        )
        value = _object(said, lang)
        return None if value is None else Turn(value, away, strong, alone or away)

    return handler


#: The handlers the packs' turn tables name (graphmem/lang/<language>/turn.toml).
HANDLERS: dict[str, Handler] = {
    "turn_away": _turn(away=True),
    "turn_away_strong": _turn(away=True, strong=True),
    "turn_toward": _turn(away=False),
    "turn_toward_alone": _turn(away=False, alone=True),
}


def read_turns(piece: str, lang: str, table: RuleTable, trace: Trace | None = None) -> list[Turn]:
    """The turns said in one message piece, in order, each read by the first rule of the
    pack's turn table (away rules, then toward ones) that reads its clause; none in a
    question or a hypothetical."""
    if cues.turn_words(lang, "question").search(piece.strip()) or cues.words_rx(lang, "hypothetical").search(
        piece
    ):
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


def _as_liked(value: str, lang: str, rules: SentenceRules, state: State) -> str:
    """`value` the way the rules store a liking of it ("打乒乓球" → "乒乓球")."""
    trace, state.trace = state.trace, None  # a reading of our own, not of the message
    said = rules.extract_sentence(cues.liking(lang, value), state)
    state.trace = trace
    liked = [c.value for c in said if c.attribute == "likes" and not c.retract]
    return liked[0] if len(liked) == 1 else value


def turn_candidates(
    piece: str, lang: str, rules: SentenceRules, state: State, table: RuleTable, away_before: bool = False
) -> tuple[list[Candidate], bool]:
    """The candidates of the taste turns in `piece`: retract (and, when strong, dislike) what
    the user turned away from; like what they turned toward, replacing what they left. Each
    carries the id of the turn rule that read it. With them, whether the piece turned away
    from anything (on record or not). `away_before`: an earlier piece of the message did."""
    turns = read_turns(piece, lang, table, state.trace)
    if not turns:
        return [], False
    saved = (state.last_topic, state.last_clause, state.sentence)  # the readings below are not the message
    context = state.context
    out: list[Candidate] = []
    left: list[tuple[str, str]] = []  # stored likings the turn leaves, with the rule that said so
    any_away = away_before or any(t.away for t in turns)
    for t in turns:
        if not t.away:
            continue
        stored = facts_with_value(context, t.value, "likes") or facts_with_value(
            context, _as_liked(t.value, lang, rules, state), "likes"
        )
        for f in stored:
            if f.subject_name in ("self", "", "我", "me") or f.subject_name == ME.name:
                left.append((str(f.value), t.rule))
        # a way of eating turned away from ("keto is dead to me", "纯素我坚持不下去了") is
        # a diet left, on record as such
        for f in facts_with_value(context, t.value, "diet"):
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
    for t in turns:
        if t.away or not (t.alone or any_away):
            continue
        value = _as_liked(t.value, lang, rules, state)
        replaces = left[0][0] if left else None
        out.append(
            cand("likes", value, ME, piece, correction=True, cue="change", replaces=replaces, rule=t.rule)
        )
        left = left[1:]
    out = [
        *(cand("likes", v, ME, piece, retract=True, correction=True, cue="change", rule=r) for v, r in left),
        *out,
    ]
    state.last_topic, state.last_clause, state.sentence = saved
    return out, any(t.away for t in turns)


def _same(fact, said: str) -> bool:
    """The turn's object is the fact's value itself ("keto"), not a word inside a longer one."""
    return str(fact.value).strip().lower() == said.strip().lower()


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
