"""One user's memory as a `networkx.MultiDiGraph`, and writers for GraphML, JSON and HTML.

    entity node   kind="entity"  type, name, aliases, created_at
    fact node     kind="fact"    attribute, value, status, fact_kind, source, confidence,
                                 ref, source_text, text, subject, valid_from, valid_to,
                                 recorded_at, last_accessed_at, access_count, ...
    fact ─SUBJECT─► entity       what the fact is about
    fact ─OBJECT──► entity       the entity a relation value names (my daughter → 朵朵)
    fact ─SUPERSEDES─► fact      rule, at: the newer statement froze the older one (or,
                                 when the news lost arbitration, the holder froze the news)

Node ids are the store's ids (`e_…` for entities, `f_…` for facts); edge keys are the
edge types. Times are ISO-8601 strings in UTC, so every writer can serialise them.
The graph is built from one `UserReader`, so it never holds another user's nodes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from graphmem.model import Entity, Fact
from graphmem.stores.base import UserReader

if TYPE_CHECKING:  # networkx is imported by the functions that build graphs, not by the CLI's start-up
    import networkx as nx

__all__ = ["FORMATS", "build_graph", "facts_in", "to_json", "write_graph", "write_graphml", "write_json"]

FORMATS = ("graphml", "json", "html")


def _iso(t: datetime | None) -> str | None:
    return None if t is None else t.isoformat()


def _visible(f: Fact, as_of: datetime | None, include_frozen: bool) -> str | None:
    """The status the fact shows in the graph (at `as_of` when given), or None to leave it out."""
    if f.status == "archived":
        return None
    if as_of is None:
        return f.status if (f.status == "active" or include_frozen) else None
    if f.recorded_at > as_of:
        return None
    active_then = f.valid_from <= as_of and (f.valid_to is None or f.valid_to > as_of)
    if active_then:
        return "active"
    return "frozen" if include_frozen else None


def _entity_attrs(e: Entity) -> dict[str, Any]:
    return {
        "kind": "entity",
        "type": e.type,
        "name": e.name,
        "label": "self" if e.type == "self" else e.name,
        "aliases": list(e.aliases),
        "created_at": _iso(e.created_at),
    }


def _fact_attrs(f: Fact, status: str) -> dict[str, Any]:
    return {
        "kind": "fact",
        "attribute": f.attribute,
        "value": f.value,
        "label": f"{f.attribute} = {f.value}",
        "status": status,
        "status_now": f.status,
        "fact_kind": f.kind,
        "source": f.source,
        "confidence": float(f.confidence),
        "ref": f.ref,
        "source_text": f.source_text,
        "text": f.text,
        "subject": f.subject_name,
        "subject_id": f.subject_id,
        "object_id": f.object_id,
        "qualifier": f.qualifier,
        "valid_from": _iso(f.valid_from),
        "valid_to": _iso(f.valid_to),
        "recorded_at": _iso(f.recorded_at),
        "last_accessed_at": _iso(f.last_accessed_at),
        "access_count": int(f.access_count),
        "half_life_days": float(f.half_life_days),
        "superseded_by": f.superseded_by,
        "inferred": bool(f.inferred),
    }


def build_graph(
    reader: UserReader,
    as_of: datetime | None = None,
    include_frozen: bool = False,
    include_episodes: bool = False,
) -> nx.MultiDiGraph:
    """The user's subgraph: entities, facts (active; frozen too on request) and their edges;
    with `include_episodes`, the kept messages too, as a timeline lane (`lane="timeline"`,
    NEXT between turns, FROM from each shown fact to its message).

    With `as_of`, the graph shows what was known then: facts recorded by that time, with
    the status they had at that time, and only the SUPERSEDES edges made by then.
    """
    import networkx as nx

    g: nx.MultiDiGraph = nx.MultiDiGraph(
        user_id=reader.user_id,
        as_of=_iso(as_of),
        include_frozen=bool(include_frozen),
    )
    entities = {e.id: e for e in reader.entities()}
    shown: dict[str, tuple[Fact, str]] = {}
    for f in reader.facts(statuses=None):
        status = _visible(f, as_of, include_frozen)
        if status is not None:
            shown[f.id] = (f, status)

    wanted = {e.id for e in entities.values() if e.type == "self"}
    for f, _ in shown.values():
        wanted.add(f.subject_id)
        if f.object_id:
            wanted.add(f.object_id)
    for eid, e in entities.items():
        if eid in wanted and (as_of is None or e.created_at is None or e.created_at <= as_of):
            g.add_node(eid, **_entity_attrs(e))

    for fid, (f, status) in shown.items():
        g.add_node(fid, **_fact_attrs(f, status))
        if f.subject_id in g:
            g.add_edge(fid, f.subject_id, key="SUBJECT", type="SUBJECT")
        if f.object_id and f.object_id in g:
            g.add_edge(fid, f.object_id, key="OBJECT", type="OBJECT")

    for edge in reader.supersedes():
        if edge.new_id in shown and edge.old_id in shown and (as_of is None or edge.at <= as_of):
            g.add_edge(edge.new_id, edge.old_id, key="SUPERSEDES", type="SUPERSEDES",
                       rule=edge.rule, at=_iso(edge.at))  # fmt: skip
    if include_episodes:
        _add_episodes(g, reader, as_of, list(shown))
    return g


def _add_episodes(
    g: nx.MultiDiGraph, reader: UserReader, as_of: datetime | None, fact_ids: list[str]
) -> None:
    episodes = [e for e in reader.episodes() if as_of is None or e.at <= as_of]
    for e in episodes:
        g.add_node(e.id, kind="episode", lane="timeline", role=e.role, text=e.text, at=_iso(e.at),
                   date=_iso(e.date), ref=e.ref, speaker=e.speaker, position=e.position,
                   label=e.text[:60])  # fmt: skip
    for e in episodes:
        if e.prev_id and e.prev_id in g:
            g.add_edge(e.prev_id, e.id, key="NEXT", type="NEXT")
    for link in reader.episode_links(fact_ids=fact_ids) if fact_ids else []:
        if link.fact_id in g and link.episode_id in g:
            g.add_edge(link.fact_id, link.episode_id, key="FROM", type="FROM")


# ---- writers ---------------------------------------------------------------------------


def _scalar_attrs(attrs: dict[str, Any]) -> dict[str, Any]:
    """GraphML keeps scalars only: drop None, join lists."""
    out: dict[str, Any] = {}
    for k, v in attrs.items():
        if v is None:
            continue
        if isinstance(v, (list, tuple)):
            v = "|".join(str(x) for x in v)
        out[k] = v
    return out


def write_graphml(g: nx.MultiDiGraph, target: str | Path | IO[bytes]) -> None:
    """GraphML (for Gephi, yEd, Cytoscape); list attributes are joined with `|`."""
    import networkx as nx

    h: nx.MultiDiGraph = nx.MultiDiGraph(**_scalar_attrs(dict(g.graph)))
    for n, d in g.nodes(data=True):
        h.add_node(n, **_scalar_attrs(d))
    for u, v, k, d in g.edges(keys=True, data=True):
        h.add_edge(u, v, key=k, **_scalar_attrs(d))
    nx.write_graphml(h, target, encoding="utf-8")


def to_json(g: nx.MultiDiGraph) -> dict[str, Any]:
    """Node-link JSON (the shape `networkx.node_link_graph(data, edges="links")` reads)."""
    return {
        "directed": True,
        "multigraph": True,
        "graph": dict(g.graph),
        "nodes": [{"id": n, **d} for n, d in g.nodes(data=True)],
        "links": [{"source": u, "target": v, "key": k, **d} for u, v, k, d in g.edges(keys=True, data=True)],
    }


def write_json(g: nx.MultiDiGraph, target: IO[str]) -> None:
    json.dump(to_json(g), target, ensure_ascii=False, indent=2)
    target.write("\n")


def write_graph(g: nx.MultiDiGraph, fmt: str, path: str | Path) -> None:
    """Write `g` to `path` as graphml, json or html."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown graph format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if fmt == "graphml":
        write_graphml(g, str(path))
        return
    with open(path, "w", encoding="utf-8") as fh:
        if fmt == "json":
            write_json(g, fh)
        else:
            from graphmem.views.html import render_html

            fh.write(render_html(g))


def facts_in(g: nx.MultiDiGraph) -> Iterable[tuple[str, dict[str, Any]]]:
    """(id, attributes) of every fact node."""
    return ((n, d) for n, d in g.nodes(data=True) if d.get("kind") == "fact")
