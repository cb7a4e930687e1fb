"""Profiles typed as fragments: "31. seattle. nurse. 2 kids", a list of "- Cork born & raised"
/ "- data analyst", "坐标杭州。程序员。28". Each fragment alone says little ("31" could be
anything), so they are read only as a set: the pieces of one message that no rule read are
cut at their stops and list marks, each fragment is tried against the pack's `fragment`
table (a known place, an occupation, an age), and the readings are kept only when at least
two fragments of the message are read. Known words only: a place from the gazetteers, a job
from the occupation lexicon; anything else stays unread.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from graphmem.extract.common import ME, Said, State, cand, is_place_en, is_place_zh
from graphmem.extract.lexicon import ZH_OCCUPATIONS
from graphmem.extract.values_en import COMMON_WORD_CITIES, is_job, smaller_place, titled
from graphmem.lang import Handler, Pack
from graphmem.model import Candidate

#: Where a piece is cut into fragments: stops, list marks, bars and line breaks.
_CUTS = re.compile(r"(?:^|\s)[-•*·]\s+|[.;|/\n。；｜]+\s*|\s+[-—–]\s+")
_COMMAS = re.compile(r"\s*[，,]\s*")
#: What the rules read that says the message is a profile.
_PROFILE = frozenset({"age", "city", "hometown", "job_title", "employer"})
#: Fragment rules whose reading is a profile fact on its own ("outside boise").
_COUNTS_ALONE = frozenset({"en.fragment.place_led"})
#: At least this many fragments of one message must be read for any to count.
MIN_READ = 2
#: A message that is a list: two lines or more that open with an item's mark.
_LISTED = re.compile(r"^\s*(?:[-•*·]|\d{1,2}[.)、])\s*\S", re.M)


def listed(text: str) -> bool:
    """Whether the message is a list of marked items."""
    return len(_LISTED.findall(text)) >= 2


def fragments(piece: str) -> list[str]:
    """The fragments of a piece, without their list marks and the stops around them."""
    return [f.strip(" ,，!！?？~～()（）") for f in _CUTS.split(piece) if f.strip(" ,，!！?？~～()（）")]


def read(
    pieces: list[str],
    lang: str,
    state: State,
    shipped: Pack,
    listed: bool = False,
    read: Sequence[str] = (),
    known: Sequence[Candidate] = (),
) -> tuple[list[Candidate], set[str]]:
    """The candidates of the fragment-profile `pieces` of one message (the ones no rule read),
    and the pieces they came from; nothing unless `MIN_READ` fragments were read. `shipped`:
    the language's pack, unless the state carries another. `listed`: the message is a list
    of marked items ("- bookkeeper"), each an item of the profile, so one fragment is enough.
    `read`: the pieces rules read, whose comma clauses may hold a fragment too ("我28，高铁乘务员"),
    and `known`: what the rules made of the message; a profile fact among it counts as one
    fragment read, and an attribute it holds is not read again."""
    pack = state.packs.get(lang) or shipped
    out: list[Candidate] = []
    used: set[str] = set()
    read_count = 0
    held = {c.attribute for c in known if c.subject == ME.name}
    tries = [
        (piece, [x for f in fragments(piece) for x in _COMMAS.split(f) if x.strip()]) for piece in pieces
    ]
    tries += [(piece, [x.strip() for x in _COMMAS.split(piece) if x.strip()]) for piece in read]
    for piece, frags in tries:
        said = Said(state.context, piece, lang)
        for frag in frags:
            got = [c for c in pack.table("fragment").first(frag, said) or [] if c.attribute not in held]
            if got:
                read_count += 1
                used.add(piece)
                out.extend(got)
    if not out:
        return [], set()
    read_count += bool(held & _PROFILE)
    # a message that is one occupation and nothing else ("beekeeper.", "配音演员。") is a profile
    if len(pieces) == 1 and not read and len(out) == 1 and out[0].attribute == "job_title":
        read_count += 1
    # a place said with where one is ("outside boise", "based in Leeds") is one on its own
    read_count += sum(1 for c in out if c.rule in _COUNTS_ALONE)
    seen: set[str] = set()
    single = [c for c in out if not (c.attribute in seen or seen.add(c.attribute))]  # type: ignore[func-returns-value]
    return (single, used) if read_count >= (1 if listed else MIN_READ) else ([], set())


def _age(m: re.Match[str], said: Said) -> list[Candidate] | None:
    n = int(m["n"])
    return [cand("age", str(n), ME, said.source)] if 13 <= n <= 99 else None


def _place_en(m: re.Match[str], said: Said) -> list[Candidate] | None:
    x, home = m["x"].strip(), m.groupdict().get("home")
    named = x[:1].isupper() and (x.lower() in COMMON_WORD_CITIES or smaller_place(x.lower()))
    if not is_place_en(x) and not named:
        return None
    return [cand("hometown" if home else "city", titled(x), ME, said.source)]


#: Job words that are names as often, said alone with a capital ("- Dev" opening a bio).
_NAME_TOO = frozenset(
    {"dev", "rep", "lead", "partner", "fellow", "associate", "resident", "dean", "judge", "pastor"}
)


def _job_en(m: re.Match[str], said: Said) -> list[Candidate] | None:
    y = m["y"].strip()
    if y.istitle() and y.lower() in _NAME_TOO:
        return None
    return [cand("job_title", y, ME, said.source)] if len(y.split()) <= 3 and is_job(y) else None


def _place_zh(m: re.Match[str], said: Said) -> list[Candidate] | None:
    x, home = m["x"], m.groupdict().get("home")
    if not is_place_zh(x):
        return None
    return [cand("hometown" if home else "city", x, ME, said.source)]


def _job_zh(m: re.Match[str], said: Said) -> list[Candidate] | None:
    y = m["y"]
    # "高铁乘务员": an occupation with what it serves in front
    known = (
        y in ZH_OCCUPATIONS
        or any(y.endswith(o) for o in ZH_OCCUPATIONS if len(o) >= 2 and len(y) - len(o) <= 3)
        # "纹身师", "配音演员", "理货员": a trade named by its suffix
        or (
            2 <= len(y) <= 5
            and re.search(r"(?:师|员|匠|工)$", y) is not None
            and not re.search(r"[我你他她们]", y)
        )
    )
    return [cand("job_title", y, ME, said.source)] if known else None


#: The handlers the packs' fragment tables name (graphmem/lang/<language>/fragment.toml).
HANDLERS: dict[str, dict[str, Handler]] = {
    "en": {"fragment_age": _age, "fragment_place": _place_en, "fragment_job": _job_en},
    "zh": {"fragment_place": _place_zh, "fragment_job": _job_zh},
}
