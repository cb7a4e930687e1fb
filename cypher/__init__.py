"""Every Cypher statement graphmem runs, one named file each (see graphmem.stores.neo4j.cypher_files).

This folder stays at the repository root for analysts and ships inside the wheel as the
data package `graphmem.cypher`; this file only makes it importable for importlib.resources.
"""
