"""Issue 35 §3: the ranking after a change, and a fresh worker's first requests (not a test).

    DATABASE_URL=postgres://…/<db> .venv/bin/python bench/bench_ranking.py --players 1000,10000,20000
    DATABASE_URL=postgres://…/<db> .venv/bin/python bench/bench_ranking.py --players 10000 --fresh

For each size a Swiss of ``--players`` × 9 published rounds is built (``bench_standings.build_swiss``: bulk,
random results; in the database of ``DATABASE_URL`` — give it one of its own) unless ``--tournament`` names
ones built before. Printed per size, CPU seconds of this process (the machine is shared: CPU is the steadier
figure), the least of ``--repeat``, with the cyclic collector tuned as a web worker's (``config.collector``):

- ``ranking``: ``standings.ranking.compute_once`` after a change (a result of the last round changed and the
  version moved, as a saved result moves it; the roster unchanged and kept, as between two results of a
  round);
- ``standings page``: the whole page after a change (Django's test client, the cache cleared).

``--fresh``: for each size, one new process per page plays a fresh gunicorn worker: it loads the application
as the worker does (``config.wsgi``, with its start-up warming), then asks the page three times — first
(``cold``), again after a change (``warm, changed``: what a warmed worker pays when a result came in) and
again unchanged (``warm``). Pages: the round page, the standings page, the final protocol's one-click PDF
(``/documents/final/pdf/``), the standings PDF and the tournament's XLSX. A big field's document and workbook
are made off the request (a Celery worker; the embedded default's thread is stopped here): the figure is the
request's own, this thread's CPU and the wall time until the answer.
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench.bench_standings import environment  # noqa: E402

PAGES = ["round page", "standings", "final protocol PDF", "standings PDF", "tournament XLSX"]
PUBLIC = {"round page", "standings"}  # asked by an anonymous visitor


def _environment() -> None:
    environment()
    os.environ["CACHE_URL"] = ""  # this process's own memory cache: cleared before each page
    os.environ.setdefault("MEDIA_ROOT", tempfile.mkdtemp(prefix="bench-ranking-media-"))


def urls(t) -> dict[str, str]:
    from django.urls import reverse

    return {
        "round page": reverse("public:round", args=[t.pk, t.rounds]),
        "standings": reverse("public:standings", args=[t.pk]),
        "final protocol PDF": reverse("protocols:pdf", args=[t.pk, "final"]),
        "standings PDF": reverse("protocols:pdf", args=[t.pk, "standings"]),
        "tournament XLSX": f"/t/{t.pk}/export/tournament.xlsx",
    }


def secretary_of(t):
    """The event's chief secretary (made for a field built here)."""
    from django.contrib.auth.models import User

    from registration.models import Official, Person

    found = Official.objects.filter(tournament=t, role=Official.Role.CHIEF_SECRETARY).first()
    if found is not None and found.person.user is not None:
        return found.person.user
    user = User.objects.create_user(f"bench-ranking-sec-{t.pk}-{time.monotonic_ns()}", password="pw")
    person = Person.objects.create(surname="Секретарёва", name="Анна", patronymic=f"{t.pk}", user=user)
    Official.objects.create(tournament=t, person=person, role=Official.Role.CHIEF_SECRETARY)
    return user


def fetch(client, url: str) -> tuple[float, float, int]:
    """(wall s, this thread's CPU s, HTTP status) of one request, the cache cleared first."""
    from django.core.cache import cache

    cache.clear()
    c0, t0 = time.thread_time(), time.perf_counter()
    response = client.get(url, HTTP_HOST="localhost")
    if hasattr(response, "streaming_content"):
        b"".join(response.streaming_content)
    t1, c1 = time.perf_counter(), time.thread_time()
    return t1 - t0, c1 - c0, response.status_code


