"""The life topics a forget may name in other words than the turns it means
(graphmem/lang/<language>/topics.toml): "forget the job hunt stuff" is also about
"interviewing at Hooli"; "the meds thing" about "been on sertraline" by the shape of a drug's
name; "the sneaker side hustle" about "flipping sneakers on the side" by two of its words.
graphmem.write.forget_topic makes a forget's keys of them."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations

from graphmem.lang import data
from graphmem.write.topic_words import says

__all__ = ["asked_only", "related_words", "topic_shapes", "word_pairs"]

_CJK = re.compile(r"[\u4e00-\u9fff]")


#: Words of an English topic phrase that name nothing of it.
_EN_FILLER_WORDS = frozenset(
    "the a an my our of about that this those these stuff thing things whole entire all with and to for on in from into"
    " over after before like just some any his her their your was were are old new".split()
)


def word_pairs(phrase: str) -> tuple[str, ...]:
    """An English topic of three or more words said in other words ("the sneaker side hustle":
    "flipping sneakers on the side"): any two of its words together, each in any of its forms."""
    words = [w for w in re.findall(r"[a-z][a-z'-]{2,}", phrase.lower()) if w not in _EN_FILLER_WORDS]
    if len(words) < 3:
        return ()
    return tuple(f"{a}&{b}" for a, b in combinations(dict.fromkeys(words), 2))


def related_words(phrase: str, lang: str) -> list[str]:
    """The other words of the life topic the phrase names (graphmem/lang/<language>/topics.toml):
    "the job hunt" is also "interviewing", "recruiter"; "换工作" also "面试", "看机会". A phrase
    that names a whole area ("the health stuff", "看病的事") takes the words of all its topics."""
    return list(dict.fromkeys(str(w) for g in _named_topics(phrase, lang) for w in g["words"]))


def asked_only(phrase: str, lang: str) -> bool:
    """Is the phrase only a word a request names a life topic by, too plain to say it in a turn
    ("my pay": "pay the rent" is no salary; "quitting": "quit sugar" is no job change)? Then its
    topic's words find the turns, the phrase itself does not."""
    low = phrase.lower().strip()
    topics = _named_topics(phrase, lang)
    asked = {str(w).lower() for g in topics for w in g.get("asked", [])}
    said = {str(w).lower() for g in topics for w in g["words"]}
    return low in asked and low not in said


def topic_shapes(phrase: str, lang: str) -> tuple[str, ...]:
    """The word shapes of the life topics the phrase names ("the meds thing": a drug's name
    by its ending, "sertraline"; 手术: 切了胆囊)."""
    return tuple(dict.fromkeys(str(x) for g in _named_topics(phrase, lang) for x in g.get("shapes", [])))


@lru_cache(maxsize=1024)
def _named_topics(phrase: str, lang: str) -> tuple[dict, ...]:
    """The life topics the phrase names, itself or as the area they belong to."""
    pack = data(lang, "topics.toml")
    groups = {str(g["id"]): g for g in pack.get("topic", [])}
    topics = {i: [str(w) for w in g["words"]] for i, g in groups.items()}
    out: list[dict] = []

    def named(words: list[str], reverse: bool) -> bool:
        return any(says(phrase, w) or (reverse and lang == "en" and says(w, phrase)) for w in words)

    def asked(group: dict) -> bool:
        # a word a request names the topic by is the phrase, its last word ("the spokane move"),
        # or (in Chinese) a part of it
        low = phrase.lower().strip()
        return any(
            low == str(w).lower() or low.endswith(" " + str(w).lower()) or (lang == "zh" and str(w) in phrase)
            for w in group.get("asked", [])
        )

    # "my pay" is asked of one topic: its word is not looked for inside others' ("pay back")
    reverse = not any(asked(g) for g in groups.values())
    for topic_id, words in topics.items():
        if named(words, reverse) or asked(groups[topic_id]):
            out.append(groups[topic_id])
    for area in pack.get("area", []):
        names = [str(n) for n in area["names"]]
        if _names_area(phrase, names):
            out.append({"words": names})
            out += [groups[str(topic_id)] for topic_id in area["topics"]]
    return tuple(out)


def _names_area(phrase: str, names: list[str]) -> bool:
    """Does the phrase name a whole area: one of its names, alone ("health", "钱") or, in
    Chinese, leading what else the phrase lists ("看病吃药", "身体方面")? A topic inside
    the area ("gut health", "欠钱") names only its own topic."""
    low = phrase.lower().strip()
    if low in names:
        return True
    return bool(_CJK.search(phrase)) and any(len(n) >= 2 and low.startswith(n) for n in names)
