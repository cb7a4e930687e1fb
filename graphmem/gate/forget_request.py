"""A forget said after the fact, by topic: which words of a user message ask the assistant to
let go of what was said about something, and what that something is.

A request is read as parts, each a small vocabulary, so the phrasings people use combine
freely instead of being listed one by one:

- a lead-in: politeness, a second thought, an address ("please", "ok so", "honestly",
  "can you", "I'd like you to", "you can"; 请, 麻烦, 帮我, 能不能);
- the act: a verb of erasing or dropping ("erase", "delete", "wipe", "scrap", "ditch",
  "forget"; 删, 清, 抹, 忘), or a keeping verb negated ("don't keep / hold on to / store",
  "stop remembering", "no need to keep"; 别存, 别留, 不要记);
- what is let go of: "everything / anything / the stuff / whatever / all the things /
  any record of", optionally "I said / told you / mentioned (before)", then "about / on /
  regarding / to do with"; in Chinese the topic comes first and is marked as a topic (关于,
  有关, 说过的, 的事, 的记录, 那些, 那件事);
- the topic itself, and a tail ("please", "from your memory", "anymore"; 吧, 了, 哈).

What is not a request: a sentence whose subject is the user ("I always forget my keys",
"我把前任的照片都删了", "我忘了前任的生日"), a question about forgetting ("how do I forget
about my ex?", "did you forget …?", "你会删掉吗"), an object that names no topic ("can you
forget things?").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphmem.lang import data

#: Words in front of an English request: politeness, interjections, second thoughts.
_EN_FILLER = (
    r"(?:please|pls|plz|just|and|but|so|oh|hey|ok|okay|btw|also|actually|wait|hm+|um+|uh+|ugh+|nah|no|yeah|yes|eh|meh|ah|welp|ok wait|lol"
    r"|right|alright|look|listen|honestly|seriously|anyway|anyways|nvm|never ?mind|on second thought"
    r"|come to think of it|sorry|one more thing|oh and|and also|thinking about it|you know what)"
)
_EN_ASK = (
    r"(?:(?:can|could|would|will) you(?: please| kindly| just)?|(?:i'?d|i would) like you to|i want you to"
    r"|i need you to|you (?:can|may|should|could) (?:just |now |go ahead and )?|go ahead and|feel free to"
    r"|(?:i'?d|i would) (?:prefer|rather) (?:that )?you)"
)
#: Verbs of erasing, dropping, letting go (the bare infinitive, as a request has it).
_EN_DROP = (
    r"(?:forget|delete|erase|remove|wipe(?: out)?|drop|scrub|unlearn|scratch|scrap|ditch|dump|nuke|purge|clear(?: out)?"
    r"|get rid of|throw (?:out|away)|toss(?: out)?|bin|trash|let go of|lose|discard|strike|cross out|wipe away)"
)
#: Keeping verbs, which say the request when negated ("don't hold on to …").
_EN_KEEP = (
    r"(?:keep|hold on ?to|hang on ?to|hold onto|hang onto|store|save|retain|remember|record|track|keep track of"
    r"|keep a record of|keep hold of|hold)"
)
# "not" alone after a wish ("I'd rather you not hold onto my address")
_EN_NOT = (
    r"(?:don'?t|do not|dont|never|no need to|you don'?t need to|there'?s no need to|stop|quit|(?<=you )not)"
)
_EN_ACT = (
    r"(?:"
    + _EN_DROP
    + r"|"
    + _EN_NOT
    + r"\s+(?:"
    + _EN_KEEP
    + r"|"
    + _EN_KEEP
    + r"ing|remembering|storing|keeping|saving|holding on ?to)"
    + r")"
)
#: What is let go of: a quantity of what was said, then a word that introduces the topic.
_EN_WHAT = (
    r"(?:(?:all|any|every)\s+(?:of\s+)?(?:the\s+|my\s+|your\s+)?|the\s+|that\s+|those\s+|this\s+|these\s+|what(?:ever)?\s+"
    r"|everything\s+|anything\s+|stuff\s+|things\s+)?"
    r"(?:(?:stuff|things?|bits?|info(?:rmation)?|details?|memor(?:y|ies)|notes?|records?|mentions?|messages?|conversations?"
    r"|chats?|talk|everything|anything|whatever|what|parts?)\s+)?"
)
_EN_SAID = (
    r"(?:(?:that\s+|which\s+)?(?:i(?:'ve| have)?|you(?:'ve| have)?|we(?:'ve| have)?)\s+(?:ever\s+|just\s+|already\s+)?"
    r"(?:said|told you|mentioned|shared|brought up|talked about|wrote|typed|know|have|remember|learned|heard|got|saved|stored"
    r"|discussed|went over|(?:been )?(?:saying|telling you))(?:\s+(?:to you|with you|earlier|before|so far|previously))*\s+)?"
)
_EN_ABOUT = r"(?:about|on|regarding|re|concerning|of|related to|to do with|involving|around|surrounding|with|from|connected to)\s+"
_EN_ABOUT_END = r"\b(?:about|on|regarding|re|concerning|of|related to|to do with|involving|around|surrounding|with|from|connected to)\s*$"
#: Verbs that erase only memories: the topic may follow them bare ("forget my ex").
_EN_STRONG = ("forget", "delete", "erase", "wipe", "unlearn", "scrub", "purge")
_EN_TAIL = re.compile(
    r"(?:[\s,]+(?:please|pls|plz|for me|from (?:your|ur) (?:memory|notes|records)|from memory|again|too|as well|now"
    r"|anymore|any more|ok|okay|thanks|thank you|thx|ty|altogether|entirely|completely|for good|at all|right now"
    r"|ok\?|okay\?|will you|would you|if you can|if that'?s ok|if possible))*\s*[.!?~…]*\s*$",
    re.I,
)
_EN_REQUEST = re.compile(
    r"^(?:" + _EN_FILLER + r"[,.!\s]+)*(?:" + _EN_ASK + r"\s*)?(?:please\s+)?"
    r"(?P<act>" + _EN_ACT + r")\s+(?:about\s+)?"
    r"(?P<what>" + _EN_WHAT + _EN_SAID + r"(?:" + _EN_ABOUT + r")?)"
    r"(?P<topic>.+)$",
    re.I,
)
#: Objects that are no topic: "forget it", "delete this", "drop everything".
_EN_NO_TOPIC = re.compile(
    r"^(?:it|this|that|them|these|those|things|stuff|everything|anything|all|me|you|this one|that one|it all|all of it"
    r"|all (?:of )?(?:that|this|those)(?: stuff| too)?|that too|that stuff|that bit|the lot"
    r"|(?:the |that |this )?whole (?:thing|story|saga|mess|business|deal)"
    r"|what i (?:just )?said|the (?:last|previous) (?:message|thing|one)|my (?:last|previous) message"
    r"|any of (?:it|that|this)|(?:i|that i) (?:said|told you|mentioned) any(?:thing| of it)?"
    # "forget I ever brought it up": the thing said, pointed at in another piece
    r"|(?:that )?i (?:ever |even |just )?(?:said|mentioned|told you|brought (?:it|that|this) up)(?: (?:it|that|this|anything))?)$",
    re.I,
)

#: Chinese: a lead-in, a topic marked as one, then the act (or the act, then the topic).
_ZH_LEAD = r"(?:从(?:你的)?记忆(?:里|中)|请|麻烦|麻烦你|你|您|帮我|帮忙|能不能|能否|可不可以|可以|能|就|也|再|干脆|直接|赶紧|还是|算了|对了|哦|嗯|那(?![些件段次个位])|另外|还有|然后|好吧|唉)*"
_ZH_ASKING = r"(?:能不能|能否|可不可以|可以|麻烦|请)"
#: What marks the words before the act as a topic of earlier talk.
_ZH_MARK = (
    r"(?:的事情?|的事儿|的情况|那情况|的状况|的病情?|的那些事情?|那些(?:数字|话|内容|细节|照片|聊天)|那些事情?|那件事儿?|这件事儿?|那个事儿?|这个事儿?|那事儿?|这事儿?|的所有事情?|所有的事情?|那茬|这茬|那档子事|那回事|那点事|那段|那次|那回|的记录|的记忆|的信息|的内容|的东西|的部分|的消息|的聊天记录?|的对话"
    # "那些破事", "那段黑历史", "这堆烂事": the matter said again by what one thinks of it
    r"|(?:那|这)(?:段|些|件|次|堆|摊)[\u4e00-\u9fff]{0,3}?(?:事儿?|事情|历史|经历|往事|回忆|过去|日子)"
    r"|那些|这些|那个|这个|那条|这条|那句话?|相关的?(?:事情?|内容|东西|记录|信息)?|有关的(?:事情?|内容|东西|记录|信息)?"
    r"|的(?:那些|这些)?(?:记录|内容|信息))"
)
_ZH_ADV = (
    r"(?:你)?(?:还是|就|也|都|全都|全部|统统|一律|通通|全|一并|一起|干脆|直接|通通都|都给|先|暂时|姑且|要不|最好)*"
    r"(?:帮我|给我|替我)?(?:都|全)?"
)
_ZH_ACT = (
    r"(?:删了|删掉|删除|删|清了|清掉|清除|清空|清一下|清理掉?|抹掉|抹了|抹去|去掉|拿掉|扔掉|丢掉|忘了吧|忘掉|忘记|忘了"
    # "就当没听过", "当我没说": take it as never said; "pls forget掉": the act in English
    r"|当(?:作|做|成)?(?:从|从来)?没(?:听|看)(?:过|到|见)|当我(?:从|从来)?没(?:说|讲|发)过?|(?:pls |please |plz )?(?:forget|delete|erase)(?: it| about it| that| all that)?\s*掉?"
    r"|别(?:再)?(?:存|留|记|保存|保留)(?:着|下来|下)?了?|不要(?:再)?(?:存|留|记|保存|保留)(?:着|下来|下)?了?"
    r"|不用(?:再)?(?:存|留|记|保存|保留)(?:着|下来|下)?了?|甭(?:存|留|记)了?)"
)
_ZH_END = r"(?:一下|掉)?(?:吧|哈|啊|了|哦|呗|呀|嘛|好吗|好不好|行吗|可以吗|行不行|吗|谢谢)*"
#: The end of a request, which may say the act again ("…你别记着了，删掉吧").
_ZH_TAIL = (
    _ZH_END
    + r"(?:[，,、\s]+(?:谢谢|多谢|拜托了?|麻烦了|辛苦了|好吗|行吗)|[，,、\s]+"
    + _ZH_ADV
    + r"(?:"
    + _ZH_ACT
    + r")"
    + _ZH_END
    # what follows the act after a space in Latin letters ("忘了吧 flag倒了") is another clause
    + r")*(?:\s+[A-Za-z].*)?[。！!？?～~…\s]*$"
)
_ZH_TOPIC_FIRST = re.compile(
    r"^" + _ZH_LEAD + r"(?P<ba>把)?(?:那些|这些)?(?P<about>关于|有关|跟|和)?"
    r"(?P<topic>(?:(?!我(?:都|也|就|已经|早就|早|全)?(?:删|清|忘|抹|把))[^，,。；;！!？?]){1,30}?)"
    r"(?P<mark>" + _ZH_MARK + r")?" + _ZH_ADV + r"(?P<act>" + _ZH_ACT + r")" + _ZH_TAIL
)
_ZH_ACT_FIRST = re.compile(
    r"^"
    + _ZH_LEAD
    + r"(?P<act>忘掉|忘记掉?|删掉|删除|抹掉|清除|清掉|别再记着|别再存|不要再存|不要再留|别再留)"
    r"(?P<about>关于|有关)?(?P<topic>[^，,。；;！!？?]{1,30}?)(?P<mark>" + _ZH_MARK + r")?" + _ZH_TAIL
)
_ZH_SAID_LEAD = re.compile(
    # "过" is the aspect only before what names the topic ("说过的…", "说过我前任…"); "说过敏的事" is about 过敏
    r"^(?:我)?(?:(?:之前|以前|刚才|刚刚|上次|过去|前面|昨天|前天|那天|上周|前几天|昨晚|前天晚上|昨天晚上)(?:跟你|和你|对你|给你)?(?:说|提|讲|聊|唠|告诉你)(?:到|起)?"
    r"(?:过(?=的|我|关于|有关|那|这))?的?"
    r"|(?:跟你|和你|对你|给你)?(?:说|提|讲|聊|告诉你)(?:到|起)?过(?=的|我|关于|有关|那|这)的?"
    r"|(?:跟你|和你|对你)(?:说|提|讲|聊)(?:到|起)?的?)"
    r"(?:关于|有关)?"
)
_ZH_NO_TOPIC = {
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


@dataclass(frozen=True)
class TopicRequest:
    """A request to let go of what was said about `topic` ("my ex", "住院")."""

    topic: str
    cue: str  # the words of the act ("erase", "别存了")


#: "take my address back out", "take that bit out": the object between the verb and its particle.
#: "take … back out" takes back what was given: a request to erase it.
_EN_TAKE_OUT = re.compile(
    r"\btake\s+(?P<what>(?:my|the|that|those|this|all)\b.{0,40}?)\s+(?P<back>back\s+)?(?:out|off)\b", re.I
)


#: "pretend I never said anything about X", "act like I never told you": a request to forget X.
_EN_NEVER_SAID = re.compile(
    r"\b(?:just\s+)?(?:pretend|act like|act as if|imagine)\s+(?:that\s+)?i\s+(?:never|didn'?t)\s+"
    r"(?:say|said|mention(?:ed)?|tell you|told you|bring up|brought up|share|shared)\b",
    re.I,
)
_EMOJI = re.compile(r"[\U0001F000-\U0001FAFF\u2600-\u27BF\u200d\ufe0f]+")
#: Words after a topic that are no part of it ("my twenties tbh", "the bottles and all that").
_EN_TOPIC_FILLER = re.compile(
    r"(?:\s+(?:tbh|lol|lmao|haha+|honestly|ngl|fr|tho|though|and all that|and stuff|and everything|and all"
    r"|or whatever|or something|etc\.?|pls|plz|please|thanks|thx|yeah|yea|yep|ok|okay|k|kk|rn|for now))+$",
    re.I,
)


def _en(text: str) -> TopicRequest | None:
    t = _EN_TAKE_OUT.sub(
        lambda m: ("delete " if m["back"] else "remove ") + m["what"], " ".join(text.split())
    )
    t = _EN_NEVER_SAID.sub("forget", t)
    m = _EN_REQUEST.match(t)
    if m is None:
        return None
    # the topic ends with its clause ("forget it, never mind": "it")
    topic = _EN_TAIL.sub(
        "",
        re.split(r"\s*(?:[,;:!?]|\.(?:\s|$)|\s[-–—]\s|\s(?:lmao|lol|haha\w*|omg)\b)", m["topic"], maxsplit=1)[
            0
        ],
    )
    # "the interview stuff from earlier": when it was said is no part of the topic
    topic = re.sub(
        r"\s+(?:from|of)\s+(?:earlier|before|the other (?:day|night)|last(?:\s+(?:night|week|time|month))?|yesterday)$",
        "",
        topic.strip(),
        flags=re.I,
    )
    # "the weight-loss stuff I told you": who said it is no part of the topic either
    topic = re.sub(
        r"\s+(?:that\s+|which\s+)?i(?:'ve| have)?\s+(?:just\s+|already\s+|ever\s+)?"
        r"(?:said|told you|mentioned|shared|brought up|talked about)(?:\s+(?:to you|earlier|before|here))*$",
        "",
        topic,
        flags=re.I,
    )
    topic = _EN_TOPIC_FILLER.sub("", _EMOJI.sub("", topic).strip(" ,.;:!?\"'")).strip(" ,.;:!?\"'")
    topic = re.sub(
        r"^(?:that|what)\s+(?:i|you)\s+(?:said|told you|mentioned)\s+(?:about\s+)?", "", topic, flags=re.I
    )
    if not topic or _EN_NO_TOPIC.match(topic):
        return None
    act = m["act"].lower()
    about = re.search(_EN_ABOUT_END, m["what"], re.I) is not None
    # "don't keep this" is about this message, "drop the kids off" about no memory: a
    # negated keeping verb, or a verb that erases other things too, asks to let go of a
    # topic only when its object points back at what was said ("what I told you about",
    # "the stuff about", "any record of").
    # "scratch the allergy thing": a topic called a thing, a bit, the stuff, points back at talk too
    talk = re.search(r"\s(?:thing|stuff|part|bit|info|details|business|situation)$", topic, re.I) is not None
    if not about and not talk and not act.startswith(_EN_STRONG) and not _personal_matter(topic):
        return None
    return TopicRequest(topic, m["act"])


#: What the user's own details are called ("my address", "my phone number", "my salary"): with
#: "don't keep" or "remove" these are a request about what was said, never about a thing.
_EN_DETAILS = (
    "address", "phone number", "number", "email", "email address", "age", "birthday", "date of birth", "salary",
    "income", "ex", "diagnosis", "medical history", "location", "workplace", "home address", "last name", "surname",
    "full name", "real name", "schedule", "route", "plate", "license plate",
)  # fmt: skip


def _personal_matter(topic: str) -> bool:
    """Is the topic one of the user's own details or life matters ("my address", "my meds")?"""
    owned = re.fullmatch(
        r"(?:my|our)\s+(?:(?:old|new|current|home|work)\s+)?(?P<what>[\w' -]{2,40})", topic, re.I
    )
    if owned is None:
        return False
    what = owned["what"].lower().strip()
    if what in _EN_DETAILS:
        return True
    pack = data("en", "topics.toml")
    words = [str(w).lower() for g in pack.get("topic", []) for w in g["words"]]
    words += [str(n).lower() for a in pack.get("area", []) for n in a["names"]]
    return what in words


