"""Issue 35 §4: a round's results saved one at a time through ``draw.results.record_result`` — the path an
independent harness (and a match link, the API of a club's own tool, a script) takes, without the page around
it — at 1,000 and 5,000 players: the CPU and the wall of each save, and its queries (not a test).

Run: ``.venv/bin/python bench/bench_record_result.py`` (``--sizes 1000,5000``, ``--saves 200``; ``--profile``
prints the 25 costliest functions of the saves). SQLite in a throw-away file by default; PostgreSQL with
``DATABASE_URL`` (the tables of that database are used: give it a database of its own).

The field is built as ``bench/bench_scale.py`` builds it (8 rounds played, the 9th drawn and published); then
``--saves`` results of the 9th round are saved, each in its own transaction, as a secretary's would be.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import bench_scale  # noqa: E402  (the field builder of the big-field benchmark)


def run(players: int, saves: int, profile: bool) -> None:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from draw import manager as draw_manager
    from draw.results import ResultInput, record_result

    t, secretary = bench_scale.build_field(f"record {players}", players, "swiss", 9)
    rng = random.Random(players)
    for number in range(1, 9):
        rnd = draw_manager.draw_round(t, secretary, number, seed=number)
        bench_scale.publish(rnd)
        bench_scale.play(rnd, rng)
        bench_scale.finish_round(rnd)
    rnd = draw_manager.draw_round(t, secretary, 9, seed=9)
    bench_scale.publish(rnd)
    matches = list(rnd.matches.filter(player2__isnull=False).order_by("table").values_list("pk", "version"))
    matches = matches[:saves]
    cpu, wall, queries = [], [], []
    profiler = cProfile.Profile() if profile else None
    for pk, version in matches:
        won = rng.random() < 0.5
        data = ResultInput(
            kind="played", score1=7 if won else rng.randint(0, 6), score2=rng.randint(0, 6) if won else 7
        )
        with CaptureQueriesContext(connection) as captured:
            c0, w0 = time.process_time(), time.perf_counter()
            if profiler:
                profiler.enable()
            record_result(pk, secretary, data, version)
            if profiler:
                profiler.disable()
            wall.append(time.perf_counter() - w0)
            cpu.append(time.process_time() - c0)
        queries.append(len(captured))
    report(players, "record_result", cpu, wall, queries)
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    # The same save through HTTP as the secretary makes it: the result form's POST (its answer is the redirect
    # to the round page, a GET of its own) and the whole-round entry page's row (the row's HTML).
    client = Client()
    client.force_login(secretary)
    client.get(reverse("public:detail", args=[t.pk]))  # warm what is once per process
    rest = list(
        rnd.matches.filter(player2__isnull=False, result_kind="")
        .order_by("table")
        .values_list("pk", "version")
    )
    half = len(rest) // 2
    paths = {
        "result form POST": (
            rest[: min(saves, half)],
            lambda pk: reverse("draw:match_result", args=[t.pk, pk]),
            lambda version: {"kind": "played", "score1": 7, "score2": 3, "version": version},
            {},
            302,
        ),
        "entry row POST": (
            rest[half : half + saves],
            lambda pk: reverse("public:round_entry_row", args=[t.pk, rnd.number, pk]),
            lambda version: {"score1": 7, "score2": 2, "version": version},
            {"HTTP_X_ENTRY_ROW": "1"},
            200,
        ),
    }
    for name, (rows, url, body, headers, status) in paths.items():
        cpu, wall, queries = [], [], []
        profiler = cProfile.Profile() if profile else None
        for pk, version in rows:
            with CaptureQueriesContext(connection) as captured:
                c0, w0 = time.process_time(), time.perf_counter()
                if profiler:
                    profiler.enable()
                response = client.post(url(pk), body(version), **headers)
                if profiler:
                    profiler.disable()
                wall.append(time.perf_counter() - w0)
                cpu.append(time.process_time() - c0)
            assert response.status_code == status, (name, response.status_code)
            queries.append(len(captured))
        report(players, name, cpu, wall, queries)
        if profiler:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)


def report(players: int, name: str, cpu: list[float], wall: list[float], queries: list[int]) -> None:
    ms = lambda xs: statistics.median(xs) * 1000  # noqa: E731
    p95 = lambda xs: sorted(xs)[int(len(xs) * 0.95)] * 1000  # noqa: E731
    print(
        f"{players:>6} players, {name:<17} {len(cpu)} saves: "
        f"CPU median {ms(cpu):.1f} ms, p95 {p95(cpu):.1f} ms; "
        f"wall median {ms(wall):.1f} ms, p95 {p95(wall):.1f} ms; queries {min(queries)}–{max(queries)}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,5000")
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    bench_scale._setup()
    for size in (int(s) for s in args.sizes.split(",")):
        run(size, args.saves, args.profile)


if __name__ == "__main__":
    main()
