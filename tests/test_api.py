"""The public surface: __all__, the CLI contract, and the README documenting every command."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import graphmem
from graphmem.shells.cli.main import build_parser

ROOT = Path(__file__).resolve().parents[1]


def test_all_matches_exports() -> None:
    public = {n for n in dir(graphmem) if not n.startswith("_") and n not in {"annotations"}}
    modules = {n for n in public if type(getattr(graphmem, n)).__name__ == "module"}
    assert set(graphmem.__all__) - {"__version__"} == public - modules
    for name in graphmem.__all__:
        assert hasattr(graphmem, name), name


def test_version_lives_in_pyproject_alone() -> None:
    declared = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)
    assert declared is not None
    # From the installed metadata: a stale editable install says so here (pip install -e .).
    assert graphmem.__version__ == declared.group(1)
    written = [
        str(p.relative_to(ROOT))
        for p in [*(ROOT / "graphmem").rglob("*.py"), ROOT / "setup.py"]
        if p.is_file()
        and (
            declared.group(1) in p.read_text(encoding="utf-8")
            or re.search(r"^__version__\s*=", p.read_text(encoding="utf-8"), re.M)
        )
    ]
    assert written == [], f"a version written outside pyproject.toml: {written}"


def _commands() -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return sorted(sub.choices)  # type: ignore[attr-defined]


def test_every_cli_command_is_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [
        c for c in _commands() if not re.search(rf"graphmem (\[[^\]]*\] )?(--store \S+ )?{c}\b", readme)
    ]
    assert not missing, f"README does not show: {missing}"


def _cli(store: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "graphmem", "--store", str(store), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.mark.slow  # runs the CLI in subprocesses
def test_cli_round_trip(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    r = _cli(db, "remember", "--user", "u1", "--at", "2026-01-05T10:00:00Z", "I'm a PM at Globex.")
    assert r.returncode == 0, r.stderr
    r = _cli(
        db, "remember", "--user", "u1", "--at", "2026-02-05T10:00:00Z", "Actually I work at Initech now."
    )
    assert r.returncode == 0, r.stderr
    assert _cli(db, "get", "--user", "u1", "employer").stdout.strip() == "Initech"
    got = json.loads(_cli(db, "get", "--user", "u1", "--json", "employer").stdout)
    assert [f["value"] for f in got] == ["Initech"]
    facts = json.loads(_cli(db, "facts", "--user", "u1", "--all", "--json").stdout)
    assert {f["value"]: f["status"] for f in facts if f["attribute"] == "employer"} == {
        "Globex": "frozen",
        "Initech": "active",
    }
    hist = _cli(db, "history", "--user", "u1", "employer")
    assert "supersede" in hist.stdout and "Globex" in hist.stdout
    rec = json.loads(_cli(db, "recall", "--user", "u1", "-k", "3", "--json", "where do I work?").stdout)
    assert rec[0]["fact"]["value"] == "Initech" and rec[0]["channels"]
    assert _cli(db, "get", "--user", "u2", "employer").stdout.strip() == ""


@pytest.mark.slow  # runs the CLI in subprocesses
def test_cli_errors_are_clear(tmp_path: Path) -> None:
    r = _cli(tmp_path / "x.db", "remember", "--user", "", "hello")
    assert r.returncode == 2
    assert "user_id" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.slow  # runs the CLI in subprocesses
def test_demo_runs(tmp_path: Path) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "graphmem", "demo"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "superseded" in out and "refused" in out
    assert "海川银行" in out and "4111" not in out
