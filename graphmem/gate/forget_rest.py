"""What else a message says besides its forget request: a request is often one clause of a
longer message that goes on to news of its own ("…scratch that whole plan, we're not going;
also my aunt's birthday is May 2"; "…那个事你就当没听过 对了下周三我要去体检"). The request and
what is said of its matter are let go of; a sentence before it, and what comes after a word
that turns the talk to another matter, are kept as a message of their own.

What is kept is narrow on purpose: the words around the act ("ugh that fell apart so", "我搬家了，",
"…, we're not going anymore") say why, and they stay with the request. Only a sentence ended
before the request starts, or the talk turned after it ("also", "btw", "另外", "对了"), is another
matter.
"""

from __future__ import annotations

import re

from graphmem.gate.forget_request import topic_request
from graphmem.gate.forget_words import TopicRequest

__all__ = ["also_requests", "rest_of"]

#: Where a sentence ends: what came before the request's sentence is a matter of its own.
_SENTENCE_END = re.compile(r"[.!?。！？\n]+[\s\"'”’)]*")
#: Words that turn the talk to another matter after a request ("… oh and my sister …",
#: "…忘了吧 对了明天…"): what follows them is news of its own.
_TURN = re.compile(
    r"(?:^|(?<=[\s,，。.!！?？;；~～…]))(?:oh\s+and|and\s+also|also|btw|by\s+the\s+way|on\s+another\s+note|other\s+than\s+that"
    r"|unrelated\s+but|separately|plus|anyway|anyways|另外|还有就是|还有|对了|哦对了|顺便说一下|顺便|然后|题外话|说个别的|话说"
    # "… and remind me I have a haircut thursday": a reminder asked is news of its own
    r"|(?:and\s+)?(?:pls\s+|please\s+|also\s+)?remind\s+me)"
    r"(?=[\s,，:：]|[\u4e00-\u9fff])"
    # "…, erase that, and Leo needs new cleats": a new clause with someone of its own after a comma
    r"|,\s*and\s+(?=(?:(?-i:[A-Z])[a-z]+|my|our|we|i)\s+[a-z])",
    re.I,
)
#: How many words a piece must have to be worth reading as a message ("long week." is not).
_MIN_WORDS = 4


def _words(text: str) -> float:
    """The words of a text: Latin ones, and Chinese characters two to a word."""
    return len(re.findall(r"[A-Za-z0-9'’]+", text)) + len(re.findall(r"[\u4e00-\u9fff]", text)) / 2


def _act_at(text: str, req: TopicRequest) -> tuple[int, int]:
    """Where the request's act and topic are in the text: (first start, last end)."""
    spans = []
    for said in (req.cue, req.topic):
        at = text.lower().find(said.lower()) if said else -1
        if at >= 0:
            spans.append((at, at + len(said)))
    if not spans:
        return -1, -1
    return min(s for s, _ in spans), max(e for _, e in spans)


def rest_of(text: str, req: TopicRequest) -> str:
    """The parts of `text` that say something besides the request `req`: the sentences ended
    before the request's sentence, and what follows a word turning the talk after it; "" when
    there is none (the message is the request, with its reasons)."""
    start, end = _act_at(text, req)
    if start < 0:
        return ""
    before = [m.end() for m in _SENTENCE_END.finditer(text, 0, start)]
    head = text[: before[-1]] if before else ""
    # "remind me about the dentist friday and also the thing about my pay, erase that": the
    # talk turned to the request within its sentence; what came before the turn is news
    turned = [m.start() for m in _TURN.finditer(text, len(head), start) if m.start() > len(head)]
    if turned and _words(text[len(head) : turned[-1]]) >= _MIN_WORDS:
        head = text[: turned[-1]]
    turn = _TURN.search(text, end)
    tail = text[turn.start() :] if turn else ""
    kept = [p.strip() for p in (head, tail) if _words(p) >= _MIN_WORDS]
    return " ".join(kept)


#: A second matter joined to a request ("forget my tablets, and also the bit about my cousin",
#: "把体重那条删了，还有我前任的事"): what follows is one more thing to let go of, when it names one.
_ALSO = re.compile(
    r"(?:[,;，；]\s*|\s)(?:and\s+also|also|plus|as\s+well\s+as|and(?=\s+(?:the|that|my|anything|everything|all)\b))\s+"
    r"|[，,；;\s](?:还有|另外|以及|再把|顺便把)",
    re.I,
)


def also_requests(text: str, req: TopicRequest) -> list[tuple[int, str]]:
    """The other matters a request names after its first one, each as (where its words start
    in `text`, a request of its own with the first one's act): "…, and also the bit about my
    cousin's marriage" is "forget the bit about my cousin's marriage". A part that names no
    matter ("and also thanks") is none."""
    start, end = _act_at(text, req)
    if start < 0:
        return []
    out: list[tuple[int, str]] = []
    for m in _ALSO.finditer(text, end):
        part = _SENTENCE_END.split(text[m.end() :], maxsplit=1)[0].strip(" ,，")
        if not part:
            continue
        zh = re.search(r"[\u4e00-\u9fff]", part) is not None
        own = topic_request(part)
        # without an act of its own, only a matter said as one ("the bit about …", "my meds",
        # "前任的事"), never news ("also my sister is visiting next week")
        named = own is None and (_MATTER_ZH if zh else _MATTER_EN).match(part) is not None
        asked = own or (topic_request(part + "也删了吧" if zh else "forget " + part) if named else None)
        if asked is not None and asked.topic.strip().lower() != req.topic.strip().lower():
            out.append((m.end(), part if own else (part + "也删了吧" if zh else "forget " + part)))
    return out


#: A matter said as one, with no act of its own: "the bit about my cousin's marriage", "that
#: whole saga", "anything about my ex", "my meds" alone before a mark.
_MATTER_EN = re.compile(
    r"(?:the|that|those|all the|any|anything|everything|whatever)\s+(?:[\w'’-]+\s+){0,3}?"
    r"(?:about|re|regarding|to do with|on)\s+\S"
    r"|(?:the|that|those|all the)\s+(?:[\w'’-]+\s+){0,3}?(?:thing|stuff|bit|part|business|story|saga|news|drama|details|info)\b"
    # "my phone number too", "my brother's stuff": the user's own detail, no clause of news
    r"|my\s+(?!(?:\S+\s+){0,3}?(?:is|are|was|were|has|have|had|will|gets?|got|just)\b)(?:[\w'’-]+\s+){0,2}[\w'’-]+"
    r"(?:\s+(?:too|as well))?\s*(?:[,.;!]|$)",
    re.I,
)
#: The same in Chinese: what is named, marked as a matter ("前任的事", "体检那些", "欠钱那件事").
_MATTER_ZH = re.compile(
    r"[^，,。；;！!？?]{1,12}?(?:的事情?|的事儿|那事儿?|那件事|那个事|那些事?|相关的|的那些|那条|那段)(?:[，,。；;！!\s]|$)"
)
