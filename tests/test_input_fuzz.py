"""Every parameter of every public method, of `Memory` and of `AsyncMemory`, gets bad
input: only GraphMemError escapes, and a call that fails writes nothing. A string that is
not storable text (a NUL, a lone surrogate) or a name with a control character is an
`InvalidTextError` whichever argument carries it. Runs on both stores.

The parameters come from the methods' signatures, so a parameter added later is fuzzed
(or this test names it) without anyone remembering to list it."""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem import AsyncMemory, GraphMemError, InvalidTextError, InvalidUserIdError, Memory

T0 = datetime(2026, 3, 1, tzinfo=timezone.utc)
_SKIP = {"close", "warm", "ready", "open", "import_user"}  # lifecycle, and an alias of import_

#: Strings no argument may carry: not storable, or a control character in a name.
UNSTORABLE = ["\ud800", "a\udfffb", "\udfff", "x\x00y", "\x00", "我\ud83d"]
CONTROL = ["a\x1fb", "\x07", "line\nbreak", "tab\there", "\x7f"]
#: Values of the wrong kind or out of range, for any parameter.
WRONG = [None, "", " ", 7, -1, 1.5, float("nan"), True, b"x", ["a"], {"a": 1}, "x" * 9000,
         "9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00", "nope", object()]  # fmt: skip
#: Parameters that hold free text (a message, a query, an import document): control
#: characters such as a line break are part of text, so only UNSTORABLE must fail there.
FREE_TEXT = {("remember", "text"), ("recall", "query"), ("context", "query")}


def string_params(cls: type = Memory) -> set[tuple[str, str]]:
    """The parameters a string is meant for (their annotation names `str`; an export's path):
    a bad string there is InvalidTextError. Elsewhere (k, floor, flags, an import document)
    a string is simply the wrong kind of value, whatever error says so."""
    out = {("export", "path_or_fileobj")}
    for name, fn in inspect.getmembers(cls, inspect.isfunction):
        for p in inspect.signature(fn).parameters.values():
            if "str" in str(p.annotation).split(" | "):
                out.add((name, p.name))
    return out


STRING_PARAMS = string_params()


def public_methods(cls: type) -> dict[str, list[str]]:
    out = {}
    for name, fn in inspect.getmembers(cls, inspect.isfunction):
        if name.startswith("_") or name in _SKIP:
            continue
        out[name] = [p for p in inspect.signature(fn).parameters if p != "self"]
    return out


def test_both_apis_have_the_same_methods_and_parameters() -> None:
    assert public_methods(Memory) == public_methods(AsyncMemory)


class Caller:
    """Calls one method with good arguments but one, on a Memory or an AsyncMemory."""

    def __init__(self, mem: Memory, base: str, dst: str, tmp: Path) -> None:
        self.mem, self.base, self.dst = mem, base, dst
        mem.remember(base, "I live in Porto. My sister Anna works at Globex.", at=T0, ref="r1")
        doc = mem.export(base).document
        self.doc = json.loads(doc) if isinstance(doc, str) else doc
        self.good: dict[str, Any] = {
            "user_id": base, "text": "I live in Oslo.", "query": "where do I live", "attribute": "city",
            "fact_id": "no-such-fact", "ref": "no-such-ref", "as_user": dst, "path_or_fileobj": None,
        }  # fmt: skip
        self.amem = AsyncMemory(mem, max_workers=1)
        self.loop = asyncio.new_event_loop()

    def state(self) -> tuple[Any, ...]:
        out: list[Any] = []
        for u in (self.base, self.dst):
            r = self.mem.store.reader(u)
            out += [self.mem.store.count_rows(u), len(r.episodes()), r.revision()]
        return tuple(out)

    def call(self, method: str, params: list[str], param: str, value: Any, use_async: bool) -> None:
        kwargs = {p: self.good[p] for p in params if p in self.good}
        if method == "import_":
            kwargs["doc"] = self.doc
        kwargs[param] = value
        before = self.state()
        try:
            if use_async:
                self.loop.run_until_complete(getattr(self.amem, method)(**kwargs))
            else:
                getattr(self.mem, method)(**kwargs)
        except GraphMemError as e:
            assert self.state() == before, f"{method}({param}={value!r:.40}) failed with {e!r:.80} but wrote"
            if self.must_refuse(method, param, value):
                assert isinstance(e, (InvalidTextError, InvalidUserIdError)), f"{method}({param}): {e!r}"
            return
        except Exception as e:  # pragma: no cover - the property under test
            pytest.fail(f"{method}({param}={value!r:.40}) raised {type(e).__name__}: {e}")
        if self.must_refuse(method, param, value):
            pytest.fail(f"{method}({param}={value!r:.40}) accepted a string it cannot store")

    @staticmethod
    def must_refuse(method: str, param: str, value: Any) -> bool:
        """A string argument that is not storable text, or a name with a control character."""
        if (method, param) not in STRING_PARAMS or not isinstance(value, str):
            return False
        free = (method, param) in FREE_TEXT
        return any(0xD800 <= ord(c) <= 0xDFFF or c == "\x00" for c in value) or (
            not free and any(ord(c) < 0x20 or c == "\x7f" for c in value)
        )

    def close(self) -> None:
        self.loop.close()


