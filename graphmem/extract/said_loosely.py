"""The user's people and pets named the loose chat way, rewritten to the plain form the rules
read ("my beagle Pip …", "我室友阿凯…"), so the name lands on its relation with every check a
stated one passes and what follows is kept on that person or pet:

- a name, then an aside that says who it is: "Pip (my 4yo beagle) has …", "Rosa, my oldest
  friend, works …", 豆豆（我家三岁的泰迪）…, 阿凯，我大学室友，跳槽去了…;
- a name heading the message, its relation said later in it: "nora lost her first tooth today!!
  my daughter …", 小宝今天第一天上幼儿园 … 我儿子太粘人了: only when one name and one relation
  of the user's fit (two names, or two relations, and nothing is guessed);
- a name answering the assistant's question: "how many kids do you have?" → "just the one,
  Ezra, 5"; "你家狗狗叫什么？" → "叫可乐 两岁了";
- a pet by a chat word for its kind heading the message with no owner said: 狗子旺财…,
  猫主子咪咪…, "the pupper Waffles …".

An aside that says no relation ("Jonah (Stripe) …") and a word where a name would stand are left
as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from graphmem.extract.lexicon import ZH_BREEDS
from graphmem.extract.relations import RELATION_WORDS, relation_of
from graphmem.extract.said_between import aside_age, dash_aside, en_kind, said_between
from graphmem.lang.lexicons import word_list

_EN_WORDS = sorted((w for w in RELATION_WORDS if w.isascii()), key=len, reverse=True)
_ZH_WORDS = sorted((w for w in RELATION_WORDS if len(w) >= 2 and not w.isascii()), key=len, reverse=True)
_EN_WORD = r"(?:" + "|".join(map(re.escape, _EN_WORDS)) + r")"
_ZH_WORD = r"(?:" + "|".join(map(re.escape, _ZH_WORDS)) + r")"
_ZH_KIND = r"(?:" + "|".join(map(re.escape, sorted({*_ZH_WORDS, *ZH_BREEDS}, key=len, reverse=True))) + r")"
_HAN = r"[\u4e00-\u9fff]"


def _is_pet(word: str) -> bool:
    rel = relation_of(word)
    return (rel is not None and rel[0] == "pet") or word in ZH_BREEDS


def _en_owned(word: str, name: str, rest: str) -> str:
    return f"my {word} {name}{rest}"


def _zh_owned(word: str, name: str, rest: str) -> str:
    return ("我家" if _is_pet(word) else "我") + word + name + rest


# ---- a name, then an aside saying who it is ---------------------------------------------------

_EN_ASIDE = re.compile(
    r"^(?P<name>[A-Z][a-z]{1,15}|[a-z]{2,15})\s*\(\s*(?:my|our)\s+(?P<desc>[^()]{1,60}?)\s*\)\s*,?\s*(?P<rest>\S.*)$"
    r"|^(?P<name2>[A-Z][a-z]{1,15}),\s+(?:my|our)\s+(?P<desc2>[^,()]{1,50}?),\s*(?P<rest2>[a-z]\S*.*)$",
    re.S,
)
#: A child said by where they come among one's children ("Leo, my youngest, …", "Ava (my
#: eldest) …"): the whole aside, so "my oldest friend" stays a friend.
_EN_BIRTH_ORDER = re.compile(
    r"(?:(?:little|lil|sweet)\s+)?(?:youngest|oldest|eldest|middle|firstborn|first-born|second|third|baby)"
    r"(?:\s+(?:one|kid|child|of (?:two|three|four|the \w+)))?",
    re.I,
)


def _en_relation_word(desc: str) -> str | None:
    """The relation an English aside says ("my 4yo beagle" → beagle, "my youngest" → kid)."""
    if w := en_kind(desc):
        return w
    return "kid" if _EN_BIRTH_ORDER.fullmatch(desc.strip()) else None


_ZH_ASIDE = re.compile(
    rf"^(?P<name>{_HAN}{{1,4}}?)\s*[（(]\s*(?:我们家|我家|我的|我)(?P<desc>[^（）()]{{0,20}}?)(?P<w>{_ZH_KIND})\s*[）)]"
    rf"\s*[，,]?\s*(?P<rest>\S.*)$"
    rf"|^(?P<name2>{_HAN}{{2,3}})[，,]\s*(?:我们家|我家|我的|我)(?P<desc2>[^，,（）()]{{0,10}}?)(?P<w2>{_ZH_KIND})[，,]"
    rf"\s*(?P<rest2>\S.*)$",
    re.S,
)


#: a relation word inside the aside, before the one it ends with: whose the person is
_ZH_SOMEONES = re.compile(
    "|".join(map(re.escape, [w for w in _ZH_WORDS if RELATION_WORDS[w][0] != "pet"]))
    + "|["
    + "".join(w for w in RELATION_WORDS if len(w) == 1 and not w.isascii())
    + "]"
)


def _aside(piece: str, zh: bool) -> str | None:
    if zh:
        m = _ZH_ASIDE.match(piece)
        if m is None:
            return None
        name, word, rest = (m["name"], m["w"], m["rest"]) if m["name"] else (m["name2"], m["w2"], m["rest2"])
        desc = m["desc"] if m["name"] else m["desc2"]
        if name in RELATION_WORDS or _ZH_SOMEONES.search(desc):
            return None  # 可可（我姐家的狗）: someone else's
        age = aside_age(desc, pet=_is_pet(word), zh=True)  # 豆豆（我家三岁的泰迪）: its age too
        return _zh_owned(word, name, rest) + (f"，{name}{age}岁" if age and f"{age}岁" not in rest else "")
    m = _EN_ASIDE.match(piece)
    if m is None:
        return None
    name, desc, rest = (
        (m["name"], m["desc"], m["rest"]) if m["name"] else (m["name2"], m["desc2"], m["rest2"])
    )
    word = _en_relation_word(desc)
    if word is None or name.lower() in _EN_NOT_NAMES or re.search(r"['’]s\b", desc):
        return None  # "Coco (my sister's dog)": someone else's
    name = name[0].upper() + name[1:]
    age = aside_age(desc, pet=_is_pet(word), zh=False)  # "Pip (my 4yo beagle)": its age too
    return _en_owned(word, name, " " + rest) + (f"; {name} is {age}" if age else "")


#: The same aside after a name inside an English sentence ("took Pip (my 9yo beagle) to the vet",
#: "Marcus (known him since 7th grade, my oldest friend) got hired"): what comes before the
#: aside in the aside's own words may say how long one has known them.
_EN_ASIDE_INSIDE = re.compile(
    r"(?<![\w'])(?P<name>[A-Z][a-z]{1,15})\s*\(\s*(?:[^()]{0,40}?,\s*)?(?:my|our)\s+(?P<desc>[^()]{1,50}?)\s*\)"
)


def _aside_inside(piece: str) -> str | None:
    """`piece` with one name and its aside inside it said the plain way ("took my beagle Pip to
    …"); None when it holds none that says a relation of the user's. (English only: a Chinese
    piece is cut at its brackets before it is read, so its aside stands alone.)"""
    m = _EN_ASIDE_INSIDE.search(piece)
    if m is None or m["name"].lower() in _EN_NOT_NAMES or re.search(r"['’]s\b", m["desc"]):
        return None
    inside = m[0][m[0].index("(") + 1 : -1]
    # the kind said anywhere in the aside, "my" with it ("the fat beagle, my pride n joy")
    word = _en_relation_word(m["desc"]) or (
        None if re.search(r"['’]s\b", inside) else _en_relation_word(inside)
    )
    if word is None:
        return None
    return piece[: m.start()] + _en_owned(word, m["name"], "") + piece[m.end() :]


#: One of the user's people called by a homely word, then who they are in brackets ("the kiddo
#: (my son Ethan, 8 going on 40) started at …", "the boss lady (my wife Dana) says …").
_EN_CALLED_THEN_WHO = re.compile(
    r"(?<![\w'])(?:the|my|our)\s+(?:[a-z]+\s+){0,2}?[a-z]+\s*\(\s*(?:my|our)\s+(?P<rel>[a-z-]+(?:\s[a-z-]+)?)\s+"
    r"(?P<name>[A-Z][a-z]{1,15})\s*(?:[,;]\s*(?P<more>[^()]{0,60}))?\)"
)


def _called_then_who(piece: str) -> str | None:
    """`piece` with one of the user's people said plainly where a homely word and an aside in
    brackets said who they are ("my son Ethan started at …"); what else the aside said follows."""
    m = _EN_CALLED_THEN_WHO.search(piece)
    if m is None or relation_of(m["rel"]) is None or m["name"].lower() in _EN_NOT_NAMES:
        return None
    said = piece[: m.start()] + f"my {m['rel']} {m['name']}" + piece[m.end() :]
    return said + (f"; {m['more'].strip()}" if m["more"] and m["more"].strip() else "")


# ---- a name heading the message, its relation said later ---------------------------------------

#: Words that head a message where a name might and are none
_EN_NOT_NAMES = frozenset(
    """i we you he she they it this that these those there here my our your his her their the a an
    today yesterday tonight work school everyone everybody someone somebody nobody mom dad mum
    baby kid kids family life love omg lol ok okay so and but also finally just well yes yeah no
    monday tuesday wednesday thursday friday saturday sunday what who why how when where""".split()
)
_EN_NEWS_VERB = (
    r"(?:(?:just|finally|officially|actually|totally)\s+)?"
    r"(?:got|gets|lost|loses|starts|started|start|is\s+starting|has|had|landed|passed|turned|won|made|took|"
    r"aced|graduated|joined|moved|signed|switched|quit|begins|began|learned|learnt|said|broke|scored|"
    r"is\s+allergic|is\s+starting|is\s+on)\b"
)
_EN_HEAD = re.compile(
    rf"^(?P<lead>(?:(?:lol|omg|ok|okay|so|ugh|yay|wow|update|news|guess\s+what)[,!:.]*\s+)*)(?P<name>[A-Z][a-z]{{1,15}}|[a-z]{{2,15}})(?P<rest>\s+{_EN_NEWS_VERB}.*)$",
    re.S,
)
#: another name heading a clause of the message ("…, and Max got promoted")
_EN_OTHER_HEAD = re.compile(rf"(?:[.!?;,]\s*|\s+(?:and|&)\s+)(?P<name>[A-Z][a-z]{{1,15}})\s+{_EN_NEWS_VERB}")
_EN_MINE = re.compile(r"\b(?:my|our)\s+(?:[\w'-]+\s+){0,2}?(?P<w>" + _EN_WORD + r")(?:s)?\b", re.I)

#: Words with 小/阿 or a doubled character that head a message and are no name
_ZH_NOT_NAMES = frozenset(
    """小时 小区 小学 小孩 小说 小心 小吃 小组 小姐 小伙 小朋友 小事 小店 小猫 小狗 小兔 小鸟 小时候
    阿姨 天天 常常 刚刚 渐渐 慢慢 偷偷 好好 往往 稍稍 看看 想想 试试 谢谢 哈哈 嘿嘿 呵呵 妈妈 爸爸
    哥哥 姐姐 弟弟 妹妹 爷爷 奶奶 宝宝 狗狗 猫猫 兔兔 人人 家家 年年 每每""".split()
)
_ZH_NEWS = (
    r"(?:今天|昨天|前天|昨晚|今早|刚刚|刚|终于|下周|下个月|明天|这周|上周|拿到|考上|考了|开始|被|进了|入职|"
    r"第一天|居然|竟然|又|已经|确诊|查出|得了|升职|跳槽|上了|学会|会走|会叫|掉了|长了|换了)"
)
_ZH_HEAD = re.compile(rf"^(?P<name>(?:小|阿){_HAN}|(?P<aa>{_HAN})(?P=aa))(?P<rest>{_ZH_NEWS}.*)$", re.S)
_ZH_ONE = "".join(w for w in RELATION_WORDS if len(w) == 1 and not w.isascii())
_ZH_MINE = re.compile(rf"(?:我们家|我家|我的|我)(?P<w>{_ZH_WORD}|[{_ZH_ONE}])")


def _dictionary() -> frozenset[str]:
    return word_list("en", "words")


def _one_relation(found: list[str]) -> str | None:
    """The one relation word said of the user's own, or None when none or several are."""
    kinds = {relation_of(w) for w in found}
    if len(kinds) != 1:
        return None
    return found[0]


