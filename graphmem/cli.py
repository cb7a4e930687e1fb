"""The `graphmem` command: a thin shell over `Memory`. Environment is read here only."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, is_dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from . import cli_analyst, cli_browse, cli_llm, cli_portability
from .errors import GraphMemError
from .memory import Memory
from .model import Fact, HistoryEntry, RecallItem, RememberResult


def default_store() -> str:
    env = os.environ.get("GRAPHMEM_STORE")
    if env:
        return env
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return str(Path(base) / "graphmem" / "memory.db")


def neo4j_auth_from_env() -> tuple[str, str] | None:
    user = os.environ.get("GRAPHMEM_NEO4J_USER")
    password = os.environ.get("GRAPHMEM_NEO4J_PASSWORD")
    if password is None:
        return None
    return (user or "neo4j", password)


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
    if is_dataclass(obj) and not isinstance(obj, type):
        return to_jsonable(asdict(obj))
    if isinstance(obj, dict):
        return {k: to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, datetime):
        return obj.isoformat()
    return obj


def _dump(obj: Any) -> None:
    print(json.dumps(to_jsonable(obj), ensure_ascii=False, indent=2))


def fact_line(f: Fact, s: Style) -> str:
    status = {"active": s.green("active"), "frozen": s.dim("frozen"), "archived": s.dim("archived")}[f.status]
    subj = "" if f.subject_name == "self" else f"{f.subject_name}."
    return (
        f"{subj}{s.bold(f.attribute)} = {f.value}  {s.dim(f'({f.kind}, {f.source}, {f.confidence:.2f},')} "
        f"{status}{s.dim(', ' + f.valid_from.date().isoformat() + ')')}"
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
        print(f"  {n}. {it.fact.text}  {s.dim(f'[{it.score:.4f}; {ch}]')}{s.dim(path)}")


def print_history(entries: Sequence[HistoryEntry], s: Style) -> None:
    if not entries:
        print(s.dim("(no history)"))
    for e in entries:
        f = e.fact
        when = f.valid_from.isoformat(timespec="minutes")
        until = f" until {f.valid_to.isoformat(timespec='minutes')}" if f.valid_to else ""
        print(f"{s.bold(when)}  {fact_line(f, s)}{s.dim(until)}")
        if f.source_text:
            print(f"    {s.dim('said: ' + f.source_text)}")
        for a in e.events:
            print(f"    {s.cyan(a.action)} by {a.rule}: {a.detail}")


# ---- commands ---------------------------------------------------------------------


def cmd_remember(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    r = mem.remember(a.user, a.text, role=a.role, at=a.at, ref=a.ref)
    _dump(r) if a.json else print_remember(r, s)
    return 0


def cmd_recall(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    items = mem.recall(a.user, a.query, k=a.k, at=a.at)
    _dump(items) if a.json else print_recall(items, s)
    return 0


def cmd_context(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    print(mem.context(a.user, a.query, k=a.k, at=a.at).text)
    return 0


def cmd_get(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    facts = mem.get(a.user, a.attribute, at=a.at, as_of=a.as_of)
    if a.json:
        _dump(facts)
    else:
        for f in facts:
            print(f.value)
    return 0


def cmd_facts(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    facts = mem.facts(a.user, include_frozen=a.all, as_of=a.as_of)
    if a.json:
        _dump(facts)
    else:
        for f in facts:
            print(fact_line(f, s))
    return 0


def cmd_history(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    entries = mem.history(a.user, a.attribute)
    _dump(entries) if a.json else print_history(entries, s)
    return 0


def cmd_demo(a: argparse.Namespace, s: Style) -> int:
    from .demo import run_demo

    return run_demo(a.store, s)


Handler = Callable[[Memory, argparse.Namespace, Style], int]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="graphmem", description="Long-term memory for AI agents.")
    p.add_argument("--store", help="SQLite path or bolt:// / neo4j:// URI (default: $GRAPHMEM_STORE, "
                   "then a file in the user's data directory)")  # fmt: skip
    sub = p.add_subparsers(dest="command", required=True)

    def add(name: str, handler: Handler | None, help_: str) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help_, description=help_)
        sp.set_defaults(handler=handler)
        return sp

    sp = add("remember", cmd_remember, "Remember one message for a user.")
    sp.add_argument("--user", required=True)
    sp.add_argument("--role", default="user", choices=["user", "assistant", "system", "tool"])
    sp.add_argument("--at", help="ISO-8601 time that stands for now")
    sp.add_argument("--ref", help="your id for the message, kept as provenance")
    sp.add_argument("--json", action="store_true")
    sp.add_argument("text")

    for name, handler, help_ in (
        ("recall", cmd_recall, "Recall the facts most useful for a query."),
        ("context", cmd_context, "Print the MemoryContext block for a query."),
    ):
        sp = add(name, handler, help_)
        sp.add_argument("--user", required=True)
        sp.add_argument("-k", type=int, default=6)
        sp.add_argument("--at")
        sp.add_argument("--json", action="store_true")
        sp.add_argument("query")

    sp = add("get", cmd_get, "Print the active value(s) of one attribute.")
    sp.add_argument("--user", required=True)
    sp.add_argument("--at")
    sp.add_argument("--as-of", dest="as_of", help="what was believed at this time")
    sp.add_argument("--json", action="store_true")
    sp.add_argument("attribute")

    sp = add("facts", cmd_facts, "List a user's facts.")
    sp.add_argument("--user", required=True)
    sp.add_argument("--all", action="store_true", help="include frozen facts")
    sp.add_argument("--as-of", dest="as_of", help="what was believed at this time")
    sp.add_argument("--json", action="store_true")

    sp = add("history", cmd_history, "Show the supersession timeline of an attribute (or all).")
    sp.add_argument("--user", required=True)
    sp.add_argument("--json", action="store_true")
    sp.add_argument("attribute", nargs="?")

    add("demo", None, "A scripted session on the embedded store showing isolation, correction and restart.")
    cli_llm.register(add)  # reembed
    cli_portability.register(add)  # export, import, migrate, forget, gc
    cli_analyst.register(add)  # graph, cypher
    cli_browse.register(add)  # browse
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    a = parser.parse_args(argv)
    s = Style(sys.stdout)
    try:
        if a.command == "demo":
            return cmd_demo(a, s)
        store = a.store or default_store()
        if a.command == "migrate":  # opens two stores, not one Memory
            return cli_portability.cmd_migrate(a, store, neo4j_auth_from_env(), os.environ)
        if getattr(a, "store_command", None):  # reembed: works on the raw store, not through Memory
            return int(a.store_command(store, neo4j_auth_from_env(), os.environ, a))
        with Memory(store, auth=neo4j_auth_from_env(), **cli_llm.configure_from_env(os.environ)) as mem:
            return int(a.handler(mem, a, s))
    except GraphMemError as e:
        print(f"graphmem: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
