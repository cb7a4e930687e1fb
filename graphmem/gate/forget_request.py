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

from graphmem.gate import forget_words as words
from graphmem.gate.forget_pointing import pointed_back
from graphmem.gate.forget_words import TopicRequest
from graphmem.lang import data

__all__ = ["TopicRequest", "casual", "topic_request"]


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


#: Where a topic ends: its clause, or in a run-on a word turning the talk or a new clause's
#: subject and verb ("scrap the cabin weekend we're not going also …": "the cabin weekend").
_EN_TOPIC_END = re.compile(
    r"\s*(?:[,;:!?]|\.(?:\s|$)|\s[-–—]\s|\s(?:lmao|lol|haha\w*|omg|oh and|and also|also|btw|by the way|anyway)\b"
    # "forget the landlord drama pls its handled and remind me …": a please with more after it,
    # "its" for "it's", a reminder asked
    r"|\s(?:please|pls|plz)\s+(?=\w)|\sits\s+(?:handled|done|over|fine|sorted|settled|resolved|ok|okay)\b"
    # "my bank stuff from earlier idk why I put that in here": why it is asked is no part of it
    r"|\s(?:idk|tbh|ngl|honestly|smh|ugh)\b"
    r"|\s(?:and\s+)?(?:remind|add|note|schedule|book)\s+(?:me|that|a|an|the)\b"
    r"|\s(?:we|i|it|they|he|she|that)(?:['’](?:re|m|s|ve|ll)|\s+(?:are|am|is|was|were|won'?t|can'?t|aren'?t|isn'?t"
    r"|wasn'?t|weren'?t|didn'?t|don'?t|decided|changed|cancel(?:l?ed)?|called it off|broke|split|got|fell))\b)",
    re.I,
)


#: "never mind about the boat trip thing, just forget I mentioned it": the topic named first,
#: then a request pointing back at it.
_EN_NAMED_THEN_IT = re.compile(
    r"\b(?:never\s?mind|nvm|scratch|forget|re|regarding|as for)\s+(?:about\s+)?(?P<what>(?:the|that|my|our)\b[^,.;!?]{1,40}?)\s*(?:[,.;]|\.\.\.|…)?\s*"
    r"(?:just\s+|please\s+|pls\s+|can you\s+)?(?:forget|scratch|drop|delete|erase|wipe)\s+(?:(?:that\s+)?i\s+(?:even\s+|ever\s+)?"
    r"(?:mentioned|said|brought(?:\s+it)?\s+up|told you)\s+)?(?:it|that|about it|anything)\b",
    re.I,
)


#: A topic called a thing, a bit, the stuff: it points back at talk ("scratch the allergy thing").
_EN_TALK_NOUN = re.compile(
    r"\s(?:thing|stuff|part|bit|info|details|business|situation|story|saga|convo|conversation|chat|talk"
    r"|plans?|ideas?|drama|news|mess|confession|feud|beef)$",
    re.I,
)
#: Where a second matter is joined to the first ("the crypto stuff and the part about my landlord").
_EN_SECOND_MATTER = re.compile(
    r"\s+(?:and|&)\s+(?:also\s+)?(?=(?:the|that|those|any|anything|everything|all|my)\b)", re.I
)


