"""Worst cases of the Swiss engine: knotted late rounds (not a test).

Run from the repository root:

    .venv/bin/python bench/bench_swiss_worst.py                 # constructions + events, 200-10,000
    .venv/bin/python bench/bench_swiss_worst.py --sizes 200 1000 --seeds 2 --rounds 20
    .venv/bin/python bench/bench_swiss_worst.py --cli           # the constructions through the CLI too

1. Constructions (the issue's): 50 players on 20 points; two who met, alone on 19; the rest on 10;
   two who met, alone on 1; 50 on 0. And the leaders' knot: the top k players have all met each
   other (k = 9), the rest spread over 20 score groups. Timed with ``pair_swiss``; peak memory by
   tracemalloc in a second identical call; with ``--cli`` also ``python -m draw.pairing`` on the JSON
   request (wall time and the child's peak RSS).
2. Events: N players play R rounds, each round paired by the engine, results by one of three
   models: ``strong`` (the stronger player always wins: the knots of the issue), ``logistic``
   (Elo-like, ratings 1000-2000 spread evenly), ``coin`` and ``draws`` (a coin, 30% draws for half
   a point each: more, smaller score groups). Odd fields get a bye worth a win.
   Every round is timed; the table gives per model and size the slowest round, the total, the
   paths taken and the peak memory of the slowest round (tracemalloc, re-run).
3. "Swiss until N losses" events (N = 3 and 5 by default) played to the end, every round timed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
import tracemalloc
from collections import Counter
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from draw.pairing import SwissPlayer, pair_swiss  # noqa: E402


def two_knots(n: int) -> list[SwissPlayer]:
    """The issue's minimal construction: 50 on 20, a knot of 2 on 19, the rest on 10, 2 on 1, 50 on 0."""
    ps = [SwissPlayer(f"t{i}", Fraction(20)) for i in range(50)]
    ps += [SwissPlayer(x, Fraction(19), frozenset({y})) for x, y in (("x1", "x2"), ("x2", "x1"))]
    ps += [SwissPlayer(f"m{i}", Fraction(10)) for i in range(n - 104)]
    ps += [SwissPlayer(x, Fraction(1), frozenset({y})) for x, y in (("y1", "y2"), ("y2", "y1"))]
    ps += [SwissPlayer(f"b{i}", Fraction(0)) for i in range(50)]
    return ps


def leaders_knot(n: int, k: int = 9) -> list[SwissPlayer]:
    """The top k (odd) have all met each other; the others spread over scores 0-19, no opponents."""
    leaders = [f"L{i}" for i in range(k)]
    ps = [SwissPlayer(x, Fraction(20), frozenset(set(leaders) - {x})) for x in leaders]
    ps += [SwissPlayer(f"p{i}", Fraction(i % 20)) for i in range(n - k)]
    return ps


def request_of(players: list[SwissPlayer], seed: int) -> dict:
    return {
        "system": "swiss",
        "seed": seed,
        "players": [
            {"id": p.id, "points": str(p.points), "opponents": sorted(p.opponents), "byes": p.byes}
            for p in players
        ],
    }


