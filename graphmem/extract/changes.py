"""Changes of state said by what happened rather than as "I am X":

- a title given: "they made me charge nurse", "got bumped up to staff engineer", "made
  partner", "stepped up as team lead", "老板让我当组长", "被提拔为主管", "提了副总";
- an age said by the birthday that changed it: "already 28 since my birthday", "turned 41
  last week", "过了生日已经28了", "生日一过就31了".

A title must read as one (a job word in it, or a few words right after a promotion verb);
an age must be one on record to change (common.bare_number_correction), so "made me
dinner" and "already 3 weeks" read as nothing here.
"""

from __future__ import annotations

import re

from graphmem.extract.common import ME, bare_number_correction, cand
from graphmem.extract.lexicon import EN_JOBS, ZH_OCCUPATIONS
from graphmem.extract.protocol import ExtractContext
from graphmem.model import Candidate
from graphmem.text.terms import zh_number

I = re.I  # noqa: E741
_TITLE_EN = r"(?P<t>(?:an?\s+|the\s+(?:new\s+)?)?[A-Za-z][\w&/-]*(?:\s+[A-Za-z][\w&/-]*){0,3})"
_PROMOTED_EN = [
    re.compile(rx + _TITLE_EN, I)
    for rx in (
        # "they made me charge nurse", "my boss named me team lead"
        r"(?:^|\b)(?:they|(?:my\s+)?(?:boss|manager|company|work|team|the company|the hospital|the school|management|HR))\s+"
        r"(?:just\s+|finally\s+|officially\s+)?(?:made|named|appointed|promoted)\s+me\s+(?:to\s+|as\s+)?",
        # "got bumped up to staff engineer"
        r"(?:^|\b)(?:I\s+|I've\s+|I have\s+)?(?:just\s+|finally\s+|officially\s+)?(?:got|was|been|have been|am being)\s+"
        r"(?:bumped|moved|promoted|kicked|stepped)\s+up\s+(?:to\s+|as\s+)",
        # "made partner", "stepped up as team lead", "got promoted to director"
        r"^(?:I\s+)?(?:just\s+|finally\s+|officially\s+)?(?:made|stepped up as|took over as|became|got promoted to|"
        r"was promoted to|been promoted to|got the|landed the)\s+",
    )
]
_TITLE_END_EN = re.compile(
    r"\s+(?:now|today|finally|at last|at work|this week|this month|last week|yesterday|officially|"
    r"lol|haha\w*|omg|yay|woo+)$|\s+(?:at|for|in|of)\s+.*$",
    I,
)
_NOT_TITLE_EN = re.compile(
    r"^(?:it|that|this|dinner|lunch|breakfast|coffee|tea|food|a cake|a mistake|sense|money|progress|friends|time|"
    r"sure|up|my|his|her|their|our|a point|plans|the cut|the team|a list|a decision|the call)\b",
    I,
)
_PROMOTED_ZH = re.compile(
    r"(?:老板|领导|公司|上面|单位)?(?:让|叫|把)?我?(?:被)?(?:提拔|升职|晋升|提|升|调|任命)(?:成|为|到|了|上)(?:了)?(?P<t>[^，,。！!？?了\s]{2,8})"
    r"|(?:老板|领导|公司|上面|单位)(?:让|叫)我(?:当|做|干)(?:上)?(?:了)?(?P<t2>[^，,。！!？?了\s]{2,8})"
    r"|(?:^|我)(?:终于|总算)?当上(?:了)?(?P<t3>[^，,。！!？?了\s]{2,8})"
)
_SOMEONE_ELSE_ZH = re.compile(
    r"^(?:他|她|我(?:老公|老婆|爸|妈|哥|姐|弟|妹|朋友|同事|儿子|女儿|男朋友|女朋友|对象))"
)
_AGE_EN = re.compile(
    r"(?:\b(?:already|now|just turned|turned|since (?:my|the) (?:birthday|bday|b-day))\b|"
    r"\b(?:birthday|bday|b-day)\b).*?\b(?P<n>\d{1,3})\b(?!\s*(?:%|am|pm|days?|weeks?|months?|hours?|minutes?|kg|lbs?|k\b))"
    r"|\b(?P<n2>\d{1,3})\s+(?:already|now)\b.*\b(?:birthday|bday|b-day)\b",
    I,
)
_AGE_ZH = re.compile(
    r"(?:生日|已经|满|都)[^，,。]*?(?P<n>\d{1,3}|[一二三四五六七八九十两]{1,3})(?:岁|周岁)?(?:了|啦)"
    r"|(?P<n2>\d{1,3}|[一二三四五六七八九十两]{1,3})(?:岁|周岁)了[，,]?[^，,。]*生日"
)


def _is_title(value: str, lang: str) -> bool:
    if lang == "zh":
        return any(w in value for w in ZH_OCCUPATIONS) or value.endswith(
            ("长", "总", "主管", "经理", "主任", "组长", "合伙人", "师")
        )
    words = value.lower().split()
    return (
        bool(words)
        and not _NOT_TITLE_EN.match(value)
        and any(
            " ".join(words[i:j]) in EN_JOBS for i in range(len(words)) for j in range(i + 1, len(words) + 1)
        )
    )


def promotion(text: str, source: str, lang: str) -> list[Candidate]:
    """A title the user was given, said by what happened, as a job_title change."""
    if lang == "zh":
        if _SOMEONE_ELSE_ZH.match(text) or not (m := _PROMOTED_ZH.search(text)):
            return []
        title = (m["t"] or m["t2"] or m["t3"] or "").strip()
    else:
        m = next((m for rx in _PROMOTED_EN if (m := rx.search(text))), None)
        if m is None:
            return []
        title = m["t"] or ""
        while (trimmed := _TITLE_END_EN.sub("", title).strip()) != title:
            title = trimmed
        title = re.sub(r"^(?:an?|the)\s+(?:new\s+)?", "", title, flags=I).strip()
    if not title or not _is_title(title, lang):
        return []
    return [cand("job_title", title, ME, source, correction=True, cue="change")]


_SELF_EN = re.compile(r"^(?:already|just turned|turned|now)\b|\b(?:I|I'm|Im|I am|my)\b", I)
#: Someone else's birthday, or a date: "my neighbor's birthday is March 3", "his bday", "on the 3rd".
_NOT_MINE_EN = re.compile(
    r"\b(?:his|her|their|your|our|[A-Za-z]+'s)\s+(?:birthday|bday|b-day)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|"
    r"nov|dec)[a-z]*\.?\s+\d|\bon the \d|\d(?:st|nd|rd|th)\b",
    I,
)
_NOT_MINE_ZH = re.compile(r"(?:他|她|你)|(?<!我)的生日|月\d|\d+号|\d+日")


def age_update(context: ExtractContext, text: str, source: str, lang: str) -> list[Candidate]:
    """An age said by the birthday that changed it, when the user's age is on record."""
    if lang == "zh":
        if _SOMEONE_ELSE_ZH.match(text) or _NOT_MINE_ZH.search(text):
            return []
    elif _NOT_MINE_EN.search(text) or not _SELF_EN.search(text):
        return []
    m = (_AGE_ZH if lang == "zh" else _AGE_EN).search(text)
    if m is None:
        return []
    said = m["n"] or m["n2"]
    number = said if said.isdigit() else str(zh_number(said) or "")
    return bare_number_correction(context, number, source)
