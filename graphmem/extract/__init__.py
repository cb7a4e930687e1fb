"""Extractors turn gated sentences into Candidates (entity–attribute–value proposals).

`RuleExtractor` is the offline one: regular expressions over Chinese and English
with small lexicons and gazetteers, plus spaCy `Matcher` patterns over blank `en`/`zh`
pipelines for time expressions (nlp.py); no trained model and no network. The engine can swap
in any object that satisfies `Extractor` (the LLM extractor does) and falls back
to rules when that fails.

    from graphmem.extract import RuleExtractor, ExtractContext
    out = RuleExtractor().extract(["我儿子叫乐乐。"], ExtractContext())
    out.candidates[0]  # Candidate(attribute="child", value="乐乐", qualifier="son", ...)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial

from graphmem.extract import fragments
from graphmem.extract.allergens import avoided
from graphmem.extract.antecedents import named_by_pronoun, owner_left_out
from graphmem.extract.arrivals import arrival, residence
from graphmem.extract.changes import age_by_birthday_number
from graphmem.extract.common import State, strip_item_mark, zh_pos
from graphmem.extract.diet_ended import diet_ended
from graphmem.extract.discourse import MessageReader
from graphmem.extract.job_start import employer_by_start
from graphmem.extract.language_use import languages_used
from graphmem.extract.not_statements import daydream, task_material_from, without_task_material
from graphmem.extract.pets_by_breed import pets_named_by_breed
from graphmem.extract.protocol import ExtractContext, Extractor, ExtractOutput, KnownEntity, LazyFacts
from graphmem.extract.relations import RELATION_WORDS, relation_of, relation_words
from graphmem.extract.respelled import respelled
from graphmem.extract.said_loosely import said_loosely
from graphmem.extract.taste_turned import taste_turned
from graphmem.extract.work_talk import employer_by_work_talk
from graphmem.lang import Pack, Trace
from graphmem.model import Candidate, Ignored
from graphmem.text.enumeration import enumeration

__all__ = [
    "RELATION_WORDS",
    "ExtractContext",
    "ExtractOutput",
    "Extractor",
    "KnownEntity",
    "LazyFacts",
    "RuleExtractor",
    "detect_language",
    "relation_of",
    "relation_words",
]


_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?")


def detect_language(text: str) -> str:
    """'zh' or 'en'. Mixed text goes by which script carries more of it (CJK characters
    against Latin words), ties by the script it starts in: "我在Google做PM" is Chinese,
    "I love 火锅" English."""
    cjk = len(_CJK.findall(text))
    if not cjk:
        return "en"
    latin = len(_LATIN_WORD.findall(text))
    if cjk != latin:
        return "zh" if cjk > latin else "en"
    first = next((ch for ch in text if ch.isalpha()), "")
    return "zh" if _CJK.match(first) else "en"


#: The most candidates the rules read from one message. A chat turn yields a few (the
#: longest turns of the evaluation sets, five; of the LoCoMo conversations, six); a pasted
#: document can yield hundreds, each costing extraction, arbitration and writes, so past
#: this many the rest of the message is not read for facts. 32 is five times the longest
#: turn seen and half the cost of a long message at 64. Nothing is lost: the message is
#: kept whole as its episode (found by BM25 and by vector like any other), and each
#: sentence left unread is reported in the result's `ignored` as "candidate_cap". Sentences
#: the gate hands over lazily (graphmem.gate.GatedSentences) are not noise-gated past the
#: cap either: nothing reads them.
MAX_CANDIDATES = 32


_LETTERS = re.compile(r"[A-Za-z\u4e00-\u9fff]")


def _before(whole: Callable[[], str], piece: str, fallback: str) -> str:
    """The message up to `piece`, or `fallback` where the piece was rewritten past finding."""
    text = whole()
    at = text.find(piece)
    return text[:at] if at >= 0 else fallback


class RuleExtractor:
    """Offline extractor for Chinese and English. Stateless between calls; safe to share.

    `max_candidates` bounds what one call reads (MAX_CANDIDATES by default): once a
    sentence brings the candidates to it, the sentences after it are ignored as
    "candidate_cap"."""

    name = "rules"
    #: The engine passes active facts only to extractors that ask; rules use them to place
    #: bare corrections ("不是四川，是重庆") and to name what "我离职了" retracts.
    needs_active_facts = True

    def __init__(self, max_candidates: int = MAX_CANDIDATES, packs: Mapping[str, Pack] | None = None) -> None:
        self.max_candidates = max_candidates
        #: Language packs read instead of the shipped ones, by language ("en", "zh"): a test
        #: that places a rule, or a caller with rules of its own.
        self.packs = dict(packs or {})

    def warm(self) -> None:
        """Load jieba's dictionaries, import spaCy and build its two blank pipelines and matchers,
        and compile the rules, now instead of on the first message: once per process, one to
        a few seconds."""
        from graphmem.extract import nlp, rules_en, rules_zh  # noqa: F401 - their patterns compile on import
        from graphmem.lang import normalise

        zh_pos("的")
        nlp.warm()
        normalise.normaliser("en"), normalise.normaliser("zh")

    def extract(
        self, sentences: Sequence[str], context: ExtractContext | None = None, *, trace: Trace | None = None
    ) -> ExtractOutput:
        """The candidates of `sentences`, each carrying the id of the rule that made it.
        `trace` (for `explain`) collects, piece by piece, what was read, which rules matched
        and declined, and what each piece yielded."""
        from graphmem.extract import (  # compiled on first use: `get`/`facts` never need them
            rules_en,
            rules_zh,
        )

        context = context or ExtractContext()
        state = State(context)
        state.packs, state.trace = self.packs, trace
        reader = MessageReader(state)  # the talk around each statement, and the cues it carries
        candidates: list[Candidate] = []
        ignored: list[Ignored] = []
        unread_pieces: dict[str, list[str]] = {}  # the pieces no rule read, by language
        read_pieces: dict[str, list[str]] = {}  # and the ones rules read

        def message_text() -> str:
            """The whole message, none of it gated (a GatedSentences gates as it is read)."""
            whole = getattr(sentences, "text", None)
            return whole() if whole else "\n".join(x or "" for x in sentences)

        last_lang = ""  # the language of the last sentence with letters
        said = ""  # the pieces read so far, where a pronoun's relation is looked for first
        task_at: int | None = None  # where the material of a task for the assistant starts (-1: none)
        listed: bool | None = None  # the message is a list of marked items (read once, when needed)
        inline = False  # … typed on one line ("1.叫我小林 2.28岁")
        for i, sentence in enumerate(sentences):
            text = (sentence or "").strip()
            if not text:
                continue
            if len(candidates) >= self.max_candidates:
                unread = getattr(sentences, "unread", None)  # a GatedSentences: the rest stays ungated
                rest = unread(i) if unread is not None else sentences[i:]
                ignored += [Ignored(s.strip(), "candidate_cap") for s in rest if s and s.strip()]
                break
            # a sentence of digits alone ("26。" in "26。厦门。药剂师。") is in the message's language
            if _LETTERS.search(text):
                lang = last_lang = detect_language(text)
            else:  # the language of the sentence before, else of the whole message
                lang = last_lang or detect_language(message_text())
            rules = rules_zh if lang == "zh" else rules_en
            if listed is None:
                listed = fragments.listed(message_text())
                inline = listed and bool(enumeration(message_text()))
            if listed:  # "2. 27" in a numbered list: the item, not the number of it
                text = strip_item_mark(text, inline)
            for piece in rules.pieces(text):
                # "她叫小满" after "我女儿…": the name is the daughter's
                # (looked for in the whole message before it: "捡了一只小猫" passes no gate)
                piece = named_by_pronoun(
                    piece, partial(_before, message_text, piece, said), context.earlier, lang == "zh"
                )
                if lang == "en":  # "partner's called Sam": the user's partner
                    piece = owner_left_out(piece)
                # "Pip (my beagle) …", "nora lost … my daughter …", an answer to "what's your dog's name?"
                as_said, piece = piece, said_loosely(piece, message_text, context.asked, lang == "zh")
                said += piece + "\n"
                if dream := daydream(piece, lang):  # "if I won the lottery I'd…": nothing of it is so
                    ignored.append(Ignored(dream[0], "hypothetical"))
                    if not dream[1]:
                        continue
                    piece = dream[1]  # "…, 哈哈做梦呢 明天还得在广州上班": back to what is
                if task_at is None:
                    task_at = task_material_from(message_text()) or -1
                if task_at >= 0:  # "translate this: 'I live in …'": the material is no statement
                    piece, material = without_task_material(piece, message_text(), task_at)
                    if material:
                        ignored.append(Ignored(material, "task_material"))
                    if not piece:
                        continue
                if trace is not None:
                    trace.begin(i, piece)
                found = reader.read(piece, lang, rules)
                if piece != as_said:  # what was said stays the provenance of what its rewrite read
                    found = [
                        c if c.source_text in as_said else replace(c, source_text=as_said) for c in found
                    ]
                if trace is not None:
                    trace.found(found)
                if found:
                    candidates.extend(found)
                    read_pieces.setdefault(lang, []).append(piece)
                else:
                    ignored.append(Ignored(piece, "nothing_memorable"))
                    unread_pieces.setdefault(lang, []).append(piece)
        for lang in sorted({*unread_pieces, *read_pieces}):  # "31. seattle. nurse.": a profile as fragments
            shipped = rules_zh.PACK if lang == "zh" else rules_en.PACK
            got, used = fragments.read(
                unread_pieces.get(lang, []),
                lang,
                state,
                shipped,
                listed=bool(listed),
                # Chinese chat strings its clauses ("我28，高铁乘务员"): their fragments too
                read=read_pieces.get(lang, []) if lang == "zh" else (),
                known=candidates,
            )
            candidates.extend(got)
            if trace is not None:
                trace.found_later(got)
            ignored = [x for x in ignored if not (x.reason == "nothing_memorable" and x.text in used)]
        if read_pieces or unread_pieces:
            lang = last_lang or detect_language(message_text())
            # "Denver's altitude is brutal, week two here": a move said sideways; "no peanuts
            # (deathly allergic)": an allergy said by what to keep away
            later = arrival(message_text(), lang, candidates, state) + avoided(
                message_text(), lang, candidates
            )
            later += residence(message_text(), lang, candidates + later, state)
            later += languages_used(message_text(), lang, candidates + later)
            later += employer_by_start(message_text(), lang, candidates + later, state)
            later += age_by_birthday_number(message_text(), lang, candidates + later, state)
            later += respelled(message_text(), lang, candidates + later, state)
            later += employer_by_work_talk(message_text(), lang, candidates + later, state)
            later += pets_named_by_breed(message_text(), lang, candidates + later, state)
            # a meatless diet ended, a dislike turned to a liking, told by a story around them
            later += diet_ended(message_text(), lang, candidates + later, state)
            later += taste_turned(message_text(), lang, candidates + later, state)
            candidates.extend(later)
            if trace is not None and later:
                trace.found_later(later)
        return ExtractOutput(candidates=candidates, ignored=ignored)
