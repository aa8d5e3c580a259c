"""The season's paperwork (issue 32 §3–4): every rank dossier of a big event, and its whole report package.

    .venv/bin/python bench/bench_reporting.py [--dossiers 400] [--package 500] [--rounds 9]
    DATABASE_URL=postgres://… .venv/bin/python bench/bench_reporting.py

A finished Swiss of random results (``tests.federation.builders.finished_event``) in an all-Russian
competition of the season's calendar, with its ЕКП number, the discipline's ВРВС code, a chief judge
and a chief secretary with categories, and ЕВСК norms by which every place fulfils a rank
(the worst case: a dossier for every athlete; nobody holds a rank).

1. Every dossier of a ``--dossiers`` player event: ``reporting.dossier.dossiers`` (the data) and
   ``dossier.archive`` (a PDF each, in one ZIP): wall and CPU seconds. Target (issue 32): under 2 min.
2. The report package of a ``--package`` player event: ``reporting.package.build`` (the final protocol, the
   chief judge's report, the registration protocol, the workbook, the payers' list — the event has fees —,
   every dossier, the manifest): wall and CPU seconds, files and size. Target: under 60 s.

Runs on a throw-away SQLite database unless ``DATABASE_URL`` is set.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def setup() -> None:
    if not os.environ.get("DATABASE_URL"):
        workdir = tempfile.mkdtemp(prefix="bench-reporting-")
        os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
        os.environ.setdefault("MEDIA_ROOT", f"{workdir}/media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def event(n: int, rounds: int, stamp: int):
    from django.contrib.auth.models import User

    from fees.models import FeeSchedule
    from registration.models import Person
    from tests.federation.builders import finished_event
    from tests.reporting.evsk import norm, paperwork
    from tournaments.models import Competition

    creator = User.objects.create_user(f"bench-{stamp}", password="pw")
    people = Person.objects.bulk_create(
        [
            Person(
                surname=f"Игрок{i:05d}-{stamp}",
                name="Иван",
                patronymic="Петрович",
                birth_date=datetime.date(1980, 1, 1) + datetime.timedelta(days=i),
                region=f"Регион {i % 40}",
                organisation=f"Клуб {i % 60}",
            )
            for i in range(n)
        ]
    )
    end = datetime.date(2026, 3, 1)
    t = finished_event(creator, people, end=end, rounds=rounds, seed=stamp % 1000, name=f"Первенство {n}")
    c = Competition.objects.create(
        name=f"Чемпионат России {stamp}", category="national", start_date=t.start_date, end_date=t.end_date
    )
    t.competition = c
    t.save(update_fields=["competition"])
    paperwork(t)
    FeeSchedule.objects.create(tournament=t, base=100_000)
    return t, norm


def norms(norm) -> None:
    from federation.models import NormDocument

    doc = NormDocument.objects.create(
        title="Приказ (бенчмарк)", dated=datetime.date(2026, 1, 1), valid_from=datetime.date(2026, 1, 1)
    )
    for rank, place in [("cms", 1), ("adult1", 10), ("adult2", 100), ("adult3", 10_000)]:
        norm(doc, rank, place)


def timed(label: str, fn):
    w0, c0 = time.perf_counter(), time.process_time()
    out = fn()
    print(f"{label}: {time.perf_counter() - w0:.1f} s wall, {time.process_time() - c0:.1f} s CPU")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dossiers", type=int, default=400)
    parser.add_argument("--package", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    setup()
    from django.utils import translation

    from reporting import dossier, package

    translation.activate("ru")
    stamp = time.monotonic_ns() % 10**9
    t, norm = event(args.dossiers, args.rounds, stamp)
    norms(norm)
    items = timed(f"dossiers' data, {args.dossiers} players", lambda: dossier.dossiers(t))
    data = timed(f"every dossier ({len(items)} PDFs) in one ZIP", lambda: dossier.archive(items))
    print(f"  {len(items)} dossiers, {len(data) / 1e6:.1f} MB")
    big, _ = event(args.package, args.rounds, stamp + 1)
    zipped, files = timed(f"report package, {args.package} players", lambda: package.build(big))
    print(f"  {files} files, {len(zipped) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
