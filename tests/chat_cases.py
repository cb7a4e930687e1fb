"""Replaying a few chat turns and checking what is held on the user afterwards: the shape the
chat-phrasing test files share (their cases are each file's own)."""

from __future__ import annotations

from datetime import date, timedelta

from graphmem import Memory


def held_on_user(mem: Memory, user: str) -> dict[str, set[str]]:
    """The user's own active values by attribute, lower-cased."""
    active: dict[str, set[str]] = {}
    for f in mem.facts(user):
        if f.subject_name == "self":
            active.setdefault(f.attribute, set()).add(str(f.value).lower())
    return active


def left_of(mem: Memory, user: str) -> str:
    """Everything still held of the user, to look a forgotten word up in: facts of any status
    (whom they are of, the value, the message they came from) and the messages kept."""
    facts = " ".join(
        f"{f.subject_name} {f.value} {f.source_text}" for f in mem.facts(user, include_frozen=True)
    )
    return facts + " " + " ".join(e.text for e in mem.store.reader(user).episodes())


def assert_read(
    mem: Memory,
    user: str,
    said: list[str],
    present: dict[str, list[str]],
    absent: dict[str, list[str]],
    *,
    first_day: date,
    exact: bool = True,
    label: str = "",
) -> None:
    """Say each turn a day apart from `first_day`, then check the values held (`exact`: the whole
    value; else a part of one) and those not held."""
    for n, text in enumerate(said):
        mem.remember(user, text, at=f"{(first_day + timedelta(days=n)).isoformat()}T09:00:00+08:00")
    active = held_on_user(mem, user)
    for attribute, vals in present.items():
        for v in vals:
            held = active.get(attribute, set())
            ok = v.lower() in held if exact else any(v.lower() in x for x in held)
            assert ok, (label, attribute, v, active)
    for attribute, vals in absent.items():
        for v in vals:
            assert v.lower() not in active.get(attribute, set()), (label, attribute, v, active)


def forget_after(mem: Memory, user: str, told: str, other: str, asked: str, *, first_day: date) -> str:
    """Tell a matter, then something else, then ask to forget the matter, a day apart from
    `first_day`; what is still held of the user afterwards (`left_of`)."""
    for n, text in enumerate((told, other, asked)):
        mem.remember(user, text, at=f"{(first_day + timedelta(days=n)).isoformat()}T09:00:00Z")
    return left_of(mem, user)


def assert_change(
    mem: Memory, user: str, said: list[str], attribute: str, value: str, gone: list[str], *, label: str = ""
) -> None:
    """Say each turn a day apart (in March 2026, at the user's zone: +08:00 for Chinese), then
    check that `get` holds a value with `value` in it (none asked when "") and none with a
    word of `gone`."""
    zone = "+08:00" if any("\u4e00" <= ch <= "\u9fff" for ch in said[0]) else "Z"
    for n, text in enumerate(said):
        mem.remember(user, text, at=f"2026-03-{n + 1:02d}T10:00:00{zone}")
    held = [str(f.value) for f in mem.get(user, attribute)]
    assert not value or any(value in v for v in held), (label, held)
    assert not any(g.lower() in v.lower() for g in gone for v in held), (label, held)


def held_after(mem: Memory, user: str, said: str, attribute: str) -> list[str]:
    """Say one message (1 March 2026) and return the user's held values of `attribute`, lower-cased."""
    mem.remember(user, said, at="2026-03-01T10:00:00Z")
    return [str(f.value).lower() for f in mem.get(user, attribute)]


def all_words(mem: Memory, user: str) -> str:
    """Every active fact's value, source and subject, lower-cased: to look a word up in."""
    return " ".join(f"{f.value} {f.source_text} {f.subject_name}" for f in mem.facts(user)).lower()
