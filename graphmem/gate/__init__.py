"""The write gate: what of a message may be kept, mined or must be refused.

- `sentences`: one sentence splitter for the gate and the extractors;
- `secrets`: cards, ids, passwords, keys and codes are found and redacted;
- `control`: "don't remember this", "forget that …", "remember that …" (`control_of`);
- `noise`: role, greetings, filler, questions and passing remarks (`screen`).
"""

from .control import DONT_KEEP, FORGET, REMEMBER, Control, control_of
from .noise import Screened, screen, split_sentences
from .secrets import SecretMatch, apply_redaction, find_secrets, redact

__all__ = [
    "DONT_KEEP",
    "FORGET",
    "REMEMBER",
    "Control",
    "control_of",
    "SecretMatch",
    "Screened",
    "apply_redaction",
    "find_secrets",
    "redact",
    "screen",
    "split_sentences",
]
