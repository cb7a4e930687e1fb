"""Checks on caller input, done before anything touches a store."""

from __future__ import annotations

import re

from .errors import InvalidInputError, InvalidUserIdError, TextTooLargeError

MAX_USER_ID_CHARS = 256
MAX_REF_CHARS = 256
ROLES = ("user", "assistant", "system", "tool")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def user_id(value: object) -> str:
    """A user id is a non-empty string without control characters, at most 256 chars.

    Quotes, backslashes and operators are allowed: they only ever reach a store as
    bound parameters.
    """
    if value is None:
        raise InvalidUserIdError("user_id is required (got None)")
    if not isinstance(value, str):
        raise InvalidUserIdError(f"user_id must be a string, not {type(value).__name__}")
    if not value.strip():
        raise InvalidUserIdError("user_id must not be empty or whitespace")
    if len(value) > MAX_USER_ID_CHARS:
        raise InvalidUserIdError(f"user_id is {len(value)} characters; the limit is {MAX_USER_ID_CHARS}")
    if _CONTROL.search(value):
        raise InvalidUserIdError("user_id must not contain control characters")
    return value


def text(value: object, limit: int, name: str = "text") -> str:
    if not isinstance(value, str):
        raise InvalidInputError(f"{name} must be a string, not {type(value).__name__}")
    if len(value) > limit:
        raise TextTooLargeError(f"{name} is {len(value)} characters; the limit is {limit}")
    return value


def role(value: object) -> str:
    if value not in ROLES:
        raise InvalidInputError(f"role must be one of {', '.join(ROLES)}, not {value!r}")
    return str(value)


def ref(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_REF_CHARS or _CONTROL.search(value):
        raise InvalidInputError(f"ref must be a string of at most {MAX_REF_CHARS} printable characters")
    return value


def top_k(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
        raise InvalidInputError(f"k must be an integer from 1 to 100, not {value!r}")
    return value


def attribute(value: object) -> str:
    from .vocab import is_valid_attribute

    if not isinstance(value, str) or not is_valid_attribute(value):
        raise InvalidInputError(f"attribute must be a lower-case identifier like 'employer', not {value!r}")
    return value
