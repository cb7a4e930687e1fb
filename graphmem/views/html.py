"""An offline, single-file HTML view of one user's graph (SVG rendered here, in Python).

No CDN and no JavaScript library: the page is an inline SVG plus the small stylesheet
and script in `graphmem/views/assets/`, so it opens from disk on an air-gapped machine.

Layout (deterministic, no physics): one horizontal band per entity, the user first,
then the people and things they are linked to in the order they were met. The entity
sits on the left of its band, its facts in a grid to the right, sorted by attribute and
time so a supersession chain stands side by side. SUBJECT edges fan from the entity to
its facts; OBJECT edges (blue, arrow) run from a relation fact to the entity it names;
SUPERSEDES edges (red, dashed, arrow) arc from the winning fact to the one it froze.
Frozen facts are greyed out and struck through. Every node and edge carries an SVG
`<title>`, so hovering shows its provenance: the source sentence, ref, source,
confidence and when it was recorded.
"""

from __future__ import annotations

import html
import unicodedata
from pathlib import Path
from typing import Any

import networkx as nx

_ASSETS = Path(__file__).resolve().parent / "assets"

WIDTH = 1160
_ENTITY_X = 92
_FACTS_X = 210
_COLS = 4
_COL_W = 236
_PILL_W = 220
_PILL_H = 40
_ROW_H = 56
_BAND_PAD = 30
_MIN_BAND = 112
_TOP = 18
_LANE_X = 190  # OBJECT edges run down lanes left of this x, between entities and facts

ENTITY_COLOURS = {
    "self": "#4f46e5",
    "person": "#0ea5e9",
    "pet": "#f59e0b",
    "place": "#10b981",
    "org": "#8b5cf6",
    "thing": "#64748b",
}
KIND_COLOURS = {"profile": "#3b82f6", "preference": "#16a34a", "fact": "#64748b", "event": "#ea580c"}
FROZEN_FILL = "#d4d4d8"  # also in the stylesheet (--frozen); the screenshot test counts it


def _esc(text: object) -> str:
    return html.escape("" if text is None else str(text), quote=True)


def _char_w(ch: str) -> float:
    return 1.0 if unicodedata.east_asian_width(ch) in ("W", "F") else 0.58


def clip(text: str, size: float, width: float) -> str:
    """`text` cut (with an ellipsis) to fit `width` pixels at font `size`, CJK counted wide."""
    total = 0.0
    for i, ch in enumerate(text):
        total += _char_w(ch) * size
        if total > width:
            return text[: max(0, i - 1)] + "…"
    return text


def _short(iso: str | None) -> str:
    return (iso or "")[:16].replace("T", " ")


def _entity_order(g: nx.MultiDiGraph) -> list[str]:
    """The user first, then entities in the order relation facts reach them, then the rest."""
    entities = [n for n, d in g.nodes(data=True) if d.get("kind") == "entity"]
    order = [n for n in entities if g.nodes[n].get("type") == "self"]
    facts = sorted(
        ((n, d) for n, d in g.nodes(data=True) if d.get("kind") == "fact"),
        key=lambda nd: (nd[1].get("recorded_at") or "", nd[0]),
    )
    seen = set(order)
    frontier = list(order)
    while frontier:  # breadth first along OBJECT edges
        nxt = []
        for ent in frontier:
            for _n, d in facts:
                if d.get("subject_id") == ent and d.get("object_id") in g and d["object_id"] not in seen:
                    seen.add(d["object_id"])
                    nxt.append(d["object_id"])
        order.extend(nxt)
        frontier = nxt
    rest = [n for n in entities if n not in seen]
    rest.sort(key=lambda n: (g.nodes[n].get("created_at") or "", g.nodes[n].get("name") or "", n))
    return order + rest


