"""CLI side of `graphmem browse`: open Neo4j Browser on one user's subgraph.

    graphmem --store bolt://127.0.0.1:7687 browse --user U [--browser-url URL] [--print-url]

Thin over `graphmem.views.browse` (the URL) and `Memory.facts` (a warning when the user has no
memory there); the web browser is started with the standard `webbrowser` module.
"""

from __future__ import annotations

import argparse
import sys
import urllib.error
import urllib.request
import webbrowser
from collections.abc import Callable, Mapping

from graphmem.errors import InvalidInputError
from graphmem.stores import is_neo4j_uri

__all__ = ["cmd_browse", "register"]


def _answers(url: str, timeout: float = 3.0) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:  # noqa: S310 (http(s) checked by browser_base)
            return bool(200 <= r.status < 400)
    except (urllib.error.URLError, OSError, ValueError):
        return False


def cmd_browse(
    store: str, auth: tuple[str, str] | None, env: Mapping[str, str], a: argparse.Namespace
) -> int:
    if not is_neo4j_uri(store):
        raise InvalidInputError(
            f"graphmem browse needs a Neo4j store (--store bolt://HOST:PORT), not {store!r}: the embedded "
            "store has no Neo4j Browser; `graphmem graph --user U --format html` draws it offline"
        )
    from graphmem.memory import Memory
    from graphmem.views.browse import browser_base, browser_url

    base = browser_base(store, env, a.browser_url)
    url = browser_url(store, a.user, base, user=auth[0] if auth else None, password=auth[1] if auth else None)
    from graphmem.shells.cli.llm import configure_from_env

    with Memory(store, auth=auth, **configure_from_env(env, getattr(a, "embedder", None))) as mem:
        n = len(mem.facts(a.user, include_frozen=True))
    if n == 0:
        where = store.rsplit("@", 1)[-1]  # no credentials in the message
        print(f"graphmem: warning: user {a.user!r} has no facts in {where}", file=sys.stderr)
    if not _answers(base):
        print(f"graphmem: warning: no Neo4j Browser answers at {base} (start one with `make neo4j`, or pass "
              "--browser-url / set GRAPHMEM_NEO4J_BROWSER_URL)", file=sys.stderr)  # fmt: skip
    if a.print_url:
        print(url)
        return 0
    if webbrowser.open(url):
        print(f"opened Neo4j Browser on {a.user!r} ({n} facts): run the :param line in its editor, then "
              "the guide's first query", file=sys.stderr)  # fmt: skip
    else:
        print("graphmem: no web browser to start; open this URL:", file=sys.stderr)
    print(url)
    return 0


def register(add: Callable[..., argparse.ArgumentParser]) -> None:
    """Add `browse` to the CLI (called from `cli.build_parser`)."""
    sp = add(
        "browse",
        None,
        "Open Neo4j Browser on a user's subgraph (Neo4j stores): connection prefilled, graphmem's "
        "style and guide, $user_id ready to set.",
    )
    sp.set_defaults(store_command=cmd_browse)
    sp.add_argument("--user", required=True)
    sp.add_argument("--browser-url", dest="browser_url",
                    help="Neo4j Browser's URL (default: $GRAPHMEM_NEO4J_BROWSER_URL, then port 7474 of the Bolt host)")  # fmt: skip
    sp.add_argument("--print-url", dest="print_url", action="store_true",
                    help="print the URL instead of starting a web browser")  # fmt: skip
