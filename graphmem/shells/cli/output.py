"""What the CLI prints: colour when a terminal wants it, JSON, and the human-readable
renderings of facts, remember results, recalls and histories."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import asdict, fields, is_dataclass
from datetime import datetime
from typing import Any

from graphmem.model import Episode, Fact, HistoryEntry, RecallItem, RememberResult
from graphmem.text.memory_dates import fact_day


class Style:
    """ANSI colour only when writing to a terminal that wants it."""

    def __init__(self, stream: Any) -> None:
        self.on = hasattr(stream, "isatty") and stream.isatty() and not os.environ.get("NO_COLOR")

    def _c(self, code: str, text: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.on else text

    def bold(self, t: str) -> str:
        return self._c("1", t)

    def green(self, t: str) -> str:
        return self._c("32", t)

    def yellow(self, t: str) -> str:
        return self._c("33", t)

    def red(self, t: str) -> str:
        return self._c("31", t)

    def dim(self, t: str) -> str:
        return self._c("2", t)

    def cyan(self, t: str) -> str:
        return self._c("36", t)


def to_jsonable(obj: Any) -> Any:
    if isinstance(obj, RecallItem):  # what it is and the date it refers to, beside its fields
        return {
            "kind": obj.kind,
            **{f.name: to_jsonable(getattr(obj, f.name)) for f in fields(obj)},
            "date": to_jsonable(obj.date),
            "day": obj.day,
        }
    if isinstance(obj, Fact):  # the ISO day it is about ("when did I…"), beside its fields
        return {**to_jsonable(asdict(obj)), "day": fact_day(obj).isoformat()}
    if isinstance(obj, Episode):
        return {**to_jsonable(asdict(obj)), "day": obj.date.date().isoformat()}
    if isinstance(obj, HistoryEntry):
        return {"fact": to_jsonable(obj.fact), "events": to_jsonable(obj.events)}
    if is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, dict):
        return {k: to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, datetime):
        return obj.isoformat()
    return obj


def local(t: datetime) -> datetime:
    """A stored time as the reader's local time (stores keep UTC; a shell shows where it runs)."""
    return t.astimezone() if t.tzinfo is not None else t


def dump(obj: Any) -> None:
    print(json.dumps(to_jsonable(obj), ensure_ascii=False, indent=2))


def fact_line(f: Fact, s: Style) -> str:
    status = {"active": s.green("active"), "frozen": s.dim("frozen"), "archived": s.dim("archived")}[f.status]
    subj = "" if f.subject_name == "self" else f"{f.subject_name}."
    return (
        f"{subj}{s.bold(f.attribute)} = {f.value}  {s.dim(f'({f.kind}, {f.source}, {f.confidence:.2f},')} "
        f"{status}{s.dim(', ' + fact_day(f).isoformat() + ')')}"
    )


def print_remember(r: RememberResult, s: Style) -> None:
    for f in r.added:
        print(f"  {s.green('+ added')}      {fact_line(f, s)}")
    for old, new in r.superseded:
        print(f"  {s.yellow('~ superseded')} {old.attribute} = {old.value} {s.dim('→')} {new.value}")
    for f in r.reinforced:
        print(f"  {s.cyan('= reinforced')} {fact_line(f, s)}")
    for f in r.retracted:
        print(f"  {s.yellow('- retracted')}  {f.attribute} = {f.value}")
    for f in r.kept_frozen:
        print(f"  {s.dim('· kept frozen')} {fact_line(f, s)}")
    for x in r.refused:
        print(f"  {s.red('✗ refused')}    {x.kind}: {x.reason}")
    for i in r.ignored:
        print(f"  {s.dim('· ignored')}    {i.reason}: {i.text}")


def print_recall(items: Sequence[RecallItem], s: Style) -> None:
    if not items:
        print(s.dim("  (nothing recalled)"))
    for n, it in enumerate(items, 1):
        ch = ", ".join(f"{k}#{v}" for k, v in it.channels.items())
        path = f"  via {' → '.join(it.path)}" if len(it.path) > 2 else ""
        when = f"{it.date.date().isoformat()}; " if it.date is not None else ""
        if it.fact is not None:
            text = it.fact.text
        else:
            who = it.episode.speaker or it.episode.role if it.episode is not None else "?"
            text = f"{who} said: “{it.text}”"
        print(f"  {n}. {text}  {s.dim(f'[{when}{it.score:.4f}; {ch}]')}{s.dim(path)}")


def print_history(entries: Sequence[HistoryEntry], s: Style) -> None:
    if not entries:
        print(s.dim("(no history)"))
    for e in entries:
        f = e.fact
        when = local(f.valid_from).isoformat(timespec="minutes")
        until = f" until {local(f.valid_to).isoformat(timespec='minutes')}" if f.valid_to else ""
        print(f"{s.bold(when)}  {fact_line(f, s)}{s.dim(until)}")
        if f.source_text:
            print(f"    {s.dim('said: ' + f.source_text)}")
        for a in e.events:
            print(f"    {s.cyan(a.action)} by {a.rule}: {a.detail}")
