"""Issue 35 §2: what one web worker keeps while it serves the live pages of big events through many versions
(not a test). One process plays a gunicorn worker: for each of ``--versions`` versions, every event's version
moves (a result saved elsewhere) and the pages the phones poll are asked once each (Django's test client):
the home live block, the round's live part (a page of 100 tables), the standings fragment, a participant's
page, the API's standings. Printed: the resident memory after each tenth version, the peak, the CPU a version,
and the time the cyclic garbage collector took (its longest single collection).

    DATABASE_URL=postgres://…/<db> .venv/bin/python bench/bench_worker_memory.py --tournament 1
    DATABASE_URL=postgres://…/<db> .venv/bin/python bench/bench_worker_memory.py --players 1000 --events 10

``--tournament`` takes events built before (comma-separated ids, e.g. by bench/bench_provisional.py);
otherwise ``--events`` Swiss events of ``--players`` players and 9 rounds are built first, in the database of
``DATABASE_URL`` (give it one of its own). ``--cache`` is the shared cache the workers use in production
(Redis; the rendered fragments live there, not in the worker); ``--cache ''`` keeps them in this process.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _status(field: str) -> int:
    """A figure of /proc/self/status in MiB (VmRSS: resident now; VmHWM: the peak)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) // 1024
    return 0


class Collections:
    """The cyclic collector's time, from gc.callbacks."""

    def __init__(self) -> None:
        self.total = 0.0
        self.longest = 0.0
        self.count = 0
        self.by_generation = [0, 0, 0]
        self._start = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._start = time.process_time()
        else:
            spent = time.process_time() - self._start
            self.total += spent
            self.longest = max(self.longest, spent)
            self.count += 1
            self.by_generation[info["generation"]] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournament", default="", help="events built before: their ids, comma-separated")
    parser.add_argument("--players", type=int, default=10000)
    parser.add_argument("--events", type=int, default=1)
    parser.add_argument("--versions", type=int, default=50)
    parser.add_argument("--cache", default="redis://127.0.0.1:6379/12")
    args = parser.parse_args()
    os.environ["CACHE_URL"] = args.cache
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost")
    import bench_provisional  # noqa: PLC0415  (inner import: after the environment above is set)
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from draw.models import Round
    from tournaments.models import Tournament, bump_version

    call_command("migrate", verbosity=0)
    if args.tournament:
        events = [Tournament.objects.get(pk=int(pk)) for pk in args.tournament.split(",")]
    else:
        events = [bench_provisional.build(args.players, 9)[0] for _ in range(args.events)]
    from django.core.cache import cache

    cache.clear()
    client = Client()
    pages = []
    for t in events:
        last = Round.objects.filter(tournament=t).order_by("-number").first()
        assert last is not None
        someone = t.participants.order_by("pk").values_list("pk", flat=True)[t.participants.count() // 2]
        pages += [
            reverse("public:home_live", args=[t.pk]),
            reverse("public:round_live", args=[t.pk, last.number]) + "?page=1",
            reverse("public:standings", args=[t.pk]) + "?fragment=1",
            reverse("public:participant", args=[t.pk, someone]),
            f"/api/tournaments/{t.pk}/standings",
        ]
    players = sum(t.participants.count() for t in events)
    client.get(pages[0], HTTP_HOST="localhost")  # what every process loads once (translations, templates)
    from config import collector

    collector.tune()  # as config/wsgi.py does in a worker (GC_THRESHOLDS=0: Python's defaults)
    rss_start = _status("VmRSS")
    collections = Collections()
    cpu = []
    print(
        f"{len(events)} event(s), {players:,} players; cache {args.cache or 'in this process'}; "
        f"resident at the start {rss_start} MiB",
        flush=True,
    )
    for version in range(1, args.versions + 1):
        for t in events:
            bump_version(t.pk)
        c0 = time.process_time()
        for url in pages:
            response = client.get(url, HTTP_HOST="localhost")
            assert response.status_code == 200, (url, response.status_code)
        cpu.append(time.process_time() - c0)
        if version % 10 == 0 or version == 1:
            print(
                f"  version {version:>3}: resident {_status('VmRSS')} MiB, peak {_status('VmHWM')} MiB, "
                f"CPU of this version {cpu[-1]:.2f} s",
                flush=True,
            )
    gc.callbacks.remove(collections._callback)
    print(
        f"peak {_status('VmHWM')} MiB, resident at the end {_status('VmRSS')} MiB; CPU a version "
        f"{sum(cpu[1:]) / max(len(cpu) - 1, 1):.2f} s (the first {cpu[0]:.2f} s); the collector "
        f"{collections.total:.2f} s in {collections.count} collections "
        f"(by generation {'/'.join(str(n) for n in collections.by_generation)}) "
        f"({collections.total / sum(cpu):.0%} of the CPU), the longest {collections.longest * 1000:.0f} ms; "
        f"load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
