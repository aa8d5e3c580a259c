"""The team standings page of a team mixed event shows its qualifying stage (004 §1.4.7): each group's table
(a Swiss of the whole field: one), and who goes to the playoff and how. The events are those of
``tests/teams/test_team_mixed.py``; the numbers are computed by hand below."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.teams.helpers import draw_and_publish, publish, team_mixed_groups
from tests.teams.test_team_mixed import _pairs, _play, _swiss_qualifying

HEAD = "место команда КО ОД В-Н-П ЗБ"


def _text(client, t) -> str:
    html = client.get(reverse("public:team_standings", args=[t.pk])).content.decode()
    html = html[html.index('id="team-qualifying"') :]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_team_standings_page_shows_the_qualifying_groups_and_their_qualifiers_004_1_4_7(
    client, secretary
):
    """6 teams in 2 groups by the seeding snake (A: 1, 4, 5; B: 2, 3, 6), round robin on 2 boards, the better
    seed wins 2:0; 2 qualify per group. Group A: 1 — 4 match points, 4 board points, 2-0-0, Sonneborn-Berger
    2·2/2 + 0 = 2; 4 — 2, 2, 1-0-1, SB 0; 5 — 0, 0, 0-0-2. Group B alike with 2, 3, 6. Every place is
    decided by the match points."""
    t, teams = team_mixed_groups(secretary)
    seed_of = {tm.pk: i + 1 for i, tm in enumerate(teams)}
    pk = {i + 1: tm.pk for i, tm in enumerate(teams)}
    client.force_login(secretary)
    draw_and_publish(client, t, 1)
    client.logout()
    # A drafted qualifying stage is nobody's but the secretary's.
    page = client.get(reverse("public:team_standings", args=[t.pk])).content.decode()
    assert 'id="team-qualifying"' not in page
    client.force_login(secretary)
    for number in (1, 2, 3):
        if number > 1:
            draw_and_publish(client, t, number)
        publish(client, t, number)
        for (a, _b), tm in _pairs(t, number, seed_of).items():
            _play(client, t, tm, {1: pk[a], 2: pk[a]})
    client.logout()
    text = _text(client, t)
    group_a = "1 Команда 01 4 4 2-0-0 2 2 Команда 04 2 2 1-0-1 0 3 Команда 05 0 0 0-0-2 0 "
    group_b = "1 Команда 02 4 4 2-0-0 2 2 Команда 03 2 2 1-0-1 0 3 Команда 06 0 0 0-0-2 0 "
    assert f"Группа A {HEAD} {group_a}" in text and f"Группа B {HEAD} {group_b}" in text
    assert "В плей-офф (п. 1.4.7" in text
    assert "1. Команда 01 — по очкам; 2. Команда 04 — по очкам" in text
    assert "1. Команда 02 — по очкам; 2. Команда 03 — по очкам" in text
    assert "Команда 05 —" not in text and "Команда 06 —" not in text


def test_the_qualifying_swiss_shows_its_tie_and_then_the_lot_that_broke_it_004_1_4_7(
    client, secretary, monkeypatch
):
    """The Swiss of 8 teams (R1 1-2 3-8 4-5 6-7, R2 1-3 4-6 2-5 7-8, R3 1-4 2-7 3-6 5-8), the better seed wins
    2:0; 4 qualify. 1: 6 match points; 2, 3, 4: 4 each, 4 board points, not all met; Sonneborn-Berger
    (opponent's match points × won 1): 2 — 5 and 7, 2 + 2 = 4; 4 — 5 and 6, 2 + 2 = 4; 3 — 8 and 6, 0 + 2 = 2.
    2 and 4 share places 2–3 until the playoff's lot; 3 is 4th by Sonneborn-Berger."""
    t, _seed_of, _pk = _swiss_qualifying(client, secretary, monkeypatch)
    text = _text(client, t)
    assert "Швейцарская" in text
    assert f"{HEAD} 1 Команда 01 6 6 3-0-0" in text
    assert "2–3 Команда 02 4 4 2-0-1 4 2–3 Команда 04 4 4 2-0-1 4 4 Команда 03 4 4 2-0-1 2 " in text
    tied = "равенство: решит жребий при жеребьёвке плей-офф"
    assert f"2–3. Команда 02 — {tied}; 2–3. Команда 04 — {tied}" in text
    assert "4. Команда 03 — по дополнительному показателю: Зоннеборн-Бергер (командные очки)" in text
    draw_and_publish(client, t, 4)
    publish(client, t, 4)
    text = _text(client, t)
    lots = re.findall(r"[23]\. Команда 0([24]) — жребием \(зерно 20261201\)", text)
    assert sorted(lots) == ["2", "4"]
    assert "1. Команда 01 — по очкам" in text
