"""Replaying behaviour scenarios (the JSONL format of shared/eval) against a memory system.

A system is anything with `remember`, `recall`, `get`, `facts` and `close`, made by a
factory so a `restart` step can close it and open a new one on the same store. The
harness adds the distractor memories the format specifies before the first recall.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

#: The categories of the format (shared/eval/README.md).
CATEGORIES = (
    "update", "conflict", "isolation", "gate", "profile", "persistence",
    "decay", "security", "multihop", "longtail", "temporal",
)  # fmt: skip

DISTRACTORS_ZH = [
    "我喜欢看纪录片。", "我每天早上七点起床。", "我会说一点日语。", "我周末经常去图书馆。",
    "我有一辆白色的自行车。", "我最喜欢的颜色是绿色。", "我大学学的是机械工程。", "我每周打两次羽毛球。",
]  # fmt: skip
DISTRACTORS_EN = [
    "I enjoy documentaries.", "I usually wake up at 7am.", "I speak a little Japanese.",
    "I often visit the library on weekends.", "I own a white bicycle.", "My favorite color is green.",
    "I studied mechanical engineering.", "I play badminton twice a week.",
]  # fmt: skip


class System(Protocol):
    def remember(self, user_id: str, text: str, role: str = "user", at: Any = None) -> Any: ...
    def recall(self, user_id: str, query: str, k: int = 6, at: Any = None) -> list[Any]: ...
    def get(self, user_id: str, attribute: str, at: Any = None) -> list[Any]: ...
    def facts(self, user_id: str) -> list[Any]: ...
    def close(self) -> None: ...


@dataclass
class ProbeResult:
    step: int
    kind: str
    ok: bool
    found: list[str]
    why: str = ""


@dataclass
class ScenarioResult:
    id: str
    cat: str
    probes: list[ProbeResult] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(p.ok for p in self.probes)


def load(path: str | Path) -> list[dict[str, Any]]:
    out = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as e:
                raise ValueError(f"{path}:{n}: not JSON: {e}") from e
    return out


def _texts(item: Any) -> list[str]:
    """Every text field of a returned item (a RecallItem, a Fact, or a plain string): a
    fact's value, rendered text and source utterance; a recalled message's text; and a
    recalled item's date (ISO, what the MemoryContext shows beside it)."""
    if isinstance(item, str):
        return [item]
    fact = getattr(item, "fact", item)
    out = [str(getattr(fact, a)) for a in ("value", "text", "source_text") if getattr(fact, a, None)]
    episode = getattr(item, "episode", None)
    if episode is not None and getattr(episode, "text", None):
        out.append(str(episode.text))
    date = getattr(item, "date", None) if item is not fact else None
    if date is not None:
        out.append(date.date().isoformat())
    return out


def _judge(texts: Iterable[str], has: list[str], lacks: list[str]) -> tuple[bool, str]:
    blob = [t.casefold() for t in texts]
    if has and not any(h.casefold() in t for h in has for t in blob):
        return False, f"none of {has} found"
    leaked = [x for x in lacks if any(x.casefold() in t for t in blob)]
    if leaked:
        return False, f"found forbidden {leaked}"
    return True, ""


def _lang_of(scenario: dict[str, Any]) -> str:
    for s in scenario["steps"]:
        if "say" in s:
            return "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in s["say"]) else "en"
    return "en"


def run(
    scenario: dict[str, Any],
    factory: Callable[[], System],
    user_prefix: str = "",
) -> ScenarioResult:
    """Replay one scenario; `user_prefix` keeps runs apart on a shared store."""
    result = ScenarioResult(scenario["id"], scenario.get("cat", ""))
    steps = scenario["steps"]
    first_at = next((s["at"] for s in steps if "at" in s), None)
    distractors = DISTRACTORS_ZH if _lang_of(scenario) == "zh" else DISTRACTORS_EN
    distracted: set[str] = set()
    system = factory()
    try:
        for i, step in enumerate(steps):
            uid = user_prefix + step.get("user", "")
            if step.get("restart"):
                system.close()
                system = factory()
            elif "say" in step:
                system.remember(uid, step["say"], role=step.get("role", "user"), at=step.get("at"))
            elif "recall" in step:
                if not distracted:
                    users = {user_prefix + s["user"] for s in steps if "recall" in s}
                    for u in sorted(users):
                        for d in distractors:
                            system.remember(u, d, at=first_at)
                    distracted = users
                items = system.recall(uid, step["recall"], k=step.get("k", 6), at=step.get("at"))
                texts = [t for it in items for t in _texts(it)]
                ok, why = _judge(texts, step.get("has", []), step.get("lacks", []))
                result.probes.append(ProbeResult(i, "recall", ok, texts, why))
            elif "get" in step:
                values = [
                    str(getattr(f, "value", f))
                    for a in step["get"]
                    for f in system.get(uid, a, at=step.get("at"))
                ]
                ok, why = _judge(values, step.get("has", []), step.get("lacks", []))
                result.probes.append(ProbeResult(i, "get", ok, values, why))
            elif step.get("facts"):
                texts = [t for f in system.facts(uid) for t in _texts(f)]
                ok, why = _judge(texts, step.get("has", []), step.get("lacks", []))
                result.probes.append(ProbeResult(i, "facts", ok, texts, why))
    finally:
        system.close()
    return result