def fresh_main(tid: int, uid: int, name: str, url: str) -> None:
    """One page asked by a new process (``--fresh-one``): loaded as a gunicorn worker loads the site. The URL
    comes from the parent: reversing it here would load the URLconf before the first request."""
    importlib.import_module("config.wsgi")  # the application as a worker loads it: django.setup, the warming
    from django.contrib.auth.models import User
    from django.test import Client

    from protocols import tasks
    from public import workbook
    from tournaments.models import Tournament, bump_version

    # A big field's document and workbook are a worker's job: no thread of this process makes them here.
    tasks._in_thread = lambda *args: None  # type: ignore[assignment]
    workbook._in_thread = lambda *args: None  # type: ignore[assignment]
    t = Tournament.objects.get(pk=tid)
    client = Client()
    if name not in PUBLIC:
        client.force_login(User.objects.get(pk=uid))  # the documents: the chief secretary asks
    figures = [fetch(client, url)]
    bump_version(t.pk)
    figures.append(fetch(client, url))
    figures.append(fetch(client, url))
    print(" ".join(f"{wall:.3f} {cpu:.3f} {status}" for wall, cpu, status in figures))


def _bump(t) -> None:
    """A result of the last round changed (its scores turned round, as a correction saves them) and the
    version moved with it: what the standings see between two results of a round."""
    from django.db.models import F

    from draw.models import Match
    from tournaments.models import bump_version

    last = Match.objects.filter(round__tournament=t, player2__isnull=False).exclude(result_kind="")
    match = last.order_by("-round__number", "table").first()
    if match is not None:
        Match.objects.filter(pk=match.pk).update(score1=F("score2"), score2=F("score1"))
    bump_version(t.pk)
    t.refresh_from_db(fields=["version", "changed_at"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="1000,10000", help="sizes, comma-separated")
    parser.add_argument("--tournament", default="", help="measure these tournaments (ids) instead")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--fresh", action="store_true", help="also the first requests of a fresh process")
    parser.add_argument("--fresh-one", nargs=4, metavar=("TID", "UID", "PAGE", "URL"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    _environment()
    if args.fresh_one:
        fresh_main(int(args.fresh_one[0]), int(args.fresh_one[1]), args.fresh_one[2], args.fresh_one[3])
        return
    import bench_standings

    bench_standings.setup_django()
    from config import collector

    collector.tune()  # this process's collector as a web worker's (config/wsgi.py)
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from standings import ranking
    from tournaments.models import Tournament

    call_command("compilemessages", "--ignore=.venv", verbosity=0)
    print(f"database: {connection.vendor}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    if args.tournament:
        fields = [Tournament.objects.get(pk=int(x)) for x in args.tournament.split(",")]
    else:
        fields = []
        for n in [int(x) for x in args.players.split(",")]:
            began = time.perf_counter()
            fields.append(bench_standings.build_swiss(n, 9, name=f"Ранжирование {n}"))
            print(f"built {n:,} × 9 rounds in {time.perf_counter() - began:.0f} s", flush=True)
    client = Client()
    for t in fields:
        players = t.participants.count()
        page = urls(t)["standings"]
        fetch(client, page)  # templates and translations once: no page's own cost
        ranking.compute_once(t)  # the roster kept, as between two results
        cpu_ranking, cpu_page = [], []
        for _ in range(args.repeat):
            _bump(t)
            c0 = time.process_time()
            ranking.compute_once(t)
            cpu_ranking.append(time.process_time() - c0)
            _bump(t)
            cpu_page.append(fetch(client, page)[1])
        print(
            f"{players:>7,} players: ranking after a change {min(cpu_ranking):.3f} s CPU; "
            f"standings page after a change {min(cpu_page):.3f} s CPU",
            flush=True,
        )
    if not args.fresh:
        return
    for t in fields:
        user = secretary_of(t)
        print(f"\n{t.participants.count():,} players, each page the first request of a fresh process:")
        print(f"  {'page':<22}{'cold':>16}{'warm, changed':>20}{'warm':>16}   (wall / CPU s)")
        for name in PAGES:
            out = subprocess.run(
                [sys.executable, __file__, "--fresh-one", str(t.pk), str(user.pk), name, urls(t)[name]],
                capture_output=True,
                text=True,
                env={**os.environ},
                check=True,
            ).stdout.split()
            cells = [f"{float(out[i]):.2f} / {float(out[i + 1]):.2f}" for i in (0, 3, 6)]
            statuses = {out[i] for i in (2, 5, 8)}
            print(
                f"  {name:<22}{cells[0]:>16}{cells[1]:>20}{cells[2]:>16}   HTTP {','.join(sorted(statuses))}"
            )
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
