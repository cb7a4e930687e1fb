"""Typo repair for a pack's cue words (graphmem.lang.normalise's typo step): a lower-case
token that is no common word and lies one edit (short words) or two (long ones, first and last
letters kept) from exactly one word the pack's rules are written in becomes that word, and so
does a cue word typed with its vowels left out ("wrk", "mvd"). The vocabulary is read from the
pack's own patterns and examples, so a rule's words are repaired toward as the rule is added.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache

from graphmem.lang.engine import data
from graphmem.lang.lexicons import word_list

__all__ = ["Typos", "cue_vocabulary", "cue_word_uses", "typos_of"]

_WORD = re.compile(r"[A-Za-z][a-z]*(?:'[a-z]+)?")
_PATTERN_WORD = re.compile(r"(?<![\\?<$])\b[a-z]{4,}\b")
_PATTERN_STEM = re.compile(r"(?<![\\?<$])\b[a-z]{3,}")  # a literal word or the stem before a group
_GROUP_NAME = re.compile(r"\(\?P<\w+>|\$\{\w+\}|\(\?P=\w+\)")


@dataclass(frozen=True)
class Typos:
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
            # a verb's -ing typed as chat says it ("livin", "workin", "ridin"): a cue word's, or a
            # common word's when the token is none itself ("raisin" is no "raising")
            full = token + "g"
            if full in self.vocabulary or (full in self.words and token not in self.words):
                return full
        if (
            len(token) < self.min_letters
            or len(token) > _LONGEST_SLIP  # no cue word is that long; its deletions would cost seconds
            or not token.isalpha()
            or not token.islower()
            or token in self.words
            or token in self.vocabulary
            # an inflected form of a word it knows ("crosswords", "hikes", "baked") is no slip;
            # a bare -d only after an e ("baked"; "startd" is "started" mistyped)
            or any(token.endswith(e) and token[: -len(e)] in self.vocabulary for e in ("s", "es", "ed"))
            or (token.endswith("ed") and token[:-1] in self.vocabulary)
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
    pack = data(language, "pack.toml")
    texts: list[str] = []
    examples: list[str] = []

    def flat(v: object) -> str:
        return "".join(v) if isinstance(v, list) else str(v)

    texts += [flat(v) for v in data(language, "fragments.toml").get("fragments", {}).values()]
    for table in pack.get("tables", ()):
        for rule in data(language, f"{table}.toml").get("rule", ()):
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
    typos = data(language, "normalise.toml").get("typos", {})
    found.update(
        w
        for w in [*typos.get("lexicon_targets", ()), *typos.get("name_leads", ())]
        if len(w) >= 4 and w.isalpha()
    )
    return found


@cache
def typos_of(language: str) -> Typos:
    """The pack's typo repair (its `normalise.toml` [typos]), built once."""
    t = data(language, "normalise.toml")["typos"]
    # common words and the pack's places ("leeds" is no slip of "needs"): never repaired
    words = word_list(language, "words") | word_list(language, "places")
    # nor a chat word the dictionary lacks (the pack's `kept`: "floof", "pupper")
    words |= frozenset(t.get("kept", ()))
    uses = cue_word_uses(language)
    vocabulary = frozenset(uses) - set(t.get("not_targets", ()))
    index: dict[str, set[str]] = {}
    for word in vocabulary:
        for form in _deletes(word, 1 if len(word) < t["long_from"] else 2):
            index.setdefault(form, set()).add(word)
    return Typos(
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
