"""The MCP server over streamable HTTP: `/mcp` behind bearer tokens, plus `GET /health`.

Each token maps to one user (a `KeyRing` built by the CLI from a file or the
environment). A request to `/mcp` without a known token gets 401 before the SDK sees
it; the tools then take the user from the same token (`TokenUsers`). The SDK's
DNS-rebinding protection checks the Host header against `allowed_hosts`, so a server
behind a proxy must list the proxy's host name there or it answers 421.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from mcp.server.transport_security import TransportSecuritySettings
from starlette.requests import Request
from starlette.responses import JSONResponse

from graphmem import __version__
from graphmem.shells.mcp.scope import TokenUsers
from graphmem.shells.mcp.tools import build_server
from graphmem.shells.service.api_keys import KeyRing, presented_key
from graphmem.shells.service.lazy import LazyMemory

MCP_PATH = "/mcp"
LOOPBACK_HOSTS = ("127.0.0.1:*", "localhost:*", "[::1]:*")


def transport_security(host: str, port: int, allowed_hosts: Sequence[str]) -> TransportSecuritySettings:
    """DNS-rebinding protection allowing loopback, the bound host and `allowed_hosts`
    (`host` or `host:port`, `*` as the port for any); `["*"]` turns the check off."""
    if list(allowed_hosts) == ["*"]:
        return TransportSecuritySettings(enable_dns_rebinding_protection=False)
    hosts = [*LOOPBACK_HOSTS, f"{host}:{port}", *allowed_hosts]
    hosts += [f"{h}:*" for h in allowed_hosts if ":" not in h]
    origins = [f"{scheme}://{h}" for h in hosts for scheme in ("http", "https")]
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins
    )


class TokenGuard:
    """ASGI middleware: `/mcp` only with a token bound to exactly one user; 401 otherwise."""

    def __init__(self, app: Any, keys: KeyRing) -> None:
        self.app = app
        self.keys = keys

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].startswith(MCP_PATH):
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
            if self.keys.single_user(presented_key(headers)) is None:
                body = json.dumps({"error": "unauthorized", "detail": "a bearer token bound to a user is "
                                   "required (Authorization: Bearer TOKEN)"}).encode()  # fmt: skip
                await send({"type": "http.response.start", "status": 401, "headers": [
                    (b"content-type", b"application/json"), (b"www-authenticate", b"Bearer"),
                    (b"content-length", str(len(body)).encode())]})  # fmt: skip
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def build_http_app(
    lazy: LazyMemory, keys: KeyRing, *, host: str, port: int, allowed_hosts: Sequence[str] = ()
) -> Any:
    """The ASGI app serving MCP at `/mcp` for the users `keys` names."""
    server = build_server(lazy, TokenUsers(keys))

    @server.custom_route("/health", methods=["GET"])
    async def health(_: Request) -> JSONResponse:
        return JSONResponse(
            {"status": "ok", "version": __version__, "store": lazy.store, "warm": lazy.warmed}
        )

    app = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        transport_security=transport_security(host, port, allowed_hosts),
        host=host,
    )
    return TokenGuard(app, keys)
