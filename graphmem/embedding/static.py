"""The default embedder: a static bilingual word table distilled from multilingual-e5-small.

`StaticE5Embedder` embeds a text as the weighted mean of its words' rows in a table that
ships with graphmem (`data/e5_static_zh_en.npz`, built by `tools/distill_static_embeddings.py`
the way model2vec builds its static models: every word passed alone through the transformer,
PCA, frequency weighting). Each row came out of the same multilingual model, so English and
Chinese words that mean the same thing lie close ("dentist" and 牙医), and so do words of one
topic ("pills" and "medication"): paraphrase and cross-lingual recall without a model server,
a download or a transformer at run time (a text costs tens of microseconds).

Words are found as graphmem finds them elsewhere: jieba's search-mode words of a Chinese run
(a word missing from the table falls back to its characters), Latin words lowercased (a word
missing from the table is split greedily into known word-inside pieces, as WordPiece does).
"""

from __future__ import annotations

import os
import re
import threading
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from graphmem.text.terms import CJK_RUN, cjk_words, normalize

if TYPE_CHECKING:
    import numpy as np

__all__ = ["StaticE5Embedder"]

TABLE = "e5_static_zh_en.npz"
#: The width of TABLE's rows; known without loading it, so that opening a store (and the
#: CLI's read-only commands, which never embed) does not import numpy or read the table.
DIM = 256
_LATIN = re.compile(r"[a-z]+")
_CONT = "##"  # marks a word-inside piece in the table
_MAX_PIECE = 24


class _Table:
    """The word table, loaded once per process (about 13 MB in memory)."""

    def __init__(self, name: str) -> None:
        import numpy as np

        # A name is the shipped table; a path, a table built elsewhere (benchmarks/embedders.py
        # reads the 384-d one of `tools/distill_static_embeddings.py --space e5` from build/).
        source = Path(name) if os.sep in name else resources.files("graphmem.embedding") / "data" / name
        with source.open("rb") as f:
            data = np.load(f)
            words = bytes(data["words"]).decode("utf-8").split("\n")
            vectors = data["vectors"].astype(np.float32)
            # Scale and frequency weight folded into each row once.
            vectors *= (data["scale"] * data["weight"])[:, None]
            self.source = bytes(data["source"]).decode("utf-8")
        self.rows = vectors
        self.index = {w: i for i, w in enumerate(words)}
        self.dim = int(vectors.shape[1])


_tables: dict[str, _Table] = {}
_table_lock = threading.Lock()


def _load(name: str = TABLE) -> _Table:
    table = _tables.get(name)
    if table is None:
        with _table_lock:
            table = _tables.get(name) or _Table(name)
            first = next(iter(_tables.values()), table)
            # Both tables are built from one vocabulary (tools/distill_static_embeddings.py), so
            # a text's word ids are the same in either and are cached once.
            if first.index != table.index:  # pragma: no cover - tables from different builds
                raise RuntimeError(f"{name} and the table loaded before it have different words")
            _tables[name] = table
    return table


def _index() -> dict[str, int]:
    """The word ids, from whichever table this process loaded first."""
    return next(iter(_tables.values())).index if _tables else _load().index


class StaticE5Embedder:
    """Weighted mean of distilled multilingual-e5-small word vectors (bilingual, offline)."""

    def __init__(self, table: str = TABLE, dim: int = DIM) -> None:
        self.table = table
        self.dim = dim
        self.model = f"graphmem-static-e5-zh-en-v1-{self.dim}"

    def embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        table = _load(self.table)
        if table.dim != self.dim:  # pragma: no cover - a table rebuilt without updating DIMS
            raise RuntimeError(f"{self.table} has {table.dim}-d rows, not {self.dim}")
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        rows = table.rows
        for i, text in enumerate(texts):
            ids = _ids(text)
            if ids:
                v = rows[list(ids)].sum(axis=0)
                n = float(np.linalg.norm(v))
                if n > 0:
                    out[i] = v / n
        return out


def _ids(text: str) -> tuple[int, ...]:
    norm = normalize(text)
    if len(norm) <= 256:
        return _cached_ids(norm)
    return _text_ids(norm)


@lru_cache(maxsize=8192)
def _cached_ids(norm: str) -> tuple[int, ...]:
    """Queries and short facts recur (a fact and the message it came from, a repeated question)."""
    return _text_ids(norm)


def _text_ids(norm: str) -> tuple[int, ...]:
    index = _index()
    ids: list[int] = []
    last = 0
    for m in CJK_RUN.finditer(norm):
        ids.extend(_latin_ids(norm[last : m.start()], index))
        for w in cjk_words(m.group()):
            ids.extend(_cjk_word_ids(w, index))
        last = m.end()
    ids.extend(_latin_ids(norm[last:], index))
    return tuple(ids)


def _cjk_word_ids(word: str, index: dict[str, int]) -> list[int]:
    i = index.get(word)
    if i is not None:
        return [i]
    return [j for ch in word if (j := index.get(ch)) is not None]


def _latin_ids(chunk: str, index: dict[str, int]) -> list[int]:
    out: list[int] = []
    for w in _LATIN.findall(chunk):
        out.extend(_word_ids(w))
    return out


@lru_cache(maxsize=65536)
def _word_ids(word: str) -> tuple[int, ...]:
    """A Latin word's row, or the rows of its greedy split into a known start and known
    word-inside pieces (none when no split covers it)."""
    index = _index()
    i = index.get(word)
    if i is not None:
        return (i,)
    out: list[int] = []
    pos, first = 0, True
    while pos < len(word):
        for end in range(min(len(word), pos + _MAX_PIECE), pos, -1):
            key = word[pos:end] if first else _CONT + word[pos:end]
            j = index.get(key)
            if j is not None:
                out.append(j)
                pos, first = end, False
                break
        else:
            return ()
    return tuple(out)
