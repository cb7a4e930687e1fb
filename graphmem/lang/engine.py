"""The one rule engine: loads a language pack's tables (TOML files shipped in the wheel),
expands their named fragments, compiles every pattern once, binds each rule to its handler
by name, and runs a table in order.

A table is an ordered list of rules. Running it on a piece of text tries each rule in turn:
the first rule whose pattern matches at the start AND whose handler returns candidates wins;
a handler returning None (or nothing) lets the rules below it try. Every candidate the
winning handler returns is stamped with that rule's id, so what a fact came from can be
told afterwards (the audit record, `--json`, `graphmem explain`).

A pack's files, under `graphmem/lang/<language>/`:

    pack.toml        the tables, in the order their file names are listed (`tables = [...]`)
    fragments.toml   named pieces of patterns: `NAME = '(?P<name>...)'`, used as `${NAME}`
    <table>.toml     `[[rule]]` entries: id, pattern, flags, handler, examples, given, search
    cues.toml        word lists that are not rules (discourse cues, each with an id and
                     examples), read by `data`
    topics.toml      life topics a forget may name in other words, each with an id and
                     examples (graphmem.write.forget_topic), read by `data`

Handlers are Python functions `(match, context) -> candidates | None`; the extractor that
owns a pack registers them by name when it loads it (`load_pack("en", handlers)`), so the
data names what runs and the code holds how. Loading fails loudly (`RuleTableError`) on an
unknown handler, a handler no rule uses, a duplicate id, an unknown flag or fragment, or a
pattern that does not compile.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, reduce
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

import tomllib

from graphmem.errors import GraphMemError
from graphmem.model import Candidate

# The public names are re-exported, and listed, by graphmem.lang.

#: A handler reads a rule's match in its context and proposes candidates, or passes (None).
#: (A table read by `find` rather than `first` may yield other readings: a taste turn.)
Handler = Callable[[re.Match[str], Any], Any]

#: `${NAME}` in a pattern or a fragment stands for the fragment NAME (never valid regex
#: syntax on its own: `$` followed by a brace repeats an anchor).
_FRAGMENT_REF = re.compile(r"\$\{([A-Z][A-Z0-9_]*)\}")
_FLAGS = {"IGNORECASE": re.IGNORECASE, "MULTILINE": re.MULTILINE, "DOTALL": re.DOTALL, "VERBOSE": re.VERBOSE}
_RULE_KEYS = {"id", "pattern", "flags", "handler", "examples", "given", "search"}
_ID = re.compile(r"^[a-z]{2}\.[a-z_]+\.[a-z0-9_]+$")


class RuleTableError(GraphMemError):
    """A language pack that cannot be loaded as written: the message names the file and rule."""


@dataclass(frozen=True)
class Example:
    """A sentence a rule must be the one to read. `given` holds facts the user had said
    before it ("diet=vegetarian"), for rules that only fire against what is known."""

    text: str
    given: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rule:
    id: str
    pattern: str  # fully expanded
    flags: int
    handler_name: str
    handler: Handler = field(compare=False, repr=False)
    examples: tuple[Example, ...] = ()
    template: str = ""  # the pattern as written in the table, fragments unexpanded
    #: The pattern may match anywhere in the text ("they made me X" inside a longer clause),
    #: not only at its start.
    search: bool = False
    regex: re.Pattern[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "regex", re.compile(self.pattern, self.flags))

    def matches(self, text: str) -> re.Match[str] | None:
        return self.regex.search(text) if self.search else self.regex.match(text)


@dataclass
class PieceRead:
    """One piece of a message as the extractor read it: the rules that matched it, in order,
    each "fired" (its candidates kept) or "passed" (its handler declined), and what it yielded."""

    sentence: int  # the index of the gated sentence it is part of
    text: str
    steps: list[tuple[str, str]] = field(default_factory=list)  # (rule id, fired | passed)
    candidates: list[Candidate] = field(default_factory=list)


@dataclass
class Trace:
    """What reading a message did, piece by piece (for `explain`)."""

    pieces: list[PieceRead] = field(default_factory=list)

    def begin(self, sentence: int, text: str) -> None:
        self.pieces.append(PieceRead(sentence, text))

    def step(self, rule_id: str, outcome: str) -> None:
        if self.pieces:
            self.pieces[-1].steps.append((rule_id, outcome))

    def found(self, candidates: Sequence[Candidate]) -> None:
        if self.pieces:
            self.pieces[-1].candidates.extend(candidates)

    def found_later(self, candidates: Sequence[Candidate]) -> None:
        """Candidates read after their pieces (a profile typed as fragments), each put with
        the piece it came from."""
        for c in candidates:
            piece = next((p for p in self.pieces if p.text == c.source_text), None)
            if piece is not None:
                piece.steps.append((c.rule, "fired"))
                piece.candidates.append(c)


@dataclass(frozen=True)
class RuleTable:
    name: str  # "en.predicate"
    rules: tuple[Rule, ...]

    def first(self, text: str, ctx: Any, trace: Trace | None = None) -> list[Candidate] | None:
        """The candidates of the first rule that matches `text` and whose handler yields,
        each stamped with that rule's id; None when no rule yields."""
        found = self.find(text, ctx, trace)
        if found is None:
            return None
        rule, got = found
        return [replace(c, rule=rule.id) for c in got]

    def find(self, text: str, ctx: Any, trace: Trace | None = None) -> tuple[Rule, Any] | None:
        """The first rule that matches `text` and whose handler yields, with what it yielded;
        None when no rule yields."""
        for rule in self.rules:
            m = rule.matches(text)
            if m is None:
                continue
            got = rule.handler(m, ctx)
            if trace is not None:
                trace.step(rule.id, "fired" if got else "passed")
            if got:
                return rule, got
        return None

    def index(self, rule_id: str) -> int:
        return next(i for i, r in enumerate(self.rules) if r.id == rule_id)

    def inserted(self, at: int, rule: Rule) -> RuleTable:
        """A copy with `rule` placed at position `at` (what adding a row does)."""
        return RuleTable(self.name, (*self.rules[:at], rule, *self.rules[at:]))


