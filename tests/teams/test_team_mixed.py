"""A team mixed event (004 §1.3.4, §1.4.7, §6.1.2 item 5) through the test client: a qualifying stage (a Swiss
of the whole field, or round-robin groups), then a playoff of the qualifiers on the bracket engine; the team
standings of the qualifying stage choose and seed the qualifiers, the final places come from the playoff,
then from the qualifying table.
"""

from __future__ import annotations

from django.urls import reverse

from draw import teams as team_draw
from draw.models import Match, Stage, TeamMatch
from registration.models import Official, Person
from standings.metrics import lot_order
from tests.factories import make_tournament, make_user
from tests.teams.helpers import (
    draw_and_publish,
    enter,
    finish,
    make_teams,
    public_pages_answer,
    publish,
    team_mixed_groups,
)

# The Swiss draws with this seed (the draw's random seed, fixed here as time is frozen elsewhere) pair:
SWISS = {
    1: {(1, 2), (3, 8), (4, 5), (6, 7)},
    2: {(1, 3), (4, 6), (2, 5), (7, 8)},
    3: {(1, 4), (2, 7), (3, 6), (5, 8)},
}


def _play(client, t, tm: TeamMatch, board_winners: dict[int, int]) -> None:
    """``board_winners``: board -> the team (pk) whose player wins it."""
    for m in Match.objects.filter(team_match=tm, board__gte=1).select_related("player1"):
        enter(client, t, m, first_wins=m.player1.team_id == board_winners[m.board])


def _pairs(t, number: int, seed_of) -> dict[tuple[int, int], TeamMatch]:
    out = {}
    for tm in TeamMatch.objects.filter(round__tournament=t, round__number=number):
        out[tuple(sorted((seed_of[tm.team1_id], seed_of[tm.team2_id])))] = tm
    return out


def _places(client, t) -> list[tuple[str, int, int]]:
    api = client.get(f"/api/tournaments/{t.pk}/teams").json()
    return [(x["name"], x["place"], x["place_to"]) for x in api]


