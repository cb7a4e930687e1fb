"""Service load: concurrent REST clients against a real `graphmem serve` process.

For each store, `graphmem serve` runs as its own process on a free loopback port (only
loopback: the benchmark never binds another address). `CLIENTS` concurrent clients, each
acting for its own user, mix remember (30 %) and recall (70 %) for `seconds`. Reported:
errors, throughput and p50/p95/p99 per route and over all requests, and whether anything was lost (every
acknowledged remember's facts are read back from the store afterwards, with the server
stopped, through a fresh `Memory`). Then, on the idle server, recall through HTTP
against the same recall in-process (`Memory.recall` on the same store) at p50: the cost
of the REST shell (target: within 3 ms).
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from graphmem import Memory

from .common import REPO, Report, fmt_ms, md_table, ms, now, pct
from .neo4j_env import Neo4jTarget

CLIENTS = 32
REMEMBER_SHARE = 0.3
SECONDS = {"full": 60.0, "quick": 2.0}
# The same load on users of its own before the clock starts, results discarded: a server
# (Neo4j's JVM above all: its JIT compiler takes ~40 % of its CPU for the first minute) is
# measured warm, as it runs in service. Both stores get the same warm-up.
WARMUP_SECONDS = {"full": 30.0, "quick": 0.0}
# Pairs of idle recalls. One Neo4j recall differs from the next by several ms, so the p50s of
# a few hundred carry sampling noise of a sizeable part of a millisecond: the table prints
# the overhead's 95 % interval beside it, and a pass or a miss inside it is not a finding.
IDLE_RECALLS = {"full": 500, "quick": 40}
SEED_FACTS = {"full": 20, "quick": 2}  # per user, before the clock starts, so recalls rank something
TARGET_OVERHEAD_MS = 3.0
QUERIES = ["what do I like?", "which band do I love?", "anything about hiking?", "what tea do I drink?"]


@dataclass
class Load:
    lat: dict[str, list[float]] = field(default_factory=lambda: {"remember": [], "recall": []})
    errors: list[str] = field(default_factory=list)
    acked: dict[str, list[str]] = field(default_factory=dict)  # user -> fact ids acknowledged
    seconds: float = 0.0


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(
    target: str, auth: tuple[str, str] | None, key: str, log: Path
) -> tuple[subprocess.Popen[bytes], str]:
    import httpx

    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRAPHMEM_")}
    env.update({"GRAPHMEM_API_KEY": key, "PYTHONPATH": str(REPO)})
    if auth:
        env.update({"GRAPHMEM_NEO4J_USER": auth[0], "GRAPHMEM_NEO4J_PASSWORD": auth[1]})
    cmd = [
        sys.executable,
        "-m",
        "graphmem",
        "--store",
        target,
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    with log.open("wb") as err:  # the server's own warnings and errors, for the report
        proc = subprocess.Popen(cmd, env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=err)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        if proc.poll() is not None:
            raise RuntimeError(
                f"graphmem serve exited: {proc.stderr.read().decode()[-500:] if proc.stderr else ''}"
            )
        try:
            if httpx.get(base + "/readyz", timeout=5).status_code == 200:
                _warm_up(base, key)
                return proc, base
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            _stop(proc)
            raise RuntimeError("graphmem serve did not become ready in 90 s")
        time.sleep(0.3)


def _warm_up(base: str, key: str) -> None:
    """One remember and one recall before the clock starts: the first remember loads the
    extractor's language pipelines (seconds), which is start-up, not load."""
    import httpx

    h = {"Authorization": f"Bearer {key}"}
    user = f"svcload-warmup-{uuid.uuid4().hex[:8]}"
    httpx.post(
        f"{base}/v1/users/{user}/memories", json={"text": "I enjoy warm-up laps."}, headers=h, timeout=120
    )
    httpx.post(f"{base}/v1/users/{user}/recall", json={"query": "laps"}, headers=h, timeout=120)
    httpx.delete(f"{base}/v1/users/{user}", headers=h, timeout=120)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=20)


async def _drive(base: str, key: str, users: list[str], seconds: float, rng: random.Random) -> Load:
    import httpx

    load = Load(acked={u: [] for u in users})
    headers = {"Authorization": f"Bearer {key}"}
    limits = httpx.Limits(max_connections=len(users), max_keepalive_connections=len(users))
    async with httpx.AsyncClient(base_url=base, headers=headers, limits=limits, timeout=60) as http:
        stop_at = time.monotonic() + seconds

        async def client(user: str, seed: int) -> None:
            r = random.Random(seed)
            n = 0
            while time.monotonic() < stop_at:
                n += 1
                if r.random() < REMEMBER_SHARE:
                    route, path = "remember", f"/v1/users/{user}/memories"
                    body: dict[str, Any] = {"text": f"I love the band Zorb{seed}x{n}.", "ref": f"load-{n}"}
                else:
                    route, path = "recall", f"/v1/users/{user}/recall"
                    body = {"query": r.choice(QUERIES), "k": 6}
                t0 = now()
                try:
                    resp = await http.post(path, json=body)
                except httpx.HTTPError as e:
                    load.errors.append(f"{route}: {type(e).__name__} {str(e)[:100]}")
                    continue
                load.lat[route].append(now() - t0)
                if resp.status_code != 200:
                    load.errors.append(f"{route}: HTTP {resp.status_code} {resp.text[:120]}")
                elif route == "remember":
                    load.acked[user] += [f["id"] for f in resp.json()["result"]["added"]]

        t0 = now()
        await asyncio.gather(*(client(u, rng.randrange(1 << 30)) for u in users))
        load.seconds = now() - t0
    return load


