"""The number of rounds of a team Swiss is fixed when round 1 is published, as for a personal Swiss
(004 §1.4.6; issue 27 item 7): 9 teams → 4 rounds, and a team removed later does not make it 3."""

from __future__ import annotations

from draw import manager as draw_manager
from draw.teams import team_swiss_rounds
from tests.factories import make_tournament
from tests.teams.helpers import make_teams
from tests.teams.test_team_removal_round_robin import _remove, _round
from tournaments.models import AuditEntry


def test_a_team_swiss_fixes_its_rounds_at_publication_and_a_removal_does_not_shorten_it_1_4_6(
    client, secretary, chief_judge
):
    t = make_tournament(secretary, chief_judge, system="swiss", character="team", boards=2, match_length=3)
    teams = make_teams(t, 9, 2)
    assert t.rounds is None
    _round(client, secretary, t, 1)
    t.refresh_from_db()
    assert t.rounds == 4  # recommended for 9 teams
    assert AuditEntry.objects.filter(tournament=t, action="rounds", data__rounds=4).exists()
    _remove(client, chief_judge, t, teams[8])
    t.refresh_from_db()
    assert team_swiss_rounds(t) == 4  # 8 teams left would recommend 3
    for number in (2, 3):
        _round(client, secretary, t, number)
    t.refresh_from_db()
    assert draw_manager.rounds_left(t)
    _round(client, secretary, t, 4)
    t.refresh_from_db()
    assert not draw_manager.rounds_left(t)
