"""Reliability: concurrent writers, SIGKILLed writers and imports, a Neo4j fault under
writers retrying with the same key, the secrets matrix, erasure (words left in the store's
files after each kind of forget: benchmarks/erasure.py), fuzz counts, and the cost of one
remember by message length and character. Every loop is bounded and stays on loopback.

Counts, not timings, are the point (except the cost table): each row says how many
writes were lost, doubled or left behind a failure, and each should read 0.
"""

from __future__ import annotations

import json
import logging
import multiprocessing as mp
import os
import signal
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from benchmarks import erasure
from benchmarks.common import Report, md_table, now

T0 = datetime(2026, 3, 1, tzinfo=timezone.utc)
_SINGLE = ("city", "employer")


def _memory(target: str) -> Any:
    from graphmem import Memory

    return Memory(target)


# ---- invariants -----------------------------------------------------------------------


def _check_user(mem: Any, user: str, expected_refs: set[str]) -> dict[str, int]:
    """Lost / doubled messages and double active values of single-valued attributes."""
    episodes = mem.store.reader(user).episodes()
    refs = [e.ref for e in episodes]
    doubled = len(refs) - len(set(refs))
    lost = len(expected_refs - set(refs))
    facts = mem.facts(user)
    two_active = 0
    for attr in _SINGLE:
        subjects = [f.subject_id for f in facts if f.attribute == attr]
        two_active += len(subjects) - len(set(subjects))
    return {"lost": lost, "doubled": doubled, "two_active": two_active}


# ---- concurrent writers ------------------------------------------------------------------


