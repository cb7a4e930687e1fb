"""Running the REST app under uvicorn, with a deadline for a request's headers.

uvicorn closes an idle keep-alive connection, but a client that opens a connection and
sends its headers a byte at a time (slowloris) is waited for without end: enough of them
hold every file descriptor. `header_timeout_protocol` arms a timer when a connection
opens and when each new request on it begins, and disarms it once the headers are
complete; at the deadline the connection gets a 408 in the service's error shape and is
closed. The body has its own deadline (`guard.BodyLimit`).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

#: Seconds a client has to send a request's headers (a browser or SDK needs milliseconds).
DEFAULT_HEADER_TIMEOUT = 10.0

_BODY = json.dumps({"error": "request_timeout", "detail": "the request headers took too long"}).encode()
_TIMEOUT_RESPONSE = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
    b"content-length: " + str(len(_BODY)).encode() + b"\r\nconnection: close\r\n\r\n" + _BODY
)


class HeaderDeadline(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline for each request's headers."""

    header_timeout: float = DEFAULT_HEADER_TIMEOUT
    header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.header_timer is None:  # a further request on a kept-alive connection
            self.arm()

    def on_headers_complete(self) -> None:
        self.disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self.disarm()
        super().connection_lost(exc)

    def arm(self) -> None:
        self.disarm()
        self.header_timer = asyncio.get_running_loop().call_later(self.header_timeout, self.expire)

    def disarm(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def expire(self) -> None:
        self.header_timer = None
        if self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete:  # no response of ours under way
            self.transport.write(_TIMEOUT_RESPONSE)
        self.transport.close()


def header_timeout_protocol(seconds: float) -> type[HeaderDeadline]:
    """The protocol class to give uvicorn (`http=`): `HeaderDeadline` with `seconds`."""
    return type("HeaderDeadline", (HeaderDeadline,), {"header_timeout": float(seconds)})


def run(
    app: Any, host: str, port: int, *, header_timeout: float = DEFAULT_HEADER_TIMEOUT, **options: Any
) -> None:
    """`uvicorn.run` with the header deadline."""
    import uvicorn

    uvicorn.run(app, host=host, port=port, http=header_timeout_protocol(header_timeout), **options)
