"""The REST service (extra `graphmem[server]`): FastAPI over `AsyncMemory`.

    graphmem [--store S] serve [--host 127.0.0.1] [--port 8080]

`create_app` builds the ASGI app; `graphmem.shells.cli.services` runs it under uvicorn.
"""

from graphmem.shells.rest.app import ServiceSettings, create_app

__all__ = ["ServiceSettings", "create_app"]
