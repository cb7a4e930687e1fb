"""The write gate: decide which parts of a message may be mined for memories.

Three checks run, sentence by sentence (`graphmem.gate.sentences`), before any extractor sees text:

- role: only the user's own words become memories; assistant, system and tool
  turns are ignored whole (an assistant saying "I'll remember you like X" is not
  evidence that the user does);
- secrets (see `graphmem.gate.secrets`): a sentence holding a card number, password,
  key and the like is never mined, and only the redacted message may be stored;
- noise: greetings, acknowledgements, filler, questions and passing remarks
  about the moment ("今天好困啊", "ugh it's hot") are dropped with a reason.

Everything else passes; the extractor decides what is memorable. The gate is
deliberately conservative about noise: it drops short, clearly phatic sentences
and keeps anything that might carry lasting content.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import overload

from graphmem.gate.questions import clauses, interrogative
from graphmem.gate.secrets import SecretMatch, apply_redaction, find_secrets, redact
from graphmem.gate.sentences import sentence_spans
from graphmem.model import Ignored, Refusal

__all__ = ["GatedSentences", "SecretMatch", "Screened", "find_secrets", "redact", "screen"]


@dataclass
class Screened:
    """What the gate made of one message. `sentences` is a list, or with `screen(lazy=True)`
    a `GatedSentences` that noise-gates each sentence when it is first read."""

    sentences: Sequence[str] = field(default_factory=list)
    ignored: list[Ignored] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    redacted: str = ""


# ---- noise vocabulary -----------------------------------------------------------------


def _alt(words: str, en: bool) -> str:
    """One alternation of `words` (top-level "|"), longest first so phrases beat their prefixes."""
    items, depth, cur = [], 0, ""
    for ch in words:
        depth += (ch == "(") - (ch == ")")
        if ch == "|" and depth == 0:
            items.append(cur)
            cur = ""
        else:
            cur += ch
    items.append(cur)
    items.sort(key=len, reverse=True)
    return "(?:" + "|".join(items) + (r")(?![a-z0-9'])" if en else ")")


_GREETING_EN = (
    r"hi+|hello+|hey+|hiya|howdy|yo|sup|wassup|what's up|whats up|greetings|good (?:morning|afternoon|evening|night|day)"
    r"|morning|evening|gm|gn|bye+|goodbye|bye bye|see (?:you|ya)(?: later| soon| tomorrow)?|later|ttyl|cya|nighty night"
    r"|long time no see|nice to meet you|take care|have a (?:nice|good|great|lovely) (?:day|night|evening|weekend|one)"
    r"|(?:talk|speak|catch you) (?:to you )?(?:later|soon)"
)
_ADDRESSEE = r"(?:\s+(?:there|bot|assistant|buddy|friend|everyone|all|guys|folks|again|mate|dear|team|you))*"
_ACK_EN = (
    r"o+k+(?:a+y+)?|k+|okie|okey dokey|alright|all right|sure|sure thing|cool|nice|great|awesome|perfect|fine|good"
    r"|got it|gotcha|noted|understood|roger(?: that)?|copy(?: that)?|will do|sounds good|sounds great|makes sense"
    r"|(?:i'?ll|i will|will|gonna|going to) (?:try|check|look into|give) (?:that|it|this|them)(?: out| a try| a shot| a go)?"
    r"|fair enough|i see|right|yes+|yeah+|yep+|yup+|ya|yea|no|nope|nah|thanks+|thank you(?: (?:so|very) much)?"
    r"|thanks (?:a lot|so much|again)|thx+|ty|tysm|tyvm|thank u|much appreciated|appreciate it|cheers|np|no problem"
    r"|no worries|you're welcome|welcome|ok thanks|exactly|indeed|true|agreed|definitely|absolutely|of course|for sure"
    r"|good to know|love it|excellent|wonderful|brilliant|neat|sweet|word|bet|kk|done|ack|i know|me too|same|all good|all set|that works|works for me|totally"
    r"|congrats|congratulations|good for you|good luck|keep it up|keep going|you too|same to you|great news|good news"
    r"|well done|nice one|good job|great job|bravo|you're the best|you rock|my pleasure|anytime|any time|oh no"
)
_FILLER_EN = r"h+m+|u+m+|u+h+|e+r+m*|a+h+|o+h+|huh|welp|well|so|mhm+|uh huh|lo+l+|(?:ha)+h?|(?:he)+h?|lmao+|rofl|xd|wow+|yay+|meh|hm+|ooh+|aww+|oops|whoa|haha\w*|lmfao|omg|idk|emm+|and|anyway|btw"
_GREETING_ZH = (
    r"你好|您好|你们好|大家好|嗨|哈喽|哈啰|哈罗|嗨喽|早上好|早安|早|上午好|中午好|下午好|晚上好|晚安|在吗|在么|在嘛|在不在|在不"
    r"|拜拜|再见|回见|明天见|下次见|好久不见|小助手|助手|亲|亲爱的|88|886|周末愉快|新年快乐|节日快乐|早点休息|回头聊|下次聊|先这样|就这样"
)
_ACK_ZH = (
    r"好的|好滴|好嘞|好勒|好哒|好吧|好呀|好啊|好嘛|好|行|行吧|行的|可以|可以的|没问题|收到|了解|明白|懂|知道|晓得|ok|okk+"
    r"|嗯嗯|嗯呢|是的|是啊|是|对|对的|对啊|对呀|没错|谢谢|谢了|谢啦|多谢|感谢|谢谢你|谢谢您|3q|辛苦了|辛苦|不客气|没事|没关系|不用了|算了"
    r"|棒|很棒|真棒|太棒了|赞|点赞|厉害|666+|不错|挺好|还行|妥|得嘞|成|记住了|记下了|我知道了|明白了|懂了|知道了|了解了|收到了|我也是|同意|不|不是|不用|不要|没有|没"
    r"|恭喜|恭喜恭喜|加油|太好了|好棒|辛苦啦|你真棒|你最棒了|祝你好运|一路顺风|一路平安"
)
_FILLER_ZH = r"嗯+|呃+|额+|唔+|啊+|哦+|噢+|喔+|哇+|哈+|呵+|嘿+|嘻+|诶+|欸+|哎+|唉+|咦+|emm+|呀|啦|呢|嘛|吧|了|哟|捏|咯|2333*|hhh+|…+|那个|就是|然后|对了"
_PHRASE = {
    "greeting": re.compile(
        _alt(_GREETING_EN, False) + _ADDRESSEE + r"(?![a-z0-9'])|" + _alt(_GREETING_ZH, False)
    ),
    "acknowledgement": re.compile(_alt(_ACK_EN, True) + "|" + _alt(_ACK_ZH, False)),
    "filler": re.compile(_alt(_FILLER_EN, True) + "|" + _alt(_FILLER_ZH, False)),
}
_ACK_EMOJI = set("👍👌🙏✅👏🤝✔☑🆗💯🙆")
_EMOTICON = re.compile(
    r"(?<![a-z0-9])(?:[:;=8x][-'^o]?[)(\]\[dp3|/\\*>o]+|\^_?\^|orz|t_t|qaq|qwq|<3)(?![a-z0-9])"
)
_SPACE = re.compile(r"\s+")
_NON_WORD = re.compile(r"[^\w\s']|_")


def _plain(s: str) -> str:
    """Lower-case, full-width folded, emoji and punctuation turned into spaces."""
    s = _EMOTICON.sub(" ", unicodedata.normalize("NFKC", s).lower().replace("’", "'"))
    return _SPACE.sub(" ", _NON_WORD.sub(" ", s)).strip(" '")


def _noise_reason(s: str) -> str | None:
    """greeting / acknowledgement / filler when the whole of `s` is phatic, else None."""
    if len(s) > 80:
        return None
    plain = _plain(s)
    if not plain:
        symbols = [c for c in s if unicodedata.category(c) == "So"]
        return "acknowledgement" if symbols and all(c in _ACK_EMOJI for c in symbols) else "filler"
    seen, pos = set(), 0
    while pos < len(plain):
        best = max(
            ((k, rx.match(plain, pos)) for k, rx in _PHRASE.items()),
            key=lambda km: km[1].end() if km[1] else -1,
        )
        if best[1] is None or best[1].end() == pos:
            return None
        seen.add(best[0])
        pos = best[1].end()
        while pos < len(plain) and plain[pos] == " ":
            pos += 1
    if "greeting" in seen:
        return "greeting"
    return "acknowledgement" if "acknowledgement" in seen else "filler"


# ---- questions, requests, small talk --------------------------------------------------

_EN_SELF = re.compile(r"\b(?:i|i'm|im|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|our|us)\b", re.I)
_ASK_PREFACE = re.compile(
    r"^(?:我想|我要|我能|我可以)?(?:问一?下|请问|咨询一?下|打听一?下)|^我想知道|^我有(?:个|一个)?问题"
    r"|^(?:i\s+(?:have|got)\s+a\s+(?:quick\s+)?question|quick question|i(?:'m| am| was)\s+wondering|i\s+wonder"
    r"|i\s+want(?:ed)?\s+to\s+(?:ask|know)|i'd like to (?:ask|know)|i need to know|let me ask)",
    re.I,
)
_REQUEST = re.compile(
    r"^(?:请|麻烦你?|你|您|那你)?(?:帮我|给我|要|得|一定要|务必|请)?(?:记住|记下|记一下|记着|记好|记得|别忘了?|不要忘了?|别忘记|不要忘记|备忘|记录一?下)"
    r"|(?:帮我|给我|请你?|麻烦你?)(?:记|备注)|^(?:以后|今后|往后|从今以后|从现在开始|从现在起|下次|之后)|^(?:请)?注意"
    r"|^(?:(?:please|pls|plz|hey|ok|okay|so|and|also|oh)[,\s]+)*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?"
    r"(?:remember|memori[sz]e|note|keep in mind|bear in mind|don't forget|do not forget|never forget|make a note|take note"
    r"|save|store|jot down|write down|keep track)\b"
    r"|^(?:from now on|going forward|in (?:the )?future|next time|for future reference|for the record|fyi|just so you know)\b"
    r"|\b(?:please|pls)\s+(?:remember|note|keep in mind|call me|always|never|use|reply|answer|respond)\b"
    # "could you go with Kate from now on?", "can u call me Jo?": asked as a question, said as a request
    r"|^(?:(?:hey|hi|ok|okay|so|oh|um|also)[,\s]+)*(?:can|could|would|will)\s+(?:you|u|ya)\s+(?:please\s+|pls\s+|just\s+)?"
    r"(?:call me|go with|use|stick with|refer to me as|address me as|switch to calling me)\s+(?!what\b|which\b)\S",
    re.I,
)
# "你记得我叫什么吗" / "can you remember what I said" ask about memory, they add nothing to it.
_RECALL_QUESTION = re.compile(
    r"记得.*[吗么][？?]?$|remember\s+(?:what|when|where|who|which|how|why|if|whether)\b", re.I
)
_LEAD_NOISE = re.compile(
    # "no longer vegan", "no more sugar", "no gluten": there "no" is what is said, not an answer;
    # an answer is marked off or goes on with its speaker ("no, I …", "no i meant …")
    r"^(?:(?:(?:hi+|hello+|hey+)(?: there)?|ok(?:ay)?|oh+|ah+|um+|uh+|h+m+|well|so|yeah|yep|yes"
    r"|no(?=[\s,!.~]*$|\s*[,!.~]|\s+(?:i|im|i'm|we|my|it|its|it's|that|thats|that's|sorry|thanks|thank|wait|actually)\b)|alright|anyway|btw|lol"
    r"|haha+|good (?:morning|evening|afternoon))(?=[\s,!.~]))[\s,!.~]+"
    r"|^(?:嗯+|哈哈+|呵呵+)[\s，,！!~]*|^(?:你好|您好|嗨|哈喽|早上好|早安|晚上好|下午好)[呀啊]?(?:[\s，,！!~]+|(?=我))",
    re.I,
)

_ADDRESSEE_ONLY = re.compile(r"[A-Z][\w'-]{0,19}[!.,~]*|[^\W\d我你是叫在有]{1,3}[!！.。~～]*")

_ZH_SMALLTALK = re.compile(
    r"(?:我|人家|我们)?(?:今天|今儿|今晚|今早|早上|上午|下午|晚上|现在|此刻|刚才|刚刚|这会儿?|一大早)?(?:我|人)?(?:感觉|觉得)?"
    r"(?:好|真|太|有点儿?|有些|特别|超级?|蛮|挺|非常|很|巨|贼|快|要|又)*"
    r"(?:困|累|热|冷|饿|渴|无聊|烦|闷|晒|冻|开心|高兴|郁闷|难受|撑|饱|忙|想睡觉?|犯困|没劲|疲惫|疲倦|emo|丧|烦躁|紧张|激动|兴奋|无语|头疼|累趴|困死)"
    r"(?:啊|呀|死了?|了|哦|呢|啦|哇|嘛|得很|爆了?|坏了|疯了|透了|的|呐|哈|诶|我了|人了)*(?:今天|现在|今晚|今天早上)?(?:啊|呀)?"
    r"|(?:今天|今晚|今早|现在|外面|外边|这边|窗外|又|突然|终于)*(?:的)?(?:天气?)?(?:又|在|开始|突然)?(?:下|下起了?|飘)(?:着)?(?:了)?"
    r"(?:大|小|暴|毛毛|阵)?(?:雨|雪|冰雹)(?:了|啦|呢|啊|呀|哦)*"
    r"|(?:今天|今晚|现在|外面|这边)*(?:的)?(?:天气?|天儿|太阳|风|雨|雾霾)(?:好|真|太|很|挺|超|有点|特别|好大|真大)*"
    r"(?:热|冷|闷|晒|好|不错|差|阴|晴|大|晒人|舒服|潮|湿|干)(?:啊|呀|了|死了|哦|啦|呢)*"
    r"|(?:哈+|笑死(?:我了)?|太?(?:好|真)?(?:搞笑|好笑|可爱|有意思|有趣|离谱|逗)了?(?:吧|啊|呀|哈+)*|绝了|牛啊|服了|我去|卧槽|天哪|天啊|我的天)+"
)
_INTENS = r"(?:so+|really|super|very|kinda|kind of|pretty|a bit|a little|totally|too|quite|extremely|incredibly|damn|freaking|hella|such)"
_EN_SMALLTALK = re.compile(
    # a passing state: "ugh so tired today", "I'm starving", "it's raining again"
    r"(?:(?:ugh+|argh+|man|omg|wow|gosh|geez|jeez|phew|oh|meh|yawn|sigh|lol|welp|damn|so)\s+)*"
    r"(?:(?:(?:i'?m|i am|i feel|feeling|i'm feeling|it'?s|it is|getting|today is|today's|today was|this is|that's)\s+)?"
    rf"(?:{_INTENS}\s+)*"
    r"(?:tired|sleepy|exhausted|bored|boring|hungry|starving|thirsty|hot|cold|freezing|boiling|sweaty|stressed|wiped(?: out)?"
    r"|beat|knackered|drained|cranky|grumpy|sluggish|meh|fine|good|great|okay|ok|alright|busy|sad|happy|excited|nervous"
    r"|full|stuffed|lazy|dead|raining|snowing|pouring|drizzling|sunny|windy|cloudy|foggy|humid|muggy|gloomy|nice out|lovely out)"
    r"(?:\s+(?:today|tonight|right now|now|rn|atm|this morning|this afternoon|this evening|lol|haha|af|out here|in here"
    r"|outside|out|again|already|here|ugh|man|omg|smh))*"
    # the day or the weather: "what a long day", "nice weather today"
    rf"|(?:what a|such a)\s+(?:{_INTENS}\s+)?(?:nice|lovely|beautiful|gorgeous|hot|cold|rainy|long|rough|crazy|busy|boring|great)?\s*day(?: today)?"
    rf"|(?:the\s+)?weather(?:'s| is)?\s+(?:{_INTENS}\s+)*(?:nice|great|awful|terrible|bad|hot|cold|lovely|crazy|weird)(?:\s+(?:today|out|again))*"
    r"|(?:nice|lovely|great|awful|crazy|weird|terrible) weather(?: today)?"
    # a reaction: "lol that's hilarious", "that's so cool"
    rf"|(?:(?:lol|haha\w*|lmao|rofl|omg|wow|hah|heh)\s+)*(?:that'?s|thats|that is|this is|so|how|very)?\s*(?:{_INTENS}\s+)*"
    r"(?:funny|hilarious|cool|nice|awesome|great|interesting|wild|crazy|weird|cute|sad|amazing|fun|neat|insane|lame|true|fair"
    r"|helpful|useful|perfect|right|correct|good|fine)(?:\s+(?:lol|haha\w*|lmao))*)"
)


def _is_small_talk(s: str) -> bool:
    plain = _plain(s)
    return (
        bool(plain)
        and len(plain) <= 60
        and bool(_ZH_SMALLTALK.fullmatch(plain.replace(" ", "")) or _EN_SMALLTALK.fullmatch(plain))
    )


#: A clause that says who someone the user spoke of is ("她叫小满，今年四岁，…吗"): a statement
#: about the user's own people, kept before a question as one about the user is.
_NAMES_SOMEONE = re.compile(
    r"^(?:他|她|它|娃|孩子|宝宝|儿子|女儿|闺女|老公|老婆|男朋友|女朋友|对象)(?:的名字)?(?:叫|今年|是个|是一个)"
    r"|^(?:he|she|his|her)(?:'s|\s+is|\s+name)\b",
    re.I,
)


#: What one is, said with the "I'm" chat leaves out ("vegan for 6 years now, can you …",
#: "allergic to nuts btw, what can I order"): a statement about the user before the question.
_EN_SUBJECTLESS_SELF = re.compile(
    r"^(?:(?:been|now|still|currently|recently|finally|just|also|fully|strictly|mostly|newly|happily)\s+)*"
    r"(?:allergic|intolerant|vegan|vegetarian|veggie|pescatarian|keto|paleo|gluten[- ]free|dairy[- ]free"
    r"|lactose[- ]intolerant|celiac|coeliac|diabetic|sober|married|engaged|single|divorced|widowed|pregnant"
    r"|retired|unemployed|self[- ]employed|freelancing|based in|living in|from)\b",
    re.I,
)


_CONDITION_LEAD = re.compile(
    r"^(?:如果|要是|假如|假设|万一|if|what if|say|suppose)\b|^(?:如果|要是|假如|假设|万一)", re.I
)


def _own_statements_after(s: str, parts: list[tuple[int, int]]) -> str:
    """The clauses after a question that state something of the speaker's own, up to the next
    question ("帮我想想周末去哪玩，我在成都，对了我对猫毛过敏…": where one lives and the allergy
    are said all the same)."""
    kept = []
    for n, (a, b) in enumerate(parts):
        c = s[a:b].strip()
        if interrogative(c, False):
            break
        if _SPEAKER_SAID.search(c) or _EN_SELF.search(c):
            kept.append(c)
        elif n == 0:
            continue  # the question's own words going on ("…去哪玩，推荐一下")
    return "，".join(kept) if any(_CJK_CHARS.search(k) for k in kept) else ", ".join(kept)


_SPEAKER_SAID = re.compile(r"我|咱|本人|俺")


def _split_question(s: str) -> tuple[str, str, str] | None:
    """(declarative lead, question, the speaker's own statements after it) when `s` asks
    something, else None."""
    parts = clauses(s)
    for i, (a, b) in enumerate(parts):
        if interrogative(s[a:b], i == 0):
            lead = [s[x:y] for x, y in parts[:i]]
            keep = bool(lead) and not _ASK_PREFACE.match(lead[0].strip())
            # "如果我以后去冰岛玩，是不是得…": a condition set up for the question is part of it
            keep = keep and not _CONDITION_LEAD.match(lead[0].strip())
            keep = keep and (
                any(
                    "我" in c
                    or "咱" in c
                    or "本人" in c  # "本人 字节一枚小小的UI设计师 … 这种需求谁懂啊"
                    or "俺" in c
                    or _EN_SELF.search(c)
                    or _NAMES_SOMEONE.match(c.strip())
                    or _EN_SUBJECTLESS_SELF.match(c.strip())
                    for c in lead
                )
                # "昨天生日 蛋糕吃撑了 正式28了 … 有推荐的路线吗": Chinese chat drops the "I"; news
                # told in several clauses before the question is the speaker's own
                or (len(lead) >= 2 and sum(len(_CJK_CHARS.findall(c)) for c in lead) >= 10)
            )
            after = _own_statements_after(s, parts[i + 1 :])
            return (
                s[: parts[i - 1][1]].strip() if keep else "",
                s[a:b].strip() if after else s[a:].strip(),
                after,
            )
    return None


# "不对，是重庆" / "no, Ohio" / "哦不对，…": a lead that corrects is part of what follows, not an
# acknowledgement; an interjection before it ("哦", "oh") does not make it one.
_CORRECTING_LEAD = re.compile(
    r"(?:(?:哦|噢|喔|啊|呃|额|哎呀|哎|唉|oh|ah|um|uh|hmm|wait)\s*)*(?:不对|不是|不不|错了|no|nope|nah|not quite|wrong)"
)
# A sentence that only takes back what was said ("不对不对。", "错了错了"): kept for the extractor,
# which carries it to the statement after it (graphmem.extract.discourse).
_RETRACTION_ONLY = re.compile(r"(?:(?:哦|噢|喔|啊|呃|额|哎呀|哎|唉)\s*)*(?:不对|错了)(?:\s*(?:不对|错了))*")


_GREETING_INTRO = re.compile(r"\s*(?:it's|it’s|its|it is|this is)\s+[A-Za-z]", re.I)


_CJK_CHARS = re.compile(r"[\u4e00-\u9fff]")

#: A space between Chinese words: chat's comma ("我对芒果过敏 有什么甜品推荐吗"); also before a
#: number glued to its unit ("我叫林晓 27岁"), not the spaces typed around a number ("今年 27 岁").
_SPACED_ZH = re.compile(r"(?<=[\u4e00-\u9fff])[ \t\u3000]+(?=[\u4e00-\u9fff]|\d+[\u4e00-\u9fff])")


def _gate_sentence(sentence: str) -> tuple[str | None, list[Ignored]]:
    # the question after a statement is parted from it as by a comma, so the statement is kept
    sentence = _SPACED_ZH.sub("，", sentence)
    if _RETRACTION_ONLY.fullmatch(_plain(sentence)):
        return sentence.strip(), []
    reason = _noise_reason(sentence)
    if reason:
        return None, [Ignored(sentence, reason)]
    ignored, rest = [], sentence
    while True:  # peel phatic openers off: "好的，我下周去北京" / "oh hi, I'm Sam"
        parts = clauses(rest)
        lead = rest[parts[0][0] : parts[0][1]].strip() if len(parts) > 1 else ""
        reason = _noise_reason(lead) if lead and not _CORRECTING_LEAD.fullmatch(_plain(lead)) else None
        if reason == "greeting" and _GREETING_INTRO.match(rest[parts[1][0] :]):
            break  # "hey, it's Jon": the greeting opens an introduction, which is read whole
        if reason:
            ignored.append(Ignored(lead, reason))
            rest = rest[parts[1][0] :]
            continue
        m = _LEAD_NOISE.match(rest)
        if not (m and m.end() < len(rest)) or (_noise_reason(rest[: m.end()].strip(" ,，!！.~")) == "greeting"
                                                 and _GREETING_INTRO.match(rest[m.end() :])):  # fmt: skip
            break
        lead = rest[: m.end()].strip(" ,，!！.~")
        ignored.append(Ignored(lead, _noise_reason(lead) or "filler"))
        rest = rest[m.end() :]
    rest = rest.strip()
    if any(i.reason == "greeting" for i in ignored) and _ADDRESSEE_ONLY.fullmatch(rest):
        return None, [*ignored, Ignored(rest, "greeting")]  # "Hey Maria!" / "你好，小李"
    if _REQUEST.search(rest) and not _RECALL_QUESTION.search(rest):
        return rest, ignored
    if _ASK_PREFACE.match(rest):  # "我想知道…" / "I was wondering …" introduce a question
        return None, [*ignored, Ignored(rest, "question")]
    split = _split_question(rest)
    if split is not None:
        lead, question, after = split
        ignored.append(Ignored(question, "question"))
        if lead and _is_small_talk(lead):
            ignored.append(Ignored(lead, "small_talk"))
            lead = ""
        said = (
            "，".join(x for x in (lead, after) if x)
            if _CJK_CHARS.search(lead + after)
            else ", ".join(x for x in (lead, after) if x)
        )
        return said or None, ignored
    if _is_small_talk(rest):
        return None, [*ignored, Ignored(rest, "small_talk")]
    return rest, ignored


Gate = Callable[[str], tuple["str | None", list[Ignored]]]


class GatedSentences(Sequence[str]):
    """The sentences of one message that pass the noise gate, each gated when it is first
    read, in message order, its noise reasons added to `ignored` as it is.

    The role and secret gates have run on the whole message before this exists: the
    sentences here are the secret-free ones. Only the noise gate, a pure function of a
    sentence that decides nothing about what may persist, waits for a reader. An
    extractor that stops early (the rules' candidate cap, graphmem.extract) takes the
    rest with `unread`, and the sentences nothing reads are never noise-gated: on a
    pasted document that is most of them, and most of the gate's cost."""

    def __init__(self, raw: list[str], gate: Gate | None, ignored: list[Ignored],
                 prepare: Callable[[str], str] | None = None) -> None:  # fmt: skip
        self._raw = raw  # secret-free sentences, in order
        self._gate = gate  # None: every sentence is kept whole ("remember that …")
        self._ignored = ignored
        self._prepare = prepare
        self._kept: list[str] = []
        self._next = 0  # the first raw sentence not gated yet
        self._seen: dict[str, tuple[str | None, list[Ignored]]] = {}  # a repeated sentence is gated once

    def text(self) -> str:
        """The message's sentences, none of them gated (for what the whole says: its language)."""
        return "\n".join(self._raw)

    def _gate_one(self) -> bool:
        """Gate the next raw sentence; False when none is left."""
        if self._next >= len(self._raw):
            return False
        sentence = self._raw[self._next]
        self._next += 1
        kept: str | None
        ignored: list[Ignored]
        if self._gate is None:
            kept, ignored = sentence.strip(), []
        else:
            if sentence not in self._seen:
                self._seen[sentence] = self._gate(sentence)
            kept, ignored = self._seen[sentence]
        self._ignored.extend(ignored)
        if kept:
            self._kept.append(self._prepare(kept) if self._prepare else kept)
        return True

    def _through(self, n: int) -> None:
        """Gate until `n` sentences are kept or none is left."""
        while len(self._kept) < n and self._gate_one():
            pass

    def _all(self) -> list[str]:
        while self._gate_one():
            pass
        return self._kept

    def __iter__(self) -> Iterator[str]:
        i = 0
        while True:
            self._through(i + 1)
            if i >= len(self._kept):
                return
            yield self._kept[i]
            i += 1

    def __bool__(self) -> bool:
        self._through(1)
        return bool(self._kept)

    def __len__(self) -> int:
        return len(self._all())

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice) or i < 0:
            return self._all()[i]
        self._through(i + 1)
        return self._kept[i]

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, Sequence) else NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def unread(self, start: int) -> list[str]:
        """The kept sentences from the `start`-th on, then the message's sentences not
        gated yet, as they are (neither noise-gated nor prepared: they are only reported):
        what a reader that stops at `start` leaves unread (another reader may still read,
        and gate, them)."""
        return self._kept[start:] + self._raw[self._next :]


