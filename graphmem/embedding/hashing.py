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

from graphmem.text.terms import CJK_RUN, EN_STOP, normalize, stem

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

    def _features(self, norm: str) -> Counter[str]:
        """Each feature of a `normalize`d text with its count. CJK characters and bigrams
        are found by two scans of the whole text (a long CJK text has two features a
        character, in hundreds of runs), then the Latin ones (`_latin_features`)."""
        counts: Counter[str] = Counter(_CJK_CHAR.findall(norm))
        counts.update(_CJK_BIGRAM.findall(norm))
        counts.update(self._latin_features(norm))
        return counts

    def _latin_features(self, norm: str) -> Counter[str]:
        """The Latin features of a `normalize`d text: words are paired within the stretch
        between two CJK runs."""
        counts: Counter[str] = Counter()
        for chunk in CJK_RUN.split(norm):
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
        distinct = list(dict.fromkeys(texts))  # a text repeated in the batch is hashed once
        norms = [normalize(t) for t in distinct]
        if sum(map(len, norms)) >= _LONG_TEXT:
            vectors = self._batch_vectors(norms)
        else:
            vectors = [self._vector(n) for n in norms]
        row = {t: i for i, t in enumerate(distinct)}
        for i, text in enumerate(texts):
            out[i] = vectors[row[text]]
        return out

    def _vector(self, norm: str) -> np.ndarray:
        """The vector of one `normalize`d text, feature by feature."""
        import numpy as np

        hashes, weights = _hashed(self._features(norm))  # each distinct feature hashed once
        vec = np.zeros(self.dim, dtype=np.float32)
        if len(hashes):
            signed = np.where((hashes >> 31) & 1, weights, -weights)
            # Sums of halves and ones are exact in float32 up to 2**23, so one bincount
            # gives the same vector as adding feature by feature.
            vec[:] = np.bincount(hashes % self.dim, weights=signed, minlength=self.dim)
        return _unit(vec)

    def _batch_vectors(self, norms: list[str]) -> list[np.ndarray]:
        """The vectors of `normalize`d texts with many characters between them: their CJK
        features counted and hashed as arrays for all of them at once (`_cjk_features`),
        the Latin ones text by text. The two sets of features are disjoint and every sum
        is of whole numbers and halves, so each vector is the one `_vector` gives."""
        import numpy as np

        rows, hashes, weights = _cjk_features(norms)
        parts = [(rows, hashes, weights)]
        for i, norm in enumerate(norms):
            h, w = _hashed(self._latin_features(norm))
            if len(h):
                parts.append((np.full(len(h), i, dtype=np.int64), h, w))
        rows = np.concatenate([p[0] for p in parts])
        hashes = np.concatenate([p[1] for p in parts])
        weights = np.concatenate([p[2] for p in parts])
        signed = np.where((hashes >> 31) & 1, weights, -weights)
        slots = rows * self.dim + (hashes % self.dim).astype(np.int64)
        sums = np.bincount(slots, weights=signed, minlength=len(norms) * self.dim).reshape(
            len(norms), self.dim
        )
        return [_unit(sums[i].astype(np.float32)) for i in range(len(norms))]


def _unit(vec: np.ndarray) -> np.ndarray:
    import numpy as np

    norm = float(np.linalg.norm(vec))
    if norm > 0:
        vec /= norm
    return vec


#: From this many characters in one batch on, CJK features are counted with numpy
#: (`_cjk_features`): below it the arrays cost more than the Python they replace.
_LONG_TEXT = 512


def _hashed(counts: Counter[str]) -> tuple[np.ndarray, np.ndarray]:
    """(CRC-32 of each feature's UTF-8, its weight: its count, halved for a trigram)."""
    import numpy as np

    hashes = np.array([zlib.crc32(f.encode("utf-8")) for f in counts], dtype=np.uint32)
    weights = np.array([(0.5 if f[:1] == "#" else 1.0) * n for f, n in counts.items()], dtype=np.float64)
    return hashes, weights


def _crc_table() -> np.ndarray:
    import numpy as np

    table = np.zeros(256, dtype=np.uint32)
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
        table[i] = c
    return table


_CRC_TABLE: np.ndarray | None = None


