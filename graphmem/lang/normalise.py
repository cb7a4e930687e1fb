"""Text normalisation before the rule tables: what a chat message wraps a statement in, and
the slips in the words the rules key on, taken off so the rules read the statement.

    "random but, I'm lol seriously vegan now"   -> "I'm vegan now"
    "im alergic to shellfish"                    -> "im allergic to shellfish"
    "对了，我真的是35岁"                           -> "我是35岁"

Three steps, each driven by the pack's own data (graphmem/lang/<language>/normalise.toml):

- lead-ins: a run of lead phrases at the start, or a few words before a mark (",", ":", "—")
  that hold no first person, no condition, report, time or negation, when the statement
  after the mark starts with the speaker ("<aside>, I'm …", "<aside>：我…"); lead phrases
  and fillers after a mark inside the message, before the speaker (", honestly I'm …");
  an opener that stands for the speaker ("guess who just …") read as "I"; a lead of
  precision at the start or after any mark (", more specifically at …", "，具体是在…");
- fillers: stance adverbs and chat interjections right after the subject ("I'm really 29",
  "我真的是35岁");
- typos (English): a lower-case token that is no common word (words.txt) and lies one edit
  (4-8 letters) or two (9 or more, the first and last letters kept) from exactly one word of
  the pack's cue vocabulary, the words its rule patterns and examples are written in, becomes
  that word; so does a token that is a cue word with its vowels left out ("wrk", "mvd").

The original text is not changed: the extractor reads the normalised text and keeps the
piece as said for provenance, and the message is kept whole as its episode. Chinese has no
typo step: its slips are homophones (an input method's choice), which need a reading of
each character that no shipped dependency gives; nothing is repaired there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import tomllib

from graphmem.lang.typos import Typos, typos_of

__all__ = ["Normaliser", "normalise", "normaliser"]

_MARK_EN = r"\s*(?:,|:|;|—|–|\s-)\s*"
_MARK_ZH = r"\s*[，,：:；;—]\s*"
_FIRST_PERSON_EN = frozenset(
    {"i", "i'm", "im", "i've", "i'd", "i'll", "me", "my", "mine", "we", "we're", "our", "us"}
)
_LONE_I = re.compile(r"(?<![\w'.])i(?=\s|'[a-z]|$)")
#: Up to three lower-case words before the speaker, with no mark: "found out I'm …".
_LEAD_UNMARKED_EN = re.compile(r"^(?P<lead>(?:[a-z]+\s+){1,3}?)(?=(?:I'm|I am|I've|I have)\b)")
_WORD = re.compile(r"[A-Za-z][a-z]*(?:'[a-z]+)?")
_LAST_WORD = re.compile(r"(?<![A-Za-zé])([A-Za-zé]+)\.?\s+$")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_CJK_LATIN_SPACE = re.compile(
    r"(?<=[\u4e00-\u9fff])\s+(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])\s+(?=[\u4e00-\u9fff])"
)
_SHOUTED = re.compile(r"[A-Z]{2,}(?:\W+[A-Z]{2,}){2,}")


def _shout_lowered(text: str) -> str:
    """A piece shouted in capitals ("GUESS WHO GOT PROMOTED TO SENIOR ENGINEER") as if typed in
    lower case, which the rules read; a word or two in capitals ("its JEN not jon") stays."""
    if not _SHOUTED.search(text) or re.search(r"[a-z]", text):
        return text
    return re.sub(r"\bi\b", "I", text.lower())


#: A name typed in lower case where a name is given: after "my name is" / "call me", or after
#: "I'm" when an age follows ("i'm marisol, 29").
_INTRO_NAME_EN = re.compile(
    r"\b(?:my name is|my name's|names|name's|call me|i go by|i'm|im|i am|(?:hey+|hi+|hiya|heya|hello+|yo+)[,!]*\s+(?:it's|its|this is))"
    r"\s+(?P<name>[a-z][a-z'-]{2,})"
    r"(?=\s*(?:,\s*\d{1,2}\b|\(\d{1,2}|\s\d{1,2}\b))"
    r"|\b(?:my name is|my name's|name's|names|call me|i go by|(?:hey+|hi+|hiya|heya|hello+|yo+)[,!]*\s+(?:it's|its|this is)|(?:her|his|its) name is|(?:her|his) name's|(?:her|his) names)"
    r"\s+(?P<name2>[a-z][a-z'-]{2,})\b"
    # "its jon, need help": who is writing, when the greeting went before (a name, then a mark)
    r"|^(?:it's|its|this is)\s+(?P<name3>[a-z][a-z'-]{2,})(?=\s*(?:[,!.~]|$|here\b))",
    re.I,
)


def _read(language: str, name: str) -> str:
    return resources.files("graphmem.lang").joinpath(language).joinpath(name).read_text(encoding="utf-8")


def _toml(language: str, name: str) -> dict[str, Any]:
    return tomllib.loads(_read(language, name))


def _alternation(words: list[str], escape: bool = True) -> str:
    parts = sorted((re.escape(w) if escape else w for w in words), key=len, reverse=True)
    return "(?:" + "|".join(parts) + ")"


#: The words before "to" that make what follows a thing one reacts to, never a place.
_REACTS_TO = re.compile(r"\b(?:allergic|alergic|allergy|intolerant|sensitive|reaction)\s+$", re.I)


@dataclass(frozen=True)
class Normaliser:
    language: str
    lead_phrases: re.Pattern[str]
    lead_marked: re.Pattern[str]
    lead_keeps: re.Pattern[str]
    lead_max: int
    lead_talk: re.Pattern[str] | None  # a marked lead must hold one of these (Chinese), or None
    fillers: re.Pattern[str]
    typos: Typos | None
    #: lead phrases and fillers after a clause's mark, before its subject: ", honestly I'm …"
    mid_asides: re.Pattern[str]
    #: openers that stand for the speaker ("guess who just …"), read as "I"
    speaker_phrases: re.Pattern[str] | None
    #: leads of precision at the start or after a mark ("，具体是在…", ", more specifically at …")
    precision_leads: re.Pattern[str] | None
    #: a lower-case Latin word after a Chinese name lead ("我老婆emily"), or None
    latin_names: re.Pattern[str] | None = None
    #: chat shorthand before a lower-case word ("v allergic") and what it stands for
    chat_words: re.Pattern[str] | None = None
    chat_full: dict[str, str] | None = None
    #: English words typed inside Chinese and the Chinese word the rules read ("mother tongue": 母语)
    code_switch: re.Pattern[str] | None = None
    code_switch_words: dict[str, str] | None = None
    #: how something came about, said anywhere and no part of what is said ("心血来潮", "一时兴起")
    asides: re.Pattern[str] | None = None
    #: net slang typed for a plain word ("偶家" 我家, "一枚" 一名), each with the word it stands for
    slang: tuple[tuple[re.Pattern[str], str], ...] = ()
    #: how a finding was come to, before the one it is of ("，倒是查出来我对猫毛过敏"), or None
    finding_leads: re.Pattern[str] | None = None

    def __call__(self, text: str) -> str:
        for pattern, plain in self.slang:
            text = pattern.sub(plain, text)
        if self.latin_names is not None:  # code-switched: "在 shopee 做 PM" -> "在Shopee做PM"
            text = _CJK_LATIN_SPACE.sub("", text)
            if _CJK.search(text):
                text = _CJK_LATIN_SPACE.sub("", self._code_switched(text))
            text = self.latin_names.sub(lambda m: m["lead"] + m["name"].capitalize(), text)
        elif self.language == "en":
            text = self._code_switched(_shout_lowered(text))
        out = self.mid_asides.sub(lambda m: m["mark"], self._lead(text))
        if self.precision_leads is not None:
            out = self.precision_leads.sub(lambda m: m["mark"], out)
        if self.finding_leads is not None:
            out = self.finding_leads.sub(lambda m: m["mark"], out)
        if self.speaker_phrases is not None:
            # "guess who's a senior associate now": the speaker and their "is" -> "I'm"
            out = self.speaker_phrases.sub(
                lambda m: "I'm " if m[0].strip().lower().endswith(("'s", "whos", " is")) else "I ", out
            )
        if self.chat_words is not None and self.chat_full is not None:
            full = self.chat_full
            out = self.chat_words.sub(lambda m: full[m[0].lower()], out)
        if self.typos is not None:
            # names first: a name said in an intro is no slip ("my name is hayes", not "hates")
            out = _INTRO_NAME_EN.sub(self._intro_name, out)
            out = _WORD.sub(self._repaired, out)
        out = self.fillers.sub(lambda m: m["subj"] + m["sep"], out)
        if self.asides is not None:
            out = self.asides.sub("", out)
        if self.language == "en" and "i" in out:
            out = _LONE_I.sub("I", out)  # "and i live in …": the subject the clause splitter knows
        return out if out.strip() else text

    def _code_switched(self, text: str) -> str:
        """`text` with the words of another language typed into it read as this one's
        ("我mother tongue是粤语": 我母语是粤语; "hablo español with my abuela": I speak Spanish…)."""
        if self.code_switch is None or not self.code_switch_words:
            return text
        words = self.code_switch_words
        return self.code_switch.sub(lambda m: words[" ".join(m[0].lower().split())], text)

    def _repaired(self, m: re.Match[str]) -> str:
        typos = self.typos
        if typos is None:
            return m[0]
        before = _LAST_WORD.search(m.string, max(0, m.start() - 24), m.start())
        if (
            before
            and before[1].lower() in typos.place_leads
            and not _REACTS_TO.search(m.string, max(0, before.start() - 24), before.start())
        ):
            # "grew up in leeds": a place, never a slip of "needs"; but what one is allergic
            # or intolerant to is a thing ("alergic to shelfish")
            return m[0]
        if before and before[1].lower() in typos.name_leads:
            # "my ex jake", "married daniel": a name, not a slip of "make"; typed in lower
            # case, it is given the capital the rules read names by
            word, lead = m[0], before[1].lower()
            named = lead in ("named", "called") and word.lower() not in typos.not_names  # always a name
            return (
                word[:1].upper() + word[1:]
                if word.islower() and (named or typos.is_name_after_lead(word))
                else word
            )
        return typos.repair(m[0]) or m[0]

    def _intro_name(self, m: re.Match[str]) -> str:
        group = "name" if m["name"] else "name2" if m["name2"] else "name3"
        name = m[group]
        # after "my name is", "call me" or an age the word is a name, even one ending like a
        # verb's form ("hayes"); after a greeting ("hey its …") it may be the verb ("raining")
        greeting = m[0][:1].lower() in "hy" or m[0].lower().startswith(("it", "this", "her", "his"))
        if (
            not name.islower()
            or self.typos is None
            or not self.typos.is_name_after_lead(name, verb_possible=greeting)
        ):
            return m[0]
        return m[0][: m.start(group) - m.start()] + name.capitalize()

    def _lead(self, text: str) -> str:
        for _ in range(3):  # "ok so, random but: I'm …": a lead-in may follow a lead-in
            m = self.lead_phrases.match(text)
            if m and m.end() < len(text):
                text = text[m.end() :]
                continue
            m = self.lead_marked.match(text)
            if (m is None or not self._aside(m["lead"])) and self.language == "en":
                m = _LEAD_UNMARKED_EN.match(text)
            if m is None or not self._aside(m["lead"]):
                return text
            text = text[m.end() :]
        return text

    def _aside(self, lead: str) -> bool:
        """Words before a mark that are only talk around the statement."""
        if self.lead_keeps.search(lead):
            return False
        if self.language == "en":
            words = lead.split()
            if len(words) == 1 and words[0][:1].isupper() or any(w[:1].isupper() for w in words[1:]):
                return False  # a name: "Raj, my cousin, works at …" is an apposition
            return (
                0 < len(words) <= self.lead_max
                and not any(w.strip(".,!?").lower() in _FIRST_PERSON_EN for w in words)
                and not re.search(r"\d", lead)
            )
        talk = self.lead_talk is None or bool(self.lead_talk.search(lead))
        return talk and 0 < len(lead) <= self.lead_max and "我" not in lead and not re.search(r"\d", lead)


@cache
def normaliser(language: str) -> Normaliser:
    """The normaliser of `language`, its lexicons read from the pack once."""
    data = _toml(language, "normalise.toml")
    en = language == "en"
    flags = re.IGNORECASE if en else 0
    b, e = (r"(?<![\w'])", r"(?![\w'])") if en else ("", "")
    phrases = _alternation(data["lead_phrases"])
    lead_phrases = re.compile(rf"^\s*{b}{phrases}{e}[\s,，:：!！.。—–-]*", flags)
    subjects = _alternation(data["lead_subjects"])
    # the statement after the mark starts with the speaker, or (English) with a verb in the
    # past, its subject left out as chat does ("big day, signed a lease in …")
    dropped_subject = (
        r"|(?:[a-z]{2,}(?<!e)ed|got|went|made|took|bought|left|quit|found|began|became|sold|won|lost)\b"
        if en
        else ""
    )
    lead_marked = re.compile(
        rf"^(?P<lead>[^,，:：;；—–.。!！?？]+?){_MARK_EN if en else _MARK_ZH}(?=(?:{subjects}{e}{dropped_subject}))",
        flags,
    )
    keeps = re.compile(b + _alternation(data["lead_keeps"]) + e, flags)
    plain = [f for f in data["fillers"] if f not in data.get("copula_only", ())]
    subject = _alternation(data["subjects"], escape=False)
    if en:
        copula = r"(?:I'm|I am|Im|we're|we are|my \w+(?: \w+)? is|my \w+(?: \w+)?'s)"
        fillers = re.compile(
            rf"(?<![\w'])(?P<subj>{copula}|{subject})(?P<sep>\s+)"
            rf"(?:(?:{_alternation(plain)}|(?<=(?:m|e|s) ){_alternation(data.get('copula_only', []))}),?\s+)+",
            flags,
        )
    else:
        emphatic = _alternation(data.get("emphatic_shi_before", []))
        fillers = re.compile(
            # a time word after the subject stays with it ("我现在是真的不爱吃甜的了")
            rf"(?P<subj>{subject}(?:现在|如今|最近|这阵子|这几年)?)(?P<sep>)"
            rf"(?:{_alternation(plain)}|是(?=(?:{_alternation(plain)})*{emphatic}))+"
        )
    typos = typos_of(language) if "typos" in data else None
    mid_asides = re.compile(
        rf"(?P<mark>[,;，；—–]\s*)(?:{b}(?:{phrases}|{_alternation(plain + data.get('mid_interjections', []))}){e}[\s,，]*)+(?={subjects}{e})",
        flags,
    )
    return Normaliser(
        language, lead_phrases, lead_marked, keeps, int(data.get("lead_max_words", data.get("lead_max_chars", 8))),
        re.compile(_alternation(data["lead_talk"])) if "lead_talk" in data else None, fillers, typos, mid_asides,
        re.compile(rf"^\s*{_alternation(data['speaker_phrases'])}\s+(?=\w)", flags) if "speaker_phrases" in data else None,
        re.compile(
            rf"(?P<mark>^|[,;，；：:—–]\s*){b}{_alternation(data['precision_leads'])}{e}[\s,，:：]*(?=\S)", flags
        ) if "precision_leads" in data else None,
        re.compile(
            rf"(?P<lead>{_alternation(data['latin_name_leads'])})(?P<name>[a-z][a-z'-]+)(?![A-Za-z])"
        ) if "latin_name_leads" in data else None,
        re.compile(
            rf"(?<![\w'/])(?:(?i:{_alternation(list(data['chat_words']))})(?=\s+[a-z]{{2,}})"
            # shorthand before a name too ("data eng @ Zapier", "outta Lisbon")
            + (rf"|(?i:{_alternation(list(data['chat_words_any']))})(?=\s+[A-Za-z])" if "chat_words_any" in data else "")
            + ")"
        ) if "chat_words" in data else None,
        {k.lower(): v for k, v in {**data.get("chat_words", {}), **data.get("chat_words_any", {})}.items()} or None,
        re.compile(
            r"(?<![A-Za-zÀ-ÿ])(?i:" + "|".join(
                r"\s+".join(map(re.escape, w.split())) for w in sorted(data["code_switch"], key=len, reverse=True)
            ) + r")(?![A-Za-zÀ-ÿ])"
        ) if "code_switch" in data else None,
        {" ".join(k.lower().split()): v for k, v in data.get("code_switch", {}).items()} or None,
        re.compile(_alternation(data["asides"])) if "asides" in data else None,
        tuple((re.compile(k), v) for k, v in data.get("slang", {}).items()),
        re.compile(
            rf"(?P<mark>^|[,;，；：:—–]\s*)(?:{_alternation(data['finding_before'])})*"
            rf"(?:{_alternation(data['finding_leads'])})(?={_alternation(data['finding_of'])})"
        ) if "finding_leads" in data else None,
    )  # fmt: skip


def normalise(text: str, language: str) -> str:
    """`text` as the rules should read it (see the module's docstring)."""
    return normaliser(language)(text)
