"""The Neo4j store's client-side vector cache: each user's fact vectors in numpy.

Exact cosine on the server reads every vector of the user on every query (about 20 µs a
fact: 200 ms at 10k facts), and the shared vector index only pays off when the user owns
most of it. So, like the SQLite store, the Neo4j store keeps each user's vectors in this
process and scores them with one matrix product; the server is asked only for what
changed and for the status of the best candidates.

Keeping it right across processes: every Fact carries `seq`, taken from the user's
counter under the user's write lock, so a later commit always has higher seqs. A refresh
(cypher/read_open) sends what the cache holds (rev, epoch, created_at of the user
root); the server reads no fact at all when the rev is unchanged, only the facts above a
seq when it changed, and every vector again when the epoch (bumped by deletions and
re-embedding) or the root (a user deleted and created again) differs. Neo4j reads are
read-committed, so a refresh racing a commit could see part of it; each refresh therefore
reads again from the watermark of the refresh before it, and a fact missed that way is
picked up by the user's next write at the latest.

A user with at most FIRST_LOAD_MAX facts is cached at the first query about them; a larger
one from the second query on (the first is scored on the server: one search there costs
less than reading every vector, and many users are asked about once). Vectors of every status are
cached (a status change does not touch the vector); the caller asks the server which of
the best candidates are active. Memory is bounded: least
recently used users are dropped beyond the budget, and a user whose vectors alone exceed
it is not cached at all (the store then scores on the server, as without a cache).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from graphmem.stores.byte_lru import UserCache


class _Runner(Protocol):
    """How a refresh runs its statement (`statements.UserStatements`)."""

    user_id: str

    def run(self, op: str, /, **params: Any) -> list[Any]: ...


class _Opening(Protocol):
    """Where the opening statement's other rows go (`opening.HeldRows`)."""

    def take_opening(self, row: Any) -> None: ...


@dataclass
class VectorGroup:
    """The cached vectors of one dimension (a store being re-embedded can hold two):
    `rows` (L2-normalised float32) belong to `ids[0..len(rows)-1]`. Appends write past the
    published rows (or into a new, larger buffer) and then publish a longer `rows`, so a
    reader that took `rows` once has a consistent view without a lock. The buffer holds a
    row per dimension (`rows` is its transposed view), so a query reads only the columns
    its vector uses (`row_dots`)."""

    dim: int
    ids: list[str] = field(default_factory=list)
    pos: dict[str, int] = field(default_factory=dict)  # id -> row
    buffer: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    rows: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))

    def append(self, ids: list[str], vectors: np.ndarray) -> None:
        n = len(self.rows)
        need = n + len(ids)
        if need > self.buffer.shape[1]:
            grown = np.zeros((self.dim, max(need, 2 * self.buffer.shape[1], 64)), dtype=np.float32)
            if n:
                grown[:, :n] = self.rows.T
            self.buffer = grown
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        self.buffer[:, n:need] = (vectors / np.where(norms > 0, norms, 1.0)).T
        self.pos.update((fid, n + i) for i, fid in enumerate(ids))
        self.ids.extend(ids)
        self.rows = self.buffer[:, :need].T


@dataclass
class UserVectors:
    """One user's cached vectors and the state of the user root they were read at."""

    created: Any = None
    epoch: int = -1
    rev: int = -1
    last: int = -1  # highest seq loaded
    prev: int = -1  # `last` before the latest refresh that changed it: the next one reads from here
    known: set[str] = field(default_factory=set)
    groups: dict[int, VectorGroup] = field(default_factory=dict)
    # Facts known not to be active (frozen, archived): skipped before the server is asked
    # which candidates are active, so a query near a much-corrected attribute does not
    # spend its candidates on superseded values. The server still checks every candidate
    # it is asked about; the one gap is a fact made active again by a commit a refresh
    # saw only in part, which stays skipped until a later update of it is read.
    inactive: set[str] = field(default_factory=set)
    _skip: dict[int, tuple[int, int, np.ndarray]] = field(default_factory=dict)
    _changes: int = 0

    def set_status(self, fid: str, status: Any) -> None:
        if status == "active":
            if fid in self.inactive:
                self.inactive.discard(fid)
                self._changes += 1
        elif fid not in self.inactive:
            self.inactive.add(fid)
            self._changes += 1

    def inactive_rows(self, group: VectorGroup) -> np.ndarray:
        """Rows of `group` that hold inactive facts (recomputed only after a change)."""
        key = (self._changes, len(group.ids))
        cached = self._skip.get(group.dim)
        if cached is not None and cached[:2] == key:
            return cached[2]
        rows = np.fromiter((group.pos[f] for f in self.inactive if f in group.pos), dtype=np.int64)
        self._skip[group.dim] = (*key, rows)
        return rows

    @property
    def nbytes(self) -> int:
        return sum(g.buffer.nbytes + 80 * len(g.ids) for g in self.groups.values())

    def add(self, rows: list[Any]) -> list[int]:
        """Add `[id, seq, vector, status]` rows not held yet; returns the seqs read."""
        seqs = []
        by_dim: dict[int, tuple[list[str], list[Any]]] = {}
        for fid, seq, vec, status in rows:
            seqs.append(int(seq))
            self.set_status(fid, status)
            if fid in self.known or not vec:
                continue
            self.known.add(fid)
            ids, vecs = by_dim.setdefault(len(vec), ([], []))
            ids.append(fid)
            vecs.append(vec)
        for dim, (ids, vecs) in by_dim.items():
            group = self.groups.setdefault(dim, VectorGroup(dim))
            group.append(ids, np.asarray(vecs, dtype=np.float32))
        if seqs:
            self.last = max(self.last, max(seqs))
        return seqs


