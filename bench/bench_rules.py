"""Benchmark of the rules core (not a test).

Run: ``.venv/bin/python bench/bench_rules.py`` (from the repository root).

1. Legal plays: positions reached by random legal play (seeded), 600 per discipline; for each, one
   non-double and one double roll are timed (best of 3 calls each, to take out scheduler noise); the
   median, 95th percentile and maximum over the positions are printed. Targets: < 1 ms non-doubles,
   < 5 ms doubles (median).
2. Validation: a 25-point match played by random legal plays with the cube (``rules_core.simulate``),
   written with the package's own .mat writer, then ``validate_record`` on the text is timed (median of
   5 runs). Target: < 0.5 s for about 1,000 plays.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_core import legal_plays, start_position, validate_record, write_mat  # noqa: E402
from rules_core.simulate import random_match  # noqa: E402


def sample_positions(discipline: str, n: int, seed: int):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = start_position(discipline)
        rolled = {0: False, 1: False}
        for ply in range(300):
            side = ply % 2
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(pos, dice, discipline, first_roll=not rolled[side], moves_second=side == 1)
            rolled[side] = True
            if plays:
                pos = rng.choice(plays).position
            if pos.off[0] == 15:
                break
            if ply % 4 == 1:
                out.append(pos.flipped(discipline))
            pos = pos.flipped(discipline)
    return out[:n]


def time_call(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def bench_plays(discipline: str) -> None:
    rng = random.Random(7)
    positions = sample_positions(discipline, 600, 2026)
    for label, doubles in (("non-doubles", False), ("doubles", True)):
        times = []
        for pos in positions:
            if doubles:
                d = rng.randint(1, 6)
                dice = (d, d)
            else:
                a, b = rng.sample(range(1, 7), 2)
                dice = (a, b)
            times.append(time_call(lambda pos=pos, dice=dice: legal_plays(pos, dice, discipline)) * 1000)
        times.sort()
        p95 = times[int(len(times) * 0.95)]
        print(
            f"legal plays  {discipline:5s} {label:11s}: median {statistics.median(times):.3f} ms, "
            f"p95 {p95:.3f} ms, max {times[-1]:.3f} ms  ({len(times)} positions)"
        )


def bench_validate(discipline: str, seed: int) -> None:
    record = random_match(discipline, 25, seed, cube_rate=0.02)
    text = write_mat(record)
    plays = sum(1 for g in record.games for a in g.actions if a.kind == "roll")
    times = []
    for _ in range(5):
        t = time.perf_counter()
        report = validate_record(text, discipline)
        times.append(time.perf_counter() - t)
    assert report.valid, report.findings[:3]
    print(
        f"validate     {discipline:5s} 25-point match, {len(record.games)} games, {plays} plays: "
        f"median {statistics.median(times):.3f} s ({1000 * statistics.median(times) / plays:.3f} ms/play)"
    )


def main() -> None:
    print(f"Python {sys.version.split()[0]}")
    for discipline in ("short", "long"):
        bench_plays(discipline)
    bench_validate("short", 14)  # seeds chosen to give about 1,000 plays
    bench_validate("long", 17)


if __name__ == "__main__":
    main()
