"""A team double elimination (004 §1.3.4, §1.4.5) of 8 teams on 2 boards, through the test client: the pure
bracket engine on team keys, a drawn team match (1:1) decided by the regulation's rule (the board count-back,
or an extra decisive match the secretary sets), a grand final reset, and the places by the bracket.

The bracket (seeds 1..8, standard placement 1-8, 4-5, 2-7, 3-6; the better seed wins unless said):
  round 1  U1: 1-8 → 1, 4-5 → 4, 2-7 → 2, 3-6 drawn 1:1 → 6 by the rule
  round 2  U2: 1-4 → 1, 2-6 → 2;  L1: 8-5 → 5, 7-3 → 3
  round 3  L2 (the losers of U2 reversed): 5-6 → 5, 3-4 → 3
  round 4  U3: 1-2 → 1;  L3: 5-3 → 3
  round 5  L4: 3-2 (the loser of U3) → 2
  round 6  grand final 1-2 → 2 (the lower bracket's champion: a reset)
  round 7  reset 1-2 → 1
Places (004 §1.4.5): 1, 2 from the final; 3 the loser of L4; 4 the loser of L3; 5-6 the losers of L2;
7-8 the losers of L1.
"""

from __future__ import annotations

from django.urls import reverse

from draw.models import Match, TeamMatch
from registration.models import Official, Person
from tests.factories import make_tournament, make_user
from tests.teams.helpers import draw_and_publish, enter, finish, make_teams, public_pages_answer, publish

EXPECTED = [
    ("Команда 01", 1, 1),
    ("Команда 02", 2, 2),
    ("Команда 03", 3, 3),
    ("Команда 05", 4, 4),
    ("Команда 04", 5, 6),
    ("Команда 06", 5, 6),
    ("Команда 07", 7, 8),
    ("Команда 08", 7, 8),
]
ROUNDS = {  # round -> the team matches drawn, as pairs of seeds
    1: {(1, 8), (4, 5), (2, 7), (3, 6)},
    2: {(1, 4), (2, 6), (5, 8), (3, 7)},
    3: {(5, 6), (3, 4)},
    4: {(1, 2), (3, 5)},
    5: {(2, 3)},
    6: {(1, 2)},
    7: {(1, 2)},
}


def _event(secretary, rule: str):
    t = make_tournament(
        secretary,
        system="double_elimination",
        character="team",
        boards=2,
        match_length=3,
        team_draw_rule=rule,
    )
    teams = make_teams(t, 8, 3)
    return t, {team.pk: i + 1 for i, team in enumerate(teams)}, teams


def _play(client, t, tm: TeamMatch, board_winners: dict[int, int]) -> None:
    """``board_winners``: board -> the team (pk) whose player wins it."""
    for m in Match.objects.filter(team_match=tm, board__gte=1).select_related("player1"):
        enter(client, t, m, first_wins=m.player1.team_id == board_winners[m.board])


def _round(client, t, seed_of, teams, number: int, drawn=None, grand_final_winner=None) -> list[TeamMatch]:
    draw_and_publish(client, t, number)
    publish(client, t, number)
    tms = list(TeamMatch.objects.filter(round__tournament=t, round__number=number))
    got = {tuple(sorted((seed_of[tm.team1_id], seed_of[tm.team2_id]))) for tm in tms}
    assert got == ROUNDS[number]
    waiting = []
    for tm in tms:
        pair = tuple(sorted((seed_of[tm.team1_id], seed_of[tm.team2_id])))
        if drawn and pair == (3, 6):
            _play(client, t, tm, drawn)
            waiting.append(tm)
            continue
        better = teams[pair[0] - 1].pk
        if grand_final_winner is not None:
            better = teams[grand_final_winner - 1].pk
        _play(client, t, tm, {1: better, 2: better})
    return waiting


def _places(client, t) -> list[tuple[str, int, int]]:
    api = client.get(f"/api/tournaments/{t.pk}/teams").json()
    return [(x["name"], x["place"], x["place_to"]) for x in api]


def _rest(client, t, seed_of, teams) -> None:
    for number in (2, 3, 4, 5):
        _round(client, t, seed_of, teams, number)
    _round(client, t, seed_of, teams, 6, grand_final_winner=2)  # the lower bracket's champion wins: a reset
    _round(client, t, seed_of, teams, 7)
    response = client.post(reverse("draw:draw", args=[t.pk]), {"number": 8}, follow=True)
    assert "finish" in response.content.decode() or "заверш" in response.content.decode().lower()
    assert not t.round_set.filter(number=8).exists()


def test_team_double_elimination_a_drawn_match_goes_by_board_count_back_004_1_4_5(client, secretary):
    t, seed_of, teams = _event(secretary, "count_back")
    client.force_login(secretary)
    # 3-6 is drawn 1:1; team 6 won board 1, the highest: it goes through by the count-back.
    _round(client, t, seed_of, teams, 1, drawn={1: teams[5].pk, 2: teams[2].pk})
    page = client.get(reverse("public:team_round", args=[t.pk, 1])).content.decode()
    assert "1 : 1" in page and "Команда 06 — проходит по правилу регламента" in page
    _rest(client, t, seed_of, teams)
    assert _places(client, t) == EXPECTED
    standings = client.get(reverse("public:team_standings", args=[t.pk])).content.decode()
    assert standings.index("Команда 03") < standings.index("Команда 05") < standings.index("Команда 04")
    # The bracket page draws the team bracket: the upper and lower brackets, the final and its reset.
    bracket = client.get(reverse("public:bracket", args=[t.pk])).content.decode()
    assert 'data-match="U1-4"' in bracket and 'data-match="L4-1"' in bracket and 'data-match="F-2"' in bracket
    assert "Команда 06" in bracket
    finish(client, t)
    public_pages_answer(client, t)