def _headed(piece: str, whole: str, zh: bool) -> str | None:
    if zh:
        m = _ZH_HEAD.match(piece)
        if m is None or m["name"] in _ZH_NOT_NAMES:
            return None
        after = whole[whole.find(m["name"]) + len(m["name"]) :]
        word = _one_relation([x["w"] for x in _ZH_MINE.finditer(after)])
        if word is None or re.search(
            rf"(?:我们家|我家|我的|我){re.escape(word)}(?:也|和|跟|带|陪|送|接)", after
        ):
            return None  # "我妈带她去…": the relation is another, acting on the one named
        return _zh_owned(word, m["name"], m["rest"])
    m = _EN_HEAD.match(piece)
    if m is None:
        return None
    name = m["name"]
    low = name.lower()
    if low in _EN_NOT_NAMES or relation_of(low) is not None:
        return None
    if name.islower() and low in _dictionary():  # "work got crazy": a word, no name
        return None
    if any(o["name"].lower() not in _EN_NOT_NAMES for o in _EN_OTHER_HEAD.finditer(whole)):
        return None  # two names and one relation: no guess
    word = _one_relation([x["w"].lower() for x in _EN_MINE.finditer(whole)])
    if word is None or re.search(
        rf"\b(?:my|our)\s+(?:[\w'-]+\s+){{0,2}}?{re.escape(word)}s?\s+(?:\w+\s+){{1,2}}(?:her|him|them)\b",
        whole,
        re.I,
    ):
        return None  # "my sister took her": the relation is another, acting on the one named
    return m["lead"] + _en_owned(word, name[0].upper() + name[1:], m["rest"])


