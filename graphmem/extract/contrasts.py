"""Corrections that name the old value beside the new one, in more ways than "Y, not X":

- a negated old value and a new one in focus: "not wheat, it's eggs I can't have",
  "shellfish is fine, it's sesame I react to", "花生没事，是芒果过敏", "不是花生，是芒果";
- a refinement of a stored value: "Springfield ILLINOIS, not the Missouri one",
  "Portland, Maine to be clear", "是吉林市，不是吉林省的那个".

The old value must be one the user has on record (an active fact): that decides the
attribute and keeps a contrast about anything else from reading as a correction. The new
value moves onto the old one's attribute through on_record.bare_correction, as the bare
"Iowa, not Ohio" does. The patterns are the packs' contrast tables
(graphmem/lang/<language>/contrast.toml); the handlers here decide what each match makes.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from graphmem.extract.changes import is_title
from graphmem.extract.common import (
    ME,
    Said,
    Subject,
    cand,
    facts_with_value,
    is_org_en,
    is_org_zh,
    is_place_en,
    is_place_zh,
    self_like,
)
from graphmem.extract.on_record import bare_correction, bare_number_correction, bare_slip_correction
from graphmem.extract.protocol import ExtractContext
from graphmem.extract.relations import names_someone_else
from graphmem.extract.values_en import is_job, org_name, place
from graphmem.facts.vocab import attribute, has_cjk
from graphmem.lang import Handler, data
from graphmem.lang.values import problem
from graphmem.model import Candidate, Fact

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
_FREE = frozenset({"note", "event", "reply_style", "name", "preferred_name", "age", "birthday", "gender"})


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
    old, new = _focus(m["old"]), _bare(m["new"], said.lang)
    if not old or not new or old.lower() == new.lower() or not _stored(said.context, old):
        return None
    if _focus_rx(said.lang)[2].search(new):  # "飞盘那是在草坪上跑的": a clause about it, no value
        return None
    # "31 不是29，手滑": a number stands only for a number ("手滑" is how the slip happened)
    if re.fullmatch(r"\d+", old.strip()) and not re.search(r"[\d一二两三四五六七八九十]", new):
        return None
    return _correct(said.context, old, new, said.source) or None


@lru_cache(maxsize=4)
def _focus_rx(lang: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The pack's words around a new value (cues.toml, [contrast]): what opens its clause,
    what ends it, what it is never made of, and someone else's subject before a denial."""
    d = data(lang, "cues.toml")["contrast"]
    flags = re.I if lang == "en" else 0
    return (
        re.compile(d["focus_lead"], flags),
        re.compile(d["focus_tail"], flags),
        re.compile(d["not_value"], flags),
        re.compile(d["other_subject"], flags),
    )


_SEPARATOR = re.compile(r"[,;:.!?，。；：！？—–]|\s-\s|\s(?:but|and|so)\s")
_CLAUSES = re.compile(r"\s*(?:[,;:.!?，。；：！？、]+|\s[-—–]+\s|[—–]+)\s*")


#: How a value on record is pointed at as said before ("之前说我住广州…", "上次提到的杭州…").
_SAID_BEFORE_ZH = re.compile(
    r"(?:之前|上次|以前|刚才|前面|前几天)(?:跟你)?(?:说|讲|提|提到)(?:的|过)?(?:我)?(?:住|住在|在|是)?$"
)


def _stored_in(context: ExtractContext, said: str, lang: str) -> Fact | None:
    """The one fact of the user's on record whose value `said` names, with nothing around it
    but a word or two of talk ("turns out ibuprofen" names ibuprofen)."""
    low = said.strip().lower()
    hits = []
    for fact in context.active_facts:
        fv = str(fact.value).strip().lower()
        # a one-character value (虾, 蛋) only when said alone, never inside another word
        short = len(fv) < 2 and not (has_cjk(fv) and low == fv)
        if short or attribute(fact.attribute).relation or fact.attribute in _FREE:
            continue
        if lang == "en":
            m = re.search(rf"(?<![\w']){re.escape(fv)}(?:s|es)?(?![\w'])", low)
            if m and len(low.split()) - len(fv.split()) <= 2:
                hits.append(fact)
        elif fv in low and (len(low) - len(fv) <= 4 or _SAID_BEFORE_ZH.search(low.split(fv)[0])):
            hits.append(fact)
    keys = {(f.attribute, f.subject_name) for f in hits}
    return hits[0] if len(keys) == 1 else None


