"""The active facts one message's candidates are arbitrated against, read once per message.

Arbitrating a candidate needs the subject's active facts of its attribute (for a
multi-valued attribute only those with the values `decide` can act on) and of the
opposite attribute. Asked per candidate, that is two queries each, and a long message
yields hundreds of candidates. `ActiveView.load` reads what all of a message's
candidates need in at most two queries at the start of its transaction; the applier
then tells the view of every fact it adds or changes, so each answer is what the
store would return at that moment: the same facts, in the store's order (oldest
recorded first, then in the order they were written).

It loads the facts of the subjects the candidates name that exist when the message
starts; a subject created during the message has no stored facts, so the view answers
for it from what the message adds. What the view did not load (a subject only found
while applying, through a relation word; a retraction or a named old value of a
multi-valued attribute, which needs all of its values) it does not answer: the caller
asks the store.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from graphmem.facts.keys import taste_keys, value_key
from graphmem.facts.vocab import OPPOSITES, is_single
from graphmem.model import Candidate, Fact
from graphmem.stores.base import UserReader
from graphmem.write.arbitrate import lookup_keys


class ActiveView:
    """Active facts of some attributes (whole, or of some value keys), kept current."""

    def __init__(self) -> None:
        self._by_attribute: dict[str, list[Fact]] = {}
        self._whole: set[str] = set()  # attributes loaded with every value
        self._keyed: set[tuple[str, str]] = set()  # (attribute, value key) loaded
        self._subjects: set[str] = set()  # subjects loaded, or created since
        self._created: set[str] = set()  # subjects created since: every fact of theirs is here

    def load(self, r: UserReader, candidates: Iterable[Candidate], subject_ids: Iterable[str]) -> None:
        """Read what arbitrating `candidates` about those subjects will ask for (see the
        module docstring)."""
        subjects = sorted(set(subject_ids))
        if not subjects:
            return
        whole: set[str] = set()
        keyed: set[tuple[str, str]] = set()
        for c in candidates:
            if c.retract and c.attribute == "*":
                continue
            keys = lookup_keys(c)
            if keys is None:
                if is_single(c.attribute):  # a handful of values per subject
                    whole.add(c.attribute)
            else:
                keyed.update((c.attribute, k) for k in keys)
            opposite = OPPOSITES.get(c.attribute)
            if opposite:
                keyed.update((opposite, k) for k in taste_keys(c.value))
        keyed = {(a, k) for a, k in keyed if a not in whole}
        if whole:
            self._add_loaded(r.facts(attributes=sorted(whole), subject_ids=subjects))
        if keyed:
            attributes = sorted({a for a, _ in keyed})
            keys = sorted({k for _, k in keyed})
            self._add_loaded(r.facts(attributes=attributes, subject_ids=subjects, value_keys=keys))
        self._whole |= whole
        self._keyed |= keyed
        self._subjects.update(subjects)

    def created(self, subject_id: str) -> None:
        """A subject (entity) the transaction just created: it has no stored facts, so its
        active facts of any attribute are those the transaction adds (a new user's first
        message asks the store nothing)."""
        self._subjects.add(subject_id)
        self._created.add(subject_id)

    def _add_loaded(self, facts: list[Fact]) -> None:
        for f in facts:  # the store's order, kept within each attribute
            self._by_attribute.setdefault(f.attribute, []).append(f)

    def facts(self, attribute: str, subject_id: str, keys: Sequence[str] | None) -> list[Fact] | None:
        """The subject's active facts of `attribute` (of those value keys, when given), as
        `UserReader.facts` would list them; None when the view did not load them."""
        if subject_id not in self._subjects:
            return None
        if (
            subject_id not in self._created
            and attribute not in self._whole
            and (keys is None or not all((attribute, k) in self._keyed for k in keys))
        ):
            return None
        wanted = None if keys is None else set(keys)
        return [
            f
            for f in self._by_attribute.get(attribute, ())
            if f.subject_id == subject_id and (wanted is None or value_key(f.value) in wanted)
        ]

    def added(self, fact: Fact) -> None:
        """A fact the transaction just wrote: written last, it sorts after every fact
        recorded at or before it."""
        if fact.status != "active":
            return
        facts = self._by_attribute.setdefault(fact.attribute, [])
        at = len(facts)
        while at > 0 and facts[at - 1].recorded_at > fact.recorded_at:
            at -= 1
        facts.insert(at, fact)

    def changed(self, fact: Fact) -> None:
        """A fact the transaction just updated (reinforced, frozen)."""
        facts = self._by_attribute.get(fact.attribute)
        if not facts:
            return
        for i, f in enumerate(facts):
            if f.id == fact.id:
                if fact.status == "active":
                    facts[i] = fact
                else:
                    del facts[i]
                return
