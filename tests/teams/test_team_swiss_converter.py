"""The team Swiss is the personal Swiss on team keys (issue 26 part 4: one converter per system,
``draw.systems``): before, ``draw.teams`` built its own request and diverged — it dropped the engine's float
flags, ignored the regulation's ``avoid_same`` and had no "Swiss until N losses". Each test fails on that
code."""

from __future__ import annotations

from draw import manager as draw_manager
from draw.models import Match, TeamMatch
from registration.models import Participant
from tests.factories import make_tournament
from tests.teams.helpers import draw_and_publish, enter, make_teams, publish


def _first_team_wins(client, t, number: int) -> None:
    for m in Match.objects.filter(round__tournament=t, round__number=number, team_match__isnull=False):
        enter(client, t, m, first_wins=m.player1.team_id == m.team_match.team1_id)


def test_team_swiss_keeps_the_engines_float_flags_004_1_4_6(client, secretary):
    # 6 teams of one board: after round 1 three teams have won, three have lost; each score group is odd, so
    # round 2 floats a team down and one up, and the team matches say so as a personal round's matches do.
    t = make_tournament(secretary, system="swiss", character="team", rounds=3, boards=1, match_length=3)
    make_teams(t, 6, 1)
    client.force_login(secretary)
    draw_and_publish(client, t, 1)
    publish(client, t, 1)
    _first_team_wins(client, t, 1)
    draw_and_publish(client, t, 2)
    publish(client, t, 2)
    flags = [f for tm in TeamMatch.objects.filter(round__number=2, round__tournament=t) for f in tm.flags]
    assert "float_down" in flags and "float_up" in flags


def test_team_swiss_honours_avoid_same_club_004_1_3_3(client, secretary):
    # Teams 1, 2 of one club and 3, 4 of another: round 1 (all on 0 points) pairs across the clubs, whatever
    # the lot, when the regulation asks the Swiss to avoid pairing one club (004 §1.3.3).
    t = make_tournament(
        secretary, system="swiss", character="team", rounds=2, boards=1, match_length=3, avoid_same="club"
    )
    teams = make_teams(t, 4, 1)
    for team, club in zip(teams, ["Север", "Север", "Юг", "Юг"]):
        Participant.objects.filter(team=team).update(club=club)
    for seed in range(12):
        rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=seed)
        pairs = [{tm.team1_id, tm.team2_id} for tm in rnd.team_matches.all()]
        assert {teams[0].pk, teams[1].pk} not in pairs and {teams[2].pk, teams[3].pk} not in pairs, seed
        draw_manager.drop_round(rnd)


def test_team_swiss_until_n_losses_ends_after_n_losses_004_1_4_6(client, secretary):
    # Swiss until one loss of 4 teams: round 1 puts two out, round 2 pairs the two unbeaten teams, and then
    # one is left: the event ends (the engine's end rule, the same as a personal event's).
    t = make_tournament(
        secretary, system="swiss_losses", character="team", max_losses=1, boards=1, match_length=3
    )
    make_teams(t, 4, 1)
    client.force_login(secretary)
    draw_and_publish(client, t, 1)
    publish(client, t, 1)
    _first_team_wins(client, t, 1)
    winners = {tm.team1_id for tm in TeamMatch.objects.filter(round__number=1, round__tournament=t)}
    assert draw_manager.rounds_left(t)
    draw_and_publish(client, t, 2)
    publish(client, t, 2)
    (final,) = TeamMatch.objects.filter(round__number=2, round__tournament=t)
    assert {final.team1_id, final.team2_id} == winners
    _first_team_wins(client, t, 2)
    assert not draw_manager.rounds_left(t)
    try:
        draw_manager.draw_round(t, secretary, expected_number=3)
    except draw_manager.DrawError as exc:
        assert "1" in str(exc)
    else:
        raise AssertionError("a third round was drawn with one team left")
