"""Render one sample of every PDF document and one page of each as a PNG under docs/protocols/.

Run: ``.venv/bin/python scripts/render_protocol_samples.py`` (from the repository root; needs ``pdftoppm``
from poppler-utils). It works in a throw-away SQLite database: ``load_demo`` builds the Swiss demo (a
sanction, a protest and a match protocol with its game-by-game record are added to it), and small extra
tournaments are played to the end for the crosstable (round robin) and the brackets (single and double
elimination). ``--pdf-dir DIR`` also keeps the PDFs.
"""

from __future__ import annotations

import argparse
import datetime
import io
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "protocols"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdf-dir", type=Path, default=None)
    parser.add_argument("--resolution", type=int, default=80)
    args = parser.parse_args()
    if shutil.which("pdftoppm") is None:
        sys.exit("pdftoppm is missing: apt-get install poppler-utils")

    workdir = Path(tempfile.mkdtemp(prefix="protocol-samples-"))
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/samples.sqlite3"
    os.environ["MEDIA_ROOT"] = str(workdir / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0)

    from protocols.documents import render_document
    from public.management.commands.load_demo import DEMO_NAME
    from tournaments.models import Tournament

    demo = Tournament.objects.get(name=DEMO_NAME)
    extras(demo)
    round_robin = played("Кубок клуба «Шеш-беш» (круговая система)", "round_robin", 8)
    single = played(
        "Кубок города по коротким нардам (олимпийская система)", "single_elimination", 12, "short"
    )
    double = played("Турнир ветеранов (с выбыванием после двух поражений)", "double_elimination", 8)

    finished = demo.round_set.filter(status="finished").order_by("-number").first()
    protocol_match = finished.matches.filter(protocol__isnull=False).first()
    from judging.models import Protest

    samples = [
        ("pairings", demo, "pairings", str(demo.round_set.order_by("-number").first().number)),
        (
            "match-blank",
            demo,
            "match",
            str(demo.round_set.order_by("-number").first().matches.exclude(player2=None).first().pk),
        ),
        ("match-filled", demo, "match", str(protocol_match.pk)),
        ("standings", demo, "standings", ""),
        ("final", demo, "final", ""),
        ("final-last-page", demo, "final", ""),
        ("registration", demo, "registration", ""),
        ("sanctions", demo, "sanctions", ""),
        ("protest", demo, "protest", str(Protest.objects.filter(tournament=demo).first().pk)),
        ("crosstable", round_robin, "crosstable", ""),
        ("bracket-single", single, "bracket", "1"),
        ("bracket-double", double, "bracket", "1"),
        ("final-double", double, "final", ""),
    ]
    OUT.mkdir(parents=True, exist_ok=True)
    from pypdf import PdfReader

    for name, t, kind, key in samples:
        pdf, _hash = render_document(t, kind, key)
        page = str(len(PdfReader(io.BytesIO(pdf)).pages)) if name.endswith("last-page") else "1"
        path = (args.pdf_dir or workdir) / f"{name}.pdf"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pdf)
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                str(args.resolution),
                "-f",
                page,
                "-l",
                page,
                "-singlefile",
                path,
                OUT / name,
            ],
            check=True,
        )
        print(f"{name:<16} {len(pdf) / 1024:>6.0f} KB  page {page} -> docs/protocols/{name}.png")


def extras(t) -> None:
    """What the demo lacks for the documents: a sanction, a protest, a protocol with its game record."""
    from django.utils import timezone

    from judging.models import MatchProtocol, Protest, Sanction
    from rules_core.matfile import write_mat
    from rules_core.simulate import random_match

    rnd = t.round_set.filter(status="finished").order_by("-number").first()
    matches = list(rnd.matches.exclude(player2=None).select_related("player1__person", "player2__person"))
    m = matches[0]
    record = random_match(
        "long",
        m.match_length,
        seed=33,
        cube_rate=0.05,
        players=(m.player1.person.surname, m.player2.person.surname),
    )
    s1, s2 = (
        sum(a.value for g in record.games for a in g.actions if a.kind == "win" and a.side == side)
        for side in (1, 2)
    )
    m.score1, m.score2 = s1, s2
    m.winner = m.player1 if s1 > s2 else m.player2
    m.save(update_fields=["score1", "score2", "winner"])
    MatchProtocol.objects.create(
        match=m,
        submitted_by=m.winner,
        score1=s1,
        score2=s2,
        record=write_mat(record),
        submitted_at=timezone.now(),
        status=MatchProtocol.Status.CERTIFIED,
    )
    other = matches[1]
    Sanction.objects.create(
        person=other.player1.person,
        tournament=t,
        kind=Sanction.Kind.WARNING,
        violation="break",
        clause="003",
        facts="Перерыв взят во время партии, соперник позвал судью.",
        match=other,
    )
    Protest.objects.create(
        tournament=t,
        match=other,
        protester=other.player2,
        filed_at=timezone.now(),
        reasons="Соперник взял перерыв во время партии (003).",
        arguments="Перерыв длился около 6 минут, часы не были остановлены.",
        evidence="Показания судьи стола; запись с камеры зала.",
        status=Protest.Status.DISMISSED,
        reviewed_at=timezone.now(),
        decided_at=timezone.now(),
        decision_reasons="Нарушение подтверждено, игроку вынесено предупреждение; на результат матча оно не "
        "повлияло, оснований для изменения результата нет.",
        consequence="",
    )


def played(name: str, system: str, players: int, discipline: str = "long"):
    """A small tournament of its own played to the end through the results module."""
    from django.contrib.auth.models import User

    from draw import manager as draw_manager
    from draw import results
    from draw.models import Round
    from judging import lifecycle
    from registration.models import Official, Participant, Person
    from tournaments.models import Tournament

    rng = random.Random(players)
    secretary = User.objects.get(username="secretary")
    start = datetime.date(2026, 12, 12)
    t = Tournament.objects.create(
        name=name,
        discipline=discipline,
        system=system,
        start_date=start,
        end_date=start,
        venue="Казань, шахматный клуб",
        match_length=5,
        created_by=secretary,
    )
    for username, role in (("secretary", "chief_secretary"), ("judge", "chief_judge")):
        Official.objects.create(tournament=t, person=User.objects.get(username=username).person, role=role)
    people = rng.sample(list(Person.objects.filter(user__isnull=True).order_by("pk")), players)
    for i, person in enumerate(people):
        Participant.objects.create(tournament=t, person=person, seed=i + 1)
    number = 0
    while draw_manager.rounds_left(t):
        number += 1
        rnd = draw_manager.draw_round(t, secretary, number, seed=number)
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
        for m in rnd.matches.filter(result_kind=""):
            loser, first = rng.randrange(0, 5), rng.random() < 0.5
            s1, s2 = (5, loser) if first else (loser, 5)
            results.record_result(m.pk, secretary, results.ResultInput("played", s1, s2), m.version)
        t.refresh_from_db()
    lifecycle.finish(t, secretary)
    t.refresh_from_db()
    return t


if __name__ == "__main__":
    main()
