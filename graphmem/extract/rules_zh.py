"""Chinese rules. A sentence is cut into clauses; each clause becomes (subject, predicate)
and the predicate is read by the ordered rules of the Chinese language pack
(graphmem/lang/zh/predicate.toml; clause.toml is tried on the whole clause first). What matches
nothing but is a statement about the user (or someone they know) becomes an event or a note.

Chinese drops subjects freely ("目前在海川银行做数据分析师"), so a clause without one
inherits the previous clause's subject within the same sentence.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from graphmem.extract import (
    changes,
    clause_handlers_zh,
    contrasts,
    corrections_zh,
    fragments,
    frames,
    nlp,
    on_record,
    post_pass,
    schools,
    turns,
)
from graphmem.extract import common as c
from graphmem.extract import patterns_zh as p
from graphmem.extract import subjects_zh as subjects
from graphmem.extract import zh_values as zv
from graphmem.extract.clauses_zh import cut_clauses as cut_clauses
from graphmem.extract.clauses_zh import pieces as pieces
from graphmem.extract.common import ME, Ctx, Subject, cand, link
from graphmem.extract.patterns_zh_names import placeholder_relation
from graphmem.extract.relations import relation_of
from graphmem.extract.reply_style_zh import is_reply_style
from graphmem.extract.zh_names import (
    meet_people_named_before,
    name_after,
    people_mentioned,
    people_named_inside,
)
from graphmem.lang import Handler, Pack, data, load_pack, merge_handlers
from graphmem.lang.normalise import normalise

#: What a plan's day was or was moved by, said on after it ("面试本来是明天，推迟了三天", "体检推迟了
#: 一周 本来是这周五"): the same clause, so the plan keeps the day it was moved to.
_MOVE_ON = (
    r"\s*(?:又|被|给|也)?(?:(?:推迟|延期|延后|推后|往后推|顺延|提前)了?(?:[0-9一二两三四五六七八九十半几]|到)"
    r"|(?:改到|挪到|调到|本来是?|原来是|原定|原本是?)(?:了|在)?(?:明|后|大后|今|下|这|本|周|星期|礼拜|[0-9一二三四五六七八九十]+[号日月])"
    r")"
)
_CLAUSE_SPLIT = re.compile(
    # (a colon between digits is a ratio or an hour, "16:8", "7:30", and no clause's end)
    r"[，,；;：]+(?!"
    + _MOVE_ON
    + r")|—{1,2}|(?<!\d):|:(?!\d)|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])(?!"
    + _MOVE_ON
    + r")|"
    # a laugh typed between two statements ends the first: "现在是analytics lead了hhh 还是在…"
    r"(?<![A-Za-z])(?:[hH]{2,}|哈{2,}|lol|233+)\s*(?=[\u4e00-\u9fff])|"
    r"(?<=[^，,])(?=(?:但是|不过(?!敏)|可是|而且|并且|所以)(?!$))"
)
#: "打错了，是30", "说错了，应该是30岁才对": the number alone, after a correction word.
_BARE_NUMBER = re.compile(
    r"^(?:我)?(?:应该|其实)?是?(?P<n>\d{1,3})(?:岁|周岁)?(?:才对)?(?:了|啦|哈|哦)*[。！!]?$"
)
_CONNECTOR = re.compile(
    r"^(?:但是|但|不过|可是|而且|并且|所以|然后|另外|还有|对了|顺便说一下|顺便|哦|嗯|啊|哈哈|话说|那个|就是|其实|实际上|"
    r"结果|后来|没想到|谁知道|谁知|原来|好消息|坏消息|告诉你|跟你说|报告一下|汇报一下|"
    r"说实话|老实说|坦白说|总之|反正|现实是|事实是|说正经的|正经说|讲真|说真的|偷偷说|偷偷告诉你)+[，,\s]*"
)
#: Words that turn the talk to another matter: what follows is the speaker's own again.
_TURNED = re.compile(r"^(?:对了|哦对了|另外|顺便说一下|顺便|话说)")
_REMEMBER = re.compile(
    r"^(?:请|麻烦)?(?:你)?(?:帮我)?(?:记住|记得|记一下|记下来?|别忘了|不要忘了|备注一下)[：:，,\s]*"
)
_CORRECTION = re.compile(
    r"(?:我)?(?:之前|刚才|刚刚|上次|前面)?(?:(?:说|搞|记|写|打|弄|输|拼|按)错(?:了)?(?:个|一个)?字?|口误|手滑)(?:了)?[，,：:\s]*|"
    r"(?:更正|纠正|订正|修正)(?:一下)?[：:，,\s]*|不对不对[，,\s]*|^不对[，,\s]+"
)
_CORRECTION_SOFT = re.compile(r"其实|实际上")
_NOT_THAT_NAME = re.compile(r"(?:以后)?别(?:再)?叫我[^，,\s]{1,4}?了?[，,\s]+(?:以后)?(?:就)?叫(?!我)")
#: A value alone after a correction word ("说错了，是王颖，…").
_BARE_IS = re.compile(r"(?:^|[，,])\s*(?:应该)?是(?P<v>[\u4e00-\u9fff]{2,4})(?=[，,。！!~～]|$)")
_BARE_NOT = re.compile(
    # (in a longer message too: "我们不是住X，是Y，离X也就半小时")
    r"不是(?:住在?|在)?(?P<old>[^，,是]{1,16})[，,]?\s*(?:而)?是(?:住在?|在)?(?P<new>[^，,]{1,16})(?=$|[，,。！!])|"
    r"^(?:我|他|她)?(?:说的)?是(?:在)?(?P<new2>[^，,]{1,16})[，,]\s*不是(?:在)?(?P<old2>[^，,]{1,16})$|"
    # "31 不是29": the right value, then the wrong one, no 是 before it
    r"(?:^|[，,\s])(?!(?:我|你|他|她|咱|俺)们?(?:[，,\s]|不是))(?P<new3>[0-9A-Za-z\u4e00-\u9fff]{1,16}?)\s*[，,]?\s*不是(?P<old3>[0-9A-Za-z\u4e00-\u9fff]{1,16})(?:[，,\s]|$)"
)

#: An age said alone, no subject ("十二岁了", "今年3岁").
_AGE_ALONE = re.compile(
    r"^(?:今年|已经|都)?(?:\d{1,2}|[一二三四五六七八九十两]{1,3})(?:岁|周岁)(?:多)?(?:了|啦)?$"
)
_ADV_WORDS = (
    r"也|还|都|就|又|才|已经|现在|目前|如今|平时|平常|一直|最近|近来|其实|实际上|真的|确实|本来|从小|唯独|明明|"
    r"从来|向来|终于|刚刚|刚|正在|马上|即将|新|居然|竟然|突然|渐渐|慢慢|正式|彻底|总算|早就|早已|主要|基本上?|"
    r"从.{1,6}(?:开始|起)"
)
_ADVERB = re.compile(rf"^(?:{_ADV_WORDS}|{zv.TIME})+")
_ADVERB_KEEP_TIME = re.compile(rf"^(?:{_ADV_WORDS})+")
_PAST = re.compile(r"^(?:以前|之前|曾经|原来|过去|当年|小时候|那时候?|那会儿?)")
_INTENT = re.compile(
    r"要|得|准备|打算|计划|需要|约了|约在|预约|安排|会|去|参加|出差|开会|考试|面试|见|回|飞|到"
)
# Moods and "just did X" pass with the day; they are not worth remembering.
_TRANSIENT = re.compile(
    r"^(?:心情|状态|感觉|身体)?(?:好|很|太|真|有点|有些|特别|非常|超|挺|不太|还|比较)?"
    r"(?:困|累|饿|渴|烦|无聊|开心|高兴|难过|忙|冷|热|饱|晕|舒服|不舒服|难受|郁闷|紧张|激动|不错|好|差|糟糕|爽|崩溃|头疼)"
    r"(?:啊|了|呀|死了|极了|的)*$"
)
_JUST = re.compile(r"^(?:刚刚|刚才|刚)(?!好)")
_META = re.compile(
    r"^(?:觉得|认为|感觉|想问|想知道|问一下|请问|看看|试试|告诉你|跟你说|不知道|不确定|明白|知道了|懂了|同意|记住了|好的|"
    r"说|查|搜|找一下|帮我|给我)"
)


def _forget(what: str, ctx: Ctx) -> list:
    """忘掉我喜欢寿司: retract what the inner statement says; otherwise any fact with that value."""
    if what.startswith("我"):
        inner, _ = _clause(what, ctx.state, None, False)
        inner = [
            replace(x, retract=True, correction=True) for x in inner if x.attribute not in ("note", "event")
        ]
        if inner:
            return inner
    return [cand("*", zv.TAIL.sub("", what), ME, ctx.src, retract=True, correction=True)]


# Clause-level rules: the subject is not at the front ("你可以叫我娜娜", "别再给我推荐甜食了").
#: The handlers of lang/zh/clause.toml's rules: those of graphmem.extract.clause_handlers_zh,
#: and the one that reads the inner statement again.
_CLAUSE_HANDLERS: dict[str, Handler] = {
    **clause_handlers_zh.HANDLERS,
    "forget_that": lambda m, x: _forget(m["x"], x),
}


_HAPPENED = re.compile(
    r"昨天|前天|昨晚|上周|上个?星期|上个月|去年|前年|前几天|刚才|那天|之前|以前|曾经|已经|过了"
    r"|(?:[\d一两三四五六七八九十几半]+)个?(?:天|周|星期|礼拜|月|年)(?:前|以前|之前)"
)


_STANDING_DATE = re.compile(
    r"(?:是|在)\s*[0-9一二三四五六七八九十]{1,3}月[0-9一二三四五六七八九十]{1,3}(?:日|号)"
)
_RELATIVE_DAY = re.compile(
    r"今天|明天|后天|昨天|前天|今晚|明晚|下周|下星期|下礼拜|这周|本周|上周|下个月|这个月|上个月|今年|明年|去年|前年|后年"
)
_WEATHER = re.compile(r"下.{0,2}[雨雪]|[降升]温|刮.{0,2}风|天气|晴|阴天|台风|雾霾|多云|暴雨|冰雹")


def content_chars(text: str) -> int:
    return len(re.sub(r"[^\u4e00-\u9fffA-Za-z0-9]", "", text))


def _fallback(clause: str, pred: str, body: str, ctx: Ctx, explicit: bool, remember: bool) -> list:
    """No pattern matched: an event if it is dated, a note if it is a statement about someone."""
    body = body.strip()
    if not body or ((_TRANSIENT.match(body) or _META.match(body)) and not remember):
        return []
    if _JUST.match(pred.strip()) and not remember and not ctx.has_time:  # 我刚吃完饭 (前天刚… is dated)
        return []
    weekly = nlp.RECUR in ctx.times or zv.RECURRING.search(clause)
    if weekly and explicit and not body.startswith("的"):
        return [cand("event", clause, ctx.subj, ctx.src, kind="fact")]
    if _STANDING_DATE.search(clause) and not _RELATIVE_DAY.search(clause) and explicit:
        # "我们结婚纪念日是4月18号": a date something is on, every year; a fact, not a plan.
        return [cand("note", clause, ctx.subj, ctx.src)]
    # A plan with its subject dropped ("下个月15号考科目二") is the user's, as a stated one is;
    # the weather of a day is nobody's plan.
    own_plan = ctx.subj.is_self and not _WEATHER.search(body) and content_chars(body) >= 2
    if (
        ctx.has_time
        and not c.habitual(ctx, clause, zv.HABIT)
        and (explicit or _INTENT.search(body) or own_plan)
    ):
        # Something that already happened is history, not a plan: it keeps a fact's half-life.
        return [cand("event", clause, ctx.subj, ctx.src, kind="fact" if _HAPPENED.search(clause) else None)]
    content = len(re.sub(r"[^\u4e00-\u9fffA-Za-z0-9]", "", body))
    if remember or (explicit and content >= 2):
        return [cand("note", clause, ctx.subj, ctx.src)]
    if ctx.subj.type == "pet" and ctx.subj.named and content >= 4:
        # "我家柯基豆包得了肠胃炎，在瑞鹏宠物医院住院": a clause that goes on about the pet just
        # named (its clinic, its food) is kept on the pet, where recall by its name finds it
        return [cand("note", clause, ctx.subj, ctx.src)]
    return []


def _bodies(pred: str, ctx: Ctx) -> tuple[list[str], bool]:
    """The predicate without leading adverbs, once also without time words (今年40岁 → 40岁)
    and, last, without a trailing time (在杭州工作到明年); and whether it was negated (不是四川人)."""
    negated, bodies = False, []
    for adverbs in (_ADVERB, _ADVERB_KEEP_TIME):
        body = pred
        for _ in range(4):
            before = body
            body = adverbs.sub("", body)
            if m := _PAST.match(body):
                ctx.past, body = True, body[m.end() :]
            if body.startswith("不是"):
                negated, body = True, body[1:]
            if body == before:
                break
        if body not in bodies:
            bodies.append(body)
    if ctx.has_time and (short := zv.untimed(bodies[0])) not in bodies:  # 在杭州工作到明年
        bodies.append(short)
    return bodies, negated


# "现在我最喜欢的是…": a time word before the subject reads as it does after it ("我现在…").
_TIME_BEFORE_ME = re.compile(r"^(?P<t>现在|如今|目前|最近|这阵子|这段时间|这几年)(?:的)?(?=我(?!们))")


#: What someone said, after the clause that names them ("物业贴了通知，说停水是下周二"): the
#: content is the statement; a request of the user's ("说一下…") opens no such clause.
_REPORTED = re.compile(
    r"^(?:还|又|就|都)?(?:说|讲|通知|告诉我们?|提醒我们?)了?(?:是|说)?(?![一下话明白出来个])"
)


def _clause(raw: str, state: c.State, inherited: Subject | None, remember: bool):
    if _TURNED.match(raw.strip()):  # "…，对了青霉素过敏": the talk turns back to the speaker
        inherited = None
    text = _CONNECTOR.sub("", raw.strip()).strip(" 。～~")
    text = subjects.FOUND_OF_ME.sub("", text)
    if state.last_clause and (m := _REPORTED.match(text)) and content_chars(text[m.end() :]) >= 3:
        text = text[m.end() :]
    if t := _TIME_BEFORE_ME.match(text):
        text = "我" + t["t"] + text[t.end() + 1 :]
    if not text:
        return [], inherited
    ctx = c.time_ctx(ME, raw, state, text, "zh", zv.TIME_RX)
    pack = _pack(state)
    if got := pack.table("clause").first(text, ctx, state.trace):
        return got, inherited
    if (
        state.pet_just_named is not None
        and (inherited is None or inherited.is_self)
        and _AGE_ALONE.match(text)
    ):
        inherited = state.pet_just_named
    state.pet_just_named = None
    subj, pred, explicit, links = subjects.subject(text, state, inherited)
    if remember and not explicit and (subj is None or subj.is_self):
        subj, explicit = ME, True  # 记一下，每周五交周报: an order to remember is about the user
    if subj is None or subj is subjects.SOMEONE:
        # "他倒是啥都吃，就是不碰香菜": 他 is no one the message or the record names; neither this
        # clause nor those after it that say no subject of their own are the user's. What it
        # says of the user is ("他还记得我对虾过敏": an idiom may still read it).
        told_of_me = "我" in text[1:]
        return (
            pack.table("frames").first(text, ctx, state.trace) or [] if told_of_me else []
        ), subjects.SOMEONE
    ctx.subj, ctx.explicit = subj, explicit
    bodies, negated = _bodies(pred, ctx)
    out: list = []
    for body in bodies:
        out = pack.table("predicate").first(body, ctx, state.trace) or []
        if out:
            break
    if negated:  # 我不是四川人: a retraction that also names the value a later clause replaces
        out = [replace(x, retract=True, correction=True) for x in out if x.attribute not in ("note", "event")]
    elif not out:  # the ordinary grammar found nothing: the frames (idioms) read the whole clause
        out = pack.table("frames").first(text, ctx, state.trace) or []
        if any(x.subject != subj.name for x in out):
            state.last_clause = text
            # "我们家布偶叫雪球，对鸡肉过敏": the frame named the one this clause is about, so
            # the clauses after it go on about that one
            named_here = links and any(x.object_type and x.value == subj.name for x in out)
            return out, subj if named_here else inherited
        out = out or _fallback(text, pred, bodies[0], ctx, explicit, remember)
    subj = ctx.subj
    if out and not subj.is_self and not subj.named and not all(x.retract for x in out):
        attr, qual = placeholder_relation(subj)
        # Unless a link of that relation is already made ("my daughter's name is Lily"); a link
        # to someone else (her husband as the user's brother-in-law) does not stand for hers.
        # Nor when what the clause made is already someone's (阿杰家有只金毛: his dog, not hers).
        if not any(
            x.object_type and ((x.subject == c.SELF and x.attribute == attr) or x.value == subj.name)
            for x in out
        ):
            links.append(link(attr, qual, subj.name, raw))  # 我女儿对芒果过敏: link 女儿 until a name arrives
    state.last_clause = text
    return links + out, subj


_REMEMBER_CLAUSE = re.compile(
    r"(?:请|麻烦)?(?:你)?(?:帮我)?(?:记一下|记住|记下来?|记着|备注一下)(?:哈|啊|哦|吧|呀)*"
)
#: "换了辆比亚迪", "卡罗拉卖了，入手了一台Model Y": a change to what one owns or uses, said
#: with the subject dropped, is the speaker's.
_OWN_CHANGE = re.compile(
    r"(?:^|[，,。！!])(?:(?:最近|刚刚?|已经|前几天|上周|上个月|昨天|今天|终于|后来|现在)[，,]?)*"
    r"(?:换成了?|换了(?:个|辆|台|部|只|家)?|改用了?|入手了?|卖了|用上了?|办了(?:张|个)?|退了)\S"
    r"|\S{2,8}(?:卖了|退了|换掉了)(?:[，,。！!]|$)"
)
_SELF_REF = re.compile(r"(?<!帮)(?<!给)(?<!告诉)(?<!问)(?<!让)我|咱|俺")
#: Who else a sentence may be about, first in it ("他在吃降压药", "你的工资"): then not the user.
_OTHER_LEAD = re.compile(r"^(?:[^，,]{0,6}?[，,])?(?:他|她|它|你|您|人家|大家|别人|有人|某人)")


@cache
def _life_words() -> tuple[str, ...]:
    """The words of the life topics (graphmem/lang/zh/topics.toml) that say one alone."""
    return tuple(
        str(w)
        for g in data("zh", "topics.toml").get("topic", [])
        for w in g["words"]
        if w not in g.get("weak", [])
    )


def _about_own_life(s: str) -> bool:
    """A sentence with no subject that speaks of a matter of one's life ("降压药现在一天吃两片",
    "车贷每月还三千二", "下周二去面试"): Chinese chat leaves out the 我, the sentence is the user's."""
    return _OTHER_LEAD.search(s) is None and _KIN_LEAD.match(s) is None and any(w in s for w in _life_words())