def screen(
    text: str, role: str = "user", *, keep: bool = False, lazy: bool = False,
    prepare: Callable[[str], str] | None = None,
) -> Screened:  # fmt: skip
    """Apply the role, secret and noise gates to one message. `keep` (the user said "remember
    that …") lets every secret-free sentence through the noise gate. `lazy`: `sentences` is
    a `GatedSentences`, noise-gated as it is read (the secret and role gates run now, on
    the whole message, either way). `prepare` is applied to each kept sentence."""
    secrets = find_secrets(text)
    out = Screened(
        refused=[Refusal(f.kind, f.reason) for f in secrets], redacted=apply_redaction(text, secrets)
    )
    if role != "user":
        out.ignored.append(Ignored(out.redacted, "assistant_turn"))
        return out
    if not text.strip():
        out.ignored.append(Ignored(text, "empty"))
        return out
    # The gate is a pure function of a sentence: one repeated through a pasted text is
    # gated once. Only within this call: no message's text outlives its remember.
    raw = [
        text[s:e]
        for s, e in sentence_spans(text, secrets)
        if not any(f.start < e and s < f.end for f in secrets)
    ]
    gated = GatedSentences(raw, None if keep else _gate_sentence, out.ignored, prepare)
    out.sentences = gated if lazy else list(gated)
    return out
