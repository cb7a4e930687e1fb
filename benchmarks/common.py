"""Shared helpers: paths, timing and percentiles, markdown tables, token counts, machine info."""

from __future__ import annotations

import os
import platform
import re
import sqlite3
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
BENCH_DIR = REPO / "benchmarks"


@dataclass
class Report:
    """What one benchmark hands back to `run`: markdown for the terminal and RESULTS.md,
    JSON-able data for `<out>/<name>.json`, and the PNGs it wrote."""

    name: str
    title: str
    markdown: str
    data: dict[str, Any] = field(default_factory=dict)
    plots: list[Path] = field(default_factory=list)
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)  # crashes caught and reported; they fail the run


# ---- timing -------------------------------------------------------------------------
def now() -> float:
    return time.perf_counter()


def ms(seconds: float) -> float:
    return seconds * 1000.0


def pct(values: Sequence[float], p: float) -> float:
    """The p-th percentile (linear interpolation, numpy's default); nan when empty."""
    if not len(values):
        return float("nan")
    return float(np.percentile(np.asarray(values, dtype=np.float64), p))


def fmt_ms(v: float) -> str:
    if v != v:  # nan
        return "–"
    return f"{v:.2f}" if v < 10 else f"{v:.1f}" if v < 100 else f"{v:.0f}"


def fmt_pct(num: int, den: int) -> str:
    return "–" if den == 0 else f"{100.0 * num / den:.1f}%"


# ---- tables -------------------------------------------------------------------------
def md_table(
    headers: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[int] | None = None
) -> str:
    """A GitHub markdown table, padded so it also reads well in a terminal.

    `right` lists the column indexes to right-align (default: every column but the first).
    """
    cols = len(headers)
    right_set = set(range(1, cols)) if right is None else set(right)
    cells = [[str(h) for h in headers]] + [[str(c) for c in r] for r in rows]
    widths = [max(_width(row[i]) for row in cells) for i in range(cols)]

    def line(row: list[str]) -> str:
        out = []
        for i, c in enumerate(row):
            pad = " " * (widths[i] - _width(c))
            out.append(pad + c if i in right_set else c + pad)
        return "| " + " | ".join(out) + " |"

    sep = "|" + "|".join(
        ("-" * (w + 1) + ":") if i in right_set else ("-" * (w + 2)) for i, w in enumerate(widths)
    )
    return "\n".join([line(cells[0]), sep + "|", *(line(r) for r in cells[1:])])


def _width(s: str) -> int:
    # CJK characters take two terminal columns.
    return sum(2 if "\u2e80" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" else 1 for ch in s)


# ---- tokens -------------------------------------------------------------------------
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")

TOKEN_NOTE = (
    "Tokens are counted simply, as whitespace-separated words plus one per CJK character "
    "(tiktoken is not installed); use them for ratios, not for billing."
)


def count_tokens(text: str) -> int:
    """Whitespace words + CJK characters (each CJK character counts as one token)."""
    cjk = len(_CJK.findall(text))
    return cjk + len(_CJK.sub(" ", text).split())


# ---- machine info -------------------------------------------------------------------
def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def ram_gib() -> float:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 1024 / 1024
    except OSError:
        pass
    return float("nan")


def machine_info() -> dict[str, str]:
    import graphmem

    return {
        "CPU": cpu_model(),
        "cores (logical)": str(os.cpu_count()),
        "RAM": f"{ram_gib():.1f} GiB",
        "OS": f"{platform.system()} {platform.release()}",
        "Python": sys.version.split()[0],
        "graphmem": getattr(graphmem, "__version__", "?"),
        "SQLite": sqlite3.sqlite_version,
        "spacy": _version("spacy"),
        "jieba": _version("jieba"),
        "numpy": _version("numpy"),
        "neo4j (driver)": _version("neo4j"),
        "rank_bm25": _version("rank-bm25"),
        "matplotlib": _version("matplotlib"),
        "load average at start (1/5/15 min)": load_average(),
    }


def load_average() -> str:
    """Other work on the machine skews latency; the report says how busy it was."""
    try:
        return " / ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "?"


def git_revision() -> str:
    try:
        head = (REPO / ".git" / "HEAD").read_text().strip()
        if head.startswith("ref: "):
            ref = REPO / ".git" / head[5:]
            if ref.exists():
                return ref.read_text().strip()[:12]
            packed = REPO / ".git" / "packed-refs"
            for line in packed.read_text().splitlines() if packed.exists() else []:
                if line.endswith(head[5:]):
                    return line.split()[0][:12]
            return "?"
        return head[:12]
    except OSError:
        return "?"
