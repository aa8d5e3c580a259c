"""The standings page and the ranking behind it: hand-computed places, removed players, drafts, exports."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from standings import ranking
from standings.ranking import final_standings
from tests.public.helpers import build_hand_swiss

pytestmark = pytest.mark.django_db


def test_it_ranks_the_hand_swiss_and_a_removed_player_keeps_no_place_004_5_7_3():
    t, p = build_hand_swiss()
    rows = final_standings(t)
    got = [(s.participant.pk, s.row.place_label, s.row.points) for s in rows]
    # a 3; c 2 (e, also on 2, is removed: no place); b and d 1, b ahead on Buchholz 6 to 3½.
    assert got == [
        (p["a"].pk, "1", 3),
        (p["c"].pk, "2", 2),
        (p["b"].pk, "3", 1),
        (p["d"].pk, "4", 1),
        (p["e"].pk, "—", 2),
    ]
    by = {s.participant.pk: s.row for s in rows}
    # His results still count for the others: a's forfeit win over e is a virtual opponent of 2.
    assert by[p["a"].pk].metrics["buchholz"] == 5
    assert by[p["b"].pk].metrics["buchholz"] == 6


def test_a_draft_round_counts_for_nobody_until_it_is_published():
    t, p = build_hand_swiss(draft_bye="b")
    by = {s.participant.pk: s.row for s in final_standings(t)}
    assert by[p["b"].pk].points == 1  # the draft's bye for b is not counted


def test_a_ruling_that_changes_a_result_changes_the_standings_at_once():
    t, p = build_hand_swiss()
    match = t.round_set.get(number=2).matches.get(table=2)  # e beat b 7:2
    match.winner, match.score1, match.score2 = p["b"], 3, 7
    match.save()
    by = {s.participant.pk: s.row for s in final_standings(t)}
    assert by[p["b"].pk].points == 2 and by[p["e"].pk].points == 1


def test_the_page_shows_the_table_in_order_with_the_tiebreak_columns(client):
    t, p = build_hand_swiss()
    response = client.get(reverse("public:standings", args=[t.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Бухгольц" in html and "Зоннеборн-Бергер" in html
    positions = [html.index(name) for name in ("Алиев", "Васильев", "Бабаян", "Гасанов", "Давыдов")]
    assert positions == sorted(positions)
    assert "badge removed" in html and "исключён" in html  # the removed player is marked
    assert "Командный зачёт" in html and "Юг" in html  # the tournament has teams


def test_a_column_heading_sorts_the_table(client):
    t, _p = build_hand_swiss()
    html = client.get(reverse("public:standings", args=[t.pk]), {"sort": "participant"}).content.decode()
    positions = [html.index(name) for name in ("Алиев", "Бабаян", "Васильев", "Гасанов", "Давыдов")]
    assert positions == sorted(positions)


def test_the_old_export_links_answer_the_excel_friendly_exports_with_every_row(client):
    t, _p = build_hand_swiss()
    url = reverse("public:standings", args=[t.pk])
    response = client.get(url, {"_export": "csv"})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:4] == ["место", "участник", "организация", "регион"]
    assert [r[1].split()[0] for r in rows[1:]] == ["Алиев", "Васильев", "Бабаян", "Гасанов", "Давыдов"]
    assert rows[1][rows[0].index("очки")] == "3" and rows[3][rows[0].index("Бухгольц")] == "6"
    response = client.get(url, {"_export": "xlsx"})
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert sheet.cell(row=5, column=2).value.startswith("Алиев")  # under the three title lines and the header
    assert sheet.cell(row=5, column=6).value == 3


def test_an_unknown_export_format_is_a_400(client):
    t, _p = build_hand_swiss()
    response = client.get(reverse("public:standings", args=[t.pk]), {"_export": "pdf"})
    assert response.status_code == 400


def test_the_fragment_is_the_live_part_only_and_its_links_point_at_the_page(client):
    t, _p = build_hand_swiss()
    html = client.get(reverse("public:standings", args=[t.pk]), {"fragment": "1"}).content.decode()
    assert "<html" not in html and "Алиев" in html
    assert "fragment" not in html


def test_the_team_standings_sum_the_members():
    t, _p = build_hand_swiss()
    teams = ranking.compute(t).teams
    assert [(x.team, x.points) for x in teams] == [("Юг", 5), ("Север", 4)]


def test_an_unknown_tournament_is_a_404(client):
    assert client.get(reverse("public:standings", args=[987654])).status_code == 404
