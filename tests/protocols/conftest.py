"""Tournaments played to the end through the secretary's pages, and a helper to read PDFs back."""

from __future__ import annotations

import datetime
import io
import re

import pytest


@pytest.fixture
def media(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def _played(client, secretary, judge, players: int, **settings):
    from tests.factories import make_tournament, play_out

    t = make_tournament(secretary, judge, players=players, **settings)
    client.force_login(secretary)
    play_out(client, t, seed=7)
    client.logout()
    t.refresh_from_db()
    return t


@pytest.fixture
def swiss(client, secretary, chief_judge, media):
    return _played(client, secretary, chief_judge, 10)


@pytest.fixture
def round_robin(client, secretary, chief_judge, media):
    return _played(client, secretary, chief_judge, 6, system="round_robin")


@pytest.fixture
def single(client, secretary, chief_judge, media):
    return _played(client, secretary, chief_judge, 8, system="single_elimination")


@pytest.fixture
def double(client, secretary, chief_judge, media):
    return _played(client, secretary, chief_judge, 6, system="double_elimination")


def pdf_text(pdf: bytes) -> list[str]:
    """The text of each page, with runs of whitespace made single spaces."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    return [re.sub(r"\s+", " ", page.extract_text()) for page in reader.pages]


def pdf_reader(pdf: bytes):
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(pdf))


@pytest.fixture
def mixed(client, secretary, chief_judge, media):
    return _played(client, secretary, chief_judge, 8, system="mixed", group_count=2, qualifiers_per_group=2)


def play_direct(t, secretary, seed: int = 1) -> None:
    """Every round drawn, published and played through the managers (faster than the pages), finished."""
    import random

    from django.utils import timezone

    from draw import manager as draw_manager
    from draw import results
    from draw.models import Round
    from judging import lifecycle

    rng = random.Random(seed)
    number = 0
    while draw_manager.rounds_left(t):
        number += 1
        rnd = draw_manager.draw_round(t, secretary, number, seed=seed + number)
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED, published_at=timezone.now())
        for m in rnd.matches.filter(result_kind=""):
            loser, first = rng.randrange(0, m.match_length), rng.random() < 0.5
            s1, s2 = (m.match_length, loser) if first else (loser, m.match_length)
            results.record_result(m.pk, secretary, results.ResultInput("played", s1, s2), m.version)
        t.refresh_from_db()
    # The results were entered a moment ago: let their protest windows (004 §5.10) have closed.
    from draw.models import Match

    hour_ago = timezone.now() - datetime.timedelta(hours=1)
    Match.objects.filter(round__tournament=t).exclude(result_kind="").update(ended_at=hour_ago)
    from registration.models import Official, Person

    if not Official.objects.filter(tournament=t, role=Official.Role.CHIEF_JUDGE, accredited=True).exists():
        # 004 §6.1.1: the final protocol is the chief judge's to sign.
        judge = Person.objects.create(surname="Судейкин", name="Глеб", birth_date=datetime.date(1970, 2, 2))
        Official.objects.create(tournament=t, person=judge, role=Official.Role.CHIEF_JUDGE)
    lifecycle.finish(t, secretary, confirmed=True, confirm_early=True)
    t.refresh_from_db()


def attach_before_the_finish(m, user, text: str):
    """A record handed in while the tournament ran (a finished one takes none, 004 §6.2.1 item 6): the
    fixtures finish the tournament first, so it is reopened around the attachment, as it had been then."""
    from records import store
    from tournaments.models import Tournament

    t = m.round.tournament
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.RUNNING)
    m.round.tournament.status = Tournament.Status.RUNNING
    try:
        return store.attach(m, user, text, source="paste")
    finally:
        Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
        m.round.tournament.status = Tournament.Status.FINISHED


@pytest.fixture
def single33(secretary, chief_judge, media):
    from tests.factories import make_tournament

    t = make_tournament(secretary, chief_judge, players=33, system="single_elimination", match_length=3)
    play_direct(t, secretary)
    return t


@pytest.fixture
def double33(secretary, chief_judge, media):
    from tests.factories import make_tournament

    t = make_tournament(secretary, chief_judge, players=33, system="double_elimination", match_length=3)
    play_direct(t, secretary)
    return t


def big_round_robin(secretary, judge, players: int, length: int = 7):
    """A round robin of ``players`` with every round played, built fast: round 1 by the draw manager (the
    Berger plan), the other rounds in bulk from it. Only one match in it is won 7:6 — by the player drawn
    5th over the one drawn ``players - 2``-th — every other 7:0…7:4 (with ``length`` 7)."""
    import random

    from django.utils import timezone

    from draw import manager as draw_manager
    from draw.models import Match, ResultKind, Round
    from tests.factories import make_tournament

    t = make_tournament(secretary, judge, players=players, system="round_robin", match_length=length)
    first = draw_manager.draw_round(t, secretary, 1, seed=3)
    stage = first.stage
    stage.refresh_from_db()
    schedule, order = stage.plan["rounds"], stage.plan["order"]
    now = timezone.now()
    rounds = [first] + Round.objects.bulk_create(
        Round(tournament=t, stage=stage, number=n, seed=3) for n in range(2, len(schedule) + 1)
    )
    Round.objects.filter(tournament=t).update(status=Round.Status.FINISHED, published_at=now)
    Match.objects.filter(round=first).delete()
    rng = random.Random(players)
    chosen = {order[4], order[players - 3]}
    matches = []
    for rnd, planned in zip(rounds, schedule, strict=True):
        for table, (a, b) in enumerate(planned["pairs"], start=1):
            loser = length - 1 if {a, b} == chosen else rng.randrange(0, min(5, length - 1))
            a_wins = a == order[4] if {a, b} == chosen else rng.random() < 0.5
            matches.append(
                Match(
                    round=rnd,
                    table=table,
                    player1_id=int(a),
                    player2_id=int(b),
                    match_length=length,
                    result_kind=ResultKind.PLAYED,
                    score1=length if a_wins else loser,
                    score2=loser if a_wins else length,
                    winner_id=int(a) if a_wins else int(b),
                    ended_at=now,
                    final_at=now,
                )
            )
    Match.objects.bulk_create(matches, batch_size=2000)
    return t


@pytest.fixture
def round_robin40(secretary, chief_judge, media):
    # Every round played in bulk (big_round_robin), not through the managers: 39 rounds of 20 results took
    # most of the test's half minute (issue 26 part 5).
    return big_round_robin(secretary, chief_judge, 40, length=3)


def text_sizes(pdf: bytes) -> list[tuple[int, str, float]]:
    """(page, text, effective font size in points) of every text run of the PDF."""
    reader = pdf_reader(pdf)
    out: list[tuple[int, str, float]] = []
    for number, page in enumerate(reader.pages, start=1):

        def visit(text, cm, tm, font, size, number=number):
            if text.strip():
                # The size on paper: the font size scaled by the text and the current matrices.
                scale = abs(tm[3] * cm[3]) or abs(tm[0] * cm[0]) or 1
                out.append((number, text, size * scale))

        page.extract_text(visitor_text=visit)
    return out
