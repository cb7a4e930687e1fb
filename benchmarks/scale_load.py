"""Loading the scale benchmark's users: by remember (`Loader`), or by import (seeding).

`Loader` feeds one user's synthetic conversation through `Memory.remember`, timing each
call. Seeding writes a state that remember-by-remember loading could not reach within the
budget with `import_user` instead: `seed_facts` imports the SQLite facts sweep's exports
(`Snapshot`, taken every SEED_STEP facts) into a new user, `seed_users` imports copies of
the users already loaded by remember. Both then time real remembers on the seeded state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from benchmarks import synth
from benchmarks.common import now
from graphmem import Memory
from graphmem.portability import import_user
from graphmem.portability.load import load_document

if TYPE_CHECKING:
    from benchmarks.scale import Plan, Point

WINDOW = 300
PARTIAL = 0.9  # a load cut by the budget this far along is still measured, and labelled
T0 = datetime(2026, 1, 1, 9, 0, tzinfo=timezone.utc)
#: Share of the user's messages the assistant answers in the facts sweep: at 10k facts the
#: user then holds about 20k episodes (issue 12's scale point).
REPLIES = 0.7
#: The SQLite facts sweep exports its user every SEED_STEP facts; a seeded Neo4j user
#: imports those snapshots in order (mirror mode, the migration path: each brings what is
#: new and the status changes since the last), so no transaction writes more than one
#: step's worth of nodes.
SEED_STEP = 1_000


@dataclass
class Loader:
    """Feeds one user's synthetic messages through remember, timing each call. With `replies`,
    that share of the user's messages is followed by an assistant reply (remembered with
    role "assistant", so kept as an episode and never mined; not timed), as in a chat."""

    mem: Memory
    uid: str
    replies: float = 0.0
    gen: Iterator[str] = field(init=False)
    answers: Iterator[str] = field(init=False)
    rng: random.Random = field(init=False)
    rows: int = 0
    messages: int = 0
    episodes: int = 0
    reply_s: float = 0.0  # time spent remembering the replies (untimed per call)
    timings: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)  # rows held before each timed remember

    def __post_init__(self) -> None:
        self.gen = synth.messages(self.uid)
        self.answers = synth.replies(self.uid)
        self.rng = random.Random(f"replies-{self.uid}")

    def at(self) -> datetime:
        return T0 + timedelta(minutes=3 * self.messages)

    def snapshot(self) -> dict[str, object]:
        """Where the conversation stands, so another user can carry it on (`carry_on`)."""
        return {"uid": self.uid, "messages": self.messages, "episodes": self.episodes, "rows": self.rows,
                "rng": self.rng.getstate()}  # fmt: skip

    def carry_on(self, snap: dict[str, object]) -> Loader:
        """Continue the conversation of `snap` (its next messages and replies, its clock):
        for a user seeded with the document of the user the snapshot was taken of."""
        source = str(snap["uid"])
        self.messages, self.episodes, self.rows = (int(snap[k]) for k in ("messages", "episodes", "rows"))  # type: ignore[call-overload]
        self.gen, self.answers = synth.messages(source), synth.replies(source)
        for _ in range(self.messages):
            next(self.gen)
        for _ in range(self.episodes - self.messages):
            next(self.answers)
        self.rng.setstate(snap["rng"])  # type: ignore[arg-type]
        return self

    def step(self) -> None:
        """One timed remember of the user's next message (and, by chance, its untimed reply)."""
        text = next(self.gen)
        t0 = now()
        r = self.mem.remember(self.uid, text, at=self.at(), ref=f"m{self.messages}")
        self.timings.append(now() - t0)
        self.sizes.append(self.rows)
        self.messages += 1
        self.episodes += 1
        self.rows += len(r.added) + len(r.kept_frozen)
        if self.replies and self.rng.random() < self.replies:
            t1 = now()
            self.mem.remember(self.uid, next(self.answers), role="assistant",
                              at=self.at() - timedelta(minutes=1), ref=f"a{self.messages}")  # fmt: skip
            self.reply_s += now() - t1
            self.episodes += 1

    def load_to(self, rows: int, deadline: float) -> bool:
        """Remember until the user holds `rows` fact rows; False if the deadline passed first."""
        while self.rows < rows:
            if now() > deadline:
                return False
            self.step()
        return True

    def projected_s(self, rows: int) -> float:
        """Seconds to grow to `rows`, modelling remember time as a + b * (facts held), which is
        how it behaves when each remember reads the user's facts. Fitted on medians of ten
        size bins, so a few slow calls (other load on the machine) do not dominate."""
        if len(self.timings) < 100 or rows <= self.rows:
            return 0.0
        xs = np.asarray(self.sizes, dtype=float)
        ys = np.asarray(self.timings, dtype=float)
        bins = np.array_split(np.argsort(xs, kind="stable"), 10)
        mx = np.array([np.median(xs[b]) for b in bins])
        my = np.array([np.median(ys[b]) for b in bins])
        b, a = np.polyfit(mx, my, 1) if np.ptp(mx) > 0 else (0.0, float(my.mean()))
        b, a = max(float(b), 0.0), max(float(a), float(my.min()))
        per_row = self.messages / max(1, self.rows)
        n0, n1 = self.rows, rows
        replies = self.reply_s / max(1, self.rows) * (n1 - n0)  # about as many per fact as so far
        return per_row * (a * (n1 - n0) + b * (n1 * n1 - n0 * n0) / 2) + replies


