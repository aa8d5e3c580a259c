"""Preview (and import) of a 5,000-row entries file: the time the Celery task takes, rows per second.

    .venv/bin/python bench/bench_import.py [--rows 5000] [--format csv|xlsx] [--confirm [--row-by-row]]
    .venv/bin/python bench/bench_import.py --federation [--confirm]
    .venv/bin/python bench/bench_import.py --request

``--request`` times the upload request itself in the embedded default (Celery eager), as the secretary's
browser sees it: a file above ``IMPORT_BACKGROUND_ABOVE`` rows is answered with the progress page while a
thread of the process checks the rows (issue 25 item 13); then it waits for the thread.

``--federation`` times the committed 500-row federation file instead (``tests/data/federation_500.csv``:
a title block, the federation's headings, cp1251, ranks and years as written, the phone once per club,
twins to propose — the people it names as registered are created first — and bad rows); its confirmation
takes the proposed person for every twin.

Builds a throw-away SQLite database (or uses ``DATABASE_URL``'s), a tournament with 300 people already known
(so the person matching has something to find), writes a file of ``--rows`` entries (a few bad rows and
in-file duplicates among them), and times ``registration.imports.preview`` — the whole preview the task
runs: reading the file with the bounds, every row through ``EntryForm`` — and, with ``--confirm``, the
import itself (``--row-by-row``: saved the old way, each row through ``EntryForm.save`` in its savepoints,
for the figures before issue 35 §4). Prints the wall and CPU time, the time per row, the import's queries,
the peak memory of this process and the machine's load average.

On PostgreSQL the database must be empty (``dropdb``/``createdb`` first): the known people are created anew.
"""

from __future__ import annotations

