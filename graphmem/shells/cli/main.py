"""The `graphmem` command: a thin shell over `Memory`. Environment is read here only."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from graphmem.embedding.choice import EMBEDDER_NAMES
from graphmem.errors import GraphMemError
from graphmem.facts.vocab import CORE_KEYS
from graphmem.shells.cli import analyst as cli_analyst
from graphmem.shells.cli import browse as cli_browse
from graphmem.shells.cli import explain as cli_explain
from graphmem.shells.cli import llm as cli_llm
from graphmem.shells.cli import portability as cli_portability
from graphmem.shells.cli import services as cli_services
from graphmem.shells.cli.output import Style, dump, fact_line, print_history, print_recall, print_remember

if TYPE_CHECKING:  # the engine loads when a command runs, not to parse the command line
    from graphmem.memory import Memory


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


# ---- commands ---------------------------------------------------------------------


def cmd_remember(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    r = mem.remember(a.user, a.text, role=a.role, at=a.at, ref=a.ref)
    dump(r) if a.json else print_remember(r, s)
    return 0


def cmd_recall(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    items = mem.recall(a.user, a.query, k=a.k, at=a.at)
    dump(items) if a.json else print_recall(items, s)
    return 0


def cmd_context(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    print(mem.context(a.user, a.query, k=a.k, at=a.at).text)
    return 0


def cmd_get(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    facts = mem.get(a.user, a.attribute, at=a.at, as_of=a.as_of)
    if a.json:
        dump(facts)
    else:
        for f in facts:
            print(f.value)
    if facts:
        return 0
    known = sorted({*CORE_KEYS, *(f.attribute for f in mem.facts(a.user, include_frozen=True))})
    if a.attribute not in known:
        print(f"graphmem: unknown attribute {a.attribute!r}; attributes: {', '.join(known)}", file=sys.stderr)
    else:
        print(f"graphmem: {a.user} has no active {a.attribute}", file=sys.stderr)
    return 1


def cmd_facts(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    facts = mem.facts(a.user, include_frozen=a.all, as_of=a.as_of)
    if a.json:
        dump(facts)
    else:
        for f in facts:
            print(f"{s.dim(f.id)}  {fact_line(f, s)}")
    return 0


def cmd_history(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    entries = mem.history(a.user, a.attribute)
    dump(entries) if a.json else print_history(entries, s)
    return 0


def cmd_demo(a: argparse.Namespace, s: Style) -> int:
    from graphmem.shells.cli.demo import run_demo

    return run_demo(a.store, s)


Handler = Callable[["Memory", argparse.Namespace, Style], int]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="graphmem", description="Long-term memory for AI agents.")
    p.add_argument("--store", help="SQLite path or bolt:// / neo4j:// URI (default: $GRAPHMEM_STORE, "
                   "then a file in the user's data directory)")  # fmt: skip
    p.add_argument("--embedder", choices=(*EMBEDDER_NAMES, "openai"),
                   help="the vector channel's embedder (default: $GRAPHMEM_EMBEDDER, then hashing; "
                   "a store keeps the one that wrote it: `graphmem reembed` switches)")  # fmt: skip
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
    cli_explain.register(add)  # explain
    cli_llm.register(add)  # reembed
    cli_portability.register(add)  # export, import, migrate, forget, gc
    cli_analyst.register(add)  # graph, cypher
    cli_browse.register(add)  # browse
    cli_services.register(add)  # mcp, serve
    return p


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # `graphmem recall --json ... | head`: the reader left; end quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _main(argv: Sequence[str] | None) -> int:
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
        from graphmem.memory import Memory

        with Memory(
            store, auth=neo4j_auth_from_env(), **cli_llm.configure_from_env(os.environ, a.embedder)
        ) as mem:
            return int(a.handler(mem, a, s))
    except GraphMemError as e:
        print(f"graphmem: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
