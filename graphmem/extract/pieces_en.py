"""What the English rules read, one piece at a time (graphmem.extract.rules_en reads each piece):
emoji become full stops, a name's aside between dashes is bracketed, items of a list typed on one
line, a dash or a "means" before the speaker's own clause, a birthday given as a reason and a
voice-typed run-on are cut apart; then the shared splitter cuts sentences."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract.common import EMOJI
from graphmem.extract.said_between import dash_aside
from graphmem.gate.sentences import split as split_sentences

__all__ = ["pieces"]

I = re.I  # noqa: E741


def pieces(text: str) -> list[str]:
    """What the English rules read, one piece at a time: emoji become full stops, then the shared
    splitter (`graphmem.gate.sentences.split`) cuts sentences; a piece of bare stops is dropped.
    English needs no second step: its clauses are cut inside `extract_sentence`."""
    text = EMOJI.sub(". ", text).replace(" . ", ". ")
    # "Pounce — our old tabby, … — naps …": a name's aside between dashes, said in brackets, is
    # no clause of the speaker's own, nor items of a list
    text = dash_aside(text, zh=False)
    if len(_INLINE_ITEM.findall(text)) >= 2:  # "brain dump: - moved to Austin - new gig: …": items
        text = _INLINE_ITEM.sub(". ", text)
    # "when he asked what I do I said I'm an ER nurse": what the user said of themselves, as said
    text = _SAID_OF_MYSELF.sub("", text)
    # "they kept me on — I'm a postdoc now": a dash before the speaker's own clause ends a sentence
    text = _DASH_THEN_SELF.sub(". ", text)
    # "being a nurse means my only joy is …": what being it means of the speaker is said apart
    text = _MEANS_MY.sub(" means. ", text)
    # "renew my passport since apparently I turned 41 last week": the age said as the reason
    text = _BECAUSE_I_TURNED.sub(". ", text)
    # a voice-typed run-on with no stop at all: its clauses start where the speaker does
    if len(text) > 120 and not re.search(r"[,.;!?]", text):
        text = _RUN_ON_SELF.sub(". ", text)
    return [s for s in c.list_items(split_sentences(text), text) if s.strip(" .!?")]


#: Where a new clause of the speaker's starts inside a run-on ("… called Loomwell we do scheduling
#: software … I'm the CEO … we're based out of Austin but I grew up in Lagos").
_RUN_ON_SELF = re.compile(
    r"(?<=[a-z0-9])\s+(?=(?:I'm|I am|Im|we're|we are|I grew|I still|I live|I work|I moved|we do|we make|we build|my (?:wife|husband|kids?|son|daughter|mom|dad))\b)"
)
#: A birthday given as the reason for something ("… since apparently I turned 41 last week"):
#: a clause of its own.
_BECAUSE_I_TURNED = re.compile(
    r"\s+(?:since|because|cuz|cause|coz|as|now that)\s+(?:apparently\s+|officially\s+|technically\s+)?(?=I (?:just )?turned \d{2}\b)",
    re.I,
)
#: A dash between clauses, the second the speaker's own ("… — I'm a postdoc now").
_DASH_THEN_SELF = re.compile(r"\s+[—–]\s+(?=(?:I'm|I am|Im|I've|I have|I|my|we're|we)\b)")
#: "… means my only joy is …": a clause of the speaker's own after "means".
_MEANS_MY = re.compile(r"\s+means\s+(?=my\s+(?:only|one|sole|biggest|main|whole|entire|daily|single)\s)", I)
#: A list typed on one line, its items after " - " ("- moved to Austin - new gig: …").
_INLINE_ITEM = re.compile(r"(?:^|\s|:)-\s+(?=[A-Za-z])")
#: The user reporting what they told someone of themselves.
_SAID_OF_MYSELF = re.compile(
    r"(?:(?:and\s+)?when\s+(?:he|she|they|someone)\s+asked\s+(?:me\s+)?(?:what|where|who|how)\s+[^,.!?]{1,25}?\s+)?"
    r"\bI\s+(?:said|told\s+(?:him|her|them)|replied|answered|explained)(?:\s+that)?\s+(?=(?:I'm|I am|Im|I work|I live)\b)",
    re.I,
)
