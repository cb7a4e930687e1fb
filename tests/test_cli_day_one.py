"""What a new user hits on day one with the CLI: `get` of nothing exits non-zero with one line
(naming the attributes when the name is unknown), `facts` shows fact ids, `recall | head`
ends quietly, times are shown in local time, and `get`/`facts` start without the NLP rules."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from graphmem import Memory

# Every test starts the CLI in a fresh process (what a user runs, and what it imports).
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


def _cli(store: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "graphmem", "--store", str(store), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env={**os.environ, **(env or {})},
    )  # fmt: skip


def test_get_of_nothing_exits_non_zero_with_one_line(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    assert (
        _cli(db, "remember", "--user", "u", "--at", "2026-01-01T08:00:00Z", "I live in Ghent.").returncode
        == 0
    )
    ok = _cli(db, "get", "--user", "u", "city")
    assert ok.returncode == 0 and ok.stdout.strip() == "Ghent"
    empty = _cli(db, "get", "--user", "u", "employer")
    assert empty.returncode == 1 and empty.stdout == ""
    assert len(empty.stderr.strip().splitlines()) == 1 and "employer" in empty.stderr
    typo = _cli(db, "get", "--user", "u", "citty")
    assert (
        typo.returncode == 1
        and "citty" in typo.stderr
        and "city" in typo.stderr
        and "employer" in typo.stderr
    )


def test_facts_show_ids_and_local_times(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    _cli(db, "remember", "--user", "u", "--at", "2026-01-01T23:30:00Z", "I work at Umbrella.")
    out = _cli(db, "facts", "--user", "u", "--json")
    fid = __import__("json").loads(out.stdout)[0]["id"]
    plain = _cli(db, "facts", "--user", "u")
    assert fid in plain.stdout
    shanghai = _cli(db, "history", "--user", "u", "employer", env={"TZ": "Asia/Shanghai"})
    assert "2026-01-02T07:30+08:00" in shanghai.stdout  # 23:30 UTC is the next morning there
    assert "+00:00" not in shanghai.stdout


def test_recall_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    # Seeded in this process (twelve CLI starts cost a minute): the pipe is what is tested.
    with Memory(str(db)) as mem:
        for n in range(12):
            mem.remember("u", f"I like board game number {n}.")
    cmd = f"{sys.executable} -m graphmem --store {db} recall --user u --json -k 8 'board games' | head -2"
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", cmd], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_get_and_facts_start_without_the_extraction_rules() -> None:
    code = (
        "import sys, graphmem.shells.cli.main as m;"
        "heavy = [n for n in ('networkx', 'graphmem.extract.rules_en', 'graphmem.extract.rules_zh', 'spacy', 'jieba')"
        " if n in sys.modules]; print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


_HEAVY = (
    "numpy", "spacy", "jieba", "dateparser", "neo4j", "asyncio", "networkx", "graphmem.write.transaction",
    "graphmem.recall.recaller", "graphmem.write.episodes", "graphmem.portability", "graphmem.gate.secrets",
    "graphmem.extract.rules_en", "graphmem.extract.rules_zh", "graphmem.extract.llm",
)  # fmt: skip


def _loaded_after(db: Path, *argv: str) -> list[str]:
    """The heavy modules loaded by one CLI command run in a fresh interpreter."""
    code = (
        "import contextlib, io, json, sys\nfrom graphmem.shells.cli.main import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()): main({['--store', str(db), *argv]!r})\n"
        f"print(json.dumps(sorted(n for n in {_HEAVY!r} if n in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


def test_get_and_facts_run_without_numpy_nlp_or_the_write_path(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    _cli(db, "remember", "--user", "u", "I live in Lisbon and I work at Initrode.")
    assert _loaded_after(db, "get", "--user", "u", "city") == []
    assert _loaded_after(db, "facts", "--user", "u") == []
    # The check sees what a command loads: remember needs the write path and numpy.
    assert {"numpy", "graphmem.write.transaction"} <= set(
        _loaded_after(db, "remember", "--user", "u", "I have a cat.")
    )
