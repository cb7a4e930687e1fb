"""A daydream said as a condition: "if I won the lottery I'd buy a vineyard", "要是我有一百万我就
去大理开民宿". Nothing in it is true of the user (no city, no job, no plan), so the rules keep
none of it: the message stays as its episode, and the piece is reported as "hypothetical".

A condition that asks for something ("if I'm late, text my wife", "如果我加班就提醒我吃饭") is
a standing request, not a daydream, and is read as before; so is a plain "when"/"if" with no
"would" in what follows (a habit or a rule of the user's life).
"""

from __future__ import annotations

import re

_EN = re.compile(
    r"^(?:(?:and|but|so|honestly|lol|ok|okay|man|god|ugh)[\s,]+)*"
    r"(?:if|if only|imagine if|what if|suppose|supposing|even if|assuming)\b.*?"
    r"\b(?:I'd|we'd|I would|we would|I could|we could|I'll never|I'd never|would)\b",
    re.IGNORECASE,
)
_ZH = re.compile(r"^(?:要是|如果|假如|假设|假使|倘若|万一|哪天)[^。]*?(?:就|的话)")
#: what makes a condition a standing request, a rule or a body's reaction rather than a
#: daydream ("如果我吃芒果就会过敏", "if I eat shrimp I'd break out in hives")
_ASKS = re.compile(
    r"提醒|告诉我|记得|帮我|给我|叫我|通知|发消息|打电话|别|不要|记一下|请|过敏|难受|吐|疼|"
    r"\b(?:remind|tell|text|call|let me know|ping|don't|do not|please|pls|make sure|allergic|hives|"
    r"react|reaction|sick|throw up|break out|swell)",
    re.IGNORECASE,
)


def daydream(piece: str, lang: str) -> bool:
    """Whether `piece` is a condition said of what the user would do, not of what is."""
    text = piece.strip()
    rx = _ZH if lang == "zh" else _EN
    return bool(rx.search(text)) and not _ASKS.search(text)