def _crc32_rows(data: np.ndarray) -> np.ndarray:
    """zlib.crc32 of each row of a uint8 matrix, computed for all rows at once."""
    import numpy as np

    global _CRC_TABLE
    if _CRC_TABLE is None:
        _CRC_TABLE = _crc_table()
    crc = np.full(data.shape[0], 0xFFFFFFFF, dtype=np.uint32)
    for col in range(data.shape[1]):
        crc = _CRC_TABLE[(crc ^ data[:, col]) & 0xFF] ^ (crc >> np.uint32(8))
    return crc ^ np.uint32(0xFFFFFFFF)


def _utf8_of_bmp(cps: np.ndarray) -> np.ndarray:
    """The three UTF-8 bytes of each code point (all in U+0800..U+FFFF), one row each."""
    import numpy as np

    out = np.empty((len(cps), 3), dtype=np.uint8)
    out[:, 0] = 0xE0 | (cps >> 12)
    out[:, 1] = 0x80 | ((cps >> 6) & 0x3F)
    out[:, 2] = 0x80 | (cps & 0x3F)
    return out


def _cjk_features(norms: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(text, hash, count) of each distinct CJK character and pair of adjacent ones in each
    of `norms`: the features `_features` finds with `_CJK_CHAR` and `_CJK_BIGRAM`, hashed alike."""
    import numpy as np

    # One array for all texts, a newline between two: no pair of CJK characters spans two.
    cps = np.frombuffer("\n".join(norms).encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    text = np.repeat(np.arange(len(norms), dtype=np.uint64), [len(n) + 1 for n in norms])[: len(cps)]
    cjk = (
        ((cps >= 0x3400) & (cps <= 0x4DBF))
        | ((cps >= 0x4E00) & (cps <= 0x9FFF))
        | ((cps >= 0xF900) & (cps <= 0xFAFF))
    )
    chars, char_n = np.unique((text[cjk] << np.uint64(16)) | cps[cjk], return_counts=True)
    both = cjk[:-1] & cjk[1:]
    pairs = (text[:-1][both] << np.uint64(32)) | (cps[:-1][both] << np.uint64(16)) | cps[1:][both]
    pairs, pair_n = np.unique(pairs, return_counts=True)
    low16 = np.uint64(0xFFFF)
    hashes = np.concatenate([
        _crc32_rows(_utf8_of_bmp((chars & low16).astype(np.uint32))),
        _crc32_rows(np.hstack([
            _utf8_of_bmp(((pairs >> np.uint64(16)) & low16).astype(np.uint32)),
            _utf8_of_bmp((pairs & low16).astype(np.uint32)),
        ])),
    ])  # fmt: skip
    rows = np.concatenate([chars >> np.uint64(16), pairs >> np.uint64(32)]).astype(np.int64)
    return rows, hashes, np.concatenate([char_n, pair_n]).astype(np.float64)


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
    went from 19-22 ms to 33-41 ms. einsum runs on the calling thread.

    The product is bound by reading the matrix (20 MB for 20,000 rows of 256), and a
    query's hashed vector has few non-zero coordinates (a short question: 4-25 of 256).
    A matrix stored column by column (the stores' vector caches) is read only in those columns; the
    zeros would add nothing to any row's sum."""
    import numpy as np

    if matrix.ndim == 2 and matrix.strides[0] < matrix.strides[1]:
        nz = np.flatnonzero(vector)
        if len(nz) * SPARSE_SHARE <= len(vector):
            return np.einsum("j,ji->i", vector[nz], matrix.T[nz])
    return np.einsum("ij,j->i", matrix, vector)


#: `row_dots` reads only the non-zero columns of a query with at most 1/SPARSE_SHARE of
#: its coordinates non-zero (beyond that, gathering them costs about what it saves).
SPARSE_SHARE = 4


def embed_queries(embedder: Embedder, texts: list[str]) -> np.ndarray:
    """Questions' vectors: through the embedder's `embed_query` when it has one (models
    such as e5 embed a question with another prefix than a stored text), else `embed`."""
    query = getattr(embedder, "embed_query", None)
    return query(texts) if callable(query) else embedder.embed(texts)