#: A user's first query loads their vectors only up to this many facts (cypher/read_open
#: counts them first and reads no vector beyond it): at 1,000 facts, one exact search on
#: the server already costs more than reading them (neo4j_search.py).
FIRST_LOAD_MAX = 1000
#: No limit on a load.
_ALL = 2**62
#: How many large users' first query is remembered (to cache them from their second on).
_SEEN_MAX = 100_000
#: How many of the newest rows a full read reads again on the next refresh.
_REREAD = 32
#: What an unknown user (no root yet) has: nothing.
EMPTY = UserVectors()


class VectorCache(UserCache[UserVectors]):
    """Users' vectors, least recently used first, within `budget` bytes (0: disabled)."""

    def __init__(self, budget: int) -> None:
        super().__init__(budget)
        self._oversize: set[str] = set()
        self._seen: OrderedDict[str, None] = OrderedDict()  # users asked about once, newest last

    def drop(self, user_id: str) -> None:
        with self._lock:
            self._entries.forget(user_id)
            self._oversize.discard(user_id)

    def refresh(self, reader: _Runner, rows_to: _Opening, **params: Any) -> UserVectors | None:
        """The user's vectors brought up to date (one statement, cypher/read_open, run by
        `reader`, which also takes the `params` of a recall's other opening reads and
        returns their rows to `rows_to`); None when
        the caller should score on the server instead: the cache is off, the user's
        vectors do not fit the budget, or this is the first query about a user with more
        than FIRST_LOAD_MAX facts."""
        uid = reader.user_id
        with self._lock:
            if self.budget <= 0 or uid in self._oversize:
                return None
            entry = self._entries.use(uid)
            first = entry is None and uid not in self._seen
        held = entry or EMPTY
        opening = {"text_query": None, "text_limit": 0, "episode_query": None, "episode_limit": 0,
                   "episode_since": None, "episode_epoch": -1, "episode_created": None, **params}  # fmt: skip
        rows = reader.run(
            "read_open", since=held.prev, rev=held.rev, epoch=held.epoch, created=held.created,
            max_rows=FIRST_LOAD_MAX + 1 if first else _ALL, **opening,
        )  # fmt: skip
        if not rows:  # no user root: nothing stored
            self.drop(uid)
            return EMPTY
        row = rows[0]
        rows_to.take_opening(row)
        if not row["complete"]:  # a large user's first query: scored on the server
            with self._lock:
                self._seen[uid] = None
                if len(self._seen) > _SEEN_MAX:
                    self._seen.popitem(last=False)
            return None
        fresh = int(row["since"]) < 0 or entry is None
        if not fresh:
            assert entry is not None
            for fid, status in row["updated"] or ():
                entry.set_status(fid, status)
        if not fresh and not row["rows"]:
            assert entry is not None
            entry.rev = int(row["rev"])  # no new vector since the last refresh
            return entry
        with self._lock:
            current = self._entries.get(uid)
            if fresh:
                entry = UserVectors(created=row["created"], epoch=int(row["epoch"]))
            elif current is not None:
                entry = current  # ours, or one another thread put there meanwhile
            # else: dropped meanwhile (a write of this process): refresh ours, keep it out
            assert entry is not None
            before = entry.last
            seqs = entry.add(row["rows"])
            if fresh:
                # The latest rows may belong to a commit seen in part: read them again.
                entry.prev = seqs[-_REREAD] - 1 if len(seqs) >= _REREAD else (seqs[0] - 1 if seqs else -1)
            else:
                entry.prev = before if entry.last != before else entry.last
            entry.rev = int(row["rev"])
            if not fresh and current is None:
                return entry
            if not self._entries.put(uid, entry, entry.nbytes):
                self._oversize.add(uid)
                return None
        return entry
