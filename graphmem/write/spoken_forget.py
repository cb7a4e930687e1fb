"""Which stored facts a spoken "forget that …" request names.

The extractor reads the request's inner statement ("forget that I live in Boston" → city
Boston) and proposes retractions; this module matches them against the user's facts, active
and frozen (an erased fact must not survive as an old version). When the extractor found
no statement, the words after the cue are the topic ("把我妹妹的事删了" → 妹妹), matched
against values and subjects.
"""

from __future__ import annotations

import re
from datetime import datetime

from graphmem.embedding.hashing import Embedder
from graphmem.extract.relations import relation_of
from graphmem.facts.keys import value_key
from graphmem.facts.vocab import attribute
from graphmem.gate.control import ERASE_VERB_EN_IN_ZH, SECOND_THOUGHT_EN
from graphmem.gate.forget_request import topic_request
from graphmem.gate.forget_rest import also_requests, rest_of
from graphmem.model import SELF, Candidate, Episode, Fact, Ignored, Refusal, RememberResult
from graphmem.stores.base import Store
from graphmem.write import erasure, forget_continued, forget_person, forget_topic, topic_texts
from graphmem.write.arbitrate import mentions_value

_EN_LEAD = re.compile(
    r"^(?:(?:please|pls|plz|just|and|but|so|oh|hey|ok|okay|btw|also|" + SECOND_THOUGHT_EN + r")[,.!\s]+)*"
    r"(?:(?:can|could|would|will) you\s+(?:please\s+)?)?"
    r"(?:forget|delete|erase|remove|wipe|drop|scrub|unlearn|scratch|clear(?: out)?|purge|get rid of|throw out|toss)\s+(?:about\s+)?"
    # "everything I told you about", "all the stuff about", "anything you know about", "whatever I said on"
    r"(?:(?:everything|all|anything|whatever|any)(?:\s+(?:of\s+)?(?:the\s+)?(?:stuff|things?|bits?|info(?:rmation)?|details?"
    r"|memories|notes?))?(?:\s+(?:that\s+)?(?:I(?:'ve| have)?|you(?:'ve| have)?)\s+(?:ever\s+)?(?:said|told you|mentioned|know"
    r"|have|remember|shared|learned|heard)(?:\s+(?:to you|with you))?)?\s+(?:about|on|regarding|concerning|of|re|to do with"
    r"|related to|involving)\s+"
    r"|(?:that\s+)?I\s+(?:ever\s+)?(?:said|told you|mentioned|brought up|talked about)\s+(?:anything\s+(?:about\s+)?)?"
    r"|(?:your|the|any|all)\s+memor(?:y|ies)\s+(?:of|about)\s+"
    r"|everything (?:about|on)\s+|all (?:about|of)\s+|what (?:I|you) (?:said|told you|mentioned|know|have|remember) "
    r"(?:about|on|regarding)\s+|the (?:fact|bit|part|thing|note|memory) (?:that|about)\s+|that\s+|about\s+)?",
    re.I,
)
_EN_TAIL = re.compile(r"\s*(?:please|pls|for me|from (?:your )?memory|again|too|as well|now)?[.!]*$", re.I)
_ZH_LEAD = re.compile(
    r"^(?:请|麻烦|你|帮我|麻烦你|能不能|可以)*(?:把)?(?:忘掉|忘记掉?|删掉|删除|抹掉|清除|清掉|忘了)?(?:关于|有关)?"
)
_ZH_TAIL = re.compile(
    r"(?:的(?:事情?|记忆|信息|内容|那条|这条|那些(?:事情?|东西|内容)?|东西|部分)|相关的?(?:事情?|内容|东西)?)?"
    r"(?:这件事|那件事|这一条|这条|那条|那些|这些|那块|这块|那一块|那部分|这部分|那事|这事)?"
    r"(?:你)?(?:就|也|都|全都|全部|统统|一律|通通)?(?:帮我|给我|麻烦)?"
    r"(?:删了|删掉|删除|忘了|忘掉|抹掉|去掉|清掉|清除|别记了|不要记了|不用记了|别再记了|别记着了|不要再记了"
    r"|" + ERASE_VERB_EN_IN_ZH + r")?"
    r"(?:吧|哈|啊|了|哦|好吗|好不好|行吗)*[。！!.～~]*$"
)
_ZH_SAID = re.compile(
    r"^(?:我)?(?:(?:之前|以前|刚才|上次|过去)(?:跟你|和你|对你)?(?:说|提到?|讲|聊|告诉你)(?:过(?=的|我|关于|有关|那|这))?的?"
    r"|(?:跟你|和你|对你)?(?:说过?的|提到过?的|讲过?的|告诉你的|聊过?的))(?:关于|有关)?"
)


