"""Embedders for the vector channel and re-embedding a store with another one."""
