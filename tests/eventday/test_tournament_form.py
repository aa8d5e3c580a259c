"""The tournament form (issue 14 item 8): each system's own settings marked for it, the tie-breaks by their
Russian names in an orderable list whose order is the one saved, and defaults that suit the system."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


def test_each_systems_settings_are_marked_and_the_tiebreaks_named_in_russian(client, secretary):
    client.force_login(secretary)
    html = client.get(reverse("public:create")).content.decode()
    assert 'data-systems="mixed swiss"' in html  # the number of rounds (mixed: a team Swiss qualifying)
    assert 'data-systems="mixed round_robin"' in html  # cycles
    assert "Бухгольц" in html and 'name="tiebreaks" value="buchholz"' in html
    # A team event's own settings (004 §1.3.4) are marked as its: a personal event hides them (issue 28 §6).
    for name in ("boards", "team_scoring", "team_draw_rule"):
        assert f'<p data-characters="team"><label for="id_{name}">' in html, name


def test_the_order_of_the_ticked_tiebreaks_is_the_order_saved(client, secretary):
    t = make_tournament(secretary)
    client.force_login(secretary)
    page = client.get(reverse("public:edit", args=[t.pk]))
    form = page.context["form"]
    data = {name: value for name, value in form.initial.items() if value is not None and name != "tiebreaks"}
    data |= {"start_date": "2026-12-05", "end_date": "2026-12-06", "protest_deposit": "0"}
    data = {k: v for k, v in data.items() if v is not False}
    data["tiebreaks"] = ["wins", "sonneborn_berger", "buchholz"]
    response = client.post(reverse("public:edit", args=[t.pk]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    t.refresh_from_db()
    assert t.tiebreaks == "wins,sonneborn_berger,buchholz"
    html = client.get(reverse("public:edit", args=[t.pk])).content.decode()
    assert (
        html.index('value="wins"') < html.index('value="sonneborn_berger"') < html.index('value="buchholz"')
    )


def test_nothing_ticked_takes_the_systems_default(client, secretary):
    client.force_login(secretary)
    data = {"name": "Круг", "discipline": "long", "system": "round_robin", "start_date": "2026-12-05",
            "end_date": "2026-12-05", "match_length": 7, "max_losses": 3, "cycles": 1, "group_count": 2,
            "qualifiers_per_group": 2, "best_of_rest": 0, "playoff_system": "single_elimination",
            "draw_mode": "seeded", "protest_window_minutes": 10, "min_age": 18, "bye_points": 1,
            "head_rule": "federation", "koks_zone": "13-18", "second_warning": "propose", "group_ties": "lot",
            "character": "personal", "gender_group": "men", "awarded_places": 3}  # fmt: skip
    response = client.post(reverse("public:create"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    from tournaments.models import Tournament

    assert Tournament.objects.get(name="Круг").tiebreaks == "direct,sonneborn_berger,wins,game_difference"
