"""Baselines for the behaviour and LoCoMo benchmarks. They live here only, never in the library.

- `ChatlogVector`: the honest strong-naive design: append every user message to a
  log, recall by cosine similarity with the same embedder graphmem uses by default
  (`StaticE5Embedder`), filtered per user in SQL. It has no notion of attributes, so
  `get(attr)` is "recall with the attribute name as the query, top 3" and
  `facts()` is every message of the user.
- `AppendOnlyMemory`: graphmem with arbitration switched off. Same gate
  (`gate.screen`), same `RuleExtractor`, same preparation, store and hybrid recall;
  only the `Applier` is replaced: every candidate is appended as an active fact
  (no reinforce, no supersede, no keep-frozen). Retractions are dropped, since
  acting on one is arbitration.
- `BM25Turns` / `DenseTurns`: retrieval over raw LoCoMo turns, BM25 (rank_bm25, with
  graphmem's own analysis, `textproc.terms` / `query_terms`) and cosine with graphmem's default
  embedder (`StaticE5Embedder`).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from rank_bm25 import BM25Okapi

from graphmem import Memory
from graphmem.embedding.choice import make_embedder
from graphmem.embedding.hashing import Embedder, embed_queries
from graphmem.model import Ignored
from graphmem.text.terms import query_terms, terms
from graphmem.text.timestamps import parse_time
from graphmem.write.arbitrate import Decision
from graphmem.write.transaction import Applier, Prepared

# ---- (a) chat log + vector top-k -----------------------------------------------------


@dataclass
class Message:
    """One logged user message as the chat-log baseline returns it."""

    text: str
    ref: str | None = None
    score: float = 0.0

    @property
    def value(self) -> str:  # what the scenario harness reads for `get`
        return self.text


class ChatlogVector:
    """Append-only log of user messages with cosine top-k recall, per user."""

    name = "chatlog_vector"

    def __init__(self, path: str | Path, embedder: Embedder | None = None) -> None:
        self.embedder = embedder or make_embedder()
        self._c = sqlite3.connect(str(path), isolation_level=None)
        self._c.execute(
            "CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY, user_id TEXT NOT NULL, "
            "text TEXT NOT NULL, at REAL NOT NULL, ref TEXT, vec BLOB NOT NULL)"
        )
        self._c.execute("CREATE INDEX IF NOT EXISTS messages_user ON messages(user_id, seq)")

    def remember(
        self, user_id: str, text: str, role: str = "user", at: Any = None, ref: str | None = None
    ) -> bool:
        if role != "user":  # the baseline logs the user's messages only
            return False
        vec = self.embedder.embed([text])[0].astype(np.float32)
        self._c.execute(
            "INSERT INTO messages (user_id, text, at, ref, vec) VALUES (?,?,?,?,?)",
            (user_id, text, parse_time(at).timestamp(), ref, vec.tobytes()),
        )
        return True

    def _rows(self, user_id: str) -> list[tuple[str, str | None, bytes]]:
        return self._c.execute(
            "SELECT text, ref, vec FROM messages WHERE user_id = ? ORDER BY seq", (user_id,)
        ).fetchall()

    def recall(self, user_id: str, query: str, k: int = 6, at: Any = None) -> list[Message]:
        """Top-k messages by cosine (a vector store's plain top-k: no threshold); ties go to the newer."""
        rows = self._rows(user_id)
        if not rows:
            return []
        mat = np.vstack([np.frombuffer(r[2], dtype=np.float32) for r in rows])
        sims = mat @ self.embedder.embed([query])[0].astype(np.float32)
        order = sorted(range(len(rows)), key=lambda i: (-float(sims[i]), -i))[:k]
        return [Message(rows[i][0], rows[i][1], float(sims[i])) for i in order]

    def get(self, user_id: str, attribute: str, at: Any = None) -> list[Message]:
        """No attributes in a chat log: recall with the attribute name as the query, top 3."""
        return self.recall(user_id, attribute, k=3, at=at)

    def facts(self, user_id: str, include_frozen: bool = False) -> list[Message]:
        """Every logged message of the user."""
        return [Message(r[0], r[1]) for r in self._rows(user_id)]

    def close(self) -> None:
        self._c.close()


# ---- (b) append-only facts: graphmem with arbitration off ----------------------------


class AppendOnlyApplier(Applier):
    """The write path with `decide` taken out: every candidate becomes a new active fact."""

    def apply(self, p: Prepared) -> None:
        cand = p.cand
        if cand.retract:
            self.result.ignored.append(
                Ignored(cand.source_text or cand.value, "retraction_needs_arbitration")
            )
            return
        subject = self.entity(cand.subject, cand.subject_type, cand.subject_relation)
        fact = self._new_fact(p, subject, frozen=False, winner=Decision("add", "append_only"))
        self.w.add_fact(fact, p.terms, p.vector)
        self.result.added.append(fact)


class AppendOnlyMemory(Memory):
    """graphmem's gate, extraction, store and recall, with arbitration switched off."""

    name = "append_only"

    applier_class = AppendOnlyApplier


# ---- raw-turn retrieval for LoCoMo ---------------------------------------------------


class BM25Turns:
    """BM25 (Okapi, rank_bm25 defaults) over raw turns, analysed as graphmem indexes (`terms`, `query_terms`).

    Like any BM25 engine it returns only turns that share a term with the query."""

    name = "bm25_turns"

    def __init__(self, texts: list[str]) -> None:
        self.bm25 = BM25Okapi([terms(t) for t in texts])

    def search(self, query: str, k: int) -> list[tuple[int, float]]:
        q = query_terms(query)
        if not q:
            return []
        scores = self.bm25.get_scores(q)
        top = np.argsort(-scores, kind="stable")[:k]
        return [(int(i), float(scores[i])) for i in top if scores[i] > 0]


class DenseTurns:
    """Cosine top-k over raw turns with the embedder graphmem uses by default (no threshold, like its vector channel)."""

    name = "dense_turns"

    def __init__(self, texts: list[str], embedder: Embedder | None = None) -> None:
        self.embedder = embedder or make_embedder()
        self.matrix = self.embedder.embed(texts) if texts else np.zeros((0, 1), dtype=np.float32)

    def search(self, query: str, k: int) -> list[tuple[int, float]]:
        if self.matrix.shape[0] == 0:
            return []
        sims = self.matrix @ embed_queries(self.embedder, [query])[0]
        top = np.argsort(-sims, kind="stable")[:k]
        return [(int(i), float(sims[i])) for i in top]
