"""Scale: remember and recall latency against facts per user and against number of users.

Every message goes through `Memory.remember` (gate, extraction, arbitration, store), so
load time is the real write path. Each remember is timed; a point reports remember
p50/p95 over the last `WINDOW` messages before it (latency *at* that size) and the
throughput of its whole segment. Recall is timed at each point over a mix of attribute
questions and free text (en + zh), after a few untimed warm-up queries. Loads have a
time budget per sweep: a point that cannot finish in it is reported as skipped, with the
measured rate, never dropped.

A point whose remember-by-remember load does not fit its budget is *seeded by import*
(`Plan.seed`): the Neo4j facts sweep imports the document the SQLite facts sweep
exported at that size (its user was loaded by remember), and a users-sweep level imports
copies of the users already loaded by remember, each under a new user id. A seeded point
then times `WINDOW` real remembers (which grow the seeded state a little) and the recall
queries on that state, and says how it was seeded and how long that took.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import random
import sys
import traceback
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path

from benchmarks import synth
from benchmarks.common import REPO, Report, fmt_ms, ms, now, pct
from benchmarks.neo4j_env import Neo4jTarget
from benchmarks.scale_load import (
    PARTIAL,
    REPLIES,
    SEED_STEP,
    WINDOW,
    Loader,
    Snapshot,
    export_snapshot,
    seed_facts,
    seed_users,
)
from graphmem import Memory

WARMUP = 20


@dataclass
class Plan:
    facts_sizes: tuple[int, ...]
    users_levels: tuple[int, ...]
    facts_each: int  # fact rows per user in the users sweep
    queries: int
    facts_budget_s: float  # seconds of loading allowed for the facts sweep
    users_budget_s: float  # ... and for the users sweep
    workers: int = 1  # loader threads in the users sweep (distinct users)
    profile: bool = True  # cProfile the largest points (skipped in quick runs)
    cleanup: bool = False  # delete the benchmark users afterwards (a server we did not start)
    #: "auto": seed a point by import when its remember load does not fit the budget;
    #: "never": report it as skipped; "always": seed every point it can (tests).
    seed: str = "auto"


# The default full run must stay under 30 minutes; when Neo4j joins, SQLite gives up some time.
PLANS = {
    ("full", "sqlite"): Plan((100, 1_000, 10_000), (1, 100, 1_000), 50, 300, 870.0, 200.0),
    ("full", "sqlite+neo4j"): Plan((100, 1_000, 10_000), (1, 100, 1_000), 50, 300, 330.0, 200.0),
    ("full", "neo4j"): Plan((100, 1_000, 10_000), (1, 100, 1_000), 10, 300, 700.0, 200.0, workers=4),
    ("quick", "sqlite"): Plan((100, 1_000), (1, 20, 100), 20, 60, 60.0, 40.0, profile=False),
    ("quick", "sqlite+neo4j"): Plan((100, 1_000), (1, 20, 100), 20, 60, 45.0, 30.0, profile=False),
    ("quick", "neo4j"): Plan((100, 1_000), (1, 20, 100), 5, 30, 20.0, 20.0, workers=4, profile=False),
}


@dataclass
class Point:
    backend: str
    sweep: str  # facts | users
    x: int  # facts per user, or users
    users: int = 0
    facts_per_user: int = 0
    rows: int = 0  # fact rows of the measured user(s) (active + frozen)
    active: int = 0
    messages: int = 0
    episodes: int = 0  # kept messages of the measured user(s): theirs and the assistant's replies
    remember_p50: float = float("nan")
    remember_p95: float = float("nan")
    remember_per_s: float = float("nan")
    recall_p50: float = float("nan")
    recall_p95: float = float("nan")
    first_p50: float = float("nan")  # first recall about each newly loaded user (users sweep)
    first_p95: float = float("nan")
    first_n: int = 0
    load_s: float = 0.0
    note: str = ""  # measured short of `x` (the budget ran out first)
    skipped: str = ""
    seeded: str = ""  # how the state was seeded by import (empty: loaded by remember)
    seed_s: float = 0.0  # seconds the seeding took (export, import)


def _add(points: list[Point], p: Point) -> None:
    """Keep a point and say so on stderr, so a long run shows progress and a crash keeps data."""
    points.append(p)
    what = p.skipped or (f"recall p50/p95 {fmt_ms(p.recall_p50)}/{fmt_ms(p.recall_p95)} ms, remember p50/p95 "
                         f"{fmt_ms(p.remember_p50)}/{fmt_ms(p.remember_p95)} ms, load {p.load_s:.0f} s")  # fmt: skip
    if p.seeded and not p.skipped:
        what += f" (seeded by import in {p.seed_s:.0f} s)"
    print(f"  [scale] {p.backend} {p.sweep}={p.x:,}: {what}", file=sys.stderr, flush=True)


def _guarded(sweep: Callable[..., None], name: str, kind: str, points: list[Point], errors: list[str],
             *args: object) -> None:  # fmt: skip
    """Run one sweep; an exception becomes a 'failed' row (and an error for the exit code), so
    the other backend's numbers survive a crash in this one."""
    try:
        sweep(name, *args, points)
    except Exception as e:  # noqa: BLE001 - reported, never swallowed
        msg = f"{type(e).__name__}: {str(e)[:300]}"
        errors.append(f"scale {name} {kind} sweep: {msg}\n{traceback.format_exc(limit=8)}")
        _add(points, Point(name, kind, 0, skipped=f"failed: {msg}"))


