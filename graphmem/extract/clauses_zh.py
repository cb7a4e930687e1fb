"""How Chinese text is cut into the pieces the Chinese rules read (graphmem.extract.rules_zh):
the shared sentence splitter first, then what Chinese chat needs besides it: a run-on
message cut before the words that open a new clause, a tilde ending a piece, spaces between
Chinese words read as the commas they stand for, a tone word before a comma taken off.
"""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract.common import EMOJI
from graphmem.extract.lexicon import ZH_BREEDS
from graphmem.extract.relations import relation_alternation
from graphmem.gate.sentences import split as split_sentences

# A tilde ends a Chinese sentence ("好开心～我下周去北京"); the shared splitter keeps it inside.
_TILDE_END = re.compile(r"(?<=[～~])")

# A long message typed without punctuation ("我是长沙人前几年来深圳了现在在…公司叫…") is cut
# before the words that usually open a new clause.
_RUN_ON_STARTS = re.compile(
    # never between a pronoun and its clause ("我|现在…" is one clause)
    r"(?<=[\u4e00-\u9fff])(?<![我你他她们])(?=现在|目前|然后|后来|前几年|这几年|这两年|前些年|去年|前年|今年|每天|平时|公司叫|公司名|我主要|我现在|我每天|我平时|但是|不过"
    r"|今天|昨天|今晚|我跟你说|说实话|我这辈子"
    # voice typing strings what it lists with these ("…因为我们家信佛还有就是我养了两只仓鼠")
    r"|还有就是|另外就是|我养了|我家有)"
)


#: "搬来杭州之后基本每周都去": a clause of when ("after moving to …") before what then happens
#: is a clause of its own, as it is with a comma after it.
_AFTER_MOVING = re.compile(
    r"((?:搬来|搬过来|搬回|搬到|来到|回到)[了过]?[\u4e00-\u9fff]{2,6}?(?:之后|以后))(?=[\u4e00-\u9fff]{2})"
)


def _unrun(sentence: str) -> str:
    if len(sentence) < 25 or re.search(r"[，,。！？!?；;、\s]", sentence.strip()):
        return sentence
    return _RUN_ON_STARTS.sub("，", sentence)


#: A day that can open a clause of its own ("这周六搬家下礼拜五聚会": two plans, one day each).
_CLAUSE_DAY = re.compile(
    r"(?:上上|下下|上|下|这|本)个?(?:周|星期|礼拜)[一二三四五六日天末]|大后天|后天|明天|今晚|明晚"
    r"|[0-9一二三四五六七八九十]{1,2}月[0-9一二三四五六七八九十]{1,3}[号日]"
)
#: What joins two days into one span or one choice ("从周六到下周五", "这周六或者下礼拜五",
#: "这周六和下周六都加班"): no cut between them.
_DAYS_JOINED = re.compile(r"(?:到|至|和|跟|与|及|或|或者|还是|、|的|之前|之后|以前|以后|前|后|直到|一直到)$")


def _one_day_a_clause(sentence: str) -> str:
    """A clause run on from a day's plan into another day's ("这周六加班下礼拜五聚会") is cut
    before the second day, so what follows each day stays that day's; days joined into one
    span or choice stay together."""
    out = []
    for part in re.split(r"([，,。！？!?；;\s]+)", sentence):
        days = list(_CLAUSE_DAY.finditer(part))
        cuts = []
        for before, m in zip(days, days[1:]):
            between = part[before.end() : m.start()]
            then = re.search(r"(?:然后|接着|再就是|还有|因为|所以|但是|不过|可是|结果|而且)$", between)
            if len(between) < 2 or (not then and _DAYS_JOINED.search(between)):
                continue
            cuts.append(m.start() - (len(then[0]) if then else 0))
        for at in reversed(cuts):
            part = part[:at] + "，" + part[at:]
        out.append(part)
    return "".join(out)


