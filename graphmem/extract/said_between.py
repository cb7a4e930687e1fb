"""The user's people and pets said with something between the relation and the name, rewritten
to the plain form the rules read ("my cat Pounce …", 我家柯基豆包…), so the name lands on its
relation and what follows is kept on that person or pet:

- a name with an aside between dashes (an em dash, an en dash, a double hyphen, 破折号 ——):
  "Pounce — our old tabby, queen of the sofa — goes to …" is said the bracket way
  ("Pounce (our old tabby) goes to …"), which `said_loosely` then reads;
- a relation word, what sort of friend it is, then the name between commas, a bracket after it
  ("my buddy from the rowing club, Ivo Brandt, lives …", "my better half, Ines (married since
  '91), is …"): the qualifier and the bracket go, the relation and the full name stay;
- a pet said as "the cat" or "the dog" with its name between commas heading the message ("the
  dog, Sir Wagsalot, sleeps …"): the user's own, unless the message says whose it is or where
  it lives ("next door", "my neighbor's", "belongs to");
- Chinese: a pet by the chat word for its kind and its name, then what breed it is as an aside
  (狗子豆包，一只胖柯基，…): the breed names it; a person from work by a nickname and then the
  full name (我们主管老周，周建国，…: the full name starts with the nickname's surname) is one
  person, the nickname the entity and the full name its name; a relation word and a name
  between commas (我发小，张伟，…) when the name starts with a surname or is a nickname.

An aside that says no relation, another's pet or person, and a word where a name would stand are
left as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from graphmem.extract.lexicon import EN_BREEDS, EN_KINDS_OWNED, ZH_BREEDS
from graphmem.extract.relations import RELATION_WORDS, relation_of
from graphmem.lang import fragment

_HAN = r"[\u4e00-\u9fff]"


def _alternation(words: Iterable[str]) -> str:
    """A regex group of `words`, longest first."""
    return r"(?:" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + r")"


_EN_REL = _alternation(w for w in RELATION_WORDS if w.isascii())
_ZH_REL = _alternation(w for w in RELATION_WORDS if len(w) >= 2 and not w.isascii())
_ZH_PET = _alternation(
    w
    for w, (attribute, _) in RELATION_WORDS.items()
    if attribute == "pet" and len(w) >= 2 and not w.isascii()
)
_ZH_BREED = _alternation(ZH_BREEDS)
_ZH_ONE = "".join(w for w in RELATION_WORDS if len(w) == 1 and not w.isascii())  # 我弟, 我妈
_SURNAMES = fragment("zh", "SURNAMES")

# ---- a name with an aside between dashes --------------------------------------------------------

#: an em dash (or two), an en dash, a double hyphen, or a hyphen with a space either side
_DASH = r"(?:\s*(?:—{1,2}|–|--)\s*|\s+-\s+)"
_EN_DASH_ASIDE = re.compile(
    rf"(?<![\w'])(?P<name>[A-Z][a-z]{{1,15}}|^[a-z]{{2,15}}){_DASH}(?P<aside>(?:my|our)\s+[^—–()]{{1,80}}?){_DASH}(?=\S)"
)
#: "the missus — Priya, love of my life — just got …": the relation first, then its name and
#: what is said of them between dashes
_EN_DASH_NAMED = re.compile(
    rf"^(?:(?:so|ok so|and|but|anyway)\s+)?(?P<own>the|my|our)\s+(?P<w>{_EN_REL}){_DASH}(?:(?:well|uh|um|like|i mean)\s+)?"
    rf"(?P<name>[A-Z][a-z'-]{{1,15}})(?:\s*,[^—–()]{{0,80}}?)?{_DASH}(?=\S)",
    re.I,
)
#: Words that may open a dash aside and name no one.
_NOT_A_NAME = frozenset("i we you he she they it this that there well so ok okay".split())
_ZH_DASH_ASIDE = re.compile(
    rf"^(?P<name>{_HAN}{{1,4}}?){_DASH}(?P<who>(?:我们家|我家|我的|我)[^，,—()（）]{{0,20}}?)(?P<extra>[，,][^—()（）]{{0,30}})?{_DASH}(?=\S)"
)


def _says_a_relation(aside: str) -> bool:
    """Whether an English aside names one of the user's own ("our old tabby, …"), not another's."""
    if re.search(r"['’]s\b", aside):
        return False  # "my sister's cat": someone else's
    # the first phrase ends with the word for who they are: "my 12yo dachshund", "our beagle mix",
    # "my best friend from college"; not "my kids' favorite holiday"
    first = re.split(r"[,;]", aside, maxsplit=1)[0]
    first = re.sub(
        r"\s+(?:from|since|of|at|in|back|through|who|that)\b.*$|\s+mix$", "", first.strip(), flags=re.I
    )
    word = re.search(r"[\w'-]+$", first)
    return word is not None and en_kind(word[0]) is not None


_EN_REL_WORD = re.compile(rf"\b(?P<w>{_EN_REL})(?:s)?\b", re.I)
_EN_BREED_WORD = re.compile(rf"\b(?P<w>{_alternation({*EN_BREEDS, *EN_KINDS_OWNED})})\b", re.I)


def en_kind(desc: str) -> str | None:
    """The relation word an English aside says ("my tabby" → tabby), a breed said as its animal
    ("our golden" → dog), else None."""
    if m := _EN_REL_WORD.search(desc):
        return m["w"].lower()
    if m := _EN_BREED_WORD.search(desc):
        w = m["w"].lower()
        return EN_KINDS_OWNED.get(w) or EN_BREEDS.get(w)
    return None


#: An age said in an aside: "4yo", "12 years old", "a 9-year-old"; a pet's "at 13" too
_EN_AGE = re.compile(r"\b(?P<n>\d{1,2})\s*(?:yo|y/o|yrs?\s+old|years?\s+old|-year-old|-yr-old)\b", re.I)
_EN_PET_AGE = re.compile(r"\bat\s+(?P<n>\d{1,2})\b(?!\s*(?:am|pm|a\.m|p\.m|:|%|o'?clock|percent))", re.I)
_ZH_AGE = re.compile(r"(?P<n>[一二三四五六七八九十两\d]{1,3})(?:周)?岁(?!生日|那年|时|的时候)")


def aside_age(aside: str, pet: bool, zh: bool) -> str | None:
    """The age an aside says of the one it names ("my 4yo beagle", "the old man of the house at
    13", 今年五岁), else None. "at N" only of a pet: a person's ("married at 22") is another age."""
    if zh:
        m = _ZH_AGE.search(aside)
        return m["n"] if m else None
    m = _EN_AGE.search(aside) or (_EN_PET_AGE.search(aside) if pet else None)
    return m["n"] if m else None


#: One of the user's people said with a name, then an aside that says what they are like ("my
#: brother Sam — the family genius — got …", "my daughter Ava (the drama queen) got …", 我弟小杰
#: ——家里的学霸——考上了…): the aside goes, an age in it stays, what follows is theirs.
_EN_NAMED_THEN_ASIDE = re.compile(
    rf"(?P<head>\b(?:my|our)\s+(?:[\w'-]+\s+)?{_EN_REL}s?\s+(?P<name>[A-Z][a-z'-]{{1,15}}))"
    rf"(?:{_DASH}(?P<a>(?!(?:my|our)\b)[^—–()]{{1,60}}?){_DASH}|\s*\((?P<b>(?!(?:my|our)\b)[^()]{{1,60}})\)\s*)"
    r"(?=[a-z])"
)
_ZH_NAMED_THEN_ASIDE = re.compile(
    rf"^(?P<head>(?:我们家|我家|我的|我)(?:{_ZH_REL}|[{_ZH_ONE}])(?P<name>{_HAN}{{1,4}}?)){_DASH}(?P<a>[^—()（）]{{1,30}}?){_DASH}(?=\S)"
)


def _without_description(text: str, zh: bool) -> str:
    m = (_ZH_NAMED_THEN_ASIDE.match if zh else _EN_NAMED_THEN_ASIDE.search)(text)
    if m is None:
        return text
    aside = m["a"] or (None if zh else m["b"]) or ""
    age = aside_age(aside, pet=False, zh=zh)
    if zh:
        return m["head"] + text[m.end() :] + (f"，{m['name']}{age}岁" if age else "")
    return text[: m.start()] + m["head"] + " " + text[m.end() :] + (f"; {m['name']} is {age}" if age else "")


def dash_aside(text: str, zh: bool) -> str:
    """`text` with a name's aside between dashes said in brackets, when the aside says the user's
    own; an aside that says what one of the user's named people is like left out; otherwise
    unchanged."""
    text = _without_description(text, zh)
    if zh:
        m = _ZH_DASH_ASIDE.match(text)
        if m is None or not re.search(rf"(?:{_ZH_REL}|{_ZH_BREED})$", m["who"]):
            return text
        # what the aside says after a comma goes, an age in it (，今年五岁) said of the name
        said = text[m.end() :]
        age = aside_age(m["extra"] or "", pet=True, zh=True)
        return f"{m['name']}（{m['who']}）" + said + (f"，{m['name']}{age}岁" if age else "")
    if (
        (named := _EN_DASH_NAMED.match(text))
        and named["name"][0].isupper()
        and named["name"].lower() not in _NOT_A_NAME
    ):
        return f"my {named['w'].lower()} {named['name']} " + text[named.end() :]
    m = _EN_DASH_ASIDE.search(text)
    if m is None or not _says_a_relation(m["aside"]):
        return text
    return text[: m.start()] + f"{m['name']} ({m['aside'].rstrip(' ,')}) " + text[m.end() :]


# ---- a relation word, what sort, then the name between commas ----------------------------------

_TITLE = (
    r"(?:(?:Mr|Mrs|Ms|Mx|Dr)\.?\s+|(?:Sir|Lady|Lord|Dame|Miss|Madame|Captain|Professor|Princess|Prince|King|Queen"
    r"|Duke|Duchess|Baron|Baroness|Count|Countess|General|Major|Colonel|Admiral|Senator|Judge)\s+)"
)
_EN_NAME = rf"(?P<name>{_TITLE}?[A-Z][a-z'-]{{1,15}}(?:\s+[A-Z][a-z'-]{{1,20}})?)"
_EN_APPOSED = re.compile(
    rf"^(?P<lead>(?:my|our)\s+(?:(?:best|old|oldest|good|dear|closest|longtime|long-time|lifelong|new)\s+)?)(?P<w>{_EN_REL})"
    r"(?P<sort>\s+(?:from|since|of|at|in|back|through|I\s+met)\b[^,()]{1,40}?)?"
    rf"\s*,\s*{_EN_NAME}\s*(?:\([^()]{{0,60}}\)\s*)?,\s*(?P<rest>[a-z][\w'-]*\b.*)$",
    re.S,
)
_EN_THE_PET = re.compile(
    rf"^(?:the)\s+(?P<w>{_EN_REL})\s*,\s*{_EN_NAME}\s*,\s*(?P<rest>[a-z][\w'-]*\b.*)$", re.S
)
#: What says a pet said as "the cat" is not the user's: whose it is or where it lives.
_NOT_OURS = re.compile(
    r"next\s+door|neighbou?r|across\s+the|down\s+the\s+(?:street|hall|road)|belongs?\s+to|isn'?t\s+(?:mine|ours)|"
    r"not\s+(?:mine|ours)|\b(?:their|his)\b|\w+['’]s\s+(?:cat|dog|pet|place|house|home|apartment|flat|farm)\b|"
    r"fostering|office|landlord|"
    r"\b(?:at|from)\s+(?:work|the\s+(?:office|shop|store|café|cafe|bar|library|clinic|farm))",
    re.I,
)


def _en_apposed(piece: str, heads: bool) -> str | None:
    if m := _EN_APPOSED.match(piece):
        if relation_of(m["w"]) is None or m["name"].split()[-1].lower() in ("and", "or"):
            return None
        return f"{m['lead']}{m['w']} {m['name']} {m['rest']}"
    m = _EN_THE_PET.match(piece)
    if m is None or not heads:
        return None
    rel = relation_of(m["w"])
    if rel is None or rel[0] != "pet" or _NOT_OURS.search(m["rest"]):
        return None
    return f"my {m['w']} {m['name']} {m['rest']}"


# ---- Chinese ----------------------------------------------------------------------------------

_ZH_OWN = r"(?:我们家|我家|我的|我们|我)"
#: 狗子豆包，一只胖柯基，每次…: the kind and the name, then the breed as an aside
_ZH_BREED_ASIDE = re.compile(
    rf"^(?:{_ZH_OWN})?(?P<kind>{_ZH_PET})(?P<name>{_HAN}{{1,3}})[，,\s]+(?:是)?(?:一只|一条|一头|只|条)"
    rf"(?P<desc>[^，,]{{0,10}}?)(?P<breed>{_ZH_BREED}|{_ZH_PET})[，,\s]+(?P<rest>\S.*)$",
    re.S,
)
#: 我们主管老周，周建国，…: a nickname, then the full name starting with its surname
_ZH_NICK_FULL = re.compile(
    rf"^(?:{_ZH_OWN})(?P<w>{_ZH_REL})[，,\s]*(?P<nick>[老小阿]{_HAN}|{_HAN}[总哥姐工])[，,\s]+(?P<full>{_HAN}{{2,3}})[，,\s]+(?P<rest>\S.*)$",
    re.S,
)
#: 我发小，张伟，…: a relation word and a name between commas
_ZH_APPOSED = re.compile(
    rf"^(?:{_ZH_OWN})(?P<w>{_ZH_REL})[，,\s]+(?P<name>[{_SURNAMES}]{_HAN}{{1,2}}|[老小阿]{_HAN})[，,\s]+(?P<rest>\S.*)$",
    re.S,
)
#: What says a name next (大名X, 全名叫X): the nickname before it is not all of it.
_NAMED_NEXT = re.compile(r"(?:大名|本名|全名|真名|学名|名叫|叫)")
_ZH_NOT_NAMES = frozenset(
    "小时 小区 小学 小孩 小说 小心 小组 小姐 阿姨 老是 老家 老师 王八 高兴 张口 周末 周日".split()
)


def _zh_owner(word: str) -> str:
    rel = relation_of(word)
    return "我家" if (rel is not None and rel[0] == "pet") or word in ZH_BREEDS else "我"


def _zh_between(piece: str) -> str | None:
    if m := _ZH_BREED_ASIDE.match(piece):
        if m["name"] in RELATION_WORDS or m["name"] in _ZH_NOT_NAMES:
            return None
        return f"我家{m['breed']}{m['name']}{m['rest']}"
    if m := _ZH_NICK_FULL.match(piece):
        surname = m["nick"][1] if m["nick"][0] in "老小阿" else m["nick"][0]  # 老周, 周总
        if m["full"][0] != surname or m["nick"] in _ZH_NOT_NAMES or _zh_owner(m["w"]) == "我家":
            return None  # 老周，王建国: two people
        # what follows is said of them (…，人挺随和的): the nickname stands as its subject again
        rest = m["rest"]
        if not re.match(r"我|你|大家|咱", rest):
            rest = m["nick"] + re.sub(r"^[他她]", "", rest)
        return f"我{m['w']}{m['nick']}叫{m['full']}，{rest}"
    if m := _ZH_APPOSED.match(piece):
        if m["name"] in _ZH_NOT_NAMES or m["name"] in RELATION_WORDS or _NAMED_NEXT.match(m["rest"]):
            return None  # 我家那位，老李，大名李明轩: the name said next is read as it stands
        return f"{_zh_owner(m['w'])}{m['w']}{m['name']}{m['rest']}"
    return None


def said_between(piece: str, heads: Callable[[], bool], zh: bool) -> str | None:
    """`piece` with the relation and the name said plainly, or None when it holds none of these
    forms. `heads` tells whether the piece heads the message."""
    text = piece.strip()
    if zh:
        return _zh_between(text)
    return _en_apposed(text, heads())
