"""Results saved one by one on the embedded SQLite database: the WAL pragmas against SQLite's defaults
(issue 20 item 6).

    .venv/bin/python bench/bench_sqlite_results.py [--players 1000] [--results 250] [--dir /var/tmp]

Builds a Swiss of ``--players`` in a fresh SQLite file (in ``--dir``: put it on the disk the event's laptop
would use, not a tmpfs), then saves ``--results`` results of the open round through
``draw.results.record_result`` — each its own committed transaction, as the whole-round entry saves them —
twice: with the settings' pragmas (WAL, synchronous=NORMAL) and with SQLite's defaults (rollback journal,
synchronous=FULL); then the same number in one submit (``draw.results.record_results``: the whole-round
entry's "save every row typed", one transaction). Prints wall and CPU time per result.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--results", type=int, default=250)
    parser.add_argument("--dir", default="/var/tmp")
    args = parser.parse_args()
    os.environ.pop("DATABASE_URL", None)
    os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp(dir=args.dir)) / "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    from bench.bench_standings import build_swiss
    from draw import results
    from draw.models import Match, Round

    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_superuser("bench-sqlite")
    for label, pragmas in (
        ("WAL, synchronous=NORMAL (the settings)", ""),
        ("SQLite's defaults: rollback journal, synchronous=FULL", "DELETE"),
    ):
        connection.close()
        connection.ensure_connection()
        if pragmas:
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA journal_mode=DELETE")
                cursor.execute("PRAGMA synchronous=FULL")
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            mode = cursor.fetchone()[0]
        t = build_swiss(args.players, rounds=3, seed=len(pragmas) + 1)
        rnd = Round.objects.get(tournament=t, number=3)
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED, finished_at=None)
        open_ = Match.objects.filter(round=rnd, player2__isnull=False).order_by("table")[: args.results]
        Match.objects.filter(pk__in=[m.pk for m in open_]).update(
            score1=None, score2=None, winner=None, result_kind="", ended_at=None
        )
        todo = list(Match.objects.filter(round=rnd, result_kind="").exclude(player2=None))
        began, began_cpu = time.perf_counter(), time.process_time()
        for m in todo:
            results.record_result(m.pk, user, results.ResultInput("played", 7, 3), m.version)
        wall, cpu = time.perf_counter() - began, time.process_time() - began_cpu
        print(
            f"{label} [{mode}]: {len(todo)} results in {wall:.2f} s wall, {cpu:.2f} s CPU "
            f"({wall / len(todo) * 1000:.1f} ms wall, {cpu / len(todo) * 1000:.1f} ms CPU a result)"
        )
    # The same results in one submit (the whole-round entry's "save every row typed", issue 20 item 6): one
    # transaction, one commit, with the settings' pragmas.
    connection.close()
    connection.ensure_connection()
    t = build_swiss(args.players, rounds=3, seed=99)
    rnd = Round.objects.get(tournament=t, number=3)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED, finished_at=None)
    open_ = Match.objects.filter(round=rnd, player2__isnull=False).order_by("table")[: args.results]
    Match.objects.filter(pk__in=[m.pk for m in open_]).update(
        score1=None, score2=None, winner=None, result_kind="", ended_at=None
    )
    todo = list(Match.objects.filter(round=rnd, result_kind="").exclude(player2=None))
    entries = [(m.pk, results.ResultInput("played", 7, 3), m.version) for m in todo]
    began, began_cpu = time.perf_counter(), time.process_time()
    results.record_results(t, user, entries)
    wall, cpu = time.perf_counter() - began, time.process_time() - began_cpu
    print(
        f"one submit (record_results, WAL): {len(todo)} results in {wall:.2f} s wall, {cpu:.2f} s CPU "
        f"({wall / len(todo) * 1000:.1f} ms wall, {cpu / len(todo) * 1000:.1f} ms CPU a result)"
    )
    load = os.getloadavg()[0]
    print(f"database {os.environ['SQLITE_PATH']}; load average {load:.1f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