def _cells(g: nx.MultiDiGraph, ids: list[str]) -> dict[str, tuple[int, int]]:
    """(row, column) of each fact: relation facts first, then by attribute and time; an
    attribute's facts (a supersession chain) start a new row rather than wrap, when they fit."""
    ids = sorted(
        ids,
        key=lambda n: (
            not g.nodes[n].get("object_id"),
            g.nodes[n]["attribute"],
            g.nodes[n].get("recorded_at") or "",
            n,
        ),
    )
    cells: dict[str, tuple[int, int]] = {}
    r = c = 0
    i = 0
    while i < len(ids):
        j = i
        while j < len(ids) and g.nodes[ids[j]]["attribute"] == g.nodes[ids[i]]["attribute"]:
            j += 1
        group = ids[i:j]
        if c and c + len(group) > _COLS and len(group) <= _COLS:
            r, c = r + 1, 0
        for n in group:
            cells[n] = (r, c)
            c += 1
            if c == _COLS:
                r, c = r + 1, 0
        i += len(group)
    return cells


def _fact_title(d: dict[str, Any]) -> str:
    lines = [f"{d.get('subject')} · {d.get('attribute')} = {d.get('value')}"]
    status = d.get("status")
    if status != "active" and d.get("superseded_by"):
        status = f"{status} (superseded by {d['superseded_by']})"
    lines.append(f"status: {status}")
    if d.get("source_text"):
        lines.append(f"said: “{d['source_text']}”")
    lines.append(f"ref: {d.get('ref') or '—'}")
    lines.append(f"source: {d.get('source')} · confidence {float(d.get('confidence') or 0):.2f}")
    lines.append(
        f"kind: {d.get('fact_kind')}" + (f" · qualifier: {d['qualifier']}" if d.get("qualifier") else "")
    )
    lines.append(f"recorded: {d.get('recorded_at')}")
    valid = f"valid: {_short(d.get('valid_from'))} → {_short(d.get('valid_to')) or 'now'}"
    lines.append(valid)
    return "\n".join(lines)


def _entity_title(d: dict[str, Any], n_facts: int) -> str:
    lines = [f"{d.get('label')} ({d.get('type')})"]
    if d.get("aliases"):
        lines.append("aliases: " + ", ".join(str(a) for a in d["aliases"]))
    lines.append(f"facts shown: {n_facts}")
    if d.get("created_at"):
        lines.append(f"first seen: {d['created_at']}")
    return "\n".join(lines)


