"""Shared parts of the rule extractor: place/organisation tests, subjects, per-call state,
candidates and the facts on record they are read against (the sentence post-pass is
graphmem.extract.post_pass; readings that need what is on record, graphmem.extract.on_record).

Rules in rules_zh / rules_en see a clause as (subject, predicate) and return
Candidates; everything that does not depend on the language lives here.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace

from graphmem.extract import nlp
from graphmem.extract.lexicon import (
    EN_BREEDS,
    EN_CITIES,
    EN_ORG_WORDS,
    EN_PLACES,
    ZH_BREEDS,
    ZH_KNOWN_ORGS,
    ZH_ORG_SUFFIXES,
    ZH_PLACES,
)
from graphmem.extract.protocol import ExtractContext
from graphmem.extract.relations import entity_type, relation_of
from graphmem.lang import Pack, Trace
from graphmem.model import SELF, Candidate
from graphmem.text.terms import cjk_words

# Emoji (with their joiners and variation selectors) end a thought as a full stop does; both
# rule sets turn them into one before the shared sentence splitter runs.
EMOJI = re.compile(r"[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\u3297\u3299\u200d\ufe0f]+")

# --- places and organisations ------------------------------------------------

#: (no pronoun, negation or copula inside: "我不是广州" ends in 州 and names no place)
_ZH_PLACE_SUFFIX = re.compile(
    r"^(?![我你他她它这那不没在])(?![^是的]*[是的])[\u4e00-\u9fff]{1,6}(?:省|市|县|区|镇|乡|村|州|盟|旗|岛)$"
)
_ZH_ORG_SUFFIX = re.compile("(?:" + "|".join(sorted(ZH_ORG_SUFFIXES, key=len, reverse=True)) + ")$", re.I)

_POS_TAGS: dict[str, str] | None = None
_POS_LOCK = threading.Lock()


def zh_pos(word: str) -> str | None:
    """jieba's dictionary part-of-speech tag for a whole word (no segmentation), loaded once."""
    global _POS_TAGS
    if _POS_TAGS is None:
        with _POS_LOCK:
            if _POS_TAGS is None:
                import jieba
                import jieba.posseg

                jieba.setLogLevel(logging.WARNING)
                _POS_TAGS = jieba.posseg.dt.word_tag_tab
    return _POS_TAGS.get(word)


def is_place_zh(text: str, *, loose: bool = False) -> bool:
    """A Chinese place name. `loose` also trusts jieba's `ns` tag, for contexts that already imply a place."""
    t = text.strip()
    if t in ZH_PLACES or _ZH_PLACE_SUFFIX.match(t):
        return True
    for sep in ("省", "市", "的"):
        head = t.split(sep, 1)[0]
        if head != t and head in ZH_PLACES and not is_org_zh(t):
            return True
    for n in (2, 3):  # 四川成都, 广东潮汕
        rest = t[n:]
        if t[:n] in ZH_PLACES and rest and (rest in ZH_PLACES or _ZH_PLACE_SUFFIX.match(rest)):
            return True
    return loose and 2 <= len(t) <= 5 and zh_pos(t) == "ns"


def is_org_zh(text: str) -> bool:
    t = text.strip()
    return t in ZH_KNOWN_ORGS or bool(_ZH_ORG_SUFFIX.search(t))


def is_place_en(text: str) -> bool:
    t = text.strip().rstrip(".").lower()
    if t in EN_PLACES or t in EN_CITIES:
        return True
    head = t.split(",", 1)[0].strip()
    return (head in EN_PLACES or head in EN_CITIES) and head != t


def is_org_en(text: str) -> bool:
    words = text.strip().lower().split()
    return bool(words) and (words[-1] in EN_ORG_WORDS or words[0] in EN_ORG_WORDS)


# --- numbers ----------------------------------------------------------------

# --- subjects and per-call state -------------------------------------------


@dataclass(frozen=True)
class Subject:
    """Who a clause is about: the user, or a named (or only related) third party."""

    name: str
    type: str = "self"
    relation: str | None = None
    named: bool = True  # False when only the relation word is known ("my daughter")

    @property
    def is_self(self) -> bool:
        return self.name == SELF


ME = Subject(SELF)