def run_cli(players: list[SwissPlayer]) -> tuple[float, float, int]:
    """Wall time, peak RSS (MiB) of ``python -m draw.pairing`` on the request, and its exit code."""
    data = json.dumps(request_of(players, 1))
    t0 = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    p = subprocess.run(
        [sys.executable, "-m", "draw.pairing"],
        input=data,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    dt = time.perf_counter() - t0
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return dt, max(rss, before) / 1024, p.returncode


CLUBS = 0  # --clubs: players get one of this many clubs and the engine avoids club mates
DOMINANT = 0.0  # --dominant: this share of the players is in club 0


def timed(players: list[SwissPlayer], seed: str | int) -> tuple[float, object]:
    t0 = time.perf_counter()
    res = pair_swiss(players, seed=seed, allow_rematches=True, avoid_same_club=CLUBS > 0)
    return time.perf_counter() - t0, res


def peak_mib(players: list[SwissPlayer], seed: str | int) -> float:
    tracemalloc.start()
    pair_swiss(players, seed=seed, allow_rematches=True, avoid_same_club=CLUBS > 0)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20


def constructions(sizes: list[int], cli: bool) -> None:
    print("constructions (pair_swiss; peak by tracemalloc):")
    for name, build in (("two knots (issue)", two_knots), ("leaders' knot of 9", leaders_knot)):
        for n in sizes:
            players = build(n)
            dt, res = timed(players, 1)
            line = (
                f"  {name:<20} {n:>6} players: {dt:7.3f} s, peak {peak_mib(players, 1):6.1f} MiB, "
                f"path={res.path}, cost={res.cost}"  # type: ignore[attr-defined]
            )
            if cli:
                wall, rss, code = run_cli(players)
                line += f"  | CLI {wall:.2f} s, peak RSS <= {rss:.0f} MiB, exit {code}"
            print(line, flush=True)


def winner(model: str, a: int, b: int, rng: random.Random, n: int) -> bool | None:
    """True when player index a beats b (a lower index is stronger); None for a draw (half points)."""
    if model == "strong":
        return a < b
    if model == "coin":
        return rng.random() < 0.5
    if model == "draws":
        return None if rng.random() < 0.3 else rng.random() < 0.5
    ra, rb = 2000 - 1000 * a / n, 2000 - 1000 * b / n
    return rng.random() < 1 / (1 + 10 ** ((rb - ra) / 400))


def event(n: int, rounds: int, model: str, seed: int) -> dict:
    rng = random.Random(f"{model}/{n}/{seed}")
    ids = [f"p{i}" for i in range(n)]
    index = {p: i for i, p in enumerate(ids)}
    points = dict.fromkeys(ids, Fraction(0))
    met: dict[str, set[str]] = {p: set() for p in ids}
    byes = dict.fromkeys(ids, 0)
    worst = (0.0, 0, None)
    total = 0.0
    paths: Counter = Counter()
    rematches = same_club = 0
    club_rng = random.Random(f"clubs/{n}/{seed}")
    club = {
        p: (None if not CLUBS else "c0" if club_rng.random() < DOMINANT else f"c{club_rng.randrange(CLUBS)}")
        for p in ids
    }
    for r in range(rounds):
        field = [SwissPlayer(p, points[p], frozenset(met[p]), byes[p], club=club[p]) for p in ids]
        dt, res = timed(field, f"{seed}/{r}")
        total += dt
        paths[res.path] += 1  # type: ignore[attr-defined]
        rematches += res.rematches  # type: ignore[attr-defined]
        same_club += res.same_club  # type: ignore[attr-defined]
        if dt > worst[0]:
            worst = (dt, r + 1, field)
        for a, b in res.pairs:  # type: ignore[attr-defined]
            met[a].add(b)
            met[b].add(a)
            won = winner(model, index[a], index[b], rng, n)
            if won is None:
                points[a] += Fraction(1, 2)
                points[b] += Fraction(1, 2)
            else:
                points[a if won else b] += 1
        if res.bye:  # type: ignore[attr-defined]
            byes[res.bye] += 1
            points[res.bye] += 1
    peak = peak_mib(worst[2], f"{seed}/{worst[1] - 1}")  # type: ignore[arg-type]
    return {
        "worst": worst[0],
        "round": worst[1],
        "total": total,
        "paths": paths,
        "peak": peak,
        "rematches": rematches,
        "same_club": same_club,
    }


def until_losses(n: int, max_losses: int, model: str, seed: int) -> dict:
    """A "Swiss until N losses" event played to the end (rematches allowed when unavoidable)."""
    rng = random.Random(f"losses/{model}/{n}/{seed}")
    ids = [f"p{i}" for i in range(n)]
    index = {p: i for i, p in enumerate(ids)}
    points = dict.fromkeys(ids, Fraction(0))
    met: dict[str, set[str]] = {p: set() for p in ids}
    byes = dict.fromkeys(ids, 0)
    losses = dict.fromkeys(ids, 0)
    worst, total, rounds = 0.0, 0.0, 0
    paths: Counter = Counter()
    while sum(1 for p in ids if losses[p] < max_losses) > 1:
        field = [SwissPlayer(p, points[p], frozenset(met[p]), byes[p], losses=losses[p]) for p in ids]
        t0 = time.perf_counter()
        res = pair_swiss(field, seed=f"{seed}/{rounds}", allow_rematches=True, max_losses=max_losses)
        dt = time.perf_counter() - t0
        worst, total, rounds = max(worst, dt), total + dt, rounds + 1
        paths[res.path] += 1
        for a, b in res.pairs:
            met[a].add(b)
            met[b].add(a)
            won = winner(model if model != "draws" else "coin", index[a], index[b], rng, n)
            w, lo = (a, b) if won else (b, a)
            points[w] += 1
            losses[lo] += 1
        if res.bye:
            byes[res.bye] += 1
            points[res.bye] += 1
    return {"worst": worst, "total": total, "rounds": rounds, "paths": paths}


def losses_events(sizes: list[int], models: list[str], max_losses: list[int]) -> None:
    print("Swiss until N losses, played to the end (pair_swiss per round):")
    for model in models:
        for n in sizes:
            for k in max_losses:
                e = until_losses(n, k, model, 0)
                paths = ", ".join(f"{p} {c}" for p, c in sorted(e["paths"].items()))
                print(
                    f"  {model:<8} {n:>6} players until {k} losses: {e['rounds']} rounds, slowest "
                    f"{e['worst']:6.3f} s, all rounds {e['total']:6.2f} s; paths: {paths}",
                    flush=True,
                )


def events(sizes: list[int], rounds: int, seeds: int, models: list[str]) -> None:
    print(f"events of {rounds} rounds, {seeds} seed(s) each (pair_swiss per round):")
    for model in models:
        for n in sizes:
            for seed in range(seeds):
                e = event(n, rounds, model, seed)
                paths = ", ".join(f"{k} {v}" for k, v in sorted(e["paths"].items()))
                print(
                    f"  {model:<8} {n:>6} players seed {seed}: slowest round {e['round']:>2} "
                    f"{e['worst']:6.3f} s (peak {e['peak']:5.1f} MiB), all rounds {e['total']:6.2f} s, "
                    f"rematches {e['rematches']}, club mates {e['same_club']}; paths: {paths}",
                    flush=True,
                )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="*", default=[200, 500, 1000, 2000, 5000, 10000])
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--seeds", type=int, default=1)
    ap.add_argument("--models", nargs="*", default=["strong", "logistic", "coin", "draws"])
    ap.add_argument("--cli", action="store_true")
    ap.add_argument("--clubs", type=int, default=0, help="players in this many clubs, avoid_same_club")
    ap.add_argument("--dominant", type=float, default=0.0, help="share of the players in one club")
    ap.add_argument("--no-events", action="store_true")
    ap.add_argument("--losses", type=int, nargs="*", default=[3, 5], help="until N losses (none: skip)")
    args = ap.parse_args()
    global CLUBS, DOMINANT
    CLUBS, DOMINANT = args.clubs, args.dominant
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores")
    constructions([n for n in (1000, 2000, 10000) if n >= 200], args.cli)
    if not args.no_events:
        events(args.sizes, args.rounds, args.seeds, args.models)
    if args.losses:
        losses_events(args.sizes, args.models, args.losses)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak RSS (the whole run): {rss:.0f} MiB")


if __name__ == "__main__":
    main()
