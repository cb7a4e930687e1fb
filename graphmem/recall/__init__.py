"""Hybrid recall over facts and episodes: exact graph lookup + BM25 + vector over facts,
BM25 + vector over the kept messages, fused (`fusion`), assembled into one ranking
(`assemble`) by the `Recaller` (`recaller`), and rendered as the MemoryContext block
(`context_block`).

The package itself imports nothing, so rendering a context or reading a fact never loads
the recall engine (numpy, the intent rules).
"""
