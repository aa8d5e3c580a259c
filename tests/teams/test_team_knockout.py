"""A team single elimination (004 §1.3.4, §1.4.4) with a drawn team match decided by the regulation's rule:
the board count-back, or an extra decisive match the secretary sets; through the test client."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from draw import teams as team_draw
from draw.models import Match, TeamMatch
from registration.models import Person
from tests.factories import make_tournament
from tests.teams.helpers import draw_and_publish, enter, finish, make_teams, publish


def _play(client, t, tm: TeamMatch, winners: dict[int, int]) -> None:
    """``winners``: board -> the team (pk) whose player wins it."""
    for m in Match.objects.filter(team_match=tm, board__gte=1).select_related("player1"):
        enter(client, t, m, first_wins=m.player1.team_id == winners[m.board])


def _round1(client, t, teams):
    draw_and_publish(client, t, 1)
    publish(client, t, 1)
    one, two, three, four = teams
    tms = {frozenset((tm.team1_id, tm.team2_id)): tm for tm in TeamMatch.objects.filter(round__number=1)}
    # Seeds 1 v 4 and 2 v 3 (004 §1.4.4). 1 v 4 is drawn 2:2, team 4 winning board 1; 2 beats 3 3:1.
    drawn = tms[frozenset((one.pk, four.pk))]
    _play(client, t, drawn, {1: four.pk, 2: one.pk, 3: one.pk, 4: four.pk})
    _play(client, t, tms[frozenset((two.pk, three.pk))], {1: two.pk, 2: two.pk, 3: two.pk, 4: three.pk})
    return drawn


def test_a_drawn_knockout_match_goes_through_by_board_count_back_004_1_4_4(client, secretary):
    t = make_tournament(secretary, system="single_elimination", character="team", boards=4, match_length=3)
    teams = make_teams(t, 4, 4)
    client.force_login(secretary)
    _round1(client, t, teams)
    one, two, three, four = teams
    page = client.get(reverse("public:team_round", args=[t.pk, 1])).content.decode()
    assert "2 : 2" in page and "проходит по правилу регламента" in page
    draw_and_publish(client, t, 2)
    publish(client, t, 2)
    final = TeamMatch.objects.get(round__number=2)
    assert {final.team1_id, final.team2_id} == {two.pk, four.pk}  # team 4 through on board 1
    _play(client, t, final, {1: two.pk, 2: two.pk, 3: four.pk, 4: two.pk})
    api = client.get(f"/api/tournaments/{t.pk}/teams").json()
    assert [(x["name"], x["place"], x["place_to"]) for x in api] == [
        ("Команда 02", 1, 1),
        ("Команда 04", 2, 2),
        ("Команда 01", 3, 4),
        ("Команда 03", 3, 4),
    ]
    finish(client, t)


def test_a_drawn_knockout_match_waits_for_its_decisive_match_004_1_4_4(client, secretary):
    t = make_tournament(
        secretary,
        system="single_elimination",
        character="team",
        boards=4,
        match_length=3,
        team_draw_rule="decider",
    )
    teams = make_teams(t, 4, 4)
    one, two, three, four = teams
    client.force_login(secretary)
    drawn = _round1(client, t, teams)
    # The next round cannot be drawn while the drawn match is undecided.
    response = client.post(reverse("draw:draw", args=[t.pk]), {"number": 2}, follow=True)
    assert "не решён" in response.content.decode()
    assert not t.round_set.filter(number=2).exists()
    # A player of another team cannot play it; the secretary sets it with a player of each team.
    outsider = two.members.first()
    client.post(
        reverse("public:team_decider", args=[t.pk, drawn.pk]),
        {"player1": outsider.pk, "player2": four.captain_id},
    )
    assert not Match.objects.filter(team_match=drawn, board=0).exists()
    p1 = drawn.team1.captain_id
    p2 = drawn.team2.captain_id
    response = client.post(
        reverse("public:team_decider", args=[t.pk, drawn.pk]), {"player1": p1, "player2": p2}
    )
    assert response.status_code == 302
    decider = Match.objects.get(team_match=drawn, board=0)
    assert decider.flags == ["decider"]
    enter(client, t, decider, first_wins=decider.player1.team_id == one.pk)  # team 1 wins it
    draw_and_publish(client, t, 2)
    final = TeamMatch.objects.get(round__number=2)
    assert {final.team1_id, final.team2_id} == {one.pk, two.pk}


def test_only_the_secretary_sets_a_decisive_match(client, secretary):
    t = make_tournament(
        secretary, system="single_elimination", character="team", boards=4, team_draw_rule="decider"
    )
    make_teams(t, 4, 4)
    client.force_login(secretary)
    draw_and_publish(client, t, 1)
    tm = TeamMatch.objects.first()
    client.logout()
    response = client.post(
        reverse("public:team_decider", args=[t.pk, tm.pk]),
        {"player1": tm.team1.captain_id, "player2": tm.team2.captain_id},
    )
    assert response.status_code == 403


def test_a_team_removed_after_winning_its_knockout_match_loses_the_next_one_technically_004_5_7_3(
    client, secretary, chief_judge
):
    """Elimination: technical defeat, 0 score, in every remaining match; no place kept (004 §5.7.3)."""
    t = make_tournament(
        secretary, chief_judge, system="single_elimination", character="team", boards=4, match_length=3
    )
    teams = make_teams(t, 4, 4)
    one, two, three, four = teams
    client.force_login(secretary)
    _round1(client, t, teams)  # 2 beats 3; 1 v 4 drawn, 4 through on board 1
    client.force_login(chief_judge)
    url = reverse("public:team_remove", args=[t.pk, two.pk])
    assert client.post(url, {"reason": "Неспортивное поведение"}).status_code == 302
    client.force_login(secretary)
    draw_and_publish(client, t, 2)
    final = TeamMatch.objects.get(round__number=2)
    assert (final.team1_id, final.team2_id) == (four.pk, two.pk) and "walkover" in final.flags
    assert not Match.objects.filter(team_match=final).exists()
    publish(client, t, 2)
    api = client.get(f"/api/tournaments/{t.pk}/teams").json()
    places = {x["name"]: (x["place"], x["place_to"]) for x in api}
    assert places["Команда 04"] == (1, 1)
    assert places["Команда 02"] == (None, None)  # removed: no place


def _knockout_played(client, secretary, n_teams: int):
    """A team single elimination of ``n_teams`` on 2 boards, every round played: team 1 wins every board."""
    t = make_tournament(secretary, system="single_elimination", character="team", boards=2, match_length=3)
    make_teams(t, n_teams, 2)
    client.force_login(secretary)
    number = 1
    while n_teams > 1:
        draw_and_publish(client, t, number)
        publish(client, t, number)
        for tm in TeamMatch.objects.filter(round__tournament=t, round__number=number, team2__isnull=False):
            _play(client, t, tm, {1: tm.team1_id, 2: tm.team1_id})
        n_teams //= 2
        number += 1
    return t


def test_the_knockout_places_take_the_same_queries_for_4_and_8_teams_004_1_4_4(client, secretary):
    counts = []
    for n in (4, 8):
        Person.objects.update(name="Пётр")  # the next event's players are other people
        t = _knockout_played(client, secretary, n)
        with CaptureQueriesContext(connection) as queries:
            places = team_draw.knockout_places(t)
        assert sorted(places.values())[0] == (1, 1) and len(places) == n
        counts.append(len(queries))
    assert counts[0] == counts[1], counts  # the team results read once, not per bracket entry
