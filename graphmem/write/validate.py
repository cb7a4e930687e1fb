"""Checks on caller input, done before anything touches a store.

Every string a caller passes must be storable text: no NUL and no lone surrogate (a
UTF-16 half that no store can encode); names (user ids, refs, keys, fact ids, speakers,
roles, attributes, subjects) also no control characters. Each check raises an
`InvalidInputError` subclass naming the argument (`InvalidTextError` for a string that is
not storable text or a name with a control character), so a bad call fails before it
reads or writes anything, whichever argument it was.
"""

from __future__ import annotations

import math
import os
import re
from datetime import datetime
from typing import Any

from graphmem.errors import InvalidInputError, InvalidTextError, InvalidUserIdError, TextTooLargeError
from graphmem.extract.relations import relation_of
from graphmem.facts.vocab import RELATION_KEYS
from graphmem.lang import values
from graphmem.model import KINDS, SOURCES, Candidate
from graphmem.text.timestamps import parse_time

MAX_USER_ID_CHARS = 256
MAX_REF_CHARS = 256
MAX_KEY_CHARS = 256
MAX_ID_CHARS = 256
MAX_VALUE_CHARS = 1000  # a candidate's value
MAX_SPEAKER_CHARS = 100
ROLES = ("user", "assistant", "system", "tool")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_UNSTORABLE = re.compile(r"[\x00\ud800-\udfff]")


def unstorable(value: str) -> str | None:
    """Why `value` cannot be stored as text (its first NUL or lone surrogate), or None.
    Imports check every text field of a document with it too."""
    m = _UNSTORABLE.search(value)
    if m is None:
        return None
    return "a NUL character" if m.group() == "\x00" else f"a lone surrogate (U+{ord(m.group()):04X})"


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
    if _SURROGATE.search(value):
        raise InvalidUserIdError("user_id must not contain a lone surrogate (it is not valid Unicode)")
    return value


def text(value: object, limit: int, name: str = "text") -> str:
    if not isinstance(value, str):
        raise InvalidInputError(f"{name} must be a string, not {type(value).__name__}")
    if len(value) > limit:
        raise TextTooLargeError(f"{name} is {len(value)} characters; the limit is {limit}")
    problem = unstorable(value)
    if problem:
        raise InvalidTextError(f"{name} holds {problem}, which cannot be stored as text")
    return value


def printable(value: str, what: str) -> str:
    """`value` unchanged if it is storable text without control characters (a name);
    else InvalidTextError naming `what`."""
    problem = unstorable(value)
    if problem:
        raise InvalidTextError(f"{what} holds {problem}, which cannot be stored as text")
    if _CONTROL.search(value):
        raise InvalidTextError(f"{what} must not contain control characters")
    return value


def name(value: object, what: str, limit: int = MAX_ID_CHARS) -> str:
    """A non-empty identifier-like string (fact id, ref, key): printable, at most `limit`."""
    if not isinstance(value, str) or not value or len(value) > limit:
        raise InvalidInputError(f"{what} must be a non-empty string of at most {limit} characters")
    return printable(value, what)


