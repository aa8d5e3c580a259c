"""Finishing and correcting a result at the same instant, on a real PostgreSQL (004 §6.2.1, 003 «Протоколы»).

Both take the tournament's row lock first: either the correction is saved and the finish is refused (the
corrected result is provisional again), or the tournament is finished and the correction is refused. Never a
finished tournament whose result changed afterwards."""

from __future__ import annotations

import datetime

import pytest
import time_machine
from django.db import connection
from django.db.models import Q

from draw import results
from draw.models import Match, Round
from judging import lifecycle
from judging.errors import JudgingError
from tests.concurrency import race
from tests.factories import make_tournament
from tournaments.models import Tournament

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"),
]

T0 = datetime.datetime(2026, 12, 5, 10, 0, tzinfo=datetime.UTC)


def test_a_finish_and_a_correction_at_once_never_leave_a_finished_tournament_changed_6_2_1(
    secretary, chief_judge
):
    from draw import manager as draw_manager

    t = make_tournament(secretary, chief_judge, players=4, system="swiss", rounds=1)
    with time_machine.travel(T0, tick=False):
        rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
        Round.objects.filter(pk=rnd.pk).update(status="published")
        for m in rnd.matches.all():
            results.record_result(m.pk, secretary, results.ResultInput("played", 7, 3), m.version)
    m = Match.objects.filter(round__tournament=t).order_by("table").first()
    with time_machine.travel(T0 + datetime.timedelta(minutes=30), tick=False):
        outcomes = race(
            lambda: lifecycle.finish(t, secretary, confirmed=True),
            lambda: results.record_result(m.pk, secretary, results.ResultInput("played", 3, 7), m.version),
        )
    finished, corrected = outcomes
    t.refresh_from_db()
    m.refresh_from_db()
    if t.status == Tournament.Status.FINISHED:
        assert finished is None and isinstance(corrected, results.ResultError), outcomes
        assert (m.score1, m.score2) == (7, 3)
    else:
        assert isinstance(finished, JudgingError) and isinstance(corrected, Match), outcomes
        assert (m.score1, m.score2) == (3, 7) and m.final_at is None


def test_a_double_click_files_one_protest_5_10(secretary, chief_judge, participant_user):
    from draw import manager as draw_manager
    from judging.models import Protest
    from registration.models import Participant
    from tests.factories import add_players

    t = make_tournament(secretary, chief_judge, system="swiss", rounds=2)
    me = Participant.objects.create(tournament=t, person=participant_user.person, seed=1)
    add_players(t, 3, start=1)
    with time_machine.travel(T0, tick=False):
        rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
        Round.objects.filter(pk=rnd.pk).update(status="published")
        for m in rnd.matches.all():
            results.record_result(m.pk, secretary, results.ResultInput("played", 7, 3), m.version)
    m = Match.objects.get(Q(player1=me) | Q(player2=me), round=rnd)
    when = T0 + datetime.timedelta(minutes=2)
    with time_machine.travel(when, tick=False):
        outcomes = race(
            *[
                lambda: Protest.file(m, me, participant_user, "счёт", "партия 2", "", [], when)
                for _ in range(2)
            ]
        )
    assert sum(isinstance(o, Protest) for o in outcomes) == 1, outcomes
    assert sum(isinstance(o, JudgingError) for o in outcomes) == 1, outcomes
    assert Protest.objects.filter(match=m).count() == 1
