"""Whose memory a tool call may touch: fixed by the session, never by a tool argument."""

from __future__ import annotations

from typing import Any, Protocol

from graphmem.errors import InvalidInputError
from graphmem.shells.service.api_keys import KeyRing, presented_key


class UserScope(Protocol):
    def user_for(self, ctx: Any) -> str:
        """The user id of the call `ctx` belongs to; raises if there is none."""
        ...


class PinnedUser:
    """stdio: one process, one client, one user (`--user`)."""

    def __init__(self, user_id: str) -> None:
        self.user_id = user_id

    def user_for(self, ctx: Any) -> str:
        return self.user_id


class TokenUsers:
    """Streamable HTTP: the bearer token of the request that carried the call names the user.

    The HTTP guard (`graphmem.shells.mcp.http`) already refused requests without a known
    token; this looks the token up again per call, so a session cannot outlive its token's
    binding and a call can never run as anybody but its token's user."""

    def __init__(self, keys: KeyRing) -> None:
        self.keys = keys

    def user_for(self, ctx: Any) -> str:
        headers = ctx.headers or {}
        user = self.keys.single_user(presented_key(headers))
        if user is None:
            raise InvalidInputError("this request carries no token bound to a user")
        return user
