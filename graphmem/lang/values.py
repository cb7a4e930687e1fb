"""What a value must be: a relation names someone, a taste or an allergy names the thing.

The checks run where candidates are validated (graphmem.write.validate), whatever extractor
made them, with the lexicons of both packs (graphmem/lang/<language>/values.toml): a value
said in one language inside the other's sentence is checked all the same.

    problem("spouse", "老公")                      -> "not_a_name"
    problem("friend", "the team lead")             -> "not_a_name"
    problem("allergy", "I found out at the dentist") -> "not_a_thing"
    trim("allergy", "latex since I was a kid")     -> "latex"
    trim("dislikes", "带香菜的东西")                 -> "香菜"
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from graphmem.lang.engine import data as pack_data

__all__ = ["problem", "trim"]

_LANGUAGES = ("en", "zh")
_CJK = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True)
class _Lexicon:
    not_names: frozenset[str]
    owned: re.Pattern[str]  # "my boss", "我老公": an owner word before a role or kinship word
    things: frozenset[str]
    story: re.Pattern[str]
    max_words: int
    max_chars: int
    tail: re.Pattern[str]
    #: a thing said inside a phrase about things that hold it ("带香菜的东西", "anything with
    #: cilantro in it"): the thing is its group `x`
    wrapper: re.Pattern[str] | None
    #: what names no thing at all ("the smell of it", "four cups a day")
    no_thing: re.Pattern[str] | None
    #: an owner and an order before a title ("their first designer"): not part of it
    title_owner: re.Pattern[str] | None
    #: how much of a thing, said before it ("一口香菜", "a single bite of"): not part of it
    amount: re.Pattern[str] | None
    #: what follows a workplace and is none of it ("京东一名小小的…"): cut off
    employer_tail: re.Pattern[str] | None = None
    #: how long a title has been held, said after it ("PM两年了"): cut off
    title_tail: re.Pattern[str] | None = None
    #: whom a name is used by, said after it ("Teddy to everyone"): cut off
    name_tail: re.Pattern[str] | None = None
    #: the thing found out, after how it was found ("做完皮试才知道是头孢"): the thing
    revealed: re.Pattern[str] | None = None


#: What no job starts with: a negation is something said, not a trade.
_NEGATED = re.compile(r"(?:do not|does not|don't|doesn't|not|never|no)\b|(?:不|没|别)", re.I)


def _alternation(words: list[str]) -> str:
    return "(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + ")"


@cache
def _lexicon(language: str) -> _Lexicon:
    data = pack_data(language, "values.toml")
    en = language == "en"
    b, e = (r"(?<![\w'])", r"(?![\w'])") if en else ("", "")
    flags = re.IGNORECASE if en else 0
    names = _alternation(data["not_names"])
    space = r"\s+" if en else ""
    owned = re.compile(rf"^{_alternation(data['owner_words'])}{space}{names}{e}", flags)
    return _Lexicon(
        frozenset(w.lower() for w in data["not_names"]),
        owned,
        frozenset(data["thing_attributes"]),
        re.compile(b + _alternation(data["story_words"]) + e, flags),
        int(data.get("thing_max_words", 0)),
        int(data.get("thing_max_chars", 0)),
        # case kept in English: "The Last of Us" is a title, "last week" a time
        re.compile(rf"(?:,\s*|{space}){b}{_alternation(data['tail_starts'])}{e}.*$" if en else
                   rf"(?<=.)[，,]?{_alternation(data['tail_starts'])}.*$", re.DOTALL),
        re.compile(data["thing_wrapper"], flags) if "thing_wrapper" in data else None,
        re.compile(data["no_thing"], flags) if "no_thing" in data else None,
        re.compile(data["title_owner"], flags) if "title_owner" in data else None,
        re.compile(data["thing_amount"], flags) if "thing_amount" in data else None,
        re.compile(data["employer_tail"], flags) if "employer_tail" in data else None,
        re.compile(data["title_tail"], flags) if "title_tail" in data else None,
        re.compile(data["name_tail"], flags) if "name_tail" in data else None,
        re.compile(data["thing_revealed"], flags) if "thing_revealed" in data else None,
    )  # fmt: skip


def _lexicons(value: str) -> list[_Lexicon]:
    return [_lexicon(lang) for lang in _LANGUAGES]


def is_thing(attribute: str) -> bool:
    """Whether `attribute`'s values are things (an allergen, a food, a diet, a pastime)."""
    return any(attribute in lex.things for lex in _lexicons(""))


