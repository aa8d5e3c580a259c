"""Benchmark of the pairing engines (not a test).

Run: ``.venv/bin/python bench/bench_pairing.py`` (from the repository root).

Swiss: a field of N players plays rounds 1-8 paired by the engine itself with random winners (odd
fields get a bye worth 1 point); then round 9 is paired and timed, with its peak memory (tracemalloc,
Python allocations, measured in a second identical call since tracemalloc slows Python down) and
the process's peak RSS. Round robin: the full single-cycle schedule of 500
players through the JSON entry point.
"""

from __future__ import annotations

import random
import resource
import sys
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from draw.pairing import SwissPlayer, handle, pair_swiss  # noqa: E402


def swiss_field_after(n: int, rounds: int, seed: int) -> list[SwissPlayer]:
    rng = random.Random(seed)
    points = {f"p{i}": Fraction(0) for i in range(n)}
    opponents: dict[str, set[str]] = {p: set() for p in points}
    byes = dict.fromkeys(points, 0)
    for r in range(rounds):
        field = [SwissPlayer(p, points[p], frozenset(opponents[p]), byes[p]) for p in points]
        res = pair_swiss(field, seed=f"{seed}-{r}")
        for a, b in res.pairs:
            opponents[a].add(b)
            opponents[b].add(a)
            points[a if rng.random() < 0.5 else b] += 1
        if res.bye:
            byes[res.bye] += 1
            points[res.bye] += 1
    return [SwissPlayer(p, points[p], frozenset(opponents[p]), byes[p]) for p in points]


def bench_swiss(n: int, seed: int = 1) -> None:
    t0 = time.perf_counter()
    field = swiss_field_after(n, 8, seed)
    setup = time.perf_counter() - t0
    t0 = time.perf_counter()
    res = pair_swiss(field, seed=f"{seed}-9")
    dt = time.perf_counter() - t0
    request = {
        "system": "swiss",
        "seed": f"{seed}-9",
        "players": [
            {"id": p.id, "points": float(p.points), "opponents": sorted(p.opponents), "byes": p.byes}
            for p in field
        ],
    }
    t0 = time.perf_counter()
    handle(request)
    dt_json = time.perf_counter() - t0
    # the same (deterministic) call again for the memory figure: tracemalloc slows Python down
    tracemalloc.start()
    pair_swiss(field, seed=f"{seed}-9")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"swiss round 9, {n:>6} players: {dt:7.3f} s (via handle(): {dt_json:.3f} s), "
        f"peak {peak / 2**20:7.1f} MiB (tracemalloc), "
        f"path={res.path}, cost={res.cost}, rematches={res.rematches}  [rounds 1-8: {setup:.1f} s]"
    )


def bench_swiss_knot(n: int) -> None:
    """A hard case for the bound: three players in the middle score group have all met each other."""
    half = (n - 3) // 2
    field = [SwissPlayer(f"h{i}", Fraction(6)) for i in range(half)]
    trio = ["t0", "t1", "t2"]
    field += [SwissPlayer(t, Fraction(5), frozenset(set(trio) - {t})) for t in trio]
    field += [SwissPlayer(f"l{i}", Fraction(4)) for i in range(n - 3 - half)]
    t0 = time.perf_counter()
    res = pair_swiss(field, seed=1)
    dt = time.perf_counter() - t0
    print(f"swiss, {n} players, 3 mutual opponents in the middle group: {dt:.3f} s, path={res.path}")


def bench_round_robin(n: int) -> None:
    players = [f"p{i}" for i in range(n)]
    t0 = time.perf_counter()
    answer = handle({"system": "round_robin", "players": players})
    dt = time.perf_counter() - t0
    tracemalloc.start()
    handle({"system": "round_robin", "players": players})
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"round robin, {n} players, {len(answer['rounds'])} rounds: {dt:.3f} s, "
        f"peak {peak / 2**20:.1f} MiB (tracemalloc)"
    )


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [100, 1000, 10000]
    print(f"python {sys.version.split()[0]}")
    for n in sizes:
        bench_swiss(n)
    bench_swiss_knot(10000)
    bench_round_robin(500)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak RSS: {rss:.0f} MiB")


if __name__ == "__main__":
    main()