#: "跳槽的事 forget it": the act typed in English after a space, read as if typed on
_ZH_SPACE_BEFORE_LATIN_ACT = re.compile(
    r"(?<=[\u4e00-\u9fff])\s+(?=(?:pls |please |plz )?(?:forget|delete|erase)\b)", re.I
)


def _zh(text: str) -> TopicRequest | None:
    t = _ZH_SPACE_BEFORE_LATIN_ACT.sub("", text.strip())
    for rx in (_ZH_TOPIC_FIRST, _ZH_ACT_FIRST):
        m = rx.match(t)
        if m is None:
            continue
        lead = t[: m.start("act") if rx is _ZH_ACT_FIRST else m.start("topic")]
        if t.rstrip("。！!？?～~… ").endswith(("吗", "么")) and not re.search(_ZH_ASKING, lead):
            return None  # "你会把我说的删了吗": a question, unless asked politely ("能不能…吗")
        raw = m["topic"]
        topic = _ZH_SAID_LEAD.sub("", raw)
        marked = bool(m["about"] or m["mark"]) or topic != raw
        if not marked and (rx is _ZH_TOPIC_FIRST or m["act"].startswith("忘")):
            # "把手机里的照片删了" names a thing to delete, "忘记密码了" a thing forgotten:
            # neither is a topic of earlier talk
            return None
        if m["about"] in ("跟", "和") and not m["mark"]:
            return None  # "跟他删了": no "有关" / "的事" says a topic
        topic = re.sub(r"^(?:那些|这些)?(?:关于|有关)", "", topic)
        topic = re.sub(r"(?:有关|相关)?的?$", "", topic).strip(" ，,、")
        topic = re.sub(r"(?:吧|哈|啊|了|哦|呀|嘛|呗)+$", "", topic)  # "帮我删掉吧": a particle names nothing
        if topic in _ZH_NO_TOPIC:
            return None
        return TopicRequest(topic, m["act"])
    return None


