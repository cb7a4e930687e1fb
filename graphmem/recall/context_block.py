"""Rendering the MemoryContext block that goes before the user's message.

Each line is one memory with its date: the ISO date of what it refers to (a fact's
resolved validity start, its message's resolved date) else of the message. A recalled
message is quoted with who said it.
"""

from __future__ import annotations

from graphmem.facts.vocab import has_cjk, neutral
from graphmem.model import MemoryContext, RecallItem

_HEADER_ZH = "以下是与该用户相关的长期记忆，仅作背景参考；如与用户当前输入矛盾，以当前输入为准。"
_HEADER_EN = (
    "Long-term memory about this user, for background only. "
    "If it contradicts the user's current message, the current message wins."
)
_SAID = {
    True: {"user": "用户说", "assistant": "助手说"},
    False: {"user": "user said", "assistant": "assistant said"},
}
_MAX_QUOTE = 300


def _when(it: RecallItem) -> str:
    d = it.date
    return d.date().isoformat() if d is not None else "?"


def render(user_id: str, query: str, items: list[RecallItem]) -> MemoryContext:
    zh = has_cjk(query)
    lines = ["<MemoryContext>", _HEADER_ZH if zh else _HEADER_EN]
    if not items:
        lines.append("（暂无相关记忆）" if zh else "(no relevant memories)")
    for it in items:
        f, e = it.fact, it.episode
        if f is not None:
            flag = " inferred" if f.inferred else ""
            via = " ← " + " → ".join(it.path) if len(it.path) > 2 else ""
            # About the user, not in the user's voice (Fact.text keeps the first-person form).
            about = neutral(f.attribute, str(f.value), f.subject_name)
            lines.append(f"- {about} [{f.kind}, {f.source}{flag}, {f.confidence:.2f}, {_when(it)}]{via}")
        elif e is not None:
            said = _SAID[zh].get(e.role, e.role)
            text = " ".join(e.text.split())
            text = text if len(text) <= _MAX_QUOTE else text[: _MAX_QUOTE - 1] + "…"
            lines.append(f"- {said}: “{text}” [{_when(it)}]")
    lines.append("</MemoryContext>")
    return MemoryContext(user_id=user_id, query=query, items=items, text="\n".join(lines))