def render_svg(g: nx.MultiDiGraph) -> str:
    """The SVG of the whole graph (deterministic for the same graph)."""
    order = _entity_order(g)
    facts_of: dict[str, list[str]] = {e: [] for e in order}
    for n, d in g.nodes(data=True):
        if d.get("kind") == "fact" and d.get("subject_id") in facts_of:
            facts_of[d["subject_id"]].append(n)

    ent_pos: dict[str, tuple[float, float]] = {}
    pill_pos: dict[str, tuple[float, float]] = {}
    bands: list[str] = []
    y = _TOP
    for i, e in enumerate(order):
        cells = _cells(g, facts_of[e])
        rows = max(1, 1 + max((r for r, _ in cells.values()), default=0))
        h = max(_MIN_BAND, rows * _ROW_H + _BAND_PAD)
        fill = "#f8fafc" if i % 2 == 0 else "#ffffff"
        bands.append(f'<rect x="0" y="{y}" width="{WIDTH}" height="{h}" fill="{fill}"/>')
        ent_pos[e] = (_ENTITY_X, y + min(h / 2, 60))
        for fid, (r, c) in cells.items():
            pill_pos[fid] = (_FACTS_X + c * _COL_W, y + _BAND_PAD / 2 + 8 + r * _ROW_H)
        y += h
    height = y + _TOP

    edges: list[str] = []
    n_object = 0
    for u, v, k, d in sorted(g.edges(keys=True, data=True), key=lambda t: (t[2], t[0], t[1])):
        if k == "SUBJECT" and u in pill_pos and v in ent_pos:
            (px, py), (ex, ey) = pill_pos[u], ent_pos[v]
            sx, sy, tx, ty = ex + 30, ey, px, py + _PILL_H / 2
            cls = "edge subject" + (" frozen" if g.nodes[u].get("status") != "active" else "")
            edges.append(
                f'<path class="{cls}" d="M{sx:.1f},{sy:.1f} C{sx + 40:.1f},{sy:.1f} {tx - 40:.1f},{ty:.1f} '
                f'{tx:.1f},{ty:.1f}"><title>SUBJECT</title></path>'
            )
        elif k == "OBJECT" and u in pill_pos and v in ent_pos:
            # Orthogonal route: down into the gap under the pill, left to a lane in the
            # gutter beside the entity column, along it to the target, into the circle.
            (px, py), (ex, ey) = pill_pos[u], ent_pos[v]
            lane = _LANE_X - 7 * (n_object % 6)
            n_object += 1
            sx, gap = px + 24, py + _PILL_H + (_ROW_H - _PILL_H) / 2
            cls = "edge object" + (" frozen" if g.nodes[u].get("status") != "active" else "")
            edges.append(
                f'<path class="{cls}" marker-end="url(#arrow-object)" d="M{sx:.1f},{py + _PILL_H:.1f} '
                f'L{sx:.1f},{gap:.1f} L{lane:.1f},{gap:.1f} L{lane:.1f},{ey:.1f} L{ex + 27:.1f},{ey:.1f}">'
                f"<title>OBJECT: {_esc(g.nodes[u].get('attribute'))} → {_esc(g.nodes[v].get('label'))}"
                "</title></path>"
            )
        elif k == "SUPERSEDES" and u in pill_pos and v in pill_pos:
            (ax, ay), (bx, by) = pill_pos[u], pill_pos[v]
            if ay == by:  # same row: a low arc between the facing top corners
                inset = 30 if ax > bx else _PILL_W - 30
                sx, sy, tx, ty = ax + inset, ay, bx + _PILL_W - inset, by
                c1, c2 = sy - 16 - abs(sx - tx) * 0.05, ty - 16 - abs(sx - tx) * 0.05
            else:  # another row: from the facing edge of one to the facing edge of the other
                up = by < ay
                sx, sy = ax + _PILL_W / 2, ay if up else ay + _PILL_H
                tx, ty = bx + _PILL_W / 2, by + _PILL_H if up else by
                c1, c2 = sy + (-30 if up else 30), ty + (30 if up else -30)
            edges.append(
                f'<path class="edge supersedes" marker-end="url(#arrow-supersedes)" '
                f'd="M{sx:.1f},{sy:.1f} C{sx:.1f},{c1:.1f} {tx:.1f},{c2:.1f} {tx:.1f},{ty:.1f}">'
                f"<title>SUPERSEDES · rule: {_esc(d.get('rule'))} · at {_esc(d.get('at'))}\n"
                f"{_esc(g.nodes[u].get('label'))} → {_esc(g.nodes[v].get('label'))}</title></path>"
            )

    nodes: list[str] = []
    for e in order:
        d = g.nodes[e]
        ex, ey = ent_pos[e]
        colour = ENTITY_COLOURS.get(d.get("type") or "thing", ENTITY_COLOURS["thing"])
        label = "我 / me" if d.get("type") == "self" else str(d.get("label") or "")
        nodes.append(
            f'<g class="node entity" data-id="{_esc(e)}"><title>{_esc(_entity_title(d, len(facts_of[e])))}</title>'
            f'<circle cx="{ex}" cy="{ey:.1f}" r="24" fill="{colour}"/>'
            f'<text class="name" x="{ex}" y="{ey + 42:.1f}" text-anchor="middle">{_esc(clip(label, 13, 128))}</text>'
            f'<text class="type" x="{ex}" y="{ey + 57:.1f}" text-anchor="middle">{_esc(d.get("type"))}</text></g>'
        )
    for fid, (px, py) in pill_pos.items():
        d = g.nodes[fid]
        frozen = d.get("status") != "active"
        stroke = KIND_COLOURS.get(d.get("fact_kind") or "fact", KIND_COLOURS["fact"])
        attr = str(d.get("attribute"))
        if d.get("qualifier"):
            attr += f" · {d['qualifier']}"
        if frozen:
            attr += " · frozen"
        fill = f' fill="{FROZEN_FILL}"' if frozen else ""
        nodes.append(
            f'<g class="node fact{" frozen" if frozen else ""}" data-id="{_esc(fid)}">'
            f"<title>{_esc(_fact_title(d))}</title>"
            f'<rect x="{px}" y="{py:.1f}" width="{_PILL_W}" height="{_PILL_H}" rx="9" stroke="{stroke}"{fill}/>'
            f'<text class="attr" x="{px + 10}" y="{py + 15:.1f}">{_esc(clip(attr, 11, _PILL_W - 20))}</text>'
            f'<text class="value" x="{px + 10}" y="{py + 32:.1f}">'
            f"{_esc(clip(str(d.get('value')), 13, _PILL_W - 20))}</text></g>"
        )

    defs = (
        "<defs>"
        '<marker id="arrow-object" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" markerHeight="9" markerUnits="userSpaceOnUse" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#0284c7"/></marker>'
        '<marker id="arrow-supersedes" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" markerHeight="9" markerUnits="userSpaceOnUse" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#dc2626"/></marker>'
        "</defs>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0f}" '
        f'viewBox="0 0 {WIDTH} {height:.0f}" role="img" aria-label="memory graph">{defs}'
        f'<g class="bands">{"".join(bands)}</g><g class="edges">{"".join(edges)}</g>'
        f'<g class="nodes">{"".join(nodes)}</g></svg>'
    )


