"""graphmem: long-term memory for AI agents as per-user entity–attribute–value graphs.

from graphmem import Memory
mem = Memory("memory.db")
mem.remember("u1", "I moved to Denver", at="2026-03-01")
mem.get("u1", "city")[0].value        # 'Denver'
"""

from __future__ import annotations

import typing as _typing

from graphmem.errors import (
    EmbedderMismatchError,
    EmbeddingError,
    ExtractionError,
    GraphMemError,
    ImportFormatError,
    InvalidInputError,
    InvalidTextError,
    InvalidTimeError,
    InvalidUserIdError,
    SchemaVersionError,
    StoreAuthError,
    StoreError,
    StoreUnavailableError,
    TextTooLargeError,
    WriteOutcomeUnknownError,
)
from graphmem.model import (
    AuditRecord,
    Candidate,
    Entity,
    Fact,
    HistoryEntry,
    Ignored,
    MemoryContext,
    RecallItem,
    Refusal,
    RememberResult,
)

if _typing.TYPE_CHECKING:
    from graphmem.aio import AsyncMemory
    from graphmem.config import Config
    from graphmem.embedding.hashing import Embedder, HashingEmbedder
    from graphmem.memory import Memory
    from graphmem.portability import ExportReport, ImportDecision, ImportReport, MigrateReport

# The engine (numpy, the stores, the write and recall paths), the async wrapper (asyncio) and
# the version (importlib.metadata) load on first use, so `graphmem get` / `graphmem facts` and
# a plain `import graphmem.model` start fast.
_LAZY = {
    "AsyncMemory": ".aio",
    "Config": ".config",
    "Embedder": ".embedding.hashing",
    "HashingEmbedder": ".embedding.hashing",
    "Memory": ".memory",
    "ExportReport": ".portability",
    "ImportDecision": ".portability",
    "ImportReport": ".portability",
    "MigrateReport": ".portability",
}


def __getattr__(name: str) -> _typing.Any:
    if name == "__version__":
        from importlib import metadata

        try:  # the installed distribution's version, so it cannot drift from pyproject.toml
            version = metadata.version("graphmem")
        except metadata.PackageNotFoundError:  # a source tree that was never installed
            version = "0.0.0+unknown"
        globals()["__version__"] = version
        return version
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "AsyncMemory",
    "AuditRecord",
    "Candidate",
    "Config",
    "Embedder",
    "EmbedderMismatchError",
    "EmbeddingError",
    "Entity",
    "ExportReport",
    "ExtractionError",
    "Fact",
    "GraphMemError",
    "HashingEmbedder",
    "HistoryEntry",
    "Ignored",
    "ImportDecision",
    "ImportFormatError",
    "ImportReport",
    "InvalidInputError",
    "InvalidTextError",
    "InvalidTimeError",
    "InvalidUserIdError",
    "Memory",
    "MemoryContext",
    "MigrateReport",
    "RecallItem",
    "Refusal",
    "RememberResult",
    "SchemaVersionError",
    "StoreAuthError",
    "StoreError",
    "StoreUnavailableError",
    "TextTooLargeError",
    "WriteOutcomeUnknownError",
    "__version__",
]