def _recall_times(
    mem: Memory, users: list[str], queries: list[str], at: datetime, seed: int = 0
) -> list[float]:
    rng = random.Random(seed)
    for q in queries[:WARMUP]:
        mem.recall(users[0], q, k=6, at=at)
    out = []
    for q in queries:
        uid = rng.choice(users)
        t0 = now()
        mem.recall(uid, q, k=6, at=at)
        out.append(now() - t0)
    return out


def _first_recalls(mem: Memory, users: list[str], queries: list[str], at: datetime) -> list[float]:
    out = []
    for i, uid in enumerate(users):
        t0 = now()
        mem.recall(uid, queries[i % len(queries)], k=6, at=at)
        out.append(now() - t0)
    return out


def _profile(mem: Memory, uid: str | list[str], queries: list[str], at: datetime, what: str) -> str:
    """graphmem functions by cumulative time (stdlib cProfile) over 100 recalls or 40 remembers."""
    prof = cProfile.Profile()
    if what == "recall":
        users = [uid] if isinstance(uid, str) else uid
        rng = random.Random(3)
        prof.runcall(lambda: [mem.recall(rng.choice(users), q, k=6, at=at) for q in queries[:100]])
    else:
        assert isinstance(uid, str)
        gen = synth.messages(uid + "-profile")
        prof.runcall(lambda: [mem.remember(uid, next(gen), at=at) for _ in range(40)])
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf)
    stats.sort_stats("cumulative").print_stats("graphmem/", 16)
    lines = [ln.replace(str(REPO) + "/", "") for ln in buf.getvalue().splitlines() if ln.strip()]
    start = next((i for i, ln in enumerate(lines) if ln.lstrip().startswith("ncalls")), 0)
    return "\n".join(lines[start : start + 17])


def _measure_facts(mem: Memory, loader: Loader, first: int, queries: list[str], p: Point) -> None:
    seg = loader.timings[first:]
    win = loader.timings[-WINDOW:]
    p.remember_p50, p.remember_p95 = ms(pct(win, 50)), ms(pct(win, 95))
    p.remember_per_s = len(seg) / max(1e-9, sum(seg))
    p.messages = loader.messages
    p.episodes = loader.episodes
    p.rows = len(mem.facts(loader.uid, include_frozen=True))
    p.active = len(mem.facts(loader.uid))
    at = loader.at() + timedelta(hours=1)
    rt = _recall_times(mem, [loader.uid], queries, at)
    p.recall_p50, p.recall_p95 = ms(pct(rt, 50)), ms(pct(rt, 95))


