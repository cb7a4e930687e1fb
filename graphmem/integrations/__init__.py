"""Adapters that plug graphmem into agent frameworks (each behind its own extra)."""
