"""Bulk admission (issue 28 §4: "120 entries take 15 s with only the browser's spinner"): the commission
ticks every entry of the list and admits them with the documents seen, in one request.

    .venv/bin/python bench/bench_bulk_admission.py [--entries 120] [--runs 3] [--profile]
    DATABASE_URL=postgres://… .venv/bin/python bench/bench_bulk_admission.py

Builds a throw-away SQLite database (or uses ``DATABASE_URL``'s), a tournament whose chief secretary and
chief judge are accredited, ``--entries`` pending entries of people with their organisation (a few of them
under age, so the refused ones are listed as on a real day), then times the request the list's button sends
(``registration:entries_bulk``, admitted, the three documents ticked) through Django's test client: wall and
CPU seconds and the number of queries, per run (each run on a fresh tournament). ``--profile`` prints the 25
costliest functions of the first run.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _setup() -> None:
    if not os.environ.get("DATABASE_URL"):
        workdir = tempfile.mkdtemp(prefix="bench-bulk-")
        os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("compilemessages", "--ignore=.venv", verbosity=0)


def build(n: int, run: int):
    from django.contrib.auth.models import User

    from registration.models import Entry, Official, Person
    from tournaments.models import Tournament

    start = datetime.date(2026, 12, 5)
    stamp = f"{run}-{time.monotonic_ns()}"
    secretary = User.objects.create_user(f"sec-{stamp}", password="pw")
    t = Tournament.objects.create(
        name=f"Кубок федерации ({stamp})",
        discipline="long",
        system="swiss",
        start_date=start,
        end_date=start + datetime.timedelta(days=1),
        venue="Москва",
        created_by=secretary,
    )
    person = Person.objects.create(surname="Секретарёва", name="Анна", patronymic=stamp, user=secretary)
    Official.objects.create(tournament=t, person=person, role=Official.Role.CHIEF_SECRETARY)
    for i in range(n):
        born = datetime.date(2010, 5, 1) if i % 40 == 7 else datetime.date(1970, 1, 1) + datetime.timedelta(i)
        someone = Person.objects.create(
            surname=f"Допущенов{i:04d}", name="Пётр", patronymic=stamp, birth_date=born, gender="male"
        )
        Entry.objects.create(
            tournament=t,
            person=someone,
            organisation="Клуб «Шеш-беш»",
            region="Москва",
            disciplines="long",
            responsible_name="Тренеров Иван",
            responsible_phone="+7 900 000-00-00",
        )
    return t, secretary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=120)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    _setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from registration.models import Entry

    print(f"database: {connection.vendor}; load average {os.getloadavg()[0]:.1f}", flush=True)
    walls, cpus = [], []
    for run in range(args.runs):
        t, secretary = build(args.entries, run)
        client = Client()
        client.force_login(secretary)
        client.get(reverse("registration:entries", args=[t.pk]))  # warm: templates, translations
        ids = list(t.entries.values_list("pk", flat=True))
        data = {
            "entries": ids,
            "status": "admitted",
            "has_identity_document": "on",
            "has_medical_clearance": "on",
            "has_insurance": "on",
        }
        profiler = cProfile.Profile() if args.profile and run == 0 else None
        with CaptureQueriesContext(connection) as queries:
            c0, t0 = time.process_time(), time.perf_counter()
            if profiler:
                profiler.enable()
            response = client.post(reverse("registration:entries_bulk", args=[t.pk]), data)
            if profiler:
                profiler.disable()
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        assert response.status_code in (200, 302), response.status_code
        admitted = Entry.objects.filter(tournament=t, status="admitted").count()
        walls.append(wall)
        cpus.append(cpu)
        print(
            f"  run {run + 1}: {args.entries} entries, {admitted} admitted: "
            f"{wall:.2f} s wall, {cpu:.2f} s CPU, {len(queries)} queries",
            flush=True,
        )
        if profiler:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    walls.sort()
    cpus.sort()
    print(
        f"median of {args.runs}: {walls[len(walls) // 2]:.2f} s wall, {cpus[len(cpus) // 2]:.2f} s CPU "
        f"(load average {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
