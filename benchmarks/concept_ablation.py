"""Which hand-written concept groups (graphmem/text/concepts.py) still earn their place
next to the vector channel: each group left out in turn, on the paraphrase probes.

    python -m benchmarks.concept_ablation [--embedder static] [--groups all|kept]

Probes: the concept tests of tests/test_paraphrase_recall.py (a memory among fillers,
asked for in other words, top 4) and the pairs of tests/data/paraphrase_pairs.jsonl (all
memories of one user, top 5). A group whose removal loses no probe is covered by the
embedder; the rows print the probes each removal loses.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from benchmarks.common import REPO
from graphmem import Config, Memory
from graphmem.text import concepts

T0, T1 = "2026-01-10T09:00:00Z", "2026-02-20T09:00:00Z"


def _concept_probes() -> list[tuple[str, str, str]]:
    from tests import test_paraphrase_recall as t

    mark = next(
        m for m in t.test_a_memory_is_found_by_a_question_in_other_words.pytestmark if m.name == "parametrize"
    )
    return [tuple(p) for p in mark.args[1]]


def passes(groups: tuple[str, ...], embedder: str, workdir: Path) -> set[str]:
    """The probes (by name) that pass with `groups` as the concept groups."""
    from tests.test_paraphrase_recall import (
        FILLER_EN,
        FILLER_ZH,
        _texts,  # what a probe searches, as the tests read it
    )

    saved = concepts.GROUPS
    concepts.GROUPS = groups
    ok: set[str] = set()
    db = workdir / f"ablation-{len(groups)}-{abs(hash(groups))}.db"
    try:
        with Memory(db, config=Config(embedder=embedder)) as mem:
            for n, (said, query, want) in enumerate(_concept_probes()):
                u = f"c{n}"
                zh = any("\u4e00" <= ch <= "\u9fff" for ch in said)
                for f in FILLER_ZH if zh else FILLER_EN:
                    mem.remember(u, f, at=T0)
                mem.remember(u, said, at=T0)
                if want in _texts(mem.recall(u, query, k=4, at=T1)):
                    ok.add(f"concept:{query}")
            pairs = [
                json.loads(x)
                for x in (REPO / "tests/data/paraphrase_pairs.jsonl").read_text("utf-8").splitlines()
            ]
            for p in pairs:
                mem.remember("pairs", p["memory"], at=T0, ref=p["id"])
            for p in pairs:
                if p["id"] in [it.ref for it in mem.recall("pairs", p["question"], k=5, at=T1)]:
                    ok.add(f"pair:{p['id']}")
    finally:
        concepts.GROUPS = saved
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m benchmarks.concept_ablation", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--embedder", default="static")
    a = ap.parse_args(argv)
    groups = concepts.GROUPS
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        full = passes(groups, a.embedder, work)
        none = passes((), a.embedder, work)
        total = len(_concept_probes()) + sum(1 for _ in (REPO / "tests/data/paraphrase_pairs.jsonl").open())
        print(f"all {len(groups)} groups: {len(full)}/{total} probes; no group: {len(none)}/{total}")
        print(f"lost with no group: {sorted(full - none)}")
        for i, g in enumerate(groups):
            without = passes(groups[:i] + groups[i + 1 :], a.embedder, work)
            lost, gained = sorted(full - without), sorted(without - full)
            print(json.dumps({"group": i, "head": " ".join(g.split()[:4]), "lost": lost, "gained": gained},
                             ensure_ascii=False), flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
