"""A forget request whose object points back ("wipe all that pls", "scrub it", "你就当我没说过")
at a thing told about in another piece of the same message ("nvm the Kev saga", "换工作那事黄了"):
the request is about that thing. graphmem.gate.forget_request reads the pieces and hands them here."""

from __future__ import annotations

import re
from collections.abc import Callable

from graphmem.gate import forget_words as words
from graphmem.gate.forget_words import TopicRequest

__all__ = ["pointed_back"]

#: When a thing was told ("on Tuesday", "last week", "the other day", "yesterday").
_WHEN_TOLD = (
    r"(?:on\s+\w+|last\s+\w+|the\s+other\s+(?:day|night)|yesterday|earlier|before|this\s+(?:morning|week)"
    r"|a\s+(?:few|couple(?:\s+of)?)\s+days\s+ago|\w+\s+days\s+ago)"
)

#: A thing the user told about, named in passing ("the Kev saga", "Tasha's medical stuff"):
#: what "wipe all that" or "scrub it" in the same message points back at.
_EN_TOLD_THING = re.compile(
    r"(?P<thing>\b(?:the|that|this|my|all the|all that)\s+(?:[\w'’-]+\s+){0,3}?"
    r"(?:saga|stuff|thing|situation|drama|business|story|mess|bit|news|rant|idea|plan)"
    r"|\b(?-i:[A-Z][a-z]+)['’]s\s+(?:[\w-]+\s+){0,2}?(?:stuff|thing|situation|business|news|story|saga))\b"
    # "the thing I told u about my pay": who told it is no part of what it is about
    # "that thing I told you on Tuesday about mom's money": when it was told is no part of it either
    r"(?:(?:\s+(?:that\s+)?i\s+(?:told\s+(?:you|u|ya)|said|mentioned)(?:\s+" + _WHEN_TOLD + r")?)?"
    r"\s+(?:with|about|abt|at|from|involving)\s+(?:the\s+|my\s+)?[\w'’-]+(?:\s+(?!(?:and|but|so|or|lol|about|abt|with|from|at|involving|my|the)\b)[\w'’-]+){0,2})?",
    re.I,
)


#: A told thing that says nothing of what it is ("the thing", "that stuff from monday").
_EN_BARE_THING = re.compile(
    r"(?:the|that|this|all the|all that)\s+(?:whole\s+)?(?:stuff|thing|situation|business|story|mess|bit|news)"
    r"(?:\s+(?:from|at|with)\s+(?:the\s+)?[\w'’-]+)?",
    re.I,
)


#: A told thing picked out by what it was about ("the money one", "the one about my ex"), said
#: apart from the act that points back at it.
_EN_THE_ONE = re.compile(
    r"(?:(?:no|i mean|like|you know)[,\s]+)?(?:the|that)\s+(?P<x>(?!(?:last|other|first|same|previous|next)\b)"
    r"[\w'’-]+(?:\s+[\w'’-]+)?)\s+one|(?:the|that)\s+one\s+(?:about|with|on)\s+(?P<x2>.{2,40})",
    re.I,
)


#: A matter named as what the rest is about ("nvm about the money I owe, forget that whole
#: thing"): the matter "that" points back at.
_EN_ABOUT_THING = re.compile(
    r"^(?:(?:nvm|never\s*mind|ok|okay|so|and|also|oh)[\s,]+)?(?:about|re:?|regarding|as for"
    r"|(?:anything|everything|all|whatever|all the stuff)\s+(?:i|I've|i've)\s+(?:told you|said|mentioned)\s+about)\s+"
    r"(?P<thing>(?:the|my|that|those)\s+[\w'’$ -]{2,40}?)[\s.!]*$"
    # "you know what I said about Joanne and Mark splitting up?", "what I told you last week about
    # the lawsuit": what was said about, asked back before the act points at it
    r"|^(?:(?:actually|ok|okay|so|and|also|oh|hey|um+|uh+|wait)[\s,]+)*(?:you\s+know\s+|remember\s+)?"
    r"(?:what|the\s+(?:stuff|thing|things|bit|part))\s+(?:i|I've|i've)\s+(?:told\s+(?:you|u|ya)|said|mentioned|shared)"
    r"(?:\s+" + _WHEN_TOLD + r")?\s+(?:about|abt|re|regarding)\s+(?P<thing3>[\w'’$ -]{2,50}?)[\s.!?]*$"
    # "nvm the trip, … just wipe that whole plan": what is let go of, named after "never mind"
    r"|^(?:nvm|never\s*mind|scratch|forget)[\s,]+(?P<thing2>(?:the|my|that|those)\s+[\w'’$ -]{2,40}?)[\s.!]*$",
    re.I,
)


