"""`graphmem mcp` and `graphmem serve`: the service shells' commands. This module (with
`graphmem.shells.cli`) is the only place the services' configuration is read from the
environment; the servers themselves get everything passed in."""

from __future__ import annotations

import argparse
import ipaddress
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from graphmem.errors import InvalidInputError

if TYPE_CHECKING:  # the key ring loads for `mcp` / `serve`, not for every command
    from graphmem.shells.service.api_keys import KeyRing

#: Environment variables the commands read (documented in the README).
ENV_API_KEY = "GRAPHMEM_API_KEY"  # one REST key for every user
ENV_API_KEYS = "GRAPHMEM_API_KEYS"  # REST keys as JSON {key: user | [users] | "*"}
ENV_MCP_TOKEN = "GRAPHMEM_MCP_TOKEN"  # one MCP bearer token, bound to --user
ENV_MCP_TOKENS = "GRAPHMEM_MCP_TOKENS"  # MCP tokens as JSON {token: user}


def register(add: Callable[..., argparse.ArgumentParser]) -> None:
    """Add `mcp` and `serve` through cli.build_parser's `add(name, handler, help)`; both run
    through the `store_command` hook because they open their store lazily (a service
    starts, and reports the store as unavailable, while the store is down)."""
    sp = add("mcp", None, "Run the MCP server (extra: graphmem[mcp]): stdio pinned to --user, or "
             "streamable HTTP at /mcp with bearer tokens mapped to users.")  # fmt: skip
    sp.add_argument(
        "--user", help="the user a stdio server acts for (and GRAPHMEM_MCP_TOKEN's user over http)"
    )
    sp.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    sp.add_argument("--host", default="127.0.0.1", help="http: address to bind (default 127.0.0.1)")
    sp.add_argument("--port", type=int, default=8765, help="http: port (default 8765)")
    sp.add_argument(
        "--tokens-file", help='http: JSON file {"TOKEN": "user_id", ...} (else $GRAPHMEM_MCP_TOKENS)'
    )
    sp.add_argument("--allowed-host", action="append", default=[], metavar="HOST[:PORT]",
                    help="http: a Host header to accept besides loopback (a proxy's name); '*' accepts any")  # fmt: skip
    sp.set_defaults(store_command=cmd_mcp)

    sp = add("serve", None, "Run the REST service (extra: graphmem[server]); OpenAPI docs at /docs.")
    sp.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    sp.add_argument("--port", type=int, default=8080, help="port (default 8080)")
    sp.add_argument("--keys-file", help='JSON file {"KEY": "user_id" | ["user_id", ...] | "*"} binding keys '
                    "to users (adds to $GRAPHMEM_API_KEY and $GRAPHMEM_API_KEYS)")  # fmt: skip
    sp.add_argument("--max-body-bytes", type=int, default=None, help="largest request body (default 4 MiB)")
    sp.add_argument("--allowed-host", action="append", default=[], metavar="HOST[:PORT]",
                    help="a Host header to accept besides loopback (a proxy's name); '*' accepts any. "
                    "Without API keys only loopback names are answered (421 otherwise)")  # fmt: skip
    sp.add_argument("--header-timeout", type=float, default=10.0, metavar="SECONDS",
                    help="seconds a client has to send a request's headers (default 10)")  # fmt: skip
    sp.add_argument("--body-timeout", type=float, default=30.0, metavar="SECONDS",
                    help="seconds a request body may stall between two pieces (default 30)")  # fmt: skip
    sp.add_argument(
        "--access-log", action="store_true", help="log one line per request (method, path, status)"
    )
    sp.set_defaults(store_command=cmd_serve)


def _opener(
    store: str, auth: tuple[str, str] | None, env: Mapping[str, str], embedder: str | None = None
) -> Callable[[], Any]:
    def open_memory() -> Any:
        from graphmem.memory import Memory
        from graphmem.shells.cli.llm import configure_from_env

        return Memory(store, auth=auth, **configure_from_env(env, embedder))

    return open_memory


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def rest_keys(env: Mapping[str, str], keys_file: str | None) -> KeyRing:
    from graphmem.shells.service.api_keys import KeyRing

    keys = KeyRing()
    if env.get(ENV_API_KEY):
        keys = keys.merged(KeyRing.single(env[ENV_API_KEY]))
    if env.get(ENV_API_KEYS):
        keys = keys.merged(KeyRing.parse_json(env[ENV_API_KEYS], ENV_API_KEYS))
    if keys_file:
        keys = keys.merged(KeyRing.load(keys_file))
    return keys