def test_team_mixed_swiss_qualifying_then_a_four_team_playoff_004_1_4_7(client, secretary, monkeypatch):
    """Swiss of 8 teams, 3 rounds, 2 boards; the better seed wins 2:0, except 2-7 in round 3, drawn 1:1.

    Qualifying table (match points; board points; direct; Sonneborn-Berger on match points):
      1: 6 · 4: 4, SB 2+2 = 4 · 3: 4, SB 0+2 = 2 · 2: 3 (bp 3, direct 1:1), SB 2 + ½·3 = 3.5 ·
      7: 3 (bp 3), SB ½·3 = 1.5 · 6: 2, SB 3 · 5: 2, SB 0 · 8: 0.
    The first 4 qualify, seeded 1, 4, 3, 2: semi-finals 1-2 and 4-3. 1-2 is drawn 1:1, team 2 won board 1:
    through by the count-back. 3 beats 4; the final 3 beats 2; the third-place match 1 beats 4.
    Places: 3, 2, 1, 4 from the playoff, then 7, 6, 5, 8 by the qualifying table (004 §1.4.7)."""
    monkeypatch.setattr(team_draw.secrets, "randbelow", lambda n: 20261201)
    t = make_tournament(
        secretary,
        system="mixed",
        character="team",
        boards=2,
        match_length=3,
        rounds=3,
        qualifiers_per_group=4,
        playoff_system="single_elimination",
    )
    teams = make_teams(t, 8, 2)
    seed_of = {tm.pk: i + 1 for i, tm in enumerate(teams)}
    pk = {i + 1: tm.pk for i, tm in enumerate(teams)}
    client.force_login(secretary)
    for number in (1, 2, 3):
        draw_and_publish(client, t, number)
        publish(client, t, number)
        pairs = _pairs(t, number, seed_of)
        assert set(pairs) == SWISS[number]
        for (a, b), tm in pairs.items():
            drawn = number == 3 and (a, b) == (2, 7)
            _play(client, t, tm, {1: pk[a], 2: pk[b] if drawn else pk[a]})
    qualifying = t.stages.get(number=1)
    assert (qualifying.kind, qualifying.system) == (Stage.Kind.GROUPS, "swiss")
    table = team_draw.qualifying_tables(t, qualifying)[0]
    assert [(seed_of[int(r.team)], r.place) for r in table] == [
        (1, 1),
        (4, 2),
        (3, 3),
        (2, 4),
        (7, 5),
        (6, 6),
        (5, 7),
        (8, 8),
    ]
    # A lesser official cannot draw the playoff.
    judge = make_user("floorjudge")
    Official.objects.create(tournament=t, person=Person.objects.get(user=judge), role=Official.Role.JUDGE)
    client.force_login(judge)
    assert client.post(reverse("draw:draw", args=[t.pk]), {"number": 4}).status_code == 403
    assert not t.stages.filter(kind=Stage.Kind.PLAYOFF).exists()
    client.force_login(secretary)
    draw_and_publish(client, t, 4)
    publish(client, t, 4)
    playoff = t.stages.get(kind=Stage.Kind.PLAYOFF)
    assert [seed_of[int(k)] for k in playoff.plan["team_bracket"]["players"]] == [1, 4, 3, 2]
    semis = _pairs(t, 4, seed_of)
    assert set(semis) == {(1, 2), (3, 4)}
    _play(client, t, semis[(1, 2)], {1: pk[2], 2: pk[1]})  # 1:1, team 2 won board 1
    _play(client, t, semis[(3, 4)], {1: pk[3], 2: pk[3]})
    page = client.get(reverse("public:team_round", args=[t.pk, 4])).content.decode()
    assert "Команда 02 — проходит по правилу регламента" in page
    draw_and_publish(client, t, 5)
    publish(client, t, 5)
    last = _pairs(t, 5, seed_of)
    assert set(last) == {(2, 3), (1, 4)}  # the final and the third-place match
    bracket = client.get(reverse("public:bracket", args=[t.pk])).content.decode()
    assert "Команда 02" in bracket and "Команда 07" not in bracket  # the playoff's teams only
    _play(client, t, last[(2, 3)], {1: pk[3], 2: pk[3]})
    _play(client, t, last[(1, 4)], {1: pk[1], 2: pk[1]})
    assert _places(client, t) == [
        ("Команда 03", 1, 1),
        ("Команда 02", 2, 2),
        ("Команда 01", 3, 3),
        ("Команда 04", 4, 4),
        ("Команда 07", 5, 5),
        ("Команда 06", 6, 6),
        ("Команда 05", 7, 7),
        ("Команда 08", 8, 8),
    ]
    finish(client, t)
    public_pages_answer(client, t)


def test_team_mixed_round_robin_groups_then_a_playoff_004_1_4_7(client, secretary):
    """6 teams in 2 groups by the seeding snake (A: 1, 4, 5; B: 2, 3, 6), round robin, the better seed wins
    2:0; 2 qualify per group. Tier by tier, group mates apart: semi-finals 1-3 and 2-4; the better seed wins:
    the final 1-2 → 1, the third place 3-4 → 3. Places 1-4 from the playoff; 5 and 6, both third in their
    group with 0 points, share 5-6."""
    t, teams = team_mixed_groups(secretary)
    seed_of = {tm.pk: i + 1 for i, tm in enumerate(teams)}
    pk = {i + 1: tm.pk for i, tm in enumerate(teams)}
    client.force_login(secretary)
    met = set()
    for number in (1, 2, 3):
        draw_and_publish(client, t, number)
        publish(client, t, number)
        for (a, b), tm in _pairs(t, number, seed_of).items():
            met.add((a, b))
            _play(client, t, tm, {1: pk[a], 2: pk[a]})
    assert met == {(1, 4), (1, 5), (4, 5), (2, 3), (2, 6), (3, 6)}
    for number, expected in ((4, {(1, 3), (2, 4)}), (5, {(1, 2), (3, 4)})):
        draw_and_publish(client, t, number)
        publish(client, t, number)
        pairs = _pairs(t, number, seed_of)
        assert set(pairs) == expected
        for (a, _b), tm in pairs.items():
            _play(client, t, tm, {1: pk[a], 2: pk[a]})
    assert _places(client, t) == [
        ("Команда 01", 1, 1),
        ("Команда 02", 2, 2),
        ("Команда 03", 3, 3),
        ("Команда 04", 4, 4),
        ("Команда 05", 5, 6),
        ("Команда 06", 5, 6),
    ]
    finish(client, t)
    public_pages_answer(client, t)


