"""Corrections that name the old value beside the new one, in more ways than "Y, not X":

- a negated old value and a new one in focus: "not wheat, it's eggs I can't have",
  "shellfish is fine, it's sesame I react to", "花生没事，是芒果过敏", "不是花生，是芒果";
- a refinement of a stored value: "Springfield ILLINOIS, not the Missouri one",
  "Portland, Maine to be clear", "是吉林市，不是吉林省的那个".

The old value must be one the user has on record (an active fact): that decides the
attribute and keeps a contrast about anything else from reading as a correction. The new
value moves onto the old one's attribute through common.bare_correction, as the bare
"Iowa, not Ohio" does.
"""

from __future__ import annotations

import re

from graphmem.extract.common import ME, Subject, bare_correction, cand, facts_with_value
from graphmem.extract.protocol import ExtractContext
from graphmem.model import Candidate

I = re.I  # noqa: E741
_SEP = r"\s*(?:[,;:—–-]+|\s)\s*(?:but\s+|rather\s+|actually\s+|instead\s+)?"
_OBJ = r"[^,;:.!?—–]{1,40}?"
# The old value said as not it: "not X", "X is fine", "X's not the problem".
_OLD_EN = (
    rf"(?:it'?s\s+|it\s+is\s+|it\s+was\s+)?not\s+(?:the\s+)?(?P<old>{_OBJ})",
    rf"(?P<old>{_OBJ})\s+(?:is|are|'s|was|were)\s+(?:actually\s+|totally\s+|perfectly\s+|completely\s+)?"
    r"(?:fine|ok|okay|alright|all right|not (?:a|the) (?:problem|issue)|no problem|safe|not it)",
)
# The new value in focus: "it's Y (that) I react to", "Y is what I can't have", "Y".
_NEW_EN = (
    rf"(?:it'?s|it\s+is|it\s+was|its)\s+(?:actually\s+|really\s+)?(?P<new>{_OBJ})"
    r"(?:\s+(?:that|which|who|I|I'm|I am)\b.*)?",
    rf"(?P<new>{_OBJ})\s+is\s+(?:what|the one|the thing)\b.*",
)
_CONTRAST_EN = [re.compile(rf"^{old}{_SEP}{new}\s*$", I) for old in _OLD_EN for new in _NEW_EN]
_OLD_ZH = (
    r"(?:不是|并不是|并非)(?:对)?(?P<old>[^，,。；;：:]{1,12}?)",
    r"(?:对)?(?P<old>[^，,。；;：:]{1,12}?)(?:其实|倒是|完全)?(?:没事|没问题|不过敏|可以吃|能吃|不要紧|还好|是可以的|不碍事)",
)
_NEW_ZH = (
    r"(?:而是|其实是|是|倒是)?(?:对)?(?P<new>[^，,。；;：:]{1,12}?)(?:才是|才)?(?:过敏|不能吃|吃不了|碰不得|的问题|有问题|不行)?(?:了|啦|哦|哈)?",
)
_CONTRAST_ZH = [re.compile(rf"^{old}[，,、；;—\s]*{new}[。！!]*$") for old in _OLD_ZH for new in _NEW_ZH]
# "Springfield ILLINOIS, not the Missouri one", "Portland, Maine, not the one in Oregon".
_REFINE_EN = re.compile(
    r"^(?P<base>[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?)\s*,?\s+(?P<ref>[A-Za-z][\w.'-]*(?:\s+[A-Za-z][\w.'-]*)?)"
    r"(?:\s*,?\s*(?:to be (?:clear|precise|exact)|I mean))?\s*[,;—–-]*\s*not\s+(?:the\s+)?"
    # "… not the Missouri one (people assume)", "… not the one in Oregon"
    r"(?:(?P<alt>[\w.' -]{1,30}?)\s+one(?:\s+[^,;]*)?|one\s+in\s+(?P<alt2>[\w.' -]{1,30}))\s*$"
)
_REFINE_ZH = re.compile(
    r"^是?(?P<new>[^，,。不]{2,12}?)[，,]\s*不是(?P<alt>[^，,。]{1,12}?)(?:的)?那个[。！!]*$"
)


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


def contrast(context: ExtractContext, text: str, source: str, lang: str) -> list[Candidate]:
    """A correction that names the old value beside the new one, or nothing. `text` is the
    statement with the talk around it already taken off."""
    if lang == "en":
        if (m := _REFINE_EN.match(text)) and len(found := facts_with_value(context, m["base"])) == 1:
            base = str(found[0].value)
            if base.lower() == m["base"].lower() and not m["ref"].lower().startswith(base.lower()):
                return bare_correction(context, base, _refined(base, m["ref"]), source)
        rows = _CONTRAST_EN
    else:
        if (m := _REFINE_ZH.match(text)) and (found := facts_with_value(context, m["new"])):
            base = str(found[0].value)
            if base != m["new"] and base in m["new"]:
                return bare_correction(context, base, m["new"], source)
        rows = _CONTRAST_ZH
    for rx in rows:
        m = rx.match(text)
        if m is None:
            continue
        old, new = _focus(m["old"]), _focus(m["new"])
        if not old or not new or old.lower() == new.lower() or not _stored(context, old):
            continue
        if got := _correct(context, old, new, source):
            return got
    return []