def _substantive(clause: str) -> bool:
    """A clause with something to say (not a mood, a filler or a remark about the talk)."""
    text = _CONNECTOR.sub("", clause.strip())
    text = _ADVERB.sub("", subjects.SELF.sub("", subjects.LEAD_TIME.sub("", text)))
    content = len(re.sub(r"[^\u4e00-\u9fffA-Za-z0-9]", "", text))
    return content >= 5 and not _TRANSIENT.match(text) and not _META.match(text) and not _JUST.match(text)


#: Laughter and chat noise closing a clause ("我裸辞了哈哈"): not part of what it says.
_LAUGH_TAIL = re.compile(
    r"(?<=\S)\s*(?:哈{2,}|呵{2,}|嘿{2,}|嘻{2,}|[hH]{2,}|233+|lol|lmao|xswl|btw|tbh|ngl|fr|omg|[~～]+)+\s*$",
    re.I,
)


_SURNAME_THEN_NAME = re.compile(
    r"我姓(?P<s>[\u4e00-\u9fff]{1,2})[，,、\s]*(?:叫|全名|名字叫|大名)?(?P<full>(?P=s)[\u4e00-\u9fff]{1,2})(?=[，,。！!？?\s]|$)"
)


_KIN_LEAD = re.compile(
    r"^(?P<rel>表姐|表妹|表哥|表弟|堂姐|堂妹|堂哥|堂弟|姐姐|妹妹|哥哥|弟弟|老公|老婆|闺蜜|发小|女儿|儿子|"
    r"男朋友|女朋友|男友|女友|老妈|老爸|婆婆|公公|岳母|岳父|舅舅|姑姑|阿姨|叔叔|室友|同事|师傅)"
)


