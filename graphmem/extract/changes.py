"""Changes of state said by what happened rather than as "I am X":

- a title given: "they made me charge nurse", "got bumped up to staff engineer", "made
  partner", "stepped up as team lead", "老板让我当组长", "被提拔为主管", "提了副总";
- an age said by the birthday that changed it: "already 28 since my birthday", "turned 41
  last week", "过了生日已经28了", "生日一过就31了".

A title must read as one (a job word in it, or a few words right after a promotion verb);
an age must be one on record to change (on_record.bare_number_correction), so "made me
dinner" and "already 3 weeks" read as nothing here. The patterns are the packs' promotion
and age tables (graphmem/lang/<language>/promotion.toml, age.toml); the handlers here decide
what each match makes.
"""

from __future__ import annotations

import re
from dataclasses import replace

from graphmem.extract import cues
from graphmem.extract.common import EMOJI, ME, Said, active_values, builtin, cand
from graphmem.extract.lexicon import EN_JOBS, ZH_OCCUPATIONS
from graphmem.extract.on_record import bare_number_correction
from graphmem.lang import Handler
from graphmem.model import Candidate
from graphmem.text.terms import zh_number

I = re.I  # noqa: E741


#: A title with what it heads, capitalised as titles are ("Head of Research", "VP of Sales",
#: "Director of Operations").
_TITLE_OF = re.compile(
    r"(?:(?:Senior|Associate|Assistant|Deputy|Interim|Acting|Global|Regional)\s+)?"
    r"(?:Head|Director|VP|SVP|EVP|Vice President|Chief|Dean|Manager|Lead|President|Principal)"
    r"\s+of\s+(?:the\s+)?[A-Z][\w&/-]*(?:\s+(?:&\s+)?[A-Z][\w&/-]*){0,2}"
)


def is_title(value: str, lang: str) -> bool:
    if lang == "zh" and re.fullmatch(r"[A-Za-z][A-Za-z .&/-]*", value.strip()):
        lang = "en"  # an English title in Chinese text: "现在是analytics lead了"
    if lang == "zh":
        return any(w in value for w in ZH_OCCUPATIONS) or value.endswith(
            tuple(cues.change_list("zh", "title_endings"))
        )
    words = value.lower().split()
    if _TITLE_OF.fullmatch(value.strip()) and not cues.change_words("en", "not_title").match(value):
        return True
    # the job word ends the title ("senior staff nurse"); one inside a longer phrase is no
    # title ("IPAs taste like pine cleaner to me")
    return (
        bool(words)
        and len(words) <= 6
        and not cues.change_words("en", "not_title").match(value)
        and any(" ".join(words[i:]) in EN_JOBS for i in range(len(words)))
    )


def _promoted(m: re.Match[str], said: Said) -> list[Candidate] | None:
    """A title the user was given, said by what happened, as a job_title change."""
    if said.lang == "zh":
        if cues.change_words("zh", "someone_else").match(m.string):
            return None
        title = (
            m["t"] or m["t2"] or m["t3"] or m.groupdict().get("t4") or m.groupdict().get("t5") or ""
        ).strip()
    else:
        title = m["t"] or ""
        if kept := _TITLE_OF.match(title):  # "Director of Operations": the "of" is the title's own
            title = kept[0]
        while not kept and (trimmed := cues.change_words("en", "title_end").sub("", title).strip()) != title:
            title = trimmed
        title = re.sub(r"^(?:an?|the)\s+(?:new\s+)?", "", title, flags=I).strip()
    if not title or not is_title(title, said.lang):
        return None
    return [cand("job_title", title, ME, said.source, correction=True, cue="change")]


def _age_update(m: re.Match[str], said: Said) -> list[Candidate] | None:
    """An age said by the birthday that changed it, when the user's age is on record."""
    text = m.string
    if said.lang == "zh":
        if cues.change_words("zh", "someone_else").match(text) or cues.change_words("zh", "not_mine").search(
            text
        ):
            return None
    elif cues.change_words("en", "not_mine").search(text) or not cues.change_words("en", "self").search(text):
        return None
    number: str = m["n"] or m["n2"] or m.groupdict().get("n3") or ""
    if said.lang == "zh" and (counted := _COUNTED_FROM_BIRTH.search(text)):
        number = counted["n"]  # "虚岁都三十五了 现在实打实三十四": the age from birth, not the 虚岁
    elif said.lang == "zh" and "虚岁" in text[max(0, m.start() - 8) : m.end()]:
        return None  # a 虚岁 alone is no age the user gives
    number = number if number.isdigit() else str(zh_number(number) or "")
    held = active_values(said.context, "age")
    # a birthday moves an age by one (a late update by a few): "my dad is 70 … officially 71"
    # is no birthday of a user on record as 47
    if number and len(held) == 1 and held[0].isdigit() and abs(int(number) - int(held[0])) > _BIRTHDAY_STEP:
        return None
    return bare_number_correction(said.context, number, said.source) or None