def _en(text: str) -> TopicRequest | None:
    t = _EN_TAKE_OUT.sub(
        lambda m: ("delete " if m["back"] else "remove ") + m["what"], " ".join(text.split())
    )
    t = _EN_NAMED_THEN_IT.sub(lambda m: "forget about " + m["what"], t)
    t = _EN_NEVER_SAID.sub("forget", t)
    m = words.EN_REQUEST.match(t)
    if m is None:
        return None
    # the topic ends with its clause ("forget it, never mind": "it")
    topic = words.EN_TAIL.sub("", re.split(_EN_TOPIC_END, m["topic"], maxsplit=1)[0])
    if re.fullmatch(r"(?:how|what|where|when|why|who|whether|if)", topic.strip(), re.I):
        # "how it's been at work": a clause of its own is the topic, not a new one after it
        topic = words.EN_TAIL.sub("", re.split(r"\s*(?:[,;:!?]|\.(?:\s|$))", m["topic"], maxsplit=1)[0])
    # "the interview stuff from earlier": when it was said is no part of the topic
    topic = re.sub(
        r"\s+(?:from|of)\s+(?:earlier|before|the other (?:day|night)|last(?:\s+(?:night|week|time|month))?|yesterday)$"
        # "the wine confession the other night": said without "from" too
        r"|\s+the other (?:day|night)$",
        "",
        topic.strip(),
        flags=re.I,
    )
    # "the weight-loss stuff I told you": who said it is no part of the topic either
    topic = re.sub(
        r"\s+(?:that\s+|which\s+)?i(?:'ve| have)?\s+(?:just\s+|already\s+|ever\s+)?"
        # "the money thing I told you about": what it was told of is the topic before it
        r"(?:said|told you|mentioned|shared|brought up|talked about)(?:\s+(?:to you|earlier|before|here|about|of|on))*$",
        "",
        topic,
        flags=re.I,
    )
    topic = words.EN_TOPIC_FILLER.sub("", words.EMOJI.sub("", topic).strip(" ,.;:!?\"'")).strip(" ,.;:!?\"'")
    topic = re.sub(
        r"^(?:(?:that|what)\s+)?(?:i|you)\s+(?:said|told (?:you|u|ya)|mentioned)\s+(?:(?:about|abt)\s+)?",
        "",
        topic,
        flags=re.I,
    )
    # "erase that please": a please is no topic
    if (
        not topic
        or words.EN_NO_TOPIC.match(topic)
        or re.fullmatch(r"(?:please|pls|plz|thanks|thx|ty|now|too)", topic, re.I)
    ):
        return None
    act = m["act"].lower()
    about = re.search(words.EN_ABOUT_END, m["what"], re.I) is not None
    # "don't keep this" is about this message, "drop the kids off" about no memory: a
    # negated keeping verb, or a verb that erases other things too, asks to let go of a
    # topic only when its object points back at what was said ("what I told you about",
    # "the stuff about", "any record of").
    # "scratch the allergy thing": a topic called a thing, a bit, the stuff, points back at talk too
    # "drop the crypto stuff and the part about my landlord": two matters, the first called talk
    # (graphmem.write.forget_topic.topic_of reads each)
    first = _EN_SECOND_MATTER.split(topic, maxsplit=1)[0]
    talk = _EN_TALK_NOUN.search(topic) is not None or (
        first != topic and _EN_TALK_NOUN.search(first) is not None
    )
    if not about and not talk and not act.startswith(words.EN_STRONG) and not _personal_matter(topic):
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
    words = [str(w).lower() for g in pack.get("topic", []) for w in (*g["words"], *g.get("asked", []))]
    words += [str(n).lower() for a in pack.get("area", []) for n in a["names"]]
    return what in words


#: "跳槽的事 forget it": the act typed in English after a space, read as if typed on
_ZH_SPACE_BEFORE_LATIN_ACT = re.compile(
    r"(?<=[\u4e00-\u9fff])\s+(?=(?:pls |please |plz )?(?:forget|delete|erase)(?![A-Za-z]))", re.I
)


#: An act said twice over ("删了删了", "忘掉忘掉"): said once.
_ZH_ACT_TWICE = re.compile(r"(删了|删掉|删除|清了|清掉|忘了|忘掉|抹掉|扔掉)(?:[，,\s]*\1)+")


#: An act said only of a record ("你那边的记录清一下吧", "记录删了吧"): it names no topic of
#: its own; the clause before it does.
_ZH_RECORD_ONLY = re.compile(
    "^" + words.ZH_LEAD + words.ZH_RECORD_OBJECT + words.ZH_ADV + "(?:" + words.ZH_ACT + ")" + words.ZH_TAIL
)
#: Between a topic and its act, the act addressed to the assistant ("住址你就忘了吧", "X你删了吧"):
#: what comes before is a topic of earlier talk. 忘 is the listener's own forgetting too
#: ("钥匙你忘了吧?" asks whether they forgot): with it, only a word of will says a request.
_ZH_TO_YOU = re.compile(r"你(?:就|也|还是|干脆|直接|都|全|全都|全部|统统|帮我|给我|先|最好)")


