"""The README documents every flag of the service commands and the variables they read."""

from __future__ import annotations

import argparse
from pathlib import Path

from graphmem.shells.cli import services as cli_services
from graphmem.shells.cli.main import build_parser

ROOT = Path(__file__).resolve().parents[1]


def _options(command: str) -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    sp = sub.choices[command]
    return [o for a in sp._actions for o in a.option_strings if o.startswith("--") and o != "--help"]


def test_every_service_flag_and_variable_is_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    flags = {c: _options(c) for c in ("mcp", "serve")}
    assert "--tokens-file" in flags["mcp"] and "--keys-file" in flags["serve"]
    missing = [f"{c} {o}" for c, opts in flags.items() for o in opts if o not in readme]
    variables = [cli_services.ENV_API_KEY, cli_services.ENV_API_KEYS, cli_services.ENV_MCP_TOKEN,
                 cli_services.ENV_MCP_TOKENS]  # fmt: skip
    missing += [v for v in variables if f"${v}" not in readme]
    assert not missing, f"README does not document: {missing}"
