"""The one table mapping library errors to HTTP statuses, most specific first.

A shell looks an exception up here and answers with the status and a JSON body naming
the problem (`error`) and saying what went wrong (`detail`); it never sends a stack trace.
"""

from __future__ import annotations

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

#: (error class, HTTP status, error code); the first row the exception is an instance of wins.
ERROR_TABLE: tuple[tuple[type[GraphMemError], int, str], ...] = (
    (InvalidUserIdError, 422, "invalid_user_id"),
    (TextTooLargeError, 422, "text_too_large"),
    (InvalidTimeError, 422, "invalid_time"),
    (InvalidTextError, 422, "invalid_text"),
    (InvalidInputError, 422, "invalid_input"),
    (ImportFormatError, 422, "invalid_import_document"),
    # The commit was sent and no answer came: retrying with the same key (or ref) is safe.
    (WriteOutcomeUnknownError, 503, "write_outcome_unknown"),
    (StoreUnavailableError, 503, "store_unavailable"),
    (StoreAuthError, 503, "store_auth_failed"),
    (SchemaVersionError, 503, "store_schema_too_new"),
    (StoreError, 503, "store_error"),
    (EmbedderMismatchError, 503, "embedder_mismatch"),
    (EmbeddingError, 502, "embedder_failed"),
    (ExtractionError, 502, "extractor_failed"),
    (GraphMemError, 500, "graphmem_error"),
)


def status_of(exc: GraphMemError) -> tuple[int, str]:
    """(HTTP status, error code) for a library error."""
    for cls, status, code in ERROR_TABLE:
        if isinstance(exc, cls):
            return status, code
    return 500, "graphmem_error"  # unreachable: GraphMemError is the last row