#: An act inside what was read as a topic ("住院的事你就不用记了家里人不想…你删了吧"): a run-on
#: whose first request ends there; what follows it is why, or the act said again.
_ZH_ACT_INSIDE = re.compile("(?:" + words.ZH_ACT + ")" + words.ZH_END)
#: News run on before a matter pointed at ("跟他和好了那个对门大哥的事…"): what closes the news
#: (了, 啦) and the word pointing at the matter after it; the matter is what comes after.
_ZH_NEWS_BEFORE = re.compile(
    r"^.*(?:了|啦|呢|嘛)(?=(?:那个|这个|那位|这位|那件|那些|之前|以前|上次|关于|有关)[\u4e00-\u9fffA-Za-z]{2,})"
)


#: "跟你说的那些跳槽的事": what the user told the assistant, said before the matter it names.
_ZH_TOLD_YOU = re.compile(
    r"(?:^|(?<=[，,\s]))(?:我)?(?:跟|和|对|给)你(?:说|提|讲|聊)(?:过)?的(?:那些|这些|那个)?(?=[\u4e00-\u9fff]{2,})"
)
#: Emoji and the like after a request ("…拜托拜托🙏"): no words of it.
_ZH_EMOJI_TAIL = re.compile(r"[\U0001F000-\U0001FAFF\u2600-\u27BF\s]+$")


def _zh(text: str) -> TopicRequest | None:
    # dialect 俺 is the speaker ("把俺之前说的关于身体的那些都删掉")
    t = re.sub(r"俺(?!们)", "我", text.strip())
    t = _ZH_EMOJI_TAIL.sub("", _ZH_TOLD_YOU.sub("", t))
    t = _ZH_ACT_TWICE.sub(r"\1", _ZH_SPACE_BEFORE_LATIN_ACT.sub("", t))
    if _ZH_RECORD_ONLY.match(t):
        return None
    req = _zh_read(t)
    if req is not None and (inside := _ZH_ACT_INSIDE.search(req.topic)) is not None:
        first = _zh_read(t[: t.find(req.topic) + inside.end()])
        return first or req
    return req


def _zh_read(t: str) -> TopicRequest | None:
    for rx in (words.ZH_TOPIC_FIRST, words.ZH_ACT_FIRST):
        m = rx.match(t)
        if m is None:
            continue
        lead = t[: m.start("act") if rx is words.ZH_ACT_FIRST else m.start("topic")]
        if t.rstrip("。！!？?～~… ").endswith(("吗", "么")) and not re.search(words.ZH_ASKING, lead):
            return None  # "你会把我说的删了吗": a question, unless asked politely ("能不能…吗")
        raw = m["topic"]
        if news := _ZH_NEWS_BEFORE.match(raw):
            raw = raw[news.end() :]
        topic = words.ZH_SAID_LEAD.sub("", raw)
        if rx is words.ZH_TOPIC_FIRST and "把" in raw and topic == raw and not m["about"]:
            # "我同事把项目的记录都删了": someone's doing, told (a request's 把 follows its lead;
            # "之前说的我把工作辞了那件事" names a matter said before)
            return None
        marked = bool(m["about"] or m["mark"]) or topic != raw
        # "之前那个住址", "以前那件事": the topic said as one of earlier talk
        if past := words.ZH_PAST_TOPIC.match(topic):
            topic, marked = topic[past.end() :], True
        if rx is words.ZH_TOPIC_FIRST and not marked and not t.rstrip("。！!～~… ").endswith(("？", "?")):
            between = t[m.end("mark") if m["mark"] else m.end("topic") : m.start("act")]
            if m["act"].startswith("忘"):
                marked = _ZH_TO_YOU.search(between) is not None
            else:
                marked = "你" in between
        if not marked and (rx is words.ZH_TOPIC_FIRST or m["act"].startswith("忘")):
            # "把手机里的照片删了" names a thing to delete, "忘记密码了" a thing forgotten:
            # neither is a topic of earlier talk
            return None
        if m["about"] in ("跟", "和") and not m["mark"]:
            return None  # "跟他删了": no "有关" / "的事" says a topic
        topic = re.sub(r"^(?:那些|这些)?(?:关于|有关)", "", topic)
        topic = re.sub(r"^(?:那个|这个|那件|那些|那段|那位)(?=..)", "", topic)
        topic = re.sub(r"^(?:就)?是(?=..)", "", topic)  # "…，就是我爸妈的": the matter said again, plainly
        topic = re.sub(r"(?:有关|相关)?的?$", "", topic).strip(" ，,、")
        # "外孙学校出的那档子事", "公司里发生的那件事": what happened there is the matter of the place
        topic = re.sub(r"(?<=..)(?:里|上)?(?:出|发生|闹|惹)(?:了)?$", "", topic)
        topic = re.sub(r"(?:吧|哈|啊|了|哦|呀|嘛|呗)+$", "", topic)  # "帮我删掉吧": a particle names nothing
        if topic in words.ZH_NO_TOPIC:
            return None
        return TopicRequest(topic, m["act"])
    return None


