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
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import tomllib

from graphmem.lang.lexicons import word_list

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
_PATTERN_WORD = re.compile(r"(?<![\\?<$])\b[a-z]{4,}\b")
_PATTERN_STEM = re.compile(r"(?<![\\?<$])\b[a-z]{3,}")  # a literal word or the stem before a group
_GROUP_NAME = re.compile(r"\(\?P<\w+>|\$\{\w+\}|\(\?P=\w+\)")


def _read(language: str, name: str) -> str:
    return resources.files("graphmem.lang").joinpath(language).joinpath(name).read_text(encoding="utf-8")


def _toml(language: str, name: str) -> dict[str, Any]:
    return tomllib.loads(_read(language, name))


def _alternation(words: list[str], escape: bool = True) -> str:
    parts = sorted((re.escape(w) if escape else w for w in words), key=len, reverse=True)
    return "(?:" + "|".join(parts) + ")"


@dataclass(frozen=True)
class _Typos:
    """Repair of a token against the cue vocabulary, by the symmetric-delete method: every
    vocabulary word and every token is reduced to its forms with one or two letters deleted;
    a token meets its candidates where the forms meet, then the true edit distance decides."""

    words: frozenset[str]  # common words: never repaired
    vocabulary: frozenset[str]
    uses: dict[str, int]  # how often the pack's rules use each vocabulary word
    deletes: dict[str, frozenset[str]]  # a form with letters deleted -> the vocabulary words it comes from
    min_letters: int
    long_from: int
    #: a cue word with its vowels left out, as chat shortens it ("wrk", "mvd") -> the word
    shorthand: dict[str, str]
    #: words after which a lower-case word is a name ("my ex jake"), never repaired
    name_leads: frozenset[str] = frozenset()
    #: words that follow a name lead without being a name ("my ex is")
    not_names: frozenset[str] = frozenset()
    #: words after which a lower-case word is a place ("in leeds"), never repaired
    place_leads: frozenset[str] = frozenset()

    def is_name_after_lead(self, word: str, verb_possible: bool = True) -> bool:
        """`verb_possible`: the word could be a verb or an adverb where it stands ("my dog
        barks"); not so before an age ("im tomas, 23"), where a name ending like a verb's
        form is still a name."""
        w = word.lower()
        return not (
            re.search(r"[a-z]'(?:t|s|re|ve|ll|d|m)$", w) is not None  # "doesn't", "she's": never a name
            or w in self.not_names
            or w in self.vocabulary
            or w in self.shorthand
            or len(w) < 3
            or (verb_possible and self._verb_like(w))
        )

    def _verb_like(self, w: str) -> bool:
        """A verb's or an adverb's form of a common word ("barks", "loved", "eating", "really"),
        not a name that only ends like one (Rufus, Ted)."""
        stems = {
            "s": [w[:-1]],
            "es": [w[:-2]],
            "ed": [w[:-2], w[:-1]],
            "ing": [w[:-3], w[:-3] + "e"],
            "ly": [w[:-2]],
        }
        return any(
            w.endswith(end) and any(stem in self.words or stem in self.vocabulary for stem in candidates)
            for end, candidates in stems.items()
        )

    def repair(self, token: str) -> str | None:
        if token in self.shorthand and token not in self.words:
            return self.shorthand[token]
        if token.endswith("in") and len(token) >= 5 and token.isalpha() and token.islower():
            # a cue verb's -ing typed as chat says it ("livin", "workin"), which the word list
            # knows too; only cue words, as "raisin" is no "raising"
            full = token + "g"
            if full in self.vocabulary:
                return full
        if (
            len(token) < self.min_letters
            or len(token) > _LONGEST_SLIP  # no cue word is that long; its deletions would cost seconds
            or not token.isalpha()
            or not token.islower()
            or token in self.words
            or token in self.vocabulary
            # an inflected form of a word it knows ("crosswords", "hikes", "baked") is no slip
            or any(token.endswith(e) and token[: -len(e)] in self.vocabulary for e in ("s", "es", "ed", "d"))
        ):
            return None
        limit = 1 if len(token) < self.long_from else 2
        near: set[str] = set()
        for form in _deletes(token, limit):
            near |= self.deletes.get(form, frozenset())
        best, best_d = [], limit + 1
        for word in near:
            d = _distance(token, word, limit)
            if d < best_d:
                best, best_d = [word], d
            elif d == best_d:
                best.append(word)
        if best_d == 2:
            # Two edits reach far ("allergist" is two from "allergic"): only a word kept at both
            # ends, which is how long words are mistyped, not how other words differ.
            best = [w for w in best if w[0] == token[0] and w[-1] == token[-1]]
        if best_d > limit or not best:
            return None
        if len(best) == 1:
            return best[0]
        # Equally near two cue words: the one the rules use far more often (living over
        # loving) is the likelier meaning; otherwise ambiguous, so no repair.
        ranked = sorted(best, key=lambda w: self.uses.get(w, 0), reverse=True)
        first, second = (self.uses.get(w, 0) for w in ranked[:2])
        return ranked[0] if first >= _CLEAR_LEAD * max(second, 1) else None


_INNER_VOWELS = re.compile(r"(?<=.)[aeiou]")


