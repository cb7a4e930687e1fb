"""Choosing the vector channel's embedder, and moving a store written with the lexical
default onto the static one: `Config(embedder=...)`, the CLI's `--embedder` and GRAPHMEM_EMBEDDER,
`graphmem reembed` with its progress bar, and a store that refuses to mix two embedders."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from graphmem import Config, EmbedderMismatchError, HashingEmbedder, Memory
from graphmem.embedding.choice import DEFAULT_EMBEDDER, EMBEDDER_NAMES, make_embedder
from graphmem.embedding.static import StaticE5Embedder
from graphmem.errors import InvalidInputError
from graphmem.shells.cli.llm import build_embedder
from graphmem.stores import open_store
from graphmem.write.reembed import reembed

ROOT = Path(__file__).resolve().parents[1]
T0 = "2026-05-04T09:00:00Z"
U = "u-switch"


def test_the_default_is_hashing_and_the_others_are_chosen_by_name(tmp_path: Path) -> None:
    assert DEFAULT_EMBEDDER == "hashing" and Config().embedder == "hashing"
    with Memory(tmp_path / "m.db") as mem:
        assert isinstance(mem.embedder, HashingEmbedder)
        assert mem.store.embedder_info() == (mem.embedder.model, mem.embedder.dim)
    with Memory(tmp_path / "s.db", config=Config(embedder="static")) as mem:
        assert isinstance(mem.embedder, StaticE5Embedder)
        assert mem.store.embedder_info() == (mem.embedder.model, mem.embedder.dim)
    with pytest.raises(InvalidInputError, match="hashing, static, blend, e5"):
        Memory(tmp_path / "x.db", config=Config(embedder="word2vec"))


def test_static_vectors_are_unit_rows_and_bilingual() -> None:
    emb = make_embedder("static")
    texts = [
        "My dentist moved her practice to the harbour.",
        "我的牙医换了诊所。",
        "We bought a new sofa.",
        "",
        "!!!",
    ]
    v = emb.embed(texts)
    assert v.shape == (5, emb.dim) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v[:3], axis=1), 1.0, atol=1e-5)
    assert not v[3].any() and not v[4].any()  # nothing to embed: the zero vector
    assert float(v[1] @ v[0]) > float(v[1] @ v[2])  # no word in common, closer in meaning
    zh = emb.embed(["我每天吃降压药。", "我在服用什么药物？", "我们买了新沙发。"])
    assert float(zh[1] @ zh[0]) > float(zh[1] @ zh[2])
    assert np.array_equal(emb.embed(texts[:1]), v[:1])  # a text's vector does not depend on its batch


def test_build_embedder_reads_the_flag_then_the_environment() -> None:
    assert build_embedder({}) is None  # Memory's default applies
    assert isinstance(build_embedder({"GRAPHMEM_EMBEDDER": "hashing"}), HashingEmbedder)
    assert isinstance(build_embedder({"GRAPHMEM_EMBEDDER": "hashing"}, "static"), StaticE5Embedder)
    with pytest.raises(InvalidInputError, match="GRAPHMEM_EMBEDDER"):
        build_embedder({"GRAPHMEM_EMBEDDER": "glove"})
    with pytest.raises(InvalidInputError, match="GRAPHMEM_EMBED_MODEL"):
        build_embedder({"GRAPHMEM_EMBEDDER": "openai"})
    with pytest.raises(InvalidInputError, match="GRAPHMEM_EMBED_MODEL is set"):
        build_embedder({"GRAPHMEM_EMBEDDER": "static", "GRAPHMEM_EMBED_MODEL": "text-embedding-3-small"})
    assert set(EMBEDDER_NAMES) == {"static", "hashing", "blend", "e5"}


def _cli(path: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("GRAPHMEM_", "OPENAI_"))}
    return subprocess.run(
        [sys.executable, "-m", "graphmem", "--store", str(path), *args],
        cwd=ROOT, env={**base, **(env or {})}, capture_output=True, text=True, timeout=180,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip


STATIC = Config(embedder="static")


def test_a_hashing_store_moves_to_the_static_embedder_with_reembed(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with Memory(path) as mem:  # written with the default, lexical hashing embedder
        mem.remember(U, "My dentist's practice is on Harbour Street.", at=T0)
        mem.remember("u-other", "I keep bees in the garden.", at=T0)
    with pytest.raises(EmbedderMismatchError, match="reembed"):
        Memory(path, config=STATIC)
    # The CLI says so too, and its flag and variable both reach the embedder.
    refused = _cli(path, "--embedder", "static", "facts", "--user", U)
    assert refused.returncode == 2 and "reembed" in refused.stderr
    refused = _cli(path, "facts", "--user", U, env={"GRAPHMEM_EMBEDDER": "static"})
    assert refused.returncode == 2 and "reembed" in refused.stderr
    assert _cli(path, "facts", "--user", U).returncode == 0

    done = _cli(path, "--embedder", "static", "reembed", "--yes")
    assert done.returncode == 0, done.stderr
    assert "reembed [" in done.stderr and "100%" in done.stderr
    static = make_embedder("static")
    assert static.model in done.stdout
    store = open_store(path)
    try:
        assert store.embedder_info() == (static.model, static.dim)
        assert len(store.reader(U).episodes()) == 1
    finally:
        store.close()
    with pytest.raises(EmbedderMismatchError):  # the store refuses to mix: hashing is out now
        Memory(path)
    with Memory(path, config=STATIC) as mem:
        # The vector channel reads the new vectors (same space as the query's).
        items = mem.recall(U, "where is my dentist's office?", k=3, at=T0)
        assert items and "vector" in items[0].channels
        assert any(it.episode is not None and "Harbour" in it.episode.text for it in items)
        others = mem.recall("u-other", "where is my dentist's office?", k=3, at=T0)
        assert all((it.fact or it.episode).user_id == "u-other" for it in others)  # type: ignore[union-attr]


def test_an_interrupted_switch_is_refused_by_both_embedders(tmp_path: Path) -> None:
    path = tmp_path / "half.db"
    with Memory(path) as mem:
        for i in range(5):
            mem.remember(U, f"I water the tomato plants on day {i}.", at=T0)

    class Breaks(StaticE5Embedder):
        calls = 0

        def embed(self, texts: list[str]) -> np.ndarray:
            Breaks.calls += 1
            if Breaks.calls > 1:
                raise RuntimeError("power cut")
            return super().embed(texts)

    store = open_store(path)
    with pytest.raises(RuntimeError):
        reembed(store, Breaks(), batch_size=1)
    for cfg in (Config(), STATIC):
        with pytest.raises(EmbedderMismatchError):
            Memory(path, config=cfg)
    assert reembed(store, make_embedder("static")) >= 1  # running again finishes the job
    store.close()
    with Memory(path, config=STATIC) as mem:
        assert mem.recall(U, "garden vegetables", k=3, at=T0)