#: An age counted from birth, said against a 虚岁 (a traditional count one or two higher).
_COUNTED_FROM_BIRTH = re.compile(
    r"(?:周岁|实打实|实岁|实际年龄|真实年龄)(?:其实|也就|才|就|是|只有)*"
    r"(?P<n>\d{1,3}|[一二三四五六七八九十两]{1,3})(?![\d一二三四五六七八九十两])"
)

#: The most years a birthday said in passing may move the age on record.
_BIRTHDAY_STEP = 3


#: The handlers the packs' promotion and age tables name (graphmem/lang/<language>/promotion.toml,
#: age.toml); one set serves both languages.
def announces_promotion(piece: str, lang: str) -> bool:
    """Does this piece say the user was promoted ("GOT PROMOTED!!", "升职了")?"""
    return bool(cues.change_words(lang, "promotion_news").search(piece))


def title_after_news(statement: str, said: Said) -> list[Candidate]:
    """A title said alone right after the news of a promotion ("got promoted. senior analyst
    baby", "升职了！现在是副行长"): the new job_title; nothing when it reads as no title."""
    head = EMOJI.split(statement, 1)[0]  # "ground ops coordinator 🛫 the old place is history"
    title = (head if head.strip() else EMOJI.sub("", statement)).strip(" .!?~～。！？")
    title = cues.change_words(said.lang, "title_lead").sub("", title).strip()
    if said.lang != "zh":
        while (trimmed := cues.change_words("en", "title_end").sub("", title).strip(" .!?")) != title:
            title = trimmed
    size = len(title) if said.lang == "zh" else len(title.split())
    if not title or size > (12 if said.lang == "zh" else 5) or not is_title(title, said.lang):
        return []
    found = [cand("job_title", title, ME, said.source, correction=True, cue="change")]
    return builtin(found, said.lang, "title_after_news")


def _title_now(m: re.Match[str], said: Said) -> list[Candidate] | None:
    """A title said alone with "now" as news ("GENERAL MANAGER now!!"): the discourse reader
    has taken the "now" off as its cue, so the piece as said must hold it."""
    if not re.search(r"\bnow\b", said.source, I):
        return None
    found = _promoted(m, said)
    return [replace(c, value=c.value.lower()) if c.value.isupper() else c for c in found] if found else None


HANDLERS: dict[str, Handler] = {"given_title": _promoted, "age_birthday": _age_update}
#: The English pack's: the shared ones and a title said alone with "now".
EN_HANDLERS: dict[str, Handler] = {**HANDLERS, "title_now": _title_now}


#: A birthday, said in either language ("昨天过生日", "bday was sunday").
_BIRTHDAY = re.compile(r"生日|过生|\b(?:birthday|bday|b-day)\b", re.I)
#: A number in the message: digits, or a Chinese number of up to three characters.
_NUMBER = re.compile(
    r"(?<![\d.])\d{1,3}(?![\d.%])|[一二两三四五六七八九十]{1,3}(?=岁|了|啦|喽|$|[，,。！!\s])"
)
#: What makes a number no age (a price, a count of things, a time).
_NOT_AN_AGE_AFTER = re.compile(
    r"^\s*(?:块|元|刀|美元|个|只|杯|点|号|楼|%|\$|k\b|dollars?|bucks|people|guests|pm|am|:)", re.I
)


def age_by_birthday_number(text: str, lang: str, found: list[Candidate], state) -> list[Candidate]:
    """A birthday told with the new age somewhere in the message ("昨天过生日 蜡烛插的是28",
    "bday yesterday, the cake literally said 35 on it"): when the user's age is on record, that
    age plus one, named in the message of the user's own birthday, is the new age. Nothing when
    the birthday is someone else's, the rules read an age, or no such number is said."""
    if any(c.attribute == "age" for c in found) or not _BIRTHDAY.search(text):
        return []
    from graphmem.extract.relations import names_someone_else  # a leaf module; imported where used

    # the birthday's own clause: "同事们给我整了个蛋糕" beside it is no one else's birthday
    piece = next(
        (
            p
            for p in re.split(r"[。！？!?\n，,;；]+|[.](?:\s|$)|(?<=[\u4e00-\u9fff])\s+", text)
            if _BIRTHDAY.search(p)
        ),
        text,
    )
    if names_someone_else(piece, lang):
        return []
    held = active_values(state.context, "age")
    if len(held) != 1 or not held[0].isdigit():
        return []
    older = int(held[0]) + 1
    for m in _NUMBER.finditer(text):
        n = int(m.group(0)) if m.group(0).isdigit() else zh_number(m.group(0))
        if n == older and not _NOT_AN_AGE_AFTER.match(text[m.end() :]):
            said = cand("age", str(older), ME, piece.strip(), correction=True, cue="change")
            return builtin([said], lang, "age_by_birthday")
    return []
