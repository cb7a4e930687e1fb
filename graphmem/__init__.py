"""graphmem: long-term memory for AI agents as per-user entity–attribute–value graphs.

from graphmem import Memory
mem = Memory("memory.db")
mem.remember("u1", "I moved to Denver", at="2026-03-01")
mem.get("u1", "city")[0].value        # 'Denver'
"""

from .aio import AsyncMemory
from .config import Config
from .embed import Embedder, HashingEmbedder
from .errors import (
    EmbedderMismatchError,
    ExtractionError,
    GraphMemError,
    ImportFormatError,
    InvalidInputError,
    InvalidTimeError,
    InvalidUserIdError,
    SchemaVersionError,
    StoreAuthError,
    StoreError,
    StoreUnavailableError,
    TextTooLargeError,
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

__version__ = "0.1.0"

__all__ = [
    "AsyncMemory",
    "AuditRecord",
    "Candidate",
    "Config",
    "Embedder",
    "EmbedderMismatchError",
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
    "__version__",
]
