"""Team events' documents (004 §1.3.4): the team match protocol, the team crosstable and the personal
standings by board, by hand on a 4-team, 2-board round robin; the PDFs read back; who may read them."""

from __future__ import annotations

import datetime

import pytest
from django.db import transaction
from django.urls import reverse

from draw import results as draw_results
from draw import teams as draw_teams
from draw.models import Match, Round, TeamMatch
from protocols import facts
from protocols.docs import board_standings, crosstable, team_match
from protocols.documents import render_document
from registration.models import Participant, Person, Team
from tests.factories import make_tournament
from tests.protocols.conftest import pdf_text
from tests.teams.helpers import make_teams

# Who wins each board of each pairing (by team letter); 2 boards, so a team match may be drawn 1:1.
#   A–B: A A (2:0)   A–C: A C (1:1)   A–D: D A (1:1)   B–C: B B (2:0)   B–D: D D (0:2)   C–D: C C (2:0)
WINS = {
    "AB": "AA",
    "AC": "AC",
    "AD": "DA",
    "BC": "BB",
    "BD": "DD",
    "CD": "CC",
}


@pytest.fixture
def rr(secretary, chief_judge, media):
    """Teams A–D (Команда 01–04) of three players (two boards and a reserve), every round published and
    played through the managers; D plays its reserve on board 2 in round 3 (the captain's line-up)."""
    t = make_tournament(
        secretary, chief_judge, system="round_robin", character="team", boards=2, match_length=3
    )
    teams = make_teams(t, 4, 3)
    letter = {tm.pk: "ABCD"[i] for i, tm in enumerate(teams)}
    d = teams[3]
    d1, d2, d3 = draw_teams.roster(d)
    for number in (1, 2, 3):
        if number == 3:
            draw_teams.submit_lineup(d, 3, [d1.pk, d3.pk], secretary)
        with transaction.atomic():
            draw_teams.draw_team_round(t, secretary, number, seed=1)
        Round.objects.filter(tournament=t, number=number).update(status=Round.Status.PUBLISHED)
        for tm in TeamMatch.objects.filter(round__number=number, round__tournament=t):
            a, b = letter[tm.team1_id], letter[tm.team2_id]
            pair = "".join(sorted(a + b))
            for m in Match.objects.filter(team_match=tm).select_related("player1"):
                winner_letter = WINS[pair][m.board - 1]
                first_wins = letter[m.player1.team_id] == winner_letter
                s1, s2 = (3, 1) if first_wins else (1, 3)
                draw_results.record_result(
                    m.pk, secretary, draw_results.ResultInput("played", s1, s2), m.version
                )
    t.refresh_from_db()
    return t, teams


A, B, C, D = "Команда 01", "Команда 02", "Команда 03", "Команда 04"
# The players: team letter and board order; D's reserve Игрок032 plays board 2 in round 3.
A1, A2, B1, B2, C1, C2, D1, D2, D3 = (
    "Игрок000 И.",
    "Игрок001 И.",
    "Игрок010 И.",
    "Игрок011 И.",
    "Игрок020 И.",
    "Игрок021 И.",
    "Игрок030 И.",
    "Игрок031 И.",
    "Игрок032 И.",
)


def test_the_seeded_berger_schedule_the_numbers_below_assume(rr):
    t, _teams = rr
    got = [
        (tm.round.number, tm.team1.name, tm.team2.name)
        for tm in TeamMatch.objects.filter(round__tournament=t).order_by("round__number", "table")
    ]
    assert got == [(1, A, D), (1, B, C), (2, D, C), (2, A, B), (3, B, D), (3, C, A)]