def _shorthand(vocabulary: frozenset[str], uses: Counter[str]) -> dict[str, str]:
    """Each cue word's form without its vowels after the first letter ("work" -> "wrk"), when
    that leaves three letters or more and drops one at least; a form two words share goes to
    the one the rules use far more often, or to neither."""
    forms: dict[str, list[str]] = {}
    for word in vocabulary:
        short = _INNER_VOWELS.sub("", word)
        if len(short) >= 3 and short != word:
            forms.setdefault(short, []).append(word)
    out = {}
    for short, words in forms.items():
        ranked = sorted(words, key=lambda w: uses.get(w, 0), reverse=True)
        if len(ranked) == 1 or uses.get(ranked[0], 0) >= _CLEAR_LEAD * max(uses.get(ranked[1], 0), 1):
            out[short] = ranked[0]
    return out


def _deletes(word: str, depth: int) -> set[str]:
    out, frontier = {word}, {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        out |= frontier
    return out


def _distance(a: str, b: str, limit: int) -> int:
    """Edit distance with adjacent transpositions (optimal string alignment), or limit + 1 past it."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


#: The longest token the typo repair reads: past it a token is no slip of a cue word, and the
#: forms with two letters deleted grow with the square of its length.
_LONGEST_SLIP = 24
#: How many times more often the rules must use one of two equally near cue words for a
#: typo to be read as that one.
_CLEAR_LEAD = 3


@cache
def cue_vocabulary(language: str) -> frozenset[str]:
    """The lower-case words (four letters or more) a pack's rules are written in: the literal
    words of its patterns and fragments, its examples' words that a pattern spells (or its
    stem), and the handlers' lexicon words and name leads listed in `normalise.toml`."""
    return frozenset(cue_word_uses(language))


def cue_word_uses(language: str) -> Counter[str]:
    """`cue_vocabulary`'s words, each with how often the pack's patterns and examples use it."""
    pack = _toml(language, "pack.toml")
    texts: list[str] = []
    examples: list[str] = []

    def flat(v: object) -> str:
        return "".join(v) if isinstance(v, list) else str(v)

    texts += [flat(v) for v in _toml(language, "fragments.toml").get("fragments", {}).values()]
    for table in pack.get("tables", ()):
        for rule in _toml(language, f"{table}.toml").get("rule", ()):
            texts.append(flat(rule.get("pattern", "")))
            examples += rule.get("examples", ())
    found = Counter(w for t in texts for w in _PATTERN_WORD.findall(_GROUP_NAME.sub(" ", t)))
    stems = {
        w[:k]
        for t in texts
        for w in _PATTERN_STEM.findall(_GROUP_NAME.sub(" ", t))
        for k in range(3, len(w) + 1)
    }
    # An example's word counts when a pattern spells it or its stem ("moving" for "mov(?:e|ing)"):
    # the examples' values ("soda", "kefir") are what users say, not cue words, and a typo
    # target made of them would turn a user's "soba" into "soda".
    found.update(
        w
        for e in examples
        for w in _WORD.findall(e)
        if w.islower() and len(w) >= 4 and "'" not in w and any(w[:k] in stems for k in range(3, len(w) + 1))
    )
    typos = _toml(language, "normalise.toml").get("typos", {})
    found.update(
        w
        for w in [*typos.get("lexicon_targets", ()), *typos.get("name_leads", ())]
        if len(w) >= 4 and w.isalpha()
    )
    return found


@dataclass(frozen=True)
class Normaliser:
    language: str
    lead_phrases: re.Pattern[str]
    lead_marked: re.Pattern[str]
    lead_keeps: re.Pattern[str]
    lead_max: int
    lead_talk: re.Pattern[str] | None  # a marked lead must hold one of these (Chinese), or None
    fillers: re.Pattern[str]
    typos: _Typos | None
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
        if before and before[1].lower() in typos.place_leads:
            return m[0]  # "grew up in leeds": a place, never a slip of "needs"
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
            rf"(?P<subj>{subject})(?P<sep>)(?:{_alternation(plain)}|是(?=(?:{_alternation(plain)})*{emphatic}))+"
        )
    typos = None
    if "typos" in data:
        t = data["typos"]
        # common words and the pack's places ("leeds" is no slip of "needs"): never repaired
        words = word_list(language, "words") | word_list(language, "places")
        uses = cue_word_uses(language)
        vocabulary = frozenset(uses) - set(t.get("not_targets", ()))
        index: dict[str, set[str]] = {}
        for word in vocabulary:
            for form in _deletes(word, 1 if len(word) < t["long_from"] else 2):
                index.setdefault(form, set()).add(word)
        typos = _Typos(
            words,
            vocabulary,
            {w: uses[w] for w in vocabulary},
            {k: frozenset(v) for k, v in index.items()},
            t["min_letters"],
            t["long_from"],
            _shorthand(vocabulary, uses),
            frozenset(t.get("name_leads", ())),
            frozenset(t.get("not_names", ())),
            frozenset(t.get("place_leads", ())),
        )
    mid_asides = re.compile(
        rf"(?P<mark>[,;，；—–]\s*)(?:{b}(?:{phrases}|{_alternation(plain)}){e}[\s,，]*)+(?={subjects}{e})",
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
    )  # fmt: skip


def normalise(text: str, language: str) -> str:
    """`text` as the rules should read it (see the module's docstring)."""
    return normaliser(language)(text)
