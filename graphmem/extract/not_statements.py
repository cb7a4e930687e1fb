"""Text in a message that states nothing of the user's life, whatever its words say.

- A daydream said as a condition: "if I won the lottery I'd buy a vineyard", "要是我有一百万
  我就去大理开民宿". Nothing in it is true of the user (no city, no job, no plan), so the rules
  keep none of it: the message stays as its episode, and the piece is reported as
  "hypothetical". A condition that asks for something ("if I'm late, text my wife", "如果我
  加班就提醒我吃饭") is a standing request, not a daydream, and is read as before; so is a
  plain "when"/"if" with no "would" in what follows (a habit or a rule of the user's life).
- The material of a task handed to the assistant, after its colon: "translate to french pls:
  'My name is Oliver and I live in Geneva'", "帮我写个小说开头：主人公叫沈墨…". It is a text to
  work on; the pieces of it are reported as "task_material".
"""

from __future__ import annotations

import re

_EN = re.compile(
    r"^(?:(?:and|but|so|honestly|lol|ok|okay|man|god|ugh)[\s,]+)*"
    r"(?:if|if only|imagine if|what if|suppose|supposing|even if|assuming)\b.*?"
    r"\b(?:I'd|we'd|I would|we would|I could|we could|I'll never|I'd never|would)\b",
    re.IGNORECASE,
)
# (a few words may lead it: "深夜emo 要是哪天真辞职了 我就去大理开个民宿")
_ZH = re.compile(
    r"^(?:[^，,。要如假倘万哪]{1,6}?[，,\s]*)?(?:要是|如果|假如|假设|假使|倘若|万一|哪天)[^。]*?(?:就|的话|肯定|一定|绝对)"
)
#: Where the daydream ends and the speaker comes back to what is ("哈哈做梦呢 明天还得在广州上班",
#: "…, but back to reality, I'm in Leeds"): what follows is read as said.
_ZH_WAKE = re.compile(
    r"[，,。！!～~\s]+(?=(?:哈哈+|嘿嘿|呵呵|唉)?[，,\s]*(?:做梦呢?|想想而已|想想就好|说说而已|开玩笑的?|醒醒吧?|算了|现实是|但是|不过|可是|然而|言归正传|回到现实))"
)
_EN_WAKE = re.compile(
    r"[,.;!]+\s*(?=(?:lol\s+|haha\w*\s+)?(?:but|anyway|back to reality|in reality|reality is|realistically|dream on"
    r"|a (?:girl|guy|man|woman) can dream|one can dream)\b)",
    re.IGNORECASE,
)
#: what makes a condition a standing request, a rule or a body's reaction rather than a
#: daydream ("如果我吃芒果就会过敏", "if I eat shrimp I'd break out in hives")
_ASKS = re.compile(
    r"提醒|告诉我|记得|帮我|给我|叫我|通知|发消息|打电话|别|不要|记一下|请|过敏|难受|吐|疼|"
    r"\b(?:remind|tell|text|call|let me know|ping|don't|do not|please|pls|make sure|allergic|hives|"
    r"react|reaction|sick|throw up|break out|swell)",
    re.IGNORECASE,
)


def daydream(piece: str, lang: str) -> tuple[str, str] | None:
    """(the daydream, what is said after the speaker comes back from it) when `piece` opens
    with a condition said of what the user would do, not of what is; else None."""
    text = piece.strip()
    wake = (_ZH_WAKE if lang == "zh" else _EN_WAKE).search(text)
    dream = text[: wake.start()] if wake else text
    if not (_ZH if lang == "zh" else _EN).search(dream) or _ASKS.search(dream):
        return None
    return dream, text[wake.end() :].strip() if wake else ""


#: A task handed to the assistant with its material after a colon ("translate to french pls:
#: 'My name is Oliver and I live in Geneva'", "帮我写个小说开头：主人公叫沈墨，是个木匠"): the
#: material is a text to work on, not something the user says of their life.
_TASK = re.compile(
    r"(?:^|(?<=[.!?。！？]\s)|(?<=[.!?。！？]))\s*(?:(?:can|could|would) you\s+|(?:pls|please|plz)\s+)?"
    r"(?:translate|write|draft|rewrite|proofread|edit|summari[sz]e|polish|paraphrase|reword|reply to|respond to"
    r"|turn this into|make this sound|fix the grammar(?: of| in)?)\b[^:：\n]{0,60}[:：]"
    r"|(?:帮我|请|麻烦你?|能不能帮我)?(?:写|翻译|改写|改一下|润色|总结|续写|编|扩写|缩写|回复)(?:个|一个|一段|一下|一篇|成|段)?[^：:\n]{0,20}[：:]",
    re.IGNORECASE,
)


def task_material_from(message: str) -> int | None:
    """Where the material of a task handed to the assistant starts (after its colon), or None."""
    if ":" not in message and "：" not in message:  # no colon, no material: skip the search
        return None
    m = _TASK.search(message)
    return m.end() if m else None


def without_task_material(piece: str, message: str, material_at: int) -> tuple[str, str]:
    """(`piece` without the task's material, the material it held): a piece after the colon
    is all material; a piece that holds the request and its colon keeps the request."""
    at = message.find(piece)
    if at >= material_at:
        return "", piece
    if at >= 0 and at + len(piece) <= material_at:
        return piece, ""
    m = _TASK.search(piece)  # the piece was reworded by the gate: find the colon in it
    if m is None:
        return piece, ""
    return piece[: m.end()].rstrip(" :："), piece[m.end() :].strip()