#: An object said first, then the user and the verb ("葱我也不吃", "羊肉我从来不碰", "猫我最喜欢了"):
#: Chinese puts what a taste is about first when it is the topic.
_OBJECT_FIRST = re.compile(
    r"^(?:还有|另外|而且|至于)?(?P<obj>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:的话|呢|啊|吧)?[，,]?我"
    r"(?P<adv>(?:也|都|就|还|可|是|从来|从|向来|一直|根本|基本|真的|实在|完全|一口|一点|绝对|压根儿?|最)*)"
    r"(?P<verb>(?:不|没|从不|绝不)?(?:太|怎么|大)?(?:吃|喝|碰|爱|喜欢))"
    r"(?P<rest>[了的啦啊呀哦]*)$"
)


def _object_back(clause: str) -> str:
    """The clause with a fronted object put back after its verb ("葱我也不吃" → "我也不吃葱"),
    unless what stands first is when, who or what kind ("今天我不吃", "他我不喜欢")."""
    m = _OBJECT_FIRST.match(clause.strip())
    if m is None or subjects.LEAD_TIME.match(m["obj"]) or re.match(r"[他她你您它这那]", m["obj"]):
        return clause
    adverbs = m["adv"].removeprefix("是")  # "香菜我是一口都不碰": the 是 of emphasis goes with the order
    return f"我{adverbs}{m['verb']}{m['obj']}{m['rest']}"


