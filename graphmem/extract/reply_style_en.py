"""Whether an English sentence asks the assistant for a style of reply ("keep answers short",
"please use bullet points from now on"): such a request becomes the `reply_style` fact, not
a statement about the user."""

from __future__ import annotations

import re

I = re.I  # noqa: E741

# A reply-style request addresses the assistant, names its output and a style.
_STYLE_OUT = re.compile(
    r"\b(?:answers?|repl(?:y|ies)|respon(?:d|ses?)|explanations?|explain|messages?|summar(?:y|ies)|talk to me|"
    r"speak to me|write to me|format|formatting|tone)\b",
    I,
)
_STYLE_WORD = re.compile(
    r"\b(?:short|shorter|brief|concise|detailed|verbose|wordy|bullet|bullets|tables?|lists?|numbered|english|chinese|"
    r"spanish|french|german|japanese|emojis?|formal|casual|simple|plain|examples?|step[- ]by[- ]step|markdown|code|"
    r"jargon|friendly|direct|long|length|tl;?dr|sentences?|paragraphs?)\b",
    I,
)
_STYLE_ADDR = re.compile(
    r"^(?:please|pls|always|never|do not|keep|use|be|stop|avoid|answer|reply|respond|write|explain|from now on|"
    r"going forward|in (?:the )?future|when you|can you|could you|would you|I (?:prefer|like|want|would like|need|would prefer))\b",
    I,
)
_STYLE_IMPERATIVE = re.compile(
    r"^(?:(?:please|always|from now on|going forward|in future),?\s+)*(?:use (?:bullet points|bullets|tables|markdown|numbered lists)|no emojis|"
    r"be (?:more )?(?:concise|brief|direct|detailed)|"
    r"keep it (?:short|brief|simple)|skip the (?:fluff|small talk|pleasantries))\b",
    I,
)


def is_reply_style(s: str) -> bool:
    """An imperative about replies, or an address to the assistant naming an output and a style."""
    if _STYLE_IMPERATIVE.match(s):
        return True
    return bool(_STYLE_ADDR.match(s) and _STYLE_OUT.search(s) and _STYLE_WORD.search(s))