# ---- a name answering the assistant's question -----------------------------------------------

_EN_ASKED = re.compile(
    r"\b(?:your|many|any|a)\s+(?:[\w'-]+\s+){0,1}?(?P<w>" + _EN_WORD + r")(?:s|ren)?\b", re.I
)
_EN_ASKED_NAME = re.compile(r"\b(?:name|names|called|call)\b", re.I)
_EN_FILLER = frozenset(
    """just the one only a an one two yes yeah yep yup no nope lol haha hah lmao omg oh well um uh his
    her its it's it is he's she's name names called call we him it she he our my boy girl""".split()
)
_ZH_ASKED = re.compile(rf"(?:你家|你们家|你的|你)(?:有)?(?:几个|几只|一个|一只)?(?P<w>{_ZH_WORD})")
_ZH_ANSWER = re.compile(
    rf"^(?:就|只有|有)?(?:一个|一只|一条)?[，,\s]*(?:名字叫|叫做|叫)?(?P<name>{_HAN}{{2,3}}?)"
    rf"(?P<rest>(?:[，,\s！!。~～]|[一二三四五六七八九十两\d]+岁|$).*)$",
    re.S,
)
_ZH_NOT_ANSWERS = frozenset(
    "一个 一只 两个 还没 没有 没呢 是的 对的 不是 哈哈 嗯嗯 好的 不知 还小 男孩 女孩".split()
)


