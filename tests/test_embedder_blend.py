"""The blended embedder: lexical hashing and static semantic vectors side by side."""

from __future__ import annotations

import numpy as np
import pytest

from graphmem.embedding.blend import BlendEmbedder
from graphmem.embedding.choice import make_embedder
from graphmem.embedding.hashing import HashingEmbedder
from graphmem.embedding.static import StaticE5Embedder

TEXTS = [
    "The plumber is coming on Thursday to fix the boiler.",
    "我下周要去医院复查。",
    "Our boiler broke again last winter.",
    "What is wrong with the heating?",
]


@pytest.mark.parametrize("share", [0.3, 0.7])
def test_a_blended_cosine_is_the_weighted_mean_of_the_two_cosines(share: float) -> None:
    blend = BlendEmbedder(share)
    v = blend.embed(TEXTS)
    h = HashingEmbedder().embed(TEXTS)
    s = StaticE5Embedder().embed(TEXTS)
    assert v.shape == (len(TEXTS), blend.dim) and blend.dim == 256 + 256
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    for i in range(len(TEXTS)):
        for j in range(len(TEXTS)):
            want = (1 - share) * float(h[i] @ h[j]) + share * float(s[i] @ s[j])
            assert float(v[i] @ v[j]) == pytest.approx(want, abs=1e-5)
    assert blend.model != BlendEmbedder(0.5).model  # a store records which share wrote it


def test_a_blend_of_nothing_is_the_zero_vector_and_a_bad_share_is_refused() -> None:
    assert not BlendEmbedder().embed(["", "!!!"]).any()
    with pytest.raises(ValueError):
        BlendEmbedder(1.0)


def test_blend_is_chosen_by_name() -> None:
    assert isinstance(make_embedder("blend"), BlendEmbedder)
