"""004 §1.4.3: «Очередность туров может быть изменена по мотивированному решению Главного судьи соревнований
или лица его замещающего». The chief judge or his deputy exchanges two round-robin rounds not drawn yet,
with a reason; logged; the later draws follow the new order (issue 27, «Missing»)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from registration.models import Official
from tests.factories import make_tournament, make_user
from tournaments.models import AuditEntry


@pytest.fixture
def round_robin(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=6, system="round_robin")
    draw_manager.draw_round(t, secretary, expected_number=1, seed=3)
    draw_manager.publish_round(t, 1, secretary)
    return t


def _pairs(t, number):
    stage = t.stages.get(number=1)
    return stage.plan["rounds"][number - 1]


def _swap(client, t, a, b, reason="Судья заболел: тур 5 играется раньше"):
    return client.post(reverse("draw:round_order", args=[t.pk]), {"first": a, "second": b, "reason": reason})


def test_the_chief_judge_exchanges_two_rounds_with_a_reason_and_the_draw_follows_1_4_3(
    client, round_robin, chief_judge, secretary
):
    t = round_robin
    third, fifth = _pairs(t, 3), _pairs(t, 5)
    client.force_login(chief_judge)
    assert client.get(reverse("draw:round_order", args=[t.pk])).status_code == 200
    assert _swap(client, t, 3, 5).status_code == 302
    t.refresh_from_db()
    assert (_pairs(t, 3), _pairs(t, 5)) == (fifth, third)
    entry = AuditEntry.objects.get(tournament=t, action="round_order")
    assert entry.reason == "Судья заболел: тур 5 играется раньше" and entry.data["clause"] == "004 §1.4.3"
    assert entry.user == chief_judge
    # The next draws follow the new order.
    for number in (2, 3):
        with_results = t.round_set.get(number=number - 1)
        for m in with_results.matches.exclude(player2=None):
            m.result_kind, m.winner, m.score1, m.score2 = "played", m.player1, 7, 0
            m.save()
        rnd = draw_manager.draw_round(t, secretary, expected_number=number)
        draw_manager.publish_round(t, number, secretary)
    drawn = {frozenset((str(m.player1_id), str(m.player2_id))) for m in rnd.matches.exclude(player2=None)}
    assert drawn == {frozenset(p) for p in fifth["pairs"]}


def test_the_deputy_chief_judge_may_too_1_4_3(client, round_robin):
    deputy = make_user("deputy")
    Official.objects.create(
        tournament=round_robin, person=deputy.person, role=Official.Role.DEPUTY_CHIEF_JUDGE
    )
    client.force_login(deputy)
    assert _swap(client, round_robin, 2, 4).status_code == 302
    assert AuditEntry.objects.filter(action="round_order").exists()


@pytest.mark.parametrize("who", ["anonymous", "secretary", "participant_user", "stranger", "other_secretary"])
def test_nobody_else_changes_the_order_1_4_3(client, round_robin, who, request):
    # The chief secretary (``secretary``) runs the draw but is not named by §1.4.3.
    before = _pairs(round_robin, 2)
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = _swap(client, round_robin, 2, 4)
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "login" in response.url
    round_robin.refresh_from_db()
    assert _pairs(round_robin, 2) == before
    assert not AuditEntry.objects.filter(action="round_order").exists()


@pytest.mark.parametrize(
    ("a", "b", "reason"),
    [
        (1, 3, "Причина"),
        (3, 3, "Причина"),
        (3, 9, "Причина"),
        (0, 3, "Причина"),
        (2, 4, "  "),
        (10**30, 2, "x"),
    ],
)
def test_a_drawn_round_a_bad_number_or_no_reason_changes_nothing_1_4_3(
    client, round_robin, chief_judge, a, b, reason
):
    before = round_robin.stages.get(number=1).plan["rounds"]
    client.force_login(chief_judge)
    response = _swap(client, round_robin, a, b, reason)
    assert response.status_code == 400
    assert round_robin.stages.get(number=1).plan["rounds"] == before
    assert not AuditEntry.objects.filter(action="round_order").exists()


def test_a_swiss_has_no_order_of_rounds_to_change_1_4_3(client, secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=6, system="swiss", rounds=3)
    client.force_login(chief_judge)
    assert client.get(reverse("draw:round_order", args=[t.pk])).status_code == 404