def _answer(piece: str, asked: str, zh: bool) -> str | None:
    if zh:
        q = _ZH_ASKED.search(asked)
        if q is None or _ZH_MINE.search(piece) or any(w in piece for w in _ZH_WORDS):
            return None
        m = _ZH_ANSWER.match(piece.strip())
        if (
            m is None
            or m["name"] in _ZH_NOT_ANSWERS
            or m["name"] in RELATION_WORDS
            or re.search(r"[一二三四五六七八九十两几岁没还个只]", m["name"])
        ):
            return None
        rest = m["rest"].lstrip(" ，,")
        return (
            ("我家" if _is_pet(q["w"]) else "我") + q["w"] + "叫" + m["name"] + ("，" + rest if rest else "")
        )
    q = _EN_ASKED.search(asked)
    if q is None or len(piece.split()) > 10 or _EN_MINE.search(piece):
        return None
    word = q["w"].lower()
    caps = [t for t in re.findall(r"\b[A-Z][a-z]{1,15}\b", piece) if t.lower() not in _EN_FILLER]
    if len(caps) > 1:
        return None  # two names for one relation: no guess
    if caps:
        name = caps[0]
    elif _EN_ASKED_NAME.search(asked):
        tokens = [t for t in re.findall(r"[A-Za-z]{2,}", piece) if t.lower() not in _EN_FILLER]
        if not tokens:
            return None
        name = tokens[0][0].upper() + tokens[0][1:]
    else:
        return None
    if relation_of(name) is not None or name.lower() in _EN_NOT_NAMES:
        return None
    age = re.search(
        r"\b(\d{1,2})\s*(?:yo|y/o|years?\s+old|yrs?(?:\s+old)?)?\b(?!\s*(?:kids|dogs|cats|am|pm))", piece
    )
    if age:
        return f"my {word} {name} is {age[1]}"
    return f"my {word}'s name is {name}"