@dataclass(frozen=True)
class Pack:
    language: str
    tables: Mapping[str, RuleTable]
    fragments: Mapping[str, str]  # expanded

    def table(self, name: str) -> RuleTable:
        return self.tables[name]

    def rules(self) -> Iterable[Rule]:
        for t in self.tables.values():
            yield from t.rules

    def with_table(self, table: RuleTable) -> Pack:
        short = table.name.split(".", 1)[1]
        return Pack(self.language, {**self.tables, short: table}, self.fragments)


def expand(template: str, fragments: Mapping[str, str], where: str = "") -> str:
    """`template` with every `${NAME}` replaced by its fragment, recursively."""

    def one(m: re.Match[str]) -> str:
        if m[1] not in fragments:
            raise RuleTableError(f"{where}: unknown fragment ${{{m[1]}}}")
        return fragments[m[1]]

    return _FRAGMENT_REF.sub(one, template)


def _expand_fragments(raw: Mapping[str, str], where: str) -> dict[str, str]:
    done: dict[str, str] = {}

    def resolve(name: str, seen: tuple[str, ...]) -> str:
        if name in done:
            return done[name]
        if name in seen:
            raise RuleTableError(f"{where}: fragment cycle {' -> '.join((*seen, name))}")
        if name not in raw:
            raise RuleTableError(f"{where}: unknown fragment ${{{name}}}")
        done[name] = _FRAGMENT_REF.sub(lambda m: resolve(m[1], (*seen, name)), raw[name])
        return done[name]

    for name in raw:
        resolve(name, ())
    return done


def _flags(names: object, where: str) -> int:
    if not isinstance(names, list) or not all(isinstance(n, str) and n in _FLAGS for n in names):
        raise RuleTableError(f"{where}: flags must be a list of {sorted(_FLAGS)}, not {names!r}")
    return reduce(lambda a, n: a | _FLAGS[n], names, 0)


def _examples(entry: Mapping[str, Any], where: str) -> tuple[Example, ...]:
    given = tuple(entry.get("given", ()))
    out = []
    for ex in entry.get("examples", ()):
        if isinstance(ex, str):
            out.append(Example(ex, given))
        else:
            raise RuleTableError(f"{where}: examples must be strings, not {ex!r}")
    return tuple(out)


def _read(language: str, name: str, root: str | None = None) -> dict[str, Any]:
    """One file of a pack: shipped in graphmem/lang (parsed once: fragments.toml is read by
    every `fragment` and by `load_pack`), or under `root` (a directory holding `<language>/`,
    for packs of one's own and tests; read as it is now)."""
    return (
        _read_shipped(language, name)
        if root is None
        else _parse(Path(root) / language / name, language, name)
    )


@cache
def _read_shipped(language: str, name: str) -> dict[str, Any]:
    return _parse(resources.files("graphmem.lang").joinpath(language).joinpath(name), language, name)


def _parse(path: Traversable, language: str, name: str) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise RuleTableError(f"lang/{language}/{name}: {e}") from e