#: A topic said as a pronoun ("forget about him"): the one the user spoke of last.
_PRONOUN_TOPIC = re.compile(r"^(?:him|her|them|he|she|they|他|她|它|ta)$", re.I)


def resolved(what: str, facts: list[Fact]) -> str:
    """`what`, or for a pronoun the person or pet the user's latest fact is about ("nugget
    passed this morning" → Nugget); unchanged when no one is."""
    if not _PRONOUN_TOPIC.match(what.strip()):
        return what
    theirs = [f for f in facts if f.subject_name != SELF]
    linked = [f for f in facts if f.subject_name == SELF and attribute(f.attribute).relation]
    latest = max([*theirs, *linked], key=lambda f: f.recorded_at, default=None)
    if latest is None:
        return what
    return latest.subject_name if latest.subject_name != SELF else str(latest.value)


def topic(text: str) -> str:
    """The words a forget request names, without the cue and politeness ("Boston", "妹妹")."""
    t = text.strip()
    if (req := topic_request(t)) is not None:
        return req.topic
    if re.search(r"[\u4e00-\u9fff]", t):
        t = _ZH_TAIL.sub("", _ZH_LEAD.sub("", t))
        return _ZH_SAID.sub("", t).strip(" ，,。")
    return _EN_TAIL.sub("", _EN_LEAD.sub("", t)).strip(" ,.")


def _names_it(what: str, value: str) -> bool:
    """Does the request's topic name this value itself? "旺财生病那事" says more than 旺财: a
    matter about the dog, which the topic's own keys find, not the dog."""
    return mentions_value(what, value) and len(value_key(what)) <= len(value_key(value))


def _about(fact: Fact, cand: Candidate) -> bool:
    subject_ok = (
        cand.subject == SELF and fact.subject_name == SELF or mentions_value(cand.subject, fact.subject_name)
    )
    if not subject_ok:
        return False
    if cand.attribute not in ("*", "note", "event") and fact.attribute != cand.attribute:
        return False
    return mentions_value(cand.value, str(fact.value))


#: Words a request names an attribute by ("my brother's job", "where Sam lives", "我哥的工作").
#: English words are matched as words, Chinese ones as parts of the request.
_ATTRIBUTE_WORDS: dict[str, tuple[str, ...]] = {
    "employer": ("job", "work", "works", "working", "employer", "company", "workplace", "工作", "公司", "单位", "上班"),
    "job_title": ("job", "title", "position", "role", "occupation", "profession", "工作", "职位", "职业"),
    "city": ("live", "lives", "living", "address", "city", "town", "住在", "住址", "城市", "住哪", "住的地方"),
    "age": ("age", "old", "年龄", "岁"),
    "birthday": ("birthday", "生日"),
    "allergy": ("allergy", "allergies", "allergic", "过敏"),
    "diet": ("diet", "饮食", "忌口"),
    "school": ("school", "university", "college", "学校", "大学"),
}  # fmt: skip
_EN_OWNER = re.compile(
    r"\b(?:my\s+(?P<rel>[a-z-]+(?:\s+in\s+law)?)|(?P<name>[A-Z][\w-]*))(?:'s\b|\s+(?:works?|lives?|is|was))",
    re.I,
)
_ZH_OWNER = re.compile(  # "我的住址" names no owner but the user: 的 is no relative, 我的 no name
    r"(?:我(?!的)(?P<rel>[\u4e00-\u9fff]{1,3}?)|(?P<name>(?:(?![我的])[\u4e00-\u9fffA-Za-z]){2,8}?))(?:的|在|住)"
)


