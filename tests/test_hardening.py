"""Hardening: idempotent remembers, the error tables ("rolled back" vs "outcome unknown"),
bounded waits, and fuzzing of the public API and of imports (only GraphMemError escapes,
and a failing call writes nothing). Each behaviour runs on both stores."""

from __future__ import annotations

import copy
import json
import sqlite3
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem import (
    Config,
    GraphMemError,
    ImportFormatError,
    InvalidInputError,
    Memory,
    StoreError,
    StoreUnavailableError,
    WriteOutcomeUnknownError,
)
from graphmem.extract import RuleExtractor
from graphmem.text.terms import bound_runs

T0 = datetime(2026, 3, 1, tzinfo=timezone.utc)
FUZZ = settings(
    max_examples=60, derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)  # fmt: skip


def _state(mem: Memory, u: str) -> tuple[int, int, int]:
    r = mem.store.reader(u)
    return mem.store.count_rows(u), len(r.episodes()), r.revision()


# ---- idempotent writes -------------------------------------------------------------------


def test_same_key_twice_is_a_no_op_returning_the_first_result(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("idem")
    first = mem.remember(u, "I live in Porto and I like jazz.", at=T0, key="k-1")
    before = _state(mem, u)
    again = mem.remember(u, "I live in Porto and I like jazz.", at=T0 + timedelta(hours=1), key="k-1")
    assert _state(mem, u)[:2] == before[:2]  # no second episode, no new row (the revision may move)
    assert [f.id for f in again.added] == [f.id for f in first.added] and again.added
    assert again.episode_id == first.episode_id and not again.reinforced
    assert [f.confidence for f in mem.get(u, "city")] == [first.added[0].confidence]
    # Another key (or another user with the same key) is a new message.
    assert mem.remember(u, "I live in Porto and I like jazz.", at=T0, key="k-2").reinforced
    assert mem.remember(uid("other"), "I live in Porto.", at=T0, key="k-1").added


def test_ref_stands_in_for_the_key(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("ref")
    mem.remember(u, "I work at Initech.", at=T0, ref="msg-9")
    n = len(mem.store.reader(u).episodes())
    mem.remember(u, "I work at Initech.", at=T0, ref="msg-9")
    assert len(mem.store.reader(u).episodes()) == n == 1
    mem.remember(u, "I work at Initech.", at=T0, ref="msg-9", key="explicit")
    assert len(mem.store.reader(u).episodes()) == 2


class CountingExtractor(RuleExtractor):
    """The rule extractor, counting its calls (a retry must not reach an extractor: an
    LLM extractor's call costs money)."""

    calls = 0

    def extract(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return super().extract(*args, **kwargs)


def test_a_retry_is_answered_before_extraction(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    extractor = CountingExtractor()
    mem = open_memory(extractor=extractor)
    u = uid("retry")
    first = mem.remember(u, "My brother Tomas teaches violin in Graz.", at=T0, key="r-1")
    assert extractor.calls == 1 and first.added
    again = mem.remember(u, "My brother Tomas teaches violin in Graz.", at=T0, key="r-1")
    assert extractor.calls == 1  # answered from the stored key
    assert sorted(f.id for f in again.added) == sorted(f.id for f in first.added)
    assert again.episode_id == first.episode_id
    mem.remember(u, "My brother Tomas teaches violin in Graz.", at=T0, key="r-2")
    assert extractor.calls == 2


def test_forget_user_erases_the_write_keys(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("erase")
    mem.remember(u, "I live in Oslo.", at=T0, key="k")
    mem.forget_user(u)
    assert mem.store.count_rows(u) == 0
    assert mem.remember(u, "I live in Oslo.", at=T0, key="k").added  # the key is gone too


# ---- error tables ------------------------------------------------------------------------


def test_neo4j_error_table_says_rolled_back_or_unknown() -> None:
    from neo4j import exceptions as nx

    from graphmem.stores.neo4j.util import map_error

    unknown = map_error(nx.IncompleteCommit("connection lost during commit"), "bolt://x", "write")
    assert isinstance(unknown, WriteOutcomeUnknownError) and not isinstance(unknown, StoreError)
    assert "may have been written" in str(unknown) and "same key is safe" in str(unknown)
    dup = map_error(nx.ConstraintError("already exists"), "bolt://x", "write", retried=True)
    assert isinstance(dup, WriteOutcomeUnknownError)  # an earlier attempt of this write committed
    first = map_error(nx.ConstraintError("already exists"), "bolt://x", "write")
    assert type(first) is StoreError and "rolled back" in str(first)
    down = map_error(nx.ServiceUnavailable("refused"), "bolt://x", "write")
    assert isinstance(down, StoreUnavailableError) and "not written" in str(down)
    assert isinstance(map_error(nx.SessionExpired("gone"), "bolt://x", "read"), StoreUnavailableError)
    assert isinstance(map_error(nx.TransientError("deadlock"), "bolt://x", "write"), StoreUnavailableError)
    assert type(map_error(nx.ClientError("bad"), "bolt://x", "write")) is StoreError
    assert map_error(ValueError("not a driver error"), "bolt://x", "write") is None


def test_sqlite_error_table() -> None:
    from graphmem.stores.sqlite.errors import map_error

    assert isinstance(
        map_error(sqlite3.OperationalError("database is locked"), "f.db", "write"), StoreUnavailableError
    )
    e = map_error(sqlite3.DatabaseError("database disk image is malformed"), "f.db", "write")
    assert type(e) is StoreError and "rolled back" in str(e)


def test_a_locked_sqlite_store_fails_within_the_timeout(tmp_path: Path) -> None:
    path = tmp_path / "locked.db"
    mem = Memory(path, config=Config(store_timeout=0.5))
    mem.remember("u", "I live in Oslo.", at=T0)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the lock
    try:
        start = time.monotonic()
        with pytest.raises(StoreUnavailableError, match="rolled back"):
            mem.remember("u", "I work at Globex.", at=T0)
        assert time.monotonic() - start < 5
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert [f.value for f in mem.get("u", "employer")] == []
    mem.close()


def test_store_timeout_is_validated(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError):
        Memory(tmp_path / "x.db", config=Config(store_timeout=float("nan")))


def test_bound_runs_keeps_text_linear() -> None:
    assert bound_runs("!" * 8000) == "!" * 16
    assert max(len(w) for w in bound_runs("ab" * 4000).split()) <= 200
    assert bound_runs("I live in Oslo.") == "I live in Oslo."


# ---- fuzz: the public API ----------------------------------------------------------------

_nasty_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["\ud800", "a\udfffb", "x\x00y", "", " ", "\x00", "我\ud83d", "🙂" * 3]),
    st.integers(), st.none(), st.floats(), st.binary(max_size=8), st.lists(st.text(max_size=3), max_size=2),
)  # fmt: skip
_nasty_time = st.one_of(
    st.none(),
    st.datetimes(timezones=st.sampled_from([timezone(timedelta(hours=14)), timezone(timedelta(hours=-14)), timezone.utc])),
    st.sampled_from(["9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00", "2026-13-01", "nope", "\ud800",
                     "2026-03-01T10:00:00Z", "9999-12-31T23:59:59.999999+00:00"]),
    st.integers(), st.floats(),
)  # fmt: skip
_calls = st.one_of(
    st.tuples(st.just("remember"), st.fixed_dictionaries({"text": _nasty_text, "at": _nasty_time,
              "ref": _nasty_text | st.none(), "role": st.sampled_from(["user", "bot", "\ud800"])})),
    st.tuples(st.just("recall"), st.fixed_dictionaries({"query": _nasty_text, "at": _nasty_time,
              "k": st.sampled_from([1, 0, -1, 101, True, 6.0, "3"])})),
    st.tuples(st.just("get"), st.fixed_dictionaries({"attribute": st.sampled_from(["city", "", "City", "\ud800"]),
              "subject": _nasty_text | st.none(), "as_of": _nasty_time})),
    st.tuples(st.just("facts"), st.fixed_dictionaries({"as_of": _nasty_time, "include_frozen": st.sampled_from([True, 1, None])})),
    st.tuples(st.just("history"), st.fixed_dictionaries({"attribute": _nasty_text | st.none()})),
    st.tuples(st.just("forget"), st.fixed_dictionaries({"fact_id": _nasty_text, "at": _nasty_time})),
    st.tuples(st.just("gc"), st.fixed_dictionaries({"at": _nasty_time, "floor": st.sampled_from([None, 0.5, 2.0, float("nan"), "x"])})),
    st.tuples(st.just("export"), st.fixed_dictionaries({"include_embeddings": st.sampled_from([False, "yes"])})),
    st.tuples(st.just("context"), st.fixed_dictionaries({"query": _nasty_text, "at": _nasty_time})),
    st.tuples(st.just("graph"), st.fixed_dictionaries({"as_of": _nasty_time})),
)  # fmt: skip
_user = st.one_of(st.just("ok"), st.sampled_from(["\ud800", "a\x00", "", None, 7, "x" * 300]))


@pytest.mark.slow  # long fuzz run
def test_fuzz_public_api_only_graphmem_errors_and_no_write_behind_them(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    base = uid("fuzz")
    mem.remember(base, "I live in Porto. My sister Anna works at Globex.", at=T0)

    @FUZZ
    @given(_calls, _user)
    def check(call: tuple[str, dict[str, Any]], user: Any) -> None:
        name, kwargs = call
        u = base if user == "ok" else user
        before = _state(mem, base)
        try:
            getattr(mem, name)(u, **kwargs)
        except GraphMemError:
            assert _state(mem, base) == before, f"{name} failed but wrote"
        except Exception as e:  # pragma: no cover - the property under test
            pytest.fail(f"{name}({kwargs!r}) raised {type(e).__name__}: {e}")

    check()


# ---- fuzz: imports -----------------------------------------------------------------------

_poison = st.sampled_from([
    2**63 - 1, 2**64, -1, 1e308, -1e308, float("inf"), 10**400, "\ud800", "x\x00", None, True, [], {},
    [[[[[[[[[[]]]]]]]]]], "9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00", "", "self", 0.5, "1" * 5000,
])  # fmt: skip


def _doc(mem: Memory, u: str) -> dict[str, Any]:
    d = mem.export(u).document
    return json.loads(d) if isinstance(d, str) else d  # type: ignore[no-any-return]


def _fields(doc: dict[str, Any]) -> list[tuple[str, int, str]]:
    return [(sec, i, k) for sec in ("entities", "facts", "supersedes", "audit", "episodes")
            for i, rec in enumerate(doc.get(sec, [])) for k in rec]  # fmt: skip


def _cycle(doc: dict[str, Any]) -> None:
    facts = doc["facts"]
    if len(facts) >= 2:
        a, b = facts[0]["id"], facts[1]["id"]
        doc["supersedes"] = [{"new_id": a, "old_id": b, "rule": "r", "at": facts[0]["recorded_at"]},
                             {"new_id": b, "old_id": a, "rule": "r", "at": facts[0]["recorded_at"]}]  # fmt: skip


def _self_typed(doc: dict[str, Any]) -> None:
    for e in doc["entities"]:
        if e["type"] == "self":
            e["type"] = "person"


def _second_city(doc: dict[str, Any]) -> None:
    city = next(f for f in doc["facts"] if f["attribute"] == "city" and f["status"] == "active")
    doc["facts"].append({**city, "id": city["id"] + "x", "value": "Lima", "text": "My city: Lima"})


def _deep_text(doc: dict[str, Any]) -> str:
    return json.dumps(doc)[:-1] + ', "generator": ' + "[" * 50000 + "]" * 50000 + "}"


def test_fuzz_imports_only_graphmem_errors_and_store_unchanged(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    src, dst = uid("src"), uid("dst")
    mem.remember(src, "I live in Porto.", at=T0)
    mem.remember(src, "We moved to Lima. My sister Anna works at Globex.", at=T0 + timedelta(days=2))
    good = _doc(mem, src)
    fields = _fields(good)
    mem.remember(dst, "I live in Oslo.", at=T0)
    mutations = st.one_of(
        st.tuples(st.just("field"), st.sampled_from(fields), _poison),
        st.tuples(
            st.just("shape"), st.sampled_from(["cycle", "self_typed", "second_city", "deep"]), st.none()
        ),
    )

    @FUZZ
    @given(mutations)
    def check(mutation: tuple[str, Any, Any]) -> None:
        doc: Any = copy.deepcopy(good)
        kind, where, value = mutation
        if kind == "field":
            sec, i, k = where
            doc[sec][i][k] = value
        else:
            doc = {"cycle": _cycle, "self_typed": _self_typed, "second_city": _second_city}.get(
                where, lambda d: None
            )(doc) or doc
            if where == "deep":
                doc = _deep_text(doc)
        before = (mem.store.count_rows(dst), _doc(mem, dst)["facts"])
        try:
            mem.import_(doc, as_user=dst)
        except GraphMemError:
            after = (mem.store.count_rows(dst), _doc(mem, dst)["facts"])
            assert after == before, f"a failed import of {mutation!r} wrote"
            return
        except Exception as e:  # pragma: no cover - the property under test
            pytest.fail(f"import of {mutation!r} raised {type(e).__name__}: {e}")
        facts = mem.facts(dst)
        for attr in ("city", "employer"):  # whatever was accepted keeps the invariants
            by_subject = [f.subject_id for f in facts if f.attribute == attr]
            assert len(by_subject) == len(set(by_subject)), f"two active {attr} after {mutation!r}"
        for f in facts:
            assert 0 <= f.access_count <= 10**9 and f.half_life_days <= 1e5

    check()


# ---- imports: text that no public method would accept ----------------------------------

#: NUL and lone surrogates (high, low, at either end of their range): `remember` refuses
#: them in any string argument, and an import refuses them in any text field.
_UNSTORABLE = ["\x00", "\ud800", "\udbff", "\udc00", "\udfff"]


def _strings(doc: Any, path: tuple[Any, ...] = (), name: str = "") -> list[tuple[tuple[Any, ...], str]]:
    """Every string of a document: (where it is, the place an error names), list items too."""
    if isinstance(doc, str):
        return [(path, name)]
    if isinstance(doc, dict):
        return [x for k, v in doc.items() for x in _strings(v, (*path, k), f"{name}.{k}" if name else k)]
    if isinstance(doc, list):
        return [x for i, v in enumerate(doc) for x in _strings(v, (*path, i), f"{name}[{i}]")]
    return []


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _with_char(doc: Any, path: tuple[Any, ...], char: str, at: int) -> Any:
    """A copy of `doc` with `char` put into the string at `path`, at position `at` (wrapped)."""
    doc = copy.deepcopy(doc)
    holder = _at(doc, path[:-1])
    text = holder[path[-1]]
    at %= len(text) + 1
    holder[path[-1]] = text[:at] + char + text[at:]
    return doc


def _rich_doc(mem: Memory, u: str) -> dict[str, Any]:
    """A document with every kind of record and optional text field filled in."""
    mem.remember(u, "I live in Porto. My sister Anna works at Globex.", at=T0, ref="turn-1", speaker="Ines")
    mem.remember(u, "We moved to Lima last week.", at=T0 + timedelta(days=2), ref="turn-2")
    doc = _doc(mem, u)
    assert all(doc.get(sec) for sec in ("entities", "facts", "supersedes", "audit", "episodes"))
    return doc


def _v1_doc(u: str) -> dict[str, Any]:
    return {"schema_version": "1.0", "user_id": u, "exported_at": "2026-02-01T00:00:00+00:00", "entries": [
        {"id": "e1", "entry_type": "profile", "content": "Lives in Quito", "confidence": 0.9,
         "status": "frozen", "source": "user_declared", "created_at": "2026-01-01T00:00:00+00:00",
         "superseded_by": "e2", "user_id": u},
        {"id": "e2", "entry_type": "profile", "content": "Lives in Cusco", "confidence": 0.9,
         "status": "active", "created_at": "2026-01-20T00:00:00+00:00", "last_accessed_at": "2026-01-21T00:00:00+00:00",
         "supersedes": "e1"},
    ]}  # fmt: skip


def _refused_naming(mem: Memory, dst: str, doc: Any, name: str) -> None:
    before = (mem.store.count_rows(dst), _doc(mem, dst)["facts"])
    with pytest.raises(ImportFormatError) as err:
        mem.import_(doc, as_user=dst)
    assert str(err.value).startswith(name), f"the error does not name {name}: {err.value}"
    assert (mem.store.count_rows(dst), _doc(mem, dst)["facts"]) == before, f"a refused import ({name}) wrote"


def test_every_text_field_of_an_import_refuses_nul_and_lone_surrogates(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    src, dst = uid("src"), uid("dst")
    mem.remember(dst, "I live in Oslo.", at=T0)
    for good in (_rich_doc(mem, src), _v1_doc(src)):
        mem.import_(copy.deepcopy(good), as_user=uid("ok"), dry_run=True)  # the document itself imports
        fields = _strings(good)
        assert len(fields) >= 15
        for path, name in fields:
            for char in ("\x00", "\udc80"):
                _refused_naming(mem, dst, _with_char(good, path, char, len(_at(good, path)) // 2), name)


def test_fuzz_nul_and_lone_surrogates_anywhere_in_an_import(mem: Memory, uid: Callable[[str], str]) -> None:
    src, dst = uid("src"), uid("dst")
    mem.remember(dst, "I live in Oslo.", at=T0)
    docs = [_rich_doc(mem, src), _v1_doc(src)]
    cases = st.integers(0, len(docs) - 1).flatmap(
        lambda d: st.tuples(
            st.just(d), st.sampled_from(_strings(docs[d])), st.sampled_from(_UNSTORABLE), st.integers(0, 400)
        )
    )

    @FUZZ
    @given(cases, st.booleans())
    def check(case: tuple[int, tuple[tuple[Any, ...], str], str, int], as_text: bool) -> None:
        d, (path, name), char, at = case
        doc: Any = _with_char(docs[d], path, char, at)
        if as_text:  # the same document as JSON text: json.dumps writes both as \u escapes
            doc = json.dumps(doc)
        _refused_naming(mem, dst, doc, name)

    check()


@pytest.mark.parametrize("shape", ["cycle", "self_typed", "second_city"])
def test_named_poison_documents_are_refused(mem: Memory, uid: Callable[[str], str], shape: str) -> None:
    src = uid("p")
    mem.remember(src, "I live in Porto. My sister Anna works at Globex.", at=T0)
    mem.remember(src, "We moved to Lima.", at=T0 + timedelta(days=1))
    doc = _doc(mem, src)
    {"cycle": _cycle, "self_typed": _self_typed, "second_city": _second_city}[shape](doc)
    with pytest.raises(ImportFormatError):
        mem.import_(doc, as_user=uid("q"))


@pytest.mark.parametrize(
    "field, value", [("access_count", 2**63 - 1), ("half_life_days", 1e308), ("confidence", 10**400)]
)
def test_out_of_range_numbers_are_refused(
    mem: Memory, uid: Callable[[str], str], field: str, value: Any
) -> None:
    src = uid("n")
    mem.remember(src, "I live in Porto.", at=T0)
    doc = _doc(mem, src)
    doc["facts"][0][field] = value
    with pytest.raises(ImportFormatError, match=rf"facts\[0\]\.{field}"):
        mem.import_(doc, as_user=uid("m"))
