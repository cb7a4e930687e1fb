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

from graphmem.model import Candidate, Ignored

from .common import State, zh_pos
from .context import ExtractContext, Extractor, ExtractOutput, KnownEntity, LazyFacts
from .relations import RELATION_WORDS, relation_of, relation_words

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


class RuleExtractor:
    """Offline extractor for Chinese and English. Stateless between calls; safe to share."""

    name = "rules"
    #: The engine passes active facts only to extractors that ask; rules use them to place
    #: bare corrections ("不是四川，是重庆") and to name what "我离职了" retracts.
    needs_active_facts = True

    def warm(self) -> None:
        """Load jieba's dictionaries, import spaCy and build its two blank pipelines and matchers
        now instead of on the first message: once per process, one to a few seconds."""
        from . import nlp

        zh_pos("的")
        nlp.warm()

    def extract(self, sentences: list[str], context: ExtractContext | None = None) -> ExtractOutput:
        from . import rules_en, rules_zh  # compiled on first use: `get`/`facts` never need them

        context = context or ExtractContext()
        state = State(context)
        candidates: list[Candidate] = []
        ignored: list[Ignored] = []
        for sentence in sentences:
            text = (sentence or "").strip()
            if not text:
                continue
            rules = rules_zh if detect_language(text) == "zh" else rules_en
            for piece in rules.pieces(text):
                found = rules.extract_sentence(piece, state)
                if found:
                    candidates.extend(found)
                else:
                    ignored.append(Ignored(piece, "nothing_memorable"))
        return ExtractOutput(candidates=candidates, ignored=ignored)
