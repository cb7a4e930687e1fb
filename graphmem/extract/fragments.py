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

from graphmem.extract.common import ME, Said, State, Subject, cand, is_place_en, is_place_zh, link
from graphmem.extract.frames import breed_species
from graphmem.extract.lexicon import ZH_OCCUPATIONS
from graphmem.extract.relations import relation_of
from graphmem.extract.values_en import COMMON_WORD_CITIES, is_job, smaller_place, titled
from graphmem.lang import Handler, Pack
from graphmem.model import Candidate
from graphmem.text.enumeration import enumeration
from graphmem.text.terms import zh_number

#: Where a piece is cut into fragments: stops, list marks, bars and line breaks.
_CUTS = re.compile(r"(?:^|\s)[-•*·]\s+|[.;|/\n。；｜]+\s*|\s+[-—–]\s+")
_COMMAS = re.compile(r"\s*[，,]\s*")
#: An aside in brackets after a fragment ("denver (well, aurora)", "taxidermist (yes really)").
_ASIDE = re.compile(r"\s*[(（][^()（）]{0,40}[)）]")
#: Attributes a profile lists several of.
_MANY = frozenset({"likes", "dislikes", "allergy", "language", "skill", "pet"})
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
    return len(_LISTED.findall(text)) >= 2 or bool(enumeration(text))


def fragments(piece: str) -> list[str]:
    """The fragments of a piece, without their list marks and the stops around them."""
    piece = _ASIDE.sub("", piece)  # "taxidermist (yes really)": the aside is no part of it
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
    tries = [(piece, fragments(piece)) for piece in pieces] + [(piece, [piece]) for piece in read]
    for piece, frags in tries:
        said = Said(state.context, piece, lang)
        for whole in frags:
            # a fragment is read whole first ("hobbies: climbing, chess", "two cats, Tom & Jerry"),
            # else comma by comma ("31, seattle")
            if got := _fresh(pack.table("fragment").first(whole.strip(), said), held):
                parts = [got]
            else:
                table = pack.table("fragment")
                parts = [
                    _fresh(table.first(x.strip(), said), held) for x in _COMMAS.split(whole) if x.strip()
                ]
            for got in parts:
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
    # one value an attribute of the profile (an age, a city), all of what is many (likes, pets)
    single = [
        c
        for c in out
        if c.attribute in _MANY or c.subject != ME.name or not (c.attribute in seen or seen.add(c.attribute))  # type: ignore[func-returns-value]
    ]
    return (single, used) if read_count >= (1 if listed else MIN_READ) else ([], set())


def _fresh(got: list[Candidate] | None, held: set[str]) -> list[Candidate]:
    """What a fragment gave, without the attributes the rules already read off the message."""
    return [c for c in got or [] if c.attribute not in held]


#: A field of a profile by its label ("hobbies: fly fishing, chess", "爱好：爬山、拼图"), and the
#: attribute each label names.
_LABELS = {
    **dict.fromkeys(
        ("hobbies", "hobby", "interests", "likes", "loves", "into", "爱好", "兴趣", "兴趣爱好", "喜欢"),
        "likes",
    ),
    **dict.fromkeys(("dislikes", "hates", "not into", "讨厌", "不喜欢"), "dislikes"),
    **dict.fromkeys(
        ("allergies", "allergy", "allergic to", "allergic", "过敏", "过敏源", "过敏原"), "allergy"
    ),
    **dict.fromkeys(("languages", "language", "speaks", "语言", "会的语言"), "language"),
    **dict.fromkeys(("skills", "skill", "特长", "技能"), "skill"),
}
_ITEMS = re.compile(r"\s*(?:[,，、/;；+&]|\band\b|\bplus\b|和|跟|还有)\s*", re.I)


def _labelled(m: re.Match[str], said: Said) -> list[Candidate] | None:
    attribute = _LABELS.get(m["label"].strip().lower())
    if attribute is None:
        return None
    values = [v.strip(" .。!！~") for v in _ITEMS.split(m["v"]) if v.strip(" .。!！~")]
    if not values or any(len(v) > 40 for v in values):
        return None
    return [cand(attribute, v, ME, said.source) for v in values[:6]]


def _pets_named(m: re.Match[str], said: Said) -> list[Candidate] | None:
    """ "two axolotls, Mochi & Bean", "a beagle (Rufus)": the animals and their names."""
    kind = relation_of(m["rel"]) or (("pet", breed) if (breed := breed_species(m["rel"])) else None)
    if kind is None or kind[0] != "pet":
        return None
    names = [n.strip() for n in _ITEMS.split(m["names"]) if n.strip()]
    if not names or any(n.lower() in ("and", "the") for n in names):
        return None
    out = [link("pet", kind[1], n, said.source) for n in names]
    if breed_species(m["rel"]):  # "a beagle (Rufus)": the breed is told of the pet too
        out += [cand("note", m["rel"], Subject(n, "pet", kind[1]), said.source) for n in names]
    return out


def _pets_counted(m: re.Match[str], said: Said) -> list[Candidate] | None:
    """ "2 cats who hate each other", "one grumpy old dog": animals of the user's, by kind
    (the kind stands for them until they are named)."""
    kind = relation_of(m["rel"]) or (("pet", breed) if (breed := breed_species(m["rel"])) else None)
    if kind is None or kind[0] != "pet":
        return None
    return [link("pet", kind[1], kind[1] or m["rel"].lower(), said.source)]


def _age(m: re.Match[str], said: Said) -> list[Candidate] | None:
    n = zh_number(m["n"]) or 0  # "31", and in Chinese also "二十八"
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
    if x.endswith("的") and len(x) > 2:  # "哈尔滨的": where one is from, said as a place's own
        x, home = x[:-1], "的"
    if not is_place_zh(x):
        return None
    return [cand("hometown" if home else "city", x, ME, said.source)]


def _job_zh(m: re.Match[str], said: Said) -> list[Candidate] | None:
    y = m["y"]
    if re.match(r"(?:学|读|考|念|想当|想做|想干)", y):  # "学会计": a subject studied, not a job held
        return None
    # "高铁乘务员": an occupation with what it serves in front
    known = (
        y in ZH_OCCUPATIONS
        or any(y.endswith(o) for o in ZH_OCCUPATIONS if len(o) >= 2 and len(y) - len(o) <= 3)
        # "纹身师", "配音演员", "理货员": a trade named by its suffix
        or (
            2 <= len(y) <= 5
            and re.search(r"(?:师|员|匠|工)$", y) is not None
            and not re.search(r"[我你他她们]", y)
            # "刚收工", "又罢工了": work started or stopped, no trade
            and not re.search(
                r"^(?:刚|才|已经|又|还|没|不|都|也|在)|(?:收|开|上|下|完|复|停|罢|打|旷|误)工$", y
            )
        )
    )
    return [cand("job_title", y, ME, said.source)] if known else None


#: The handlers the packs' fragment tables name (graphmem/lang/<language>/fragment.toml).
HANDLERS: dict[str, dict[str, Handler]] = {
    "en": {
        "fragment_age": _age,
        "fragment_place": _place_en,
        "fragment_job": _job_en,
        "fragment_labelled": _labelled,
        "fragment_pets": _pets_named,
        "fragment_pets_counted": _pets_counted,
    },
    "zh": {
        "fragment_age": _age,
        "fragment_place": _place_zh,
        "fragment_job": _job_zh,
        "fragment_labelled": _labelled,
    },
}
