"""The replacement of the dice recorded as data (003 «Игральные кости» пп. 1–2): who asked, when, before or
during which game, by whose decision (the chief judge or his deputy) and why; each player once in a match, a
second replacement refused; printed on the match protocol; logged (issue 27, «partly right»)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw.models import Round
from judging.models import DiceReplacement
from protocols.docs import match as match_doc
from registration.models import Official
from tests.factories import make_user
from tests.judging.conftest import at, frozen
from tournaments.models import AuditEntry


@pytest.fixture
def deputy(running):
    user = make_user("deputyjudge")
    Official.objects.create(tournament=running, person=user.person, role=Official.Role.DEPUTY_CHIEF_JUDGE)
    return user


def _match(t):
    return Round.objects.get(tournament=t, number=1).matches.exclude(player2=None).order_by("table").first()


def _replace(client, t, m, player, game=3, **extra):
    data = {"requested_by": player.pk, "game": game, "reason": "Скол на кости", **extra}
    return client.post(reverse("judging:dice_replacement", args=[t.pk, m.pk]), data)


def test_the_chief_judge_records_who_asked_when_which_game_and_why_003_dice(client, running, chief_judge):
    m = _match(running)
    client.force_login(chief_judge)
    with frozen(at(20)):
        assert _replace(client, running, m, m.player2).status_code == 302
    row = DiceReplacement.objects.get()
    assert (row.match, row.requested_by, row.game, row.during_game) == (m, m.player2, 3, False)
    assert row.decided_by == chief_judge and row.decided_as == Official.Role.CHIEF_JUDGE
    assert row.reason == "Скол на кости" and row.at == at(20)
    entry = AuditEntry.objects.get(action="dice_replacement")
    assert entry.data["clause"] == "003 «Игральные кости»" and entry.data["match"] == m.pk
    printed = match_doc.build(m).dice
    assert "3" in printed and m.player2.short_name in printed and "Скол на кости" in printed


def test_a_second_replacement_for_the_same_player_in_one_match_is_refused_003_dice(
    client, running, chief_judge, deputy
):
    m = _match(running)
    client.force_login(chief_judge)
    assert _replace(client, running, m, m.player1, game=2).status_code == 302
    client.force_login(deputy)  # the deputy decides too (003 п. 2), but the player's one replacement is used
    response = _replace(client, running, m, m.player1, game=5)
    assert response.status_code == 400
    assert "один раз в матче" in response.content.decode()
    assert DiceReplacement.objects.count() == 1
    # The opponent has his own (003 п. 1: once in a match for each player), during a game by the deputy.
    assert _replace(client, running, m, m.player2, game=5, during_game="on").status_code == 302
    assert DiceReplacement.objects.get(requested_by=m.player2).decided_as == Official.Role.DEPUTY_CHIEF_JUDGE


@pytest.mark.parametrize(
    "who", ["anonymous", "participant_user", "stranger", "plain_secretary", "secretary", "other_secretary"]
)
def test_only_the_chief_judge_or_his_deputy_decides_003_dice(client, running, who, request):
    # The chief secretary (``secretary``) sits on the panel but is not named by 003 п. 2.
    m = _match(running)
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = _replace(client, running, m, m.player1)
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "login" in response.url
    assert not DiceReplacement.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"game": 0},
        {"game": 10**30},
        {"reason": "   "},
        {"requested_by": 10**30},
    ],
)
def test_bad_input_changes_nothing_003_dice(client, running, chief_judge, data):
    m = _match(running)
    client.force_login(chief_judge)
    payload = {"requested_by": m.player1_id, "game": 2, "reason": "Скол", **data}
    response = client.post(reverse("judging:dice_replacement", args=[running.pk, m.pk]), payload)
    assert response.status_code == 400
    assert not DiceReplacement.objects.exists()


def test_a_player_of_another_match_is_not_who_asked_003_dice(client, running, chief_judge):
    m = _match(running)
    other = (
        Round.objects.get(tournament=running, number=1).matches.exclude(pk=m.pk).exclude(player2=None).first()
    )
    client.force_login(chief_judge)
    assert _replace(client, running, m, other.player1).status_code == 400
    assert not DiceReplacement.objects.exists()


def test_the_form_is_on_the_match_page_for_the_chief_judge_only_003_dice(
    client, running, chief_judge, secretary
):
    m = _match(running)
    url = reverse("judging:match", args=[running.pk, m.pk])
    action = reverse("judging:dice_replacement", args=[running.pk, m.pk])
    client.force_login(chief_judge)
    assert action in client.get(url).content.decode()
    client.force_login(secretary)
    assert action not in client.get(url).content.decode()