def facts_sweep(name: str, open_mem: Callable[[], Memory], prefix: str, plan: Plan,
                profiles: dict[str, str], points: list[Point], docs: list[Snapshot] | None = None,
                export_to: Path | None = None) -> None:  # fmt: skip
    """Load one user by remember through the sizes. With `export_to`, export it every
    SEED_STEP facts into `docs`; with `docs` to read, a size whose load does not fit is
    seeded from them (`_seed_facts`)."""
    mem = open_mem()
    uid = f"{prefix}facts-u0"
    loader = Loader(mem, uid, replies=REPLIES)
    deadline = now() + plan.facts_budget_s
    queries = synth.queries(plan.queries, seed=1)
    profiled = loader
    try:
        for size in plan.facts_sizes:
            p = Point(name, "facts", size, users=1, facts_per_user=size)
            can_seed = export_to is None and bool(docs) and plan.seed != "never"
            seeded_uid = f"{prefix}facts-seeded-{size}"
            if can_seed and _should_seed(loader, size, deadline, plan):
                profiled = _seeded_point(mem, seeded_uid, docs or [], queries, p, points) or profiled
                continue
            t0, first, exporting = now(), len(loader.timings), 0.0
            while export_to is not None and docs is not None and loader.rows + SEED_STEP < size:
                step = (loader.rows // SEED_STEP + 1) * SEED_STEP
                if not loader.load_to(step, deadline):
                    break
                took = export_snapshot(mem, loader, step, export_to, docs)
                exporting += took
                deadline += took  # the exports are not load time
            if not _grow(loader, size, deadline, plan, p):
                if can_seed:  # the projection let it start, the budget stopped it: seed instead
                    why, p.skipped = p.skipped.removeprefix("skipped: "), ""
                    profiled = _seeded_point(mem, seeded_uid, docs or [], queries, p, points, why) or profiled
                else:
                    _add(points, p)
                continue
            p.load_s = now() - t0 - exporting
            if export_to is not None and docs is not None:
                deadline += export_snapshot(mem, loader, size, export_to, docs)
            _measure_facts(mem, loader, first, queries, p)
            _add(points, p)
        if plan.profile and any(p.backend == name and p.sweep == "facts" and not p.skipped for p in points):
            at = profiled.at() + timedelta(hours=2)
            held = f"{profiled.rows:,} facts/user"
            profiles[f"{name} recall at {held}"] = _profile(mem, profiled.uid, queries, at, "recall")
            profiles[f"{name} remember at {held}"] = _profile(mem, profiled.uid, queries, at, "remember")
        if plan.cleanup:  # a server we did not start: leave no benchmark user behind
            for u in {uid, profiled.uid}:
                mem.store.write(u, lambda w: w.delete_user())
    finally:
        mem.close()


def _seeded_point(mem: Memory, uid: str, docs: list[Snapshot], queries: list[str], p: Point,
                  points: list[Point], why: str = "") -> Loader | None:  # fmt: skip
    """Seed the point's user from the SQLite exports, measure it, keep the point."""
    seeded = seed_facts(mem, uid, p.x, docs, p)
    if seeded is not None:
        p.seeded += f" (remember by remember, the {why})" if why else ""
        _measure_facts(mem, seeded, 0, queries, p)
    _add(points, p)
    return seeded


def _should_seed(loader: Loader, size: int, deadline: float, plan: Plan) -> bool:
    if plan.seed == "never":
        return False
    return plan.seed == "always" or loader.projected_s(size) > deadline - now()


def _grow(loader: Loader, size: int, deadline: float, plan: Plan, p: Point) -> bool:
    """Load the user up to `size` facts. False (and `p.skipped` says why) if the projected load
    does not fit the budget; a load the deadline cuts after PARTIAL of the way is measured where
    it stopped, with `p.note` saying so."""
    need, left = loader.projected_s(size), deadline - now()
    if need > left:
        last = ms(pct(loader.timings[-WINDOW:], 50))
        p.skipped = (f"skipped: ~{need:.0f} s projected to load {size:,} facts (remember p50 {last:.1f} ms at "
                     f"{loader.rows:,} facts and growing); {max(0.0, left):.0f} s of the "
                     f"{plan.facts_budget_s:.0f} s budget left")  # fmt: skip
        return False
    if loader.load_to(size, deadline):
        return True
    if loader.rows >= PARTIAL * size:
        p.note = f"the {plan.facts_budget_s:.0f} s load budget ran out at {loader.rows:,} of {size:,} facts"
        return True
    p.skipped = f"skipped: load stopped at the {plan.facts_budget_s:.0f} s budget after {loader.rows:,} facts"
    return False


def users_sweep(name: str, open_mem: Callable[[], Memory], prefix: str, plan: Plan,
                profiles: dict[str, str], points: list[Point]) -> None:  # fmt: skip
    mem = open_mem()
    loaders: list[Loader] = []
    remembered = 0  # the first users, loaded by remember (the seeded ones copy them)
    deadline = now() + plan.users_budget_s
    queries = synth.queries(plan.queries, seed=2)
    try:
        for level in plan.users_levels:
            p = Point(name, "users", level, users=level, facts_per_user=plan.facts_each)
            done_rows = sum(lo.rows for lo in loaders[:remembered])
            rate = (
                sum(t for lo in loaders[:remembered] for t in lo.timings) / max(1, done_rows) / plan.workers
            )
            need = (level * plan.facts_each - sum(lo.rows for lo in loaders)) * rate
            fits = not done_rows or need <= deadline - now()
            new = [Loader(mem, f"{prefix}users-u{i:05d}") for i in range(len(loaders), level)]
            t0 = now()
            if remembered and plan.seed != "never" and (plan.seed == "always" or not fits):
                seed_users(mem, new, loaders[:remembered], plan, p, len(loaders))
                loaders.extend(new)
                seg = [t for lo in new for t in lo.timings]
                p.load_s = now() - t0 - p.seed_s
            elif not fits:
                p.skipped = (f"skipped: ~{need:.0f} s projected to load {level:,} users x {plan.facts_each} facts "
                             f"({ms(rate):.1f} ms per fact); {max(0.0, deadline - now()):.0f} s of the "
                             f"{plan.users_budget_s:.0f} s budget left")  # fmt: skip
                _add(points, p)
                continue
            else:
                with ThreadPoolExecutor(max_workers=plan.workers) as pool:
                    ok = all(pool.map(lambda lo: lo.load_to(plan.facts_each, deadline), new))
                loaders.extend(new)
                remembered = len(loaders)
                if not ok:
                    p.skipped = f"skipped: load stopped at the {plan.users_budget_s:.0f} s budget"
                    _add(points, p)
                    continue
                p.load_s = now() - t0
                seg = [t for lo in new for t in lo.timings]
            win = seg[-WINDOW:]
            p.remember_p50, p.remember_p95 = ms(pct(win, 50)), ms(pct(win, 95))
            p.remember_per_s = len(seg) * plan.workers / max(1e-9, sum(seg))
            p.messages = sum(lo.messages for lo in loaders)
            p.episodes = sum(lo.episodes for lo in loaders)
            p.rows = sum(lo.rows for lo in loaders)
            at = max(lo.at() for lo in loaders) + timedelta(hours=1)
            # The first recall about a user loads its vectors; timed apart so every level's
            # recall p95 compares the same (warm) state and only the number of users differs.
            first = _first_recalls(mem, [lo.uid for lo in new], queries, at)
            p.first_p50, p.first_p95, p.first_n = ms(pct(first, 50)), ms(pct(first, 95)), len(first)
            rt = _recall_times(mem, [lo.uid for lo in loaders], queries, at, seed=level)
            p.recall_p50, p.recall_p95 = ms(pct(rt, 50)), ms(pct(rt, 95))
            _add(points, p)
        if plan.profile and loaders and points and not points[-1].skipped:
            at = max(lo.at() for lo in loaders) + timedelta(hours=2)
            key = f"{name} recall with {len(loaders):,} users"
            profiles[key] = _profile(mem, [lo.uid for lo in loaders], queries, at, "recall")
        if plan.cleanup:
            for lo in loaders:
                mem.store.write(lo.uid, lambda w: w.delete_user())
    finally:
        mem.close()


def run(
    workdir: Path, quick: bool, neo4j: Neo4jTarget | None, plots_dir: Path, budget_s: float | None = None
) -> Report:
    from benchmarks.scale_report import report

    t0 = now()
    mode = "quick" if quick else "full"
    with_neo4j = neo4j is not None and neo4j.ok
    plans = {"sqlite": PLANS[(mode, "sqlite+neo4j" if with_neo4j else "sqlite")]}
    if with_neo4j:
        plans["neo4j"] = PLANS[(mode, "neo4j")]
    if budget_s:
        plans = {k: replace(p, facts_budget_s=budget_s, users_budget_s=budget_s) for k, p in plans.items()}
    workdir.mkdir(parents=True, exist_ok=True)
    for old in [*workdir.glob("scale-*.db*"), *workdir.glob("scale-doc-*.json")]:
        old.unlink()
    points: list[Point] = []
    profiles: dict[str, str] = {}
    skipped: dict[str, str] = {}

    def sqlite(key: str) -> Callable[[], Memory]:
        return lambda: Memory(workdir / f"scale-{key}.db")

    errors: list[str] = []
    # The SQLite facts sweep exports its user as it grows; the Neo4j sweep seeds from that.
    docs: list[Snapshot] = []
    exporting = partial(facts_sweep, docs=docs, export_to=workdir) if with_neo4j else facts_sweep
    seeding = partial(facts_sweep, docs=docs)
    _guarded(exporting, "sqlite", "facts", points, errors, sqlite("facts"), "", plans["sqlite"], profiles)
    _guarded(users_sweep, "sqlite", "users", points, errors, sqlite("users"), "", plans["sqlite"], profiles)
    if neo4j is not None and neo4j.ok:
        prefix = f"bench-{uuid.uuid4().hex[:8]}-"
        plans["neo4j"] = replace(plans["neo4j"], cleanup=not neo4j.started_here)
        _guarded(seeding, "neo4j", "facts", points, errors, neo4j.memory, prefix, plans["neo4j"], profiles)
        _guarded(
            users_sweep, "neo4j", "users", points, errors, neo4j.memory, prefix, plans["neo4j"], profiles
        )
    else:
        skipped["neo4j"] = neo4j.skipped if neo4j is not None else "not requested"
    rep = report(points, plans, profiles, skipped, plots_dir)
    rep.data["points"] = [asdict(p) for p in points]
    rep.data["plans"] = {k: asdict(p) for k, p in plans.items()}
    rep.data["profiles"] = profiles
    rep.errors = errors
    rep.seconds = now() - t0
    return rep
