"""What a `read_together` reader of the Neo4j store (`HeldRows` of a `Neo4jUser`) holds
from the statements of its own transaction: the opening statement's rows (cypher/read_open: the user's entities, the BM25
hits over facts and over episodes, what the episode vector cache's refresh read) and the
facts and episodes later statements returned whole, so a recall asks the server for none
of them again. A writer, or a reader outside `read_together`, holds nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from graphmem.model import Entity, Fact
from graphmem.stores.common import fact_from
from graphmem.stores.neo4j.util import SEQ, entity_from
from graphmem.stores.neo4j.vectors import UserVectors

#: What an episode vector refresh read: the seq it read above (-1: all), the rows, the
#: user's epoch and created_at.
Refresh = tuple[int, list[Any], int, Any]
#: read_open's episode_from when no episode vectors were asked for (a seq none reaches).
_NEVER = 9223372036854775807


class HeldRows:
    """What one `Neo4jUser` holds (see the module docstring): with `memo`, a reader of
    `read_together`; without, a writer or a reader of its own transactions, which holds
    only the user's `entities` (a writer, as user_begin returned them)."""

    def __init__(self, memo: bool, entities: list[Entity] | None = None) -> None:
        #: The user's entities as user_begin or read_open returned them (None: not held);
        #: dropped when a statement may have changed them.
        self.entities = entities
        #: Facts the searches returned whole (id -> fact, seq); None: nothing is held.
        self.facts: dict[str, tuple[Fact, int]] | None = {} if memo else None
        self._episodes: dict[str, Any] | None = {} if memo else None  # episode nodes by id
        # The opening statement: the vector cache (None: score on the server), the BM25
        # hits for `_text_key` and, over episodes, for `_episode_text_key`, and what the
        # episode vector cache's refresh read (taken once).
        #: Whether the opening statement ran (then `vectors` is its vector cache).
        self.synced = False
        self.vectors: UserVectors | None = None
        self._text_key: tuple[str, int] | None = None
        self._text_rows: list[Any] | None = None
        self._episode_text_key: tuple[str, int] | None = None
        self._episode_text_rows: list[Any] | None = None
        self._episode_refresh: Refresh | None = None

    @property
    def memo(self) -> bool:
        """Whether this holds what statements returned (a `read_together` reader)."""
        return self.facts is not None

    def expect_opening(self, text_query: str | None, episode_query: str | None, limit: int) -> None:
        """Which BM25 searches the opening statement runs (None: that one not)."""
        self._text_key = None if text_query is None else (text_query, limit)
        self._episode_text_key = None if episode_query is None else (episode_query, limit)

    def opened(self, vectors: UserVectors | None) -> None:
        """The opening statement ran: its refreshed fact vectors (None: score on the server)."""
        self.vectors = vectors
        self.synced = True

    def take_opening(self, row: Any) -> None:
        """read_open's row (see VectorCache.refresh): keep the entities and BM25 hits."""
        if self.facts is None:
            return
        if row.get("entities") is not None:
            self.entities = [entity_from(e) for e in row["entities"]]
        if self._text_key is not None:
            self._text_rows = list(row.get("text_hits") or ())
        if self._episode_text_key is not None:
            self._episode_text_rows = list(row.get("episode_hits") or ())
        if row.get("episode_rows") is not None and row["episode_from"] < _NEVER:
            self._episode_refresh = (
                int(row["episode_from"]),
                list(row["episode_rows"]),
                int(row["epoch"]),
                row["created"],
            )

    def keep_whole(self, rows: list[list[Any]]) -> None:
        """Hold facts a statement returned whole (FACT_FIELDS lists with their seq)."""
        if self.facts is not None:
            for v in rows:
                self.facts[v[0]] = (fact_from(v), int(v[SEQ]))

    def keep_episodes(self, nodes: Sequence[Any]) -> None:
        """Hold episode nodes read in this transaction."""
        if self._episodes is not None:
            self._episodes.update({str(m["id"]): m for m in nodes})

    def held_episodes(self, ids: Sequence[str]) -> list[Any] | None:
        """The episode nodes of `ids` when this reader holds every one of them, else None."""
        memo = self._episodes
        if memo is None or any(i not in memo for i in ids):
            return None
        return [memo[i] for i in ids]

    def opened_text_hits(self, query: str, limit: int) -> list[Any] | None:
        """The opening statement's BM25 hits over facts, if it searched for `query`."""
        if self._text_key == (query, limit) and self._text_rows is not None:
            return self._text_rows
        return None

    def episode_opening(self) -> Refresh | None:
        """What the opening statement read for the episode vector cache (once)."""
        opened, self._episode_refresh = self._episode_refresh, None
        return opened

    def opened_episode_hits(self, query: str, limit: int) -> list[Any] | None:
        """The opening statement's BM25 hits over episodes, if it searched for `query`."""
        if self._episode_text_key == (query, limit) and self._episode_text_rows is not None:
            return self._episode_text_rows
        return None
