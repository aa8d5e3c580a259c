"""The federation's rating at scale (issue 31 §3). Three measurements, each printed with its figure:

    .venv/bin/python bench/bench_rating.py --core [--players 100000 --matches 1000000]
    .venv/bin/python bench/bench_rating.py --event [--field 500 --rounds 9 --before 4]
    .venv/bin/python bench/bench_rating.py --pages [--persons 100000]

``--core``: the whole history recomputed from the API's export format by the command line a federation runs
(``python -m federation.rating recompute --input FILE``): wall time and the child's peak RSS (target < 60 s,
< 1 GB). ``--event``: an event of ``--field`` players finished (``manager.event_finished``: its places from
the final standings and its list replayed from it) after ``--before`` earlier events of the same size: the
wall and CPU time of the finish's rating work (target < 1 s). ``--pages``: a person page and a list page at
``--persons`` rated people through Django's test client: median wall and CPU time and the query count (target
< 100 ms). A fresh SQLite database unless DATABASE_URL is set.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

LENGTHS = (1, 3, 5, 7, 9, 11, 13)


def core(players: int, matches: int) -> None:
    rnd = random.Random(1)
    skill = [rnd.gauss(1500, 250) for _ in range(players)]
    path = Path(tempfile.mkdtemp()) / "history.json"
    t0 = time.perf_counter()
    rows = []
    for m in range(matches):
        a, b = rnd.randrange(players), rnd.randrange(players - 1)
        b += b >= a
        n = rnd.choice(LENGTHS)
        p = 1 / (10 ** ((skill[b] - skill[a]) * n**0.5 / 2000) + 1)
        rows.append([str(m), str(a), str(b), 1 if rnd.random() < p else 2, n])
    path.write_text(json.dumps({"discipline": "long", "formula": {"name": "fibs"}, "matches": rows}))
    del rows
    print(
        f"history: {players:,} players, {matches:,} matches, {path.stat().st_size / 2**20:.0f} MiB JSON "
        f"(made in {time.perf_counter() - t0:.1f} s)"
    )
    t0 = time.perf_counter()
    p = subprocess.run(
        [sys.executable, "-m", "federation.rating", "recompute", "--input", str(path)],
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    wall = time.perf_counter() - t0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak, cpu = usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime
    out = json.loads(p.stdout)
    print(
        f"recompute (python -m federation.rating): {wall:.1f} s wall, {cpu:.1f} s CPU, peak {peak:.0f} MiB, "
        f"{len(out['ratings']):,} players rated; load {os.getloadavg()[0]:.1f}"
    )
    from federation.rating import Game, replay

    games = [Game(*r) for r in json.loads(path.read_text())["matches"]]
    t0, c0 = time.perf_counter(), time.process_time()
    replay(games, keep_changes=True)
    print(
        f"the replay alone, keeping every change: {time.perf_counter() - t0:.1f} s wall, "
        f"{time.process_time() - c0:.1f} s CPU"
    )


def setup_django() -> None:
    from bench.bench_standings import setup_django as setup

    setup()


def event(field: int, rounds: int, before: int) -> None:
    setup_django()
    from bench.bench_standings import build_swiss
    from federation import manager
    from federation.models import RatingChange
    from registration.models import Participant, Person
    from tournaments.models import Tournament

    events = []
    first = build_swiss(field, rounds, seed=1)
    pool = list(Person.objects.filter(participations__tournament=first))
    events.append(first)
    for i in range(1, before + 1):
        t = build_swiss(field, rounds, seed=i + 1)
        # The same people play again: move the new event's participants onto the first event's people.
        parts = list(Participant.objects.filter(tournament=t).order_by("pk"))
        for part, person in zip(parts, pool, strict=False):
            part.person = person
        Participant.objects.bulk_update(parts, ["person"])
        events.append(t)
    for i, t in enumerate(events):
        Tournament.objects.filter(pk=t.pk).update(
            status=Tournament.Status.FINISHED,
            start_date=t.start_date.replace(day=1 + i),
            end_date=t.start_date.replace(day=1 + i),
        )
    *earlier, last = [Tournament.objects.get(pk=t.pk) for t in events]
    for t in earlier:
        manager.event_finished(t)
    times = []
    for _ in range(3):
        t0, c0 = time.perf_counter(), time.process_time()
        manager.event_finished(last)
        times.append((time.perf_counter() - t0, time.process_time() - c0))
    n = RatingChange.objects.filter(tournament=last).count() // 2
    wall, cpu = min(times)
    print(
        f"event of {field} players, {rounds} rounds ({n:,} rated matches) finished after {before} earlier: "
        f"{wall:.2f} s wall, {cpu:.2f} s CPU (best of 3; load {os.getloadavg()[0]:.1f})"
    )


def pages(persons: int) -> None:
    setup_django()
    import datetime

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from federation.models import EventPlace, Rating, RatingChange
    from registration.models import Person
    from tournaments.models import Tournament

    rnd = random.Random(2)
    t0 = time.perf_counter()
    people = Person.objects.bulk_create(
        (
            Person(surname=f"Игрок{i:06d}", name="Иван", region="Москва", organisation=f"Клуб {i % 300}")
            for i in range(persons)
        ),
        batch_size=5000,
    )
    Rating.objects.bulk_create(
        (
            Rating(
                discipline="long", person=p, rating=rnd.gauss(1500, 200), experience=500, matches=80, seq=0
            )
            for p in people
        ),
        batch_size=5000,
    )
    # One person with a long history: 60 events, 9 matches each.
    star = people[0]
    events = Tournament.objects.bulk_create(
        Tournament(
            name=f"Турнир {i}",
            discipline="long",
            system="swiss",
            status="finished",
            start_date=datetime.date(2020, 1, 1) + datetime.timedelta(days=20 * i),
            end_date=datetime.date(2020, 1, 2) + datetime.timedelta(days=20 * i),
            venue="Москва",
        )
        for i in range(60)
    )
    EventPlace.objects.bulk_create(
        EventPlace(person=star, tournament=t, place=i % 9 + 1, place_label=str(i % 9 + 1))
        for i, t in enumerate(events)
    )
    r, seq, changes = 1500.0, 0, []
    for t in events:
        for _ in range(9):
            seq += 1
            after = r + rnd.uniform(-8, 8)
            changes.append(
                RatingChange(
                    discipline="long",
                    seq=seq,
                    person=star,
                    opponent=people[seq],
                    tournament=t,
                    won=after > r,
                    length=7,
                    before=r,
                    after=after,
                    experience=seq * 7,
                    matches=seq,
                    expected=0.5,
                )
            )
            r = after
    RatingChange.objects.bulk_create(changes)
    print(
        f"{persons:,} persons rated, one with {len(changes)} rated matches in 60 events "
        f"(built in {time.perf_counter() - t0:.1f} s)"
    )
    client = Client()
    for name, url in (
        ("person page (540 matches, 60 events)", reverse("federation:person", args=[star.pk])),
        ("person page (no events)", reverse("federation:person", args=[people[-1].pk])),
        ("live list, page 1", reverse("federation:live_list", args=["long"])),
        ("live list, page 500", reverse("federation:live_list", args=["long"]) + "?page=500"),
        ("search «игрок0999»", reverse("federation:people") + "?q=игрок0999"),
    ):
        client.get(url)
        walls, cpus = [], []
        for _ in range(15):
            t0, c0 = time.perf_counter(), time.process_time()
            assert client.get(url).status_code == 200
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
        with CaptureQueriesContext(connection) as ctx:
            client.get(url)
        print(
            f"{name}: median {statistics.median(walls) * 1000:.0f} ms wall, "
            f"{statistics.median(cpus) * 1000:.0f} ms CPU, "
            f"{len(ctx.captured_queries)} queries (load {os.getloadavg()[0]:.1f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--core", action="store_true")
    parser.add_argument("--event", action="store_true")
    parser.add_argument("--pages", action="store_true")
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--matches", type=int, default=1_000_000)
    parser.add_argument("--field", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--before", type=int, default=4)
    parser.add_argument("--persons", type=int, default=100_000)
    args = parser.parse_args()
    if not (args.core or args.event or args.pages):
        parser.error("say what to measure: --core, --event, --pages")
    if args.core:
        core(args.players, args.matches)
    if args.event:
        event(args.field, args.rounds, args.before)
    if args.pages:
        pages(args.persons)


if __name__ == "__main__":
    main()