def _links(facts: list[Fact], attribute: str, qualifier: str | None) -> list[Fact]:
    """The user's links of one relation ("brother": sibling links not said to be a sister's)."""
    return [
        f for f in facts
        if f.subject_name == SELF and f.attribute == attribute and (qualifier is None or f.qualifier in (None, qualifier))
    ]  # fmt: skip


#: A change of the thing, not the thing: "换工作", "找工作", "job hunt", "job search" name a
#: topic of their own (the search), never the job the user holds.
_CHANGE_OF = re.compile(
    r"(?:换|跳槽|找|辞|离|丢|看)(?:了|个|份)?(?:工作|公司|单位)|\b(?:job|work)\s+(?:hunt|hunting|search|change|switch)\b"
    r"|\b(?:changing|switching|finding|looking for|quitting|losing)\s+(?:a\s+|my\s+)?(?:job|work)s?\b",
    re.I,
)


def _asked_attributes(what: str) -> set[str]:
    if _CHANGE_OF.search(what):
        return set()
    words = set(re.findall(r"[a-z]+", what.lower()))
    return {
        attr
        for attr, names in _ATTRIBUTE_WORDS.items()
        if any((n in words) if n.isascii() else (n in what) for n in names)
    }


def _owners(facts: list[Fact], what: str) -> set[str]:
    """The subject names a request's owner phrase picks out: "my brother" (through the
    user's relation links, or a placeholder named by the relation), "Sam", "我哥", else the
    user: a request naming an attribute of no one else ("where I work", "the address") is
    about the speaker."""
    zh = bool(re.search(r"[\u4e00-\u9fff]", what))
    m = (_ZH_OWNER if zh else _EN_OWNER).search(what)
    if m is None:  # "forget where I work", "把我的工作删了", "刚才说的住址删掉": the user's own
        return {SELF}
    if m["rel"] and (rel := relation_of(m["rel"])):
        linked = {str(f.value) for f in _links(facts, *rel)}
        return linked | {f.subject_name for f in facts if f.subject_name.lower() == m["rel"].lower()}
    name = (m["name"] or m["rel"] or "").strip()
    if name.lower() in ("i", "me"):  # "forget where I work"
        return {SELF}
    return {f.subject_name for f in facts if f.subject_name != SELF and mentions_value(name, f.subject_name)}


_RELATIVE_ONLY = re.compile(r"^(?:my\s+|我的?|我)(?P<rel>[\w\u4e00-\u9fff -]{1,20}?)$", re.I)


def _relative(facts: list[Fact], what: str) -> list[Fact]:
    """Everything about a relative the whole request names ("forget about my brother",
    "把我妹妹的事删了"): the facts about them and the user's link to them."""
    m = _RELATIVE_ONLY.match(what.strip())
    rel = relation_of(m["rel"]) if m else None
    if rel is None or m is None:
        return []
    links = _links(facts, *rel)
    names = {str(f.value) for f in links} | {m["rel"]}
    return links + [f for f in facts if f.subject_name in names and f.subject_name != SELF]


def _owned_attributes(facts: list[Fact], what: str) -> list[Fact]:
    """Facts of a named person's named attribute ("forget my brother's job"): only those,
    never the link to the person, nor what else is known about them."""
    attrs = _asked_attributes(what)
    owners = _owners(facts, what) if attrs else set()
    return [f for f in facts if f.subject_name in owners and f.attribute in attrs]


