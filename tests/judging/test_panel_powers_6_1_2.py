"""Only the judging panel awards a technical defeat or a loss on time and annuls a result (004 §6.1.2 items
1–2); a plain secretary enters played scores only. The panel is the chief judge, the chief secretary and their
deputies (004 §6.1)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw.models import Match
from registration.models import Official
from registration.permissions import is_panel
from tests.factories import make_user
from tournaments.models import AuditEntry

PANEL_ONLY = [
    {"kind": "technical", "winner_side": "1", "reason": "неявка"},
    {"kind": "time", "winner_side": "2", "score1": 3, "score2": 2},
    {"kind": "annulled", "reason": "ошибка жеребьёвки"},
]


def _unplayed(t) -> Match:
    from tests.judging.conftest import at, draw_and_start, frozen

    with frozen(at(20)):
        draw_and_start(t, t.created_by, 2, seed=5)
    return Match.objects.filter(round__tournament=t, round__number=2).exclude(player2=None).first()


@pytest.mark.parametrize("data", PANEL_ONLY, ids=["technical", "time", "annulled"])
def test_a_plain_secretary_cannot_award_a_defeat_or_annul_403_and_nothing_changes_6_1_2(
    client, running, plain_secretary, data
):
    m = _unplayed(running)
    client.force_login(plain_secretary)
    before = AuditEntry.objects.count()
    response = client.post(
        reverse("draw:match_result", args=[running.pk, m.pk]), {**data, "version": m.version}
    )
    assert response.status_code == 403
    m.refresh_from_db()
    assert m.result_kind == "" and AuditEntry.objects.count() == before


def test_the_plain_secretarys_form_offers_played_scores_only_6_1_2(client, running, plain_secretary):
    m = _unplayed(running)
    client.force_login(plain_secretary)
    page = client.get(reverse("draw:match_result", args=[running.pk, m.pk])).content.decode()
    assert 'value="played"' in page and 'value="technical"' not in page and 'value="annulled"' not in page
    response = client.post(
        reverse("draw:match_result", args=[running.pk, m.pk]),
        {"kind": "played", "score1": 7, "score2": 4, "version": m.version},
    )
    assert response.status_code == 302
    m.refresh_from_db()
    assert m.result_kind == "played"


@pytest.mark.parametrize("role", ["chief_secretary", "deputy_chief_judge", "deputy_chief_secretary"])
def test_the_panel_and_its_deputies_award_a_technical_defeat_6_1(client, running, role):
    user = make_user(f"u_{role}")
    Official.objects.create(tournament=running, person=user.person, role=role)
    assert is_panel(user, running)
    m = _unplayed(running)
    client.force_login(user)
    response = client.post(
        reverse("draw:match_result", args=[running.pk, m.pk]), {**PANEL_ONLY[0], "version": m.version}
    )
    assert response.status_code == 302
    m.refresh_from_db()
    assert m.result_kind == "technical" and m.winner_id == m.player1_id


def test_a_deputy_of_another_tournament_has_no_power_here_6_1(client, running, secretary):
    from tests.factories import make_tournament

    user = make_user("deputy_elsewhere")
    other = make_tournament(secretary, name="Другой")
    Official.objects.create(tournament=other, person=user.person, role="deputy_chief_judge")
    m = _unplayed(running)
    client.force_login(user)
    response = client.post(
        reverse("draw:match_result", args=[running.pk, m.pk]), {**PANEL_ONLY[0], "version": m.version}
    )
    assert response.status_code == 403
    m.refresh_from_db()
    assert m.result_kind == ""


def test_a_plain_secretary_cannot_overwrite_a_panel_ruling_with_a_played_score_5_10_6_1_2(
    client, running, plain_secretary, chief_judge
):
    from draw import results

    m = _unplayed(running)
    results.panel_result(
        m.pk,
        chief_judge,
        results.ResultInput("technical", winner_side=1, reason="неявка"),
        "неявка",
        "004 §5.7.3",
    )
    m.refresh_from_db()
    client.force_login(plain_secretary)
    response = client.post(
        reverse("draw:match_result", args=[running.pk, m.pk]),
        {"kind": "played", "score1": 4, "score2": 7, "version": m.version},
    )
    assert response.status_code == 403
    m.refresh_from_db()
    assert m.result_kind == "technical" and m.winner_id == m.player1_id
