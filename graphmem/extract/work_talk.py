"""Where one works, said by talk of the work there, not by "I work at X": "鹅厂福利是好，但架不住
天天改需求", "在美团天天被KPI追着跑，周末只想躺平".

No rule of the tables reads such a sentence; the message does. A sentence that names one known
company (graphmem.extract.lexicon ZH_KNOWN_ORGS, or a nickname of one) beside a word of one's
own work there (overtime, the year-end bonus, one's desk, colleagues: the pack's [work_talk]
`work` words) is the speaker's employer, when no employer is on record or read: a weak reading
never replaces one. Nothing is read of someone else's work, of a client or an interview, of a
job left, or of a sentence naming two companies.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from graphmem.extract.common import ME, State, active_values, builtin, cand, hedged
from graphmem.extract.frames import ORG_NICKNAMES, with_org_alias
from graphmem.extract.lexicon import ZH_KNOWN_ORGS
from graphmem.extract.relations import names_someone_else
from graphmem.lang import data
from graphmem.model import Candidate

#: Where a sentence ends, and where one of its clauses does.
_SENTENCES = re.compile(r"[。！？!?；;\n]+")
_CLAUSES = re.compile(r"[，,\s]+")


@lru_cache(maxsize=2)
def _words(lang: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The companies known by name or nickname, the words of one's work there, and what makes
    it someone else's or no job of the speaker's."""
    d = data(lang, "cues.toml")["work_talk"]
    names = sorted({*ZH_KNOWN_ORGS, *ORG_NICKNAMES}, key=len, reverse=True)
    org = re.compile("(?<![A-Za-z])(?:" + "|".join(map(re.escape, names)) + ")(?![A-Za-z])")
    return org, re.compile(d["work"], re.I), re.compile(d["not_mine"], re.I)


def employer_by_work_talk(text: str, lang: str, found: Sequence[Candidate], state: State) -> list[Candidate]:
    """The speaker's employer, read from talk of the work at one known company."""
    if lang != "zh" or any(c.attribute == "employer" for c in found):  # the rules read one (anyone's)
        return []
    org, work, not_mine = _words(lang)
    if not work.search(text):  # one scan first: most messages say nothing of the kind
        return []
    for sentence in _SENTENCES.split(text):
        named = {m.group(0) for m in org.finditer(sentence)}
        if len(named) != 1 or not work.search(sentence) or not_mine.search(sentence) or hedged(sentence):
            continue
        # someone else's work is said of them before or where the company is named ("老公在鹅厂
        # 天天加班", "周周，我发小，去华为上班"); someone named only after it ("…，老大假装没看见")
        # leaves the work one's own
        named_at = org.search(sentence)
        upto = _CLAUSES.search(sentence, named_at.end()) if named_at else None
        if names_someone_else(sentence[: upto.start()] if upto else sentence, lang):
            continue
        if active_values(state.context, "employer"):  # the facts on record, read only this far on
            return []
        return with_org_alias(
            builtin([cand("employer", named.pop(), ME, sentence.strip())], lang, "work_talk")
        )
    return []
