"""Re-embed every stored fact with another embedder, so a store can switch models.

Works on the raw store (`graphmem.stores.open_store(target)`), because `Memory`
refuses to open a store whose vectors came from a different embedder.

    from graphmem.write.reembed import reembed
    from graphmem.stores import open_store
    store = open_store("memory.db")
    reembed(store, OpenAIEmbedder(dim=512, api_key="sk-..."), progress=lambda done, total: ...)

While it runs, the store is marked as holding a partial re-embedding, so neither the
old nor the new embedder can open it through `Memory` until a run completes: an
interrupted run fails loudly instead of mixing two vector spaces. Running it again
finishes the job.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import numpy as np

from graphmem.embedding.hashing import Embedder
from graphmem.errors import EmbedderMismatchError
from graphmem.stores.base import Store, UserWriter
from graphmem.write.indexing import vector_text

__all__ = ["PARTIAL_PREFIX", "reembed"]

_log = logging.getLogger("graphmem")

#: Prefix of the embedder model recorded while a re-embedding is under way.
PARTIAL_PREFIX = "reembedding-into:"

Progress = Callable[[int, int], None]


def reembed(
    store: Store, embedder: Embedder, progress: Progress | None = None, *, batch_size: int = 256
) -> int:
    """Embed every fact of every user (all statuses) with `embedder`, replace the stored
    vectors, and record the embedder on the store. Returns the number of facts.

    `progress(done, total)` is called after each batch (and once at the start).
    """
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    users = store.user_ids()
    counts = {u: len(store.reader(u).facts(statuses=None)) for u in users}
    total = sum(counts.values())
    _log.info("reembed: %d facts of %d users into %s", total, len(users), embedder.model)
    store.set_embedder_info(PARTIAL_PREFIX + embedder.model, embedder.dim)
    done = 0
    if progress:
        progress(0, total)
    for user in users:
        if not counts[user]:
            continue
        facts = store.reader(user).facts(statuses=None)
        for start in range(0, len(facts), batch_size):
            chunk = facts[start : start + batch_size]
            vectors = embedder.embed([vector_text(f.text, f.source_text) for f in chunk])
            vectors = np.asarray(vectors, dtype=np.float32)
            if vectors.shape != (len(chunk), embedder.dim):
                raise EmbedderMismatchError(
                    f"{embedder.model} returned an array of shape {vectors.shape}, "
                    f"expected ({len(chunk)}, {embedder.dim})"
                )
            items = [(f.id, vectors[i]) for i, f in enumerate(chunk)]

            def tx(w: UserWriter, items: list[tuple[str, np.ndarray]] = items) -> None:
                w.replace_vectors(items)

            store.write(user, tx)
            done += len(chunk)
            if progress:
                progress(done, total)
    for user in users:
        _reembed_episodes(store, user, embedder, batch_size)
    store.set_embedder_info(embedder.model, embedder.dim)
    _log.info("reembed: done, %d facts now embedded with %s", done, embedder.model)
    return done


def _reembed_episodes(store: Store, user: str, embedder: Embedder, batch_size: int) -> None:
    """The user's kept messages, embedded like `Memory.remember` embeds them (their text)."""
    episodes = store.reader(user).episodes()
    for start in range(0, len(episodes), batch_size):
        chunk = episodes[start : start + batch_size]
        vectors = np.asarray(embedder.embed([e.text for e in chunk]), dtype=np.float32)
        items = [(e.id, vectors[i]) for i, e in enumerate(chunk)]

        def tx(w: UserWriter, items: list[tuple[str, np.ndarray]] = items) -> None:
            w.replace_episode_vectors(items)

        store.write(user, tx)
