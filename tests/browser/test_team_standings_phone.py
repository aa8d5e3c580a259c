"""Issue 18: the team standings page of a team mixed event, with its qualifying groups and qualifiers
(004 §1.4.7) and long team names, fits a 390 px phone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from registration.models import Team
from tests.teams.helpers import draw_and_publish, publish, team_mixed_groups
from tests.teams.test_team_mixed import _pairs, _play

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_team_standings_page_with_its_qualifying_groups_fits_a_390_px_phone_004_1_4_7(
    live_server, phone, client, secretary
):
    t, teams = team_mixed_groups(secretary)
    long_name = "Федерация нард Ханты-Мансийского автономного округа — Югры"
    Team.objects.filter(pk=teams[0].pk).update(name=long_name)
    seed_of = {tm.pk: i + 1 for i, tm in enumerate(teams)}
    pk = {i + 1: tm.pk for i, tm in enumerate(teams)}
    client.force_login(secretary)
    for number in (1, 2, 3):
        draw_and_publish(client, t, number)
        publish(client, t, number)
        for (a, _b), tm in _pairs(t, number, seed_of).items():
            _play(client, t, tm, {1: pk[a], 2: pk[a]})
    page = phone.new_page()
    page.goto(live_server.url + reverse("public:team_standings", args=[t.pk]))
    assert page.locator("#team-qualifying").is_visible()
    assert page.locator("table.qualifying").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