def new_value(rest: str, fact: Fact, said: Said) -> list[Candidate]:
    """The value the rest of the statement names in place of `fact`: the rules' own reading of
    one of its clauses on the same attribute, else the one clause that is a bare value once
    the words around it are off ("it's aspirin I react to" → aspirin)."""
    not_value = _focus_rx(said.lang)[2]
    clauses = [c for c in _CLAUSES.split(rest) if c.strip()]
    if said.reread is not None:
        for clause in clauses:
            same = [
                c
                for c in said.reread(clause)
                if c.attribute == fact.attribute
                and c.subject == fact.subject_name
                and not c.retract
                and c.value.lower() != str(fact.value).lower()
            ]
            if same:  # the first stands in for the old value; the rest are said beside it
                first = replace(same[0], correction=True, replaces=str(fact.value), source_text=said.source)
                return [first, *(replace(c, source_text=said.source) for c in same[1:])]
    values = []
    for clause in clauses:
        v = _bare(clause, said.lang)
        words = v.split() if said.lang == "en" else [v]
        # a clause of several words is a value only when said as one ("it's mango", "the
        # culprit is sesame"); "saw the allergist" is what happened
        focused = v != clause.strip(" -—–:,的") or len(words) <= 2
        verbal = said.lang == "en" and any(re.search(r"(?:ed|ing)$", w) for w in words[:1]) and len(words) > 1
        # a Chinese clause that tells what was done ("顺手做了个皮试") is no bare value
        told = said.lang == "zh" and (
            len(v) > 6
            or re.search(r"[了着过个去做说在吗呢吧]|出来|下来|回来|拿到|完", v) is not None  # "单子出来了"
        )
        if (
            v
            and focused
            and not verbal
            and not told
            and len(words) <= 4
            and not not_value.search(v)
            and len(v) <= 40
        ):
            values.append(v)
    if len(values) != 1 or values[0].lower() == str(fact.value).lower() or not _of_kind(fact, values[0]):
        return []
    relation = attribute(fact.attribute).relation
    if problem(fact.attribute, values[0], relation):
        return []
    new = values[0]
    if fact.attribute in ("city", "hometown") and not has_cjk(new):
        new = place(new) or new  # "not tacoma — olympia": the place as it is written
    subj = ME if fact.subject_name == ME.name else Subject(fact.subject_name, "person")
    return [cand(fact.attribute, new, subj, said.source, correction=True, replaces=str(fact.value))]


def _bare(value: str, lang: str) -> str:
    """A new value without the words of its clause around it ("amoxicillin im allergic to",
    "的 主要是菠萝")."""
    lead, tail, _, _ = _focus_rx(lang)
    v = lead.sub("", value.strip(" -—–:,的")).strip()
    return _focus(tail.sub("", v).strip(" '\"")) if v else ""


def _of_kind(fact: Fact, value: str) -> bool:
    """Whether `value`, said bare, can be a value of `fact`'s attribute: a workplace is a name,
    a city a place, a title an occupation ("I'm not at Globex anymore, long story" names none)."""
    if has_cjk(value):
        # "输入法害人" after "是长沙，不是长春" is a remark, no city; "title早就" no title
        if fact.attribute in ("city", "hometown"):
            return is_place_zh(value, loose=True)
        if fact.attribute == "job_title":
            return is_title(value, "zh")
        return True
    if fact.attribute == "employer":
        return org_name(value) is not None
    if fact.attribute in ("city", "hometown"):
        return place(value) is not None
    if fact.attribute == "job_title":
        return is_job(value)
    return value.lower() not in _NOT_THINGS


