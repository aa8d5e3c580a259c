"""The board order and the captain of a team, fixed before the start by the secretary (004 §1.3.4)."""

from __future__ import annotations

from django.urls import reverse

from registration.models import Team
from tests.factories import make_tournament
from tests.teams.helpers import draw_and_publish, make_teams, publish


def test_the_secretary_fixes_the_board_order_before_the_start_004_1_3_4(client, secretary):
    t = make_tournament(secretary, system="swiss", character="team", rounds=3, boards=4)
    team = make_teams(t, 2, 5)[0]
    players = list(team.members.order_by("board_order"))
    url = reverse("public:team_order", args=[t.pk, team.pk])
    reverse_order = {f"place{p.pk}": 5 - i for i, p in enumerate(players)}
    # Anonymous: refused.
    assert client.post(url, {**reverse_order, "captain": players[4].pk}).status_code in (302, 403)
    assert Team.objects.get(pk=team.pk).captain_id == players[0].pk
    client.force_login(secretary)
    # A place given twice: refused, nothing changes.
    client.post(url, {**reverse_order, f"place{players[0].pk}": 1, "captain": players[4].pk})
    assert list(team.members.order_by("board_order")) == players
    client.post(url, {**reverse_order, "captain": players[4].pk})
    assert list(team.members.order_by("board_order")) == players[::-1]
    assert Team.objects.get(pk=team.pk).captain_id == players[4].pk
    page = client.get(reverse("public:team", args=[t.pk, team.pk])).content.decode()
    assert page.index(players[4].full_name) < page.index(players[0].full_name)
    # Once round 1 is published the order is fixed.
    draw_and_publish(client, t, 1)
    publish(client, t, 1)
    client.post(url, {f"place{p.pk}": i + 1 for i, p in enumerate(players)})
    assert list(team.members.order_by("board_order")) == players[::-1]