def extract_sentence(sentence: str, state: c.State) -> list:
    s = sentence.strip().strip("。！!")
    c.note_allergy_talk(state, s)
    state.sentence = s
    remember = bool(_REMEMBER.match(s))
    s = _REMEMBER.sub("", s)
    correction = bool(_CORRECTION.search(s) or _CORRECTION_SOFT.search(s))
    s = _CORRECTION.sub("，", s).strip("，, ")  # "手滑打错了 我在悉尼": the clauses either side stay apart
    s = normalise(s, "zh")  # asides and fillers off, once the cues around them are read
    # "别叫我小满了，叫阿满吧": the name not to use, then the one to use (the clause after it has no 我)
    s = _NOT_THAT_NAME.sub("以后叫我", s)
    if not s:
        return []
    # "表姐小雯离婚了": chat drops the 我 before one's own people; a kinship word opening the
    # sentence with a name after it is the user's
    if (m := _KIN_LEAD.match(s)) and relation_of(m["rel"]) and name_after(s[m.end() :], state):
        s = "我" + s
    if is_reply_style(s):
        style = c.builtin([cand("reply_style", s, ME, sentence)], "zh", "reply_style")
        return post_pass.finish(style, state.context, correction=False)
    out: list = []
    subj = None
    state.last_clause = ""
    clauses = [_object_back(_LAUGH_TAIL.sub("", x)) for x in _CLAUSE_SPLIT.split(s) if x and x.strip()]
    if any(_REMEMBER_CLAUSE.fullmatch(x.strip()) for x in clauses):  # 车停在C区37号，记一下
        remember, clauses = True, [x for x in clauses if not _REMEMBER_CLAUSE.fullmatch(x.strip())]
    unmatched = False
    newcomer = False
    at = 0
    mentions = people_mentioned(s)
    for clause in clauses:
        at = max(at, s.find(clause, at))  # a clause rewritten (object moved back) keeps the last place
        if mentions and at > 0:
            meet_people_named_before(s, at, mentions, state)
        if newcomer and (named := subjects.NAMED_ALONE.fullmatch(clause.strip())):
            # "见了个男生，叫郑一鸣，在国企做财务": what follows the name is that person's
            subj, newcomer = Subject(named["n"], "person"), False
            continue
        newcomer = subjects.NEWCOMER.search(clause) is not None
        got, subj = _clause(clause, state, subj, remember)
        if other := subjects.other_alone(clause.strip()):
            # "我前男友阿杰，在华为做硬件": what follows is that person's, not the user's
            subj = Subject(other, "person")
        out.extend(got)
        unmatched = unmatched or (not got and _substantive(clause))
    out += people_named_inside(s, out, state, sentence)
    request = bool(clauses) and bool(_META.match(_CONNECTOR.sub("", clauses[0].strip())))  # 帮我把这句翻译成…
    about_self = remember or (
        (bool(_SELF_REF.search(s)) or _OWN_CHANGE.search(s) is not None or _about_own_life(s)) and not request
    )
    if sum(x.attribute == "city" for x in out) > 1:
        # "搬到泉州了，以后就是半个闽南人了": the move names the city; being "half a local" of
        # a region only says so again
        out = [x for x in out if not (x.attribute == "city" and x.rule == "zh.predicate.new_locals")]
    if (m := _SURNAME_THEN_NAME.search(s)) and not any(x.attribute == "name" for x in out):
        # "我姓周，周建国": the surname said first, then the full name that starts with it
        out += c.builtin([c.cand("name", m["full"], ME, sentence)], "zh", "surname_then_name")
    out = c.sentence_note(out, s, unmatched=unmatched, about_self=about_self)
    if not [x for x in out if x.attribute != "note"] and (m := _BARE_NOT.search(s)):
        fixed = on_record.bare_correction(
            state.context, m["old"] or m["old2"] or m["old3"], m["new"] or m["new2"] or m["new3"], sentence
        )
        out = c.builtin(fixed, "zh", "bare_correction") or out
    elif correction and not [x for x in out if x.attribute != "note"] and (m := _BARE_NUMBER.match(s)):
        out = (
            c.builtin(
                on_record.bare_number_correction(state.context, m["n"], sentence), "zh", "bare_correction"
            )
            or out
        )
    elif correction and not [x for x in out if x.attribute != "note"] and (m := _BARE_IS.search(s)):
        # "说错了，是王颖": the value alone, put in place of the one on record it is a slip of
        out = (
            c.builtin(
                on_record.bare_slip_correction(state.context, m["v"], sentence), "zh", "bare_correction"
            )
            or out
        )
    elif not [x for x in out if x.attribute != "note"] and (
        fixed := corrections_zh.place_refined(state, sentence, _CLAUSE_SPLIT.split(s)[0].strip())
    ):
        out = c.builtin(fixed, "zh", "place_refined")
    return post_pass.finish(c.builtin(frames.with_org_alias(out), "zh"), state.context, correction=correction)


#: The Chinese pack (graphmem/lang/zh), its rules bound to their handlers here and in
#: patterns_zh.
PACK = load_pack(
    "zh",
    merge_handlers(
        p.HANDLERS,
        _CLAUSE_HANDLERS,
        contrasts.HANDLERS["zh"],
        schools.HANDLERS["zh"],
        fragments.HANDLERS["zh"],
        turns.HANDLERS,
        changes.HANDLERS,
        frames.ZH_HANDLERS,
    ),
    {"DIET_WORDS": p.DIET_WORDS, "PET_WORD": zv.PET_WORD, "REL": zv.REL},
)


def _pack(state: c.State) -> Pack:
    return state.packs.get("zh") or PACK