class State:
    """What one extract() call knows: context entities plus those introduced so far."""

    def __init__(self, context: ExtractContext):
        self.context = context
        self._names: dict[str, Subject] = {}
        self._sorted: list[str] | None = []  # the names, longest first; None: to sort again
        self._placeholders: set[str] = set()
        self.last_third: Subject | None = None
        self.last_pet: Subject | None = None
        self.last_clause = ""  # the clause before this one in the sentence (what "叫X" may name)
        self.last_topic = ""  # the last thing liked or disliked (what a later "it" / "戒了" means)
        # a pet just named ("家里有只柯基叫豆包"): what an age said alone after it is of
        self.pet_just_named: Subject | None = None
        self.sentence = ""  # the sentence being read (what a clause may point back into)
        self.allergy_talk = False  # the message is about allergies ("the only thing that came up was …")
        #: Language packs to read with instead of the shipped ones (a test placing a rule), by language.
        self.packs: dict[str, Pack] = {}
        self.trace: Trace | None = None  # what the rule tables did, when `explain` asks
        for ent in context.known_entities:
            self.add(ent.name, ent.type, ent.relation, aliases=ent.aliases, mention=False)

    def add(self, name: str, type_: str, relation: str | None, *, aliases=(), mention=True) -> Subject:
        subj = Subject(name, type_, relation)
        for n in (name, *aliases):
            if n and n != SELF:
                self._names[n.lower()] = subj
                if is_placeholder(n):
                    self._placeholders.add(n.lower())
        self._sorted = None  # sorted when next read: the user's known entities arrive all at once
        if mention:
            self.mention(subj)
        return subj

    def mention(self, subj: Subject) -> None:
        if subj.is_self:
            return
        self.last_third = subj
        if subj.type == "pet":
            self.last_pet = subj

    def pronoun(self, pet: bool = False) -> Subject | None:
        """Who 他/她/he/she (or 它 for `pet`) refers to: the last third party mentioned in this
        call, else the only known entity of that kind."""
        last = self.last_pet if pet else self.last_third
        if last is not None:
            return last
        kind = {
            s.name: s
            for s in self._names.values()
            if (s.type == "pet") == pet and s.type in ("person", "pet")
        }
        return next(iter(kind.values())) if len(kind) == 1 else None

    def by_relation(self, relation: str | None) -> list[Subject]:
        seen = {s.name: s for s in self._names.values() if relation and s.relation == relation}
        return list(seen.values())

    def one_partner(self, attribute: str) -> list[Subject]:
        """The named spouse or partner a word that says no more than that (对象, 那口子, partner)
        names: the one known under any word for that relation ("husband", "girlfriend")."""
        if attribute not in ("spouse", "partner"):
            return []
        seen = {
            s.name: s
            for s in self._names.values()
            if s.named and s.relation and (relation_of(s.relation) or ("",))[0] == attribute
        }
        return list(seen.values())

    def entity_at(self, text: str, *, word_boundary: bool) -> tuple[Subject, int] | None:
        """The known entity whose name or alias starts `text`, with the matched length."""
        low = text.lower()
        if self._sorted is None:
            self._sorted = sorted(self._names, key=len, reverse=True)
        for key in self._sorted:
            if not low.startswith(key):
                continue
            # English says "my cat", so there a bare "cat" (an entity still named by its
            # relation) is the animal in general, not the user's pet.
            mid_word = len(low) > len(key) and (low[len(key)].isalnum() or low[len(key)] == "_")
            if word_boundary and (key in self._placeholders or mid_word):
                continue
            return self._names[key], len(key)
        return None


@dataclass
class Ctx:
    """What a predicate rule sees besides its match: subject, source clause, call state."""

    subj: Subject
    src: str
    state: State
    has_time: bool = False  # a one-off time is mentioned ("next Tuesday", "下周三")
    explicit: bool = True  # the clause names its subject (False: dropped, inherited or assumed)
    past: bool = False
    times: frozenset[str] = frozenset()  # nlp labels found in the clause: TIME, RECUR, HABIT


#: A list item's mark at the start of a sentence ("- data analyst", "• 不吃香菜"): no part of it.
_BULLET = re.compile(r"^\s*[-•*·]\s+")
#: A numbered item's mark ("2. 现在在深圳"), read as one only in a message of several lines:
#: "29. denver. nurse." on one line starts with an age.
_NUMBERED = re.compile(r"^\s*(?:[-•*·]\s+|\d{1,2}[.)、](?:\s+|(?=[\u4e00-\u9fff])))")


#: A numbered item's mark in a list typed on one line ("1.叫我小林 2.28岁"): each sentence
#: there starts with its mark, glued to a number or not.
_INLINE_NUMBERED = re.compile(r"^\s*\d{1,2}(?:[.)、．）]|\ufe0f?\u20e3)\s*")