#: "Forget about work for a sec", "let's forget the budget for now", "forget I asked": a
#: putting aside in conversation, no request to the memory.
_CASUAL_EN = re.compile(
    r"\bfor\s+(?:a|one)\s+(?:sec|second|moment|minute|min|bit|while)\b|\bfor\s+(?:now|tonight|today|the moment"
    r"|the time being)\b|\bforget\s+(?:i|that i)\s+(?:asked|said anything)\b|^\W*let'?s\s+(?:just\s+)?forget\b",
    re.I,
)


def casual(text: str) -> bool:
    """Does the message put something aside in conversation ("forget about work for a sec")
    rather than ask the memory to let go of it?"""
    return _CASUAL_EN.search(text) is not None


#: The act of a request anywhere in a message, English or Chinese: without one there is none.
_ANY_ACT = re.compile(r"(?<![A-Za-z])(?:" + _EN_ACT + r")(?![A-Za-z])|" + _ZH_ACT, re.I)
#: Where a message is cut into the pieces a request may stand in on its own ("scratch the
#: allergy thing, I'd rather not …", "把那件事忘了吧，不想再想起来").
#: Chinese typed in chat parts its clauses with spaces ("前任那些都忘掉吧 翻篇了").
_PIECES = re.compile(
    r"[.!?;。！？；…\n]+\s*|[,，]\s*|:\s+|\s+-\s+|\s*[—–]\s*|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])"
)
#: A run of Latin words inside Chinese text ("算了 forget all the GRE stuff pls 不想再看了").
_LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z0-9'’ -]*[A-Za-z0-9]")


