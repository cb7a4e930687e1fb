"""Language packs: what graphmem knows of a language, as data shipped in the wheel.

`graphmem/lang/en` and `graphmem/lang/zh` each hold the rule tables the offline extractor
runs (`clause.toml`, `predicate.toml` for statements; `contrast.toml`, `turn.toml`,
`promotion.toml`, `age.toml` for corrections and changes said around them: ordered rules,
each with an id, a pattern, flags, the name of its handler and example sentences), the named
pattern fragments they share (`fragments.toml`) and the discourse cues (`cues.toml`). `engine` loads a pack, compiles its patterns once and runs a table in
order; the handlers (Python functions) stay with the extractor that registers them
(graphmem/extract), so this layer imports nothing above the data model.
"""

from __future__ import annotations

from graphmem.lang.engine import (
    Example,
    Handler,
    Pack,
    PieceRead,
    Rule,
    RuleTable,
    RuleTableError,
    Trace,
    data,
    expand,
    fragment,
    load_pack,
    merge_handlers,
)

__all__ = [
    "Example",
    "Handler",
    "Pack",
    "PieceRead",
    "Rule",
    "RuleTable",
    "RuleTableError",
    "Trace",
    "data",
    "expand",
    "fragment",
    "load_pack",
    "merge_handlers",
]