def test_team_double_elimination_a_drawn_match_waits_for_its_decisive_match_004_1_4_5(client, secretary):
    t, seed_of, teams = _event(secretary, "decider")
    client.force_login(secretary)
    # 3-6 drawn 1:1; team 3 won board 1 (the count-back would send team 3 through), but the regulation
    # plays a decisive match, and team 6 wins it.
    (drawn,) = _round(client, t, seed_of, teams, 1, drawn={1: teams[2].pk, 2: teams[5].pk})
    response = client.post(reverse("draw:draw", args=[t.pk]), {"number": 2}, follow=True)
    assert "не решён" in response.content.decode()
    assert not t.round_set.filter(number=2).exists()
    page = client.get(reverse("public:team_round", args=[t.pk, 1])).content.decode()
    assert reverse("public:team_decider", args=[t.pk, drawn.pk]) in page  # the secretary's form is offered
    response = client.post(
        reverse("public:team_decider", args=[t.pk, drawn.pk]),
        {"player1": drawn.team1.captain_id, "player2": drawn.team2.captain_id},
    )
    assert response.status_code == 302
    decider = Match.objects.get(team_match=drawn, board=0)
    # Set but not played: still no next round.
    client.post(reverse("draw:draw", args=[t.pk]), {"number": 2})
    assert not t.round_set.filter(number=2).exists()
    enter(client, t, decider, first_wins=decider.player1.team_id == teams[5].pk)
    _rest(client, t, seed_of, teams)
    assert _places(client, t) == EXPECTED
    finish(client, t)
    public_pages_answer(client, t)


def test_only_the_secretary_draws_a_team_double_elimination(client, secretary, stranger):
    t, _seed_of, _teams = _event(secretary, "count_back")
    judge = make_user("floorjudge")
    Official.objects.create(tournament=t, person=Person.objects.get(user=judge), role=Official.Role.JUDGE)
    for user in (None, stranger, judge):
        client.logout()
        if user is not None:
            client.force_login(user)
        response = client.post(reverse("draw:draw", args=[t.pk]), {"number": 1})
        assert response.status_code in (302, 403)
        assert response.status_code == 403 or "login" in response.url
        assert not t.round_set.exists()


def test_a_corrected_board_flags_the_later_team_round_and_a_new_draw_follows_it_004_1_4_5(client, secretary):
    """003 «Протоколы», 004 §6.1.2 item 4: a board result corrected after the next round was drawn changes who
    went through; the later round is flagged (never a server error), and drawn again it follows the result."""
    t, seed_of, teams = _event(secretary, "count_back")
    client.force_login(secretary)
    _round(client, t, seed_of, teams, 1, drawn={1: teams[5].pk, 2: teams[2].pk})
    draw_and_publish(client, t, 2)
    publish(client, t, 2)
    board1 = Match.objects.select_related("player1").get(
        round__number=1, board=1, team_match__team1__in=[teams[2], teams[5]]
    )
    # Team 3 won board 1 after all: 3 beats 6 2:0.
    enter(client, t, board1, first_wins=board1.player1.team_id == teams[2].pk)
    rnd = t.round_set.get(number=2)
    assert rnd.review
    response = client.post(reverse("draw:round_review", args=[t.pk, 2]), {"action": "redraw"})
    assert response.status_code == 302
    got = {
        tuple(sorted((seed_of[tm.team1_id], seed_of[tm.team2_id])))
        for tm in TeamMatch.objects.filter(round__tournament=t, round__number=2)
    }
    assert got == {(1, 4), (2, 3), (5, 8), (6, 7)}


def test_a_team_removed_in_a_double_elimination_gives_its_next_match_by_walk_over_004_5_7_3(
    client, secretary, chief_judge
):
    """4 teams: U1 1-4 → 1, 2-3 → 2. Team 4 is removed (004 §5.7.3: no place kept; its remaining matches are
    lost): its lower-bracket match against 3 is a walk-over. Then U2 1-2 → 1, L2 3-2 → 2, the final 1-2 → 1.
    Places: 1, 2, 3; team 4 none."""
    t = make_tournament(
        secretary, chief_judge, system="double_elimination", character="team", boards=2, match_length=3
    )
    teams = make_teams(t, 4, 2)
    seed_of = {tm.pk: i + 1 for i, tm in enumerate(teams)}
    client.force_login(secretary)
    for number in (1, 2, 3, 4):
        if number == 2:
            client.force_login(chief_judge)
            removal = reverse("public:team_remove", args=[t.pk, teams[3].pk])
            assert client.post(removal, {"reason": "неявка на тур"}).status_code == 302
            client.force_login(secretary)
        draw_and_publish(client, t, number)
        publish(client, t, number)
        for tm in TeamMatch.objects.filter(round__tournament=t, round__number=number, team2__isnull=False):
            better = min((tm.team1, tm.team2), key=lambda x: seed_of[x.pk])
            _play(client, t, tm, {1: better.pk, 2: better.pk})
    walkover = TeamMatch.objects.get(round__number=2, team2__isnull=True)
    assert (walkover.team1_id, walkover.flags) == (teams[2].pk, ["walkover"])
    assert not t.round_set.filter(number=2, team_matches__team1=teams[3]).exists()
    api = client.get(f"/api/tournaments/{t.pk}/teams").json()
    assert [(x["name"], x["place"]) for x in api] == [
        ("Команда 01", 1),
        ("Команда 02", 2),
        ("Команда 03", 3),
        ("Команда 04", None),
    ]
    finish(client, t)