def topic_request(text: str) -> TopicRequest | None:
    """The topic forget request `text` makes, or None: the whole message read as one, else
    the first of its pieces (sentences, clauses, an English run in Chinese text) that is one;
    a topic said as a pronoun is the one the message pointed at before it ("之前说的那个实习生，
    关于他的都忘掉吧": the intern)."""
    req = _request(text)
    if req is not None and req.topic in _PRONOUNS:
        before = text[: text.find(req.cue)]
        # "之前说的那个实习生，关于他的…", "以后别再提我前任了，关于他的…": who the pronoun stands for
        if m := _POINTED_AT.search(before) or _OWN_PERSON_BEFORE.search(before):
            return TopicRequest(m["x"] or m.groupdict().get("x2") or req.topic, req.cue)
    return req


#: One of the user's people named by how they stand to the user ("我前任", "my ex", "my boss"),
#: earlier in the message than a pronoun that stands for them.
_OWN_PERSON_BEFORE = re.compile(
    r"我(?:的)?(?P<x>前任|前男友|前女友|前夫|前妻|老板|领导|上司|同事|室友|房东|男朋友|女朋友|对象|闺蜜|发小)"
    r"|\bmy\s+(?P<x2>ex|ex-\w+|boss|manager|coworker|co-worker|roommate|landlord|landlady|ex(?:-|\s)?(?:boyfriend|girlfriend|husband|wife))\b",
    re.I,
)
_NOT_KEEP_WHAT = re.compile(
    r"\b(?:(?:i'?d|i would)\s+(?:rather|prefer)\s+(?:that\s+)?you\s+)?(?:not|don'?t|do not|never)\s+"
    r"(?:keep|store|save|hold onto|hold on to|remember|record|log)\s+"
    r"(?P<x>(?:where|what|how much|how old|who)\s+i\s+(?:live|work|earn|make|am|'m|date|see|owe))"
    r"(?:\s+(?:on file|on record|anywhere|at all|in memory))?\b",
    re.I,
)
_RATHER_FORGOT = re.compile(r"\b(?:i'?d|i would)\s+(?:rather|prefer)\s+(?:that\s+)?you\s+forgot\b", re.I)
_PRONOUNS = frozenset({"他", "她", "它", "他们", "她们", "him", "her", "them"})
#: "那个实习生", "that guy from the gym": what a pronoun after it points back at.
_POINTED_AT = re.compile(r"(?:那个|这个|那位|这位)(?P<x>[\u4e00-\u9fff]{1,6}?)(?=[，,。\s]|的事|$)")