import argparse
import cProfile
import csv
import datetime
import io
import os
import pstats
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def make_file(rows: int, fmt: str) -> bytes:
    header = ["Фамилия", "Имя", "Отчество", "Дата рождения", "Пол", "Организация", "Регион", "Разряд",
              "Дисциплины", "Ответственное лицо", "Телефон"]  # fmt: skip
    lines = [header]
    for i in range(rows):
        birth = datetime.date(1960, 1, 1) + datetime.timedelta(days=i * 3)
        surname = f"Импортов{i:05d}" if i % 500 else "Плохой"
        gender = "М" if i % 97 else "Х"  # a bad cell now and then
        lines.append([surname, "Иван", "Иванович", birth.strftime("%d.%m.%Y"), gender, "Клуб «Шеш-беш»",
                      "Москва", "КМС", "длинные", "Петров Пётр", "+7 900 000-00-00"])  # fmt: skip
    if fmt == "csv":
        out = io.StringIO()
        csv.writer(out, delimiter=";").writerows(lines)
        return out.getvalue().encode("utf-8")
    import openpyxl  # inner import: only the xlsx variant needs it

    book = openpyxl.Workbook()
    sheet = book.active
    for line in lines:
        sheet.append(line)
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=5000)
    parser.add_argument("--format", choices=["csv", "xlsx"], default="csv")
    parser.add_argument("--confirm", action="store_true", help="also time the import itself")
    parser.add_argument("--profile", action="store_true", help="the import's 60 costliest functions")
    parser.add_argument(
        "--row-by-row", action="store_true", help="the import's old way: each row saved in its savepoints"
    )
    parser.add_argument("--federation", action="store_true", help="the committed 500-row federation file")
    parser.add_argument("--request", action="store_true", help="time the upload request (embedded default)")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL"):
        os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.contrib.auth.models import User

    from registration import imports
    from registration.models import Person
    from tournaments.models import Tournament

    user = User.objects.create_user(f"bench{time.time_ns()}")
    start = datetime.date(2026, 12, 5)
    t = Tournament.objects.create(
        name="Импорт (бенчмарк)", discipline="long", system="swiss", start_date=start, end_date=start
    )
    Person.objects.bulk_create(
        Person(
            surname=f"Импортов{i:05d}",
            name="Иван",
            patronymic="Иванович",
            birth_date=datetime.date(1960, 1, 1) + datetime.timedelta(days=i * 3),
        )  # fmt: skip
        for i in range(0, args.rows, max(1, args.rows // 300))
    )
    name, decisions = f"entries.{args.format}", {}
    if args.federation:
        import importlib.util

        path = ROOT / "tests" / "data" / "make_federation_file.py"
        spec = importlib.util.spec_from_file_location("make_federation_file", path)
        federation = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(federation)
        for surname, first, patronymic, born, year_only in federation.KNOWN:
            day = (
                datetime.date(int(born), 1, 1) if year_only else datetime.datetime.strptime(born, "%d.%m.%Y")
            )
            Person.objects.get_or_create(
                surname=surname, name=first, patronymic=patronymic, birth_date=day, birth_year_only=year_only
            )
        data, name, args.rows = (
            (ROOT / "tests" / "data" / "federation_500.csv").read_bytes(),
            "federation.csv",
            500,
        )
    else:
        data = make_file(args.rows, args.format)
    print(f"file: {args.rows} rows, {name}, {len(data) / 1024:.0f} KB")
    if args.request:
        return time_the_request(t, user, name, data)
    steps = []

    def progress(done: int, total: int) -> None:
        steps.append(done)

    wall, cpu = time.perf_counter(), time.process_time()
    outcome = imports.preview(t, name, data, user, progress=progress)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"preview: {wall:.2f} s wall, {cpu:.2f} s CPU, {1000 * wall / args.rows:.2f} ms a row; "
        f"{outcome.good} good ({len(outcome.twins)} proposed twins), {len(outcome.problems)} with problems; "
        f"{len(steps)} progress reports"
    )
    decisions = {str(p.line): str(p.candidates[0].person) for p in outcome.twins}
    if args.confirm:
        from django.db import connection

        queries = []

        def count(execute, sql, params, many, context):
            queries.append(sql)
            return execute(sql, params, many, context)

        profiler = cProfile.Profile() if args.profile else None
        wall, cpu = time.perf_counter(), time.process_time()
        if profiler:
            profiler.enable()
        with connection.execute_wrapper(count):
            outcome = imports.confirm(t, name, data, user, decisions=decisions, bulk=not args.row_by_row)
        if profiler:
            profiler.disable()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if profiler:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(60)
        print(
            f"import: {wall:.2f} s wall, {cpu:.2f} s CPU, {1000 * wall / args.rows:.2f} ms a row; "
            f"{outcome.saved} saved; {len(queries)} queries"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {peak:.0f} MiB; load average {os.getloadavg()[0]:.1f}")


def time_the_request(t, user, name: str, data: bytes) -> None:
    """The upload as the browser sends it; the request's own thread's CPU (the preview's thread apart)."""
    import threading

    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client
    from django.urls import reverse

    from registration.models import EntryImport

    user.is_superuser = True
    user.save(update_fields=["is_superuser"])
    client = Client()
    client.force_login(user)
    client.get(reverse("registration:import", args=[t.pk]))  # a warm process: URLs, templates, fonts loaded
    wall, cpu = time.perf_counter(), time.thread_time()
    upload = SimpleUploadedFile(name, data)
    response = client.post(reverse("registration:import", args=[t.pk]), {"file": upload})
    wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
    page = "the progress page" if 'id="import-progress"' in response.content.decode() else "the preview"
    print(f"upload request: {wall:.2f} s wall, {cpu:.2f} s CPU of the request's thread; HTTP "
          f"{response.status_code}, {page}")  # fmt: skip
    started = time.perf_counter()
    for thread in [x for x in threading.enumerate() if x.name.startswith("import-")]:
        thread.join()
    batch = EntryImport.objects.get(tournament=t)
    print(f"preview in the thread done {time.perf_counter() - started:.2f} s later: {batch.status}, "
          f"{batch.rows} rows, {batch.bad_rows} with problems; load {os.getloadavg()[0]:.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
