"""Who submits a team's line-up (004 §1.3.4, §2.4.3): its captain, its accredited representative, or a runner
of the tournament (issue 25 item 9). A representative registered but not accredited, or accredited for another
team, is offered no form and refused (403); nothing is stored."""

from __future__ import annotations

import pytest
from django.urls import reverse

from registration.models import Official
from tests.factories import make_tournament, make_user
from tests.teams.helpers import make_teams

pytestmark = [pytest.mark.security, pytest.mark.django_db]


@pytest.fixture
def event(secretary):
    t = make_tournament(secretary, system="swiss", character="team", rounds=3, boards=2, match_length=5)
    return t, make_teams(t, 4, 3)


def _representative(t, team, username: str, accredited: bool):
    user = make_user(username)
    Official.objects.create(
        tournament=t, person=user.person, role=Official.Role.REPRESENTATIVE, team=team, accredited=accredited
    )
    return user


def _lineup(team) -> dict:
    roster = list(team.members.order_by("board_order").values_list("pk", flat=True))
    return {"round": 1, "board1": roster[2], "board2": roster[0]}


def test_a_representative_not_accredited_cannot_submit_the_line_up_2_4_3(client, event):
    t, teams = event
    team = teams[0]
    user = _representative(t, team, "rep-pending", accredited=False)
    client.force_login(user)
    page = client.get(reverse("public:team", args=[t.pk, team.pk])).content.decode()
    assert reverse("public:team_lineup", args=[t.pk, team.pk]) not in page
    assert client.post(reverse("public:team_lineup", args=[t.pk, team.pk]), _lineup(team)).status_code == 403
    assert not team.lineups.exists()


def test_another_teams_accredited_representative_cannot_submit_the_line_up_2_4_3(client, event):
    t, teams = event
    client.force_login(_representative(t, teams[1], "rep-other", accredited=True))
    url = reverse("public:team_lineup", args=[t.pk, teams[0].pk])
    assert client.post(url, _lineup(teams[0])).status_code == 403
    assert not teams[0].lineups.exists()


def test_the_accredited_representative_submits_the_line_up_1_3_4(client, event):
    t, teams = event
    team = teams[0]
    client.force_login(_representative(t, team, "rep-ok", accredited=True))
    page = client.get(reverse("public:team", args=[t.pk, team.pk])).content.decode()
    assert reverse("public:team_lineup", args=[t.pk, team.pk]) in page
    assert client.post(reverse("public:team_lineup", args=[t.pk, team.pk]), _lineup(team)).status_code == 302
    assert team.lineups.get(round_number=1).players == [_lineup(team)["board1"], _lineup(team)["board2"]]
