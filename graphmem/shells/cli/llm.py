"""CLI side of LLM extraction and neural embeddings: environment → Memory keyword
arguments, and the `reembed` command. Like `cli.py`, this is a shell: the
environment is read only from the mapping `cli.main` hands in.

    GRAPHMEM_LLM_MODEL      chat model for extraction (unset: rules only)
    GRAPHMEM_EXTRACT_MODE   rules | llm | hybrid (default hybrid when a model is set)
    GRAPHMEM_EMBEDDER       hashing (default) | static | blend | e5 | openai: the vector channel's
                            embedder (the global --embedder flag wins over it)
    GRAPHMEM_EMBED_MODEL    embedding model of an OpenAI-compatible endpoint (picks `openai`
                            when GRAPHMEM_EMBEDDER is unset); "st:NAME" for sentence-transformers,
                            "hashing" for the lexical one
    GRAPHMEM_EMBED_DIM      embedding dimension (sent as `dimensions=` to OpenAI-style endpoints)
    OPENAI_BASE_URL         an OpenAI-compatible server, e.g. http://localhost:11434/v1
    OPENAI_API_KEY          its key (local servers usually need none)
    GRAPHMEM_LLM_BASE_URL, GRAPHMEM_EMBED_BASE_URL   per-service overrides of OPENAI_BASE_URL
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from graphmem.embedding.choice import EMBEDDER_NAMES, make_embedder
from graphmem.embedding.hashing import Embedder, HashingEmbedder
from graphmem.errors import InvalidInputError

__all__ = ["ProgressBar", "build_embedder", "cmd_reembed", "configure_from_env", "register"]


def _get(environ: Mapping[str, str], key: str) -> str | None:
    value = environ.get(key)
    return value.strip() if value and value.strip() else None


def build_embedder(environ: Mapping[str, str], choice: str | None = None) -> Embedder | None:
    """The embedder `choice` (the --embedder flag), else GRAPHMEM_EMBEDDER, else
    GRAPHMEM_EMBED_MODEL asks for, or None when none is set (Memory's default applies)."""
    choice = choice or _get(environ, "GRAPHMEM_EMBEDDER")
    if choice is not None and choice != "openai":
        if choice not in EMBEDDER_NAMES:
            raise InvalidInputError(
                f"GRAPHMEM_EMBEDDER / --embedder must be one of {', '.join((*EMBEDDER_NAMES, 'openai'))}, "
                f"not {choice!r}"
            )
        if _get(environ, "GRAPHMEM_EMBED_MODEL") is not None:
            raise InvalidInputError(f"GRAPHMEM_EMBED_MODEL is set, but the embedder chosen is {choice!r}")
        return make_embedder(choice)
    name = _get(environ, "GRAPHMEM_EMBED_MODEL")
    if choice == "openai" and name is None:
        raise InvalidInputError("the openai embedder needs GRAPHMEM_EMBED_MODEL (an embedding model name)")
    raw_dim = _get(environ, "GRAPHMEM_EMBED_DIM")
    dim: int | None = None
    if raw_dim is not None:
        try:
            dim = int(raw_dim)
        except ValueError:
            raise InvalidInputError(f"GRAPHMEM_EMBED_DIM must be an integer, not {raw_dim!r}") from None
        if dim < 1:
            raise InvalidInputError(f"GRAPHMEM_EMBED_DIM must be positive, not {dim}")
    if name is None:
        if dim is not None:
            raise InvalidInputError("GRAPHMEM_EMBED_DIM is set but GRAPHMEM_EMBED_MODEL is not")
        return None
    if name == "hashing":
        return HashingEmbedder(dim or 256)
    from graphmem.embedding.neural import OpenAIEmbedder, SentenceTransformerEmbedder

    if name.startswith("st:"):
        return SentenceTransformerEmbedder(name[3:])
    return OpenAIEmbedder(
        name,
        dim=dim,
        base_url=_get(environ, "GRAPHMEM_EMBED_BASE_URL") or _get(environ, "OPENAI_BASE_URL"),
        api_key=_get(environ, "OPENAI_API_KEY"),
    )


def configure_from_env(environ: Mapping[str, str], embedder: str | None = None) -> dict[str, Any]:
    """`extractor=` / `embedder=` keyword arguments for `Memory`, from the environment.

    Empty when nothing is configured, so the defaults (rules, the static embedder) apply.
    `embedder`: the --embedder flag.
    """
    kwargs: dict[str, Any] = {}
    model = _get(environ, "GRAPHMEM_LLM_MODEL")
    mode = (_get(environ, "GRAPHMEM_EXTRACT_MODE") or ("hybrid" if model else "rules")).lower()
    if mode != "rules":  # the LLM extractor (and the gate it loads) only when configured
        from graphmem.extract.llm import MODES, OpenAIExtractor, make_extractor

        if mode not in MODES:
            raise InvalidInputError(f"GRAPHMEM_EXTRACT_MODE must be one of {', '.join(MODES)}, not {mode!r}")
        if model is None:
            raise InvalidInputError(
                f"GRAPHMEM_EXTRACT_MODE={mode} needs GRAPHMEM_LLM_MODEL (a chat model name)"
            )
        llm = OpenAIExtractor(
            model,
            base_url=_get(environ, "GRAPHMEM_LLM_BASE_URL") or _get(environ, "OPENAI_BASE_URL"),
            api_key=_get(environ, "OPENAI_API_KEY"),
        )
        kwargs["extractor"] = make_extractor(mode, llm=llm)
    chosen = build_embedder(environ, embedder)
    if chosen is not None:
        kwargs["embedder"] = chosen
    return kwargs


class ProgressBar:
    """A plain-text progress bar on a stream (stderr), redrawn in place on a terminal
    and printed at most every ~10% otherwise, so logs stay short."""

    def __init__(self, label: str, stream: TextIO | None = None, width: int = 30) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.width = width
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last_decile = -1
        self._start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        frac = 1.0 if total <= 0 else min(1.0, done / total)
        filled = int(round(frac * self.width))
        bar = "#" * filled + "-" * (self.width - filled)
        line = f"{self.label} [{bar}] {done}/{total} ({frac:4.0%}) {time.monotonic() - self._start:.1f}s"
        if self.tty:
            self.stream.write("\r" + line + ("\n" if done >= total else ""))
        elif int(frac * 10) != self._last_decile or done >= total:
            self._last_decile = int(frac * 10)
            self.stream.write(line + "\n")
        self.stream.flush()


def cmd_reembed(
    target: str, auth: tuple[str, str] | None, environ: Mapping[str, str], a: argparse.Namespace
) -> int:
    """Re-embed every fact of the store at `target` with the embedder the environment names."""
    from graphmem.stores import open_store
    from graphmem.write.reembed import reembed

    embedder = build_embedder(environ, getattr(a, "embedder", None)) or make_embedder()
    store = open_store(target, auth)
    try:
        info = store.embedder_info()
        users = store.user_ids()
        if info == (embedder.model, embedder.dim) and not a.force:
            print(f"{store.uri} already holds vectors from {embedder.model}; nothing to do (--force to redo)")
            return 0
        before = f"{info[0]} (dim {info[1]})" if info else "no recorded embedder"
        print(
            f"Re-embedding the facts of {len(users)} users in {store.uri}: {before} -> {embedder.model} (dim {embedder.dim})"
        )
        if not a.yes:
            if not sys.stdin.isatty():
                print("graphmem: error: re-embedding sends every stored fact to the embedder; pass --yes to confirm",
                      file=sys.stderr)  # fmt: skip
                return 2
            if input("Continue? [y/N] ").strip().lower() not in ("y", "yes"):
                print("Aborted; nothing changed.")
                return 1
        n = reembed(store, embedder, progress=ProgressBar("reembed"))
        print(f"Re-embedded {n} facts with {embedder.model}.")
        return 0
    finally:
        store.close()


def register(add: Callable[..., argparse.ArgumentParser]) -> None:
    """Add the `reembed` subcommand through cli.build_parser's `add(name, handler, help)`.

    Its handler is None (like `demo`): it works on the raw store, because Memory refuses
    a store whose vectors came from another embedder. `cli.main` dispatches it through
    the `store_command` default set here.
    """
    sp = add(
        "reembed",
        None,
        "Re-embed every stored fact and message with the embedder chosen by --embedder, "
        "GRAPHMEM_EMBEDDER or GRAPHMEM_EMBED_MODEL (the default static embedder when none is set), "
        "with a progress bar on stderr.",
    )
    sp.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    sp.add_argument(
        "--force", action="store_true", help="re-embed even if the store already uses this embedder"
    )
    sp.set_defaults(store_command=cmd_reembed)
