"""A removed board player does not stop his team (004 §5.7.3 concerns the player; issue 27 item 4): a team of
two on two boards, no reserve, one player removed — the team plays on with board 1 and loses board 2
technically in every later team match; the event runs to its end."""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse

from draw import teams as draw_teams
from draw.models import Match, TeamMatch
from registration.models import Participant
from tests.factories import make_tournament
from tests.teams.helpers import finish, make_teams
from tests.teams.test_team_removal_round_robin import _round


def test_a_team_with_a_removed_player_and_no_reserve_plays_on_and_loses_his_board_5_7_3(
    client, secretary, chief_judge
):
    t = make_tournament(
        secretary, chief_judge, system="swiss", character="team", rounds=3, boards=2, match_length=3
    )
    teams = make_teams(t, 4, 2)
    _round(client, secretary, t, 1)
    gone = teams[0].members.get(board_order=2)
    client.force_login(chief_judge)
    response = client.post(
        reverse("judging:sanction_new", args=[t.pk]),
        {
            "participant": gone.pk,
            "kind": "removal",
            "violation": "conduct",
            "clause": "004 §5.7.3",
            "facts": "x",
        },
    )
    assert response.status_code == 302
    gone.refresh_from_db()
    assert gone.status == Participant.Status.REMOVED
    teams[0].refresh_from_db()
    assert not teams[0].removed
    for number in (2, 3):
        _round(client, secretary, t, number)  # drawn, published and played: not refused
        tm = TeamMatch.objects.get(
            Q(team1=teams[0]) | Q(team2=teams[0]), round__tournament=t, round__number=number
        )
        side = 1 if tm.team1_id == teams[0].pk else 2
        assert draw_teams.lost_boards(tm) == {2: side}
        boards = list(Match.objects.filter(team_match=tm, board__gte=1))
        assert [m.board for m in boards] == [1]  # board 1 is played by the player left
        assert gone.pk not in (boards[0].player1_id, boards[0].player2_id)
        # The team result counts board 2 as the opponent's: 2 boards in all.
        result = next(r for m, r in draw_teams._team_match_results(t) if m.pk == tm.pk)
        other = 2 if side == 1 else 1
        assert len(result.boards) == 2 and result.boards[1] == other
    page = client.get(reverse("public:team_round", args=[t.pk, 3])).content.decode()
    assert "нет игрока на эту доску: техническое поражение" in page
    # The captain's line-up form offers the one board the team can field.
    client.force_login(secretary)
    page = client.get(reverse("public:team", args=[t.pk, teams[0].pk])).content.decode()
    assert 'name="board1"' in page and 'name="board2"' not in page
    row = next(r for r in draw_teams.team_table(t) if r.team == str(teams[0].pk))
    assert row.played == 3
    finish(client, t)
