"""The API's team matches say what each one is (004 §5.7.3): an annulled team match of a removed team has no
score and counts for nobody, a walk-over is marked as one; the team standings in the API agree with the team
standings page and show a removed team without a place. The event and its hand-computed tables are those of
``tests/teams/test_team_removal_round_robin.py`` (6 teams on 2 boards, team 6 removed)."""

from __future__ import annotations

from django.urls import reverse

from tests.factories import make_tournament
from tests.teams.helpers import draw_and_publish, make_teams, publish
from tests.teams.test_team_removal_round_robin import _event, _remove, _round


def _api_table(client, t) -> list[tuple]:
    return [
        (x["name"], x["place"], x["match_points"], x["board_points"], x["removed"])
        for x in client.get(f"/api/tournaments/{t.pk}/teams").json()
    ]


def _page_table(client, t) -> list[tuple]:
    rows = client.get(reverse("public:team_standings", args=[t.pk])).context["rows"]
    return [
        (r["name"], r["row"].place, r["row"].match_points, float(r["row"].board_points), r["removed"])
        for r in rows
    ]


def test_an_annulled_team_match_has_no_score_in_the_api_004_5_7_3(client, secretary, chief_judge):
    t, teams = _event(secretary, chief_judge)
    for number in (1, 2):
        _round(client, secretary, t, number)
    _remove(client, chief_judge, t, teams[5])

    # Round 1: 1-6 (1:1, annulled), 2-5 and 3-4 (2:0, played).
    api = client.get(f"/api/tournaments/{t.pk}/rounds/1/team-matches").json()
    by_team2 = {x["team2"]: x for x in api}
    annulled = next(x for x in api if teams[5].pk in (x["team1"], x["team2"]))
    assert (annulled["state"], annulled["score1"], annulled["score2"], annulled["through"]) == (
        "annulled",
        None,
        None,
        None,
    )
    played = by_team2[teams[4].pk]
    assert (played["state"], played["score1"], played["score2"]) == ("played", 2.0, 0.0)
    # After R2 (6-4 annulled, 5-3 and 1-2 2:0): team 3 won twice (4, 4); team 1 only its win over team 2
    # counts (2, 2), ahead of team 2 (2, 2) by the direct encounter; team 6 has no place.
    table = _api_table(client, t)
    assert table[:3] == [
        ("Команда 03", 1, 4, 4.0, False),
        ("Команда 01", 2, 2, 2.0, False),
        ("Команда 02", 3, 2, 2.0, False),
    ]
    assert table[-1] == ("Команда 06", None, 0, 0.0, True)
    assert table == _page_table(client, t)


def test_a_walk_over_is_marked_in_the_api_004_5_7_3(client, secretary, chief_judge):
    t, teams = _event(secretary, chief_judge)
    for number in (1, 2, 3):
        _round(client, secretary, t, number)
    _remove(client, chief_judge, t, teams[5])
    _round(client, secretary, t, 4)

    api = client.get(f"/api/tournaments/{t.pk}/rounds/4/team-matches").json()
    walkover = next(x for x in api if x["team2"] == teams[5].pk)
    assert (walkover["state"], walkover["team1"], walkover["score1"], walkover["score2"]) == (
        "walkover",
        teams[4].pk,
        2.0,
        0.0,
    )
    assert {x["state"] for x in api if x is not walkover} == {"played"}
    # Team 1 after R4: beat 2, 3, 4 and drew 6 (3·2 + 1 = 7; 2+2+2+1 board points); team 6: three
    # drawn team matches (3, 3), no place, listed last.
    table = _api_table(client, t)
    assert table[0] == ("Команда 01", 1, 7, 7.0, False)
    assert table[-1][1:] == (None, 3, 3.0, True)
    assert table == _page_table(client, t)


def test_a_bye_is_marked_in_the_api_004_1_4_6(client, secretary):
    """5 teams in a Swiss on 2 boards: round 1 gives a team a bye, scored with the bye points (1 a board)."""
    t = make_tournament(secretary, system="swiss", character="team", rounds=3, boards=2, match_length=3)
    make_teams(t, 5, 2)
    client.force_login(secretary)
    draw_and_publish(client, t, 1)
    publish(client, t, 1)
    client.logout()
    api = client.get(f"/api/tournaments/{t.pk}/rounds/1/team-matches").json()
    assert sorted(x["state"] for x in api) == ["bye", "played", "played"]
    bye = next(x for x in api if x["state"] == "bye")
    assert (bye["team2"], bye["score1"], bye["score2"], bye["boards"]) == (None, 2.0, 0.0, [])
