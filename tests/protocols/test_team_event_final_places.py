"""004 §1.3.4: in a team event the participant is the team and its place comes from the team matches, not
from the sum of its members' personal results (that is the personal-team rule, 004 §1.3.3). A 4-team, 3-board
round robin where the two orders differ, hand-computed below; the final protocol, the standings PDF, the
standings page and the API follow the team matches (``draw.teams.standing_rows``, the team standings page).

Who wins each board of each pairing (team letters A–D are Команда 01–04):

    A–B: A B B (1:2)   A–C: A C C (1:2)   A–D: A A A (3:0)
    B–C: B B B (3:0)   B–D: B B D (2:1)   C–D: C C D (2:1)

By the team matches (match points won 2, drawn 1, lost 0; then board points):

    team  MP  BP  W-D-L  SB (opponents' MP of the beaten ones)
    B      6   7  3-0-0  2 + 4 + 0 = 6     place 1
    C      4   4  2-0-1  2 + 0     = 2     place 2
    A      2   5  1-0-2  0         = 0     place 3
    D      0   2  0-0-3  0                 place 4

By the sum of the members' personal results (one point a board won, 004 §1.3.3): B 7, A 5, C 4, D 2 — A
would be second, ahead of C, though C beat A and won one team match more."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.urls import reverse

from draw import results as draw_results
from draw import teams as draw_teams
from draw.models import Match, Round, TeamMatch
from protocols import facts
from protocols.docs import final, standings
from protocols.documents import render_document
from standings import metrics, ranking
from tests.factories import make_tournament
from tests.protocols.conftest import pdf_text
from tests.teams.helpers import make_teams

WINS = {"AB": "ABB", "AC": "ACC", "AD": "AAA", "BC": "BBB", "BD": "BBD", "CD": "CCD"}
A, B, C, D = "Команда 01", "Команда 02", "Команда 03", "Команда 04"
TEAM_ORDER = [B, C, A, D]  # by the team matches (004 §1.3.4)
SUMMED_ORDER = [B, A, C, D]  # by the members' sum (004 §1.3.3): not this event's


@pytest.fixture
def rr(secretary, chief_judge, media):
    t = make_tournament(
        secretary, chief_judge, system="round_robin", character="team", boards=3, match_length=3
    )
    teams = make_teams(t, 4, 3)
    letter = {tm.pk: "ABCD"[i] for i, tm in enumerate(teams)}
    for number in (1, 2, 3):
        with transaction.atomic():
            draw_teams.draw_team_round(t, secretary, number, seed=1)
        Round.objects.filter(tournament=t, number=number).update(status=Round.Status.PUBLISHED)
        for tm in TeamMatch.objects.filter(round__number=number, round__tournament=t):
            pair = "".join(sorted(letter[tm.team1_id] + letter[tm.team2_id]))
            for m in Match.objects.filter(team_match=tm).select_related("player1"):
                first_wins = letter[m.player1.team_id] == WINS[pair][m.board - 1]
                s1, s2 = (3, 1) if first_wins else (1, 3)
                draw_results.record_result(
                    m.pk, secretary, draw_results.ResultInput("played", s1, s2), m.version
                )
    t.refresh_from_db()
    return t


def _after(text: str, heading: str, until: str) -> str:
    assert heading in text, text[:3000]
    tail = text[text.index(heading) + len(heading) :]
    return tail[: tail.index(until)] if until in tail else tail


def _in_order(text: str, names: list[str]) -> bool:
    at = [text.find(n) for n in names]
    return -1 not in at and at == sorted(at)


def test_the_hand_computed_orders_differ_004_1_3_3_and_1_3_4(rr):
    rows = [
        (team.name, r.place, r.match_points, r.board_points, (r.won, r.drawn, r.lost))
        for r, team in draw_teams.standing_rows(rr)
    ]
    assert rows == [
        (B, 1, 6, 7, (3, 0, 0)),
        (C, 2, 4, 4, (2, 0, 1)),
        (A, 3, 2, 5, (1, 0, 2)),
        (D, 4, 0, 2, (0, 0, 3)),
    ]
    # The members' sum (the personal-team rule) would rank A second: not a team event's table.
    computed = ranking.compute(rr)
    team_of = {k: p.team.name for k, p in computed.by_key.items()}
    assert [x.team for x in metrics.team_table([s.row for s in computed.rows], team_of)] == SUMMED_ORDER


def test_a_team_event_has_no_summed_team_table_004_1_3_4(rr):
    assert ranking.compute(rr).teams == []


def test_the_final_protocol_of_a_team_event_ranks_the_teams_by_their_team_matches_004_1_3_4(rr):
    lines = final.build(rr).team_results
    assert [
        (x.place, x.team, x.match_points, x.board_points, x.record, x.sonneborn_berger) for x in lines
    ] == [
        ("1", B, "6", "7", "3-0-0", "6"),
        ("2", C, "4", "4", "2-0-1", "2"),
        ("3", A, "2", "5", "1-0-2", "0"),
        ("4", D, "0", "2", "0-0-3", "0"),
    ]
    text = " ".join(pdf_text(render_document(rr, "final", "")[0]))
    main = _after(text, "Итоговые места команд", "Личные результаты игроков")
    for place, team, mp, bp, record, sb in [
        ("1", B, "6", "7", "3-0-0", "6"),
        ("3", A, "2", "5", "1-0-2", "0"),
    ]:
        assert f"{place} {team} {mp} {bp} {record} {sb}" in main, main
    assert _in_order(main, TEAM_ORDER), main
    assert "Командный зачёт" not in text  # no table summed from the members (004 §1.3.3)
    # The players' results follow, for information; the other sections stay.
    assert "Личные результаты игроков" in text and "Игрок000" in text
    for heading in ("Главная судейская коллегия", "Протесты", "Санкции"):
        assert heading in text


def test_the_standings_pdf_of_a_team_event_ranks_the_teams_by_their_team_matches_004_1_3_4(rr):
    text = " ".join(pdf_text(render_document(rr, "standings", "")[0]))
    main = _after(text, "Командный зачёт", "Личные результаты игроков")
    assert "4 Команда 04 0 2 0-0-3" in main, main
    assert _in_order(main, TEAM_ORDER), main
    assert text.count("Командный зачёт") == 1  # the team-match table only, no summed one


def test_the_protocols_and_the_team_standings_page_agree_004_1_3_4(client, rr):
    html = client.get(reverse("public:team_standings", args=[rr.pk])).content.decode()
    assert _in_order(html, TEAM_ORDER)
    lines = standings.build(rr).team_results
    assert [(x.place, x.team) for x in lines] == [
        (r.place_label, team.name) for r, team in draw_teams.standing_rows(rr)
    ]


def test_the_standings_page_of_a_team_event_points_to_the_team_standings_004_1_3_4(client, rr):
    response = client.get(reverse("public:standings", args=[rr.pk]))
    assert response.status_code == 200
    assert response.context["teams"] is None  # no table summed from the members
    html = response.content.decode()
    assert 'id="team-event-note"' in html
    assert f'<a href="{reverse("public:team_standings", args=[rr.pk])}">таблицу команд</a>' in html
    assert "Командный зачёт" not in html


def test_the_api_standings_of_a_team_event_have_no_summed_teams_004_1_3_4(client, rr):
    data = client.get(f"/api/tournaments/{rr.pk}/standings").json()
    assert data["teams"] == []
    teams = client.get(f"/api/tournaments/{rr.pk}/teams").json()
    assert [x["name"] for x in teams] == TEAM_ORDER


def test_a_removed_team_comes_last_in_the_final_protocol_without_a_place_004_5_7_3(client, chief_judge, rr):
    from registration.models import Team
    from tests.teams.test_team_removal_round_robin import _remove

    _remove(client, chief_judge, rr, Team.objects.get(tournament=rr, name=B))
    rr.refresh_from_db()
    lines = final.build(rr).team_results
    assert [(x.place, x.team, x.removed) for x in lines][-1] == ("—", B, True)  # no place (004 §5.7.3)
    assert [x.team for x in lines] == [
        team.name for _r, team in draw_teams.standing_rows(rr)
    ]  # the team standings page's rows
    text = " ".join(pdf_text(render_document(rr, "final", "")[0]))
    main = _after(text, "Итоговые места команд", "Личные результаты игроков")
    assert f"{B} 6 7 3-0-0 6 удалена" in main, main


def test_the_final_protocol_counts_the_teams_beside_their_players_004_1_3_4(client, chief_judge, rr):
    from registration.models import Team
    from tests.teams.test_team_removal_round_robin import _remove

    shown = {f.label: f.value for f in facts.regulation_facts(rr)}
    assert shown["Команды (п. 1.3.4 Правил вида спорта «нарды»)"] == "4"
    _remove(client, chief_judge, rr, Team.objects.get(tournament=rr, name=B))
    rr.refresh_from_db()
    shown = {f.label: f.value for f in facts.regulation_facts(rr)}
    assert shown["Команды (п. 1.3.4 Правил вида спорта «нарды»)"] == "3 (удалены, место не сохраняется: 1)"
