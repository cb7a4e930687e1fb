"""CLI side of the analyst surface: `graphmem graph` and `graphmem cypher`.

    graphmem graph  --user U --format graphml|json|html [-o FILE] [--as-of ISO] [--all]
    graphmem cypher NAME --user U [--json]        NAME: timeline, most_corrected, ...

Thin shells over `Memory.graph`, `graphmem.views.graph` writers and `graphmem.views.analyst.run`.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from graphmem.views.analyst import COLUMNS, QUERIES, run
from graphmem.views.graph import FORMATS, to_json, write_graph, write_graphml

if TYPE_CHECKING:
    from graphmem.memory import Memory

__all__ = ["cmd_cypher", "cmd_graph", "format_table", "register"]


def cmd_graph(mem: Memory, a: argparse.Namespace, s: Any) -> int:
    g = mem.graph(a.user, as_of=a.as_of, include_frozen=a.all)
    if a.output:
        write_graph(g, a.format, a.output)
        n_facts = sum(1 for _, d in g.nodes(data=True) if d.get("kind") == "fact")
        print(f"wrote {a.output} ({a.format}: {g.number_of_nodes()} nodes, {n_facts} facts, "
              f"{g.number_of_edges()} edges)", file=sys.stderr)  # fmt: skip
        return 0
    if a.format == "json":
        print(json.dumps(to_json(g), ensure_ascii=False, indent=2))
    elif a.format == "graphml":
        buf = io.BytesIO()
        write_graphml(g, buf)
        sys.stdout.write(buf.getvalue().decode("utf-8"))
    else:
        from graphmem.views.html import render_html

        sys.stdout.write(render_html(g))
    return 0


def _cell(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, (list, tuple)):
        return ", ".join(str(x) for x in v)
    if isinstance(v, float):
        return f"{v:.2f}"
    return str(v).replace("\n", " ")


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _cut(text: str, max_width: int) -> str:
    if _width(text) <= max_width:
        return text
    out, w = "", 0
    for ch in text:
        w += _width(ch)
        if w > max_width - 1:
            return out + "…"
        out += ch
    return out


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def format_table(columns: Sequence[str], rows: Sequence[dict[str, Any]], max_width: int = 48) -> str:
    """A plain aligned text table (CJK counted double width, cells cut at `max_width`)."""
    cells = [[_cut(_cell(r.get(c)), max_width) for c in columns] for r in rows]
    widths = [max([_width(c)] + [_width(row[i]) for row in cells]) for i, c in enumerate(columns)]
    lines = ["  ".join(_pad(c, w) for c, w in zip(columns, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(_pad(c, w) for c, w in zip(row, widths)).rstrip() for row in cells]
    return "\n".join(lines)


def cmd_cypher(mem: Memory, a: argparse.Namespace, s: Any) -> int:
    rows = run(mem, a.user, a.name)
    if a.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    elif not rows:
        print(f"({a.name}: no rows)")
    else:
        print(format_table(COLUMNS[a.name], rows))
    return 0


def register(add: Callable[..., argparse.ArgumentParser]) -> None:
    """Add `graph` and `cypher` to the CLI (called from `cli.build_parser`)."""
    sp = add(
        "graph", cmd_graph, "Export a user's memory graph as GraphML, node-link JSON or an offline HTML view."
    )
    sp.add_argument("--user", required=True)
    sp.add_argument("--format", choices=FORMATS, default="html")
    sp.add_argument("-o", "--output", help="file to write (default: standard output)")
    sp.add_argument("--as-of", dest="as_of", help="the graph as it was known at this ISO-8601 time")
    sp.add_argument("--all", action="store_true", help="include frozen facts and SUPERSEDES edges")

    sp = add(
        "cypher",
        cmd_cypher,
        "Run a named read-only analyst query (Cypher on Neo4j, networkx on the embedded store).",
    )
    sp.add_argument("name", choices=QUERIES, metavar="NAME", help=f"one of: {', '.join(QUERIES)}")
    sp.add_argument("--user", required=True)
    sp.add_argument("--json", action="store_true")
