"""Run every benchmark, print the tables, write JSON and regenerate RESULTS.md.

    python -m benchmarks.run [--quick] [--neo4j URI|auto] [--scenarios PATH] [--locomo DIR] [--out DIR]

A full run rewrites `benchmarks/RESULTS.md` and `benchmarks/plots/*.png` (committed);
`--quick` (the CI smoke check: smaller sizes) and `--only` runs write their RESULTS
and plots to `<out>/`, so they never touch the committed ones. Everything else goes to `<out>`
(default `benchmarks/out/`, git-ignored). Neo4j rows run with `--neo4j` or when
GRAPHMEM_NEO4J_URI is set; otherwise they print why they were skipped.
"""

from __future__ import annotations

import argparse
import json
import logging
import shlex
import sys
import traceback
import warnings
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from . import behaviour, embedders, locomo, reliability, scale, service_load
from .common import BENCH_DIR, REPO, Report, git_revision, load_average, machine_info, md_table, now
from .neo4j_env import provision

SECTIONS = ("behaviour", "embedders", "locomo", "scale", "service", "reliability")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="CI smoke check: small sizes, < 3 minutes")
    ap.add_argument(
        "--neo4j", metavar="URI|auto", help="run the Neo4j rows against URI, or start a local server"
    )
    ap.add_argument("--scenarios", type=Path, help=f"scenario JSONL (default {behaviour.DEFAULT_SCENARIOS})")
    ap.add_argument("--locomo", type=Path, help=f"LoCoMo-format directory (default {locomo.DEFAULT_DIR})")
    ap.add_argument("--out", type=Path, default=BENCH_DIR / "out", help="where JSON, stores and logs go")
    ap.add_argument(
        "--only", default=",".join(SECTIONS), help="comma-separated subset of " + ",".join(SECTIONS)
    )
    ap.add_argument(
        "--scale-budget", type=float, help="seconds of loading allowed per scale sweep and backend"
    )
    args = ap.parse_args(argv)
    bad = set(args.only.split(",")) - set(SECTIONS)
    if bad:
        ap.error(f"--only: unknown section(s) {', '.join(sorted(bad))}")
    return args


def _say(text: str = "") -> None:
    print(text, flush=True)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    warnings.filterwarnings("ignore")
    logging.getLogger("jieba").setLevel(logging.WARNING)
    started = now()
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    only = args.only.split(",")
    partial = set(only) != set(SECTIONS)
    # Only a full run of every section rewrites the committed RESULTS.md and plots.
    if args.quick or partial:
        results_md = (
            out / f"RESULTS-{'quick' if args.quick else 'full'}{'-' + '-'.join(only) if partial else ''}.md"
        )
    else:
        results_md = BENCH_DIR / "RESULTS.md"
    plots_dir = results_md.parent / "plots"
    command = "python -m benchmarks.run " + " ".join(
        shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:])
    )
    info = machine_info()
    _say(f"# graphmem benchmarks{' (quick)' if args.quick else ''}\n")
    _say(md_table(["machine", ""], list(info.items()), right=[]))
    _say(f"\ncommand: {command.strip()}\n")

    reports: list[Report] = []
    with provision(args.neo4j) as neo:
        neo_line = (
            f"Neo4j: {neo.server_version} at {neo.uri}" if neo.ok else f"Neo4j rows: skipped: {neo.skipped}"
        )
        _say(neo_line + "\n")
        if "behaviour" in only:
            reports.append(
                _section(
                    lambda: behaviour.run(args.scenarios, out / "behaviour", neo, args.quick), "Behaviour"
                )
            )
        if "embedders" in only:
            reports.append(
                _section(lambda: embedders.run(args.locomo, out / "embedders", args.quick), "Embedders")
            )
        if "locomo" in only:
            reports.append(_section(lambda: locomo.run(args.locomo, out / "locomo", args.quick), "LoCoMo"))
        if "scale" in only:
            reports.append(
                _section(
                    lambda: scale.run(out / "scale", args.quick, neo, plots_dir, args.scale_budget), "Scale"
                )
            )
        if "service" in only:
            reports.append(
                _section(lambda: service_load.run(out / "service", args.quick, neo), "Service load")
            )
        if "reliability" in only:
            reports.append(
                _section(lambda: reliability.run(out / "reliability", args.quick, neo), "Reliability")
            )
        if neo.ok:
            info["Neo4j server"] = neo.server_version or "?"
    info["load average at end (1/5/15 min)"] = load_average()
    total = now() - started
    for r in reports:
        (out / f"{r.name}.json").write_text(
            json.dumps(_jsonable(r.data), indent=1, ensure_ascii=False), encoding="utf-8"
        )
    results_md.write_text(
        _results(reports, info, command.strip(), neo_line, total, args.quick), encoding="utf-8"
    )
    _say(f"total: {total:.0f} s; wrote {_rel(results_md)}, {_rel(plots_dir)}/*.png and {_rel(out)}/*.json")
    errors = [e for r in reports for e in r.errors]
    if errors:
        (out / "errors.log").write_text("\n\n".join(errors), encoding="utf-8")
        _say(f"{len(errors)} error(s) during the run (details in {_rel(out / 'errors.log')}):")
        for e in errors:
            _say("  - " + e.splitlines()[0])
        return 1
    return 0


def _section(fn: Any, title: str) -> Report:
    _say(f"## {title}\n")
    t0 = now()
    try:
        r: Report = fn()
    except Exception as e:  # noqa: BLE001 - the section fails loudly; the others still run
        msg = f"{type(e).__name__}: {str(e)[:300]}"
        r = Report(
            title.lower(), title, f"failed: {msg}", errors=[f"{title}: {msg}\n{traceback.format_exc()}"]
        )
        r.seconds = now() - t0
    _say(r.markdown)
    _say(f"\n({title}: {r.seconds:.0f} s)\n")
    return r


def _rel(p: Path) -> str:
    try:
        return str(p.relative_to(REPO))
    except ValueError:
        return str(p)


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, set)):
        return [_jsonable(v) for v in x]
    if isinstance(x, float) and x != x:
        return None
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return str(x)


def _results(reports: list[Report], info: dict[str, str], command: str, neo_line: str, total: float,
             quick: bool) -> str:  # fmt: skip
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    md = [
        "# graphmem benchmark results"
        + (" (quick smoke run: small sizes, not the published numbers)" if quick else ""),
        "",
        f"Generated by `{command}` on {when} at commit `{git_revision()}` (working tree) in {total / 60:.1f} min. "
        "Do not edit by hand: `make bench` regenerates this file and `benchmarks/plots/`.",
        "",
        "Reproduce: `make bench` (full, about 30 min on 2 cores), `make bench-quick` (smoke, < 3 min), "
        "`python -m benchmarks.run --neo4j auto` (adds the Neo4j rows; starts a local server with "
        "`tools/neo4j/neo4j.sh`), `--scenarios PATH`, `--locomo DIR`, `--out DIR`.",
        "",
        "## Machine",
        "",
        md_table(["", ""], list(info.items()), right=[]),
        "",
        neo_line,
    ]
    for r in reports:
        md += ["", f"## {r.title}", "", f"_{r.seconds:.0f} s_", "", r.markdown]
    return "\n".join(md) + "\n"


if __name__ == "__main__":
    sys.exit(main())
