"""Two people at the same moment, on a real PostgreSQL (row locks behave as in production)."""

from __future__ import annotations

import pytest
from django.db import connection

from draw import manager as draw_manager
from draw import results
from draw.models import Match, Round
from tests.concurrency import race
from tests.factories import make_tournament

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"),
]


def test_two_result_entries_at_once_save_one_and_report_a_conflict(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=4)
    rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    Round.objects.filter(pk=rnd.pk).update(status="published")
    m = rnd.matches.order_by("table").first()
    a = results.ResultInput("played", 7, 2)
    b = results.ResultInput("played", 3, 7)
    outcomes = race(
        lambda: results.record_result(m.pk, secretary, a, 0),
        lambda: results.record_result(m.pk, chief_judge, b, 0),
    )
    saved = [o for o in outcomes if isinstance(o, Match)]
    conflicts = [o for o in outcomes if isinstance(o, results.ResultConflict)]
    assert len(saved) == 1 and len(conflicts) == 1, outcomes
    m.refresh_from_db()
    assert (m.score1, m.score2) == (saved[0].score1, saved[0].score2)
    assert m.version == 1
    assert t.audit.filter(action="result").count() == 1


def test_two_draws_of_the_same_round_at_once_make_one_round(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=10)
    outcomes = race(
        lambda: draw_manager.draw_round(t, secretary, expected_number=1),
        lambda: draw_manager.draw_round(t, chief_judge, expected_number=1),
    )
    rounds = [o for o in outcomes if isinstance(o, Round)]
    already = [o for o in outcomes if isinstance(o, draw_manager.AlreadyDrawn)]
    assert len(rounds) == 1 and len(already) == 1, outcomes
    assert already[0].round.pk == rounds[0].pk
    assert Round.objects.filter(tournament=t).count() == 1
    assert Match.objects.filter(round__tournament=t).count() == 5


def test_two_draws_without_a_round_number_still_make_one_round(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=10)
    outcomes = race(
        lambda: draw_manager.draw_round(t, secretary), lambda: draw_manager.draw_round(t, chief_judge)
    )
    assert sum(isinstance(o, Round) for o in outcomes) == 1
    assert sum(isinstance(o, draw_manager.DrawError) for o in outcomes) == 1, outcomes
    assert Round.objects.filter(tournament=t).count() == 1