def _request(text: str) -> TopicRequest | None:
    t = (text or "").strip()
    if not t or len(t) > 300:  # a request is a sentence or two, not a story
        return None
    # "I'd rather you forgot all of it": the wish is the request
    t = _RATHER_FORGOT.sub("forget", t)
    # "I'd rather you not keep where I live on file": a keeping verb negated before what is
    # kept, said as a clause of the user's ("where I live", "what I earn")
    t = _NOT_KEEP_WHAT.sub(lambda m: "forget " + m["x"], t)
    if not _ANY_ACT.search(t) and not _EN_TAKE_OUT.search(t) and not _EN_NEVER_SAID.search(t):
        # every request has its act; most messages have none (one scan)
        return None
    whole = _one(t)
    if whole is not None and not _PIECES.search(whole.topic):
        return whole
    pieces = [p.strip() for p in _PIECES.split(t) if len(p.strip()) >= 2]
    if re.search(r"[\u4e00-\u9fff]", t):
        pieces += [r.strip() for r in _LATIN_RUN.findall(t) if len(r.split()) >= 2]
    for piece in pieces:
        if piece != t and (req := _one(piece)) is not None:
            return req
    # "关于我体检的那些内容 全部删掉吧": the topic and the act parted by a space
    for first, second in zip(pieces, pieces[1:]):
        cjk = re.search(r"[\u4e00-\u9fff]$", first) and re.match(r"[\u4e00-\u9fff]", second)
        spaced = re.search(re.escape(first) + r"\s+" + re.escape(second), t) is not None
        if cjk and spaced and (req := _one(first + second)) is not None:
            return req
    return whole or _pointed_back(pieces)


