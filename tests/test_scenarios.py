"""Every public scenario in ../shared/eval passes through the Python API, distractors included."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem import scenarios as sc

EVAL = Path(os.environ.get("GRAPHMEM_EVAL_DIR", Path(__file__).resolve().parents[2] / "shared" / "eval"))
SCENARIO_FILE = EVAL / "scenarios.jsonl"


def _scenarios() -> list[dict]:
    if not SCENARIO_FILE.exists():
        pytest.fail(f"public scenarios not found at {SCENARIO_FILE}; set GRAPHMEM_EVAL_DIR")
    return sc.load(SCENARIO_FILE)


@pytest.mark.parametrize("scenario", _scenarios(), ids=lambda s: s["id"])
def test_public_scenario(scenario: dict, store_target: str, uid: Callable[[str], str]) -> None:
    prefix = uid("")
    result = sc.run(scenario, lambda: Memory(store_target), user_prefix=prefix)
    failed = [p for p in result.probes if not p.ok]
    assert result.probes, "scenario had no probes"
    assert not failed, "; ".join(f"step {p.step} {p.kind}: {p.why} in {p.found[:12]}" for p in failed)