def test_the_team_match_protocol_data_by_hand_004_1_3_4(rr):
    t, _teams = rr
    tm = team_match.get(t, str(TeamMatch.objects.get(round__number=3, table=1).pk))
    data = team_match.build(tm)
    assert (data.team1, data.team2, data.captain1, data.captain2) == (B, D, B1, D1)
    # Board 1: B's player moves first and loses 1:3; board 2: D's reserve moves first (even board) and wins.
    # Scores and board points are always team 1's (B's) first.
    got = [(x.board, x.player1, x.player2, x.first, x.score, x.points1, x.points2) for x in data.lines]
    assert got == [("1", B1, D1, 1, "1:3", "0", "1"), ("2", B2, D3, 2, "1:3", "0", "1")]
    assert data.complete and (data.board_points, data.match_points) == ("0 : 2", "0 : 2")
    assert data.result == "Командные очки 0 : 2 (очки на досках 0 : 2)"
    assert data.decider is None and data.through == ""
    # The side in the role, the team's name under it (issue 30: two long names ran into each other).
    assert [s.detail for s in data.signatures] == ["", B, D]
    assert [s.role for s in data.signatures] == [
        "Судья",
        "Капитан (представитель) команды 1",
        "Капитан (представитель) команды 2",
    ]
    assert [s.name for s in data.signatures] == ["", B1, D1]


def test_the_team_result_follows_the_regulations_scoring_004_1_3_4(rr):
    t, _teams = rr
    t.team_scoring = "board_points"
    t.save(update_fields=["team_scoring"])
    tm = team_match.get(t, str(TeamMatch.objects.get(round__number=2, table=1).pk))
    data = team_match.build(tm)
    # D–C: C won both boards.
    assert data.result == "Очки на досках 0 : 2 (командные очки 0 : 2)"


def test_the_team_match_protocols_of_a_round_read_back(rr):
    t, _teams = rr
    pdf, _hash = render_document(t, "team_protocols", "3")
    pages = pdf_text(pdf)
    assert len(pages) == 2  # one page per team match, no page for nobody
    assert B in pages[0] and D in pages[0] and D3 in pages[0] and "1:3" in pages[0]
    assert "Протокол командного матча" in pages[0] and "Капитан (представитель)" in pages[0]
    assert C in pages[1] and A in pages[1]
    one = pdf_text(
        render_document(t, "team_match", str(TeamMatch.objects.get(round__number=1, table=1).pk))[0]
    )
    assert len(one) == 1 and A in one[0] and D in one[0] and D2 in one[0]


def test_the_team_crosstable_by_hand_004_1_3_4(rr):
    t, _teams = rr
    data = crosstable.build_teams(t)
    assert data is not None and data.title == "Командная кросс-таблица"
    rows = {x.name: x for x in data.sections[0].rows}
    assert [x.name for x in data.sections[0].rows] == [A, B, C, D]  # the drawn (seeded) numbers
    # Match points over the board score; the diagonal blacked out.
    assert rows[A].cells == ("■", "2\n2:0", "1\n1:1", "1\n1:1")
    assert rows[B].cells == ("0\n0:2", "■", "2\n2:0", "0\n0:2")
    assert rows[C].cells == ("1\n1:1", "0\n0:2", "■", "2\n2:0")
    assert rows[D].cells == ("1\n1:1", "2\n2:0", "0\n0:2", "■")
    # MP, then BP and SB; C above D by their direct encounter (both 3 MP, 3 BP).
    # SB by hand: A 2·1 + 3·½ + 3·½ = 5; C 4·½ + 3·1 = 5; D 4·½ + 2·1 = 4; B 3·1 = 3.
    got = {x.name: (x.points, x.metrics, x.place) for x in data.sections[0].rows}
    assert got == {
        A: ("4", ("4", "5"), "1"),
        B: ("2", ("2", "3"), "4"),
        C: ("3", ("3", "5"), "2"),
        D: ("3", ("3", "4"), "3"),
    }
    assert [c.abbr for c in data.columns] == ["ОД", "ЗБ"] and data.points == "КО"


def test_the_team_crosstable_pdf_reads_back(rr):
    t, _teams = rr
    text = " ".join(pdf_text(render_document(t, "crosstable", "")[0]))
    assert "Командная кросс-таблица" in text and "Команда" in text
    assert all(name in text for name in (A, B, C, D)) and "2:0" in text