def mcp_tokens(env: Mapping[str, str], tokens_file: str | None, user: str | None) -> KeyRing:
    from graphmem.shells.service.api_keys import KeyRing

    keys = KeyRing()
    if env.get(ENV_MCP_TOKEN):
        if not user:
            raise InvalidInputError(f"{ENV_MCP_TOKEN} needs --user (the user that token acts for)")
        keys = keys.merged(KeyRing.from_mapping({env[ENV_MCP_TOKEN]: user}))
    if env.get(ENV_MCP_TOKENS):
        keys = keys.merged(KeyRing.parse_json(env[ENV_MCP_TOKENS], ENV_MCP_TOKENS))
    if tokens_file:
        keys = keys.merged(KeyRing.load(tokens_file))
    return keys


def cmd_mcp(store: str, auth: tuple[str, str] | None, env: Mapping[str, str], a: argparse.Namespace) -> int:
    try:
        from graphmem.shells.mcp import PinnedUser, build_server
        from graphmem.shells.mcp.http import build_http_app
    except ImportError as e:
        print(f"graphmem: error: the MCP server needs its extra: pip install 'graphmem[mcp]' ({e})",
              file=sys.stderr)  # fmt: skip
        return 2
    from graphmem.shells.service.lazy import LazyMemory
    from graphmem.write import validate

    lazy = LazyMemory(_opener(store, auth, env, getattr(a, "embedder", None)), store)
    if a.transport == "stdio":
        if not a.user:
            print("graphmem: error: mcp over stdio needs --user", file=sys.stderr)
            return 2
        server = build_server(lazy, PinnedUser(validate.user_id(a.user)))
        server.run("stdio")  # stdout is the protocol: nothing else may print there
        return 0
    keys = mcp_tokens(env, a.tokens_file, a.user)
    if not keys:
        print(f"graphmem: error: mcp over http needs tokens: --tokens-file, ${ENV_MCP_TOKENS} or "
              f"${ENV_MCP_TOKEN} with --user (no token, no access)", file=sys.stderr)  # fmt: skip
        return 2
    import uvicorn

    app = build_http_app(lazy, keys, host=a.host, port=a.port, allowed_hosts=a.allowed_host)
    print(f"graphmem mcp: streamable HTTP on http://{a.host}:{a.port}/mcp for {len(keys)} token(s)",
          file=sys.stderr)  # fmt: skip
    uvicorn.run(app, host=a.host, port=a.port, log_level="warning", access_log=False)
    return 0


def cmd_serve(store: str, auth: tuple[str, str] | None, env: Mapping[str, str], a: argparse.Namespace) -> int:
    try:
        from graphmem.shells.rest import ServiceSettings, create_app
        from graphmem.shells.rest.server import run
    except ImportError as e:
        print(f"graphmem: error: the REST service needs its extra: pip install 'graphmem[server]' ({e})",
              file=sys.stderr)  # fmt: skip
        return 2
    from graphmem.shells.service.lazy import LazyMemory

    keys = rest_keys(env, a.keys_file)
    if not keys and not is_loopback(a.host):
        print(f"graphmem: error: refusing to listen on {a.host} without an API key; set ${ENV_API_KEY} "
              "(or --keys-file), or bind a loopback address", file=sys.stderr)  # fmt: skip
        return 2
    if not keys:
        print(f"graphmem serve: no API key configured (${ENV_API_KEY}): open to local clients, listening "
              f"on loopback {a.host} only", file=sys.stderr)  # fmt: skip
    if not (0 < a.header_timeout <= 3600 and 0 < a.body_timeout <= 3600):
        print(
            "graphmem: error: --header-timeout and --body-timeout are seconds from 0 to 3600", file=sys.stderr
        )
        return 2
    limits = {} if a.max_body_bytes is None else {"max_body_bytes": a.max_body_bytes}
    settings = ServiceSettings(keys=keys, allowed_hosts=tuple(a.allowed_host), body_timeout=a.body_timeout,
                               **limits)  # fmt: skip
    app = create_app(LazyMemory(_opener(store, auth, env, getattr(a, "embedder", None)), store), settings)
    print(f"graphmem serve: http://{a.host}:{a.port} (docs at /docs)", file=sys.stderr)
    # A keep-alive window longer than uvicorn's 5 s default: a client reusing a pooled
    # connection just as the server closes it sees a dropped request.
    run(app, a.host, a.port, header_timeout=a.header_timeout, log_level="info" if a.access_log else "warning",
        access_log=a.access_log, timeout_keep_alive=30)  # fmt: skip
    return 0


__all__ = ["cmd_mcp", "cmd_serve", "is_loopback", "mcp_tokens", "register", "rest_keys"]
