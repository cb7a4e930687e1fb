"""graphmem: long-term memory for AI agents as per-user entity–attribute–value graphs.

from graphmem import Memory
mem = Memory("memory.db")
mem.remember("u1", "I moved to Denver", at="2026-03-01")
mem.get("u1", "city")[0].value        # 'Denver'
"""

from importlib import metadata as _metadata

from .aio import AsyncMemory
from .config import Config
from .embed import Embedder, HashingEmbedder
from .errors import (
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
from .memory import Memory
from .model import (
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
from .portability import ExportReport, ImportDecision, ImportReport, MigrateReport

try:  # the installed distribution's version, so it cannot drift from pyproject.toml
    __version__ = _metadata.version("graphmem")
except _metadata.PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"

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