def test_the_board_standings_by_hand(rr):
    t, _teams = rr
    data = board_standings.build(t)
    got = {
        s.board: [(x.place, x.player, x.team, x.points, x.games, x.percent) for x in s.lines]
        for s in data.sections
    }
    assert got == {
        1: [
            ("1–2", A1, A, 2, 3, "66,7"),
            ("1–2", D1, D, 2, 3, "66,7"),
            ("3–4", B1, B, 1, 3, "33,3"),
            ("3–4", C1, C, 1, 3, "33,3"),
        ],
        # The reserve's one win (100 %) ranks above the same point in three games (33,3 %).
        2: [
            ("1–2", A2, A, 2, 3, "66,7"),
            ("1–2", C2, C, 2, 3, "66,7"),
            ("3", D3, D, 1, 1, "100"),
            ("4", B2, B, 1, 3, "33,3"),
            ("5", D2, D, 0, 2, "0"),
        ],
    }


def test_an_annulled_board_counts_on_no_board_and_a_technical_one_as_for_the_team(rr):
    t, _teams = rr
    secretary = t.created_by
    # Round 1, A–D board 2 (D2 lost to A2): annulled; round 2, D–C board 1 (D1 lost): a technical win of D1.
    annulled = Match.objects.get(round__number=1, team_match__table=1, board=2)
    Match.objects.filter(pk=annulled.pk).update(result_kind="annulled", winner=None)
    technical = Match.objects.get(round__number=2, team_match__table=1, board=1)
    Match.objects.filter(pk=technical.pk).update(result_kind="technical", winner=technical.player1)
    assert technical.player1.short_name == D1 and secretary
    lines = {
        s.board: {x.player: (x.points, x.games) for x in s.lines} for s in board_standings.build(t).sections
    }
    assert lines[2][A2] == (1, 2) and lines[2][D2] == (0, 1)
    assert lines[1][D1] == (3, 3) and lines[1][C1] == (0, 3)


def test_the_board_standings_pdf_reads_back(rr):
    t, _teams = rr
    text = " ".join(pdf_text(render_document(t, "board_standings", "")[0]))
    assert "Личные результаты по доскам" in text and "Доска 1" in text and "Доска 2" in text
    assert D3 in text and "100" in text and "66,7" in text


def test_the_board_standings_page_by_hand(client, rr):
    t, _teams = rr
    page = client.get(reverse("public:board_standings", args=[t.pk])).content.decode()
    board2 = page[page.index('id="board-2"') :]
    assert board2.index(D3) < board2.index(B2) < board2.index(D2)
    assert "100" in board2 and "66,7" in board2
    standings = client.get(reverse("public:team_standings", args=[t.pk])).content.decode()
    assert reverse("public:board_standings", args=[t.pk]) in standings


