"""The built wheel works on its own: installed (not editable) into a fresh virtualenv outside
the source tree, it runs the demo and a remember/get round trip on both stores.

The fresh environment gets graphmem only from the wheel; its third-party dependencies are
borrowed from this test run's environment through a .pth line (so the test needs no
download), which adds that folder to sys.path without running its editable-install hook.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import BACKENDS

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    (found,) = out.glob("graphmem-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    env_dir = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True, timeout=120)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheel)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    (Path(site) / "borrowed-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    yield env_dir


def _run(env_dir: Path, *args: str, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        list(args), cwd=cwd, capture_output=True, text=True, timeout=300,
        env={**os.environ, "PATH": f"{env_dir / 'bin'}:{os.environ['PATH']}", **(env or {})},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_wheel_holds_every_cypher_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        f"graphmem/stores/neo4j/cypher/{p.relative_to(ROOT / 'cypher')}"
        for p in (ROOT / "cypher").rglob("*.cypher")
    }
    assert expected, "the repository has no cypher files"
    assert expected <= names, sorted(expected - names)
    assert "graphmem/stores/neo4j/cypher/graphmem.grass" in names
    assert any(n.startswith("graphmem/extract/prompts/") for n in names)


def test_installed_wheel_is_the_one_imported(installed: Path, tmp_path: Path) -> None:
    version = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M).group(1)  # type: ignore[union-attr]
    out = _run(installed, "python", "-c", "import graphmem; print(graphmem.__file__); print(graphmem.__version__)",
               cwd=tmp_path)  # fmt: skip
    where, got = out.split()
    assert str(installed) in where and str(ROOT) not in where
    assert got == version


def test_installed_demo_runs(installed: Path, tmp_path: Path) -> None:
    out = _run(installed, "graphmem", "demo", cwd=tmp_path)
    assert "superseded" in out


ROUND_TRIP = """
import json, sys
from graphmem import Memory
with Memory(sys.argv[1]) as mem:
    mem.remember(sys.argv[2], "I work at Halcyon Robotics.", at="2026-01-05T09:00:00Z")
    print(json.dumps([f.value for f in mem.get(sys.argv[2], "employer")]))
"""


@pytest.mark.parametrize("store_kind", BACKENDS)  # the installed Neo4j store reads its packaged Cypher
def test_installed_round_trip(
    installed: Path, tmp_path: Path, store_kind: str, request: pytest.FixtureRequest
) -> None:
    target = str(tmp_path / "m.db") if store_kind == "sqlite" else request.getfixturevalue("neo4j_uri")
    user = f"wheel-{tmp_path.name}"
    out = _run(installed, "python", "-c", ROUND_TRIP, target, user, cwd=tmp_path)
    assert json.loads(out) == ["Halcyon Robotics"]
