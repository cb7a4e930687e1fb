"""Behaviour benchmark: replay scenario files (shared/eval format) against graphmem and baselines.

Replay, probes and distractors come from `graphmem.shells.scenarios` (the same harness the
tests use). Every system gets a fresh store per scenario; on a shared Neo4j server a
unique user prefix per scenario keeps runs apart. A scenario passes when every probe
in it passes; the table shows scenario pass rates per category.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.baselines import AppendOnlyMemory, ChatlogVector
from benchmarks.common import SHARED, Report, fmt_pct, md_table, now
from benchmarks.neo4j_env import Neo4jTarget
from graphmem import Memory
from graphmem.shells import scenarios as sc

DEFAULT_SCENARIOS = SHARED / "eval" / "scenarios.jsonl"
TARGET = 0.95

NOTES = """\
- **graphmem**: `Memory(store)` with defaults (RuleExtractor, StaticE5Embedder, SQLite unless marked).
- **chatlog_vector**: every *user* message appended to a per-user log (SQL-filtered by user id);
  `recall` = cosine top-k with the same `StaticE5Embedder`; it has no attributes, so `get(attr)` is
  recall with the attribute name as the query (top 3) and `facts` is every logged message.
  Assistant turns are not logged; secrets are logged as said (a chat log has no secret gate).
- **append_only**: graphmem's own gate, rule extraction, store and hybrid recall with arbitration
  switched off: every extracted candidate is appended as an active fact (no reinforce, supersede,
  keep-frozen; retractions dropped). The gap to graphmem is what arbitration buys.
- A scenario passes when all of its probes pass; distractors are added as the format specifies."""


def _systems(workdir: Path, neo4j: Neo4jTarget | None) -> dict[str, Callable[[str], Callable[[], Any]]]:
    """name -> (scenario key -> factory of a fresh-or-reopened system on that scenario's store)."""

    def graphmem_sqlite(key: str) -> Callable[[], Any]:
        return lambda: Memory(workdir / f"graphmem-{key}.db")

    def chatlog(key: str) -> Callable[[], Any]:
        return lambda: ChatlogVector(workdir / f"chatlog-{key}.db")

    def append_only(key: str) -> Callable[[], Any]:
        return lambda: AppendOnlyMemory(workdir / f"append-{key}.db")

    out: dict[str, Callable[[str], Callable[[], Any]]] = {"graphmem": graphmem_sqlite}
    if neo4j is not None and neo4j.ok:
        out["graphmem (neo4j)"] = lambda key: neo4j.memory  # type: ignore[return-value]
    out["chatlog_vector"] = chatlog
    out["append_only"] = append_only
    return out


def _sample(scenarios: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first scenario of each category (quick runs on a server, where remember is slow)."""
    seen: dict[str, dict[str, Any]] = {}
    for s in scenarios:
        seen.setdefault(s.get("cat", ""), s)
    return list(seen.values())


def run(
    scenarios_path: Path | None, workdir: Path, neo4j: Neo4jTarget | None = None, quick: bool = False
) -> Report:
    t0 = now()
    path = Path(scenarios_path or DEFAULT_SCENARIOS)
    scenarios = sc.load(path)
    workdir.mkdir(parents=True, exist_ok=True)
    for old in workdir.glob("*.db*"):
        old.unlink()
    systems = _systems(workdir, neo4j)
    results: dict[str, list[sc.ScenarioResult]] = {}
    errors: dict[str, list[str]] = defaultdict(list)
    for name, make in systems.items():
        results[name] = []
        sample = name.endswith("(neo4j)") and quick
        for i, s in enumerate(_sample(scenarios) if sample else scenarios):
            key = f"{i:03d}"
            prefix = ""
            if name.endswith("(neo4j)") and neo4j is not None:
                prefix = f"bench-{uuid.uuid4().hex[:10]}-"
                neo4j.created_users.update(prefix + st.get("user", "") for st in s["steps"] if "user" in st)
            try:
                results[name].append(sc.run(s, make(key), user_prefix=prefix))
            except Exception as e:  # noqa: BLE001 - a crash fails the scenario, with the reason
                r = sc.ScenarioResult(s["id"], s.get("cat", ""))
                r.probes.append(sc.ProbeResult(-1, "crash", False, [], f"{type(e).__name__}: {e}"))
                results[name].append(r)
                errors[name].append(s["id"])

    cats = sorted({s.get("cat", "") for s in scenarios})
    names = list(results)
    rows = []
    data: dict[str, Any] = {"scenarios": str(path), "systems": {}}
    for cat in cats:
        row: list[str] = [cat]
        for n in names:
            rs = [r for r in results[n] if r.cat == cat]
            row.append(f"{sum(r.passed for r in rs)}/{len(rs)}")
        rows.append(row)
    overall = ["**overall**"]
    probes = ["probes passed"]
    for n in names:
        rs = results[n]
        passed = sum(r.passed for r in rs)
        overall.append(f"**{passed}/{len(rs)} ({fmt_pct(passed, len(rs))})**")
        ps = [p for r in rs for p in r.probes]
        probes.append(f"{sum(p.ok for p in ps)}/{len(ps)}")
        data["systems"][n] = {
            "passed": passed,
            "total": len(rs),
            "by_category": {
                c: [sum(r.passed for r in rs if r.cat == c), sum(r.cat == c for r in rs)] for c in cats
            },
            "failed": {r.id: [p.why for p in r.probes if not p.ok] for r in rs if not r.passed},
        }
    rows.append(overall)
    rows.append(probes)

    md = [
        f"Scenario file: `{_show(path)}` ({len(scenarios)} scenarios). Cells: scenarios passed / total.",
        "",
    ]
    if quick and any(n.endswith("(neo4j)") for n in names):
        md += ["Quick run: graphmem (neo4j) replays the first scenario of each category only.", ""]
    md.append(md_table(["category", *names], rows))
    md.append("")
    g = data["systems"]["graphmem"]
    verdict = "PASS" if g["passed"] >= TARGET * g["total"] else "MISS"
    md.append(
        f"Target: graphmem >= {TARGET:.0%} of scenarios: **{verdict}** ({fmt_pct(g['passed'], g['total'])})."
    )
    md.append("")
    for n in names:
        failed = [r for r in results[n] if not r.passed]
        if not failed:
            md.append(f"- {n}: no failures.")
            continue
        if n.startswith("graphmem"):
            md.append(f"- {n} fails {len(failed)}:")
            for r in failed:
                why = "; ".join(
                    f"step {p.step} {p.kind}: {p.why} (got {p.found[:6]})" for p in r.probes if not p.ok
                )
                md.append(f"  - `{r.id}` ({r.cat}): {why}")
        else:
            md.append(f"- {n} fails {len(failed)}: " + ", ".join(f"`{r.id}`" for r in failed))
    for n, ids in errors.items():
        md.append(f"- {n} crashed on: {', '.join(ids)}")
    if neo4j is not None and not neo4j.ok:
        md.append(f"- graphmem (neo4j): skipped: {neo4j.skipped}")
    md += ["", "Notes:", NOTES]
    return Report(
        "behaviour", "Behaviour: scenario pass rate per category", "\n".join(md), data, [], now() - t0
    )


def _show(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(SHARED.parent.resolve()))
    except ValueError:
        return str(path)
