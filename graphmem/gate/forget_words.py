"""The words a forget request is made of (graphmem.gate.forget_request reads them): the lead-in,
the act (a verb of erasing, or a keeping verb negated), what is let go of, and the tail, in
English and in Chinese; each a small vocabulary, so the phrasings people use combine freely."""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Words in front of an English request: politeness, interjections, second thoughts.
EN_FILLER = (
    r"(?:please|pls|plz|just|and|but|so|oh|hey|ok|okay|btw|also|actually|wait|hm+|um+|uh+|ugh+|nah|no|yeah|yes|eh|meh|ah|welp|ok wait|lol"
    r"|right|alright|look|listen|honestly|seriously|anyway|anyways|nvm|never ?mind|on second thought"
    r"|come to think of it|sorry|one more thing|oh and|and also|thinking about it|you know what)"
)
EN_ASK = (
    r"(?:(?:can|could|would|will|cn|cld) (?:you|u|ya)(?: please| pls| plz| kindly| just)?|(?:i'?d|i would) like you to|i want you to|let'?s|let us"
    r"|i need you to|(?:you|u|ya) (?:can|may|should|could|cn) (?:just |now |go ahead and )?|go ahead and|feel free to"
    r"|(?:i'?d|i would) (?:prefer|rather) (?:that )?you)"
)
#: Verbs of erasing, dropping, letting go (the bare infinitive, as a request has it).
EN_DROP = (
    r"(?:forget|delete|erase|remove|wipe(?: out)?|drop|scrub|unlearn|scratch|scrap|ditch|dump|nuke|purge|clear(?: out)?"
    r"|get rid of|throw (?:out|away)|toss(?: out)?|bin|trash|let go of|lose|discard|strike|cross out|wipe away)"
)
#: Keeping verbs, which say the request when negated ("don't hold on to …").
EN_KEEP = (
    r"(?:keep|hold on ?to|hang on ?to|hold onto|hang onto|store|save|retain|remember|record|track|keep track of"
    r"|keep a record of|keep hold of|hold)"
)
# "not" alone after a wish ("I'd rather you not hold onto my address")
EN_NOT = (
    r"(?:don'?t|do not|dont|never|no need to|you don'?t need to|there'?s no need to|stop|quit|(?<=you )not"
    # "I'd rather you didn't keep …": the wish said in the past form
    r"|(?<=you )(?:didn'?t|did not))"
)
EN_ACT = (
    r"(?:"
    + EN_DROP
    + r"|"
    + EN_NOT
    + r"\s+(?:"
    + EN_KEEP
    + r"|"
    + EN_KEEP
    + r"ing|remembering|storing|keeping|saving|holding on ?to)"
    + r")"
)
#: What is let go of: a quantity of what was said, then a word that introduces the topic.
EN_WHAT = (
    r"(?:(?:all|any|every)\s+(?:of\s+)?(?:the\s+|my\s+|your\s+)?|the\s+|that\s+|those\s+|this\s+|these\s+|what(?:ever)?\s+"
    r"|everything\s+|anything\s+|stuff\s+|things\s+)?"
    r"(?:(?:stuff|things?|bits?|info(?:rmation)?|details?|memor(?:y|ies)|notes?|records?|mentions?|messages?|conversations?"
    r"|chats?|talk|everything|anything|whatever|what|parts?)\s+)?"
)
EN_SAID = (
    r"(?:(?:that\s+|which\s+)?(?:i(?:'ve| have)?|you(?:'ve| have)?|we(?:'ve| have)?)\s+(?:ever\s+|just\s+|already\s+)?"
    r"(?:said|told you|mentioned|shared|brought up|talked about|wrote|typed|know|have|remember|learned|heard|got|saved|stored"
    r"|discussed|went over|(?:been )?(?:saying|telling you))(?:\s+(?:to you|with you|earlier|before|so far|previously))*\s+)?"
)
EN_ABOUT = r"(?:about|on|regarding|re|concerning|of|related to|to do with|involving|around|surrounding|with|from|connected to)\s+"
EN_ABOUT_END = r"\b(?:about|on|regarding|re|concerning|of|related to|to do with|involving|around|surrounding|with|from|connected to)\s*$"
#: Verbs that erase only memories: the topic may follow them bare ("forget my ex").
EN_STRONG = ("forget", "delete", "erase", "wipe", "unlearn", "scrub", "purge")
EN_TAIL = re.compile(
    r"(?:[\s,]+(?:please|pls|plz|for me|from (?:your|ur) (?:memory|notes|records)|from memory|again|too|as well|now"
    r"|anymore|any more|ok|okay|thanks|thank you|thx|ty|altogether|entirely|completely|for good|at all|right now"
    r"|ok\?|okay\?|will you|would you|if you can|if that'?s ok|if possible))*\s*[.!?~…]*\s*$",
    re.I,
)
EN_REQUEST = re.compile(
    r"^(?:" + EN_FILLER + r"[,.!\s]+)*(?:" + EN_ASK + r"\s*)?(?:(?:please|pls|plz)\s+)?"
    r"(?P<act>" + EN_ACT + r")\s+(?:about\s+)?"
    r"(?P<what>" + EN_WHAT + EN_SAID + r"(?:" + EN_ABOUT + r")?)"
    r"(?P<topic>.+)$",
    re.I,
)
#: Objects that are no topic: "forget it", "delete this", "drop everything".
EN_NO_TOPIC = re.compile(
    r"^(?:it|this|that|them|these|those|things|stuff|everything|anything|all|me|you|this one|that one|it all|all of it"
    r"|all (?:of )?(?:that|this|those)(?: stuff| too)?|that too|that stuff|that bit|the lot"
    r"|(?:the |that |this )?whole (?:thing|story|saga|mess|business|deal|plan|idea|situation)"
    r"|what i (?:just )?said|the (?:last|previous) (?:message|thing|one)|my (?:last|previous) message"
    r"|any of (?:it|that|this)|(?:i|that i) (?:said|told you|mentioned) any(?:thing| of it)?"
    # "forget I ever brought it up": the thing said, pointed at in another piece
    r"|(?:that )?i (?:ever |even |just )?(?:said|mentioned|told you|brought (?:it|that|this) up)(?: (?:it|that|this|anything))?)$",
    re.I,
)

