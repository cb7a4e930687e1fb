"""Every error graphmem raises derives from one root.

GraphMemError
├── InvalidInputError        a caller passed something unusable (nothing was written)
│   ├── InvalidUserIdError   empty, None, non-string, too long or control characters
│   ├── TextTooLargeError    text over the documented size limit
│   ├── InvalidTextError     a string with a NUL or a lone surrogate (not valid Unicode text)
│   └── InvalidTimeError     an `at` / `as_of` that is not a datetime or ISO-8601 string,
│                            or outside the years 1000–9000 (also after its UTC offset)
├── StoreError               the storage backend failed (the transaction was rolled back)
│   ├── StoreUnavailableError  the server is down, unreachable or did not answer within
│   │                          `Config.store_timeout` (names the URI; nothing was written)
│   ├── StoreAuthError         the server refused the credentials (names the URI)
│   └── SchemaVersionError     the store was written by a newer graphmem
├── WriteOutcomeUnknownError  the commit was sent and no answer came: the write may or may
│                            not have been applied; retrying with the same key is safe
├── EmbedderMismatchError    stored vectors came from another embedder model or dimension
├── ExtractionError          an extractor failed (the engine falls back to rules)
└── ImportFormatError        an export document is malformed, unknown or too large
"""

from __future__ import annotations


class GraphMemError(Exception):
    """Root of every graphmem error."""


class InvalidInputError(GraphMemError, ValueError):
    """A caller passed something unusable; nothing was written."""


class InvalidUserIdError(InvalidInputError):
    """The user id is empty, None, not a string, too long or has control characters."""


class TextTooLargeError(InvalidInputError):
    """The text is over the documented size limit."""


class InvalidTextError(InvalidInputError):
    """A string holds a NUL character or a lone surrogate: it is not storable text."""


class InvalidTimeError(InvalidInputError):
    """A time argument is neither a datetime nor an ISO-8601 string."""


class StoreError(GraphMemError):
    """The storage backend failed; the transaction was rolled back."""


class StoreUnavailableError(StoreError):
    """The store cannot be reached."""


class StoreAuthError(StoreError):
    """The store refused the credentials."""


class SchemaVersionError(StoreError):
    """The store's schema is newer than this graphmem understands."""


class WriteOutcomeUnknownError(GraphMemError):
    """The commit was sent but no answer came back: the write may have been applied or not.

    Not a `StoreError`, which promises a rollback. `remember` writes are idempotent by
    their key (`key=`, else `ref`): retrying with the same key is safe and returns the
    first result if the first attempt did commit."""


class EmbedderMismatchError(GraphMemError):
    """The store's vectors came from a different embedder model or dimension."""


class EmbeddingError(GraphMemError):
    """An embedder could not produce vectors (endpoint failure, missing optional package)."""


class ExtractionError(GraphMemError):
    """An extractor failed to produce a valid result."""


class ImportFormatError(GraphMemError):
    """An export document is malformed, of an unknown version, or too large."""
