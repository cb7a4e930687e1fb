"""Which query terms a BM25 statement searches for, on a large full-text index.

FTS5 computes `bm25()` for every row that matches a query before it can sort them, so a
statement costs time in proportion to the matches: a query word that occurs in a
quarter of 20,000 kept messages ("like", "去") makes recall pay for 5,000 score
computations, and the ranking gives that word almost no weight anyway (its IDF,
ln((N - n + 0.5) / (n + 0.5)), is below ln 4 when n > N/5). On an index of at least
`MIN_ROWS` rows such words are left out of the match, and so are the single CJK
characters of a longer query word (see `informative`); the rarer words of the query
still find, and rank, what they found before. Small indexes keep every word: there
the cost is small, and a word in a fifth of ten messages is still evidence.

Document frequencies come from an `fts5vocab` table (counts over the whole index, the
same statistics `bm25()` uses), the row count from the base table; both are cached for
`REFRESH_S` seconds (a query's words recur across queries), since an estimate is enough
to choose which words to search for.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from graphmem.text.terms import CJK_RUN

#: How a user view runs a statement (`UserStatements.execute`: under the store lock, errors mapped).
Execute = Callable[[str, Sequence[Any]], sqlite3.Cursor]

#: Below this many indexed rows every query word is searched for.
MIN_ROWS = 2_000
#: A word in more than this share of the indexed rows is too common to search for.
MAX_SHARE = 0.2
#: Seconds a row count is reused before it is read again.
REFRESH_S = 30.0


class TermStats:
    """Document frequencies of one FTS5 table (`fts`, whose rows are those of `base`); `lock`
    is the store's, which guards the connection and these caches alike."""

    def __init__(self, fts: str, base: str, lock: threading.RLock) -> None:
        self.lock = lock
        self.fts = fts
        self.base = base
        self.vocab = f"{fts}_vocab"
        self._rows = 0
        self._read_at = float("-inf")
        self._df: dict[str, int] = {}

    def attach(self, c: sqlite3.Connection) -> None:
        """Create the connection's (temporary, never stored) vocabulary view of the index."""
        c.execute(
            f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{self.vocab} USING fts5vocab(main, {self.fts}, row)"
        )

    def rows(self, x: Execute) -> int:
        now = time.monotonic()
        if now - self._read_at > REFRESH_S:
            self._rows = int(x(f"SELECT count(*) FROM {self.base}", ()).fetchone()[0])
            self._read_at = now
            self._df.clear()
        return self._rows

    def informative(self, x: Execute, terms: Sequence[str]) -> list[str]:
        """`terms` (deduplicated, in order) without those too common to search for."""
        with self.lock:
            return self._informative(x, list(dict.fromkeys(t for t in terms if t)))

    def _informative(self, x: Execute, uniq: list[str]) -> list[str]:
        n = self.rows(x) if uniq else 0
        if n < MIN_ROWS:
            return uniq
        # FTS5 folds case (unicode61); the vocabulary holds the folded form.
        folded = {t: t.lower() for t in uniq}
        df = self._df
        unknown = sorted(set(folded.values()) - df.keys())
        if unknown:
            found = dict(
                x(f"SELECT term, doc FROM temp.{self.vocab} WHERE term IN ({','.join('?' * len(unknown))})",
                  unknown).fetchall()
            )  # fmt: skip
            if len(df) > 50_000:  # words of many distinct queries: start afresh
                df.clear()
            df.update({t: int(found.get(t, 0)) for t in unknown})
        return searchable(uniq, n, lambda t: df.get(folded[t], 0))


def searchable(uniq: Sequence[str], n: int, df: Callable[[str], int]) -> list[str]:
    """The words of `uniq` (distinct, in order) worth searching for among `n` rows, where
    `df(word)` rows hold a word: on an index of at least `MIN_ROWS` rows, not those in more
    than `MAX_SHARE` of them, nor a CJK character a longer word of the query holds."""
    if n < MIN_ROWS:
        return list(uniq)
    limit = MAX_SHARE * n
    kept = [t for t in uniq if df(t) <= limit]
    # A CJK character the query also names inside a longer word ("馆" of "美术馆") only
    # adds the partial-word matches ("图书馆"), and every matched row is scored once per
    # searched term: on a large index the word stands for its characters.
    words = [t for t in kept if len(t) > 1 and CJK_RUN.fullmatch(t)]
    return [t for t in kept if not (len(t) == 1 and CJK_RUN.fullmatch(t) and any(t in w for w in words))]