def test_the_board_standings_page_does_not_query_more_for_a_bigger_field(
    client, rr, secretary, django_assert_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    t, _teams = rr
    with CaptureQueriesContext(connection) as small:
        assert client.get(reverse("public:board_standings", args=[t.pk])).status_code == 200
    big = make_tournament(secretary, system="swiss", character="team", boards=4, match_length=3)
    for i in range(12):
        team = Team.objects.create(tournament=big, name=f"Большая {i:02d}", seed=i + 1)
        for j in range(4):
            person = Person.objects.create(
                surname=f"Большой{i:02d}{j}", name="Пётр", birth_date=datetime.date(1990, 1, 1)
            )
            Participant.objects.create(tournament=big, person=person, team=team, board_order=j + 1)
    with transaction.atomic():
        draw_teams.draw_team_round(big, secretary, 1, seed=3)
    Round.objects.filter(tournament=big).update(status=Round.Status.PUBLISHED)
    for m in Match.objects.filter(round__tournament=big):
        draw_results.record_result(m.pk, secretary, draw_results.ResultInput("played", 3, 0), m.version)
    with CaptureQueriesContext(connection) as large:
        assert client.get(reverse("public:board_standings", args=[big.pk])).status_code == 200
    assert len(large) == len(small)


def test_team_match_protocols_are_for_officials_only_like_the_match_protocols(
    client, rr, chief_judge, stranger, other_secretary
):
    t, _teams = rr
    tm = TeamMatch.objects.get(round__number=1, table=1)
    urls = [
        reverse("protocols:pdf_key", args=[t.pk, "team_match", tm.pk]),
        reverse("protocols:pdf_key", args=[t.pk, "team_protocols", 1]),
        reverse("protocols:pdf_key", args=[t.pk, "match", tm.boards.first().pk]),  # the rule mirrored
    ]
    for url in urls:
        assert client.get(url).status_code in (302, 403)  # anonymous
    for user in (stranger, other_secretary):
        client.force_login(user)
        for url in urls:
            assert client.get(url).status_code == 403, url
    client.force_login(chief_judge)
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", url
    # The public ones: the crosstable and the standings by board, for anybody.
    client.logout()
    for kind in ("crosstable", "board_standings"):
        assert client.get(reverse("protocols:pdf", args=[t.pk, kind])).status_code == 200


def test_the_team_round_page_offers_the_protocols_to_officials_only(client, rr, secretary):
    t, _teams = rr
    url = reverse("public:team_round", args=[t.pk, 1])
    link = reverse("protocols:pdf_key", args=[t.pk, "team_protocols", 1])
    assert link not in client.get(url).content.decode()
    client.force_login(secretary)
    page = client.get(url).content.decode()
    tm = TeamMatch.objects.get(round__number=1, table=1)
    assert link in page and reverse("protocols:pdf_key", args=[t.pk, "team_match", tm.pk]) in page


def test_the_team_documents_exist_only_in_team_events(client, secretary, media):
    t = make_tournament(secretary, players=4)
    client.force_login(secretary)
    for kind, key in (("team_match", "1"), ("team_protocols", "1"), ("board_standings", "")):
        url = (
            reverse("protocols:pdf_key", args=[t.pk, kind, key])
            if key
            else reverse("protocols:pdf", args=[t.pk, kind])
        )
        assert client.get(url).status_code == 404
    assert client.get(reverse("public:board_standings", args=[t.pk])).status_code == 404


def _knockout_pair(secretary, rule: str):
    """Two teams, two boards, single elimination; the team match drawn 1:1, team 2 winning board 1."""
    t = make_tournament(
        secretary,
        system="single_elimination",
        character="team",
        boards=2,
        match_length=3,
        team_draw_rule=rule,
        name=f"Кубок {rule}",
    )
    one, two = make_teams(t, 2, 2)
    with transaction.atomic():
        draw_teams.draw_team_round(t, secretary, 1, seed=1)
    Round.objects.filter(tournament=t).update(status=Round.Status.PUBLISHED)
    tm = TeamMatch.objects.get(round__tournament=t)
    for m in Match.objects.filter(team_match=tm).select_related("player1"):
        team1_wins = m.board == 2
        first_wins = (m.player1.team_id == tm.team1_id) == team1_wins
        s1, s2 = (3, 0) if first_wins else (0, 3)
        draw_results.record_result(m.pk, secretary, draw_results.ResultInput("played", s1, s2), m.version)
    return t, tm


def test_a_drawn_knockout_match_says_who_goes_through_by_count_back_004_1_4_4(secretary, media):
    t, tm = _knockout_pair(secretary, "count_back")
    data = team_match.build(team_match.get(t, str(tm.pk)))
    assert data.match_points == "1 : 1" and data.board_points == "1 : 1"
    assert (
        data.through
        == f"{tm.team2.name} проходит дальше по дополнительному показателю: выигрыш на более высокой доске."
    )


def test_the_decisive_match_is_printed_as_board_0_004_1_4_4(secretary, media):
    t, tm = _knockout_pair(secretary, "decider")
    data = team_match.build(team_match.get(t, str(tm.pk)))
    assert data.decider is None and data.through == ""  # not decided yet
    p1, p2 = tm.team1.captain, tm.team2.captain
    decider = draw_teams.add_decider(tm, p1, p2, secretary)
    draw_results.record_result(
        decider.pk, secretary, draw_results.ResultInput("played", 3, 2), decider.version
    )
    data = team_match.build(team_match.get(t, str(tm.pk)))
    assert data.decider is not None
    assert (data.decider.board, data.decider.player1, data.decider.score, data.decider.points1) == (
        "0",
        p1.short_name,
        "3:2",
        "1",
    )
    assert data.through == f"{tm.team1.name} проходит дальше по итогу решающего матча."
    text = pdf_text(render_document(t, "team_match", str(tm.pk))[0])[0]
    assert "решающий" in text and "по итогу решающего матча" in text


def test_the_documents_page_lists_the_team_documents(client, rr, secretary):
    t, _teams = rr
    page = client.get(reverse("protocols:list", args=[t.pk])).content.decode()
    assert "личные результаты по доскам" in page and "протоколы командных матчей" not in page
    client.force_login(secretary)
    page = client.get(reverse("protocols:list", args=[t.pk])).content.decode()
    assert "Тур 3: протоколы командных матчей" in page


def test_a_team_crosstable_too_wide_for_a3_is_split_into_blocks_of_columns():
    """The team crosstable is drawn by the personal crosstable's renderer: 80 teams (as a big team round
    robin would give) split into blocks of columns, each page with the teams' numbers and names."""
    from protocols import layout

    n = 80
    lines = tuple(
        crosstable.CrossLine(
            number=i + 1,
            name=f"Сборная {i + 1:02d}",
            cells=tuple("■" if i == j else ("2\n3:1" if i < j else "0\n1:3") for j in range(n)),
            points=str(2 * (n - 1 - i)),
            place=str(i + 1),
            metrics=("0", "0"),
        )
        for i in range(n)
    )
    heading = facts.Heading("Командный турнир", "01.12.2026", "Москва", "длинные нарды", "круговая система")
    data = crosstable.CrosstableData(
        heading,
        "после тура 79",
        (crosstable.CrossSection("", lines),),
        (facts.Column("board_points", "ОД", "очки на досках"), facts.Column("sonneborn_berger", "ЗБ", "З-Б")),
        title="Командная кросс-таблица",
        subject="Команда",
        points="КО",
        legend="Легенда команд",
    )
    size, _cell, per_block = crosstable.crosstable_layout(data)
    assert size == layout.WIDER and per_block < n
    pages = pdf_text(crosstable.render(data))
    blocks = -(-n // per_block)
    assert len(pages) >= blocks
    # Every page: the title and the repeated header; every block: every team's row.
    assert all("Командная кросс-таблица" in page and "КО" in page for page in pages)
    text = " ".join(pages)
    assert text.count("Сборная 01") == text.count("Сборная 80") == blocks
    assert "Легенда команд" in pages[-1]


def test_a_board_not_played_over_the_board_is_named_with_its_reason(rr):
    t, _teams = rr
    tm = TeamMatch.objects.get(round__tournament=t, round__number=2, table=1)  # D–C, C won both boards
    board = Match.objects.get(team_match=tm, board=2)
    Match.objects.filter(pk=board.pk).update(result_kind="technical", result_reason="неявка")
    data = team_match.build(team_match.get(t, str(tm.pk)))
    line = data.lines[1]
    assert (line.score, line.points1, line.points2) == ("", "0", "1")
    assert line.result == "техническое поражение: неявка"


def test_a_team_events_crosstable_page_is_the_teams_crosstable(client, rr):
    t, _teams = rr
    response = client.get(reverse("public:crosstable", args=[t.pk]))
    assert response.status_code == 302
    assert response.url == reverse("public:team_standings", args=[t.pk]) + "#team-crosstable"
    page = client.get(response.url).content.decode()
    assert 'id="team-crosstable"' in page and reverse("protocols:pdf", args=[t.pk, "crosstable"]) in page


def test_the_page_of_a_rounds_team_match_protocols_is_titled_by_its_round(client, rr, secretary):
    """Its key is the round's number: «Тур 3», as for a round's personal match protocols (not «матч 3»)."""
    t, _teams = rr
    client.force_login(secretary)
    page = client.get(reverse("protocols:document_key", args=[t.pk, "team_protocols", 3])).content.decode()
    assert "Протоколы командных матчей тура · Тур 3</h2>" in page
    assert "матч 3</h2>" not in page
