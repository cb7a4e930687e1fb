"""Arbitration: what a candidate fact does to the user's active facts.

Pure decisions over data; the engine applies them inside the write transaction.
Rules, in the order the seeds give them:

1. identical value            -> reinforce (no new node)
2. explicit correction        -> the new fact supersedes (rule `explicit_correction`, or the cue the
                                 discourse gave: `correction` said as such, `change` of what held)
3. source priority            -> declared > observed > inferred; lower-priority news is kept frozen
4. guarded                    -> a weak reading (a hedge, a guess: confidence below GUARD) of a
                                 single-valued attribute never replaces a value of the same
                                 priority; it is kept frozen as model_inferred, with an audit record
5. recency                    -> same priority: the later statement supersedes

Single-valued attributes conflict on any different value; multi-valued ones only on
polarity (likes X vs dislikes X), on mutually exclusive values (one diet label at a
time), on an old value the user named (`replaces`), or on explicit retraction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import lru_cache

from graphmem.facts.keys import same_taste, value_key
from graphmem.facts.vocab import EXCLUSIVE_GROUPS, OPPOSITES, is_single
from graphmem.model import SOURCE_PRIORITY, Candidate, Fact


def same_value(a: str, b: str) -> bool:
    return value_key(a) == value_key(b)


def mentions_value(named: str, stored: str) -> bool:
    """Does a value the user named ("St. Mary's") pick out a stored one ("St. Mary's Hospital")?"""
    n, s = value_key(named), value_key(stored)
    if not n or not s:
        return False
    if n == s:
        return True
    shorter, longer = (n, s) if len(n) <= len(s) else (s, n)
    if len(shorter) >= 2 and longer.startswith(shorter) or (len(shorter) >= 3 and shorter in longer):
        return True
    return _initials_of(named, stored) or _initials_of(stored, named)


def _initials_of(short: str, full: str) -> bool:
    """Is `short` the initials of `full` ("H&P" of "Hollowell & Pike", "JPM" of "J. P. Morgan")?"""
    letters = [ch for ch in short if ch.isalpha()]
    if not 2 <= len(letters) <= 5 or not all(ch.isupper() for ch in letters) or " " in short.strip():
        return False
    words = [w for w in re.findall(r"[A-Za-z][\w']*", full) if w.lower() not in ("and", "of", "the")]
    return len(words) == len(letters) and all(
        w[0].upper() == ch for w, ch in zip(words, letters, strict=True)
    )


def _short_form(said: str, stored: str) -> bool:
    """Is `said` the start of `stored`, cut at a word ("Portland" of "Portland, Oregon", 产品 of
    产品经理)? Numbers never are (3 is no short form of 30)."""
    s, full = value_key(said), value_key(stored)
    if len(s) < 2 or s == full or not full.startswith(s) or any(ch.isdigit() for ch in s):
        return False
    if not s.isascii():
        return True
    words, held = said.strip().lower(), stored.strip().lower()  # cut at a word: not "Port" of "Portland"
    return held.startswith(words) and len(held) > len(words) and not held[len(words)].isalnum()


@dataclass
class Decision:
    """What to do with one candidate."""

    action: str  # add | reinforce | supersede | keep_frozen | retract | nothing_to_retract
    rule: str
    targets: list[Fact] = field(default_factory=list)  # facts reinforced, superseded or retracted


#: A candidate less sure than this (the extractor's own confidence in its pattern) cannot
#: supersede a single-valued fact; only an explicit statement or correction can.
GUARD = 0.8
#: How far before its message a statement's own date must lie for it to be read as history.
_HISTORY = timedelta(days=120)


def weak(cand: Candidate) -> bool:
    """A reading too unsure to replace what the user stated (a hedge, a guess)."""
    return cand.source == "model_inferred" or (cand.confidence is not None and cand.confidence < GUARD)


def _priority(source: str) -> int:
    return SOURCE_PRIORITY.get(source, 0)


@lru_cache(maxsize=64)
def _group_keys(attribute: str) -> tuple[frozenset[str], ...]:
    return tuple(frozenset(value_key(g) for g in group) for group in EXCLUSIVE_GROUPS.get(attribute, []))


def _exclusive(attribute: str, a: str, b: str) -> bool:
    groups = _group_keys(attribute)
    if not groups:
        return False
    na, nb = value_key(a), value_key(b)
    return na != nb and any(na in keys and nb in keys for keys in groups)


def _favourite(cand: Candidate) -> bool:
    """A liking with a kind ("my favourite colour is green", "最喜欢的颜色是绿色"): the user's
    one favourite of that kind, which the next one of the same kind replaces."""
    return cand.attribute == "likes" and bool(cand.qualifier)


def lookup_keys(cand: Candidate) -> list[str] | None:
    """The value keys of the subject's facts `decide` can act on for `cand`, or None
    when it needs every value of the attribute (single-valued attributes, retractions,
    a named old value). For the opposite attribute only `cand`'s own key matters."""
    if cand.retract or cand.replaces or is_single(cand.attribute) or _favourite(cand):
        return None
    key = value_key(cand.value)
    keys = {key}
    for group in _group_keys(cand.attribute):
        if key in group:
            keys |= group
    return sorted(keys)