def _pill_swatch(fill: str, stroke: str, dash: str = "") -> str:
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return f'<rect x="1" y="2" width="32" height="12" rx="4" fill="{fill}" stroke="{stroke}" stroke-width="1.6"{extra}/>'


def _legend() -> str:
    def swatch(svg: str) -> str:
        return f'<svg width="34" height="16" aria-hidden="true">{svg}</svg>'

    items = [
        (swatch(f'<circle cx="8" cy="8" r="7" fill="{ENTITY_COLOURS["self"]}"/>'
                f'<circle cx="25" cy="8" r="7" fill="{ENTITY_COLOURS["person"]}"/>'), "entity (user, person, …)"),
        (swatch(_pill_swatch("#fff", KIND_COLOURS["profile"])), "active fact"),
        (swatch(_pill_swatch(FROZEN_FILL, "#a1a1aa", "4 3")), "frozen fact (superseded / retracted)"),
        (swatch('<line x1="0" y1="8" x2="34" y2="8" stroke="#cbd5e1" stroke-width="1.5"/>'), "SUBJECT"),
        (swatch('<line x1="0" y1="8" x2="34" y2="8" stroke="#0284c7" stroke-width="2"/>'), "OBJECT (names an entity)"),
        (swatch('<line x1="0" y1="8" x2="34" y2="8" stroke="#dc2626" stroke-width="2" stroke-dasharray="6 4"/>'),
         "SUPERSEDES (winner → the fact it froze)"),
    ]  # fmt: skip
    kinds = "".join(
        f'<span class="item">{swatch(_pill_swatch("#fff", c))}{_esc(k)}</span>'
        for k, c in KIND_COLOURS.items()
    )
    parts = "".join(f'<span class="item">{s}{_esc(t)}</span>' for s, t in items)
    toggle = '<label><input type="checkbox" id="show-frozen" checked> show frozen</label>'
    return f'<div class="legend">{parts}</div><div class="legend">fact kinds (border): {kinds}{toggle}</div>'


def render_html(g: nx.MultiDiGraph, title: str | None = None) -> str:
    """A complete, self-contained HTML page for the graph."""
    css = (_ASSETS / "graph_view.css").read_text(encoding="utf-8")
    js = (_ASSETS / "graph_view.js").read_text(encoding="utf-8")
    user = str(g.graph.get("user_id") or "")
    n_ent = sum(1 for _, d in g.nodes(data=True) if d.get("kind") == "entity")
    statuses = [d.get("status") for _, d in g.nodes(data=True) if d.get("kind") == "fact"]
    n_sup = sum(1 for *_, k in g.edges(keys=True) if k == "SUPERSEDES")
    meta = (
        f"{n_ent} entities · {statuses.count('active')} active facts · "
        f"{len(statuses) - statuses.count('active')} frozen · {n_sup} supersessions"
    )
    if g.graph.get("as_of"):
        meta += f" · as of {g.graph['as_of']}"
    heading = title or f"graphmem · {user}"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="zh-Hans"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_esc(heading)}</title><style>{css}</style></head><body>"
        f'<header><h1>{_esc(heading)}</h1><div class="meta">{_esc(meta)}</div>{_legend()}</header>'
        f'<main><div id="canvas">{render_svg(g)}</div><aside id="details" aria-live="polite"></aside></main>'
        f"<script>{js}</script></body></html>\n"
    )
