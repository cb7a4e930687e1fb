"""Which entities a query is about, and by which path through the user's graph.

A query names people by relation words ("my sister's husband", "我哥哥的公司",
"which of my friends") and by name ("Anna's husband"). The relation words are read
as a chain of link facts, walked from the user or from a named entity:

    "my sister's husband's job"   self -sibling:sister-> Anna -spouse:husband-> Paul
    "the husband of my sister"    the same chain: every order of the words is tried and
                                  the one that walks furthest wins (ties: the order said)

A path crosses at most `MAX_HOPS` links between entities (relation links here, plus the
value link recall may add after them: Tom's employer Globex → the Globex entity, when
one exists) before it reads the asked attributes. Relation words the chain could not
use are each resolved from the user on their own ("my brother and my sister"). A link
is a relation fact whose object is an entity: by `object_id`, or, for extractors that
did not link it, by a value that is some entity's name or alias.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import permutations

from graphmem.facts.keys import value_key
from graphmem.model import Entity, Fact
from graphmem.recall.intent import HOUSEHOLD, Intent

MAX_HOPS = 3

Relation = tuple[str, "str | None", str]  # (attribute, qualifier, word)


@dataclass
class Target:
    """An entity the query is about, the path that led to it and the links it walked."""

    entity: Entity
    path: list[str]
    links: list[tuple[Fact, list[str]]] = field(default_factory=list)
    via: tuple[str, ...] = ()  # ids of the entities walked through, start included

    @property
    def hops(self) -> int:
        return len(self.links)


class LinkView:
    """The user's entities and link facts, indexed for walking."""

    def __init__(self, entities: Sequence[Entity], links: Sequence[Fact]) -> None:
        self.by_id = {e.id: e for e in entities}
        self.by_name: dict[str, Entity] = {}
        for e in entities:
            if e.type == "self":
                continue
            for n in (e.name, *e.aliases):
                self.by_name.setdefault(value_key(n), e)
        self.out: dict[str, list[Fact]] = {}
        for f in links:
            self.out.setdefault(f.subject_id, []).append(f)

    def object_of(self, f: Fact) -> Entity | None:
        """The entity a fact's value names: its object, or an entity of that name."""
        if f.object_id and f.object_id in self.by_id:
            return self.by_id[f.object_id]
        key = value_key(f.value)
        return self.by_name.get(key) if key else None


_COUPLE = frozenset({"partner", "spouse"})


def _step(view: LinkView, frontier: list[Target], rel: Relation) -> list[Target]:
    attr, qual, word = rel
    out: dict[str, Target] = {}
    for t in frontier:
        for f in view.out.get(t.entity.id, []):
            # "my partner", 对象, 另一半 ask after the one the user is with, married or not
            couple = qual is None and attr in _COUPLE and f.attribute in _COUPLE
            if (f.attribute != attr and not couple) or (qual is not None and f.qualifier not in (qual, None)):
                continue
            obj = view.object_of(f)
            if obj is None or obj.id in t.via or obj.type == "self" or obj.id in out:
                continue
            path = [*t.path, f"{attr}:{word}", obj.name]
            out[obj.id] = Target(obj, path, [*t.links, (f, path)], (*t.via, obj.id))
    return list(out.values())


def walk(view: LinkView, start: Target, rels: Sequence[Relation]) -> tuple[int, list[Target]]:
    """Follow `rels` in order from `start` as far as links go: (links walked, where it ended)."""
    frontier = [start]
    depth = 0
    for rel in rels[:MAX_HOPS]:
        nxt = _step(view, frontier, rel)
        if not nxt:
            break
        frontier, depth = nxt, depth + 1
    return depth, frontier


def resolve(view: LinkView, me: Entity | None, intent: Intent) -> list[Target]:
    """The entities the query is about (never the user), each with its path."""
    rels = intent.relations
    starts = [Target(me, ["self"], via=(me.id,))] if me is not None else []
    starts += [Target(e, [e.name], via=(e.id,)) for e in intent.entities]

    orders = list(permutations(range(len(rels)))) if 1 < len(rels) <= MAX_HOPS else [tuple(range(len(rels)))]
    best: tuple[tuple[int, int, int], list[Target], tuple[int, ...], Target] | None = None
    if rels:
        for start in starts:
            for rank, order in enumerate(orders):
                depth, ends = walk(view, start, [rels[i] for i in order])
                if depth == 0:
                    continue
                # A name said just before the first relation word ("Anna's husband",
                # "李娜的老公") is where the chain starts.
                first = intent.relation_pos[order[0]] if intent.relation_pos else 0
                pos = intent.entity_pos.get(start.entity.id)
                bonus = 0 if pos is None else (1 if pos < first else -1)
                key = (depth, bonus, -rank)
                if best is None or key > best[0]:
                    best = (key, ends, order[:depth], start)

    targets: dict[str, Target] = {}
    walked: set[str] = set()
    if best is not None:
        _, ends, used, _start = best
        for t in ends:
            targets.setdefault(t.entity.id, t)
            walked.update(t.via[:-1])
        leftover = [rels[i] for i in range(len(rels)) if i not in used]
    else:
        leftover = list(rels)
    if me is not None:
        for rel in leftover:
            for t in _step(view, [Target(me, ["self"], via=(me.id,))], rel):
                targets.setdefault(t.entity.id, t)
    if intent.household and me is not None:
        home = [Target(me, ["self"], via=(me.id,))]
        for attr, qual in HOUSEHOLD:
            for t in _step(view, home, (attr, qual, "family")):
                targets.setdefault(t.entity.id, t)
    for e in intent.entities:
        if e.id not in walked:
            targets.setdefault(e.id, Target(e, [e.name], via=(e.id,)))
    return list(targets.values())
