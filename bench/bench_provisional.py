"""Issue 36: a page's cost must not grow with the results still inside their protest window (not a test).

A Swiss of ``--players`` (10,000) × ``--rounds`` (9) is built fast (``bench_scale``'s field: bulk-created
people, every round drawn by the real draw manager, results by ``bulk_update``): 45,000 results at 10,000.
Then every public and officials' page is fetched (Django's test client; the cache cleared before each, so the
page is computed, not served from the cache) in three states of the same results:

- ``final``: every result stored as final (``final_at``), the finality task has run;
- ``provisional``: every result entered a moment ago (``ended_at`` = now, ``final_at`` empty), so all of them
  are inside their protest window (004 §5.10) — the worst case, 45,000 provisional at once;
- ``task stopped``: every window has passed but the finality task never ran (``final_at`` empty, ``ended_at``
  an hour ago): each result reads as final all the same (``judging.state``).

Printed per page: wall and this process's CPU seconds (the machine is shared: CPU is the steadier figure) and
the query count, which must be the same in the three states. ``--fresh`` also times the secretary's pages as
the first request of a fresh process (a new worker: nothing cached, no module warmed), one process per page.

Run: ``DATABASE_URL=postgres://…/nardy_bench .venv/bin/python bench/bench_provisional.py`` (PostgreSQL; the
tables of that database are used: give it a database of its own); ``--players 20000 --fresh`` for the
20,000-player secretary's pages on a fresh worker. SQLite in a throw-away file without ``DATABASE_URL``.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_scale  # noqa: E402 - the fast field builder, after the path is set

PUBLIC = [
    "home",
    "home live",
    "round",
    "round live",
    "screen's pairings (its last page)",
    "standings",
    "participant",
    "screen",
]
API = ["API rounds", "API round", "API matches provisional", "API standings", "API participant"]
OFFICIAL = ["secretary's home", "entry page", "round (secretary)", "desk", "finish page"]


def build(players: int, rounds: int):
    from draw import manager as draw_manager

    t, secretary = bench_scale.build_field(f"provisional {players}", players, "swiss", rounds)
    rng = random.Random(players)
    for number in range(1, rounds + 1):
        rnd = draw_manager.draw_round(t, secretary, number, seed=number)
        bench_scale.publish(rnd)
        bench_scale.play(rnd, rng)
        bench_scale.finish_round(rnd)
    return t, secretary


def urls(t) -> dict[str, str]:
    from django.urls import reverse

    from draw.models import Round

    last = Round.objects.filter(tournament=t).order_by("-number").first()
    assert last is not None
    someone = t.participants.order_by("pk").values_list("pk", flat=True)[t.participants.count() // 2]
    return {
        "home": reverse("public:detail", args=[t.pk]),
        "home live": reverse("public:home_live", args=[t.pk]),
        "round": reverse("public:round", args=[t.pk, last.number]),
        "round live": reverse("public:round_live", args=[t.pk, last.number]) + "?page=1",
        "screen's pairings (its last page)": reverse("public:round_live", args=[t.pk, last.number])
        + "?page=999",
        "standings": reverse("public:standings", args=[t.pk]),
        "participant": reverse("public:participant", args=[t.pk, someone]),
        "screen": reverse("public:screen", args=[t.pk]),
        "API rounds": f"/api/tournaments/{t.pk}/rounds",
        "API round": f"/api/tournaments/{t.pk}/rounds/{last.number}",
        "API matches provisional": f"/api/tournaments/{t.pk}/matches?state=provisional",
        "API standings": f"/api/tournaments/{t.pk}/standings",
        "API participant": f"/api/tournaments/{t.pk}/participants/{someone}",
        "secretary's home": reverse("public:detail", args=[t.pk]),
        "entry page": reverse("public:round_entry", args=[t.pk, last.number]),
        "desk": reverse("judging:desk", args=[t.pk]),
        "finish page": reverse("judging:finish", args=[t.pk]),
        "round (secretary)": reverse("public:round", args=[t.pk, last.number]),
    }


def set_state(t, which: str) -> None:
    """Every result of the tournament final, provisional (in its window) or past its window unrecorded."""
    from django.utils import timezone

    from draw.models import Match

    now = timezone.now()
    results = Match.objects.filter(round__tournament=t).exclude(result_kind="")
    hour = datetime.timedelta(hours=1)
    if which == "final":
        results.update(ended_at=now - 2 * hour, final_at=now - hour)
    elif which == "provisional":
        results.update(ended_at=now, final_at=None)
    elif which == "last round provisional":
        last = results.order_by("-round__number").values_list("round__number", flat=True).first() or 0
        results.exclude(round__number=last).update(ended_at=now - 2 * hour, final_at=now - hour)
        results.filter(round__number=last).update(ended_at=now, final_at=None)
    else:
        results.update(ended_at=now - hour, final_at=None)


def fetch(client, url: str) -> tuple[float, float, int, int]:
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        c0, t0 = time.process_time(), time.perf_counter()
        response = client.get(url, HTTP_HOST="localhost")
        if hasattr(response, "streaming_content"):
            b"".join(response.streaming_content)
        t1, c1 = time.perf_counter(), time.process_time()
    return t1 - t0, c1 - c0, len(queries), response.status_code


def fresh_main(tid: int, user_id: int, name: str) -> None:
    """One page as the first request of this process (``--fresh-one``): a new worker."""
    _setup_django(migrate=False)
    from django.contrib.auth.models import User
    from django.test import Client

    from tournaments.models import Tournament

    t = Tournament.objects.get(pk=tid)
    url = urls(t)[name]
    client = Client()
    client.force_login(User.objects.get(pk=user_id))
    wall, cpu, queries, status = fetch(client, url)
    print(f"{wall:.3f} {cpu:.3f} {queries} {status}")


def _setup_django(migrate: bool = True) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost")
    os.environ["CACHE_URL"] = ""  # this process's own memory cache: cleared before each page
    import django

    django.setup()
    if migrate:
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        call_command("compilemessages", "--ignore=.venv", verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=2, help="fetches of each page; the least CPU is shown")
    parser.add_argument("--states", default="final,last round provisional,provisional,task stopped")
    parser.add_argument("--tournament", type=int, help="measure this tournament (built before) instead")
    parser.add_argument("--pages", default="", help="only these pages (comma-separated names)")
    parser.add_argument("--fresh", action="store_true", help="also the secretary's pages on a fresh process")
    parser.add_argument("--fresh-one", nargs=3, metavar=("TID", "UID", "PAGE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.fresh_one:
        fresh_main(int(args.fresh_one[0]), int(args.fresh_one[1]), args.fresh_one[2])
        return
    if not os.environ.get("DATABASE_URL"):
        import tempfile

        workdir = tempfile.mkdtemp(prefix="bench-provisional-")
        os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    _setup_django()
    from django.db import connection
    from django.test import Client

    from draw.models import Match

    print(f"database: {connection.vendor}; load average {os.getloadavg()[0]:.1f}", flush=True)
    c0 = time.perf_counter()
    if args.tournament:
        from registration.models import Official
        from tournaments.models import Tournament

        t = Tournament.objects.get(pk=args.tournament)
        user = Official.objects.get(tournament=t, role=Official.Role.CHIEF_SECRETARY).person.user
        assert user is not None
        secretary = user
        args.players = t.participants.count()
    else:
        t, secretary = build(args.players, args.rounds)
    results = Match.objects.filter(round__tournament=t).exclude(result_kind="").count()
    print(
        f"tournament {t.pk}: {args.players:,} players, {results:,} results, built in "
        f"{time.perf_counter() - c0:.0f} s",
        flush=True,
    )
    anonymous, official = Client(), Client()
    official.force_login(secretary)
    pages = urls(t)
    fetch(anonymous, pages["home"])  # warm translations and templates once: no page's own cost
    rows: dict[str, dict[str, tuple[float, float, int]]] = {}
    for which in [s.strip() for s in args.states.split(",") if s.strip()]:
        print(f"\n{which}:", flush=True)
        set_state(t, which)
        stamped = time.monotonic()
        wanted = [x.strip() for x in args.pages.split(",") if x.strip()]
        for name in [n for n in PUBLIC + API + OFFICIAL if not wanted or n in wanted]:
            client = official if name in OFFICIAL else anonymous
            best = None
            for _ in range(args.repeat):
                if time.monotonic() - stamped > 240:  # the windows of "provisional" stay open (10 min)
                    set_state(t, which)
                    stamped = time.monotonic()
                wall, cpu, queries, status = fetch(client, pages[name])
                assert status == 200, (name, status)
                if best is None or cpu < best[1]:
                    best = (wall, cpu, queries)
            assert best is not None
            rows.setdefault(name, {})[which] = best
            print(f"  {name:<26}{best[0]:>8.3f} s{best[1]:>8.3f} s CPU{best[2]:>6} queries", flush=True)
    states = list(next(iter(rows.values())).keys()) if rows else []
    print(
        f"\n{args.players:,} players, {results:,} results; CPU s (queries); load average "
        f"{os.getloadavg()[0]:.1f}"
    )
    print("| page | " + " | ".join(states) + " |")
    print("|---|" + "---:|" * len(states))
    for name, by_state in rows.items():
        print(f"| {name} | " + " | ".join(f"{by_state[s][1]:.3f} ({by_state[s][2]})" for s in states) + " |")
    if args.fresh:
        set_state(t, "provisional")
        print(
            "\nthe secretary's pages, each the first request of a fresh process (every result provisional):"
        )
        for name in [n for n in OFFICIAL if not args.pages or n in args.pages.split(",")]:
            set_state(t, "provisional")
            out = subprocess.run(
                [sys.executable, __file__, "--fresh-one", str(t.pk), str(secretary.pk), name],
                capture_output=True,
                text=True,
                env={**os.environ},
                check=True,
            ).stdout.split()
            print(
                f"  {name:<26}{float(out[0]):>8.3f} s{float(out[1]):>8.3f} s CPU{out[2]:>6} queries "
                f"(HTTP {out[3]})",
                flush=True,
            )


if __name__ == "__main__":
    main()