def named_facts(
    facts: list[Fact], candidates: list[Candidate], what: str, about: forget_topic.Topic
) -> list[Fact]:
    """The facts (any status) a request names, each once: `what` is its topic's words (a
    pronoun resolved), `about` the keys it is matched by (`forget_topic.topic_of`)."""
    if about.past_attributes:  # "my old job", "前公司": the superseded ones, and what names them
        return forget_topic.topic_facts(facts, about)
    precise = _owned_attributes(facts, what) or _relative(facts, what)
    if precise:  # the attribute named, and the notes that told of the same ("I'm allergic to latex, so …")
        told = [f for f in forget_topic.topic_facts(facts, about) if f.attribute in ("note", "event")]
        # "forget where I live": the notes that say the value of it too ("I'm in Dayton, and …")
        values = {str(f.value) for f in precise if f.attribute in _ATTRIBUTE_WORDS}
        told += [
            f
            for f in facts
            if f.attribute in ("note", "event")
            and any(_names_it(v, f.source_text or str(f.value)) for v in values)
        ]
        return list({f.id: f for f in [*precise, *told]}.values())
    hits: dict[str, Fact] = {}
    statements = [c for c in candidates if c.attribute not in ("note", "event") or c.retract]
    for c in statements:
        for f in facts:
            if _about(f, c):
                hits.setdefault(f.id, f)
    if not hits and len(what) >= 2:
        for f in facts:
            if (
                _names_it(what, str(f.value))
                or _names_it(what, f.subject_name)
                or (len(what) >= 3 and what.lower() in topic_texts.said_in(f).lower())
            ):
                hits.setdefault(f.id, f)
    # A topic: its phrase and the people it names, wherever they were said ("my old boss":
    # also "Gregor made me redo the deck", once "my old boss Gregor" was said).
    for f in forget_topic.topic_facts(facts, about):
        hits.setdefault(f.id, f)
    return list(hits.values())


#: "my friend's divorce", "我闺蜜的那些事": the relation whose story the request names
_EN_OWNED = re.compile(r"^(?:my|our)\s+(?P<w>[\w-]+(?:\s[\w-]+)?)(?:'s|’s|s')\s", re.I)
_ZH_OWNED = re.compile(r"^我(?:的|家)?(?P<w>[\u4e00-\u9fff]{1,3}?)的")


def _owner_relation(what: str) -> str | None:
    m = _EN_OWNED.match(what.strip()) or _ZH_OWNED.match(what.strip())
    rel = relation_of(m["w"]) if m else None
    return rel[0] if rel else None


def _only_in_topic_turns(f: Fact, episodes: list[Episode], about: forget_topic.Topic) -> bool:
    """Whether the person `f` links to is named in no turn but the topic's."""
    name = str(f.value).lower()
    return not any(name in e.text.lower() for e in episodes if not forget_topic.says_topic(e.text, about))


def _told_in_topic_turns(
    facts: list[Fact],
    episodes: list[Episode],
    about: forget_topic.Topic,
    named: list[Fact],
    facts_of: dict[str, set[str]],
    what: str = "",
) -> list[Fact]:
    """What was read off a message that speaks of the topic, though its own words do not
    ("花呗还欠着八千多，这个月又要还不上了": the event is the second half; "开始控糖了…目标瘦十五斤":
    the diet is the plan): it goes with the turn; who the user is (a city, a job, a name)
    stays unless it names the topic itself."""
    if not about:
        return []
    have = {f.id for f in named}
    told = {
        fid for e in episodes if forget_topic.says_topic(e.text, about) for fid in facts_of.get(e.id, set())
    }
    # a statement named ("that I live in Cardiff") takes its notes; a life topic (the diet
    # plan, the job hunt) takes what else its turns said too, but who the user is
    free = ("note", "event")
    # "scratch what I said about my friend's divorce": the friend told of only in that story
    # goes with it ("my friend Bex is going through a divorce"); one named elsewhere stays
    # ("forget my sister's job" names her attribute: never the link to her)
    owner = None if _asked_attributes(what) else _owner_relation(what)
    said_in = {fid: e.text for e in episodes for fid in facts_of.get(e.id, set())}
    own_people = {str(f.value) for f in facts if f.subject_name == SELF and attribute(f.attribute).relation}
    return [
        f
        for f in facts
        if f.id in told
        and f.id not in have
        # "…膝盖手术；另外我最近迷上了攀岩": what the turn went on to say of another matter stays
        and not (
            _other_matter(f, said_in.get(f.id, "")) and not forget_topic.says_topic(f.source_text, about)
        )
        and (
            f.attribute in free
            or (about.life_topic and f.attribute not in _WHO_THE_USER_IS)
            or (
                owner is not None
                and f.attribute == owner
                and f.subject_name == SELF
                and _only_in_topic_turns(f, episodes, about)
            )
            # "a juice cleanse next week, my coworker swears by it": someone told of by what they
            # are to the user and never by name, only in the matter's turns, goes with it
            or (
                f.subject_name == SELF
                and attribute(f.attribute).relation
                and f.object_id is not None
                and relation_of(str(f.value)) is not None
                and _only_in_topic_turns(f, episodes, about)
            )
            # "相亲见了个男生，叫郑一鸣，在国企做财务": someone told of only in a matter of the user's
            # life, none of the user's own people, goes with it
            or (
                about.life_topic
                and f.subject_name != SELF
                and f.subject_name not in own_people
                and _named_only_in_topic_turns(f.subject_name, episodes, about)
            )
        )
    ]


