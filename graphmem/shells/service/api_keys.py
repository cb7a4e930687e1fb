"""API keys and bearer tokens, each bound to the user ids it may act for.

The CLI reads the keys (from the environment or a file) and hands a `KeyRing` in;
library code never reads the environment. Keys are compared with `hmac.compare_digest`
against every configured key, so the time an answer takes says nothing about how much
of a key was right. Keys are never logged and never appear in a repr.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from graphmem.errors import InvalidInputError

#: A binding to every user id (a REST key without a user list).
ANY_USER = "*"


@dataclass(frozen=True)
class KeyRing:
    """Keys and what each may do: `users` is a set of user ids, or None for any user."""

    _entries: tuple[tuple[bytes, frozenset[str] | None], ...] = field(default=(), repr=False)

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, str | Iterable[str]]) -> KeyRing:
        """`{key: user_id | [user_id, ...] | "*"}`; "*" (alone or in a list) means any user."""
        entries = []
        for key, users in mapping.items():
            if not isinstance(key, str) or len(key) < 16:
                raise InvalidInputError("every API key / token must be a string of at least 16 characters")
            names = [users] if isinstance(users, str) else list(users) if isinstance(users, list) else []
            if not names or not all(isinstance(u, str) and u for u in names):
                raise InvalidInputError("every key must name a user id, a list of user ids, or '*'")
            bound = None if ANY_USER in names else frozenset(names)
            entries.append((key.encode(), bound))
        return cls(tuple(entries))

    @classmethod
    def single(cls, key: str) -> KeyRing:
        """One key for every user (`GRAPHMEM_API_KEY`)."""
        return cls.from_mapping({key: ANY_USER})

    @classmethod
    def load(cls, source: str | Path) -> KeyRing:
        """A JSON object `{key: user_id | [user_id, ...] | "*"}` from a file path."""
        try:
            data = json.loads(Path(source).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise InvalidInputError(f"cannot read the keys file {source}: {type(e).__name__}") from e
        if not isinstance(data, dict):
            raise InvalidInputError(f"the keys file {source} must hold a JSON object {{key: user_id}}")
        return cls.from_mapping(data)

    @classmethod
    def parse_json(cls, text: str, what: str) -> KeyRing:
        """The same JSON object from a string (an environment variable named `what`)."""
        try:
            data = json.loads(text)
        except ValueError as e:
            raise InvalidInputError(f"{what} must hold a JSON object {{key: user_id}}") from e
        if not isinstance(data, dict):
            raise InvalidInputError(f"{what} must hold a JSON object {{key: user_id}}")
        return cls.from_mapping(data)

    def __bool__(self) -> bool:
        return bool(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def merged(self, other: KeyRing) -> KeyRing:
        return KeyRing(self._entries + other._entries)

    def match(self, presented: str | None) -> tuple[bool, frozenset[str] | None]:
        """(known, users): whether the key is configured and, if so, whom it may act for."""
        if not presented:
            return False, None
        given = presented.encode()
        found: tuple[bool, frozenset[str] | None] = (False, None)
        for key, users in self._entries:  # no early exit: every key is compared
            if hmac.compare_digest(key, given):
                found = (True, users)
        return found

    def single_user(self, presented: str | None) -> str | None:
        """The one user a token is bound to (MCP over HTTP), or None if unknown or not one user."""
        known, users = self.match(presented)
        if not known or users is None or len(users) != 1:
            return None
        return next(iter(users))


def presented_key(headers: Mapping[str, str]) -> str | None:
    """The key a request carries: `Authorization: Bearer KEY`, else `X-API-Key: KEY`."""
    auth = headers.get("authorization") or headers.get("Authorization")
    if auth:
        scheme, _, value = auth.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
    key = headers.get("x-api-key") or headers.get("X-API-Key")
    return key.strip() if key else None