#: Chinese: a lead-in, a topic marked as one, then the act (or the act, then the topic).
ZH_LEAD = r"(?:从(?:你的)?记忆(?:里|中)|请|麻烦|麻烦你|你|您|帮我|帮忙|能不能|能否|可不可以|可以|能|就|也|再|干脆|直接|赶紧|还是|算了|对了|哦|嗯|那(?![些件段次个位])|另外|还有|然后|好吧|(?:唉|诶|哎|欸|嗯)[\s，,]*)*"
ZH_ASKING = r"(?:能不能|能否|可不可以|可以|麻烦|请)"
#: What marks the words before the act as a topic of earlier talk.
ZH_MARK = (
    r"(?:的事情?|的事儿|的情况|那情况|的状况|的病情?|的那些事情?|那些(?:数字|话|内容|细节|照片|聊天)|那些事情?|那件事儿?|这件事儿?|那个事儿?|这个事儿?|那事儿?|这事儿?|的所有事情?|所有的事情?|那茬|这茬|那档子事|那回事|那点事|那段|那次|那回|的记录|的记忆|的信息|的内容|的东西|的部分|的消息|的聊天记录?|的对话"
    # "那些破事", "那段黑历史", "这堆烂事": the matter said again by what one thinks of it
    r"|(?:那|这)(?:段|些|件|次|堆|摊)[\u4e00-\u9fff]{0,3}?(?:事儿?|事情|历史|经历|往事|回忆|过去|日子)"
    r"|那些|这些|那个|这个|那条|这条|那句话?|相关的?(?:(?:所有|全部|一切)的?)?(?:事情?|内容|东西|记录|信息)?|有关的(?:事情?|内容|东西|记录|信息)?"
    # "吐槽前领导的那一堆", "体检那堆东西": the matter said as a heap of it
    r"|的?(?:那|这)(?:一)?(?:大)?(?:堆|摊)(?:东西|内容|破事|事儿?|话|记录)?"
    r"|的(?:那些|这些)?(?:记录|内容|信息))"
)
ZH_ADV = (
    r"(?:你)?(?:还是|就|也|都|全都|全部|统统|一律|通通|全|一并|一起|干脆|直接|通通都|都给|先|暂时|姑且|要不|最好|以后|今后|往后)*"
    r"(?:麻烦你?|拜托你?)?(?:帮我|给我|替我)?(?:都|全)?"
    # "…那件事帮我从记忆里清掉吧": where it is erased from
    r"(?:从(?:你的)?(?:记忆|脑子|脑海|记录|小本本|数据)(?:里|中)(?:面)?)?(?:都|全)?"
)
ZH_ACT = (
    r"(?:删了|删掉|删除|删|清了|清掉|清除|清空|清一下|清理掉?|抹掉|抹了|抹去|去掉|拿掉|扔掉|丢掉|忘了吧|忘掉|忘记|忘了"
    # "就当没听过", "当我没说": take it as never said; "pls forget掉": the act in English
    r"|当(?:作|做|成)?(?:从|从来)?没(?:听|看)(?:过|到|见)|当我(?:从|从来)?没(?:说|讲|发)过?|(?:pls |please |plz )?(?:forget|delete|erase)(?: it| about it| that| all that)?\s*掉?"
    # "scratch掉我说的…", "把那段drop掉": an English verb made Chinese with 掉
    r"|(?:pls |please |plz )?(?:scratch|drop|remove|wipe|clear|scrap|ditch|nuke)\s*掉"
    r"|别(?:再)?(?:存|留|记|保存|保留)(?:着|下来|下)?了?|不要(?:再)?(?:存|留|记|保存|保留)(?:着|下来|下)?了?"
    r"|不用(?:再)?(?:存|留|记|保存|保留)(?:着|下来|下)?了?|甭(?:存|留|记)了?)"
)
ZH_END = r"(?:一下|掉)?(?:吧|哈|啊|了|哦|呗|呀|嘛|啦|好吗|好不好|行吗|可以吗|行不行|吗|谢谢|多谢|谢啦)*"
#: The end of a request, which may say the act again ("…你别记着了，删掉吧").
ZH_TAIL = (
    ZH_END
    + r"(?:[，,、\s]+(?:谢谢|多谢|拜托(?:拜托)?了?|麻烦了|辛苦了|好吗|行吗)"
    # "…清掉吧 不想留任何记录": why, said after the act
    + r"|[，,、\s]+(?:我)?(?:不想|不要|别|不用)(?:你|让你)?(?:再)?(?:留|存|看到|提|记|保留)[\u4e00-\u9fff]{0,8}?"
    # "…全删了 别哪天说漏嘴", "免得传出去": what is to be kept from happening, said after the act
    + r"|[，,、\s]+(?:你)?(?:别|免得|省得|以免|不然|要不然|万一)[\u4e00-\u9fff]{1,12}?"
    # "…删了删了 说出来总觉得不太好": how one feels about having said it
    + r"|[，,、\s]+(?:说出来|说了|总觉得|感觉|觉得|怕|有点|太|翻篇|都过去|过去了|算了|不提了|没意思)[\u4e00-\u9fff]{0,12}?"
    # "…删了吧看着来气": how it feels to see it, run on without a mark
    + r"|[，,、\s]*(?:看着|看了|想起来|一看就)[\u4e00-\u9fff]{0,8}?"
    + ZH_END
    + r"|[，,、\s]+"
    + ZH_ADV
    + r"(?:"
    + ZH_ACT
    + r")"
    + ZH_END
    # what follows the act after a space in Latin letters ("忘了吧 flag倒了") is another clause
    + r")*(?:\s+[A-Za-z].*)?[。！!？?～~…\s]*$"
)
ZH_TOPIC_FIRST = re.compile(
    r"^" + ZH_LEAD + r"(?P<ba>把)?(?:那些|这些)?(?P<about>关于|有关|跟|和)?"
    r"(?P<topic>(?:(?!我(?:都|也|就|已经|早就|早|全)?(?:删|清|忘|抹|把))[^，,。；;！!？?]){1,30}?)"
    # a space typed after the mark ("身体那个事 别记了") parts nothing
    r"(?P<mark>" + ZH_MARK + r")?\s*" + ZH_ADV + r"(?P<act>" + ZH_ACT + r")" + ZH_TAIL
)
ZH_ACT_FIRST = re.compile(
    r"^" + ZH_LEAD + r"(?P<act>忘掉|忘记掉?|删掉|删除|抹掉|清除|清掉|别再记着|别再存|不要再存|不要再留|别再留"
    # "scratch掉我说的…": an English verb made Chinese with 掉
    r"|(?:forget|delete|erase|scratch|drop|remove|wipe|clear|scrap|ditch|nuke)\s*掉)"
    r"(?P<about>关于|有关)?(?P<topic>[^，,。；;！!？?]{1,30}?)(?P<mark>" + ZH_MARK + r")?" + ZH_TAIL
)
ZH_SAID_LEAD = re.compile(
    # "过" is the aspect only before what names the topic ("说过的…", "说过我前任…"); "说过敏的事" is about 过敏
    r"^(?:我)?(?:(?:之前|以前|刚才|刚刚|上次|上回|过去|前面|上面|前头|前边|先前|昨天|前天|那天|上周|上礼拜|上星期|上个?月|前阵子|前段时间|前些天|前几天|几天前|昨晚|前天晚上|昨天晚上|今天|今早|早上|上午|中午|下午|晚上|白天|半夜|深夜|那晚){1,2}(?:我)?(?:跟你|和你|对你|给你)?(?:说|提|讲|聊|唠|告诉你|吐槽|抱怨|念叨)(?:到|起)?"
    r"(?:过(?=的|我|关于|有关|那|这))?的?"
    r"|(?:跟你|和你|对你|给你)?(?:说|提|讲|聊|告诉你)(?:到|起)?过(?=的|我|关于|有关|那|这)的?"
    r"|(?:跟你|和你|对你)(?:说|提|讲|聊)(?:到|起)?的?"
    # "我说的看医生那个事": what the user said, by what it told of
    r"|(?:跟你|和你|对你)?(?:说|提|讲|聊)(?:到|起)?的(?=[\u4e00-\u9fffA-Za-z]{2,})"
    # "说邻居的那条", "吐槽房东那些": the one that told of it, by what it told of
    r"|(?:说|讲|聊|吐槽|抱怨|提到)(?!明|话|法|服|实|真|好|起|不)(?=[\u4e00-\u9fffA-Za-z]{2,}$))"
    r"(?:关于|有关)?"
)
ZH_NO_TOPIC = {
    "",
    "这",
    "那",
    "这个",
    "那个",
    "它",
    "这些",
    "那些",
    "刚才",
    "刚刚",
    "上面",
    "我",
    "你",
    "都",
    "这句",
    "那句",
    "这事",
    "那事",
    "这件事",
    "那件事",
    "这事儿",
    "那事儿",
}

