"""Two embedders side by side: the lexical hashing vector and the static semantic one.

A text's vector is the two unit vectors concatenated, each scaled by the square root of its
weight, so the cosine of two texts is the weighted mean of the two cosines: words in common
still count as much as they did with the hashing embedder alone, and a question in other
words (or in the other language) gets what the distilled multilingual-e5 table gives it.
Neither part costs more than a fraction of a millisecond.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from graphmem.embedding.hashing import Embedder, HashingEmbedder
from graphmem.embedding.static import StaticE5Embedder

if TYPE_CHECKING:
    import numpy as np

__all__ = ["BlendEmbedder"]

#: The static part's share of the cosine (chosen on LoCoMo dense R@10 and the paraphrase
#: pairs, benchmarks/EMBEDDERS.md).
STATIC_SHARE = 0.7


class BlendEmbedder:
    """Hashing and static vectors concatenated, weighted (shares sum to 1)."""

    def __init__(self, static_share: float = STATIC_SHARE) -> None:
        if not 0.0 < static_share < 1.0:
            raise ValueError("static_share must be between 0 and 1")
        self.parts: tuple[Embedder, ...] = (HashingEmbedder(), StaticE5Embedder())
        self.scales = (math.sqrt(1.0 - static_share), math.sqrt(static_share))
        self.dim = sum(p.dim for p in self.parts)
        self.model = f"graphmem-blend-hashing-static-v1-{round(100 * static_share)}-{self.dim}"

    def embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        blocks = [s * np.asarray(p.embed(texts), dtype=np.float32) for p, s in zip(self.parts, self.scales)]
        out = np.concatenate(blocks, axis=1)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return np.divide(out, norms, out=np.zeros_like(out), where=norms > 0)
