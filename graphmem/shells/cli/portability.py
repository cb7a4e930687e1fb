"""CLI side of portability and erasure: `export`, `import`, `migrate`, `forget`, `gc`.

A shell over `Memory` (and, for `migrate`, which opens two stores, over
`graphmem.portability.copy_store`); `cli.build_parser` calls `register(add)`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # loaded by the commands that run them, not to parse the command line
    from graphmem.embedding.hashing import Embedder
    from graphmem.memory import Memory
    from graphmem.portability import ImportReport

__all__ = ["ProgressBar", "cmd_migrate", "print_import", "register"]


class ProgressBar:
    """`label [#####-----] 3/10 users 1.2s` on stderr: redrawn in place on a terminal,
    one line per ~10% otherwise."""

    def __init__(
        self, label: str, unit: str = "users", stream: TextIO | None = None, width: int = 30
    ) -> None:
        self.label, self.unit, self.width = label, unit, width
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._decile = -1
        self._start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        frac = 1.0 if total <= 0 else min(1.0, done / total)
        filled = int(round(frac * self.width))
        bar = "#" * filled + "-" * (self.width - filled)
        line = f"{self.label} [{bar}] {done}/{total} {self.unit} {time.monotonic() - self._start:.1f}s"
        if self.tty:
            self.stream.write("\r" + line + ("\n" if done >= total else ""))
        elif int(frac * 10) != self._decile or done >= total:
            self._decile = int(frac * 10)
            self.stream.write(line + "\n")
        self.stream.flush()


def print_import(r: ImportReport, s: Any) -> None:
    head = "Dry run, nothing written. Importing would change" if r.dry_run else "Imported into"
    print(f"{head} {r.user_id!r} (an export of {r.source_user_id!r}, schema_version {r.schema_version}):")
    print(f"  {s.green('+')} {r.facts_added} facts added, {r.facts_frozen} kept frozen (lost arbitration), "
          f"{r.reinforced} reinforced, {r.synced} synced, {r.skipped} already present")  # fmt: skip
    for d in r.decisions:
        subj = "" if d.subject == "self" else f"{d.subject}."
        if d.action == "supersede":
            print(
                f"  {s.yellow('~ supersede')}   {subj}{d.attribute} = {d.local} → {d.imported}  {s.dim(d.rule)}"
            )
        elif d.action == "keep_frozen":
            print(
                f"  {s.dim('· kept frozen')} {subj}{d.attribute} = {d.imported} (lost to {d.local})  {s.dim(d.rule)}"
            )
        else:
            print(f"  {s.cyan('= ' + d.action)}   {subj}{d.attribute} = {d.imported}  {s.dim(d.rule)}")
    print(f"  entities: {r.entities_added} added, {r.entities_merged} merged; {r.supersedes_added} links, "
          f"{r.audit_added} audit entries, {r.episodes_added} messages")  # fmt: skip


def cmd_export(mem: Memory, a: argparse.Namespace, s: Any) -> int:
    dest = sys.stdout if a.output in (None, "-") else a.output
    r = mem.export(a.user, dest, include_embeddings=a.embeddings)
    if r.path:
        print(f"Exported {r.facts} facts, {r.entities} entities, {r.audit} audit entries and {r.episodes} "
              f"messages of {r.user_id!r} to {r.path}", file=sys.stderr)  # fmt: skip
    return 0


def cmd_import(mem: Memory, a: argparse.Namespace, s: Any) -> int:
    source = sys.stdin.buffer if a.file == "-" else a.file
    r = mem.import_(source, as_user=a.as_user, dry_run=a.dry_run)
    if a.json:
        print(json.dumps(asdict(r), ensure_ascii=False, indent=2))
    else:
        print_import(r, s)
    return 0


def _confirm(question: str, yes: bool) -> bool | None:
    """True to go on, False if declined, None if no one can be asked."""
    if yes:
        return True
    if not sys.stdin.isatty():
        return None
    return input(f"{question} [y/N] ").strip().lower() in ("y", "yes")


def cmd_forget(mem: Memory, a: argparse.Namespace, s: Any) -> int:
    what = (
        f"fact {a.fact} of user {a.user!r}" if a.fact
        else f"message {a.episode} of user {a.user!r} and its facts" if a.episode
        else f"ALL memory of user {a.user!r}"
    )  # fmt: skip
    ok = _confirm(f"Permanently erase {what}?", a.yes)
    if ok is None:
        print(f"graphmem: error: erasing {what} cannot be undone; pass --yes to confirm", file=sys.stderr)
        return 2
    if not ok:
        print("Aborted; nothing changed.")
        return 1
    if a.fact:
        if not mem.forget(a.user, a.fact):
            print(f"graphmem: error: user {a.user!r} has no fact {a.fact}", file=sys.stderr)
            return 1
        print(f"Forgot fact {a.fact}; the audit log keeps only that it was forgotten.")
    elif a.episode:
        n = mem.forget_episode(a.user, a.episode)
        if n == 0:
            print(f"graphmem: error: user {a.user!r} has no message {a.episode}", file=sys.stderr)
            return 1
        print(f"Forgot message {a.episode} ({n - 1} fact(s) from it); nothing of its text is left.")
    else:
        n = mem.forget_user(a.user)
        print(f"Erased {n} rows of user {a.user!r}; nothing of it is left in {mem.store.uri}.")
    return 0


def cmd_gc(mem: Memory, a: argparse.Namespace, s: Any) -> int:
    n = mem.gc(a.user, at=a.at, floor=a.floor, archive_profile=a.include_profile or None)
    print(f"Archived {n} facts whose effective score fell below the floor.")
    return 0


def _env_embedder(environ: Mapping[str, str], choice: str | None = None) -> Embedder | None:
    try:
        from graphmem.shells.cli.llm import build_embedder  # the configured neural embedder, when any
    except ImportError:  # pragma: no cover - built without LLM support
        return None
    return build_embedder(environ, choice)


def cmd_migrate(a: argparse.Namespace, default_src: str, auth: tuple[str, str] | None,
                environ: Mapping[str, str]) -> int:  # fmt: skip
    """Copy every user from --from (default: --store) to --to; safe to run twice."""
    from graphmem.portability import copy_store
    from graphmem.stores import open_store

    src = open_store(a.source or default_src, auth)
    try:
        dst = open_store(a.dest, auth)
        try:
            r = copy_store(
                src,
                dst,
                ProgressBar("migrate"),
                embedder=_env_embedder(environ, getattr(a, "embedder", None)),
            )
        finally:
            dst.close()
    finally:
        src.close()
    changed = sum(1 for x in r.reports.values() if x.changed)
    print(f"Migrated {r.users} users from {r.source} to {r.destination}: {r.facts_added} facts copied, "
          f"{r.users - changed} users already up to date.")  # fmt: skip
    return 0


def register(add: Callable[..., argparse.ArgumentParser]) -> None:
    """Add the commands through cli.build_parser's `add(name, handler, help)`."""
    sp = add("export", cmd_export, "Write one user's memory to a versioned JSON file.")
    sp.add_argument("--user", required=True)
    sp.add_argument("-o", "--output", help="file to write (default: standard output)")
    sp.add_argument("--embeddings", action="store_true", help="include fact vectors")

    sp = add("import", cmd_import, "Import an export file, re-arbitrating against what the user already has.")
    sp.add_argument("file", help="an export file ('-' for standard input)")
    sp.add_argument("--as-user", dest="as_user", help="import under this user id instead of the file's")
    sp.add_argument(
        "--dry-run", dest="dry_run", action="store_true", help="show what would change, write nothing"
    )
    sp.add_argument("--json", action="store_true")

    sp = add(
        "migrate", None, "Copy every user from one store to another, with a progress bar; safe to repeat."
    )
    sp.add_argument("--from", dest="source", help="source store (default: --store)")
    sp.add_argument("--to", dest="dest", required=True, help="destination SQLite path or bolt:// URI")

    sp = add("forget", cmd_forget, "Erase a user's whole memory, or one fact (--fact).")
    sp.add_argument("--user", required=True)
    sp.add_argument("--fact", help="the id of one fact to forget")
    sp.add_argument("--episode", metavar="REF", help="forget one message (by its ref or id) and its facts")
    sp.add_argument("--yes", action="store_true", help="do not ask for confirmation")

    sp = add("gc", cmd_gc, "Archive facts whose effective score fell below the floor (profile facts kept).")
    sp.add_argument("--user", help="one user (default: every user)")
    sp.add_argument("--at", help="ISO-8601 time that stands for now")
    sp.add_argument("--floor", type=float, help="archive below this effective score (default: config)")
    sp.add_argument("--include-profile", dest="include_profile", action="store_true",
                    help="also archive decayed profile facts")  # fmt: skip