_TONE_BEFORE_COMMA = re.compile(r"(?<=[\u4e00-\u9fff])(?:哦|喔|噢|啦|呀|呢|哈|嘛|啊|咯|哟|捏)+(?=[，,])")
_SPACED_LATIN = re.compile(
    r"(?<=[\u4e00-\u9fff])[ \t]+(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])[ \t]+(?=[\u4e00-\u9fff])"
)
_INSISTING_TAG = re.compile(r"(?<=[\u4e00-\u9fff])(?:好吗|好不好)(?=[，,。！!～~]|$)")
#: "我都28了再不减以后只会更难": a clause ended by 了 and a new one opened without a comma; the
#: words that open the second one cut it off.
_AFTER_LE = re.compile(
    r"(?<=[\u4e00-\u9fff\d]了)(?=再不|再这样|还得|还要|还是|所以|结果|但是|可是|然后|真的|实在|以后|现在|每次|天天"
    # "四十岁了突然想学个乐器": what happens next, after a state said
    r"|突然|忽然|居然|竟然|终于)"
)
#: A Latin run glued to the Chinese before it and spaced from the Chinese after it ("在做keto
#: 碳水基本不碰", "我lactose intolerant 喝牛奶就拉肚子"): the space ends a clause. Spaces typed on
#: both sides ("在 shopee 做 PM") only set the word apart.
_GLUED_LATIN_THEN_SPACE = re.compile(
    r"(?<=[\u4e00-\u9fff])([A-Za-z][A-Za-z'’-]*(?: [A-Za-z][A-Za-z'’-]*){0,3})[ \t]+"
    # (not when the Chinese after it goes on with the same clause: "在Goldman Sachs 做分析师")
    r"(?=[\u4e00-\u9fff])(?![做当干搞的是里上工实读待住写任负带管教开跑和与跟])"
)
#: "每天debug到怀疑人生 btw 我对芒果过敏": an English word that changes the topic, typed between
#: Chinese clauses, parts them as a comma does.
_LATIN_TURN = re.compile(
    r"(?<=[\u4e00-\u9fff])[ \t]*\b(?i:btw|by the way|anyway|anyways|also|plus|ps|p\.s\.|oh and|fyi|but|and)\b[ \t]*(?=[\u4e00-\u9fff])"
)
#: "开会开到怀疑人生 base深圳": "base" (where one is based) opens a clause of its own
_BASE_OPENS = re.compile(r"(?<=[\u4e00-\u9fff])[ \t]+(?=(?i:base)(?![A-Za-z]))")
#: "做product manager 中文读写还是很烂haha 不过…": a Latin word, then a space, then Chinese that
#: opens a clause of its own ends a clause ("在Goldman Sachs 做分析师" goes on: 做 opens none)
_LATIN_THEN_CLAUSE = re.compile(
    r"(?<=[A-Za-z])[ \t]+(?=(?:中文|英文|不过|但是|可是|然后|而且|还有|因为|所以|对了|我|你|他|她|今天|明天|昨天|最近|现在"
    r"|平时|周末|每天|反正|其实|就是|虽然|结果|顺便)[\u4e00-\u9fff])"
)
_BRACKETED = re.compile(r"[（(]([^（）()]{1,30})[）)]")
#: A pet named, then its kind in brackets ("我家年糕（布偶，三岁）"): said as the rules read it,
#: 我家的布偶叫年糕，它三岁.
_PET_BRACKET = re.compile(
    r"(?P<own>我家|我的|家里的?|我)(?P<name>[\u4e00-\u9fff]{1,3}?)[（(](?P<kind>(?:黑|白|橘|灰|黄|花|三花|奶牛|狸花|小)?(?:"
    + "|".join(
        sorted(
            {*map(re.escape, ZH_BREEDS), "猫咪", "狗狗", "小猫", "小狗", "猫", "狗", "兔子", "仓鼠", "鹦鹉"},
            key=len,
            reverse=True,
        )
    )
    + r"))(?:[\s，,、]+(?P<rest>[^（）()]*))?[）)]"
)
_SPACED_CLAUSE = re.compile(r"(?<=[\u4e00-\u9fff\d])[ \t\u3000]+(?=[\u4e00-\u9fff]|\d+[\u4e00-\u9fff])")


def _pet_said_plainly(m: re.Match[str]) -> str:
    """我家煤球（黑猫，三岁） -> 我家的猫叫煤球，它是黑猫，它三岁: the kind, its colour apart."""
    kind = m["kind"]
    core = re.sub(r"^(?:黑|白|橘|灰|黄|花|三花|奶牛|狸花|小)(?=猫|狗|猫咪|狗狗)", "", kind)
    said = f"{m['own']}的{core}叫{m['name']}" + (f"，它是{kind}" if core != kind else "")
    return said + (f"，它{m['rest']}" if m["rest"] else "") + "，"


