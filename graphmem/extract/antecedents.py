"""Whom "he", "she" or "it" names when a statement gives only a pronoun and a name.

People introduce someone first and name them after, often in the next message: "两周后我女儿
开学" then "她叫小满"; "my son starts daycare" then "his name's Theo". Read alone, the
naming sentence has no subject the user has a relation to, so nothing is kept. Here the
pronoun is replaced by the last relation word the user said before it that fits it
(他/he: a man or a pet, 她/she: a woman or a pet, 它/it: a pet; a word without a gender
fits either), looked for in the message before the sentence and then in the user's turns
just before the message (`ExtractContext.earlier`). The rewritten sentence ("我女儿叫小满")
is read by the ordinary rules, so the name lands on that relation with every check a
stated one passes. Only naming sentences are rewritten: other pronoun sentences keep
their subject unknown, as before. A naming sentence that leaves the owner out ("partner's
called Sam", "the parrot's name is Admiral") is the user's own relation too.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from graphmem.extract.relations import RELATION_WORDS, dated_as

_MALE = {"son", "brother", "husband", "boyfriend", "fiance", "father", "grandfather", "uncle", "nephew"}
_FEMALE = {"daughter", "sister", "wife", "girlfriend", "fiancee", "mother", "grandmother", "aunt", "niece"}
_IN_LAW = re.compile(r"-in-law$")

#: "他叫周牧" / "她的名字叫小满" / "它叫年糕"; not "他叫我…" (he calls me), "她叫了外卖"
#: (ordered), "他叫醒我" (woke): the name must follow at once.
_ZH_NAMING = re.compile(
    r"(?:^|(?<=[，,]))(?P<pron>他|她|它)(?=(?:的名字|名字)?(?:叫做|名叫|叫|是叫)(?![我你他她它了来醒过住着])\S)"
)
#: "he's called Theo", "she is named Mia", "his name's Theo", "its name is Biscuit"; and the
#: name given: "we're naming her Clementine", "we named him Ozzy" (read as "her name is …")
_EN_NAMING = re.compile(
    r"(?:^|(?<=[,;] ))(?:(?P<subj>he|she|it)(?='s\s+(?:called|named)\b|\s+is\s+(?:called|named)\b)"
    r"|(?P<poss>his|her|its)(?=\s+name(?:'s|\s+is)\s)"
    r"|(?:we(?:'re| are)?|I(?:'m| am)?)\s+(?:(?:gonna|going to|decided to|finally|just)\s+)*"
    r"(?:naming|named|name|calling|called|call)\s+(?P<given>her|him|it)\s+(?=[A-Z]))",
    re.I,
)

_ZH_WORDS = sorted((w for w in RELATION_WORDS if len(w) >= 2 and not w.isascii()), key=len, reverse=True)
_ZH_MENTION = re.compile("|".join(map(re.escape, _ZH_WORDS)))
_EN_WORDS = sorted((w for w in RELATION_WORDS if w.isascii()), key=len, reverse=True)
_EN_PETS = [w for w in _EN_WORDS if RELATION_WORDS[w][0] == "pet"]
#: "my daughter", "our new puppy", "my 6yo son", "my twin sisters": said as the user's own;
#: a pet also as "adopted a puppy" ("a girl" or "the boss" is anyone's)
_EN_MENTION = re.compile(
    r"\b(?:(?:my|our)\s+(?:[\w'-]+\s+){0,2}?(?P<word>(?:" + "|".join(map(re.escape, _EN_WORDS)) + r"))"
    r"|(?:a|an|the)\s+(?:[\w'-]+\s+){0,2}?(?P<pet>(?:" + "|".join(map(re.escape, _EN_PETS)) + r")))"
    r"(?:s|es)?\b",
    re.I,
)


def _fits(pronoun: str, word: str) -> bool:
    attribute, qualifier = RELATION_WORDS[word]
    if attribute == "pet":
        return True
    if pronoun in ("它", "it", "its"):
        return False
    if qualifier is not None and _IN_LAW.search(qualifier):
        qualifier = _IN_LAW.sub("", qualifier)
    male = pronoun in ("他", "he", "his")
    return qualifier not in (_FEMALE if male else _MALE)


#: "started seeing someone, her name's Priya": someone the user is seeing, said before a name
_EN_SEEING = re.compile(
    r"\b(?:seeing|dating|going out with)\s+(?:someone|somebody|a\s+(?P<who>guy|girl|man|woman)"
    r"|this\s+(?P<who2>guy|girl|man|woman))\b",
    re.I,
)


def _last_fitting(pronoun: str, text: str, zh: bool) -> str | None:
    if zh:
        words = [m.group(0) for m in _ZH_MENTION.finditer(text)]
    else:
        said = [(m.start(), (m.group("word") or m.group("pet")).lower()) for m in _EN_MENTION.finditer(text)]
        said += [
            (m.start(), dated_as(m["who"] or m["who2"] or "") or "partner") for m in _EN_SEEING.finditer(text)
        ]
        words = [w for _, w in sorted(said)]
    return next((w for w in reversed(words) if w in RELATION_WORDS and _fits(pronoun.lower(), w)), None)


#: "partner's called Sam", "the parrot's name is Admiral": a relation named with its owner left
#: out, as chat leaves it; only a naming sentence, and only at its start
_EN_OWNERLESS = re.compile(
    r"^(?:the\s+)?(?P<word>" + "|".join(map(re.escape, _EN_WORDS)) + r")"
    r"(?='s\s+(?:called|named)\b|\s+is\s+(?:called|named)\b|'s\s+name(?:'s|\s+is)\s)",
    re.I,
)


def owner_left_out(piece: str) -> str:
    """ "partner's called Sam" -> "my partner's called Sam"; anything else unchanged."""
    m = _EN_OWNERLESS.match(piece)
    return "my " + piece[m.start("word") :] if m else piece


def named_by_pronoun(
    piece: str, before: str | Callable[[], str], earlier: Callable[[], str] | None, zh: bool
) -> str:
    """`piece` with a naming pronoun replaced by the relation it stands for, or unchanged.
    `before` is (or reads) the message up to the piece; `earlier` reads the user's turns
    before it. Both are read only for a naming sentence."""
    if zh:
        m = _ZH_NAMING.search(piece)  # at the start, or after a comma ("…改口叫老公了，他叫程一帆")
        if m is None:
            return piece
        pronoun = m.group("pron")
    else:
        m = _EN_NAMING.search(piece)  # at the start, or after a comma ("lab mix, we're naming her …")
        if m is None:
            return piece
        given = m.group("given")
        pronoun = {"her": "her", "him": "his", "it": "its"}[given.lower()] if given else None
        pronoun = pronoun or (m.group("subj") or m.group("poss")).lower()
    said = (before if isinstance(before, str) else before()) + " " + piece[: m.start()]
    word = _last_fitting(pronoun, said, zh)
    if word is None and earlier is not None:
        word = _last_fitting(pronoun, earlier(), zh)
    if word is None:
        return piece
    if (
        not zh
        and m.group("given")
        and re.search(rf"\b{re.escape(word)}(?:,)?\s+(?-i:[A-Z][a-z]+)\b", said, re.I)
    ):
        # "my daughter Josephine …, we call her Josie": one already named is called by another
        # name, which the rules read as what she goes by
        return piece
    if zh:  # 我女儿叫…, 我家小猫叫…
        owner = ("我家" if RELATION_WORDS[word][0] == "pet" else "我") + word
        return piece[: m.start()] + owner + piece[m.end() :]
    if m.group("given"):
        return piece[: m.start()] + f"my {word}'s name is " + piece[m.end() :]
    owner = f"my {word}'s" if m.group("poss") else f"my {word}"
    return piece[: m.start()] + owner + piece[m.end() :]
