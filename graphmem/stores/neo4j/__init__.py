"""The Neo4j store: every statement a named file in cypher/, one transaction per write."""

from graphmem.stores.neo4j.store import Neo4jStore

__all__ = ["Neo4jStore"]