def strip_item_mark(sentence: str, inline: bool = False) -> str:
    """`sentence` without the mark of the list item it is ("2. 27", "- bookkeeper"); `inline`:
    the message is a numbered list typed on one line, where "2.28岁" is item 2, not 2.28."""
    return (_INLINE_NUMBERED if inline else _NUMBERED).sub("", sentence)


def list_items(sentences: list[str], text: str) -> list[str]:
    """`sentences` of `text` without the marks of the list items they are."""
    mark = _NUMBERED if "\n" in text.strip() else _BULLET
    return [mark.sub("", s) for s in sentences]


@dataclass(frozen=True)
class Said:
    """What a discourse rule (contrast, promotion, age) sees besides its match: what the user
    has on record, the message piece it came from, its language."""

    context: ExtractContext
    source: str
    lang: str
    #: The language rules' reading of another piece of the statement (a contrast reads the
    #: new value's clause with them: "penicillin is fine, I'm allergic to amoxicillin").
    reread: Callable[[str], list[Candidate]] | None = None


def time_ctx(subj: Subject, src: str, state: State, text: str, lang: str, time_rx: re.Pattern) -> Ctx:
    """A Ctx whose time facts come from the spaCy matcher, with the rule's regex as a second
    opinion for what tokenisation loses (jieba reads 我国庆 as 我国|庆)."""
    times = frozenset(nlp.time_labels(text, lang))
    return Ctx(subj, src, state, has_time=nlp.TIME in times or bool(time_rx.search(text)), times=times)


def habitual(ctx: Ctx, clause: str, habit_rx: re.Pattern) -> bool:
    """The clause states a habit or schedule ("every morning", "on weekdays", "每天", "平时")."""
    return bool(ctx.times & {nlp.HABIT, nlp.RECUR}) or bool(habit_rx.search(clause))


# --- candidates ---------------------------------------------------------------


def cand(attribute: str, value: str, subj: Subject, source: str, **kw) -> Candidate:
    """A Candidate about `subj`; the source clause is kept for provenance."""
    return Candidate(
        attribute=attribute,
        value=value.strip(),
        subject=subj.name,
        subject_type=subj.type,
        subject_relation=None if subj.is_self else subj.relation,
        source_text=source.strip(),
        **kw,
    )


def link(attribute: str, qualifier: str | None, name: str, source: str, owner: Subject = ME) -> Candidate:
    """The edge from the user (or `owner`) to a person or pet: child 乐乐 (son)."""
    return cand(attribute, name, owner, source, object_type=entity_type(attribute), qualifier=qualifier)


def names_word(text: str, value: str, lang: str) -> bool:
    """Whether `text` says `value` as a word of its own: in English a whole word, a plural too
    ("cats" for cat); in Chinese a part of the text, one character only as a word jieba cuts
    out (虾, never the 虾 of 龙虾)."""
    if lang == "en":
        stem = re.escape(value.lower().rstrip("s"))
        return re.search(rf"(?<![\w']){stem}(?:s|es)?(?![\w'])", text, re.I) is not None
    if value not in text:
        return False
    return len(value) > 1 or value in cjk_words(text)


def self_like(name: str) -> bool:
    """Whether a stored subject name stands for the user."""
    return name in (SELF, "", "我", "me", "user", "User")


def facts_with_value(context: ExtractContext, value: str, attribute: str | None = None):
    """Active facts whose value is, contains or is contained in `value` (case-insensitive)."""
    v = value.strip().lower()
    if len(v) < 2:
        return []
    out = []
    for fact in context.active_facts:
        fv = str(fact.value).lower()
        if attribute not in (None, "*") and fact.attribute != attribute:
            continue
        if fv == v or (len(fv) >= 2 and (v in fv or fv in v)):
            out.append(fact)
    return out


#: Attributes whose value is a person's name: one typed in capitals is emphasis ("its JEN"),
#: where an organisation's may be its name ("CVS").
# A hedged clause ("might move to Denver", "好像对芒果过敏") is a guess, not a statement: its
# candidates are inferences that cannot replace what the user stated (arbitrate.GUARD).
_HEDGE = re.compile(
    r"\b(?:might|may be|maybe|perhaps|probably|possibly|thinking (?:about|of)|considering|pretty sure|fairly sure|"
    r"I think|I guess|I suppose|not sure|not certain|hopefully|someday|at some point|if all goes well|kind of want|"
    r"could end up|wondering (?:if|whether)|toying with)\b|"
    r"可能|也许|大概|好像|似乎|估计|考虑|说不定|还没想好|没想好|没定|或许|如果|要是|不确定|八成|应该会|想着|琢磨",
    re.I,
)
HEDGED_CONFIDENCE = 0.5
_EMOJI = re.compile(r"[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\u200d\ufe0f]+")