def ref(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_REF_CHARS:
        raise InvalidInputError(f"ref must be a string of at most {MAX_REF_CHARS} printable characters")
    return printable(value, "ref")


def speaker(value: object) -> str | None:
    """Who said a message: None, or a name of at most MAX_SPEAKER_CHARS, spaces folded."""
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_SPEAKER_CHARS:
        raise InvalidInputError(
            f"speaker must be None or a non-empty string of at most {MAX_SPEAKER_CHARS} characters"
        )
    return " ".join(printable(value, "speaker").split())


def when(value: object, what: str = "at") -> datetime:
    """A time argument (`at`, `as_of`): a datetime, an ISO-8601 string or None (now)."""
    if isinstance(value, str):
        printable(value, what)
    return parse_time(value, what)


def export_destination(value: object) -> Any:
    """Where an export goes: None (returned), a path, or a file object with `write`."""
    if value is None:
        return None
    if isinstance(value, (str, os.PathLike)):
        path = os.fspath(value)
        if not isinstance(path, str) or not path.strip():
            raise InvalidInputError("the export path must be a non-empty text path")
        return printable(path, "the export path")
    if isinstance(value, (bool, int, float, bytes, list, tuple, dict)) or not callable(
        getattr(value, "write", None)
    ):
        raise InvalidInputError(
            f"an export goes to a path or a writable file object, not {type(value).__name__}"
        )
    return value


def key(value: object) -> str | None:
    """An idempotency key: None, or a non-empty printable string of at most 256 chars."""
    return None if value is None else name(value, "key", MAX_KEY_CHARS)


def role(value: object) -> str:
    if isinstance(value, str):
        printable(value, "role")
    if value not in ROLES:
        raise InvalidInputError(f"role must be one of {', '.join(ROLES)}, not {value!r}"[:200])
    return str(value)


def top_k(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
        raise InvalidInputError(f"k must be an integer from 1 to 100, not {value!r}"[:200])
    return value


def flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidInputError(f"{what} must be True or False, not {type(value).__name__}")
    return value


def fraction(value: object, what: str) -> float:
    """A finite number from 0 to 1 (a score floor, a confidence)."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if not ok or not 0.0 <= float(value) <= 1.0:  # type: ignore[arg-type]
        raise InvalidInputError(f"{what} must be a number from 0 to 1, not {value!r}"[:200])
    return float(value)  # type: ignore[arg-type]


def timeout(value: object) -> float:
    """A store timeout: a finite number of seconds from 0.1 to 600."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if not ok or not 0.1 <= float(value) <= 600:  # type: ignore[arg-type]
        raise InvalidInputError(
            f"store_timeout must be a number of seconds from 0.1 to 600, not {value!r}"[:200]
        )
    return float(value)  # type: ignore[arg-type]


def subject(value: object) -> str | None:
    if value is None:
        return None
    return name(value, "subject", 1000)


def attribute(value: object) -> str:
    from graphmem.facts.vocab import is_valid_attribute

    if isinstance(value, str):
        printable(value, "attribute")
    if not isinstance(value, str) or not is_valid_attribute(value):
        raise InvalidInputError(
            f"attribute must be a lower-case identifier like 'employer', not {value!r}"[:200]
        )
    return value


def _value_problem(c: Candidate) -> str | None:
    relation = bool(c.object_type) or c.attribute in RELATION_KEYS
    own = relation and relation_of(c.value) == (c.attribute, c.qualifier)
    return values.problem(c.attribute, c.value, relation, placeholder=own)


def candidate_problem(c: Candidate, secrets_in: dict[str, bool] | None = None) -> str | None:
    """Why an extractor's candidate cannot be written (an unknown attribute, an empty or
    oversized value, a secret in what it would store), or None. `secrets_in` remembers
    the secret check of each distinct text across one message's candidates."""
    from graphmem.facts.vocab import is_valid_attribute
    from graphmem.gate.secrets import find_secrets

    if not isinstance(c.attribute, str) or not (
        c.attribute == "*" and c.retract or is_valid_attribute(c.attribute)
    ):
        return "invalid_attribute"
    if not isinstance(c.value, str) or not c.value.strip() or len(c.value) > MAX_VALUE_CHARS:
        return "invalid_value"
    if not isinstance(c.subject, str) or not c.subject.strip():
        return "invalid_subject"
    if c.source not in SOURCES or (c.kind is not None and c.kind not in KINDS):
        return "invalid_source_or_kind"
    if not c.retract and (bad := _value_problem(c)):
        return bad  # a role for a name, a story for a thing: the message stays its episode
    checked = f"{c.value}\n{c.source_text}\n{c.text or ''}"
    found = secrets_in.get(checked) if secrets_in is not None else None
    if found is None:
        found = bool(find_secrets(checked))
        if secrets_in is not None:
            secrets_in[checked] = found
    if found:
        return "secret"
    return None
