"""The number of Swiss rounds is fixed when round 1 is published (004 §1.4.6): stored, printed, and changed
only by the chief judge with a reason."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from protocols.docs import final, pairings
from tests.factories import make_tournament
from tests.judging.conftest import at, frozen, play
from tournaments.models import AuditEntry


@pytest.fixture
def swiss(secretary, chief_judge):
    """8 players, the number of rounds left empty (3 recommended for 8)."""
    return make_tournament(secretary, chief_judge, players=8, system="swiss")


def test_publishing_round_1_fixes_the_recommended_number_and_withdrawals_do_not_shorten_it_1_4_6(
    client, swiss, secretary
):
    client.force_login(secretary)
    with frozen(at(0)):
        client.post(reverse("draw:draw", args=[swiss.pk]), {"number": 1})
        client.post(reverse("draw:publish", args=[swiss.pk, 1]))
    swiss.refresh_from_db()
    assert swiss.rounds == 3
    assert AuditEntry.objects.filter(tournament=swiss, action="rounds", data__rounds=3).exists()
    # Four players withdraw: 4 left would recommend 2 rounds; the event still has 3.
    for p in swiss.participants.order_by("-seed")[:4]:
        client.post(reverse("draw:withdraw", args=[swiss.pk]), {"participant": p.pk, "reason": "травма"})
    with frozen(at(1)):
        for m in swiss.round_set.get(number=1).matches.filter(result_kind=""):
            from draw import results

            results.record_result(m.pk, secretary, results.ResultInput("played", 7, 2), m.version)
    with frozen(at(60)):
        play(swiss, secretary, 2)
    assert draw_manager.rounds_left(swiss)
    assert pairings.build(swiss.round_set.get(number=2)).rounds_total == 3
    # Two rounds played of the three fixed at the start (004 §1.4.6).
    assert ("Туры", "2 из 3") in [(f.label, f.value) for f in final.build(swiss).details]


@pytest.mark.parametrize(
    "who", ["anonymous", "participant_user", "stranger", "other_secretary", "plain_secretary", "secretary"]
)
def test_only_the_chief_judge_changes_the_number_of_rounds_403_1_4_6(client, swiss, who, request):
    from registration.models import Official
    from tests.factories import make_user

    swiss.rounds = 3
    swiss.save()
    if who == "plain_secretary":
        user = make_user("plainsec3")
        Official.objects.create(tournament=swiss, person=user.person, role=Official.Role.SECRETARY)
        client.force_login(user)
    elif who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = client.post(reverse("judging:swiss_rounds", args=[swiss.pk]), {"rounds": 5, "reason": "время"})
    assert response.status_code == 403
    swiss.refresh_from_db()
    assert swiss.rounds == 3


def test_the_chief_judge_changes_it_with_a_reason_never_below_the_rounds_drawn_1_4_6(
    client, swiss, chief_judge, secretary
):
    with frozen(at(0)):
        play(swiss, secretary, 1)
        play(swiss, secretary, 2)
    swiss.refresh_from_db()
    client.force_login(chief_judge)
    url = reverse("judging:swiss_rounds", args=[swiss.pk])
    assert client.post(url, {"rounds": 4, "reason": " "}).status_code == 400
    assert client.post(url, {"rounds": 1, "reason": "мало времени"}).status_code == 400
    assert client.post(url, {"rounds": 2, "reason": "зал закрывается раньше"}).status_code == 302
    swiss.refresh_from_db()
    assert swiss.rounds == 2
    entry = AuditEntry.objects.get(tournament=swiss, action="rounds", reason="зал закрывается раньше")
    assert entry.user == chief_judge
    assert not draw_manager.rounds_left(swiss)
