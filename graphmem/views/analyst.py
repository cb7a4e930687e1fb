"""The analyst's cookbook: four named, read-only questions about one user's memory.

    timeline         every fact in the order it was recorded, with the values it replaced
    most_corrected   the attributes corrected most (superseded or retracted versions)
    facts_by_source  how much each source (declared, observed, inferred) contributed
    open_conflicts   conflicts still open: two active values of a single-valued attribute,
                     likes X and dislikes X, or frozen news newer than the active fact

On Neo4j each runs as `cypher/analyst/<name>.cypher` in a read transaction (so an
analyst can paste the same file into Neo4j Browser); on the embedded store the same
questions are answered in Python over the networkx graph (`graphmem.views.graph`). Both give
the same columns (`COLUMNS`), times as ISO-8601 strings.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any, Protocol

from graphmem.errors import InvalidInputError
from graphmem.facts.vocab import VOCAB
from graphmem.text.timestamps import from_epoch
from graphmem.views.graph import build_graph
from graphmem.write import validate

if TYPE_CHECKING:
    import networkx as nx

    from graphmem.stores.base import Store

__all__ = ["COLUMNS", "QUERIES", "run", "run_on_graph"]


class _HasStore(Protocol):
    """What `run` needs of a `Memory`: its store (views sit below `Memory` in the layers)."""

    @property
    def store(self) -> Store: ...


COLUMNS: dict[str, tuple[str, ...]] = {
    "timeline": ("at", "subject", "attribute", "value", "status", "source", "confidence", "ref",
                 "source_text", "replaces"),
    "most_corrected": ("subject", "attribute", "corrections", "versions", "current", "last_at"),
    "facts_by_source": ("source", "facts", "active", "frozen", "avg_confidence", "attributes"),
    "open_conflicts": ("kind", "subject", "attribute", "values", "fact_ids", "at"),
}  # fmt: skip
QUERIES = tuple(COLUMNS)
_TIME_COLUMNS = ("at", "last_at")


def single_attributes() -> list[str]:
    return sorted(k for k, a in VOCAB.items() if a.single)


def check_name(name: str) -> str:
    if name not in COLUMNS:
        raise InvalidInputError(f"unknown analyst query {name!r}; choose one of {', '.join(QUERIES)}")
    return name


def run(mem: _HasStore, user_id: str, name: str) -> list[dict[str, Any]]:
    """Rows of the named question about `user_id`: Cypher on Neo4j, networkx elsewhere."""
    uid = validate.user_id(user_id)
    check_name(name)
    runner = getattr(mem.store, "run_analyst", None)
    if runner is None:
        return run_on_graph(build_graph(mem.store.reader(uid), include_frozen=True), name)
    rows = runner(uid, name, {"single_attributes": single_attributes()})
    return [_normalise(dict(r), name) for r in rows]


def _normalise(row: dict[str, Any], name: str) -> dict[str, Any]:
    out = {c: row.get(c) for c in COLUMNS[name]}
    for c in _TIME_COLUMNS:
        value = out.get(c)
        if isinstance(value, (int, float)):
            t = from_epoch(float(value))
            out[c] = t.isoformat() if t else None
    confidence = out.get("avg_confidence")
    if isinstance(confidence, float):
        out["avg_confidence"] = round(confidence, 4)
    return out


# ---- the same questions over the networkx graph ----------------------------------------------


def run_on_graph(g: nx.MultiDiGraph, name: str) -> list[dict[str, Any]]:
    """Answer a named question from a graph built with `include_frozen=True`."""
    check_name(name)
    facts = [(n, d) for n, d in g.nodes(data=True) if d.get("kind") == "fact"]
    facts.sort(key=lambda nd: nd[1].get("recorded_at") or "")  # stable: store order breaks ties
    return {
        "timeline": _timeline,
        "most_corrected": _most_corrected,
        "facts_by_source": _facts_by_source,
        "open_conflicts": _open_conflicts,
    }[name](g, facts)


def _supersedes(g: nx.MultiDiGraph) -> list[tuple[str, str]]:
    return [(u, v) for u, v, k in g.edges(keys=True) if k == "SUPERSEDES"]


def _timeline(g: nx.MultiDiGraph, facts: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    replaced: dict[str, list[str]] = defaultdict(list)
    for new, old in _supersedes(g):
        if (g.nodes[old].get("recorded_at") or "") <= (g.nodes[new].get("recorded_at") or ""):
            replaced[new].append(g.nodes[old]["value"])
    return [
        {
            "at": d.get("recorded_at"),
            "subject": d.get("subject"),
            "attribute": d.get("attribute"),
            "value": d.get("value"),
            "status": d.get("status"),
            "source": d.get("source"),
            "confidence": d.get("confidence"),
            "ref": d.get("ref"),
            "source_text": d.get("source_text"),
            "replaces": sorted(replaced.get(n, [])),
        }  # fmt: skip
        for n, d in facts
    ]


def _kept_news(g: nx.MultiDiGraph) -> set[str]:
    """Frozen facts that lost arbitration: an older fact SUPERSEDES them."""
    return {
        old
        for new, old in _supersedes(g)
        if (g.nodes[new].get("recorded_at") or "") < (g.nodes[old].get("recorded_at") or "")
    }


def _most_corrected(g: nx.MultiDiGraph, facts: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    kept = _kept_news(g)
    groups: dict[tuple[str, str], list[tuple[str, dict[str, Any]]]] = defaultdict(list)
    for n, d in facts:
        groups[(d["subject_id"], d["attribute"])].append((n, d))
    rows: list[dict[str, Any]] = []
    for (_sid, attribute), members in groups.items():
        corrections = sum(1 for n, d in members if d.get("status") == "frozen" and n not in kept)
        if corrections:
            rows.append({
                "subject": members[0][1].get("subject"), "attribute": attribute,
                "corrections": corrections, "versions": len(members),
                "current": [d["value"] for _, d in members if d.get("status") == "active"],
                "last_at": max(d.get("recorded_at") or "" for _, d in members),
            })  # fmt: skip
    rows.sort(key=lambda r: (-r["corrections"], -r["versions"], r["subject"] or "", r["attribute"]))
    return rows


def _facts_by_source(g: nx.MultiDiGraph, facts: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for _, d in facts:
        groups[d.get("source") or ""].append(d)
    rows: list[dict[str, Any]] = []
    for source, ds in groups.items():
        rows.append({
            "source": source, "facts": len(ds),
            "active": sum(1 for d in ds if d.get("status") == "active"),
            "frozen": sum(1 for d in ds if d.get("status") == "frozen"),
            "avg_confidence": round(sum(float(d.get("confidence") or 0) for d in ds) / len(ds), 4),
            "attributes": sorted({d["attribute"] for d in ds}),
        })  # fmt: skip
    rows.sort(key=lambda r: (-r["facts"], r["source"]))
    return rows


def _open_conflicts(g: nx.MultiDiGraph, facts: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    active = [(n, d) for n, d in facts if d.get("status") == "active"]
    single = set(single_attributes())
    rows: list[dict[str, Any]] = []

    by_slot: dict[tuple[str, str], list[tuple[str, dict[str, Any]]]] = defaultdict(list)
    for n, d in active:
        if d["attribute"] in single:
            by_slot[(d["subject_id"], d["attribute"])].append((n, d))
    for (_sid, attribute), members in by_slot.items():
        if len(members) > 1:
            rows.append(_conflict("multiple_active", members[0][1]["subject"], attribute, members))

    likes = [(n, d) for n, d in active if d["attribute"] == "likes"]
    dislikes = [(n, d) for n, d in active if d["attribute"] == "dislikes"]
    for ln, ld in likes:
        for dn, dd in dislikes:
            same = dd["subject_id"] == ld["subject_id"]
            if same and dd["value"].strip().lower() == ld["value"].strip().lower():
                rows.append(_conflict("polarity", ld["subject"], "likes/dislikes", [(ln, ld), (dn, dd)]))

    for new, old in _supersedes(g):
        a, o = g.nodes[new], g.nodes[old]
        if (
            a.get("status") == "active"
            and o.get("status") == "frozen"
            and o["recorded_at"] > a["recorded_at"]
        ):
            rows.append(_conflict("frozen_newer", a["subject"], a["attribute"], [(new, a), (old, o)]))
    rows.sort(key=lambda r: (r["kind"], r["subject"] or "", r["attribute"], r["at"] or ""))
    return rows


def _conflict(
    kind: str, subject: str, attribute: str, members: list[tuple[str, dict[str, Any]]]
) -> dict[str, Any]:
    times = [d.get("recorded_at") or "" for _, d in members]
    return {
        "kind": kind, "subject": subject, "attribute": attribute,
        "values": [d["value"] for _, d in members], "fact_ids": [n for n, _ in members],
        "at": times[-1] if kind == "multiple_active" else max(times),
    }  # fmt: skip
