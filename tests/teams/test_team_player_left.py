"""A player taken out of a team (withdrawn, removed, disqualified: 004 §5.7.3) leaves his board matches: a
draft team round is drawn again with the same seed; the board order moves up and the reserve plays."""

from __future__ import annotations

from django.db.models import Q

from draw import manager as draw_manager
from draw.models import Match
from registration.models import Participant
from tests.factories import make_tournament
from tests.teams.helpers import make_teams


def test_a_player_leaving_a_team_leaves_its_draft_boards_004_5_7_3(secretary):
    t = make_tournament(secretary, system="swiss", character="team", rounds=3, boards=4)
    teams = make_teams(t, 4, 5)
    rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=9)
    leaving = teams[0].members.get(board_order=2)
    reserve = teams[0].members.get(board_order=5)
    assert Match.objects.filter(Q(player1=leaving) | Q(player2=leaving), round=rnd).exists()
    leaving.status = Participant.Status.WITHDRAWN
    leaving.save(update_fields=["status"])
    note = draw_manager.player_left(t, leaving, secretary)
    assert note
    again = t.round_set.get(number=1)
    assert again.seed == 9
    assert not Match.objects.filter(Q(player1=leaving) | Q(player2=leaving), round=again).exists()
    board4 = Match.objects.get(Q(player1=reserve) | Q(player2=reserve), round=again)
    assert board4.board == 4  # boards 3 and 4 moved up one; the reserve plays board 4
    assert again.team_matches.count() == 2
