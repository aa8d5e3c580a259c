"""Server time of the standings page and the standings API for a 1,000-participant, 9-round Swiss.

    .venv/bin/python bench/bench_standings.py [--players 1000] [--rounds 9] [--repeat 15]

Builds the tournament quickly (bulk_create: people, participants, one stage, nine published rounds with a
random pairing each and random results, a bye when the field is odd) in a throw-away SQLite database
(or ``DATABASE_URL``'s), then times GET /t/<id>/standings/ and GET /api/tournaments/<id>/standings through
Django's test client (the whole request: middleware, queries, ranking, template) and prints the best,
median and worst wall time, the median CPU time of this process (what the request costs, whatever else
the machine is doing), the number of queries, and the machine's load average.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def build_swiss(players: int, rounds: int = 9, seed: int = 1, name: str = "Швейцарка (бенчмарк)"):
    """A finished-looking Swiss of ``players`` with ``rounds`` published rounds, built with bulk_create."""
    from django.utils import timezone

    from draw.models import Match, Round, Stage
    from registration.models import Participant, Person
    from tournaments.models import Tournament

    rng = random.Random(seed)
    start = datetime.date(2026, 12, 5)
    t = Tournament.objects.create(
        name=name,
        discipline="long",
        system="swiss",
        start_date=start,
        end_date=start,
        rounds=rounds,
        status=Tournament.Status.RUNNING,
        tiebreaks="buchholz,buchholz_cut1,sonneborn_berger,wins,progressive",
    )
    tag = f"{t.pk}-{seed}"
    people = Person.objects.bulk_create(
        Person(surname=f"Игрок{tag}-{i:05d}", name="Иван", organisation=f"Клуб {i % 40}", region="Москва")
        for i in range(players)
    )
    field = Participant.objects.bulk_create(
        Participant(tournament=t, person=p, seed=i + 1) for i, p in enumerate(people)
    )
    stage = Stage.objects.create(tournament=t, number=1, kind=Stage.Kind.MAIN, system="swiss")
    now = timezone.now()
    round_objs = Round.objects.bulk_create(
        Round(
            tournament=t,
            stage=stage,
            number=n,
            status=Round.Status.FINISHED,
            seed=n,
            published_at=now,
            finished_at=now,
        )
        for n in range(1, rounds + 1)
    )
    matches = []
    for rnd in round_objs:
        order = field[:]
        rng.shuffle(order)
        bye = order.pop() if len(order) % 2 else None
        for table, i in enumerate(range(0, len(order), 2), start=1):
            a, b = order[i], order[i + 1]
            loser = rng.randrange(0, 7)
            first_wins = rng.random() < 0.5
            matches.append(
                Match(
                    round=rnd,
                    table=table,
                    player1=a,
                    player2=b,
                    match_length=7,
                    score1=7 if first_wins else loser,
                    score2=loser if first_wins else 7,
                    winner=a if first_wins else b,
                    result_kind="played",
                    ended_at=now - datetime.timedelta(hours=1),
                )
            )
        if bye is not None:
            matches.append(
                Match(
                    round=rnd,
                    table=len(order) // 2 + 1,
                    player1=bye,
                    match_length=7,
                    winner=bye,
                    result_kind="bye",
                    flags=["bye"],
                    ended_at=now,
                )
            )
    Match.objects.bulk_create(matches, batch_size=2000)
    return t


def environment() -> None:
    """The settings of ``setup_django`` in the environment, before Django is set up (a benchmark that starts
    processes of its own gives them the same)."""
    if "DATABASE_URL" not in os.environ:
        os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 40)
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")
    os.environ.setdefault("SECURE_SSL_REDIRECT", "0")


def setup_django() -> None:
    """Django for a benchmark served through the test client: a fresh SQLite file unless ``DATABASE_URL``
    is set, production-like settings (``DEBUG=0``) without the HTTPS redirect (the test client speaks plain
    HTTP; the proxy terminates TLS), migrated. Shared by bench_standings, bench_api and bench_exports."""
    environment()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    setup_django()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    began = time.perf_counter()
    t = build_swiss(args.players, args.rounds)
    print(f"built {args.players} participants × {args.rounds} rounds in {time.perf_counter() - began:.2f} s")
    client = Client()
    for label, url in (
        ("standings page", f"/t/{t.pk}/standings/"),
        ("standings API ", f"/api/tournaments/{t.pk}/standings"),
    ):
        client.get(url)  # warm up: templates, translations
        times, cpu = [], []
        for _ in range(args.repeat):
            with CaptureQueriesContext(connection) as queries:
                began, began_cpu = time.perf_counter(), time.process_time()
                response = client.get(url)
                times.append((time.perf_counter() - began) * 1000)
                cpu.append((time.process_time() - began_cpu) * 1000)
            assert response.status_code == 200, response.status_code
        print(
            f"{label}: wall best {min(times):.0f} / median {statistics.median(times):.0f} / worst "
            f"{max(times):.0f} ms; CPU median {statistics.median(cpu):.0f} ms; {len(queries)} queries; "
            f"{len(response.content) // 1024} KiB ({connection.vendor})"
        )
    # Other processes on the machine slow every figure: say how busy it was.
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