def _table(
    language: str,
    name: str,
    doc: Mapping[str, Any],
    fragments: Mapping[str, str],
    handlers: Mapping[str, Handler],
) -> RuleTable:
    rules = []
    for i, entry in enumerate(doc.get("rule", ())):
        where = f"lang/{language}/{name}.toml rule {i} ({entry.get('id', '?')})"
        if unknown := set(entry) - _RULE_KEYS:
            raise RuleTableError(f"{where}: unknown keys {sorted(unknown)}")
        rid, handler = entry.get("id", ""), entry.get("handler", "")
        if not _ID.match(rid) or not rid.startswith(f"{language}.{name}."):
            raise RuleTableError(f"{where}: an id reads '{language}.{name}.<words>' (lower case, digits, _)")
        if handler not in handlers:
            raise RuleTableError(f"{where}: no handler registered as {handler!r}")
        template = _text(entry.get("pattern", ""), where)
        search = entry.get("search", False)
        if not isinstance(search, bool):
            raise RuleTableError(f"{where}: search is true or false, not {search!r}")
        try:
            rules.append(
                Rule(
                    rid,
                    expand(template, fragments, where),
                    _flags(entry.get("flags", []), where),
                    handler,
                    handlers[handler],
                    _examples(entry, where),
                    template,
                    search,
                )
            )
        except re.error as e:
            raise RuleTableError(f"{where}: the pattern does not compile: {e}") from e
    return RuleTable(f"{language}.{name}", tuple(rules))


def _fragments(language: str, provided: Mapping[str, str], root: str | None) -> dict[str, str]:
    doc = _read(language, "fragments.toml", root)
    where = f"lang/{language}/fragments.toml"
    declared = doc.get("provided", {})
    if set(declared) != set(provided):
        raise RuleTableError(
            f"{where}: [provided] names {sorted(declared)}, the extractor gave {sorted(provided)}"
        )
    raw = {name: _text(v, f"{where} {name}") for name, v in doc.get("fragments", {}).items()}
    if both := set(raw) & set(provided):
        raise RuleTableError(f"{where}: {sorted(both)} both written and provided")
    return _expand_fragments({**raw, **provided}, where)


def data(language: str, name: str) -> dict[str, Any]:
    """A data file of a shipped pack other than its rule tables (`cues.toml`: the words
    people wrap a statement in), parsed once."""
    return _read_shipped(language, name)


@cache
def fragment(language: str, name: str) -> str:
    """One written fragment of a pack, expanded (for the extractor's own patterns, so a
    piece such as NAME is written once)."""
    doc = _read(language, "fragments.toml")
    raw = {n: _text(v, n) for n, v in doc.get("fragments", {}).items()}
    return _expand_fragments(raw, f"lang/{language}/fragments.toml")[name]


def _text(value: object, where: str) -> str:
    """A pattern or fragment: a string, or a list of strings read as one (long alternations
    written a line at a time)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "".join(value)
    raise RuleTableError(f"{where}: a pattern is a string or a list of strings, not {value!r}")


def load_pack(
    language: str,
    handlers: Mapping[str, Handler],
    provided: Mapping[str, str] | None = None,
    root: str | Path | None = None,
) -> Pack:
    """The pack of `language` (graphmem/lang/<language>/, or `root`/<language>/), its rules
    bound to `handlers`; `provided` supplies the fragments fragments.toml lists under
    [provided]."""
    where = None if root is None else str(root)
    manifest = _read(language, "pack.toml", where)
    fragments = _fragments(language, provided or {}, where)
    tables = {
        name: _table(language, name, _read(language, f"{name}.toml", where), fragments, handlers)
        for name in manifest.get("tables", ())
    }
    ids = [r.id for t in tables.values() for r in t.rules]
    if dupes := sorted({i for i in ids if ids.count(i) > 1}):
        raise RuleTableError(f"lang/{language}: rule ids used twice: {dupes}")
    used = {r.handler_name for t in tables.values() for r in t.rules}
    if unused := sorted(set(handlers) - used):
        raise RuleTableError(f"lang/{language}: handlers no rule names: {unused}")
    return Pack(language, tables, fragments)


def merge_handlers(*registries: Mapping[str, Handler]) -> dict[str, Handler]:
    """One registry from several modules' registries; a name registered twice is an error."""
    out: dict[str, Handler] = {}
    for reg in registries:
        for name, fn in reg.items():
            if name in out and out[name] is not fn:
                raise RuleTableError(f"handler {name!r} registered twice")
            out[name] = fn
    return out
