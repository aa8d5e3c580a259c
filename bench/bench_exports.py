"""Server time and size of the exports (issue 17) for a 1,000-participant, 9-round Swiss.

    .venv/bin/python bench/bench_exports.py [--players 1000] [--rounds 9] [--repeat 5]

Builds the tournament as ``bench_standings`` does (bulk_create, nine published rounds with results) in a
throw-away SQLite database (or ``DATABASE_URL``'s), then times through Django's test client the whole request
of the whole tournament's workbook (participants, nine rounds' pairings, standings: 11 sheets, ~6,500 rows),
the standings XLSX and CSV, and every round's pairings as CSV. Prints best, median and worst wall time, the
median CPU time of this process, the queries, the size of the answer, the peak memory the workbook's
writing took (tracemalloc, one extra run) and the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_standings import build_swiss, setup_django  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    setup_django()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from public import export_views
    from tournaments.models import Tournament

    began = time.perf_counter()
    t = build_swiss(args.players, args.rounds)
    print(f"built {args.players} participants × {args.rounds} rounds in {time.perf_counter() - began:.2f} s")
    client = Client()
    for label, url in (
        ("whole tournament XLSX", f"/t/{t.pk}/export/tournament.xlsx"),
        ("standings XLSX       ", f"/t/{t.pk}/export/standings.xlsx"),
        ("standings CSV        ", f"/t/{t.pk}/export/standings.csv"),
        ("every round's CSV    ", f"/t/{t.pk}/export/pairings.csv"),
    ):
        client.get(url)  # warm up: translations, imports
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
            f"{len(response.content) / 1024:.0f} KiB ({connection.vendor})"
        )
    # Where the workbook's time goes: the data (queries, ranking) against the writing (openpyxl).
    fresh = Tournament.objects.get(pk=t.pk)
    began = time.perf_counter()
    sheets = export_views.tournament_sheets(fresh)
    data_ms = (time.perf_counter() - began) * 1000
    began = time.perf_counter()
    export_views.write_xlsx(sheets)
    write_ms = (time.perf_counter() - began) * 1000
    rows = sum(len(s.rows) for s in sheets)
    print(f"workbook: {len(sheets)} sheets, {rows} rows; data {data_ms:.0f} ms, writing {write_ms:.0f} ms")
    tracemalloc.start()
    export_views.write_xlsx(export_views.tournament_sheets(fresh))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"workbook peak Python memory {peak / 2**20:.0f} MiB (tracemalloc)")
    # Other processes on the machine slow every figure: say how busy it was.
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