@pytest.fixture
def caller(mem: Memory, uid: Callable[[str], str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.chdir(tmp_path)  # an export path that is accepted lands here, not in the checkout
    c = Caller(mem, uid("fuzz"), uid("dst"), tmp_path)
    yield c
    c.close()


@pytest.mark.parametrize("use_async", [False, True], ids=["Memory", "AsyncMemory"])
def test_every_parameter_gets_every_bad_value(caller: Caller, use_async: bool) -> None:
    tried = set()
    for method, params in public_methods(Memory).items():
        for param in params:
            for value in [*UNSTORABLE, *CONTROL, *WRONG]:
                if method == "forget_user" and param == "user_id" and value is None:
                    continue  # None is "every user" nowhere, but skip any doubt about erasing all
                caller.call(method, params, param, value, use_async)
            tried.add((method, param))
    expected = {(m, p) for m, ps in public_methods(Memory).items() for p in ps}
    assert tried == expected and len(expected) >= 35
    assert {("remember", "speaker"), ("forget_episode", "ref"), ("facts", "as_of")} <= STRING_PARAMS


# Any Unicode, lone surrogates and control characters included.
_any_text = st.text(alphabet=st.characters(exclude_categories=()), max_size=24)
FUZZ = settings(
    max_examples=150, derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)  # fmt: skip


def test_random_strings_in_every_parameter(caller: Caller) -> None:
    pairs = [(m, ps, p) for m, ps in public_methods(Memory).items() for p in ps]

    @FUZZ
    @given(st.sampled_from(pairs), _any_text, st.booleans())
    def check(pair: tuple[str, list[str], str], value: str, use_async: bool) -> None:
        method, params, param = pair
        caller.call(method, params, param, value, use_async)

    check()


def test_the_named_cases_fail_cleanly(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("named")
    mem.remember(u, "I live in Porto.", at=T0, ref="keep")
    before = mem.store.count_rows(u), len(mem.store.reader(u).episodes())
    for call in (
        lambda: mem.remember(u, "I work at Initech.", speaker="a\udfffb"),
        lambda: mem.remember(u, "I work at Initech.", speaker="\x00"),
        lambda: mem.remember(u, "I work at Initech.", speaker="Ann\x1b[31m"),
        lambda: mem.forget_episode(u, "\udfff"),
        lambda: mem.forget_episode(u, "ke\x00ep"),
        lambda: mem.facts(u, as_of="2026-03-01\ud800"),
        lambda: mem.get(u, "ci\x00ty"),
        lambda: mem.remember(u, "I work at Initech.", role="us\ud800er"),
    ):
        with pytest.raises(InvalidTextError):
            call()
    assert (mem.store.count_rows(u), len(mem.store.reader(u).episodes())) == before
    assert [f.value for f in mem.facts(u)] == ["Porto"]
