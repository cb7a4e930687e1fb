"""`store_timeout` holds on a Neo4j outage: a server of this module's own is SIGKILLed
under writers that retry every failed remember with the same key, stays down past several
timeouts and is started again. Every call, the ones that fail and the ones that succeed
once the server is back, ends within store_timeout + 1 s, with a success, a rolled-back
StoreUnavailableError or a WriteOutcomeUnknownError; nothing acknowledged is lost or doubled.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from benchmarks.outage import OwnServer, outage_run, own_server

pytestmark = [pytest.mark.slow, pytest.mark.neo4j]

STORE_TIMEOUT = 3.0


@pytest.fixture(scope="module")
def server() -> Iterator[OwnServer]:
    # No Neo4j is a failure here, as in tests/neo4j_server.py, never a skip.
    with own_server() as s:
        yield s


@pytest.mark.parametrize("writers", [1, 4])
def test_every_call_ends_within_the_store_timeout_during_an_outage(server: OwnServer, writers: int) -> None:
    out = outage_run(server, writers, STORE_TIMEOUT, down=2 * STORE_TIMEOUT + 2)
    assert not out["foreign"], out["foreign"]
    assert out["failed_calls"] >= writers, f"the outage was not seen: {out}"
    assert set(out["outcomes"]) <= {"ok", "unavailable", "unknown"}, out
    assert out["acknowledged"] > writers, out  # writes went through before and after the outage
    assert out["max_call_s"] <= STORE_TIMEOUT + 1.0, out
    assert out["lost"] == 0 and out["doubled"] == 0, out
