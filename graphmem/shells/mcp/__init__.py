"""The MCP server (extra `graphmem[mcp]`), on the official `mcp` SDK's `MCPServer`.

    graphmem [--store S] mcp --user U [--transport stdio|http] [--host H --port P]

On stdio the server is pinned to one user (`PinnedUser`); over streamable HTTP each
bearer token maps to one user (`TokenUsers`). Tools never take a user argument.
"""

from graphmem.shells.mcp.scope import PinnedUser, TokenUsers, UserScope
from graphmem.shells.mcp.tools import build_server

__all__ = ["PinnedUser", "TokenUsers", "UserScope", "build_server"]
