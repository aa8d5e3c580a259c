"""Entry fees and prize money (issue 34): the pure prize distribution over a big field with shared places,
and the officials' payments page of a big event.

    .venv/bin/python bench/bench_fees.py [--finishers 10000] [--entries 500]
    DATABASE_URL=postgres://… .venv/bin/python bench/bench_fees.py

1. ``fees.money.award`` over ``--finishers`` players in random tie groups (1–8 sharing a range), 100 place
   prizes and 3 special prizes, each rule (equal shares, the Hort system): CPU seconds, and the sum checked
   against the fund to the kopeck.
2. The payments page (``/t/<id>/payments/``) of ``--entries`` participants, half of them paid, through
   Django's test client on a throw-away SQLite database (or ``DATABASE_URL``'s): wall and CPU seconds and
   the number of queries, median of 5.
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


def core(n: int) -> None:
    from fees import money

    rng = random.Random(34)
    finishers, place = [], 1
    while place <= n:
        size = min(rng.choice([1, 1, 1, 2, 2, 3, 4, 8]), n - place + 1)
        finishers += [money.Finisher(f"p{place + i}", place, place + size - 1) for i in range(size)]
        place += size
    prizes = sorted((rng.randrange(0, 10**7) for _ in range(100)), reverse=True)
    keys = [f.key for f in finishers]
    specials = [
        money.Special("woman", 500_000, tuple(keys[::7])),
        money.Special("junior", 300_000, tuple(keys[3::11])),
        money.Special("region", 200_000, tuple(keys[5::13])),
    ]
    for rule in money.SHARE_RULES:
        t0 = time.process_time()
        d = money.award(prizes, finishers, specials, rule)
        cpu = time.process_time() - t0
        assert sum(p.amount for p in d.payouts) + d.unawarded == money.fund(prizes, specials)
        print(
            f"award, {n} finishers, rule {rule}: {cpu:.3f} s CPU, {len(d.payouts)} payouts, "
            "exact to the kopeck"
        )


def page(n: int) -> None:
    if not os.environ.get("DATABASE_URL"):
        workdir = tempfile.mkdtemp(prefix="bench-fees-")
        os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    call_command("migrate", verbosity=0)
    from django.contrib.auth.models import User

    from fees import manager
    from fees.models import FeeSchedule
    from registration.models import Official, Participant, Person
    from tournaments.models import Tournament

    stamp = time.monotonic_ns()
    secretary = User.objects.create_user(f"sec-{stamp}", password="pw")
    t = Tournament.objects.create(
        name=f"Кубок ({stamp})",
        discipline="long",
        system="swiss",
        start_date=datetime.date(2026, 12, 5),
        end_date=datetime.date(2026, 12, 6),
        created_by=secretary,
    )
    me = Person.objects.create(surname="Секретарь", name="С", user=secretary)
    Official.objects.create(tournament=t, person=me, role=Official.Role.CHIEF_SECRETARY)
    people = Person.objects.bulk_create(
        [
            Person(surname=f"Игрок{i:05d}-{stamp}", name="Иван", birth_date=datetime.date(1990, 1, 1))
            for i in range(n)
        ]
    )
    Participant.objects.bulk_create(
        [Participant(tournament=t, person=p, seed=i + 1) for i, p in enumerate(people)]
    )
    FeeSchedule.objects.create(tournament=t, base=500_000, women=300_000)
    for p in people[::2]:
        manager.pay(t, p.pk, None, "cash", secretary)
    client = Client()
    client.force_login(secretary)
    url = f"/t/{t.pk}/payments/"
    walls, cpus, queries = [], [], 0
    for _ in range(5):
        with CaptureQueriesContext(connection) as q:
            w0, c0 = time.perf_counter(), time.process_time()
            answer = client.get(url)
            walls.append(time.perf_counter() - w0)
            cpus.append(time.process_time() - c0)
        assert answer.status_code == 200
        queries = len(q)
    print(
        f"payments page, {n} entries (half paid): median {statistics.median(walls):.3f} s wall, "
        f"{statistics.median(cpus):.3f} s CPU, {queries} queries"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--finishers", type=int, default=10_000)
    parser.add_argument("--entries", type=int, default=500)
    args = parser.parse_args()
    core(args.finishers)
    page(args.entries)


if __name__ == "__main__":
    main()