#: A thing the user told about, named in passing ("the Kev saga", "Tasha's medical stuff"):
#: what "wipe all that" or "scrub it" in the same message points back at.
_EN_TOLD_THING = re.compile(
    r"(?P<thing>\b(?:the|that|this|my|all the|all that)\s+(?:[\w'’-]+\s+){0,3}?"
    r"(?:saga|stuff|thing|situation|drama|business|story|mess|bit|news|rant|idea|plan)"
    r"|\b(?-i:[A-Z][a-z]+)['’]s\s+(?:[\w-]+\s+){0,2}?(?:stuff|thing|situation|business|news|story|saga))\b"
    r"(?:\s+(?:with|about|at|from|involving)\s+(?:the\s+|my\s+)?[\w'’-]+)?",
    re.I,
)


#: A matter named as what the rest is about ("nvm about the money I owe, forget that whole
#: thing"): the matter "that" points back at.
_EN_ABOUT_THING = re.compile(
    r"^(?:(?:nvm|never\s*mind|ok|okay|so|and|also|oh)[\s,]+)?(?:about|re:?|regarding|as for"
    r"|(?:anything|everything|all|whatever|all the stuff)\s+(?:i|I've|i've)\s+(?:told you|said|mentioned)\s+about)\s+"
    r"(?P<thing>(?:the|my|that|those)\s+[\w'’$ -]{2,40}?)[\s.!]*$",
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
    r"^(?:然后|还有|另外|对了|哦对了)?(?:我)?(?:前面|之前|刚才|刚刚|上次|以前|昨天|前天|那天)(?:跟你|和你)?(?:说|提|讲|聊)(?:过|到)?的"
    r"(?:(?:那个|那位|那件|那段|那次|那些)(?P<thing>[\u4e00-\u9fffA-Za-z]{1,10}?)(?:上|方面)?(?:的(?:糟心事|破事|烂事|事情?|那些事)|那件事)?"
    # "之前说的我被裁的那件事": the matter, then what it is called
    r"|(?P<thing2>[\u4e00-\u9fffA-Za-z]{2,10}?)的(?:那件事|那个事|那些事|事情?))(?:啊|呀|哈|吧|嘛|呢)*$"
)
#: A piece that is only the act, its object left out ("你就当我没说过", "全忘掉吧", "删了吧").
_ZH_ACT_ALONE = re.compile(
    # its object may point back, too ("你也把这事忘了吧", "把那个删了")
    r"^(?:(?:之前|以前|刚才|前面)?(?:跟你)?(?:讲|说|提)过的)?"
    + _ZH_LEAD
    + r"(?:把?(?:这|那)(?:件|个)?事儿?|把?(?:这|那)(?:个|些)|把它们?)?"
    + _ZH_ADV
    + r"(?:"
    + _ZH_ACT
    + r")"
    + _ZH_TAIL
)