def _swiss_qualifying(client, secretary, monkeypatch, **settings):
    """The Swiss above with the better seed winning every match 2:0: teams 2 and 4 end equal on every team
    tie-break (4 points, 4 board points, never met, Sonneborn-Berger 4 each) for qualifying places 2-3."""
    monkeypatch.setattr(team_draw.secrets, "randbelow", lambda n: 20261201)
    t = make_tournament(
        secretary,
        system="mixed",
        character="team",
        boards=2,
        match_length=3,
        rounds=3,
        qualifiers_per_group=4,
        **settings,
    )
    teams = make_teams(t, 8, 2)
    seed_of = {tm.pk: i + 1 for i, tm in enumerate(teams)}
    pk = {i + 1: tm.pk for i, tm in enumerate(teams)}
    client.force_login(secretary)
    for number in (1, 2, 3):
        draw_and_publish(client, t, number)
        publish(client, t, number)
        for (a, _b), tm in _pairs(t, number, seed_of).items():
            _play(client, t, tm, {1: pk[a], 2: pk[a]})
    return t, seed_of, pk


def test_a_team_tie_for_a_qualifying_place_is_broken_by_a_stored_lot_004_1_4_7(
    client, secretary, monkeypatch
):
    t, seed_of, pk = _swiss_qualifying(client, secretary, monkeypatch)
    qualifying = t.stages.get(number=1)
    before = team_draw.qualifying_tables(t, qualifying)[0]
    assert [(seed_of[int(r.team)], r.place, r.place_to) for r in before][1:3] == [(2, 2, 3), (4, 2, 3)]
    draw_and_publish(client, t, 4)
    qualifying.refresh_from_db()
    (decision,) = qualifying.plan["ties"].values()
    assert decision["method"] == "lot" and decision["seed"] == 20261201
    lot = lot_order([str(pk[2]), str(pk[4])], 20261201)
    assert decision["order"] == lot
    after = team_draw.qualifying_tables(t, qualifying)[0]
    assert [(r.team, r.place, r.place_to) for r in after][1:3] == [(lot[0], 2, 2), (lot[1], 3, 3)]
    playoff = t.stages.get(kind=Stage.Kind.PLAYOFF)
    assert playoff.plan["team_bracket"]["players"][1:3] == lot


def test_a_team_tie_for_a_qualifying_place_waits_when_the_regulation_plays_it_off_004_1_4_7(
    client, secretary, monkeypatch
):
    t, _seed_of, _pk = _swiss_qualifying(client, secretary, monkeypatch, group_ties="match")
    response = client.post(reverse("draw:draw", args=[t.pk]), {"number": 4}, follow=True)
    assert "1.4.7" in response.content.decode() and "жребием" in response.content.decode()
    assert not t.round_set.filter(number=4).exists()
    assert not t.stages.filter(kind=Stage.Kind.PLAYOFF).exists()


def _edit(client, t, **changes):
    form = client.get(reverse("public:edit", args=[t.pk])).context["form"]
    data = {name: value for name, value in form.initial.items() if value is not None and value is not False}
    data |= {"start_date": "2026-12-05", "end_date": "2026-12-06", "protest_deposit": "0", **changes}
    data["tiebreaks"] = [k for k in data.get("tiebreaks", "").split(",") if k]
    return client.post(reverse("public:edit", args=[t.pk]), data)


def test_the_secretary_sets_a_swiss_qualifying_for_a_team_mixed_event_only_004_1_4_7(client, secretary):
    team = make_tournament(secretary, system="mixed", character="team", boards=2)
    personal = make_tournament(secretary, system="mixed", name="Личный")
    client.force_login(secretary)
    assert _edit(client, team, rounds=3).status_code == 302
    team.refresh_from_db()
    assert team.rounds == 3
    response = _edit(client, personal, rounds=3)
    assert response.status_code == 200
    assert "rounds" in response.context["form"].errors
    personal.refresh_from_db()
    assert personal.rounds is None
