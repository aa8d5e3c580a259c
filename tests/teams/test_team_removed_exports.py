"""A team event with a team sanction and a removed team (004 §5.7.1, §5.7.3): every public page, the API and
the exports answer 200; the whole-tournament workbook's and the standings workbook's team sheet is the team
event's own table (match points, board points) and shows the removed team last, without a place, as the team
standings page does. The event is that of ``tests/teams/test_team_removal_round_robin.py``: 6 teams on 2
boards, team 6 removed after 3 of its 5 team matches."""

from __future__ import annotations

import io

import openpyxl
from django.urls import reverse

from tests.teams.test_team_judging import _sanction
from tests.teams.test_team_removal_round_robin import _event, _remove, _round


def _team_sheet(client, url: str) -> list[tuple]:
    book = openpyxl.load_workbook(io.BytesIO(client.get(url).content))
    sheet = book["Командный зачёт"]
    rows = [tuple(c.value for c in row) for row in sheet.iter_rows()]
    start = next(i for i, r in enumerate(rows) if r[0] == "место")
    return [r for r in rows[start + 1 :] if r[1]]


def test_a_removed_team_has_no_place_in_the_pages_api_and_exports_004_5_7_3(client, secretary, chief_judge):
    t, teams = _event(secretary, chief_judge)
    for number in (1, 2, 3):
        _round(client, secretary, t, number)
    client.force_login(chief_judge)
    assert _sanction(client, t, teams[0]).status_code == 302  # a warning of team 1 (004 §5.7.1)
    _remove(client, chief_judge, t, teams[5])
    for number in (4, 5):
        _round(client, secretary, t, number)
    client.logout()

    urls = [
        reverse(name, args=[t.pk, *args])
        for name, args in (
            ("public:detail", []),
            ("public:standings", []),
            ("public:team_standings", []),
            ("public:team_standings_pdf", []),
            ("public:export_standings", ["csv"]),
            ("public:export_tournament", []),
            *[(f"public:{kind}", [n]) for n in range(1, 6) for kind in ("round", "team_round")],
        )
    ]
    for url in (
        *urls,
        f"/api/tournaments/{t.pk}",
        f"/api/tournaments/{t.pk}/standings",
        f"/api/tournaments/{t.pk}/matches",
        f"/api/tournaments/{t.pk}/participants",
        f"/api/tournaments/{t.pk}/rounds/4/team-matches",
        reverse("public:team", args=[t.pk, teams[5].pk]),
        reverse("public:team", args=[t.pk, teams[0].pk]),
        reverse("public:board_standings", args=[t.pk]),
        reverse("public:export_standings", args=[t.pk, "xlsx"]),
    ):
        assert client.get(url).status_code == 200, url
    page = client.get(reverse("public:team_standings", args=[t.pk])).content.decode()
    assert "удалена" in page
    # place, team, match points, board points, W-D-L, Sonneborn-Berger, status (hand-computed in the
    # round-robin removal test): 1: 9/9, 2: 7/7, 3: 6/6, 4: 3/3, 5: 2/2; 6: 3/3 and no place.
    for url in (
        reverse("public:export_tournament", args=[t.pk]),
        reverse("public:export_standings", args=[t.pk, "xlsx"]),
    ):
        rows = _team_sheet(client, url)
        assert [(r[0], r[1], r[2], r[3], r[4]) for r in rows] == [  # single places are numbers (issue 29)
            (1, "Команда 01", 9, 9, "4-1-0"),
            (2, "Команда 02", 7, 7, "3-1-1"),
            (3, "Команда 03", 6, 6, "3-0-2"),
            (4, "Команда 04", 3, 3, "1-1-3"),
            (5, "Команда 05", 2, 2, "1-0-4"),
            ("—", "Команда 06", 3, 3, "0-3-2"),
        ], url
        assert rows[-1][-1] == "удалена" and not rows[0][-1]
