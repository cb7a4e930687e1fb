"""Memory control spoken in chat: "don't remember this", "forget that …", "remember that …".

`control_of(text)` reads one user message and says which of the three it is, if any:

- `dont_keep`: "don't remember this / don't save that / off the record / 这个别记 / 不用记":
  nothing of the message may persist (no fact, no episode, no index row, no log line);
- `forget`: "forget that … / please delete what I said about … / 忘掉… / 把…删了": facts the
  request names are erased; the request itself is not kept either;
- `remember`: "remember that … / 记住…": what follows is kept even if it reads as small talk.

The cues address the assistant, so "I don't remember this place" or "我忘了带钥匙" (the user's
own memory) are not commands: a cue is only taken at the start of a clause, after a
politeness word, or (for "don't save this") tagged on at the end of one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphmem.gate.forget_request import casual, topic_request

DONT_KEEP = "dont_keep"
FORGET = "forget"
FORGET_LAST = "forget_last"
REMEMBER = "remember"

# A clause opens at the start, after punctuation or after a linking word ("…, but don't save this").
_OPEN_EN = r"(?:^|[,.;:!?(\-–—]\s*|\b(?:but|and|so|also|oh|ok|okay|btw)\s+)"
# What opens a request besides politeness: a second thought ("actually, forget where I live").
SECOND_THOUGHT_EN = (
    r"actually|wait|hmm+|um+|nah|no|nvm|never ?mind|on second thought|come to think of it|sorry"
)
_POLITE_EN = (
    r"(?:(?:please|pls|plz|just|and|but|so|oh|hey|ok|okay|btw|also|" + SECOND_THOUGHT_EN + r")[,.!\s]+)*"
)
_OBJ_EN = (
    r"(?:this|that|it|this one|that one|any of (?:this|that)|this bit|that bit|this part|the next (?:bit|part|thing)|"
    r"what I (?:just )?(?:said|told you|am about to say|'m about to say)|the following)"
)
_DONT_KEEP_EN = re.compile(
    _OPEN_EN
    + _POLITE_EN
    + r"(?:do not|don't|dont|do NOT|never|no need to|you do not need to|you don't need to|"
    r"there is no need to|there's no need to)\s+(?:ever\s+)?(?:remember|save|store|record|keep|log|note|memori[sz]e|"
    r"write down|write (?:this|that|it) down|make a note of|keep (?:a )?(?:note|record) of)\s+"
    + _OBJ_EN
    + r"\b"
    r"|\boff the record\b|\b(?:this|that|it) (?:stays|is|remains) (?:just )?between (?:us|you and me)\b"
    r"|\bnot for (?:the )?(?:memory|the record|your memory)\b",
    re.I,
)
_FORGET_EN = re.compile(
    r"^" + _POLITE_EN + r"(?:(?:can|could|would|will) you\s+(?:please\s+)?)?"
    r"(?:(?:scratch|clear(?:\s+out)?|purge|get rid of|throw out|toss)\s+(?:everything|all|anything|whatever|what (?:I|you))\b|"
    # "drop" and "remove" also take things ("drop the kids off"): only memories' words with them
    r"(?:drop|remove)\s+(?:that|what I (?:said|told you|mentioned)|everything|all|anything|whatever|about"
    r"|the (?:fact|bit|part|thing|note|memory)\b|(?:your|any|all)\s+memor(?:y|ies)\s+(?:of|about)\b)|remove\s+my\s|"
    r"(?:forget|delete|erase|wipe|scrub|unlearn)\s+"
    r"(?:that|what I (?:said|told you|mentioned)|everything|all|anything|whatever|the (?:fact|bit|part|thing|note|memory)|about|my|I\b|the\b"
    r"|(?:your|any|all)\s+memor(?:y|ies)\s+(?:of|about)\b"
    # "forget where my brother works", "forget Sam's employer"
    r"|(?:where|what|who|when|which)\s+(?:my|I|I'm|I am|(?-i:[A-Z])[\w-]*)\b|(?-i:[A-Z])[\w-]*'s\s))",
    re.I,
)
_REMEMBER_EN = re.compile(
    r"^"
    + _POLITE_EN
    + r"(?:(?:can|could) you\s+)?(?:remember|keep in mind|make a note|note down|save|store|memori[sz]e)"
    r"(?:\s+(?:this|that|it|for me|for later|for the future))*[:,]?\s+(?:that\s+)?\S|"
    r"^" + _POLITE_EN + r"(?:do not|don't|dont) forget (?:that\s+)?\S",
    re.I,
)

_OPEN_ZH = (
    r"(?:^|[，,。.；;：:！!？?、\s]|但是?|不过|还有|然后|另外|对了|哦|哈"
    # "悄悄说一句别记录：…", "私下跟你说，别记": a confidence said before the request
    r"|(?:悄悄|偷偷|小声|私下)(?:跟你|和你)?(?:说|讲|告诉你)(?:一句|一下|句)?|说句悄悄话)"
)
_DONT_KEEP_ZH = re.compile(
    _OPEN_ZH
    + r"(?:这个|这件事|这事|这条|这些|这句话?|刚才那句话?|下面这段|下面的|以下(?:内容|这段|的话)?|这段话?|上面这句话?)?(?:你|请)?(?:就)?"
    r"(?:别|不要|不用|无需|不必|甭|千万别|千万不要|先别|请勿|切勿|勿)(?:帮我|给我)?(?:再)?"
    r"(?:记下来|记下|记住|记录下?来?|记|存下来|存起来|存|保存|留存|写进记忆|放进记忆|留底)"
    r"(?=$|[了啊哈哦啦呀哟嘛吧喔噢~～，,。.！!…：:\s]|这|那|下来|哈)"
    r"|(?:别|不要)(?:往|放进?)记忆里",
)
#: The English verb of a forget said inside Chinese ("帮我forget掉", "把这条delete了").
ERASE_VERB_EN_IN_ZH = r"\s*(?i:forget|delete|remove|erase|clear)\s*(?:掉|了)?"
_FORGET_ZH = re.compile(
    r"^(?:请|麻烦|你|帮我|麻烦你|能不能|可以)*(?:把)?(?:忘掉|忘记掉?|删掉|删除|抹掉|清除)"
    r"|^(?:请|麻烦|你|帮我)+(?:把)?忘了"
    r"|^(?:请|麻烦|你|帮我)*把.{1,40}?(?:删了|删掉|删除|忘了|忘掉|抹掉|去掉|清掉|清除|清空)(?:吧|哈|啊|了)*[。！!]?$"
    # "刚才说的住址帮我删掉", "我的生日给我删了吧": what is named first, then the request
    r"|^(?:我)?(?:之前|刚才|刚刚|上次)?(?:说|提到|讲|告诉你)过?的.{1,30}?(?:帮我|给我|麻烦)?(?:删了|删掉|删除|忘了|忘掉|抹掉|去掉)(?:吧|哈|啊|了)*[。！!]?$"
    r"|^.{1,30}?(?:帮我|给我)(?:删了|删掉|删除|忘了|忘掉|抹掉|去掉)(?:吧|哈|啊|了)*(?:[。！!]|[，,].{1,24})?$"
    # the English verb said inside Chinese: "心理咨询那块帮我forget掉吧", "把这条delete了"
    r"|^.{1,30}?(?:帮我|给我|把.{1,30}?)"
    + ERASE_VERB_EN_IN_ZH
    + r"(?:吧|哈|啊|了)*(?:[。！!]|[，,].{1,24})?$"
)
#: A forget said after the fact, by topic, with words that point back at earlier turns
#: ("之前说我前任的事都删了吧", "关于我前公司的那些都别记了", "我住院那件事你就忘了吧"): checked
#: before "don't keep this" (别记了 about earlier turns is no request about this message).
_ERASE_ZH = r"(?:删了|删掉|删除|抹掉|清掉|清除|去掉|别记了|不要记了|不用记了|别再记了|不要再记了|别记着了|忘了吧|忘掉吧|忘掉|忘了)"
_FORGET_TOPIC_ZH = re.compile(
    r"^(?:请|麻烦|你)*(?:"
    r"(?:我)?(?:之前|以前|刚才|刚刚|上次|过去)(?:跟你|和你|对你)?(?:说|提到?|讲|聊|告诉你)过?的?"
    r"|(?:关于|有关))"
    r".{1,30}?(?:你)?(?:就|也|都|全都|全部|统统|一律|通通)?(?:帮我|给我)?"
    + _ERASE_ZH
    + r"(?:吧|哈|啊|了|哦)*[。！!～~]?$"
    # "我前任的事都删了吧", "跟我前任有关的都别记了": a topic, then the request; 忘了 only
    # as a request (吧, 帮我), since "那件事我都忘了" is the user's own memory
    r"|^.{1,30}?(?:的事情?|那件事|这件事|那些事?|相关的?(?:事情?|内容)?|有关的|的东西|的内容|的信息|的记忆)"
    r"(?:你)?(?:就|也|都|全都|全部|统统|一律|通通)?(?:帮我|给我)?"
    r"(?:删了|删掉|删除|抹掉|清掉|清除|去掉|别记了|不要记了|不用记了|别再记了|不要再记了|忘了吧|忘掉吧)"
    r"(?:吧|哈|啊|了|哦)*[。！!～~]?$"
)
#: A message that only takes back the one before it: "don't keep that", "forget what I just
#: said", "scratch my last message", "pretend I didn't say that"; "刚才那句别记了", "当我没说",
#: "上一条删了吧". It points back ("that", "what I just said", 刚才, 那句); "don't keep this"
#: is about the message it is in, and "forget it" says never mind. A short reason may follow
#: ("embarrassing", "丢人", "不想留记录"), nothing that states a fact.
_BACK_OBJ_EN = (
    r"(?:that|all (?:of )?that|what i (?:just |literally just )?(?:said|wrote|typed|told you|sent|shared)"
    r"|(?:my|the|that) (?:last|previous|prior) (?:message|msg|text|one|bit|part|thing i said)"
    r"|that (?:last )?(?:message|msg|text|one|bit|part))"
)
_FORGET_LAST_EN = re.compile(
    # a remark may come first ("Hmm, not my business to spread. Scratch that, don't store it.")
    r"^(?P<remark>[^.!?]{1,80}[.!?]+\s+)?"
    r"(?:(?:actually|wait|hmm+|um+|uh+|ugh+|oh|ok|okay|so|nah|no|sorry|oops|lol|please|pls|plz|yeah|and|also|eh|meh|welp"
    r"|on second thought|you know what)[,.!\s]+)*"
    r"(?:(?:can|could|would) you\s+(?:please\s+|pls\s+)?)?"
    r"(?:(?:forget|delete|erase|remove|drop|scratch|scrap|ignore|disregard|undo|wipe|nuke|trash|unsee)\s+"
    + _BACK_OBJ_EN
    + r"|(?:don'?t|do not|dont|no need to|you don'?t need to|(?:can|could) you (?:please |pls )?not)\s+"
    r"(?:keep|save|remember|store|record|log|hold on to|hang on to)\s+"
    + _BACK_OBJ_EN
    + r"|pretend i (?:never said|didn'?t say|never told you|didn'?t tell you) (?:that|it|anything)"
    # "that last message, forget it": what is taken back named first
    r"|"
    + _BACK_OBJ_EN
    + r"\s*[,:—–-]?\s*(?:just\s+|please\s+|pls\s+)?(?:forget|delete|erase|scratch|drop|remove|ignore)\s+(?:it|that)"
    r"|never ?mind what i (?:just )?said)"
    r"(?:\s+(?:please|pls|plz|thanks|thx|lol|haha\w*|lmao|ok|k|too|as well|for me))*"
    # a short reason: "embarrassing", "it's embarrassing lol", "i'd rather not have it around"
    r"(?:\s*[,.;:!—–-]+\s*(?P<reason>[^.!?]{0,60}))?[\s.!?~]*$",
    re.I,
)
#: What a remark before "scratch that, don't store it" never holds: a statement of the user's.
_REMARK_STATES_EN = re.compile(
    r"\b(?:i'm|im|i am|i live|i work|my \w+ (?:is|are)|i have|i've got|i was|i got|i moved|we|our"
    # a request of its own, or a name ("forget the Priya situation."): a topic, not a remark
    r"|forget|delete|erase|wipe|scratch|drop|remove)\b|\d|(?<=.)(?-i:[A-HJ-Z])",
    re.I,
)
#: What a reason after "don't keep that" never holds: a statement of the user's, a value (a
#: number, a name), a correction ("scratch that, I meant CVS"; "scratch that, 45 as of Tuesday").
_STATES_EN = re.compile(
    r"\b(?:i'm|im|i am|i live|i work|my \w+ (?:is|are)|i have|i've got|meant|mean|actually)\b|\bnot\s+(?-i:[A-Z])|\d"
    r"|(?<=.)(?-i:[A-HJ-Z])",
    re.I,
)
_BACK_ZH = r"(?:刚才|刚刚|上一?条|前面|上面|之前)?(?:说的|发的|讲的)?(?:那句话?|那条(?:消息)?|那件事|那事儿?|那个事?|那些|那段)"
_FORGET_LAST_ZH = re.compile(
    r"^[…\.。\s]*(?:(?:算了|哎呀|哎|唉|嗯|啊|呃|额|那个|其实|还是)[，,。…~～\s]*)*"
    r"(?:(?:(?:刚才|刚刚|上一?条)(?:说的|发的|讲的)?|" + _BACK_ZH + r")(?:你)?(?:就|也|还是)?(?:帮我|给我)?"
    r"(?:别记了?|不要记了?|不用记了?|别存了?|不要存了?|别留了?|删了|删掉|忘了吧|忘掉吧?|撤回|收回|作废|不算"
    r"|当(?:我|你)?(?:从|从来)?没(?:说|讲|发|听到|看到|听过|看过|听见|看见)过?)(?:撤回|收回|删了|删掉)*"
    r"|(?:就)?当我(?:从|从来)?没(?:说|讲|发)过?|(?:就)?当(?:你)?(?:从|从来)?没(?:听到|看到|听过|看过|听见|看见))"
    r"(?:吧|哈|啊|了|哦|呀|嘛)*"
    # the same said again, or a short reason ("丢人", "不想留记录"), nothing that states a fact
    r"(?:[，,。！!\s]+(?:(?:就)?当我没(?:说|讲)过?(?:吧|哈|啊|了)*|(?:你)?(?:就)?(?:帮我)?(?:把它)?(?:忘了|忘掉|删了|删掉)(?:它|吧|哈|了)*"
    r"|(?![^，,。！!]*(?:我是|我在|我住|我叫))[^，,。！!？?]{1,20}))*"
    r"[。！!～~\s]*$"
)
_REMEMBER_ZH = re.compile(
    r"^(?:请|麻烦|你|帮我|一定要?|务必)*(?:记住|记一下|记下来?|别忘了|不要忘了|备注一下)"
)


# Necessary conditions of the two `dont_keep` patterns, cheap to search: a long message
# holds no request (nearly always), and a case-insensitive search of every clause opening
# costs milliseconds on 8,000 characters. `_KEY_EN` is searched case-sensitively in the
# lower-cased text, which finds whatever `_DONT_KEEP_EN` would unless the text holds one of
# the four characters Python's re.I matches with an ASCII letter (İ ı ſ K): then it is skipped.
_KEY_EN = re.compile(
    r"(?:do not|don't|dont|never|need to)\s+(?:ever\s+)?(?:remember|save|store|record|keep|log|note|memori|write|make)"
    r"|off the record|between (?:us|you and me)|not for "
)
_RE_I_ODD = re.compile("[\u0130\u0131\u017f\u212a]")
_KEY_ZH = re.compile(
    r"(?:别|不要|不用|无需|不必|甭|勿)(?:帮我|给我)?再?[记存保留写放]|(?:别|不要)(?:往|放进?)记忆里"
)


def _may_hold_dont_keep(t: str) -> tuple[bool, bool]:
    """(could `_DONT_KEEP_ZH` match `t`, could `_DONT_KEEP_EN`)."""
    en = bool(_RE_I_ODD.search(t)) or bool(_KEY_EN.search(t.lower()))
    return bool(_KEY_ZH.search(t)), en


@dataclass(frozen=True)
class Control:
    """One memory-control request found in a message."""

    kind: str  # dont_keep | forget | forget_last | remember
    cue: str  # the words that said it


#: A remark that names the matter a "wipe that" points back at ("re the X…", "about that X").
_NAMES_A_MATTER = re.compile(
    r"^\s*(?:re|regarding|about|as for)\s+(?:the|that|my|our)\b"
    # "that thing about my brother? don't keep that", "what I said about Joanne… wipe that"
    r"|^\s*(?:(?:actually|ok|okay|so|oh|um+|uh+)[\s,]+)*(?:you\s+know\s+)?(?:(?:the|that|this)\s+(?:whole\s+)?"
    r"(?:thing|stuff|bit|part|business|story|news|situation|matter)|what\s+i\s+(?:said|told\s+(?:you|u)|mentioned))"
    r"(?:\s+i\s+(?:told\s+(?:you|u)|said|mentioned))?\s+(?:\w+\s+){0,3}?(?:about|abt|with|re|regarding|involving)\s+\S",
    re.I,
)


def _cjk(text: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", text))


def control_of(text: str) -> Control | None:
    """The memory-control request the user's message makes, or None."""
    t = (text or "").strip()
    if not t:
        return None
    # "刚才那句别记了", "don't keep that": the message before this one, taken back whole
    m = (_FORGET_LAST_ZH if _cjk(t) else _FORGET_LAST_EN).match(t)
    if m is not None and not (
        (m.groupdict().get("reason") and _STATES_EN.search(m["reason"]))
        or (m.groupdict().get("remark") and _REMARK_STATES_EN.search(m["remark"]))
        # "re the wine confession the other night… pls wipe that": the remark names the matter
        or (
            m.groupdict().get("remark")
            and _NAMES_A_MATTER.match(m["remark"])
            and topic_request(t) is not None
        )
    ):
        return Control(FORGET_LAST, m.group(0).strip())
    if _cjk(t) and (m := _FORGET_TOPIC_ZH.search(t)):
        return Control(FORGET, m.group(0).strip())
    # "don't hold on to what I said about my ex", "前任那些别存了": a topic of earlier turns,
    # read before "don't keep this" (whose words it shares).
    if (req := topic_request(t)) is not None:
        return Control(FORGET, req.cue)
    for rx, possible in zip((_DONT_KEEP_ZH, _DONT_KEEP_EN), _may_hold_dont_keep(t)):
        if possible and (m := rx.search(t)):
            return Control(DONT_KEEP, m.group(0).strip(" ，,。.：:"))
    zh = _cjk(t)
    readers: list[tuple[re.Pattern[str], str]] = [(_REMEMBER_ZH if zh else _REMEMBER_EN, REMEMBER)]
    if zh or not casual(t):  # "forget about work for a sec" puts a topic aside, it asks nothing
        readers.insert(0, (_FORGET_ZH if zh else _FORGET_EN, FORGET))
    for rx, kind in readers:
        if m := rx.search(t):
            return Control(kind, m.group(0).strip())
    return None
