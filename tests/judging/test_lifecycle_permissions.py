"""Nothing in the lifecycle weakens a permission: every new action answers 403 to the anonymous visitor, a
participant, a stranger and another tournament's secretary, and changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Match, Round
from tests.judging.conftest import at, frozen
from tournaments.models import AuditEntry

OUTSIDERS = ["anonymous", "participant_user", "stranger", "other_secretary"]


def _login(client, who, request):
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))


def _state(t):
    return (
        list(Round.objects.filter(tournament=t).values_list("number", "status", "review", "seed")),
        list(
            Match.objects.filter(round__tournament=t).values_list("pk", "result_kind", "player1", "player2")
        ),
        AuditEntry.objects.filter(tournament=t).count(),
        Round.objects.filter(tournament=t).count(),
    )


@pytest.mark.parametrize("who", OUTSIDERS)
def test_outsiders_cannot_finish_review_a_round_or_record_a_tie_403(client, running, secretary, who, request):
    with frozen(at(5)):
        draw_manager.draw_round(running, secretary, expected_number=2, seed=3)
    Round.objects.filter(tournament=running, number=2).update(review=[{"match": 1, "round": 1, "table": 1}])
    before = _state(running)
    _login(client, who, request)
    assert client.get(reverse("judging:finish", args=[running.pk])).status_code == 403
    assert client.post(reverse("judging:finish", args=[running.pk]), {"confirm": "1"}).status_code == 403
    for action in ("keep", "redraw"):
        response = client.post(reverse("draw:round_review", args=[running.pk, 2]), {"action": action})
        assert response.status_code == 403
    assert client.post(reverse("judging:group_tie", args=[running.pk, 1]), {"note": "x"}).status_code == 403
    assert (
        client.post(
            reverse("judging:swiss_rounds", args=[running.pk]), {"rounds": 9, "reason": "x"}
        ).status_code
        == 403
    )
    assert _state(running) == before
    running.refresh_from_db()
    assert running.status == "running" and running.rounds == 3


def test_a_plain_secretary_reviews_a_round_but_records_no_tie_and_changes_no_rounds(
    client, running, secretary, plain_secretary
):
    with frozen(at(5)):
        draw_manager.draw_round(running, secretary, expected_number=2, seed=3)
    Round.objects.filter(tournament=running, number=2).update(review=[{"match": 1, "round": 1, "table": 1}])
    client.force_login(plain_secretary)
    assert client.post(reverse("judging:group_tie", args=[running.pk, 1]), {"note": "x"}).status_code == 403
    assert (
        client.post(
            reverse("judging:swiss_rounds", args=[running.pk]), {"rounds": 9, "reason": "x"}
        ).status_code
        == 403
    )
    assert client.post(reverse("judging:reopen", args=[running.pk]), {"reason": "x"}).status_code == 403
    response = client.post(reverse("draw:round_review", args=[running.pk, 2]), {"action": "keep"})
    assert response.status_code == 302
    assert not Round.objects.get(tournament=running, number=2).needs_review