@dataclass
class Snapshot:
    """An export of the SQLite facts-sweep user at some size, and where its conversation stood."""

    path: Path
    nominal: int  # the size it was taken for (a point or a SEED_STEP)
    facts: int
    state: dict[str, object]
    export_s: float


def export_snapshot(mem: Memory, loader: Loader, nominal: int, workdir: Path, docs: list[Snapshot]) -> float:
    t0 = now()
    path = workdir / f"scale-doc-facts-{nominal}.json"
    mem.export(loader.uid, path)
    docs.append(Snapshot(path, nominal, loader.rows, loader.snapshot(), now() - t0))
    return now() - t0


def embed_episodes(mem: Memory, uid: str) -> None:
    """Give a seeded user's episodes the vectors remember would have given them (the import
    path stores episodes without one), as `graphmem reembed` does."""
    from graphmem.write.reembed import _reembed_episodes

    _reembed_episodes(mem.store, uid, mem.embedder, 1_000)


def seed_facts(mem: Memory, uid: str, size: int, docs: list[Snapshot], p: Point) -> Loader | None:
    """Import the SQLite user's snapshots up to `size` into a new user, then time WINDOW real
    remembers (they carry on that user's conversation) on it. None (and `p.skipped`) if the
    SQLite sweep has no snapshot at this size."""
    mine = sorted((d for d in docs if d.nominal <= size), key=lambda d: d.nominal)
    if not mine or mine[-1].facts < PARTIAL * size:
        p.skipped = f"skipped: no SQLite export at {size:,} facts to seed from (its load did not reach it)"
        return None
    t0 = now()
    for d in mine:
        import_user(mem.store, d.path, as_user=uid, mode="mirror", config=mem.config, embedder=mem.embedder)
    embed_episodes(mem, uid)
    p.seed_s = now() - t0
    held = mine[-1]
    loader = Loader(mem, uid, replies=REPLIES).carry_on(held.state)
    p.seeded = (f"{len(mine)} exports of the SQLite user (every {SEED_STEP:,} facts up to {held.facts:,}, "
                f"{int(held.state['episodes']):,} episodes) imported in order in {p.seed_s:.0f} s, "  # type: ignore[call-overload]
                f"then {WINDOW} timed remembers")  # fmt: skip
    t1 = now()
    for _ in range(WINDOW):
        loader.step()
    p.load_s = now() - t1
    if held.facts < size:
        p.note = f"seeded from the SQLite export at {held.facts:,} of {size:,} facts"
    return loader


def seed_users(
    mem: Memory, new: list[Loader], templates: list[Loader], plan: Plan, p: Point, start: int
) -> None:
    """Seed `new` users by import: new user i gets the exported document of remembered user
    i mod len(templates) (a copy under its own id), then WINDOW timed remembers (each the
    next message of a distinct random new user, in a fresh conversation of its own) run
    with the sweep's writer threads."""
    t0 = now()
    with ThreadPoolExecutor(max_workers=plan.workers) as pool:
        # Parsed and validated once per template, not once per copy.
        docs = list(pool.map(lambda lo: load_document(mem.export(lo.uid).document), templates))
        by_uid = {lo.uid: i for i, lo in enumerate(new)}

        def seed(lo: Loader) -> None:
            k = (start + by_uid[lo.uid]) % len(templates)
            mem.import_(docs[k], as_user=lo.uid)
            embed_episodes(mem, lo.uid)
            src = templates[k]
            lo.messages, lo.episodes, lo.rows = src.messages, src.episodes, src.rows

        list(pool.map(seed, new))
    p.seed_s = now() - t0
    picked = random.Random(f"seed-{len(new)}").sample(new, min(WINDOW, len(new)))
    with ThreadPoolExecutor(max_workers=plan.workers) as pool:
        list(pool.map(lambda lo: lo.step(), picked))
    p.seeded = (f"users {start + 1:,}-{start + len(new):,} are imports of the exports of the "
                f"{len(templates):,} users loaded by remember (user u{{i}} copies u{{i mod {len(templates):,}}}, each "
                f"under its own id), seeded in {p.seed_s:.0f} s; then {len(picked)} timed remembers, one each "
                f"to distinct seeded users")  # fmt: skip
