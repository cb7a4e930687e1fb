"""Readings that need what the user has on record: a correction that names only the old and
the new value ("不是四川，是重庆", "Iowa, not Ohio"), a slip said alone ("说错了，是王颖"), a
number alone (the age), a relationship begun that ends the one before, a job left without its
name. The facts are the `ExtractContext`'s active ones; `graphmem.extract.common` finds them.
"""

from __future__ import annotations

import difflib
import re

from graphmem.extract.common import ME, Ctx, Subject, active_values, cand, facts_with_value, self_like
from graphmem.extract.protocol import ExtractContext
from graphmem.facts.vocab import RELATION_KEYS
from graphmem.model import Candidate

__all__ = [
    "bare_correction",
    "bare_number_correction",
    "bare_slip_correction",
    "employer_ended",
    "partners_before",
]

_PERSON_NAMED = frozenset({"name", "preferred_name", *RELATION_KEYS})


def bare_correction(context: ExtractContext, old: str, new: str, source: str) -> list[Candidate]:
    """'不是四川，是重庆' / 'Iowa, not Ohio' with no attribute word: find the old value among
    active facts and move the new value onto the same attribute, trimmed the same way."""
    found = facts_with_value(context, old)
    # "Kat" names the nickname Kat, not the name Katherine it is part of
    found = [f for f in found if str(f.value).lower() == old.strip().lower()] or found
    if len(found) != 1 and len({(f.attribute, f.subject_name) for f in found}) != 1:
        return []
    fact = found[0]
    fv, o, n = str(fact.value), old.strip(), new.strip()
    idx = o.lower().find(fv.lower())
    if idx >= 0:  # "四川人" stored as "四川": trim the new value by the same affixes
        prefix, suffix = o[:idx], o[idx + len(fv) :]
        if prefix and n.startswith(prefix):
            n = n[len(prefix) :]
        if suffix and n.endswith(suffix):
            n = n[: len(n) - len(suffix)]
    if (
        fact.attribute in _PERSON_NAMED
        and n.isupper()
        and len(n) > 1
        and fv[:1].isupper()
        and not fv.isupper()
    ):
        n = n.title()  # "its JEN not jon": capitals for emphasis, the value cased as the one it replaces
    subj = ME if self_like(fact.subject_name) else Subject(fact.subject_name, "person")
    return [cand(fact.attribute, n, subj, source, correction=True, replaces=fv)]


#: What a value said alone after a correction word may be a slip of: one the user stated.
_SLIP_ATTRIBUTES = ("name", "preferred_name", "city", "hometown", "employer", "job_title", "pet")


def _slip_of(said: str, meant: str) -> bool:
    """Could `said` be a slip for `meant`: as long and sharing a character (王婷, 王颖), or in
    Latin letters, spelt much alike (Newport, Newark; Jon, John)."""
    if said == meant:
        return False
    if re.search(r"[\u4e00-\u9fff]", meant):
        return len(said) == len(meant) and bool(set(said) & set(meant))
    a, b = said.lower(), meant.lower()
    if len(a) >= 4 and len(b) >= 4 and a[:2] == b[:2] and abs(len(a) - len(b)) <= 1:
        return True  # a short name typed wrong after its start (Kiwi, Kiko)
    return difflib.SequenceMatcher(None, a, b).ratio() >= 0.6


def bare_slip_correction(context: ExtractContext, new: str, source: str) -> list[Candidate]:
    """A correction that says only the right value ("说错了，是王颖", "Kiko*"): it replaces the one
    value on record it is a slip of (as long as it, sharing a character with it: 王婷 → 王颖), when
    exactly one is; or the part of one it is a slip of ("蓝鲨" in 蓝鲸证券 → 蓝鲨证券; "Corvex" in
    Corvane Logistics); anything else stays as said."""
    new = new.strip()
    held = [f for f in context.active_facts if f.attribute in _SLIP_ATTRIBUTES and self_like(f.subject_name)]
    found = [(f, new) for f in held if _slip_of(str(f.value), new)]
    if not found:
        found = [(f, whole) for f in held if (whole := _with_part_slipped(str(f.value), new))]
    if len(found) != 1:
        return []
    fact, value = found[0]
    return [cand(fact.attribute, value, ME, source, correction=True, replaces=str(fact.value))]


def _with_part_slipped(held: str, new: str) -> str | None:
    """`held` with the part of it that `new` is a slip of put right, or None: the first word of
    a name ("Corvane Logistics", "Corvex" → "Corvex Logistics") or, in Chinese, as many
    characters at its start (蓝鲸证券, 蓝鲨 → 蓝鲨证券)."""
    if re.search(r"[\u4e00-\u9fff]", new):
        part = held[: len(new)]
        ok = len(held) > len(new) >= 2 and part != new and part[0] == new[0]
        return new + held[len(new) :] if ok else None
    words = held.split()
    if len(words) < 2 or len(new.split()) != 1:
        return None
    return " ".join([new, *words[1:]]) if _slip_of(words[0], new) else None


def bare_number_correction(context: ExtractContext, number: str, source: str) -> list[Candidate]:
    """A correction that says only a number ("typo, I meant 28", "打错了，是30"): the user's
    age, when one is on record and the number could be one; anything else stays as said."""
    if not number.isdigit() or not 1 <= int(number) <= 120:
        return []
    old = active_values(context, "age")
    if len(old) != 1 or old[0] == number:
        return []
    return [cand("age", number, ME, source, correction=True, replaces=old[0])]


def partners_before(ctx: Ctx, name: str) -> list[Candidate]:
    """The user's partners on record other than `name`, ended: a relationship the user says
    has begun ("been seeing this guy Theo", 在跟X约会) follows the one before it."""
    if not ctx.subj.is_self:
        return []
    held = active_values(ctx.state.context, "partner")
    return [
        cand("partner", v, ME, ctx.src, retract=True, correction=True, cue="change")
        for v in held
        if v != name
    ]


def employer_ended(m: object, ctx: Ctx) -> list | None:
    """A job ended without its name ("I quit my job", "我离职了"): the employer on record (if
    any) ends. A pattern handler: the match names nothing this needs."""
    values = active_values(ctx.state.context, "employer", ctx.subj.name)
    return [cand("employer", v, ctx.subj, ctx.src, retract=True, correction=True) for v in values] or None
