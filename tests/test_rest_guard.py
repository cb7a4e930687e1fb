"""What stands in front of the REST routes, against a real `graphmem serve` on loopback:
the Host check (DNS rebinding), the body limit for declared and chunked bodies, and the
deadlines for slow headers and stalled bodies, sent over raw sockets. Every wait is bounded."""

from __future__ import annotations

import json
import socket
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest

from graphmem import Memory

from .conftest import BACKENDS
from .service_proc import service

LIMIT = 2000
HEADER_TIMEOUT = 1.5
BODY_TIMEOUT = 1.5


@dataclass
class Served:
    base: str
    port: int
    target: str
    user: str


@pytest.fixture(scope="module", params=BACKENDS)
def keyless(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    if request.param == "sqlite":
        target = str(tmp_path_factory.mktemp("guard") / "memory.db")
    else:
        target = str(request.getfixturevalue("neo4j_uri"))
    args = ["--store", target, "serve", "--allowed-host", "memory.test", "--allowed-host", "proxy.test:9999",
            "--max-body-bytes", str(LIMIT), "--header-timeout", str(HEADER_TIMEOUT),
            "--body-timeout", str(BODY_TIMEOUT)]  # fmt: skip
    with service(args, "/healthz") as (base, _):
        user = f"t{uuid.uuid4().hex[:8]}-guard"
        yield Served(base, int(base.rsplit(":", 1)[1]), target, user)
    with Memory(target) as m:
        m.forget_user(user)


def raw(port: int, data: bytes, *, wait: float = 10.0) -> tuple[int, dict]:
    """Send `data` on a fresh connection; (status, JSON body) of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as s:
        s.sendall(data)
        got = b""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                piece = s.recv(65536)
            except (ConnectionResetError, TimeoutError):
                break
            if not piece:
                break
            got += piece
            head, _, body = got.partition(b"\r\n\r\n")
            length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                           if line.lower().startswith(b"content-length:")), None)  # fmt: skip
            if length is not None and len(body) >= length:
                break
    head, _, body = got.partition(b"\r\n\r\n")
    assert head, "no answer"
    return int(head.split(b" ")[1]), json.loads(body) if body else {}


# ---- Host (DNS rebinding) ----------------------------------------------------------------

FORGED = ["evil.example", "evil.example:{port}", "127.0.0.1.nip.io:{port}", "localhost.evil.example",
          "memory.test.evil.example", "proxy.test:{port}", "localhost:{port}@evil.example", "[::2]:{port}",
          "127.0.0.2:{port}", "0.0.0.0:{port}"]  # fmt: skip
LOOPBACK = ["localhost", "localhost:{port}", "LocalHost:{port}", "127.0.0.1:{port}", "127.0.0.1", "[::1]:{port}",
            "[::1]", "memory.test", "memory.test:8443", "proxy.test:9999"]  # fmt: skip


def test_keyless_service_answers_only_loopback_and_allowed_hosts(keyless: Served) -> None:
    path = f"/v1/users/{keyless.user}/memories"
    for host in FORGED:
        h = host.format(port=keyless.port)
        for method, route, body in (("POST", path, {"text": "I live in Lisbon."}), ("GET", "/healthz", None),
                                    ("GET", f"/v1/users/{keyless.user}/export", None)):  # fmt: skip
            r = httpx.request(method, keyless.base + route, json=body, headers={"Host": h}, timeout=10)
            assert r.status_code == 421, (h, route, r.status_code, r.text)
            assert r.json()["error"] == "misdirected_request"
    with Memory(keyless.target) as m:
        assert m.facts(keyless.user) == [] and m.store.count_rows(keyless.user) == 0
    for host in LOOPBACK:
        h = host.format(port=keyless.port)
        r = httpx.get(keyless.base + f"/v1/users/{keyless.user}/facts", headers={"Host": h}, timeout=10)
        assert r.status_code == 200, (h, r.text)
    r = httpx.post(keyless.base + path, json={"text": "I live in Lisbon."}, timeout=30)
    assert r.status_code == 200 and [f["value"] for f in r.json()["result"]["added"]] == ["Lisbon"]


def test_a_request_without_a_host_header_is_refused(keyless: Served) -> None:
    status, body = raw(keyless.port, b"GET /healthz HTTP/1.0\r\n\r\n")
    assert status == 421 and body["error"] == "misdirected_request"


def test_with_keys_the_key_guards_and_allowed_hosts_still_apply(tmp_path) -> None:  # type: ignore[no-untyped-def]
    key = uuid.uuid4().hex
    target = str(tmp_path / "keyed.db")
    env = {"GRAPHMEM_API_KEY": key}
    with service(["--store", target, "serve"], "/healthz", env=env) as (base, _):
        forged = {"Host": "evil.example"}
        assert httpx.get(base + "/v1/users/u1/facts", headers=forged, timeout=10).status_code == 401
        ok = httpx.get(base + "/v1/users/u1/facts", headers={**forged, "X-API-Key": key}, timeout=10)
        assert ok.status_code == 200  # a deployment behind a proxy: the key is the guard
    with service(["--store", target, "serve", "--allowed-host", "memory.test"], "/healthz", env=env) as (
        base,
        _,
    ):
        r = httpx.get(
            base + "/v1/users/u1/facts", headers={"Host": "evil.example", "X-API-Key": key}, timeout=10
        )
        assert r.status_code == 421 and r.json()["error"] == "misdirected_request"
        r = httpx.get(
            base + "/v1/users/u1/facts", headers={"Host": "memory.test", "X-API-Key": key}, timeout=10
        )
        assert r.status_code == 200


# ---- body limit --------------------------------------------------------------------------


def _post(user: str, headers: str) -> bytes:
    return (f"POST /v1/users/{user}/memories HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Content-Type: application/json\r\n{headers}\r\n").encode()  # fmt: skip


def _chunked(payload: bytes, size: int = 500) -> bytes:
    out = b"".join(
        f"{len(payload[i : i + size]):x}\r\n".encode() + payload[i : i + size] + b"\r\n"
        for i in range(0, len(payload), size)
    )
    return out + b"0\r\n\r\n"


def test_a_chunked_body_over_the_limit_is_413_in_the_service_shape(keyless: Served) -> None:
    big = json.dumps({"text": "I like tea. " * 400}).encode()
    assert len(big) > LIMIT
    status, body = raw(keyless.port, _post(keyless.user, "Transfer-Encoding: chunked\r\n") + _chunked(big))
    assert status == 413 and body["error"] == "request_too_large" and str(LIMIT) in body["detail"]
    status, body = raw(keyless.port, _post(keyless.user, f"Content-Length: {len(big)}\r\n") + big)
    assert status == 413 and body["error"] == "request_too_large"
    small = json.dumps({"text": "I have a cat named Miso."}).encode()
    status, body = raw(
        keyless.port, _post(keyless.user, "Transfer-Encoding: chunked\r\n") + _chunked(small, 7)
    )
    assert status == 200, body
    with Memory(keyless.target) as m:
        assert "I like tea" not in json.dumps(m.export(keyless.user).document)


# ---- slow clients ------------------------------------------------------------------------


def _closed_within(sock: socket.socket, seconds: float) -> tuple[float, bytes]:
    """(seconds until the server closed the connection, what it sent), at most `seconds`."""
    t0 = time.monotonic()
    got = b""
    sock.settimeout(0.2)
    while time.monotonic() - t0 < seconds:
        try:
            piece = sock.recv(4096)
        except TimeoutError:
            try:
                sock.send(b"X")  # keep trickling, as a slowloris client does
            except OSError:
                return time.monotonic() - t0, got
            continue
        except OSError:
            return time.monotonic() - t0, got
        if not piece:
            return time.monotonic() - t0, got
        got += piece
    return float("inf"), got


#: The deadlines for slow clients hold before a request reaches a store: one store is enough.
SQLITE_ONLY = pytest.mark.parametrize("keyless", ["sqlite"], indirect=True)


@SQLITE_ONLY
def test_slow_headers_are_cut_off(keyless: Served) -> None:
    bound = HEADER_TIMEOUT + 3.0
    with socket.create_connection(("127.0.0.1", keyless.port), timeout=5) as s:  # headers a byte at a time
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        took, got = _closed_within(s, bound + 2)
    assert took <= bound, f"a trickling request was kept open {took:.1f} s"
    assert got.startswith(b"HTTP/1.1 408") and b"request_timeout" in got
    with socket.create_connection(("127.0.0.1", keyless.port), timeout=5) as s:  # opened, silent
        t0 = time.monotonic()
        s.settimeout(bound + 2)
        try:
            while s.recv(4096):
                pass
        except OSError:
            pass
        assert time.monotonic() - t0 <= bound
    # A request on a kept-alive connection has the same deadline.
    with socket.create_connection(("127.0.0.1", keyless.port), timeout=5) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        first = s.recv(4096)
        assert first.startswith(b"HTTP/1.1 200")
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        took, got = _closed_within(s, bound + 2)
        assert took <= bound and b"408" in got


@SQLITE_ONLY
def test_a_stalled_body_is_408(keyless: Served) -> None:
    with socket.create_connection(("127.0.0.1", keyless.port), timeout=10) as s:
        s.sendall(_post(keyless.user, "Content-Length: 500\r\n") + b'{"text": "I live in ')
        t0 = time.monotonic()
        s.settimeout(BODY_TIMEOUT + 5)
        got = b""
        try:
            while piece := s.recv(4096):
                got += piece
        except OSError:
            pass
        assert time.monotonic() - t0 <= BODY_TIMEOUT + 3
    assert got.startswith(b"HTTP/1.1 408") and b"request_timeout" in got