def problem(attribute: str, value: str, relation: bool, placeholder: bool = False) -> str | None:
    """Why `value` cannot be the value of `attribute`, or None. `relation`: the attribute
    links the user to a person or a pet (graphmem.facts.vocab). `placeholder`: the value is
    the word for this very relation ("dad" on a parent/father link, said before any name:
    "my dad is retiring"), which stands for someone not yet named and is kept; a role or
    kinship word of another kind ("spouse: boss", "friend: 我老公") is never a name."""
    if attribute == "pet":  # a pet said by its kind ("my labrador") is kept as its kind
        return None
    v = value.strip()
    if attribute == "job_title" and _NEGATED.match(v):  # "…, don't judge" read as "a … do not judge"
        return "not_a_job"
    low = v.lower()
    for lex in _lexicons(v):
        if relation and (lex.owned.match(v) or (low in lex.not_names and not placeholder)):
            return "not_a_name"
        if attribute in lex.things and not relation:
            if lex.story.search(v):
                return "not_a_thing"
            if lex.no_thing is not None and lex.no_thing.match(v):  # "喝伤了" read as 伤, "like 3 a week"
                return "not_a_thing"
            if lex.max_words and not _CJK.search(v) and len(v.split()) > lex.max_words:
                return "not_a_thing"
            if lex.max_chars and _CJK.search(v) and len(v) > lex.max_chars:
                return "not_a_thing"
    return None


@cache
def _allergens(language: str) -> re.Pattern[str]:
    """The allergens a pack knows (its cues.toml [allergen] words), longest first."""
    words = sorted(pack_data(language, "cues.toml")["allergen"]["words"], key=len, reverse=True)
    if language == "en":
        return re.compile(r"(?<![\w'])(?:" + "|".join(map(re.escape, words)) + r")(?![\w'])", re.I)
    return re.compile("|".join(map(re.escape, words)))


def _allergen_of_dish(value: str) -> str:
    """The one known allergen a dish is named by ("the kiwi smoothie" -> "kiwi", 芒果冰沙 ->
    芒果); the value as it is when it names none, or more than one ("虾蟹")."""
    found = {m.group(0) for lang in _LANGUAGES for m in _allergens(lang).finditer(value)}
    if len({f.lower() for f in found}) != 1:
        return value
    allergen = found.pop()
    if re.match(r"[\u4e00-\u9fff]", value) and len(value.strip()) - len(allergen) <= 1:
        return value  # 螃蟹 is the word for crab, not a dish of 蟹
    return allergen


def trim(attribute: str, value: str) -> str:
    """`value` cut where what is said about the thing starts ("latex the hard way" -> "latex");
    empty when all of it is such talk ("at the dentist of all places", a list item after the
    thing)."""
    out = value
    for lex in _lexicons(value):
        if attribute == "job_title" and lex.title_owner is not None:  # "as their first designer"
            out = lex.title_owner.sub("", out) or out
        if attribute == "job_title" and lex.title_tail is not None:  # "PM两年了" -> "PM"
            out = lex.title_tail.sub("", out) or out
        if attribute == "employer" and lex.employer_tail is not None:  # 京东一名小小的… -> 京东
            out = lex.employer_tail.sub("", out) or out
        if attribute in ("preferred_name", "name") and lex.name_tail is not None:  # "Teddy to everyone"
            out = lex.name_tail.sub("", out) or out
        if attribute in lex.things and lex.no_thing is not None and lex.no_thing.match(out.strip()):
            return ""  # "even the smell of it", "four cups a day": no thing named
    for lex in _lexicons(value):
        if attribute in lex.things:
            if lex.amount is not None:
                out = lex.amount.sub("", out.strip()) or out
            if lex.revealed is not None and (m := lex.revealed.match(out.strip())):
                out = m["x"]
            if lex.wrapper is not None and (m := lex.wrapper.match(out.strip())):
                out = m["x"]
            out = lex.tail.sub("", " " + out).strip(" ,，。.")
    if attribute == "allergy":
        out = _allergen_of_dish(out)
    return out