def _named_only_in_topic_turns(name: str, episodes: list[Episode], about: forget_topic.Topic) -> bool:
    """Whether every message that names `name` speaks of the topic."""
    naming = [e for e in episodes if name and name in e.text]
    return bool(naming) and all(forget_topic.says_topic(e.text, about) for e in naming)


#: Words that turn a message to another matter ("…; also I signed up for…", "；另外我最近…").
_OTHER_MATTER = re.compile(
    r"(?:^|[;；。.!！?？,，]\s*)(?:(?:and\s+)?also|btw|by the way|oh and|on another note|other news|separately"
    r"|unrelated|另外|还有|顺便说一下|顺便|对了|题外话|说个别的)[,，:：\s]*$",
    re.I,
)


def _other_matter(f: Fact, message: str) -> bool:
    """Whether the fact's clause is one the message turned to another matter for."""
    source = (f.source_text or "").strip()
    at = message.find(source[:12]) if source else -1
    if at < 0:
        return False
    return bool(
        _OTHER_MATTER.search(message[max(0, at - 24) : at]) or _OTHER_MATTER.search(" " + source[:12])
    )


#: What a turn about a topic may also say of who the user is ("I live in Lisbon and my
#: counsellor says …"): kept when the topic is forgotten, unless it names the topic itself.
_WHO_THE_USER_IS = frozenset(
    {"name", "preferred_name", "age", "birthday", "gender", "hometown", "city", "employer", "job_title",
     "language", "spouse", "partner", "child", "sibling", "parent", "friend", "pet", "reply_style"}
)  # fmt: skip


def erase_request(
    store: Store, uid: str, request: str, candidates: list[Candidate], at: datetime, embedder: Embedder
) -> RememberResult:
    """Carry out a spoken forget request: erase the facts it names (each as `Memory.forget`
    does) and the messages that said them or name its topic and told nothing else; the
    result lists the facts (`retracted`) and messages (`forgotten_episodes`) erased. The
    request itself is not kept."""
    r = store.reader(uid)
    facts, said = r.facts(statuses=None), r.episodes()
    what = resolved(topic(request), facts)
    # "my son's girlfriend", "闺女对象": the person the chain reaches is the topic, not the son
    chain = forget_person.chain_of(what, facts, said)
    # the topic's keys, once: its names are looked up in every message the user sent
    about = (
        forget_topic.topic_of(what, facts, said)
        if chain is None
        else forget_topic.Topic(chain.names, frozenset())
    )
    named = named_facts(facts, candidates, what, about) if chain is None else list(chain.facts)
    facts_of: dict[str, set[str]] = {}
    for ln in r.episode_links(episode_ids=[e.id for e in said]) if said else []:
        facts_of.setdefault(ln.episode_id, set()).add(ln.fact_id)
    named += _told_in_topic_turns(facts, said, about, named, facts_of, what)
    # the messages that said the named facts or name the topic, and told nothing else
    turns = forget_topic.topic_episodes(said, about, {f.id for f in named}, facts_of)
    # and the turns that carried the matter on ("and he still has my headphones"), with their notes
    carried = forget_continued.continuations(said, turns, facts_of, facts)
    if carried:
        turns += carried
        by_id, held = {f.id: f for f in facts}, {f.id for f in named}
        named += [
            by_id[i] for e in carried for i in sorted(facts_of.get(e.id, ())) if i in by_id and i not in held
        ]
    result = RememberResult(uid, refused=[Refusal("user_request", "a forget request is not kept")])
    for f in named:
        if erasure.forget_fact(store, uid, f.id, at, embedder=embedder):
            result.retracted.append(f)
    result.forgotten_episodes = erasure.forget_episodes(store, uid, [e.id for e in turns])
    if not named and not turns:
        result.ignored.append(Ignored("", "nothing_to_forget"))
    return result


