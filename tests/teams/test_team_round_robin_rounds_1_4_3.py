"""A team round robin plays its whole schedule (004 §1.4.3, §5.7.3; issue 27 item 3): 5 teams, 5 rounds
(with the rest); a team removed after round 1 does not shorten it — its scheduled opponents rest (or win
technically), and the event is finished only after round 5."""

from __future__ import annotations

from django.urls import reverse

from draw import manager as draw_manager
from draw.models import TeamMatch
from judging import lifecycle
from tests.factories import make_tournament
from tests.teams.helpers import finish, make_teams
from tests.teams.test_team_removal_round_robin import _remove, _round


def test_a_team_round_robin_counts_its_planned_rounds_after_a_removal_1_4_3(client, secretary, chief_judge):
    t = make_tournament(
        secretary, chief_judge, system="round_robin", character="team", boards=2, match_length=3
    )
    teams = make_teams(t, 5, 2)
    _round(client, secretary, t, 1)
    _remove(client, chief_judge, t, teams[4])
    for number in (2, 3):
        _round(client, secretary, t, number)
    t.refresh_from_db()
    assert draw_manager.rounds_left(t)
    assert "rounds_left" in [b.key for b in lifecycle.blockers(t)]
    client.force_login(secretary)
    response = client.post(reverse("judging:finish", args=[t.pk]), {"confirm": "1", "confirm_early": "1"})
    t.refresh_from_db()
    assert t.status != "finished", response.status_code
    for number in (4, 5):
        _round(client, secretary, t, number)
        assert TeamMatch.objects.filter(
            round__tournament=t, round__number=number, team2__isnull=False
        ).exists()
    t.refresh_from_db()
    assert not draw_manager.rounds_left(t)
    # Every pair of the four teams that stayed has met once: the whole schedule was played.
    met = {
        frozenset((tm.team1_id, tm.team2_id))
        for tm in TeamMatch.objects.filter(round__tournament=t, team2__isnull=False)
        if "walkover" not in tm.flags and teams[4].pk not in (tm.team1_id, tm.team2_id)
    }
    assert len(met) == 6
    finish(client, t)
