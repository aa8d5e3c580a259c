"""Benchmark of the PDF protocols (not a test): the final protocol, the standings, the Swiss table and the
chief judge's report of 1,000 participants.

Run: ``.venv/bin/python bench/bench_protocols.py`` (from the repository root; ``--players N`` and
``--rounds R`` change the field). It builds a finished Swiss tournament of N participants and R rounds in a
throw-away SQLite database (the real draw engine pairs every round; results are random), then times what
the Celery task does for each document: build the plain data (one pass over the database) and render the
PDF. It prints the time, the page count and the file size of each.
"""

from __future__ import annotations

import argparse
import datetime
import io
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--out", type=Path, default=None, help="keep the PDFs in this directory")
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-protocols-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ["MEDIA_ROOT"] = f"{workdir}/media"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    t = build_tournament(args.players, args.rounds)

    from django.utils import translation
    from pypdf import PdfReader

    from protocols.docs import final, report, standings, swiss_table
    from protocols.documents import DOCUMENT_LANGUAGE

    print(f"{args.players} participants, {args.rounds} Swiss rounds, finished")
    print(
        f"load average {os.getloadavg()[0]:.1f} "
        "(other processes slow the wall time; the CPU time is this process's own)"
    )
    print(
        f"{'document':<16}{'data, s':>9}{'render, s':>11}{'total, s':>10}{'CPU, s':>8}"
        f"{'pages':>7}{'size, KB':>10}"
    )
    for name, build, draw in (
        ("final protocol", final.build, final.render),
        ("standings", standings.build, standings.render),
        # Issue 30: the Swiss table (every player, every round) and the report with the Ministry's figures.
        ("swiss table", swiss_table.build, swiss_table.render),
        ("report", report.build, report.render),
    ):
        with translation.override(DOCUMENT_LANGUAGE):
            c0, t0 = time.process_time(), time.perf_counter()
            data = build(t)
            t1 = time.perf_counter()
            pdf = draw(data)
            t2, c2 = time.perf_counter(), time.process_time()
        pages = len(PdfReader(io.BytesIO(pdf)).pages)
        if args.out is not None:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{name.replace(' ', '-')}.pdf").write_bytes(pdf)
        print(
            f"{name:<16}{t1 - t0:>9.2f}{t2 - t1:>11.2f}{t2 - t0:>10.2f}{c2 - c0:>8.2f}"
            f"{pages:>7}{len(pdf) / 1024:>10.0f}"
        )


def build_tournament(players: int, rounds: int):
    from django.contrib.auth.models import User

    from draw import manager as draw_manager
    from draw.models import Match, ResultKind, Round
    from registration.models import Official, Participant, Person
    from tournaments.models import Tournament

    rng = random.Random(1)
    secretary = User.objects.create_user("secretary")
    judge = User.objects.create_user("judge")
    start = datetime.date(2026, 12, 5)
    t = Tournament.objects.create(
        name="Открытый чемпионат по длинным нардам (нагрузочный)",
        discipline="long",
        system="swiss",
        rounds=rounds,
        start_date=start,
        end_date=start + datetime.timedelta(days=2),
        venue="Москва, Центральный дом шахматиста",
        tiebreaks="buchholz,buchholz_cut1,sonneborn_berger,wins",
    )
    for user, surname, role in (
        (secretary, "Секретарёва", "chief_secretary"),
        (judge, "Судейкин", "chief_judge"),
    ):
        person = Person.objects.create(surname=surname, name="Анна", patronymic="Павловна", user=user)
        Official.objects.create(tournament=t, person=person, role=role)
    surnames = [
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
    names = ["Артур", "Борис", "Вадим", "Георгий", "Давид", "Евгений", "Леонид", "Максим"]
    regions = ["Москва", "Санкт-Петербург", "Республика Дагестан", "Краснодарский край", "Республика Армения"]
    people = Person.objects.bulk_create(
        Person(
            surname=f"{surnames[i % 10]}-{i:04d}",
            name=names[i % 8],
            patronymic="Петрович",
            birth_date=datetime.date(1970, 1, 1) + datetime.timedelta(days=11 * i),
            organisation=f"Клуб любителей нард № {i % 40 + 1}",
            region=regions[i % 5],
        )
        for i in range(players)
    )
    Participant.objects.bulk_create(
        Participant(tournament=t, person=p, seed=i + 1) for i, p in enumerate(people)
    )
    for number in range(1, rounds + 1):
        rnd = draw_manager.draw_round(t, secretary, number, seed=number)
        matches = list(rnd.matches.filter(result_kind=""))
        for m in matches:
            loser = rng.randrange(0, 7)
            first_wins = rng.random() < 0.5
            m.score1, m.score2 = (7, loser) if first_wins else (loser, 7)
            m.winner_id = m.player1_id if first_wins else m.player2_id
            m.result_kind = ResultKind.PLAYED
        Match.objects.bulk_update(matches, ["score1", "score2", "winner", "result_kind"])
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.FINISHED)
    t.status = Tournament.Status.FINISHED
    t.finished_at = datetime.datetime(2026, 12, 7, 18, 0, tzinfo=datetime.UTC)
    t.save(update_fields=["status", "finished_at"])
    return t


if __name__ == "__main__":
    main()
