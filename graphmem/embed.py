"""Embedders turn text into unit vectors for the vector channel.

The default, `HashingEmbedder`, is lexical, not semantic: it hashes word uni- and
bigrams and CJK character uni- and bigrams into a fixed-size signed vector. It needs
no model download and works offline; swap in a neural embedder for semantic recall.
"""

from __future__ import annotations

import re
import zlib
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .textproc import CJK_RUN, EN_STOP, normalize, stem

if TYPE_CHECKING:  # numpy loads with the first vector, not with the store
    import numpy as np


@runtime_checkable
class Embedder(Protocol):
    """Anything with a model name, a dimension and a batch `embed`."""

    model: str
    dim: int

    def embed(self, texts: list[str]) -> np.ndarray:
        """A float32 array of shape (len(texts), dim), rows L2-normalised."""
        ...


_LATIN = re.compile(r"[a-z0-9]+")
_CJK = CJK_RUN.pattern.removesuffix("+")  # one CJK character
_CJK_CHAR = re.compile(_CJK)
_CJK_BIGRAM = re.compile(f"(?=({_CJK}{_CJK}))")  # every pair of adjacent ones, overlapping


class HashingEmbedder:
    """Signed feature hashing of lexical n-grams (documented as lexical, not semantic)."""

    def __init__(self, dim: int = 256) -> None:
        if dim < 16:
            raise ValueError("dim must be at least 16")
        self.dim = dim
        self.model = f"graphmem-hashing-v1-{dim}"

    def _features(self, text: str) -> Counter[str]:
        """Each feature of `text` with its count. CJK characters and bigrams are found by
        two scans of the whole text (a long CJK text has two features a character, in
        hundreds of runs); Latin words are paired within the stretch between two runs."""
        norm = normalize(text)
        counts: Counter[str] = Counter(_CJK_CHAR.findall(norm))
        counts.update(_CJK_BIGRAM.findall(norm))
        for chunk in CJK_RUN.split(norm):  # the stretches between CJK runs
            if _LATIN.search(chunk):
                counts.update(self._latin(chunk))
        return counts

    @staticmethod
    def _latin(chunk: str) -> list[str]:
        words = [stem(w) for w in _LATIN.findall(chunk) if w not in EN_STOP]
        feats = list(words)
        feats.extend(f"{a} {b}" for a, b in zip(words, words[1:]))
        for w in words:
            feats.extend(_trigrams(w))
        return feats

    def embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        rows: dict[str, int] = {}  # a text repeated in the batch is hashed once
        for row, text in enumerate(texts):
            if text in rows:
                out[row] = out[rows[text]]
                continue
            rows[text] = row
            out[row] = self._vector(text)
        return out

    def _vector(self, text: str) -> np.ndarray:
        import numpy as np

        counts = self._features(text)  # each distinct feature hashed once
        vec = np.zeros(self.dim, dtype=np.float32)
        if counts:
            hashes = np.array([zlib.crc32(f.encode("utf-8")) for f in counts], dtype=np.uint32)
            weights = np.array([(0.5 if f[:1] == "#" else 1.0) * n for f, n in counts.items()])
            signed = np.where((hashes >> 31) & 1, weights, -weights)
            # Sums of halves and ones are exact in float32 up to 2**23, so one bincount
            # gives the same vector as adding feature by feature.
            vec[:] = np.bincount(hashes % self.dim, weights=signed, minlength=self.dim)
        norm = float(np.linalg.norm(vec))
        if norm > 0:
            vec /= norm
        return vec


@lru_cache(maxsize=65536)
def _trigrams(word: str) -> tuple[str, ...]:
    """Character trigrams of a word: some robustness to spelling variants. Words recur,
    so each one's are kept."""
    padded = f"<{word}>"
    return tuple("#" + padded[i : i + 3] for i in range(len(padded) - 2))


def row_dots(matrix: np.ndarray, vector: np.ndarray) -> np.ndarray:
    """`matrix @ vector` (a cosine per row for unit rows), without BLAS threads.

    numpy's matmul hands this to OpenBLAS, which splits it over every core and leaves
    its worker threads spinning for a while after each call. On a small machine those
    spinning threads take the CPU from whatever runs next, a local database server
    among them: measured on a 2-vCPU box with 10k vectors per user, Neo4j recall p95
    went from 19-22 ms to 33-41 ms. einsum runs on the calling thread; the single-
    threaded product costs about the same (0.4 ms for 10,000 × 256)."""
    import numpy as np

    return np.einsum("ij,j->i", matrix, vector)
