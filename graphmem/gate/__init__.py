"""The write gate: what of a message may be kept, mined or must be refused.

- `sentences`: one sentence splitter for the gate and the extractors;
- `secrets`: cards, ids, passwords, keys and codes are found and redacted;
- `control`: "don't remember this", "forget that …", "remember that …" (`control_of`);
- `noise`: role, greetings, filler, questions and passing remarks (`screen`);
- `irony`: a message marked as not meaning what it says keeps no taste (`ironic`), and what
  a message takes back as a joke is not kept at all (`joke_taken_back`).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from graphmem.gate.secrets import SecretMatch, apply_redaction, find_secrets, redact

if TYPE_CHECKING:
    from graphmem.gate.control import DONT_KEEP, FORGET, FORGET_LAST, REMEMBER, Control, control_of
    from graphmem.gate.irony import TASTES, ironic, joke_taken_back, without_tastes
    from graphmem.gate.noise import Screened, screen
    from graphmem.gate.sentences import split_sentences

# The noise and control patterns compile when a message is first screened, not whenever a
# module needs `find_secrets` (the CLI's `get` and `facts` never screen anything).
_LAZY = {
    **dict.fromkeys(("DONT_KEEP", "FORGET", "FORGET_LAST", "REMEMBER", "Control", "control_of"), ".control"),
    **dict.fromkeys(("Screened", "screen"), ".noise"),
    "split_sentences": ".sentences",
    **dict.fromkeys(("TASTES", "ironic", "joke_taken_back", "without_tastes"), ".irony"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DONT_KEEP",
    "FORGET",
    "FORGET_LAST",
    "REMEMBER",
    "Control",
    "control_of",
    "SecretMatch",
    "TASTES",
    "Screened",
    "apply_redaction",
    "find_secrets",
    "ironic",
    "joke_taken_back",
    "redact",
    "screen",
    "split_sentences",
    "without_tastes",
]