def erase_last_message(store: Store, uid: str, at: datetime, embedder: Embedder) -> RememberResult:
    """Carry out "don't keep that" / "刚才那句别记了": the user's message before this one is
    erased, with the facts that came from it (each as `Memory.forget` does); the request is
    not kept. A fact that message replaced stays replaced: the request takes the message
    back, it says nothing of what held before."""
    r = store.reader(uid)
    last = r.last_episode(at)
    if last is not None and last.role != "user":  # an assistant's turn came after it
        last = next((e for e in reversed(r.episodes()) if e.role == "user" and e.at <= at), None)
    result = RememberResult(uid, refused=[Refusal("user_request", "a forget request is not kept")])
    if last is None:
        result.ignored.append(Ignored("", "nothing_to_forget"))
        return result
    from_it = [ln.fact_id for ln in r.episode_links(episode_ids=[last.id]) if ln.episode_id == last.id]
    for f in r.facts(statuses=None, ids=from_it) if from_it else []:
        if erasure.forget_fact(store, uid, f.id, at, embedder=embedder):
            result.retracted.append(f)
    result.forgotten_episodes = erasure.forget_episodes(store, uid, [last.id])
    return result


#: Where a sentence of the news besides a request ends.
_NEWS_SENTENCE = re.compile(r"(?<=[.!?。！？;；\n])\s*")


def news_besides(request: str) -> str:
    """What a message says besides its forget request (graphmem.gate.forget_rest): its sentences
    that do not speak of the matter let go of, nor name another matter to let go of; "" when
    there are none."""
    req = topic_request(request)
    rest = rest_of(request, req) if req is not None else ""
    if not rest or req is None:
        return ""
    about = forget_topic.topic_of(req.topic, [], [])
    others = [request[at:].split(",")[0].strip(" ,，") for at, _ in also_requests(request, req)]
    kept = [
        s
        for s in _NEWS_SENTENCE.split(rest)
        if s.strip() and not forget_topic.says_topic(s, about) and not any(o and o in s for o in others)
    ]
    return " ".join(s.strip() for s in kept)


def erase_requests(
    store: Store, uid: str, request: str, candidates: list[Candidate], at: datetime, embedder: Embedder
) -> RememberResult:
    """`erase_request` for the matter a request names first and for each other matter it joins
    to it ("forget my tablets, and also the bit about my cousin's marriage"), as one result."""
    result = erase_request(store, uid, request, candidates, at, embedder)
    req = topic_request(request)
    for _, other in also_requests(request, req) if req is not None else []:
        more = erase_request(store, uid, other, [], at, embedder)
        result.retracted += more.retracted
        result.forgotten_episodes += more.forgotten_episodes
    if result.retracted or result.forgotten_episodes:
        result.ignored = [i for i in result.ignored if i.reason != "nothing_to_forget"]
    return result


def with_news(request: RememberResult, news: RememberResult) -> RememberResult:
    """One result for a message that made a forget request and told news besides: what was
    erased, and what the news added, under the news's message."""
    request.added += news.added
    request.superseded += news.superseded
    request.reinforced += news.reinforced
    request.kept_frozen += news.kept_frozen
    request.retracted += news.retracted
    request.forgotten_episodes += news.forgotten_episodes
    request.ignored += news.ignored
    request.episode_id = news.episode_id
    request.usage = {**request.usage, **news.usage}
    return request