#: A matter named in passing in Chinese ("换工作那事黄了", "旅游那个计划取消了", "昨晚那个同事的八卦"):
#: what "你就当我没说过，全忘掉吧" in the same message points back at.
_ZH_TOLD_THING = re.compile(
    r"^(?:[^，,]{0,4}?(?:那个|这个))?(?P<thing>[^，,]{1,12}?)"
    r"(?:那事儿?|那件事儿?|那个事儿?|那档子事|那摊子?事儿?|那堆事儿?|那茬|的八卦|的瓜|的事情?|那些事|的那些|那些|相关的(?:事情?|东西|内容)?"
    # "移民那个想法先放下了", "五一那个出游计划黄了": a plan or a hope, said as such
    r"|(?:那个|这个|的)?(?:计划|想法|打算|念头|主意|梦想|心愿|愿望))"
)
#: A matter pointed at as said before ("前面说的那个相亲对象啊", "之前提过的那个实习"): what the act
#: alone in another piece of the message takes.
_ZH_SAID_THING = re.compile(
    r"^(?:然后|还有|另外|对了|哦对了)?(?:我)?(?:前面|之前|刚才|刚刚|上次|上回|以前|昨天|前天|那天|上周|上个月|前几天|前阵子|前头|上面)"
    r"(?:我)?(?:跟你|和你)?(?:说|提|讲|聊)(?:过|到)?的"
    r"(?:(?:那个|那位|那件|那段|那次|那些)(?P<thing>[\u4e00-\u9fffA-Za-z]{1,10}?)(?:上|方面)?(?:的(?:糟心事|破事|烂事|事情?|那些事)|那件事)?"
    # "之前说的我被裁的那件事": the matter, then what it is called
    r"|(?P<thing2>[\u4e00-\u9fffA-Za-z]{2,10}?)的(?:那件事|那个事|那些事|事情?))(?:啊|呀|哈|吧|嘛|呢)*$"
)
#: A piece that is only the act, its object left out ("你就当我没说过", "全忘掉吧", "删了吧").
_ZH_ACT_ALONE = re.compile(
    # its object may point back, too ("你也把这事忘了吧", "把那个删了")
    r"^(?:(?:之前|以前|刚才|前面)?(?:跟你)?(?:讲|说|提)过的)?"
    + words.ZH_LEAD
    # or only a record ("你那边的记录清一下吧", "你那儿的都清了吧")
    + r"(?:把?(?:这|那)(?:件|个)?事儿?|把?(?:这|那)(?:个|些)|把它们?|"
    + words.ZH_RECORD_OBJECT
    + r")?"
    + words.ZH_ADV
    + r"(?:"
    + words.ZH_ACT
    + r")"
    + words.ZH_TAIL
)


def pointed_back(pieces: list[str], read_en: Callable[[str], TopicRequest | None]) -> TopicRequest | None:
    """A request whose object points back ("wipe all that pls", "scrub it", "你就当我没说过") at a
    thing told about in another piece of the message ("nvm the Kev saga", "换工作那事黄了"): a
    request about that thing."""
    for i, piece in enumerate(pieces):
        if re.search(r"[\u4e00-\u9fff]", piece) and _ZH_ACT_ALONE.match(piece.strip()):
            # the nearest clause before the act names what it points back at
            for other in reversed(pieces[:i]):
                thing = _ZH_SAID_THING.match(other.strip()) or _ZH_TOLD_THING.match(other.strip())
                # "之前说吃药那个事": that it was said before is no part of the matter
                said = (
                    (thing.groupdict().get("thing") or thing.groupdict().get("thing2") or "") if thing else ""
                )
                named = words.ZH_SAID_LEAD.sub("", said.strip())
                if named and named not in words.ZH_NO_TOPIC:
                    return TopicRequest(named, piece.strip())
            continue
        m = words.EN_REQUEST.match(" ".join(piece.split()))
        if m is None or re.search(r"[\u4e00-\u9fff]", piece):
            continue
        said = words.EN_TOPIC_FILLER.sub(
            "", words.EN_TAIL.sub("", words.EMOJI.sub("", m["what"] + m["topic"])).strip(" ,.!?")
        ).strip()
        if not words.EN_NO_TOPIC.match(said):
            continue
        others = pieces[:i] + pieces[i + 1 :]
        # "that confession from the other night, the money one": the descriptor picks it
        for other in others:
            if one := _EN_THE_ONE.fullmatch(other.strip()):
                return read_en("forget the " + (f"{one['x']} one" if one["x"] else f"one about {one['x2']}"))
        for other in others:
            things = [t[0] for t in _EN_TOLD_THING.finditer(other)]
            # "the thing from monday about my mental health stuff": the one that says what it is
            # about wins over a bare "the thing"
            specific = [t for t in things if not _EN_BARE_THING.fullmatch(t)]
            if things:
                told = specific[-1] if specific else things[0]
                # "the thing I told you on Tuesday about mom's money": what it was about is the topic
                if of_what := re.search(r"\s(?:about|abt|involving)\s+(.+)$", told, re.I):
                    return read_en("forget about " + of_what[1])
                return read_en("forget " + told)
            if about := _EN_ABOUT_THING.match(other.strip()):
                return read_en("forget about " + (about["thing"] or about["thing2"] or about["thing3"]))
    return None
