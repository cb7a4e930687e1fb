"""Whether a clause asks something: the question marks, wh-words and auxiliaries of both
languages, and the statements that only look like questions (a "no" said twice, 不对不对; a
wh-word no one asks, 没人管我几点下班; surprise with doubled marks, "it was never the
shellfish??"). The write gate (`graphmem.gate.noise`) drops what asks and keeps the rest."""

from __future__ import annotations

import re

__all__ = ["clauses", "interrogative"]

_CLAUSE = re.compile(
    # an emoji before a space ends a clause as a comma does ("vegan era i guess 🐟 any recipes?")
    r"[，,、；;](?!\d{3})\s*|[:：](?!\d)\s*|\s+[-–—]+\s+|—+|(?<=\S)\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]+\s+(?=\S)"
    r"|\s+(?:so|and|but)\s+(?=(?:what|how|where|when|why|who|which|can|could|should|would|do|does|is|are)\b)",
    re.I,
)
_ZH_LEAD = r"(?:(?:其实|另外|还有|而且|但是|不过|因为|所以|现在|最近|今天|明天|昨天|平时|一般|本来|以前|目前|之前|顺便说一?下?|对了|说实话|老实说|话说)[，,]?\s*){0,2}"
_ZH_SELF = re.compile(_ZH_LEAD + r"(?:我|咱|俺|本人)")
# (哪 after 要是, 如果, 万一, 说不定…: "some day", not "which day": "要是哪天真辞职了")
_ZH_WH = re.compile(
    r"(?<![不没或随])(?:多久|多少|多长|多大|多远|多高|多重|怎么样|怎么|怎样|咋|什么|啥|(?<!要是)(?<!如果)(?<!万一)(?<!假如)(?<!等到)(?<!说不定)(?<!总有)(?<!迟早)哪(?!怕)|为什么|为啥|如何|是否|可否|能否|谁"
    # "十几个小时", "二十几岁", "好几天", "这几天": a rough count, not "how many"; nor who one is
    # with ("跟几个老同学聚了聚", "约了几个朋友"): a few of them
    # "八几年来的北京": a decade (198x), not "which year"
    r"|(?<![十百千万好这那前后头跟和与同带约请找了一二三四五六七八九零〇])几(?=[点个天号岁时次年月周本位只件斤块分种家条张台辆]))(?![^，,。]{0,3}[都也])"
)
# "我只爱吃草莓好吗", "我明明是南方人好不好": a statement insisted on, the tag asks nothing
#: A question asked of no one, to open what one tells ("家人们谁懂啊", "你敢信", "guess what?",
#: "you know what?"): the telling follows it, nothing is asked.
_RHETORICAL = re.compile(
    r"^(?:(?:家人们|姐妹们|兄弟们|集美们|宝子们|朋友们|天哪|天呐|救命)[，,\s]*)?(?:谁懂啊?|谁能懂|谁懂我|你敢信吗?|你猜怎么着|猜怎么着|"
    r"你知道吗|知道吗|说出来你(?:可能|都)?不信)(?:啊|呀|吗|嘛)*[？?！!，,\s\U0001F000-\U0001FAFF\u2600-\u27BF]*"
    r"|^(?:(?:so|and|ok|okay|omg|dude|guys)[,\s]+)?(?:guess what|you know what|can you believe (?:it|this)|you won'?t believe (?:it|this)"
    r"|know what)[?!.,\s]*",
    re.I,
)
#: The same question asked of no one after what one tells ("在X送快递的日子谁懂啊", "通宵改稿 谁顶得住",
#: "pineapple on pizza slaps, who knew?"): the telling before it is what is said.
_RHETORICAL_TAIL = re.compile(
    r"(?:[，,\s]*(?:家人们|姐妹们|兄弟们|宝子们)?[，,\s]*(?:谁懂啊?|谁能懂|有谁懂|谁懂我|懂的都懂|谁受得了|谁顶得住|谁扛得住|你敢信吗?|谁敢信)"
    r"|[,\s]+(?:who knew|who'?d have thought|you know|ya know|y'?know|amirite|am i right))"
    r"(?:啊|呀|吗|嘛)*[？?！!，,.\s…~～\U0001F000-\U0001FAFF\u2600-\u27BF]*$",
    re.I,
)
_CJK_CHAR = re.compile(r"[\u4e00-\u9fff]")
_EMOJI_TAIL = re.compile(r"[\U0001F000-\U0001FAFF\u2600-\u27BF\s]+$")
_ZH_INSISTING = re.compile(r"^我[^，,？?]{0,4}(?:只|就|才|明明|真的|本来|自己)[^，,？?]*(?:好吗|好不好)$")
# A question word said twice binds two clauses ("谁请客谁买单", "想吃什么就吃什么", "哪里便宜去哪里"):
# whoever, whatever, wherever; no question is asked.
_ZH_CORRELATIVE = re.compile(
    r"(谁|什么|啥|哪里|哪儿|哪个|多少)[^，,。？?]{1,12}?(?:就|都|便)?[^，,。？?]{0,4}?\1"
    # "谁约我出去我都不去", "什么菜我都吃": whoever, whatever; a statement about all of them
    r"|(?:谁|什么|啥|哪里|哪儿|怎么)[^，,。？?吗呢]{1,10}?(?:我|他|她)?(?:都|也)(?!是谁|在哪)[^，,。？?吗呢]{1,12}$"
)
# Not knowing why, said as an aside ("不知道为啥，…", "也说不清怎么回事"): a question word in it
# asks nothing.
_ZH_NOT_KNOWING = re.compile(
    r"(?:也|都|真|实在|自己|还)?(?:不知道|不晓得|不清楚|不明白|搞不懂|想不通|说不清|说不上来|谁知道|天知道|没搞清楚?|没弄清楚?|没搞明白|没弄明白|搞不清楚?|弄不清楚?|不记得|记不得|忘了)"
    r"(?:是|到底)?(?:为啥|为什么|怎么(?:回事|搞的|了)?|咋(?:回事|的|了|整的)?|什么原因|啥原因)?"
    # what is not known, a question inside the statement ("还没搞清楚工位在哪"): asked of no one
    r"(?:[^，,。？?吗]*(?:在哪|在哪儿|在哪里|是谁|是啥|是什么|怎么走|怎么弄|几点))?"
)
# A question no one asks: "没人管我几点下班", "不用在乎几点睡": a wh-word under "no one cares"
_ZH_NO_ONE_ASKS = re.compile(
    r"(?:没人|没有人|不用|不必|谁都不|也不|从来不)(?:管|在乎|关心|过问|问)[^，,。？?]{0,4}?"
    r"(?:几点|几时|什么时候|多久|多少|什么|啥|哪儿?|怎么)"
)
# Nothing at all, said with a wh-word under a negation ("啥活没干", "什么都没吃", "一天啥也不想做"):
# the wh-word is "any", not "what"; asked of someone (你啥没吃过) it stays a question.
_ZH_NOTHING = re.compile(
    r"(?<![你您])(?:啥|什么)[\u4e00-\u9fff]{0,2}?(?:也|都)?(?:还)?(?:没|不)(?:怎么|太)?"
    r"(?:干|做|吃|喝|买|说|学|带|想|看|写|动|玩|记|懂|剩|收拾|准备|复习|搞|有|发生)"
)
# "没抱啥希望", "也没买什么": a wh-word after a negated verb is "any", not "what"; asked of
# someone (你没吃啥吧) it stays a question.
_ZH_NONE = re.compile(r"(?<![你您])(?:没有?|不|别)(?:怎么)?[\u4e00-\u9fff]{1,2}?(?:啥|什么)(?!时候|意思|样)")
# A 呢 after what is going on or still so ("还在配环境呢", "忙着呢", "还早呢"): said, not asked,
# unless it is said of the one spoken to (你在干嘛呢).
_ZH_ONGOING = re.compile(r"^(?![^，,。]*[你您])[^，,。]*(?:在|着|还|正|才|早)[^，,。]*呢$")
#: A question someone else asked, told ("她问我还在不在郑州"): reported, no question to answer.
_ZH_REPORTED = re.compile(r"问(?:我|他|她|过我|了我|起)|打听")
# (not "不对不对", "不是不是": a no said twice asks nothing; nor the end of another word before
# it: "现在不在字节了" is 现在 + 不在, "但是不是所有人" 但是 + 不是)
_ZH_ANOTA = re.compile(
    r"(?<![不现正实存所好自但可就总老倒凡若硬只])([是有能会要可好行对去来在想用])不\1|有没有|请问"
)
_ZH_END = re.compile(r"(?:吗|(?<![什这那怎多])么)[啊呀哦]?[~～]*$")
_EN_WH = re.compile(
    r"^(?!which\s+(?:is|was|means|meant|makes|made)\b)(?:how|what|where|when|why|who|whom|whose|which)(?:'s|'re|'d)?\b(?!\s+(?:a|an)\b)",
    re.I,
)
#: A statement about oneself said with a rising "?" after a hedge of one's own ("I think I've
#: outgrown it?", "pretty sure I'm allergic to kiwi?"): the speaker is unsure, not asking.
_EN_UPTALK = re.compile(
    r"^(?:(?:so|and|but|ok|well|honestly|funny thing|lol)[\s,]+)*(?:i\s+think|i\s+guess|i\s+feel\s+like|i\s+realized|"
    r"i\s+realised|(?:i'm\s+|im\s+)?pretty\s+sure)\s+(?:i|i'm|im|i've|ive|i'd|my)\b[^?？]*[?？]$",
    re.I,
)
_EN_AUX = re.compile(
    # "did it, left Tampa …", "did it!!": the speaker's own news with its subject left out
    r"^(?!do\s+it\b)(?!did\s+it\s*(?:[,!.]|$))(?:can|could|would|will|shall|should|may|might|do|does|did|is|are|was|were|am|have|has|had|isn't|aren't"
    r"|don't|doesn't|didn't|can't|won't|wouldn't|shouldn't)\s+(?:you|u|i|we|it|there|this|that|they|he|she|anyone|someone)\b",
    re.I,
)
_EN_WH_AUX = re.compile(
    r"^(?:how|what|where|when|why|who|which)\s+(?:should|do|does|did|can|could|would|will|is|are|am)\s+(?:i|you|we|it|they|he|she|my|the)\b",
    re.I,
)
_EN_SELF_AFTER_WH = re.compile(r"^\w+\s+(?:i|i'm|im|i've|i'd|i'll|we|we're|my|our)\b", re.I)