# ---- a pet by a chat word for its kind, heading the message ------------------------------------

_EN_KIND_HEAD = re.compile(
    r"^(?:the|this)\s+(?P<w>" + _EN_WORD + r")\s+(?P<rest>[A-Z][a-z]{1,15}\b.*)$", re.S
)
_ZH_KIND_HEAD = re.compile(rf"^(?P<w>{_ZH_WORD})(?P<rest>{_HAN}.*)$", re.S)


def _kind_head(piece: str, zh: bool) -> str | None:
    if zh:
        m = _ZH_KIND_HEAD.match(piece)
        if m is None or not _is_pet(m["w"]) or len(m["w"]) < 2:
            return None
        if not re.match(rf"{_HAN}{{2}}(?:{_ZH_NEWS}|对|在|是|有|去|过敏|每|只|不)", m["rest"]):
            return None  # "狗狗好可爱": no name after the kind
        return "我家" + piece
    m = _EN_KIND_HEAD.match(piece)
    if m is None or not _is_pet(m["w"].lower()):
        return None
    return "my " + piece[m.start("w") :]


#: what may stand before the head of a message and be taken off as a lead
_LEADS = frozenset("lol omg ok okay so ugh yay wow update news guesswhat".split())


_BARE = re.compile(r"[\W_]+")


def said_loosely(piece: str, whole: Callable[[], str], asked: Callable[[], str] | None, zh: bool) -> str:
    """`piece` rewritten to the plain form of a relation said loosely, or unchanged. `whole` reads
    the message; `asked` the assistant's turn just before it, if it was one."""
    text = piece.strip()
    if not text:
        return piece
    # "Pounce — our old tabby, … — naps …": an aside between dashes is read as one in brackets
    text = dash_aside(text, zh)
    # does the piece head the message? Only the message's head is looked at (a piece found
    # further on heads nothing), so a long message costs no more than a short one
    message = whole().strip()
    # (the gate re-punctuates what it keeps; an interjection before it, "lol", "omg", may have
    # been taken off as a lead)
    head = _BARE.sub("", message[: len(text) + 64]).lower()
    at = head.find(_BARE.sub("", text)[:8].lower())
    heads = at == 0 or (at > 0 and head[:at] in _LEADS)
    if heads and asked is not None:
        question = asked()
        if question and (got := _answer(text, question, zh)) is not None:
            return got
    got = (
        _aside(text, zh)
        or (None if zh else _aside_inside(text) or _called_then_who(text))
        or said_between(text, lambda: heads, zh)  # "my buddy from …, Ivo Brandt, …", 狗子豆包，一只柯基，…
    )
    if got is None and heads:
        got = _headed(text, message, zh) or _kind_head(text, zh)
    if got is None and text != piece.strip():  # an aside between dashes taken out or bracketed
        return text
    return got if got is not None else piece
