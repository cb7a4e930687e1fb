"""What stands in front of every route: the request body limit and API-key checks."""

from __future__ import annotations

import json
from typing import Any

from graphmem.shells.service.api_keys import KeyRing, presented_key

#: Default largest request body, in bytes (a batch of 100 messages of 8,000 characters
#: fits; an import of a large user may need `--max-body-bytes`).
DEFAULT_MAX_BODY = 4 * 1024 * 1024


class BodyTooLarge(Exception):
    """The client sent more than the limit."""


class BodyLimit:
    """ASGI middleware: 413 for a body over `limit` bytes, whether declared up front in
    Content-Length or found while streaming a chunked body."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await _too_large(send, self.limit)
            return
        seen = 0
        started = False

        async def limited_receive() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge
            return message

        async def tracking_send(message: Any) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await _too_large(send, self.limit)


async def _too_large(send: Any, limit: int) -> None:
    body = json.dumps(
        {"error": "request_too_large", "detail": f"the request body is over the limit of {limit} bytes"}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


class AccessDenied(Exception):
    """No usable key (401) or a key not bound to the user of the path (403)."""

    def __init__(self, status: int, code: str, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail


def check_access(keys: KeyRing, headers: Any, user_id: str) -> None:
    """Raise AccessDenied unless the request's key may act for `user_id`.

    With no keys configured the service runs open (the CLI then only binds loopback)."""
    if not keys:
        return
    known, users = keys.match(presented_key(headers))
    if not known:
        raise AccessDenied(401, "unauthorized", "a valid API key is required (Authorization: Bearer KEY "
                           "or X-API-Key: KEY)")  # fmt: skip
    if users is not None and user_id not in users:
        raise AccessDenied(403, "forbidden", "this API key is not bound to that user id")
