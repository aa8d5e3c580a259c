"""A series' standings (issue 32 §2): recomputed for 5 stages × 256 players in under 1 s.

    .venv/bin/python bench/bench_series.py [--players 256] [--stages 5] [--rounds 9]
    DATABASE_URL=postgres://… .venv/bin/python bench/bench_series.py

1. The pure core (``season.scoring.standings``) over generated stages, three rules (the sum of wins; a
   place table less the worst with a missed stage as the worst; match points with a final outside the cap):
   CPU seconds, median of 5.
2. The whole recompute from the database (``season.manager.series_standings``): ``--stages`` Swiss events of
   ``--players`` × ``--rounds`` (the last one running, live), places written at the finish as the register
   writes them; cold (every stage's standings computed afresh) and warm (the stages' standings kept per
   version, as between two results), and the series page through Django's test client: wall and CPU
   seconds, median of 5, and the queries. On a throw-away SQLite database unless ``DATABASE_URL``.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def core(players: int, stages: int) -> None:
    from season import scoring

    rng = random.Random(32)
    people = [f"p{i}" for i in range(players)]
    made = []
    for k in range(stages):
        field = [p for p in people if rng.random() < 0.9]  # a tenth miss each stage
        rng.shuffle(field)
        made.append(
            scoring.Stage(
                str(k),
                tuple(
                    scoring.StageResult(
                        p, i + 1, wins=rng.randrange(10), points=Fraction(rng.randrange(19), 2)
                    )
                    for i, p in enumerate(field)
                ),
                final=k == stages - 1,
            )
        )
    table = tuple(Fraction(x) for x in range(100, 0, -2))
    rules = {
        "sum of wins": scoring.Rule(scoring="wins"),
        "place table, less the worst (missed = worst)": scoring.Rule(
            scoring="place_table", place_points=table, drop_worst=1, missed_is_worst=True, min_stages=2
        ),
        "match points, final outside the cap": scoring.Rule(
            scoring="match_points", drop_worst=1, final="outside_cap"
        ),
    }
    for name, rule in rules.items():
        cpus = []
        for _ in range(5):
            c0 = time.process_time()
            rows = scoring.standings(rule, made)
            cpus.append(time.process_time() - c0)
        print(
            f"core, {stages} stages × {players} players, {name}: "
            f"{statistics.median(cpus) * 1000:.1f} ms CPU ({len(rows)} rows)"
        )


def whole(players: int, stages: int, rounds: int) -> None:
    if not os.environ.get("DATABASE_URL"):
        workdir = tempfile.mkdtemp(prefix="bench-series-")
        os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost")
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    call_command("migrate", verbosity=0)
    from federation.manager import write_places
    from season.manager import series_standings
    from season.models import Season, Series, SeriesStage
    from standings.ranking import forget_computed
    from tests.federation.builders import finished_event, people
    from tournaments.models import Tournament

    stamp = time.monotonic_ns()
    user = User.objects.create_user(f"bench-{stamp}")
    field = people(players)
    season = Season.objects.get_or_create(year=2026)[0]
    series = Series.objects.create(season=season, name=f"Кубок {stamp}", scoring="wins", drop_worst=1)
    t0 = time.perf_counter()
    for k in range(stages):
        last = k == stages - 1
        status = Tournament.Status.RUNNING if last else Tournament.Status.FINISHED
        who = [p for i, p in enumerate(field) if (i + k) % 10]  # a tenth miss each stage
        t = finished_event(
            user,
            who,
            end=datetime.date(2026, 2 + k, 10),
            rounds=rounds,
            seed=k,
            status=status,
            name=f"Этап {k + 1}",
        )
        if not last:
            write_places(t)
        SeriesStage.objects.create(series=series, number=k + 1, tournament=t)
    print(
        f"built {stages} events of ~{players} players × {rounds} rounds in {time.perf_counter() - t0:.1f} s"
    )

    def measure(label: str, fn, cold: bool) -> None:
        walls, cpus, queries = [], [], 0
        for _ in range(5):
            if cold:
                forget_computed()
            with CaptureQueriesContext(connection) as q:
                w0, c0 = time.perf_counter(), time.process_time()
                fn()
                walls.append(time.perf_counter() - w0)
                cpus.append(time.process_time() - c0)
            queries = len(q)
        print(
            f"{label}: median {statistics.median(walls):.3f} s wall, {statistics.median(cpus):.3f} s CPU, "
            f"{queries} queries"
        )

    st = series_standings(series)
    assert len(st.rows) == players and st.live
    measure(
        f"series standings, {stages} stages × {players} players, cold", lambda: series_standings(series), True
    )
    measure(
        f"series standings, {stages} stages × {players} players, warm",
        lambda: series_standings(series),
        False,
    )
    client = Client()
    url = f"/series/{series.pk}/"

    def page() -> None:
        assert client.get(url).status_code == 200

    measure("series page, cold", page, True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--stages", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    core(args.players, args.stages)
    whole(args.players, args.stages, args.rounds)


if __name__ == "__main__":
    main()