def _compare_recall(
    base: str, key: str, users: list[str], mem: Memory, n: int
) -> tuple[list[float], list[float]]:
    """The same recalls through HTTP and in-process, interleaved so machine load drifts
    hit both alike; each user is warmed on both sides first (vector caches). HTTP goes
    over one keep-alive connection of the standard library's client, a thin client, so
    the difference is the REST shell's cost rather than the load generator's."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=60)
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}

    def over_http(user: str, query: str) -> float:
        body = json.dumps({"query": query, "k": 6})
        t0 = now()
        conn.request("POST", f"/v1/users/{user}/recall", body=body, headers=headers)
        resp = conn.getresponse()
        payload = resp.read()
        json.loads(payload)
        dt = now() - t0
        if resp.status != 200:
            raise RuntimeError(f"idle recall: HTTP {resp.status} {payload[:200]!r}")
        return dt

    def in_process(user: str, query: str) -> float:
        t0 = now()
        mem.recall(user, query, k=6)
        return now() - t0

    http_lat, local_lat = [], []
    try:
        for u in users:  # warm-up, untimed
            over_http(u, QUERIES[0])
            in_process(u, QUERIES[0])
        for i in range(n):
            user, query = users[i % len(users)], QUERIES[i % len(QUERIES)]
            first, second = (over_http, in_process) if i % 2 else (in_process, over_http)
            a, b = first(user, query), second(user, query)
            h, loc = (a, b) if first is over_http else (b, a)
            http_lat.append(h)
            local_lat.append(loc)
    finally:
        conn.close()
    return http_lat, local_lat


def overhead_interval(
    http: Sequence[float], local: Sequence[float], rounds: int = 2000
) -> tuple[float, float]:
    """A 95 % bootstrap interval of p50(HTTP) - p50(in-process), in ms, resampling the
    interleaved pairs together (what the target compares, with its sampling noise)."""
    import numpy as np

    h, loc = np.asarray(http, dtype=np.float64), np.asarray(local, dtype=np.float64)
    if len(h) < 2:
        return float("nan"), float("nan")
    picks = np.random.default_rng(0).integers(0, len(h), size=(rounds, len(h)))
    deltas = np.median(h[picks], axis=1) - np.median(loc[picks], axis=1)
    low, high = np.percentile(deltas, [2.5, 97.5])
    return ms(float(low)), ms(float(high))


def _one_store(name: str, target: str, auth: tuple[str, str] | None, mode: str, out: Path) -> dict[str, Any]:
    tag = uuid.uuid4().hex[:8]
    users = [f"svcload-{tag}-{i}" for i in range(CLIENTS)]
    with Memory(target, auth=auth) as mem:  # seed before the server starts
        for u in users:
            for j in range(SEED_FACTS[mode]):
                mem.remember(u, f"I enjoy hiking trail {j} near Talvik{j % 5}.")
    key = "bench-" + uuid.uuid4().hex
    log = out / f"server-{name}.log"
    proc, base = _start(target, auth, key, log)
    try:
        if WARMUP_SECONDS[mode]:
            warm = [f"svcload-{tag}-warm-{i}" for i in range(CLIENTS)]
            asyncio.run(_drive(base, key, warm, WARMUP_SECONDS[mode], random.Random(3)))
        load_avg = [os.getloadavg()[0]]
        load = asyncio.run(_drive(base, key, users, SECONDS[mode], random.Random(7)))
        load_avg.append(os.getloadavg()[0])
        with Memory(target, auth=auth) as mem:
            idle_http, in_proc = _compare_recall(base, key, users, mem, IDLE_RECALLS[mode])
    finally:
        _stop(proc)
    with Memory(target, auth=auth) as mem:  # read back with the server gone
        lost = 0
        for u in users:
            have = {f.id for f in mem.facts(u, include_frozen=True)}
            lost += sum(1 for fid in load.acked[u] if fid not in have)
        for u in users:
            mem.forget_user(u)
    server_log = log.read_text(errors="replace").strip().splitlines()
    return {"store": name, "load": load, "server_log": server_log[-5:], "load_avg": load_avg, "lost": lost, "acked": sum(len(v) for v in load.acked.values()),
            "idle_http": idle_http, "in_process": in_proc, "users": users}  # fmt: skip


def run(out: Path, quick: bool, neo: Neo4jTarget) -> Report:
    t0 = now()
    mode = "quick" if quick else "full"
    out.mkdir(parents=True, exist_ok=True)
    results = []
    with tempfile.TemporaryDirectory(prefix="graphmem-service-load-") as tmp:
        results.append(_one_store("sqlite", str(Path(tmp) / "memory.db"), None, mode, out))
    skipped = ""
    if neo.ok and neo.uri:
        r = _one_store("neo4j", neo.uri, neo.auth, mode, out)
        neo.created_users.update(r["users"])
        results.append(r)
    else:
        skipped = f"Neo4j rows skipped: {neo.skipped}"
    return _report(results, mode, skipped, now() - t0)


def _report(results: list[dict[str, Any]], mode: str, skipped: str, seconds: float) -> Report:
    rows, cmp_rows, data = [], [], {}
    errors: list[str] = []
    for r in results:
        load: Load = r["load"]
        for route in ("remember", "recall"):
            lat = load.lat[route]
            n_err = sum(1 for e in load.errors if e.startswith(route))
            rows.append([r["store"], route, len(lat), f"{len(lat) / load.seconds:.1f}", fmt_ms(ms(pct(lat, 50))),
                         fmt_ms(ms(pct(lat, 95))), fmt_ms(ms(pct(lat, 99))), n_err])  # fmt: skip
        every = [x for v in load.lat.values() for x in v]
        rows.append([r["store"], "**all**", len(every), f"{len(every) / load.seconds:.1f}", fmt_ms(ms(pct(every, 50))),
                     fmt_ms(ms(pct(every, 95))), fmt_ms(ms(pct(every, 99))), len(load.errors)])  # fmt: skip
        http50, local50 = ms(pct(r["idle_http"], 50)), ms(pct(r["in_process"], 50))
        delta = http50 - local50
        low, high = overhead_interval(r["idle_http"], r["in_process"])
        cmp_rows.append([r["store"], fmt_ms(local50), fmt_ms(http50), fmt_ms(delta), f"{fmt_ms(low)} – {fmt_ms(high)}",
                         "yes" if delta <= TARGET_OVERHEAD_MS else "no", f"{r['lost']} of {r['acked']}"])  # fmt: skip
        data[r["store"]] = {
            "seconds": load.seconds, "errors": load.errors[:20], "n_errors": len(load.errors),
            "lost": r["lost"], "acked_facts": r["acked"],
            "p50_ms": {k: ms(pct(v, 50)) for k, v in load.lat.items()},
            "p95_ms": {k: ms(pct(v, 95)) for k, v in load.lat.items()},
            "p99_ms": {k: ms(pct(v, 99)) for k, v in load.lat.items()},
            "requests": {k: len(v) for k, v in load.lat.items()},
            "recall_p50_in_process_ms": local50, "recall_p50_http_ms": http50,
            "recall_overhead_p50_ms": delta, "recall_overhead_95ci_ms": [low, high],
        }  # fmt: skip
        if load.errors:
            errors.append(f"service load on {r['store']}: {len(load.errors)} errors, first: {load.errors[0]}; "
                          f"server log tail: {r['server_log']}")  # fmt: skip
        if r["lost"]:
            errors.append(f"service load on {r['store']}: {r['lost']} acknowledged facts missing afterwards")
    busy = ", ".join(f"{r['store']} {r['load_avg'][0]:.1f} → {r['load_avg'][1]:.1f}" for r in results)
    md = [
        f"{CLIENTS} concurrent REST clients (one user each, {int(REMEMBER_SHARE * 100)} % remember, "
        f"{100 - int(REMEMBER_SHARE * 100)} % recall k=6, {SEED_FACTS[mode]} seeded facts per user) for "
        f"{SECONDS[mode]:.0f} s per store against `graphmem serve` on loopback, after "
        f"{WARMUP_SECONDS[mode]:.0f} s of the same load on other users, not counted (a server is measured "
        f"warm: a cold JVM spends its first minute compiling); latencies are client-side, "
        f"in ms, with the load generator on the same machine. 1-minute load average before → after "
        f"each run: {busy} (2 cores, shared).",
        "",
        md_table(["store", "route", "requests", "req/s", "p50", "p95", "p99", "errors"], rows),
        "",
        "Recall on the idle server, one request at a time: in-process `Memory.recall` vs the same "
        f"recall through HTTP ({IDLE_RECALLS[mode]} pairs, interleaved, warmed), p50 in ms (target: HTTP within "
        f"{TARGET_OVERHEAD_MS:.0f} ms); 95 % interval = bootstrap interval of the overhead (the pairs resampled), "
        "its sampling noise; lost = acknowledged facts missing when read back after the run.",
        "",
        md_table(
            ["store", "in-process p50", "HTTP p50", "overhead", "95 % interval", "within target", "lost"],
            cmp_rows,
        ),
    ]
    if skipped:
        md += ["", skipped]
    return Report("service", "Service load", "\n".join(md), data=data, seconds=seconds, errors=errors)