def strip_emoji(text: str) -> str:
    """`text` without its emoji ("30 🎂" → "30 ")."""
    return _EMOJI.sub("", text)


def sentence_note(
    out: list[Candidate], sentence: str, *, unmatched: bool, about_self: bool
) -> list[Candidate]:
    """A sentence about the user with a clause that matched nothing ("我开车的时候不接电话，有急事
    就发微信语音"): keep the sentence whole as one note (the user's clause notes folded into it),
    so what was said is recalled with its context instead of in fragments, or not at all."""
    if not unmatched or not about_self:
        return out
    kept = [x for x in out if not (x.attribute == "note" and x.subject == SELF)]
    return [*kept, cand("note", sentence, ME, sentence)]


_ALLERGY_TALK = re.compile(
    r"allerg|skin[- ]prick|patch test|scratch test|(?:drug|food|oral|penicillin) challenge|过敏|皮试|点刺|斑贴",
    re.I,
)


def note_allergy_talk(state: State, sentence: str) -> None:
    """Remember, for the rest of the message, that it talks about allergies or an allergy test."""
    state.allergy_talk = state.allergy_talk or bool(_ALLERGY_TALK.search(sentence))


def allergy_results(m: re.Match, ctx: Ctx, split: re.Pattern) -> list[Candidate] | None:
    """'The only thing that came up was dust mites' / '结果只有尘螨是阳性': in a message about
    allergies, what a test found is an allergy; elsewhere (a COVID test) it is nothing."""
    if not ctx.state.allergy_talk:
        return None
    said = m["x"] or m.groupdict().get("x2") or ""
    vals = [v.strip(" .!,，。") for v in split.split(said)]
    return [cand("allergy", v, ctx.subj, ctx.src) for v in vals if v] or None


#: "pescatarian now I guess": a change said with a shrug after it is said all the same.
_SHRUG_AFTER_CHANGE = re.compile(
    r"\b(?:now|these days|nowadays|anymore|from now on)\W*(?:,\s*)?(?:I guess|I think|I suppose)\W*$"
    # "so I guess I'm just vegetarian now": the shrug before a change ending in "now"
    r"|^(?:so\s+|well\s+|welp\s+)?(?:I guess|I suppose|guess)\s+(?=(?:I'm|I am|im)\s+(?:just\s+|officially\s+)?[^,;]{2,30}\s+(?:now|these days|nowadays)\W*$)",
    re.I,
)


def hedged(clause: str) -> bool:
    return bool(_HEDGE.search(_SHRUG_AFTER_CHANGE.sub("", clause)))


def builtin(cands: list[Candidate], lang: str, name: str | None = None) -> list[Candidate]:
    """Candidates no table rule made, each given the id of the code path that did: `name`
    when given ("reply_style", "bare_correction"), else what it is: a relation link (the
    subject said as "my brother Tom"), an event or a note (the fallbacks when no rule
    matched). A table rule's id is kept."""

    def path(c: Candidate) -> str:
        if name:
            return name
        if c.object_type:
            return "relation_link"
        return c.attribute if c.attribute in ("note", "event") else "other"

    return [c if c.rule else replace(c, rule=f"{lang}.builtin.{path(c)}") for c in cands]


def is_placeholder(value: str) -> bool:
    """A link value that only says what someone is (女儿, cat, 柯基), not who."""
    return bool(relation_of(value)) or value in ZH_BREEDS or value.lower() in EN_BREEDS


#: Diets that exclude meat: eating meat (or eggs, or fish) again ends them.
PLANT_DIETS = frozenset({"素食", "纯素", "vegetarian", "vegan", "plant-based", "raw vegan"})
#: Ways of eating that leave out meat but not fish: meat ends them, fish does not.
FISH_ONLY_DIETS = frozenset({"pescatarian", "pescetarian", "鱼素", "海鲜素"})


def active_values(context: ExtractContext, attribute: str, subject: str = SELF) -> list[str]:
    """Values of the active facts of one attribute about `subject` (used when "我离职了" names no employer)."""
    return [
        str(f.value)
        for f in context.active_facts
        if f.attribute == attribute
        and (f.subject_name == subject or (subject == SELF and self_like(f.subject_name)))
    ]
