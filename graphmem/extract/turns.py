"""Taste turns: a liking that ends and, often, one that begins ("so over X these days, it's
all Y now", "X is a hard pass for me now", "X踢不动了，现在改Y了", "不太碰X了，反而迷上了Y").

A turn is read clause by clause with the patterns of turn_cues.json. What it leaves (X)
retracts the user's liking of X when one is on record; a strong turn ("a hard pass",
"受够了") also records the dislike. What it turns to (Y) is a new liking that replaces X.
A turn is the user's own and said as a fact: a clause that names someone else ("my sister
is so over jazz"), a hypothetical ("if I ever get bored of X"), or a question reads as none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from graphmem.extract import cues
from graphmem.extract.common import ME, State, cand, facts_with_value
from graphmem.extract.relations import relation_words
from graphmem.model import Candidate

#: Where a message piece is cut into clauses before turns are read.
_CLAUSES = {
    "en": re.compile(
        r"[,;.!?()\n—–]+|\s+-\s+|\s+(?:but|and|so|because|cause|cuz)\s+(?=(?:I|I'm|it's|its|now|these|lately|all)\b)",
        re.I,
    ),
    "zh": re.compile(r"[，,。；;！!？?、…\n—]+|但是|不过|反而|而是|所以|因为"),
}
_QUESTION = {
    "en": re.compile(
        r"\?|^(?:am|do|does|did|is|are|was|were|have|has|should|would|could|will|can)\s+I\b", re.I
    ),
    "zh": re.compile(r"[?？]|吗$|吗[，,。]|是不是|还.{0,4}吗"),
}
#: What the user likes in general terms, to read a turn's object the way a liking is stored.
_LIKING = {"en": "I like {}", "zh": "我喜欢{}"}


class SentenceRules(Protocol):
    def extract_sentence(self, sentence: str, state: State) -> list: ...


@dataclass(frozen=True)
class Turn:
    """One reading: what a liking turned away from (`away`) or toward, and how strongly."""

    value: str
    away: bool
    strong: bool = False
    alone: bool = True  # a toward reading that stands without an away beside it


def _object(raw: str, lang: str) -> str | None:
    tail = cues.turn_words(lang, "tail")
    value = raw.strip(" \"'“”‘’")
    while True:
        trimmed = tail.sub("", value).strip(" \"'“”‘’")
        if trimmed == value:
            break
        value = trimmed
    if lang == "en":
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


def read_turns(piece: str, lang: str) -> list[Turn]:
    """The turns said in one message piece, in order; none in a question or a hypothetical."""
    if _QUESTION[lang].search(piece.strip()) or cues.words_rx(lang, "hypothetical").search(piece):
        return []
    lead = cues.turn_words(lang, "lead")
    found: list[Turn] = []
    for clause in _CLAUSES[lang].split(piece):
        text = lead.sub("", clause.strip()).strip()
        if not text:
            continue
        for way in ("away", "toward"):
            for rx, strong, alone in cues.turn_patterns(lang, way):
                m = rx.search(text)
                if m is None or text[: m.start()].strip():  # someone else's turn: "my sister is so over X"
                    continue
                value = _object(m["x"] if way == "away" else m["y"], lang)
                if value is None:
                    continue
                found.append(Turn(value, way == "away", strong, alone or way == "away"))
                break
            else:
                continue
            break
    return found


def _as_liked(value: str, lang: str, rules: SentenceRules, state: State) -> str:
    """`value` the way the rules store a liking of it ("打乒乓球" → "乒乓球")."""
    said = rules.extract_sentence(_LIKING[lang].format(value), state)
    liked = [c.value for c in said if c.attribute == "likes" and not c.retract]
    return liked[0] if len(liked) == 1 else value


def turn_candidates(piece: str, lang: str, rules: SentenceRules, state: State) -> list[Candidate]:
    """The candidates of the taste turns in `piece`: retract (and, when strong, dislike) what
    the user turned away from; like what they turned toward, replacing what they left."""
    turns = read_turns(piece, lang)
    if not turns:
        return []
    saved = (state.last_topic, state.last_clause, state.sentence)  # the readings below are not the message
    context = state.context
    out: list[Candidate] = []
    left: list[str] = []  # stored likings the turn leaves
    any_away = any(t.away for t in turns)
    for t in turns:
        if not t.away:
            continue
        stored = facts_with_value(context, t.value, "likes") or facts_with_value(
            context, _as_liked(t.value, lang, rules, state), "likes"
        )
        for f in stored:
            if f.subject_name in ("self", "", "我", "me") or f.subject_name == ME.name:
                left.append(str(f.value))
        if t.strong:
            out.append(
                cand(
                    "dislikes",
                    _as_liked(t.value, lang, rules, state),
                    ME,
                    piece,
                    correction=True,
                    cue="change",
                )
            )
    for t in turns:
        if t.away or not (t.alone or any_away):
            continue
        value = _as_liked(t.value, lang, rules, state)
        out.append(
            cand("likes", value, ME, piece, correction=True, cue="change", replaces=left[0] if left else None)
        )
        left = left[1:]
    out = [*(cand("likes", v, ME, piece, retract=True, correction=True, cue="change") for v in left), *out]
    state.last_topic, state.last_clause, state.sentence = saved
    return out


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