#: "Forget about work for a sec", "let's forget the budget for now", "forget I asked": a
#: putting aside in conversation, no request to the memory.
_CASUAL_EN = re.compile(
    r"\bfor\s+(?:a|one)\s+(?:sec|second|moment|minute|min|bit|while)\b|\bfor\s+(?:now|tonight|today|the moment"
    r"|the time being)\b|\bforget\s+(?:i|that i)\s+(?:asked|said anything)\b|^\W*let'?s\s+(?:just\s+)?forget\b"
    # "let's forget what I told you about …" asks after all
    r"(?!\s+(?:about\s+)?(?:what|everything|anything|all(?: of)?(?: that| the stuff)?)\s+(?:i|i've|i have)\s+(?:told|said|mentioned))",
    re.I,
)


def casual(text: str) -> bool:
    """Does the message put something aside in conversation ("forget about work for a sec")
    rather than ask the memory to let go of it?"""
    return _CASUAL_EN.search(text) is not None


#: The act of a request anywhere in a message, English or Chinese: without one there is none.
_ANY_ACT = re.compile(r"(?<![A-Za-z])(?:" + words.EN_ACT + r")(?![A-Za-z])|" + words.ZH_ACT, re.I)
#: Where a message is cut into the pieces a request may stand in on its own ("scratch the
#: allergy thing, I'd rather not …", "把那件事忘了吧，不想再想起来").
#: Chinese typed in chat parts its clauses with spaces ("前任那些都忘掉吧 翻篇了").
#: An emoji between words parts clauses as a comma does ("went great 🎉 you can drop …").
_PIECES = re.compile(
    r"[.!?;。！？；…\n]+\s*|[,，]\s*|:\s+|\s+-\s+|\s*[—–]\s*|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])"
    r"|\s*[\U0001F000-\U0001FAFF\u2600-\u27BF][\U0001F000-\U0001FAFF\u2600-\u27BF\u200d\ufe0f]*\s*"
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


#: How long a message is read whole; a longer one is read only around its acts.
_SHORT = 300
#: Where a sentence ends, in either language: what an act's window of a long message is cut at.
_SENTENCE_END = re.compile(r"[.!?。！？\n]")
#: The acts of a long message looked at, at most: a request is said once or twice, not in every sentence.
_MAX_ACTS = 12


def _near_acts(t: str) -> TopicRequest | None:
    """A request in a long message ("…[the whole evening told]… anyway the party's over, you
    can drop the party details now"): each act read with the sentence it stands in and the
    one before (which may name what it points back at); never the whole message, so an
    8,000-character one costs a scan."""
    seen = -1
    # the last acts: a request closes a message more often than it opens one
    for act in list(_ANY_ACT.finditer(t))[-_MAX_ACTS:]:
        if act.start() < seen:
            continue
        before = [e.end() for e in _SENTENCE_END.finditer(t, max(0, act.start() - 160), act.start())]
        start = before[-2] if len(before) >= 2 else (before[0] if before else max(0, act.start() - 160))
        after = _SENTENCE_END.search(t, act.end(), act.end() + 140)
        end = after.end() if after else min(len(t), act.end() + 140)
        seen = end
        if (req := _read(t[start:end])) is not None:
            return req
    return None


#: The words before an act that ask it of the assistant, read back from the act ("… so
#: please just", "honestly you can", "I'd like you to").
_EN_LEAD_BEFORE = re.compile(
    r"(?:(?:" + words.EN_FILLER + r")[,.!\s]+)*(?:" + words.EN_ASK + r"\s*)?(?:(?:please|pls|plz)\s+)?$", re.I
)
_EN_ADDRESSED = re.compile(r"\b(?:" + words.EN_ASK + r"|please|pls|plz)", re.I)
#: Someone else's advice told ("my sister said you should forget him"): no request.
_EN_REPORTED = re.compile(
    r"\b(?:said|says|told me|tells me|(?<!\bi )(?:thinks?|thought|reckons?)|keeps? saying)\s+(?:that\s+)?$",
    re.I,
)
#: Words that turn the talk to something new, run on without punctuation ("… lol anyway delete …").
_EN_TURN = re.compile(
    r"\b(?:anyway|anyways|anyhow|lol|lmao|haha\w*|btw|nvm|never ?mind|oh and|ok so|okay so|so)\b", re.I
)
_CLAUSE_OPEN = re.compile(r"(?:^|[.,;:!?…()\[\]\"“”—–-])\s*$")


def _en_windows(piece: str) -> list[str]:
    """The clauses of an English piece that begin where an act is asked of the assistant
    mid-sentence ("party's over so you can drop the party details now"): from the words that
    ask it ("you can", "please") to the end. An act with no such words before it is read
    only where a clause opens, so "I had to drop the kids off", "I always forget my keys"
    are the user's own doings."""
    out = []
    for act in re.finditer(r"(?<![A-Za-z'])(?:" + words.EN_ACT + r")(?![A-Za-z])", piece, re.I):
        head = piece[max(0, act.start() - 80) : act.start()]
        lead = _EN_LEAD_BEFORE.search(head)
        start = act.start() - (len(lead[0]) if lead else 0)
        asked = lead is not None and _EN_ADDRESSED.search(lead[0]) is not None
        # "paid it back lol anyway delete that …": a word that turns the talk opens a clause
        turned = lead is not None and _EN_TURN.search(lead[0]) is not None
        before = piece[max(0, start - 40) : start]
        if start > 0 and (
            (asked or turned) and not _EN_REPORTED.search(before) or _CLAUSE_OPEN.search(before)
        ):
            out.append(piece[start:])
    return out


def _request(text: str) -> TopicRequest | None:
    t = (text or "").strip()
    if not t:
        return None
    if len(t) > _SHORT:  # a request is a sentence or two: a story is read only around its acts
        return _near_acts(t)
    return _read(t)


def _read(t: str) -> TopicRequest | None:
    """The request a short text (a message, or the sentences around an act of a long one)
    makes: the whole of it, its pieces, a clause asked mid-piece, or an act pointing back."""
    t = t.strip()
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
    # "那个X的事你就不用记了家里人不想让外人知道": a Chinese run-on, the request ending at its act
    for piece in pieces:
        if re.search(r"[\u4e00-\u9fff]", piece):
            for act in _ZH_ACT_INSIDE.finditer(piece):
                if 0 < act.end() < len(piece) and (req := _one(piece[: act.end()])) is not None:
                    return req
    # "went great so you can drop the party details now": an act asked mid-clause
    for piece in pieces:
        if not re.search(r"[\u4e00-\u9fff]", piece):
            for window in _en_windows(piece):
                if (req := _one(window)) is not None:
                    return req
    # "关于我体检的那些内容 全部删掉吧": the topic and the act parted by a space
    for first, second in zip(pieces, pieces[1:]):
        cjk = re.search(r"[\u4e00-\u9fff]$", first) and re.match(r"[\u4e00-\u9fff]", second)
        spaced = re.search(re.escape(first) + r"\s+" + re.escape(second), t) is not None
        if cjk and spaced and (req := _one(first + second)) is not None:
            return req
    return whole or pointed_back(pieces, _en)


def _one(t: str) -> TopicRequest | None:
    if re.search(r"[\u4e00-\u9fff]", t):
        return _zh(t)
    return None if casual(t) else _en(t)