def clauses(s: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in _CLAUSE.finditer(s):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(s)))
    return [(a, b) for a, b in out if s[a:b].strip()]


#: A statement said in surprise, its marks doubled ("it was never the shellfish??"): a thing
#: and its verb first, as no English question has them.
_EN_SURPRISED = re.compile(
    r"^(?:[^?？]*\b(?:and|but|so|turns out|apparently)\s+)?(?:(?:now|then|honestly|tbh)\s+)?(?:its|(?:it|that|this|there)(?:'s|\s+(?:was|is|were|are|wasn't|isn't|has been))"
    r"|(?:i|i'm|im|we|we're)\s+(?:actually\s+|really\s+|now\s+|just\s+|totally\s+)*(?:love|like|hate|am|have|got|need|miss|enjoy|can't|cant|cannot|don't|dont|didn't|didnt|do|did)"
    r"|(?:i'm|i am|we're|we are)\s+(?:actually\s+|really\s+|now\s+|just\s+|totally\s+|so\s+|lowkey\s+)*(?:obsessed|hooked|addicted|into|in love|a\b|an\b|the\b|\w+ing\b|\w+ed\b))"
    r"\s+\S.*[?？][?？!！]+$",
    re.I,
)


def interrogative(clause: str, first: bool) -> bool:
    c = clause.strip().rstrip("~～.!！。… ")
    stripped = clause.strip()
    if rhetorical := _RHETORICAL.match(c):  # "家人们谁懂啊 最近迷上陶艺": what follows is what is said
        c = c[rhetorical.end() :]
        stripped = stripped[min(len(stripped), rhetorical.end()) :]
        if not _EMOJI_TAIL.sub("", c):
            return False
    if (tail := _RHETORICAL_TAIL.search(c)) and tail.start() > 0:
        c = c[: tail.start()]
        stripped = c
    # only a doubled mark is surprise; the check is cheap, the pattern is not on a long text
    if stripped[-2:-1] in ("?", "？", "!", "！") and stripped[-1:] in ("?", "？", "!", "！"):
        if _EN_SURPRISED.match(stripped):
            return False
        # a doubled mark after words that open no question ("IPAs taste like soap to me now??"):
        # a statement said in disbelief, as no wh-word or auxiliary leads it
        bare = c.rstrip("?？!！ ")
        if (
            re.fullmatch(r"[A-Za-z0-9\s'’,.=-]+", bare)
            and len(bare.split()) >= 4
            and not (_EN_WH.match(bare) or _EN_AUX.match(bare) or _EN_WH_AUX.match(bare))
        ):
            return False
        # the same in Chinese ("芒果那项是阴性？？"): no question word, no 吗 or 呢, no A不A
        if (
            _CJK_CHAR.search(bare)
            and len(_CJK_CHAR.findall(bare)) >= 4
            and not (
                _ZH_WH.search(bare) or _ZH_END.search(bare) or _ZH_ANOTA.search(bare) or bare.endswith("呢")
            )
            and not re.search(r"[你您]", bare)
        ):
            return False
    if re.search(
        r"(?:^|\s)(?:but\s+|and\s+|so\s+)?(?:honestly|seriously|really|srsly|tbh|ngl|right|lol|wtf|omg|legit)[?？!！]+$",
        c,
        re.I,
    ):
        return False  # "… but honestly?? love it": a word of surprise between statements, asking nothing
    if c.endswith(("?", "？")) and _EN_UPTALK.match(c):
        return False  # "i think i've grown out of metal?": a statement said unsure, asking nothing
    if c.endswith(("?", "？")):
        return True
    if re.search(r"[\u4e00-\u9fff]", c):
        if _ZH_INSISTING.search(c):  # "我只爱吃草莓好吗": insisted on, not asked
            return False
        if (m := _ZH_ANOTA.search(c)) and not _ZH_REPORTED.search(c[: m.start()]):
            return True
        if _ZH_END.search(c) and not _ZH_REPORTED.search(c):
            return True
        said_nothing = _ZH_NOTHING.search(c) is not None  # "啥活没干呢": its 呢 asks nothing either
        c = _ZH_NOTHING.sub("", _ZH_NO_ONE_ASKS.sub("", _ZH_NOT_KNOWING.sub("", c)))
        if not re.search(r"[你您]", c):
            c = _ZH_NONE.sub("", c)
        if _ZH_CORRELATIVE.search(c):  # "谁加香菜谁是狗": whoever does, no question
            return False
        wh = _ZH_WH.search(c)
        if wh and re.search(r"(?:啊|呀|啦){2,}$", c):
            wh = None  # "…为什么天天在改PPT啊啊啊": a cry, not a question; its statements stay
        # a 呢 asks after someone or something short ("你呢", "钥匙呢"); after what one does it is
        # tone ("哈哈做梦呢", "开会呢")
        # a 嘛 asks of the one spoken to ("你是东北人嘛"); said of a kind one is, it says what goes
        # without saying ("东北人嘛，有啥说啥")
        asks_by_tone = (c.endswith("嘛") and re.search(r"[你您]", c) is not None) or (
            c.endswith("呢")
            and not (said_nothing or _ZH_ONGOING.search(c))
            and (re.search(r"[你您他她它那]", c) is not None or len(_CJK_CHAR.findall(c)) <= 3)
        )
        # "她问我现在干嘛": a question someone else asked, told, asks nothing of anyone here
        return not _ZH_SELF.match(c) and not _ZH_REPORTED.search(c) and (bool(wh) or asks_by_tone)
    if first and (_EN_WH.match(c) and not _EN_SELF_AFTER_WH.match(c) or _EN_AUX.match(c)):
        return True
    return bool(_EN_WH_AUX.match(c) or (not first and _EN_AUX.match(c)))
