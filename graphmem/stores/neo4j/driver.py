"""Opening the Neo4j driver: configuration, credentials from the URI, a first connection."""

from __future__ import annotations

from typing import Any

from graphmem.errors import StoreUnavailableError
from graphmem.stores.neo4j.util import mapped_errors, split_uri


def open_driver(
    uri: str,
    auth: tuple[str, str] | None,
    connect_timeout: float,
    timeout: float,
    driver_config: dict[str, Any],
) -> tuple[Any, Any, str]:
    """(driver, bookmark manager, URI safe to show) for `uri`, connected once. Each call's
    bound is kept by bounded.py (a deadline per call); `timeout` here only caps what the
    driver does outside a call (verify_connectivity on open)."""
    try:
        from neo4j import GraphDatabase
    except ImportError as e:  # pragma: no cover - the extra is not installed
        raise StoreUnavailableError(
            f"cannot open {uri}: the Neo4j driver is not installed (pip install 'graphmem[neo4j]')"
        ) from e
    driver_uri, shown, uri_auth = split_uri(uri)
    config: dict[str, Any] = {
        "connection_timeout": min(connect_timeout, timeout),
        "max_transaction_retry_time": timeout,
        "connection_acquisition_timeout": timeout,
        "notifications_min_severity": "OFF",
        "user_agent": "graphmem",
        **driver_config,
    }
    with mapped_errors(shown, "connecting"):
        try:
            driver = GraphDatabase.driver(driver_uri, auth=auth or uri_auth, **config)
        except ValueError as e:  # malformed URI
            raise StoreUnavailableError(f"cannot connect to Neo4j at {shown}: {e}") from e
        try:
            driver.verify_connectivity()
        except ValueError as e:  # an address that cannot be resolved
            driver.close()
            raise StoreUnavailableError(f"cannot connect to Neo4j at {shown}: {e}") from e
        except BaseException:
            driver.close()
            raise
    return driver, GraphDatabase.bookmark_manager(), shown
