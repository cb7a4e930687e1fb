"""Where the optional shared evaluation folder is: `$GRAPHMEM_EVAL_DIR`, else `../shared/eval`
beside the repository. It is extra, never required: a clone with nothing beside it runs the
project's own scenarios (tests/scenarios/) and simply does not collect the shared ones."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EVAL = Path(os.environ.get("GRAPHMEM_EVAL_DIR") or ROOT.parent / "shared" / "eval")
PUBLIC = EVAL / "scenarios.jsonl"
DEV = EVAL / "dev.jsonl"
OWN = sorted((ROOT / "tests" / "scenarios").glob("*.jsonl"))
#: The dev set's probe pass rate may only rise: the floor is raised as the engine improves.
DEV_FLOOR_FILE = ROOT / "tests" / "dev_floor.json"


def status_line() -> str:
    found = [p.name for p in (PUBLIC, DEV) if p.is_file()]
    if not found:
        return f"shared eval: none at {EVAL}; its public and dev scenarios are not collected"
    return f"shared eval: {EVAL} ({', '.join(found)})"