#: One of the user's people named, then an aside about them in brackets, then what is said of
#: them ("我家那位老刘（大名刘建国，倔得很）血压高", "我闺女小婷（就是老二）对花生过敏"): the
#: statement is read whole, the aside after it.
_PERSON_BRACKET = re.compile(
    # chat drops the 我 at a clause's start ("儿子豆豆（大名周亦航）在…上学")
    r"(?P<who>(?:(?:我|俺)(?:家|的)?|(?:^|(?<=[，,。！!？?\s])))(?:"
    + relation_alternation("zh")
    + r")(?:[\u4e00-\u9fffA-Za-z]{1,3}?)?)[（(](?P<aside>[^（）()]{1,30})[）)](?P<rest>[^，,。！!？?（(]+)"
)


#: An aside that says the one named is an animal ("我家那位祖宗（柯基，叫馒头）"): a pet's, read
#: as such where it stands.
_ANIMAL_ASIDE = re.compile(
    "|".join(
        sorted(
            {*map(re.escape, ZH_BREEDS), "猫", "狗", "兔", "鹦鹉", "仓鼠", "乌龟", "鱼"},
            key=len,
            reverse=True,
        )
    )
)


#: A name said at the end of the aside ("闺女（就我们家老大 朵朵）"): a nickname (朵朵, 小雨, 阿杰).
_NAME_ENDING_ASIDE = re.compile(
    r"(?:^|[\s，,、]|老大|老二|老三|老幺|就是|也就是)(?P<name>([\u4e00-\u9fff])\2|[小阿][\u4e00-\u9fff])$"
)
_RELATION_END = re.compile("(?:" + relation_alternation("zh") + ")$")


def _person_aside_after(m: re.Match[str]) -> str:
    if _ANIMAL_ASIDE.search(m["aside"]):
        return m[0]
    who = m["who"]
    # the one named only by the relation, the aside saying their name: the name goes with it
    if _RELATION_END.search(who) and (named := _NAME_ENDING_ASIDE.search(m["aside"].strip())):
        who += named["name"]
    return f"{who}{m['rest']}，{m['aside']}，"


def cut_clauses(sentence: str) -> list[str]:
    """The second, Chinese-only step on one sentence of the shared splitter: a run-on sentence
    is cut before its clause-opening words, and a tilde ends a piece."""
    # chat parts its clauses with spaces ("我是纯素哦 蛋奶蜂蜜一律不碰"): a space between Chinese
    # words is read as the comma it stands for
    sentence = _BASE_OPENS.sub("，", _LATIN_TURN.sub("，", sentence))
    sentence = _GLUED_LATIN_THEN_SPACE.sub(r"\1，", sentence)
    sentence = _SPACED_CLAUSE.sub("，", _LATIN_THEN_CLAUSE.sub("，", sentence))
    # "在 PDD 做 growth": the spaces typed around a Latin word inside Chinese are no clause break
    sentence = _SPACED_LATIN.sub("", sentence)
    # an aside in brackets ("海鲜过敏（虾蟹都不行）") is a clause of its own, not part of a value
    sentence = _PET_BRACKET.sub(_pet_said_plainly, sentence)
    sentence = _PERSON_BRACKET.sub(_person_aside_after, sentence)
    sentence = re.sub(r"，(?:[，,]\s*)+", "，", sentence)
    sentence = _BRACKETED.sub(lambda m: "，" + m[1] + "，", sentence).strip("，")
    sentence = _AFTER_MOVING.sub(r"\1，", sentence)
    if len(_CLAUSE_DAY.findall(sentence)) > 1:
        sentence = _one_day_a_clause(sentence)
    sentence = _TONE_BEFORE_COMMA.sub("", sentence)  # "我是纯素哦，…": the tone is no part of the value
    sentence = _INSISTING_TAG.sub(
        "", sentence
    )  # "我只爱吃草莓好吗": the tag insists, it is no part of the value
    parts = _TILDE_END.split(_AFTER_LE.sub("，", _unrun(sentence)))
    return [s.strip() for s in parts if s.strip(" \t\n。！？!?；;～~")]


def pieces(text: str) -> list[str]:
    """What the Chinese rules read, one piece at a time: emoji become full stops, the shared
    splitter (`graphmem.gate.sentences.split`) cuts sentences, `cut_clauses` cuts further."""
    # an emoji between a word and what is said of it stands for the word ("小柯基🐶叫芝麻糊"): no
    # stop there ("我养了一只猫🐱它叫年糕" keeps its two clauses)
    inside = re.compile(rf"(?<=[\u4e00-\u9fff])(?:{EMOJI.pattern})+(?=叫|名叫|才|今年|已经)")
    sentences = c.list_items(split_sentences(EMOJI.sub("。", inside.sub("", text))), text)
    return [piece for sentence in sentences for piece in cut_clauses(sentence) if sentence.strip()]
