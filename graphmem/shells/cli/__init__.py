"""The `graphmem` command: thin shells over `Memory`, one module per command group
(`main` parses and dispatches; `output` prints; `analyst`, `llm`, `portability`, `demo`)."""

from graphmem.shells.cli.main import main

__all__ = ["main"]