def decide(cand: Candidate, same_attr: list[Fact], opposite: list[Fact], at: datetime) -> Decision:
    """Arbitrate `cand` against the subject's active facts of its attribute and its opposite."""
    if cand.retract:
        if cand.attribute in ("event", "note"):  # "体检取消了" names a word of the plan
            key = value_key(cand.value)
            hits = [f for f in same_attr if len(key) >= 2 and key in value_key(f.value)]
        else:
            hits = [f for f in same_attr if mentions_value(cand.value, f.value)]
        if hits:
            return Decision("retract", cand.cue or "retraction", hits)
        return Decision("nothing_to_retract", "retraction")

    identical = [f for f in same_attr if same_value(f.value, cand.value)]
    if identical:
        return Decision("reinforce", "identical", identical[:1])

    if is_single(cand.attribute) and not (cand.correction or cand.replaces):
        # "还是干产品" with 产品经理 on record, "I'm in Portland" with "Portland, Oregon": the
        # short form of what is held says it again, it does not replace it
        fuller = [f for f in same_attr if _short_form(cand.value, f.value)]
        if fuller:
            return Decision("reinforce", "short_form", fuller[:1])

    if is_single(cand.attribute):
        conflicts = list(same_attr)
    else:
        conflicts = [f for f in opposite if same_taste(f.value, cand.value)]
        conflicts += [f for f in same_attr if _exclusive(cand.attribute, cand.value, f.value)]
        if _favourite(cand):  # "my favourite band is now Wet Leg": one favourite of a kind
            conflicts += [f for f in same_attr if f.qualifier == cand.qualifier and f not in conflicts]
        if cand.replaces:
            conflicts += [
                f for f in same_attr if mentions_value(cand.replaces, f.value) and f not in conflicts
            ]
    if not conflicts:
        return Decision("add", "new")

    polarity = cand.attribute in OPPOSITES and any(
        f.attribute == OPPOSITES[cand.attribute] for f in conflicts
    )
    winners_rule = "polarity" if polarity else None
    top = max(_priority(f.source) for f in conflicts)
    mine = _priority(cand.source)
    if cand.correction and mine >= top:
        return Decision("supersede", cand.cue or "explicit_correction", conflicts)
    if mine > top:
        return Decision("supersede", "source_priority", conflicts)
    if mine < top:
        return Decision("keep_frozen", "source_priority", conflicts)
    if is_single(cand.attribute) and weak(cand):
        return Decision("keep_frozen", "guarded", conflicts)
    # Same priority: the later statement wins; news older than what we hold stays frozen. A
    # statement dated long before it was said ("三年前在成都读的研", "lived in Paris back in
    # 2015") is as old as that date: history, it does not replace what holds now.
    when = cand.valid_from if cand.valid_from is not None and at - cand.valid_from > _HISTORY else at
    if all(when >= f.valid_from for f in conflicts):
        return Decision("supersede", winners_rule or "recency", conflicts)
    return Decision("keep_frozen", "recency", conflicts)
