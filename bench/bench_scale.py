"""Big fields (issue 20): the officials' paths and the documents of Swiss events of 1,000 / 5,000 / 10,000
players and round robins of 100 and 200, timed with their query counts (not a test).

Run: ``.venv/bin/python bench/bench_scale.py`` (from the repository root). Options: ``--sizes 1000,5000``
(Swiss fields), ``--round-robins 100,200``, ``--rounds 8`` (Swiss rounds played before the one measured),
``--profile "draw,final protocol"`` (cProfile of those steps, the 25 costliest functions). SQLite in a
throw-away file by default;
PostgreSQL with ``DATABASE_URL`` (the tables of that database are used: give it a database of its own).

Each field is built fast: people and participants by ``bulk_create``; every round before the measured one is
drawn by the real draw manager and its results written by ``bulk_update``. Then, for the next round:

- draw: ``draw.manager.draw_round`` (the engine and the loading around it);
- result start / end: a result saved through HTTP (Django's test client, logged in as the chief secretary):
  the result form's POST and the round page it redirects to, for the first table of the round and for its
  last table when every other table has its result;
- entry row: the same save on the whole-round entry page's row endpoint (the row's HTML only);
- 100 rows at once: the whole-round entry's one submit of 100 typed rows (one transaction);
- round page, standings, participant page: GET as the secretary;
- entry page, entry jump to last: the whole-round entry page, its first page and the page holding the last
  table (``?table=N``, the «стол №» jump without JavaScript);
- final protocol, crosstable: the PDF as the worker makes it (the data built once, then rendered).

Times are wall seconds and this process's CPU seconds; the machine is shared, so CPU is the steadier figure.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import json
import os
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _setup() -> None:
    if not os.environ.get("DATABASE_URL"):
        workdir = tempfile.mkdtemp(prefix="bench-scale-")
        os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
        os.environ.setdefault("MEDIA_ROOT", f"{workdir}/media")
    else:
        os.environ.setdefault("MEDIA_ROOT", tempfile.mkdtemp(prefix="bench-scale-media-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("compilemessages", "--ignore=.venv", verbosity=0)


SURNAMES = [
    "Алиев",
    "Бабаян",
    "Васильев",
    "Гасанов",
    "Давыдов",
    "Ершов",
    "Жуков",
    "Зайцев",
    "Иванов",
    "Карапетян",
]
NAMES = ["Артур", "Борис", "Вадим", "Георгий", "Давид", "Евгений", "Леонид", "Максим"]
REGIONS = ["Москва", "Санкт-Петербург", "Республика Дагестан", "Краснодарский край", "Республика Армения"]


def build_field(label: str, players: int, system: str, rounds: int | None):
    """A tournament of ``players`` participants (bulk-created), the chief secretary and chief judge."""
    from django.contrib.auth.models import User

    from registration.models import Official, Participant, Person
    from tournaments.models import Tournament

    start = datetime.date(2026, 12, 5)
    stamp = f"{label}-{time.monotonic_ns()}"
    secretary = User.objects.create_user(f"sec-{stamp}", password="pw")
    judge = User.objects.create_user(f"judge-{stamp}", password="pw")
    t = Tournament.objects.create(
        name=f"Открытый чемпионат по длинным нардам ({label})",
        discipline="long",
        system=system,
        rounds=rounds,
        start_date=start,
        end_date=start + datetime.timedelta(days=2),
        venue="Москва, Центральный дом шахматиста",
        created_by=secretary,
    )
    for user, surname, role in (
        (secretary, "Секретарёва", Official.Role.CHIEF_SECRETARY),
        (judge, "Судейкин", Official.Role.CHIEF_JUDGE),
    ):
        person = Person.objects.create(surname=surname, name="Анна", patronymic="Павловна", user=user)
        Official.objects.create(tournament=t, person=person, role=role)
    offset = Person.objects.count()  # people are unique by name and birth date: each field its own
    people = Person.objects.bulk_create(
        (
            Person(
                surname=f"{SURNAMES[i % 10]}-{offset + i:05d}",
                name=NAMES[i % 8],
                patronymic="Петрович",
                birth_date=datetime.date(1960, 1, 1) + datetime.timedelta(days=7 * i % 18000),
                organisation=f"Клуб любителей нард № {i % 40 + 1}",
                region=REGIONS[i % 5],
            )
            for i in range(players)
        ),
        batch_size=2000,
    )
    Participant.objects.bulk_create(
        (Participant(tournament=t, person=p, seed=i + 1) for i, p in enumerate(people)), batch_size=2000
    )
    return t, secretary


def play(rnd, rng: random.Random, leave: int = 0) -> list:
    """Random results for every open match of the round but the last ``leave`` tables (bulk_update)."""
    from draw.models import Match, ResultKind

    matches = list(rnd.matches.filter(result_kind="").exclude(player2=None).order_by("table"))
    todo = matches[: len(matches) - leave] if leave else matches
    now = datetime.datetime(2026, 12, 5, 12, 0, tzinfo=datetime.UTC)
    for m in todo:
        loser = rng.randrange(0, 7)
        first_wins = rng.random() < 0.5
        m.score1, m.score2 = (7, loser) if first_wins else (loser, 7)
        m.winner_id = m.player1_id if first_wins else m.player2_id
        m.result_kind = ResultKind.PLAYED
        m.ended_at = m.final_at = now
    Match.objects.bulk_update(
        todo, ["score1", "score2", "winner", "result_kind", "ended_at", "final_at"], 2000
    )
    return matches[len(matches) - leave :] if leave else []


def publish(rnd) -> None:
    from django.utils import timezone

    from draw.models import Round

    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED, published_at=timezone.now())


def finish_round(rnd) -> None:
    from draw.models import Round

    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.FINISHED)


class Meter:
    """Times and query counts of named steps, printed as one table at the end."""

    def __init__(self, profile: str) -> None:
        self.rows: list[tuple[str, str, float, float, int]] = []
        self.profile = profile

    def __call__(self, field: str, step: str, fn):
        from django.db import connection, reset_queries
        from django.test.utils import CaptureQueriesContext

        reset_queries()
        profiler = cProfile.Profile() if step in self.profile.split(",") else None
        with CaptureQueriesContext(connection) as queries:
            c0, t0 = time.process_time(), time.perf_counter()
            if profiler:
                profiler.enable()
            out = fn()
            if profiler:
                profiler.disable()
            t1, c1 = time.perf_counter(), time.process_time()
        self.rows.append((field, step, t1 - t0, c1 - c0, len(queries)))
        print(
            f"  {field:<16}{step:<19}{t1 - t0:>8.2f} s{c1 - c0:>8.2f} s CPU{len(queries):>7} queries",
            flush=True,
        )
        if profiler:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return out

    def table(self) -> str:
        lines = ["| field | step | wall, s | CPU, s | queries |", "|---|---|---:|---:|---:|"]
        for field, step, wall, cpu, queries in self.rows:
            lines.append(f"| {field} | {step} | {wall:.2f} | {cpu:.2f} | {queries} |")
        return "\n".join(lines)


def measure(meter: Meter, label: str, t, secretary, rnd_before, number: int, documents: list[str]) -> None:
    from django.test import Client
    from django.urls import reverse

    from draw import manager as draw_manager
    from protocols import documents as docs

    rnd = meter(label, "draw", lambda: draw_manager.draw_round(t, secretary, number, seed=number))
    publish(rnd)
    client = Client()
    client.force_login(secretary)
    # Warm what is not per request (translations, templates, content types) on a small page: the first
    # request of a process costs ~0.4 s whatever it asks, and that is no measure of the result form.
    client.get(reverse("public:detail", args=[t.pk]))
    matches = list(rnd.matches.exclude(player2=None).filter(result_kind="").order_by("table"))
    first, last = matches[0], matches[-1]

    def save(m):
        def run():
            response = client.post(
                reverse("draw:match_result", args=[t.pk, m.pk]),
                {"kind": "played", "score1": 7, "score2": 3, "version": m.version},
                follow=True,
            )
            assert response.status_code == 200, response.status_code
            return response

        return run

    meter(label, "result start", save(first))
    # The entry page's row endpoint (the row's HTML only), on the second table.
    second = matches[1]

    def save_row():
        response = client.post(
            reverse("public:round_entry_row", args=[t.pk, rnd.number, second.pk]),
            {"score1": 7, "score2": 2, "version": second.version},
            HTTP_X_ENTRY_ROW="1",
        )
        assert response.status_code == 200, response.status_code

    meter(label, "entry row", save_row)
    # The whole-round entry's one submit of 100 typed rows (issue 20 item 6): one transaction.
    hundred = matches[2:102]

    def save_hundred():
        rows = json.dumps([[m.pk, "7", "1", str(m.version)] for m in hundred])
        response = client.post(reverse("public:round_entry_all", args=[t.pk, rnd.number]), {"rows": rows})
        assert response.status_code == 302, response.status_code

    meter(label, "100 rows at once", save_hundred)
    rng = random.Random(number)
    play(rnd, rng, leave=1)
    last.refresh_from_db()
    meter(label, "result end", save(last))
    meter(label, "round page", lambda: client.get(reverse("public:round", args=[t.pk, rnd.number])))
    # The whole-round entry page (issue 37: paged like the round page), its first page and the page the «стол
    # №» jump to the last table lands on.
    entry = reverse("public:round_entry", args=[t.pk, rnd.number])

    def entry_page(query=""):
        def run():
            response = client.get(entry + query, follow=True)
            assert response.status_code == 200, response.status_code

        return run

    meter(label, "entry page", entry_page())
    meter(label, "entry jump to last", entry_page(f"?table={last.table}"))
    meter(label, "standings page", lambda: client.get(reverse("public:standings", args=[t.pk])))
    someone = t.participants.order_by("pk").values_list("pk", flat=True)[len(matches) // 2]
    meter(label, "participant page", lambda: client.get(reverse("public:participant", args=[t.pk, someone])))
    meter(label, "document page", lambda: client.get(reverse("protocols:document", args=[t.pk, "final"])))
    finish_round(rnd)

    def pdf(kind):
        def run():
            data = docs.build_data(t, kind, "")
            return docs.render_data(kind, data)

        return run

    for kind in documents:
        name = {"final": "final protocol", "crosstable": "crosstable PDF"}[kind]
        meter(label, name, pdf(kind))


def swiss(meter: Meter, players: int, rounds: int) -> None:
    from draw import manager as draw_manager

    label = f"Swiss {players:,}"
    c0 = time.perf_counter()
    t, secretary = build_field(label, players, "swiss", rounds + 1)
    rng = random.Random(players)
    for number in range(1, rounds + 1):
        rnd = draw_manager.draw_round(t, secretary, number, seed=number)
        publish(rnd)
        play(rnd, rng)
        finish_round(rnd)
    print(f"{label}: {rounds} rounds built in {time.perf_counter() - c0:.0f} s", flush=True)
    measure(meter, label, t, secretary, None, rounds + 1, ["final"])


def round_robin(meter: Meter, players: int) -> None:
    from draw import manager as draw_manager

    label = f"round robin {players}"
    c0 = time.perf_counter()
    t, secretary = build_field(label, players, "round_robin", None)
    rng = random.Random(players)
    total = players - 1 + players % 2
    for number in range(1, total):
        rnd = draw_manager.draw_round(t, secretary, number, seed=number)
        publish(rnd)
        play(rnd, rng)
        finish_round(rnd)
    print(f"{label}: {total - 1} rounds built in {time.perf_counter() - c0:.0f} s", flush=True)
    measure(meter, label, t, secretary, None, total, ["final", "crosstable"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,5000,10000", help="Swiss fields (comma-separated; '' none)")
    parser.add_argument("--round-robins", default="100,200", help="round-robin fields ('' none)")
    parser.add_argument("--rounds", type=int, default=8, help="Swiss rounds played before the measured one")
    parser.add_argument(
        "--profile", default="", help="cProfile these steps (comma-separated, e.g. 'draw,final protocol')"
    )
    args = parser.parse_args()
    _setup()
    from django.db import connection

    meter = Meter(args.profile)
    print(f"database: {connection.vendor}; load average {os.getloadavg()[0]:.1f}", flush=True)
    for size in [int(x) for x in args.sizes.split(",") if x.strip()]:
        swiss(meter, size, args.rounds)
    for size in [int(x) for x in args.round_robins.split(",") if x.strip()]:
        round_robin(meter, size)
    print()
    print(f"database: {connection.vendor}; load average {os.getloadavg()[0]:.1f}")
    print(meter.table())


if __name__ == "__main__":
    main()
