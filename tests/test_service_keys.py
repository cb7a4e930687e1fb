"""Keys bound to users, the error table's order, and the service commands' refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from graphmem import GraphMemError, InvalidInputError, errors
from graphmem.shells.cli.services import is_loopback, mcp_tokens, rest_keys
from graphmem.shells.service.api_keys import KeyRing, presented_key
from graphmem.shells.service.errors import ERROR_TABLE, status_of

from .service_proc import ROOT, _env

K1, K2, K3 = "k1-" + "a" * 20, "k2-" + "b" * 20, "k3-" + "c" * 20


def test_keyring_bindings(tmp_path: Path) -> None:
    ring = KeyRing.from_mapping({K1: "alice", K2: ["bob", "carol"], K3: "*"})
    assert ring.match(K1) == (True, frozenset({"alice"}))
    assert ring.match(K2) == (True, frozenset({"bob", "carol"}))
    assert ring.match(K3) == (True, None)
    for wrong in (None, "", K1[:-1], K1 + "x", K1.upper()):
        assert ring.match(wrong) == (False, None)
    assert ring.single_user(K1) == "alice" and ring.single_user(K2) is None and ring.single_user(K3) is None
    assert K1 not in repr(ring)
    f = tmp_path / "keys.json"
    f.write_text(json.dumps({K1: "alice"}))
    assert KeyRing.load(f).match(K1)[0]
    for bad in ({"short": "alice"}, {K1: []}, {K1: [""]}, {K1: 3}):
        with pytest.raises(InvalidInputError):
            KeyRing.from_mapping(bad)  # type: ignore[arg-type]
    f.write_text("[1, 2]")
    with pytest.raises(InvalidInputError):
        KeyRing.load(f)
    with pytest.raises(InvalidInputError):
        KeyRing.parse_json("{nope", "GRAPHMEM_API_KEYS")


def test_presented_key() -> None:
    assert presented_key({"authorization": f"Bearer {K1}"}) == K1
    assert presented_key({"authorization": f"bearer  {K1} "}) == K1
    assert presented_key({"x-api-key": K1}) == K1
    assert presented_key({"authorization": f"Basic {K1}"}) is None
    assert presented_key({}) is None


def test_cli_key_sources(tmp_path: Path) -> None:
    env = {"GRAPHMEM_API_KEY": K3, "GRAPHMEM_API_KEYS": json.dumps({K1: ["alice"]})}
    ring = rest_keys(env, None)
    assert ring.match(K3) == (True, None) and ring.match(K1) == (True, frozenset({"alice"}))
    assert not rest_keys({}, None)
    tokens = mcp_tokens(
        {"GRAPHMEM_MCP_TOKEN": K1, "GRAPHMEM_MCP_TOKENS": json.dumps({K2: "bob"})}, None, "alice"
    )
    assert tokens.single_user(K1) == "alice" and tokens.single_user(K2) == "bob"
    with pytest.raises(InvalidInputError):
        mcp_tokens({"GRAPHMEM_MCP_TOKEN": K1}, None, None)
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("10.1.2.3") and not is_loopback("example.org")


def test_error_table_most_specific_first() -> None:
    classes = [cls for cls, _, _ in ERROR_TABLE]
    for i, cls in enumerate(classes):  # no row is shadowed by a broader one above it
        assert not any(issubclass(cls, earlier) for earlier in classes[:i]), cls
    every = [c for c in vars(errors).values() if isinstance(c, type) and issubclass(c, GraphMemError)]
    assert set(every) <= set(classes)  # every library error has a row
    assert status_of(errors.InvalidUserIdError("x")) == (422, "invalid_user_id")
    assert status_of(errors.StoreUnavailableError("x"))[0] == 503
    assert status_of(errors.StoreError("x"))[0] == 503


@pytest.mark.slow  # a service process
def test_mcp_http_refuses_to_start_without_tokens() -> None:
    p = subprocess.run([sys.executable, "-m", "graphmem", "--store", "unused.db", "mcp", "--transport", "http"],
                       env=_env({}), cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert p.returncode == 2 and "needs tokens" in p.stderr
    p = subprocess.run([sys.executable, "-m", "graphmem", "--store", "unused.db", "mcp"],
                       env=_env({}), cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert p.returncode == 2 and "--user" in p.stderr
