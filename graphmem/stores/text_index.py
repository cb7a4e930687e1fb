"""One user's BM25 index held in memory, scored as SQLite FTS5's `bm25()` scores (k1 1.2,
b 0.75, IDF ln((N - n + 0.5) / (n + 0.5)) floored at 1e-6, a word's frequency weighted by
the column it is in, a row's length counted over all its columns) but over the user's own
rows only.

FTS5 computes `bm25()` for every row a query matches before it can sort them, and counts
each word's rows over the whole table, every user's: at 20,000 messages a common word
costs thousands of score computations, and with a thousand users each query reads every
user's posting list of each of its words. Held per user, a query reads the posting lists
of its words in the user's rows alone and scores them in one numpy pass. Its statistics
are the user's own, as they are in a store file of one user: other users' messages no
longer move a user's ranking.

Rows are kept as the store writes them (`put` replaces a row, `remove` drops one); the
store decides when its copy is stale (sqlite/text_cache.py). Not thread-safe: the owner
holds its lock around every call.
"""

from __future__ import annotations

import math
import re
from array import array
from collections.abc import Callable, Sequence

#: FTS5's bm25() constants.
K1 = 1.2
B = 0.75
IDF_FLOOR = 1e-6
#: What FTS5's unicode61 tokenizer keeps as one token (the store's terms are already
#: tokens: lowercase Latin words, digits, CJK words), folded to lower case as it folds.
_TOKEN = re.compile(r"[^\W_]+")
#: Removed rows leave their postings behind (masked); past this many, and more than the
#: rows alive, the index is laid out again.
_COMPACT_AFTER = 1_000


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


class TextIndex:
    """Rows of text columns, each column weighted (`weights`, one per column given to
    `put`); `fixed_length` tokens stand in every row beside them (the user token of an
    FTS5 row: it counts in a row's length, never as a match)."""

    def __init__(self, weights: Sequence[float], fixed_length: int = 0) -> None:
        self.weights = tuple(float(w) for w in weights)
        self.fixed_length = int(fixed_length)
        self._reset()

    def _reset(self) -> None:
        self._slot_of: dict[int, int] = {}
        self._rowids = array("q")
        self._lengths = array("d")
        self._alive = bytearray()
        self._texts: list[tuple[str, ...] | None] = []
        # term -> (slots, weighted frequency in that slot), in slot order.
        self._postings: dict[str, tuple[array[int], array[float]]] = {}
        self._df: dict[str, int] = {}
        self._total = 0.0
        self._dead = 0
        self._postings_held = 0
        self._text_held = 0

    # ---- contents ------------------------------------------------------------
    @property
    def rows(self) -> int:
        return len(self._slot_of)

    def df(self, term: str) -> int:
        """Rows holding `term` (tokenised as the rows are: a term that is two tokens counts
        the rows of its rarer one)."""
        found = tokens(term)
        return min((self._df.get(t, 0) for t in found), default=0)

    def nbytes(self) -> int:
        """An estimate of the memory held, for the store's cache budget."""
        return 12 * self._postings_held + 24 * len(self._rowids) + self._text_held + 120 * len(self._postings)

    def put(self, rowid: int, columns: Sequence[str]) -> None:
        """Index row `rowid` with `columns` (one text per weight), replacing what it held."""
        self.remove(rowid)
        texts = tuple(columns)
        slot = len(self._rowids)
        freq: dict[str, float] = {}
        length = self.fixed_length
        for text, weight in zip(texts, self.weights, strict=True):
            found = tokens(text)
            length += len(found)
            for t in found:
                freq[t] = freq.get(t, 0.0) + weight
        self._slot_of[rowid] = slot
        self._rowids.append(rowid)
        self._lengths.append(float(length))
        self._alive.append(1)
        self._texts.append(texts)
        self._text_held += sum(len(t) for t in texts)
        self._total += length
        for t, f in freq.items():
            self._df[t] = self._df.get(t, 0) + 1
            if f > 0:
                slots, fs = self._postings.get(t) or self._postings.setdefault(t, (array("i"), array("d")))
                slots.append(slot)
                fs.append(f)
                self._postings_held += 1

    def remove(self, rowid: int) -> None:
        slot = self._slot_of.pop(rowid, None)
        if slot is None:
            return
        texts = self._texts[slot] or ()
        for t in {t for text in texts for t in tokens(text)}:
            n = self._df.get(t, 0) - 1
            if n > 0:
                self._df[t] = n
            else:
                self._df.pop(t, None)
        self._alive[slot] = 0
        self._texts[slot] = None
        self._total -= self._lengths[slot]
        self._dead += 1
        if self._dead > _COMPACT_AFTER and self._dead > self.rows:
            self._compact()

    def _compact(self) -> None:
        live = [(self._rowids[s], self._texts[s]) for s in sorted(self._slot_of.values())]
        self._reset()
        for rowid, texts in live:
            self.put(rowid, texts or ())

    # ---- search --------------------------------------------------------------
    def search(
        self,
        terms: Sequence[str],
        keep: Callable[[Sequence[int]], Sequence[int]] | None = None,
        *,
        limit: int,
    ) -> list[tuple[int, float]]:
        """The best `limit` rows for any of `terms`, as (rowid, score), best first (ties:
        the earlier row first). `keep(rowids)`, when given, says which of a batch of the
        best candidates count (e.g. active facts); more are asked about until `limit` do."""
        import numpy as np  # loads with the first search, not with the store

        from graphmem.stores.common import widening

        n_rows = self.rows
        wanted = list(dict.fromkeys(t for term in terms for t in tokens(term)))
        if limit <= 0 or n_rows == 0 or not wanted:
            return []
        avgdl = self._total / n_rows
        lengths = np.frombuffer(self._lengths, dtype=np.float64)
        acc = np.zeros(len(lengths), dtype=np.float64)
        touched = False
        for t in wanted:
            post = self._postings.get(t)
            hits = self._df.get(t, 0)
            if post is None or hits == 0:
                continue
            idf = math.log((n_rows - hits + 0.5) / (hits + 0.5))
            slots = np.frombuffer(post[0], dtype=np.int32)
            f = np.frombuffer(post[1], dtype=np.float64)
            acc[slots] += (
                max(idf, IDF_FLOOR) * (f * (K1 + 1.0)) / (f + K1 * (1.0 - B + B * lengths[slots] / avgdl))
            )
            touched = True
        if not touched:
            return []
        # Every posting adds a positive score (frequency > 0, IDF floored above 0), so the
        # slots a query touched are those left above zero, in slot order: no sort and
        # de-duplication of the posting lists (thousands of slots for a common word).
        acc *= np.frombuffer(self._alive, dtype=np.uint8)
        cand = np.flatnonzero(acc)
        scores = acc[cand]
        # Best first; among equal scores the earlier row (`cand` is in slot order).
        order = np.argsort(-scores, kind="stable")
        rowids = np.frombuffer(self._rowids, dtype=np.int64)
        out: list[tuple[int, float]] = []
        for done, depth in widening(len(order), 2 * limit + 8 if keep else limit):
            batch = [(int(rowids[cand[i]]), float(scores[i])) for i in order[done:depth]]
            kept = set(keep([r for r, _ in batch])) if keep else None
            out += [b for b in batch if kept is None or b[0] in kept]
            if len(out) >= limit:
                break
        return out[:limit]
