"""Behaviour scenarios through the Python API, distractors included, on every store.

- tests/scenarios/*.jsonl: the project's own scenarios, every category; all must pass.
- the shared folder's `scenarios.jsonl` (public examples), when present: all must pass.
- the shared folder's `dev.jsonl`, when present: replayed whole, its probe pass rate must
  stay at or above the floor in tests/dev_floor.json (raised as the engine improves).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.shells import scenarios as sc

from .eval_dir import DEV, DEV_FLOOR_FILE, OWN, PUBLIC

# The public scenarios and the dev set are held on both stores (their figures are reported per store).
pytestmark = pytest.mark.both_stores


def _load(paths: list[Path]) -> list[dict]:
    return [s for p in paths if p.is_file() for s in sc.load(p)]


def _failures(result: sc.ScenarioResult) -> str:
    return "; ".join(f"step {p.step} {p.kind}: {p.why} in {p.found[:12]}" for p in result.probes if not p.ok)


def _replay(scenario: dict, store_target: str, prefix: str) -> sc.ScenarioResult:
    result = sc.run(scenario, lambda: Memory(store_target), user_prefix=prefix)
    assert result.probes, "scenario had no probes"
    return result


def test_own_scenarios_cover_every_category() -> None:
    cats = {s["cat"] for s in _load(OWN)}
    assert cats == set(sc.CATEGORIES), sorted(set(sc.CATEGORIES) ^ cats)


@pytest.mark.parametrize("scenario", _load(OWN), ids=lambda s: s["id"])
def test_own_scenario(scenario: dict, store_target: str, uid: Callable[[str], str]) -> None:
    result = _replay(scenario, store_target, uid(""))
    assert result.passed, _failures(result)


@pytest.mark.parametrize("scenario", _load([PUBLIC]), ids=lambda s: s["id"])
def test_public_scenario(scenario: dict, store_target: str, uid: Callable[[str], str]) -> None:
    result = _replay(scenario, store_target, uid(""))
    assert result.passed, _failures(result)


@pytest.mark.slow
@pytest.mark.parametrize("dev_file", [DEV] if DEV.is_file() else [], ids=["dev"])
def test_dev_set_pass_rate_stays_above_floor(
    dev_file: Path, store_target: str, uid: Callable[[str], str]
) -> None:
    floor = json.loads(DEV_FLOOR_FILE.read_text(encoding="utf-8"))["probe_pass_rate"]
    probes = [p for s in sc.load(dev_file) for p in _replay(s, store_target, uid(s["id"])).probes]
    rate = sum(p.ok for p in probes) / len(probes)
    print(f"dev set: {sum(p.ok for p in probes)}/{len(probes)} probes pass ({rate:.1%}; floor {floor:.1%})")
    assert rate >= floor, f"dev-set probe pass rate {rate:.1%} fell below the recorded floor {floor:.1%}"