#: What a bare clause after a denial says that is no value ("long story", "no idea").
_NOT_THINGS = frozenset(
    {"long story", "no idea", "idk", "whatever", "who knows", "never mind", "nvm", "same"}
)


def _retracted(m: re.Match[str], said: Said) -> list[Candidate] | None:
    """A value on record said, anywhere in the statement, to be wrong or harmless ("ibuprofen is
    fine", "not Denver anymore"), and the value that holds instead in the rest of it."""
    for found in m.re.finditer(m.string):
        # "… today and the amoxicillin challenge went fine": the value is after the last joint
        named = _JOINT.split(found["old"])[-1] if said.lang == "en" else found["old"]
        fact = _stored_in(said.context, named, said.lang)
        if fact is None:
            continue
        before, after = m.string[: found.start()], m.string[found.end() :]
        if _focus_rx(said.lang)[3].search(before) or names_someone_else(found["old"], said.lang):
            continue  # "my sister is not vegetarian, …", "她芒果是阴性": said of someone else
        # the new value is said in a clause of its own: what shares the denial's clause is
        # part of it ("the recruiter thinks I'm not at X", "not in Denver any more")
        cut = list(_SEPARATOR.finditer(before))
        own_start = cut[-1].end() if cut else 0
        first = _SEPARATOR.search(after)
        own_end = found.end() + (first.start() if first else len(after))
        # the new value in the denial's own clause ("it's aspirin not ibuprofen"), else in
        # the other clauses of the statement ("not Denver anymore, Boulder now")
        own = f"{before[own_start:]} {after[: own_end - found.end()]}"
        rest = f"{before[:own_start]} , {after[first.start() :] if first else ''}"
        got = new_value(own, fact, said) or new_value(rest, fact, said)
        if got and said.reread is not None:
            # "I'm not allergic to kiwi, it was the pollen": the denial's own reading retracts
            # the old value; the new one is then said beside it, not in its place
            denial = [
                c
                for c in said.reread(m.string[own_start:own_end])
                if c.retract and c.attribute == fact.attribute
            ]
            if denial:
                return [*denial, *(replace(c, replaces=None) for c in got)]
        if got:
            return got
        if fact.attribute == "allergy" and _HARMLESS.search(found.group(0)):
            # "penicillin is fine after all", "青霉素压根没事": no allergy to it, though none other is named
            source = m.string[own_start:own_end]
            return [cand("allergy", fact.value, ME, source, retract=True, correction=True, cue="retraction")]
    return None


#: Where a clause joins the one before it, inside what a pattern took for one value.
_JOINT = re.compile(r"\b(?:and|but|so|then|plus|while|because|cause)\b", I)


#: A value said to do no harm (not wrong, not a typo): for an allergy, that there is none.
_HARMLESS = re.compile(
    r"\b(?:fine|ok|okay|alright|all right|no problem|safe|problem|issue|culprit|trigger)\b"
    # a test said to have found nothing: "came back negative", "went fine", "阴性"
    r"|\b(?:negative|clean|clear|no reaction|zero reaction)\b"
    r"|没事|没问题|不过敏|可以吃|能吃|不要紧|不碍事|是可以的|事(?:都|也)?没有|没反应|反应(?:都|也)?没有|阴性",
    I,
)


#: A verb or a clause after a value: the statement says something of it ("Boston was fun").
_SAYS_MORE = re.compile(
    r"\s(?:is|was|are|were|has|had|that|which|who|what|where|i|i'm|im|me|gets|does|did|causes|makes)(?![\w'])",
    I,
)
#: What a value said alone as a correction may stand for: one of these on record, in the order
#: one stated at the same time is taken.
_BARE_KINDS = ("city", "employer", "job_title", "hometown")
#: A name said in English: one to three capitalised words.
_A_NAME_EN = re.compile(r"(?-i:[A-Z])[\w.'&-]+(?:\s+(?-i:[A-Z])[\w.'&-]+){0,2}")


