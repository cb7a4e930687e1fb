"""The `explain` command: what `remember` would make of a message, stored nowhere. Each
piece of the message with the reason it was dropped, or the rules that read it (fired or
passed), the discourse cues found around it (cue) and the candidates they made, each named by its rule id (graphmem/lang)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from graphmem.model import Explanation
from graphmem.shells.cli.output import Style, dump

if TYPE_CHECKING:
    from graphmem.memory import Memory

__all__ = ["cmd_explain", "print_explain", "register"]

#: A dropped piece's reason, as the command prints it.
_SAID = {"no_rule_matched": "no rule matched", "small_talk": "small talk"}


def print_explain(e: Explanation, s: Style) -> None:
    if e.control:
        print(f"  {s.yellow('memory control')}: {e.control}")
    for x in e.refused:
        print(f"  {s.red('✗ secret')}    {x.kind}: {x.reason}")
    for p in e.pieces:
        if p.reason:
            print(f"  {s.dim('· dropped')}   {_SAID.get(p.reason, p.reason)}: {p.text}")
        else:
            print(f"  {s.green('▸ read')}      {p.text}")
        for rule, outcome in p.rules:
            shown = {"fired": s.cyan, "cue": s.yellow}.get(outcome, s.dim)(rule)
            print(f"      {shown}  {s.dim(outcome)}")
        for c in p.candidates:
            who = "" if c.subject == "self" else f"{c.subject}."
            sign = "-" if c.retract else "+"
            print(f"      {sign} {who}{s.bold(c.attribute)} = {c.value}  {s.dim(c.rule)}")


def cmd_explain(mem: Memory, a: argparse.Namespace, s: Style) -> int:
    e = mem.explain(a.user, a.text, role=a.role)
    dump(e) if a.json else print_explain(e, s)
    return 0


def register(add: Callable[..., argparse.ArgumentParser]) -> None:
    sp = add(
        "explain",
        cmd_explain,
        "Show what remember would make of a message, storing nothing: per sentence, the rules "
        "that fired and the candidates they made, or why it was dropped.",
    )
    sp.add_argument("--user", help="read as this user's message (their known people and facts)")
    sp.add_argument("--role", default="user", choices=["user", "assistant", "system", "tool"])
    sp.add_argument("--json", action="store_true")
    sp.add_argument("text")
