"""A team removed (004 §5.7.3 for a team event, §6.2.1 item 8): its unplayed boards of the published rounds
are technical defeats, later draws leave it out; only the chief judge removes, with a reason."""

from __future__ import annotations

from django.urls import reverse

from draw.models import Match, TeamMatch
from draw.teams import team_table
from registration.models import Team
from tests.factories import make_tournament
from tests.teams.helpers import draw_and_publish, enter, make_teams, publish


def test_a_removed_team_loses_its_remaining_boards_and_is_not_drawn_again_004_5_7_3(
    client, secretary, chief_judge
):
    t = make_tournament(secretary, chief_judge, system="swiss", character="team", rounds=3, boards=4)
    teams = make_teams(t, 4, 4)
    client.force_login(secretary)
    draw_and_publish(client, t, 1)
    publish(client, t, 1)
    gone = teams[0]
    tm = (
        TeamMatch.objects.get(round__number=1, team1=gone)
        if TeamMatch.objects.filter(round__number=1, team1=gone).exists()
        else TeamMatch.objects.get(round__number=1, team2=gone)
    )
    first = Match.objects.get(team_match=tm, board=1)
    enter(client, t, first, first_wins=first.player1.team_id == gone.pk)  # he won board 1 before

    # A secretary may not remove a team; a reason is needed.
    url = reverse("public:team_remove", args=[t.pk, gone.pk])
    assert client.post(url, {"reason": "Неявка"}).status_code == 403
    client.force_login(chief_judge)
    client.post(url, {"reason": ""})
    assert not Team.objects.get(pk=gone.pk).removed
    assert client.post(url, {"reason": "Неявка команды на тур"}).status_code == 302
    assert Team.objects.get(pk=gone.pk).removed
    boards = Match.objects.filter(team_match=tm).order_by("board")
    assert [m.result_kind for m in boards] == ["played", "technical", "technical", "technical"]
    other = tm.team2 if tm.team1_id == gone.pk else tm.team1
    assert all(m.winner.team_id == other.pk for m in boards[1:])
    rows = {int(r.team): r for r in team_table(t)}
    assert (rows[other.pk].match_points, rows[other.pk].board_points) == (2, 3)

    # Every remaining board played: round 2 pairs the three teams left (one bye).
    for m in Match.objects.filter(round__number=1, result_kind=""):
        enter(client, t, m, first_wins=True)
    client.force_login(secretary)
    draw_and_publish(client, t, 2)
    round2 = TeamMatch.objects.filter(round__number=2)
    assert round2.count() == 2 and round2.filter(team2__isnull=True).count() == 1
    assert not round2.filter(team1=gone).exists() and not round2.filter(team2=gone).exists()
