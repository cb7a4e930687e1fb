"""Corrections that name the old value beside the new one, in more ways than "Y, not X":

- a negated old value and a new one in focus: "not wheat, it's eggs I can't have",
  "shellfish is fine, it's sesame I react to", "花生没事，是芒果过敏", "不是花生，是芒果";
- a refinement of a stored value: "Springfield ILLINOIS, not the Missouri one",
  "Portland, Maine to be clear", "是吉林市，不是吉林省的那个".

The old value must be one the user has on record (an active fact): that decides the
attribute and keeps a contrast about anything else from reading as a correction. The new
value moves onto the old one's attribute through common.bare_correction, as the bare
"Iowa, not Ohio" does. The patterns are the packs' contrast tables
(graphmem/lang/<language>/contrast.toml); the handlers here decide what each match makes.
"""

from __future__ import annotations

import re

from graphmem.extract.common import ME, Said, Subject, bare_correction, cand, facts_with_value
from graphmem.extract.protocol import ExtractContext
from graphmem.facts.vocab import attribute
from graphmem.lang import Handler
from graphmem.model import Candidate

I = re.I  # noqa: E741


def _focus(value: str) -> str:
    """The value itself, not the words around it ("the eggs" → "eggs", "对芒果" → "芒果")."""
    return re.sub(r"^(?:the|a|an|just|only)\s+|^(?:对于|对)", "", value.strip(), flags=I).strip()


def _refined(base: str, ref: str) -> str:
    """The stored value with what refines it, in the case it is written: "Springfield, Illinois"."""
    ref = ref.strip(" .'-")
    ref = ref.title() if ref.isupper() else ref
    return f"{base}, {ref}"


def _stored(context: ExtractContext, value: str) -> list:
    """Active facts holding `value`; a one-character Chinese value (虾, 蛋) only as the whole value."""
    if len(value.strip()) == 1:
        return [f for f in context.active_facts if str(f.value) == value.strip()]
    return facts_with_value(context, value)


def _correct(context: ExtractContext, old: str, new: str, source: str) -> list[Candidate]:
    """`new` on the attribute of the one stored fact `old` names, replacing it."""
    found = _stored(context, old)
    if len(found) == 1 and len(old.strip()) == 1:
        fact = found[0]
        subj = ME if fact.subject_name == ME.name else Subject(fact.subject_name, "person")
        return [cand(fact.attribute, new, subj, source, correction=True, replaces=str(fact.value))]
    return bare_correction(context, old, new, source)


_NAMES = frozenset({"name", "preferred_name"})


def _refine_en(m: re.Match[str], said: Said) -> list[Candidate] | None:
    """ "Springfield ILLINOIS, not the Missouri one": the one stored place the base names, refined."""
    base_said, ref = m["base"], m["ref"]
    found = facts_with_value(said.context, base_said)
    if len(found) != 1 or attribute(found[0].attribute).relation or found[0].attribute in _NAMES:
        return None  # a person's name is not refined by what follows it ("Leo Smith I mean")
    base = str(found[0].value)
    if base_said.lower().startswith(
        base.lower() + " "
    ):  # "Columbia SOUTH CAROLINA": the region began in the base
        base_said, ref = base_said[: len(base)], f"{base_said[len(base) + 1 :]} {ref}"
    if base.lower() == base_said.lower() and not ref.lower().startswith(base.lower()):
        return bare_correction(said.context, base, _refined(base, ref), said.source) or None
    return None


def _refine_zh(m: re.Match[str], said: Said) -> list[Candidate] | None:
    """ "是吉林市，不是吉林省的那个": the stored place the new value holds, made it."""
    found = facts_with_value(said.context, m["new"])
    if not found:
        return None
    base = str(found[0].value)
    if base != m["new"] and base in m["new"]:
        return bare_correction(said.context, base, m["new"], said.source) or None
    return None


def _contrast(m: re.Match[str], said: Said) -> list[Candidate] | None:
    """The new value in place of the stored fact the old one names."""
    old, new = _focus(m["old"]), _focus(m["new"])
    if not old or not new or old.lower() == new.lower() or not _stored(said.context, old):
        return None
    return _correct(said.context, old, new, said.source) or None


#: The handlers the packs' contrast tables name (graphmem/lang/<language>/contrast.toml), by language.
#: What makes "Kingston, Ontario" alone a refinement: a correction said with it ("I meant …").
_SAID_AS_CORRECTION_EN = re.compile(
    r"\b(?:I meant|I mean|meant|typo|correction|to be (?:clear|exact|precise))\b", re.I
)


def _refine_corrected_en(m: re.Match[str], said: Said) -> list[Candidate] | None:
    """ "I meant Kingston, Ontario": a refinement only when said as a correction."""
    return _refine_en(m, said) if _SAID_AS_CORRECTION_EN.search(said.source) else None


HANDLERS: dict[str, dict[str, Handler]] = {
    "en": {"refine": _refine_en, "refine_if_corrected": _refine_corrected_en, "contrast": _contrast},
    "zh": {"refine": _refine_zh, "contrast": _contrast},
}