def bare_value_corrected(statement: str, said: Said) -> list[Candidate]:
    """A correction that says only the new value, its cue taken off ("Boulder actually, my bad",
    "其实是成都，说错了", "I meant 42"): a number is the age on record; a place, a title or a
    workplace (one that shares its first word with the one on record: Vantage Bio, Vantage
    Labs) replaces the fact of that kind the user stated last; else a slip of a value on
    record (王婷 → 王颖). Nothing of a kind on record, or two facts of it as recent as each
    other, and it stays as said."""
    value = _bare(statement.strip(" .!?。！？~～…"), said.lang).strip(" .!?。！？~～…")
    if said.lang == "en" and _SAYS_MORE.search(statement):
        return []  # "actually Boston was fun": a statement about the value, not the value
    words = value.split() if said.lang == "en" else [value]
    if not value or len(words) > 4 or len(value) > 40 or _focus_rx(said.lang)[2].search(value):
        return []
    if re.fullmatch(r"\d{1,3}", value):
        return bare_number_correction(said.context, value, said.source)
    on_record = [
        f
        for f in said.context.active_facts
        if f.attribute in _BARE_KINDS and self_like(f.subject_name) and str(f.value).lower() != value.lower()
    ]
    held = [f for f in on_record if _names_kind_of(f, value, said.lang)]
    if not held and _A_NAME_EN.fullmatch(value):
        # a name the lexicons do not know ("more like Bellevue"): a place or a workplace, the one
        # on record stated last
        held = [f for f in on_record if f.attribute in ("city", "hometown", "employer")]
    if not held:
        return bare_slip_correction(said.context, value, said.source)
    latest = max(f.recorded_at for f in held)
    # the same message may have said two of a kind ("from Spokane but I live in Seattle"):
    # the one where one lives now is the one made exact
    last = sorted((f for f in held if f.recorded_at == latest), key=lambda f: _BARE_KINDS.index(f.attribute))
    if problem(last[0].attribute, value, False):
        return []
    fact = last[0]
    return [cand(fact.attribute, value, ME, said.source, correction=True, replaces=str(fact.value))]


def _names_kind_of(fact: Fact, value: str, lang: str) -> bool:
    """Whether `value`, said alone, is of the kind `fact` holds: a place the gazetteer knows for
    a city, an occupation for a title, for a workplace a name that starts as the one on record
    does or ends as a firm's name does (a known place is never one)."""
    if fact.attribute in ("city", "hometown"):
        return is_place_zh(value) if has_cjk(value) else is_place_en(value)
    if fact.attribute == "job_title":
        return is_title(value, "zh" if has_cjk(value) else "en")
    stored = str(fact.value)
    if has_cjk(value):
        if is_place_zh(value):
            return False
        return (len(value) >= 3 and value[:2] == stored[:2]) or is_org_zh(value)
    if is_place_en(value) or not value[:1].isupper():
        return False
    return value.split()[0].lower() == stored.split()[0].lower() or is_org_en(value)


#: The handlers the packs' contrast tables name (graphmem/lang/<language>/contrast.toml), by language.
#: What makes "Kingston, Ontario" alone a refinement: a correction said with it ("I meant …").
_SAID_AS_CORRECTION_EN = re.compile(
    r"\b(?:I meant|I mean|meant|typo|correction|to be (?:clear|exact|precise))\b", re.I
)


def _refine_corrected_en(m: re.Match[str], said: Said) -> list[Candidate] | None:
    """ "I meant Kingston, Ontario": a refinement only when said as a correction."""
    return _refine_en(m, said) if _SAID_AS_CORRECTION_EN.search(said.source) else None


def _meant_instead(m: re.Match[str], said: Said) -> list[Candidate] | None:
    """ "I meant Bradford, Leeds is just where the office is": the value meant replaces the one
    on record the rest of the sentence says is something else."""
    return bare_correction(said.context, m["old"], m["new"], said.source) or None


HANDLERS: dict[str, dict[str, Handler]] = {
    "en": {
        "meant_instead": _meant_instead,
        "refine": _refine_en,
        "refine_if_corrected": _refine_corrected_en,
        "contrast": _contrast,
        "retracted": _retracted,
    },
    "zh": {"refine": _refine_zh, "contrast": _contrast, "retracted": _retracted},
}
