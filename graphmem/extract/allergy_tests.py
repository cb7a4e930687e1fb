"""What an allergy test's result says of the allergies on record: the ones it cleared go, the
ones it found are kept.

    "allergist update: skin prick came back clean for shellfish, kiwi still lit up"
    "过敏原报告出来了 虾那项是阴性 倒是查出来对猫毛过敏"
    "头孢那个是冤枉的 当时是病毒疹 以后可以正常用 青霉素还是不行"

A report is read clause by clause. A clause that names an allergy on record (or an allergen of
a kind on record: 虾 for 海鲜, shrimp for shellfish) and says it came out harmless (negative,
clean, 阴性, 冤枉, "fine after all"), with nothing in it saying it was found, takes that allergy
back. A harmless word that is no test's verdict by itself ("fine", 没事, 可以吃) counts only in a
message that talks of a test. The other clauses are read by the language rules; an allergy they
find is said beside the retraction, and so is an allergen a clause says the test found
("the prick lit up for latex", "花粉倒是阳性") that no rule reads.
Words are pack data (graphmem/lang/<language>/cues.toml, [allergy_test]).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from graphmem.extract import contrasts, cues
from graphmem.extract.common import EMOJI, ME, Said, cand, names_word, self_like
from graphmem.extract.relations import names_someone_else
from graphmem.lang import data
from graphmem.model import Candidate, Fact


@dataclass(frozen=True)
class _Words:
    test: re.Pattern[str]
    cleared: re.Pattern[str]
    harmless: re.Pattern[str]
    found: re.Pattern[str]
    clauses: re.Pattern[str]
    kinds: dict[str, tuple[str, ...]]
    allergens: tuple[str, ...]


@lru_cache(maxsize=4)
def _words(lang: str) -> _Words:
    d = data(lang, "cues.toml")["allergy_test"]
    flags = re.I if lang == "en" else 0
    return _Words(
        test=re.compile(d["test"], flags),
        cleared=re.compile(d["cleared"], flags),
        harmless=re.compile(d["harmless"], flags),
        found=re.compile(d["found"], flags),
        clauses=re.compile(rf"{d['clauses']}|(?:{EMOJI.pattern})+", flags),
        kinds={k.lower(): tuple(v) for k, v in d["kinds"].items()},
        # the allergens a reaction is read by, and those a test finds besides foods and drugs
        allergens=tuple(sorted({*cues.allergen_words(lang)[3], *d["allergens"]}, key=len, reverse=True)),
    )


def test_talk(text: str, lang: str) -> bool:
    """Whether `text` talks of an allergy test (a panel, a skin prick, 过敏原检测, 皮试)."""
    return _words(lang).test.search(text) is not None


def read(
    statement: str,
    said: Said,
    reread: Callable[[str], list[Candidate]],
    *,
    tested: bool,
    reported: bool = False,
    cleared_before: Sequence[Fact] = (),
) -> list[Candidate]:
    """The allergies on record a test result in `statement` clears, as retractions, and the
    allergies it says were found; nothing when it clears none, unless a piece before it in the
    message did (`reported`: "…虾那项是阴性！！医生说…倒是查出来我对猫毛过敏"), when what it found
    is read all the same. `tested`: the message talks of a test, so a plain "fine" is its verdict.
    `cleared_before`: what the piece just before this one cleared (what a value said alone here
    stands in for: "the test for cats came back negative?? it's dust mites")."""
    w = _words(said.lang)
    # one scan first: most statements give no verdict, and the facts on record are not loaded
    if not reported and not (w.cleared.search(statement) or (tested and w.harmless.search(statement))):
        return []
    on_record = [
        f for f in said.context.active_facts if f.attribute == "allergy" and self_like(f.subject_name)
    ]
    if not on_record:
        return []
    clauses = [c.strip() for c in w.clauses.split(statement) if c and c.strip()]
    cleared: dict[str, Fact] = {}
    rest, plain = [], []
    for clause in clauses:
        verdict = w.cleared.search(clause) or (tested and w.harmless.search(clause))
        # "not allergic" says nothing was found: the found words are read without the verdict
        found = w.found.search(w.cleared.sub(" ", clause))
        named = [f for f in on_record if _names(clause, str(f.value), said.lang)]
        if verdict and not found and named and not names_someone_else(clause, said.lang):
            for fact in named:
                cleared.setdefault(str(fact.value).lower(), fact)
        else:
            rest.append(clause)
            if not verdict:
                plain.append(clause)
    if not cleared and not reported:
        return []
    out = [
        cand("allergy", str(f.value), ME, said.source, retract=True, correction=True, cue="retraction")
        for f in cleared.values()
    ]
    retracted = len(out)
    for clause in rest:
        if not w.found.search(w.cleared.sub(" ", clause)) or names_someone_else(clause, said.lang):
            continue
        read_here = [
            c
            for c in reread(clause)
            if c.attribute == "allergy"
            and self_like(c.subject)
            and not c.retract
            and c.value.lower() not in cleared
        ]
        if not read_here:
            read_here = [
                cand("allergy", a, ME, said.source)
                for a in _allergens_in(clause, said.lang)
                if a.lower() not in cleared
            ]
        out.extend(replace(c, source_text=said.source) for c in read_here)
    instead_of = [*cleared.values(), *cleared_before]
    if len(out) == retracted and instead_of:
        # no clause says what was found; one may name it alone ("…, it's dust mites")
        instead = contrasts.new_value(" , ".join(plain), instead_of[0], said)
        out.extend(
            replace(c, replaces=None, correction=False) for c in instead if c.value.lower() not in cleared
        )
    return out


def _names(clause: str, value: str, lang: str) -> bool:
    """Whether `clause` names the allergen `value`, or one of its kind (shrimp for shellfish)."""
    kinds = _words(lang).kinds
    return any(names_word(clause, v, lang) for v in (value, *kinds.get(value.lower(), ())))


def _allergens_in(clause: str, lang: str) -> list[str]:
    """The known allergens a clause names, longest first, none inside another."""
    out: list[str] = []
    for a in _words(lang).allergens:
        if names_word(clause, a, lang) and not any(a.lower() in o.lower() for o in out):
            out.append(a)
    return out