#: An act's object that is only a record, with no topic ("你那边的记录", "你那儿的", "记录",
#: "聊天记录"): the topic is in the clause before ("签证那件事，你那边的记录清一下吧").
ZH_RECORD_OBJECT = (
    r"(?:把)?(?:(?:你|您)?(?:那边|那儿|那里|这边|这儿|这里|那头|脑子里|记忆里)(?:的|存的|记的)?"
    r"(?:(?:所有|全部)的?)?(?:相关|有关)?的?(?:聊天)?(?:记录|存档|记忆|资料|信息|内容|东西|数据)?"
    r"|(?:(?:所有|全部)的?)?(?:相关|有关)?的?(?:聊天)?(?:记录|存档|记忆|资料|数据))"
)
#: Words saying a topic was talked of before ("之前那个住址", "以前那件事", "上次的那个"): the
#: words after them are a topic of earlier talk.
ZH_PAST_TOPIC = re.compile(
    r"^(?:之前|以前|先前|上次|前面|刚才|原来|那会儿?)(?:的)?(?:那个|那件|那些|那段|那位|那次|那条|那份)"
)


@dataclass(frozen=True)
class TopicRequest:
    """A request to let go of what was said about `topic` ("my ex", "住院")."""

    topic: str
    cue: str  # the words of the act ("erase", "别存了")


EMOJI = re.compile(r"[\U0001F000-\U0001FAFF\u2600-\u27BF\u200d\ufe0f]+")
#: Words after a topic that are no part of it ("my twenties tbh", "the bottles and all that").
EN_TOPIC_FILLER = re.compile(
    r"(?:\s+(?:tbh|lol|lmao|haha+|honestly|ngl|fr|tho|though|and all that|and stuff|and everything|and all"
    r"|or whatever|or something|etc\.?|pls|plz|please|thanks|thx|yeah|yea|yep|ok|okay|k|kk|rn|for now))+$",
    re.I,
)
