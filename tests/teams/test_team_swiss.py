"""The secretary's path for a team Swiss (004 §1.3.4, §1.4.6): 8 teams of 5 (4 boards and a reserve),
line-ups, team matches of 4 board matches with the first move alternating by board, no rematch of teams, team
standings, the team's page, the PDF and the API."""

from __future__ import annotations

import io

import pypdf
from django.contrib.auth.models import User
from django.urls import reverse

from draw.models import Match, TeamMatch
from registration.models import Team
from tests.factories import make_tournament, make_user
from tests.teams.helpers import draw_and_publish, enter, finish, make_teams, publish


def _play_round(client, t, number: int) -> None:
    """Every board: the team with the better seed (smaller number) wins boards 1–3 and loses board 4 (3:1)."""
    for tm in TeamMatch.objects.filter(round__number=number, round__tournament=t, team2__isnull=False):
        better = tm.team1 if tm.team1.seed < tm.team2.seed else tm.team2
        for m in Match.objects.filter(team_match=tm).select_related("player1"):
            first_is_better = m.player1.team_id == better.pk
            better_wins = m.board != 4
            enter(client, t, m, first_wins=first_is_better == better_wins)


def test_a_team_swiss_of_8_teams_on_4_boards_end_to_end_004_1_3_4(client, secretary):
    t = make_tournament(secretary, system="swiss", character="team", rounds=3, boards=4, match_length=5)
    teams = make_teams(t, 8, 5)
    client.force_login(secretary)

    draw_and_publish(client, t, 1)
    rnd = t.round_set.get(number=1)
    tms = list(rnd.team_matches.all())
    assert len(tms) == 4 and all(tm.team2_id for tm in tms)
    for tm in tms:
        boards = list(Match.objects.filter(team_match=tm).order_by("board"))
        assert [m.board for m in boards] == [1, 2, 3, 4]
        # Board order (no line-up given): the first four of each roster; the first move alternates by board.
        for m in boards:
            first_team = tm.team1_id if m.board % 2 else tm.team2_id
            assert m.player1.team_id == first_team
            assert m.player1.board_order == m.board == m.player2.board_order
    # The captain changes his line-up while the round is a draft: the reserve plays board 4.
    team = teams[0]
    captain = User.objects.create_user("captain1", password="pw-captain1")
    team.captain.person.user = captain
    team.captain.person.save(update_fields=["user"])
    # Not the captain's, another team's captain may not.
    stranger = make_user("stranger")
    client.force_login(stranger)
    roster = list(team.members.order_by("board_order").values_list("pk", flat=True))
    lineup = {"round": 1, "board1": roster[0], "board2": roster[1], "board3": roster[2], "board4": roster[4]}
    assert client.post(reverse("public:team_lineup", args=[t.pk, team.pk]), lineup).status_code == 403
    client.logout()
    assert client.post(reverse("public:team_lineup", args=[t.pk, team.pk]), lineup).status_code == 403
    client.force_login(captain)
    bad = {**lineup, "board4": roster[0]}
    client.post(reverse("public:team_lineup", args=[t.pk, team.pk]), bad)
    assert not team.lineups.exists()  # the same player twice: refused, nothing saved
    assert client.post(reverse("public:team_lineup", args=[t.pk, team.pk]), lineup).status_code == 302
    tm = (
        TeamMatch.objects.get(round=rnd, team1=team)
        if TeamMatch.objects.filter(round=rnd, team1=team).exists()
        else TeamMatch.objects.get(round=rnd, team2=team)
    )
    board4 = Match.objects.get(team_match=tm, board=4)
    assert roster[4] in (board4.player1_id, board4.player2_id)
    client.force_login(secretary)
    publish(client, t, 1)
    # After publication the line-up is closed (the deadline has passed).
    client.force_login(captain)
    client.post(reverse("public:team_lineup", args=[t.pk, team.pk]), {**lineup, "board4": roster[3]})
    assert roster[4] in Match.objects.filter(pk=board4.pk).values_list("player1_id", "player2_id").get()
    client.force_login(secretary)
    _play_round(client, t, 1)
    for number in (2, 3):
        draw_and_publish(client, t, number)
        publish(client, t, number)
        _play_round(client, t, number)

    # No rematch of teams (004 §1.4.6).
    met = [frozenset((tm.team1_id, tm.team2_id)) for tm in TeamMatch.objects.filter(round__tournament=t)]
    assert len(met) == len(set(met)) == 12

    # Hand-computed: the first seed wins every team match 3:1 (6 MP, 9 BP), the last loses each 1:3 (0, 3).
    page = client.get(reverse("public:team_standings", args=[t.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    from draw.teams import team_table

    rows = {int(r.team): r for r in team_table(t)}
    first, last = teams[0], teams[7]
    assert (rows[first.pk].match_points, rows[first.pk].board_points, rows[first.pk].place) == (6, 9, 1)
    assert (rows[last.pk].match_points, rows[last.pk].board_points) == (0, 3)
    assert sum(r.board_points for r in rows.values()) == 12 * 4
    assert body.index("Команда 01") < body.index("Команда 08")

    # The round page with the boards, the team's page with its line-ups, the PDF, the API.
    round_page = client.get(reverse("public:team_round", args=[t.pk, 2])).content.decode()
    assert "Команда 01" in round_page and round_page.count('class="card team-match"') == 4
    team_page = client.get(reverse("public:team", args=[t.pk, first.pk])).content.decode()
    assert team_page.count("<strong>") >= 3  # three rounds of line-ups
    pdf = client.get(reverse("public:team_standings_pdf", args=[t.pk]))
    assert pdf["Content-Type"] == "application/pdf"
    text = pypdf.PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert "Команда 01" in text
    api = client.get(f"/api/tournaments/{t.pk}/teams").json()
    assert [x["name"] for x in api][0] == "Команда 01" and api[0]["match_points"] == 6
    assert len(api[0]["players"]) == 5
    matches = client.get(f"/api/tournaments/{t.pk}/rounds/1/team-matches").json()
    assert len(matches) == 4 and len(matches[0]["boards"]) == 4
    finish(client, t)
    assert Team.objects.filter(tournament=t).count() == 8


def test_team_pages_are_404_for_a_personal_event(client, secretary):
    t = make_tournament(secretary, players=4)
    assert client.get(reverse("public:team_standings", args=[t.pk])).status_code == 404