def _concurrent(target: str, writers: int, per_writer: int, users: int) -> dict[str, Any]:
    mems = [_memory(target) for _ in range(writers)]
    errors: list[str] = []
    expected: dict[str, set[str]] = {f"bench-c{u}-{os.getpid()}": set() for u in range(users)}
    names = list(expected)
    lock = threading.Lock()

    def writer(w: int) -> None:
        for i in range(per_writer):
            user = names[(w + i) % users]
            ref = f"w{w}-{i}"
            city = ["Porto", "Lima", "Oslo", "Quito"][(w + i) % 4]
            try:
                mems[w].remember(
                    user, f"I live in {city} now. Note {ref}.", at=T0 + timedelta(minutes=i), ref=ref
                )
                with lock:
                    expected[user].add(ref)
            except Exception as e:  # noqa: BLE001 - counted
                errors.append(type(e).__name__)

    t0 = now()
    threads = [threading.Thread(target=writer, args=(w,)) for w in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = now() - t0
    totals = {"lost": 0, "doubled": 0, "two_active": 0}
    for user, refs in expected.items():
        for k, v in _check_user(mems[0], user, refs).items():
            totals[k] += v
        mems[0].forget_user(user)
    for m in mems:
        m.close()
    return {"remembers": writers * per_writer, "errors": len(errors), "seconds": seconds, **totals}


# ---- SIGKILLed writers ----------------------------------------------------------------------


def _kill_writer(path: str, user: str, ack_path: str, start: int) -> None:  # runs in a child process
    mem = _memory(path)
    with open(ack_path, "a", encoding="utf-8") as acks:
        for i in range(start, start + 10_000):
            ref = f"k{i}"
            mem.remember(
                user, f"I work at Company{i % 7}. Note {ref}.", at=T0 + timedelta(seconds=i), ref=ref
            )
            acks.write(ref + "\n")
            acks.flush()


def _import_child(path: str, doc: str, as_user: str) -> None:  # runs in a child process
    mem = _memory(path)
    mem.import_(doc, as_user=as_user)


def _acks(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def _sigkill_runs(workdir: Path, kills: int) -> dict[str, Any]:
    path = str(workdir / "kill.db")
    user = "bench-kill"
    ack = workdir / "acks.txt"
    ctx = mp.get_context("spawn")
    bad_integrity = lost = doubled = 0
    for n in range(kills):
        p = ctx.Process(target=_kill_writer, args=(path, user, str(ack), n * 10_000))
        seen = _acks(ack)
        p.start()
        deadline = time.monotonic() + 60  # the child imports the pipelines before its first write
        while _acks(ack) == seen and time.monotonic() < deadline and p.is_alive():
            time.sleep(0.05)
        time.sleep((n % 7) * 0.037)  # then a different moment of a remember each time
        os.kill(p.pid, signal.SIGKILL)  # type: ignore[arg-type]
        p.join()
        with sqlite3.connect(path) as c:
            bad_integrity += c.execute("PRAGMA integrity_check").fetchone()[0] != "ok"
    acked = set(ack.read_text(encoding="utf-8").split()) if ack.exists() else set()
    mem = _memory(path)
    result = _check_user(mem, user, acked)
    lost, doubled = result["lost"], result["doubled"]
    # Mid-import kills: afterwards the target holds the whole document or nothing.
    doc = mem.export(user).document
    doc = doc if isinstance(doc, str) else json.dumps(doc)
    full = None
    partial_imports = 0
    for n in range(max(1, kills // 2)):
        target = f"bench-imp{n}"
        p = ctx.Process(target=_import_child, args=(path, doc, target))
        p.start()
        time.sleep(1.5 + (n % 6) * 0.3)  # spread over the child's start-up and its import
        os.kill(p.pid, signal.SIGKILL)  # type: ignore[arg-type]
        p.join()
        rows = mem.store.count_rows(target)
        if rows and full is None:
            full = rows
        partial_imports += rows not in (0, full)
        with sqlite3.connect(path) as c:
            bad_integrity += c.execute("PRAGMA integrity_check").fetchone()[0] != "ok"
    mem.close()
    return {"kills": kills, "imports_killed": max(1, kills // 2), "acked": len(acked), "lost": lost,
            "doubled": doubled, "integrity_failures": bad_integrity, "partial_imports": partial_imports}  # fmt: skip


# ---- secrets matrix -------------------------------------------------------------------------


def _secrets(workdir: Path, examples: int) -> dict[str, Any]:
    from hypothesis import HealthCheck, given, settings

    from tests.secret_shapes import leaked, secret_messages

    cases: list[tuple[str, str, str]] = []

    @settings(max_examples=examples, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(secret_messages())
    def collect(case: tuple[str, str, str]) -> None:
        cases.append(case)

    collect()
    path = workdir / "secrets.db"
    records: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda r: records.append(r.getMessage())  # type: ignore[method-assign]
    log = logging.getLogger("graphmem")
    old = log.level
    log.addHandler(handler)
    log.setLevel(logging.DEBUG)
    try:
        mem = _memory(str(path))
        exports = []
        for i, (_, message, _) in enumerate(cases):
            mem.remember(f"s{i}", f"I live in Porto. {message}", at=T0)
            d = mem.export(f"s{i}").document
            exports.append(d if isinstance(d, str) else json.dumps(d, ensure_ascii=False))
        data = b"".join(p.read_bytes() for p in (path, Path(f"{path}-wal")) if p.exists()).decode(
            "utf-8", "replace"
        )
        mem.close()
    finally:
        log.removeHandler(handler)
        log.setLevel(old)
    logs = "\n".join(records)
    whole = partial = 0
    for (_, _message, secret), export in zip(cases, exports):
        found = [bool(leaked(secret, hay)) for hay in (data, export, logs)]
        core = secret.replace(" ", "")
        whole += any(core in hay for hay in (data, export, logs))
        partial += any(found)
    kinds = sorted({k for k, _, _ in cases})
    return {"shapes": len(cases), "kinds": kinds, "whole": whole, "partial": partial}


# ---- fuzz counts ---------------------------------------------------------------------------

_NASTY = ["\ud800", "a\udfffb", "x\x00y", "", None, 7, 1.5, b"x", ["a"], "x" * 9000, "9999-12-31T23:59:59-12:00",
          "0001-01-01T00:00:00+14:00", datetime(9999, 12, 31, 23, tzinfo=timezone(timedelta(hours=-12))), True]  # fmt: skip
_METHODS: dict[str, list[str]] = {
    "remember": ["user_id", "text", "role", "at", "ref", "key"], "recall": ["user_id", "query", "k", "at"],
    "context": ["user_id", "query", "k", "at"], "get": ["user_id", "attribute", "at", "subject", "as_of"],
    "facts": ["user_id", "include_frozen", "as_of"], "graph": ["user_id", "as_of", "include_frozen"],
    "history": ["user_id", "attribute"], "export": ["user_id", "include_embeddings"],
    "forget": ["user_id", "fact_id", "at"], "gc": ["user_id", "at", "floor", "archive_profile"],
    "forget_user": ["user_id"], "import_": ["doc", "as_user", "dry_run"],
}  # fmt: skip
_GOOD = {"user_id": "bench-fuzz", "text": "I live in Oslo.", "query": "where do I live", "attribute": "city",
         "doc": None, "fact_id": "nope"}  # fmt: skip


def _fuzz(target: str) -> dict[str, Any]:
    from graphmem import GraphMemError

    mem = _memory(target)
    mem.remember("bench-fuzz", "I live in Porto. My sister Anna works at Globex.", at=T0)
    good_doc = mem.export("bench-fuzz").document
    calls = foreign = written = 0
    for method, params in _METHODS.items():
        for param in params:
            for value in _NASTY:
                if method == "forget_user" and value is None:
                    continue
                kwargs = {p: _GOOD[p] for p in params if p in _GOOD}
                if method == "import_":
                    kwargs["doc"] = good_doc
                kwargs[param] = value
                before = (mem.store.count_rows("bench-fuzz"), mem.store.reader("bench-fuzz").revision())
                calls += 1
                try:
                    getattr(mem, method)(**kwargs)
                except GraphMemError:
                    written += (
                        mem.store.count_rows("bench-fuzz"),
                        mem.store.reader("bench-fuzz").revision(),
                    ) != before
                except Exception:  # noqa: BLE001 - counted
                    foreign += 1
    # Imports: every field of a good document set to each poison value.
    doc = json.loads(good_doc) if isinstance(good_doc, str) else good_doc
    poison = [2**63 - 1, 1e308, -1, float("inf"), 10**400, "\ud800", None, True, [], {}, [[[[[]]]]], "1" * 5000,
              "9999-12-31T23:59:59-12:00", "self"]  # fmt: skip
    imports = imp_foreign = imp_written = 0
    mem.remember("bench-fuzz-dst", "I live in Oslo.", at=T0)
    for sec in ("entities", "facts", "supersedes", "audit", "episodes"):
        for i, rec in enumerate(doc.get(sec, [])):
            for key in list(rec):
                for value in poison:
                    bad = json.loads(json.dumps(doc))
                    bad[sec][i][key] = value
                    before = mem.store.count_rows("bench-fuzz-dst")
                    imports += 1
                    try:
                        mem.import_(bad, as_user="bench-fuzz-dst", dry_run=False)
                        mem.forget_user("bench-fuzz-dst")
                        mem.remember("bench-fuzz-dst", "I live in Oslo.", at=T0)
                    except GraphMemError:
                        imp_written += mem.store.count_rows("bench-fuzz-dst") != before
                    except Exception:  # noqa: BLE001 - counted
                        imp_foreign += 1
    mem.forget_user("bench-fuzz")
    mem.forget_user("bench-fuzz-dst")
    mem.close()
    return {"api_calls": calls, "api_foreign": foreign, "api_written": written,
            "imports": imports, "import_foreign": imp_foreign, "import_written": imp_written}  # fmt: skip


# ---- cost per message -----------------------------------------------------------------------

_COST_SHAPES: dict[str, str] = {
    "English prose": "My sister Anna moved to Berlin last year and works at a bakery near the river. ",
    "Chinese prose": "我喜欢喝茶，周末常去公园散步，我妹妹在上海的一家医院工作。",
    'punctuation `"`': '"',
    "punctuation `。`": "。",
    "mixed symbols": '"。!?,.;:()[]-_*',
    "one long word": "abcdefghij",
}


def _varied(language: str, n: int, salt: str = "") -> str:
    """`n` characters of benchmarks.synth's messages: mostly different statements (another
    `salt`, other ones)."""
    import random

    from benchmarks.synth import _en, _zh

    rng = random.Random(f"cost-{language}-{n}{salt}")
    make, sep = (_zh, "") if language == "zh" else (_en, " ")
    parts: list[str] = []
    size = 0
    while size < n:
        parts.append(make(rng))
        size += len(parts[-1]) + len(sep)
    return sep.join(parts)[:n]


#: Rows made of different statements: the repeated units above reinforce a few facts
#: hundreds of times, these make every fact a new one.
_VARIED_SHAPES = {"English prose, varied": "en", "Chinese prose, varied": "zh"}
#: The varied rows again, each remember a message never seen before: the rows above repeat
#: one text per cell, so per-process caches (a CJK run's segmentation, a sentence's gate)
#: serve the repeats; these show the cost of a message with nothing cached.
_NEW_SHAPES = {"English prose, each message new": "en", "Chinese prose, each message new": "zh"}


def _cost(
    workdir: Path, lengths: tuple[int, ...], repeats: int, clock: Callable[[], float] = now
) -> list[dict[str, Any]]:
    """Median remember time per shape and length (`clock`), and its median CPU time of this
    process (`cpu_<n>`): the wall time also holds what other processes take of the CPU."""
    mem = _memory(str(workdir / "cost.db"))
    # What loads once per process is not the cost of a message: the gate's and the rules'
    # patterns, the rule extractor's pipelines (jieba's tagger alone takes a second), dateparser.
    mem.warm()
    mem.remember("warm", "I moved to Porto last Friday. 我昨天住在上海。", at=T0)
    rows = []
    for name, unit in {**_COST_SHAPES, **_VARIED_SHAPES, **_NEW_SHAPES}.items():
        row: dict[Any, Any] = {"shape": name}
        for n in lengths:
            text = _varied(unit, n) if name in _VARIED_SHAPES else (unit * (n // len(unit) + 1))[:n]
            times, cpu = [], []
            for r in range(repeats):
                if name in _NEW_SHAPES:
                    text = _varied(unit, n, f"-new-{r}")
                t0, c0 = clock(), time.process_time()
                mem.remember(f"cost-{name}-{n}-{r}", text, at=T0)
                times.append(clock() - t0)
                cpu.append(time.process_time() - c0)
            row[n] = sorted(times)[len(times) // 2] * 1000
            row[f"cpu_{n}"] = sorted(cpu)[len(cpu) // 2] * 1000
        rows.append(row)
    mem.close()
    return rows


#: Issue 15's bound on one remember of a message this long, whatever its characters (ms).
COST_LIMIT_CHARS, COST_LIMIT_MS = 8000, 50.0


def _cost_md(cost: list[dict[str, Any]], lengths: tuple[int, ...]) -> list[str]:
    table = md_table(
        ["message", *(f"{n:,} chars" for n in lengths)],
        [[r["shape"], *(f"{r[n]:.1f} ({r[f'cpu_{n}']:.1f})" for n in lengths)] for r in cost],
        right=list(range(1, len(lengths) + 1)),
    )
    lines = [table, ""]
    if COST_LIMIT_CHARS in lengths:
        worst = max(cost, key=lambda r: r[COST_LIMIT_CHARS])
        v = worst[COST_LIMIT_CHARS]
        verdict = "PASS" if v <= COST_LIMIT_MS else "MISS"
        lines += [md_table(
            ["target", "from", "measured (slowest row)", "verdict"],
            [[f"one remember of a message of {COST_LIMIT_CHARS:,} characters <= {COST_LIMIT_MS:.0f} ms, any characters",
              "issue 15", f"{v:.1f} ms ({worst['shape']}; CPU {worst[f'cpu_{COST_LIMIT_CHARS}']:.1f} ms)",
              f"**{verdict}**"]], right=[2]), ""]  # fmt: skip
    return lines


# ---- the section ----------------------------------------------------------------------------


def run(out: Path, quick: bool, neo: Any) -> Report:
    t0 = now()
    out.mkdir(parents=True, exist_ok=True)
    data: dict[str, Any] = {}
    md: list[str] = []
    with tempfile.TemporaryDirectory(dir=out) as tmp:
        work = Path(tmp)
        targets: list[tuple[str, Callable[[], str]]] = [("SQLite", lambda: str(work / "conc.db"))]
        if neo.ok:
            targets.append(("Neo4j", lambda: str(neo.uri)))
        rows = []
        for store, target in targets:
            small = quick or store == "Neo4j"
            for users in (1, 8):
                per = 10 if small else 60
                r = _concurrent(target(), 8, per, users)
                data[f"concurrent_{store}_{users}"] = r
                rows.append([store, f"8 writers, {users} user{'s' if users > 1 else ''}", r["remembers"],
                             r["errors"], r["lost"], r["doubled"], r["two_active"], f"{r['seconds']:.1f}"])  # fmt: skip
        md += ["### Concurrent writers", "", md_table(
            ["store", "run", "remembers", "errors", "lost", "doubled", "2 active single values", "s"], rows), ""]  # fmt: skip

        k = _sigkill_runs(work, 4 if quick else 30)
        data["sigkill"] = k
        md += ["### SIGKILLed writers and imports (SQLite)", "", md_table(
            ["writers killed", "imports killed", "acknowledged writes", "lost", "doubled", "integrity failures",
             "partial imports"],
            [[k["kills"], k["imports_killed"], k["acked"], k["lost"], k["doubled"], k["integrity_failures"],
              k["partial_imports"]]]), ""]  # fmt: skip

        s = _secrets(work, 60 if quick else 300)
        data["secrets"] = s
        md += ["### Secrets matrix (SQLite file + WAL, export, DEBUG logs)", "", md_table(
            ["generated shapes", "kinds", "persisted whole", "persisted in part"],
            [[s["shapes"], ", ".join(s["kinds"]), s["whole"], s["partial"]]]), ""]  # fmt: skip

        e = erasure.sqlite_rows(work, 40 if quick else 400)
        if neo.ok:
            e += erasure.neo4j_rows(str(neo.uri), 10 if quick else 40)
        data["erasure"] = e
        md += ["### Erasure: words left in store files (SQLite file + WAL; Neo4j nodes and fulltext indexes)", "",
               md_table(erasure.HEADER, erasure.table_rows(e)), ""]  # fmt: skip

        f = _fuzz(str(work / "fuzz.db"))
        data["fuzz"] = f
        md += ["### Fuzz (SQLite)", "", md_table(
            ["API calls", "non-GraphMemError", "writes behind a failed call", "broken imports",
             "non-GraphMemError", "writes behind a failed import"],
            [[f["api_calls"], f["api_foreign"], f["api_written"], f["imports"], f["import_foreign"],
              f["import_written"]]]), ""]  # fmt: skip

        lengths = (1000, 4000, 8000)
        cost = _cost(work, lengths, 1 if quick else 3)
        data["cost"] = cost
        md += ["### Cost of one remember (SQLite, median ms; in brackets the median CPU time of the process)",
               "", *_cost_md(cost, lengths),
            "Neo4j fault runs (server SIGKILLed and stopped under 4 writers retrying with the same key) "
            "are `tests/test_faults.py`: they restart a server of their own, so they stay out of this run.",
            "", *_outage_md(data),
        ]  # fmt: skip
    rep = Report("reliability", "Reliability", "\n".join(md), data)
    rep.seconds = now() - t0
    return rep


def _outage_md(data: dict[str, Any], store_timeout: float = 3.0) -> list[str]:
    """The outage bound: a Neo4j of its own SIGKILLed under 1 and 4 writers (benchmarks/outage.py)."""
    from benchmarks.outage import outage_run, own_server

    rows = []
    try:
        with own_server() as server:
            for writers in (1, 4):
                o = outage_run(server, writers, store_timeout, down=2 * store_timeout + 2)
                data[f"outage_{writers}"] = o
                rows.append([writers, f"{store_timeout:g}", o["down_s"], o["calls"], o["failed_calls"],
                             o["max_failed_call_s"], o["max_ok_call_s"], o["max_call_s"],
                             "yes" if o["max_call_s"] <= store_timeout + 1 else "no", o["lost"], o["doubled"]])  # fmt: skip
    except Exception as e:  # noqa: BLE001 - no local Neo4j: the row says why
        return ["### Outage bound (Neo4j)", "", f"not run: {type(e).__name__}: {str(e)[:200]}", ""]
    return ["### Outage bound (Neo4j SIGKILLed, writers retrying with the same key)", "", md_table(
        ["writers", "store_timeout s", "down s", "calls", "failed", "max failed call s", "max ok call s",
         "max call s", "≤ timeout + 1 s", "lost", "doubled"], rows), ""]  # fmt: skip


def _cost_main(argv: list[str] | None = None) -> None:
    """`python -m benchmarks.reliability [--repeats N]`: only the cost table, printed."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m benchmarks.reliability", description=_cost_main.__doc__)
    ap.add_argument("--repeats", type=int, default=3, help="remembers per cell (the median is shown)")
    ap.add_argument("--cpu", action="store_true", help="this process's CPU time instead of wall time "
                    "(steadier on a machine other work shares)")  # fmt: skip
    args = ap.parse_args(argv)
    lengths = (1000, 4000, 8000)
    with tempfile.TemporaryDirectory() as tmp:
        cost = _cost(Path(tmp), lengths, max(1, args.repeats), time.process_time if args.cpu else now)
    print("\n".join(_cost_md(cost, lengths)))


if __name__ == "__main__":
    _cost_main()
