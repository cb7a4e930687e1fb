"""What stands in front of every route: the Host check, the request body limit and
API-key checks."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

from graphmem.shells.service.api_keys import KeyRing, presented_key

#: Default largest request body, in bytes (a batch of 100 messages of 8,000 characters
#: fits; an import of a large user may need `--max-body-bytes`).
DEFAULT_MAX_BODY = 4 * 1024 * 1024


#: How long a request body may stall between two of its pieces before the request is
#: answered 408 (a client trickling its body would otherwise hold a worker forever).
DEFAULT_BODY_TIMEOUT = 30.0
#: Host names a keyless service answers to (any port): loopback only, so a web page whose
#: name resolves to 127.0.0.1 (DNS rebinding) gets 421, not the user's memories.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")


class BodyLimit:
    """ASGI middleware: the whole request body is read before the routes run, so one
    answer covers every way a body can be too large: 413 for a body over `limit` bytes,
    whether declared up front in Content-Length or found while reading a chunked one,
    and 408 for a body that stalls longer than `timeout` seconds; both in the service's
    error shape, never a framework's."""

    def __init__(self, app: Any, limit: int, timeout: float = DEFAULT_BODY_TIMEOUT) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await answer(
                send, 413, "request_too_large", f"the request body is over the limit of {self.limit} bytes"
            )
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), self.timeout)
            except asyncio.TimeoutError:
                await answer(send, 408, "request_timeout", f"the request body stalled for {self.timeout:g} s")
                return
            if message["type"] != "http.request":  # the client went away: nobody to answer
                return
            body = message.get("body", b"")
            seen += len(body)
            if seen > self.limit:
                await answer(
                    send,
                    413,
                    "request_too_large",
                    f"the request body is over the limit of {self.limit} bytes",
                )
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        delivered = False

        async def replay() -> Any:
            nonlocal delivered
            if not delivered:
                delivered = True
                return whole
            return await receive()  # after the body: only a disconnect can come

        await self.app(scope, replay, send)


class HostGuard:
    """ASGI middleware: 421 for a request whose Host header is not one the service answers
    to: loopback names (any port) and `allowed` (`host` for any port, `host:port`)."""

    def __init__(self, app: Any, allowed: Sequence[str] = ()) -> None:
        self.app = app
        self.any_port = {h.lower() for h in LOOPBACK_HOSTS}
        self.exact: set[str] = set()
        for h in allowed:
            name, port = split_host(h.strip().lower())
            if port is None:
                self.any_port.add(name)
            else:
                self.exact.add(f"{name}:{port}")

    def accepts(self, host: str | None) -> bool:
        if not host:
            return False
        name, port = split_host(host.strip().lower())
        if not name or port == "":  # unparseable, or a port that is no number
            return False
        return name in self.any_port or f"{name}:{port}" in self.exact

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            host = dict(scope.get("headers") or []).get(b"host")
            if not self.accepts(host.decode("latin-1") if host is not None else None):
                await answer(send, 421, "misdirected_request", "this service does not answer to that Host "
                             "header (graphmem serve --allowed-host adds a name)")  # fmt: skip
                return
        await self.app(scope, receive, send)


def split_host(value: str) -> tuple[str, str | None]:
    """("name", "port" or None) of a Host header value: `localhost:8080`, `[::1]:80`, `[::1]`;
    the port is "" when something other than digits follows the name."""
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return "", None
        rest = value[end + 1 :]
        port = rest[1:] if rest.startswith(":") else None
        return value[: end + 1], port if port is None or port.isdigit() else ""
    if value.count(":") == 1:
        name, port = value.split(":")
        return name, port if port.isdigit() else ""
    return value, None


async def answer(send: Any, status: int, code: str, detail: str) -> None:
    """One response in the service's error shape, sent before any route ran."""
    body = json.dumps({"error": code, "detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status in (408, 413, 421):  # the rest of the request was not read: the connection ends
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
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