def _pointed_back(pieces: list[str]) -> TopicRequest | None:
    """A request whose object points back ("wipe all that pls", "scrub it", "你就当我没说过") at a
    thing told about in another piece of the message ("nvm the Kev saga", "换工作那事黄了"): a
    request about that thing."""
    for i, piece in enumerate(pieces):
        if re.search(r"[\u4e00-\u9fff]", piece) and _ZH_ACT_ALONE.match(piece.strip()):
            for other in pieces[:i]:
                thing = _ZH_SAID_THING.match(other.strip()) or _ZH_TOLD_THING.match(other.strip())
                # "之前说吃药那个事": that it was said before is no part of the matter
                said = (
                    (thing.groupdict().get("thing") or thing.groupdict().get("thing2") or "") if thing else ""
                )
                named = _ZH_SAID_LEAD.sub("", said.strip())
                if named and named not in _ZH_NO_TOPIC:
                    return TopicRequest(named, piece.strip())
            continue
        m = _EN_REQUEST.match(" ".join(piece.split()))
        if m is None or re.search(r"[\u4e00-\u9fff]", piece):
            continue
        said = _EN_TOPIC_FILLER.sub(
            "", _EN_TAIL.sub("", _EMOJI.sub("", m["what"] + m["topic"])).strip(" ,.!?")
        ).strip()
        if not _EN_NO_TOPIC.match(said):
            continue
        for other in pieces[:i] + pieces[i + 1 :]:
            if thing := _EN_TOLD_THING.search(other):
                return _en("forget " + thing[0])
            if about := _EN_ABOUT_THING.match(other.strip()):
                return _en("forget " + about["thing"])
    return None


def _one(t: str) -> TopicRequest | None:
    if re.search(r"[\u4e00-\u9fff]", t):
        return _zh(t)
    return None if casual(t) else _en(t)
