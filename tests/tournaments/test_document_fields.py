"""What a federation's documents carry about the competition (issue 15): rank, organiser, the regulation's
number and date, the time control, the places awarded — in the settings form, validated."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tournaments.models import Tournament

BASE = {
    "name": "Кубок",
    "discipline": "long",
    "start_date": "2026-12-12",
    "end_date": "2026-12-14",
    "system": "swiss",
    "character": "personal",
    "gender_group": "men",
    "match_length": 7,
    "max_losses": 3,
    "cycles": 1,
    "group_count": 2,
    "qualifiers_per_group": 2,
    "best_of_rest": 0,
    "playoff_system": "single_elimination",
    "draw_mode": "seeded",
    "protest_window_minutes": 10,
    "min_age": 18,
    "bye_points": "1",
    "tiebreaks": "buchholz",
    "head_rule": "federation",
    "koks_zone": "13-18",
    "second_warning": "propose",
    "group_ties": "lot",
}


def test_the_secretary_sets_what_the_documents_print(client, secretary):
    client.force_login(secretary)
    data = {
        **BASE,
        "category": "national",
        "organiser": "Федерация нард России",
        "regulation_number": "17-П",
        "regulation_date": "2026-10-01",
        "time_control_minutes": 14,
        "time_control_increment": 8,
        "awarded_places": 6,
    }
    assert client.post(reverse("public:create"), data).status_code == 302
    t = Tournament.objects.get(name="Кубок")
    assert t.get_category_display() == "всероссийские"
    assert (t.organiser, t.regulation_number, t.regulation_date) == (
        "Федерация нард России",
        "17-П",
        datetime.date(2026, 10, 1),
    )
    assert t.time_control == "14 мин + 8 с на ход"
    assert t.awarded_places == 6


def test_empty_document_fields_are_allowed_and_three_places_are_awarded(client, secretary):
    client.force_login(secretary)
    assert client.post(reverse("public:create"), BASE).status_code == 302
    t = Tournament.objects.get(name="Кубок")
    assert t.awarded_places == 3 and t.time_control == "" and t.category == ""


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"regulation_date": "0001-01-01"}, "Проверьте дату Положения."),
        ({"time_control_minutes": 0}, "От 1 до 600 минут."),
        ({"time_control_minutes": 14, "time_control_increment": 601}, "Не больше 600 секунд на ход."),
        ({"time_control_increment": 8}, "Сначала укажите минуты на игрока."),
        ({"awarded_places": 0}, "От 1 до 10 мест."),
        ({"category": "galactic"}, "Выберите корректный вариант."),
    ],
)
def test_impossible_document_fields_are_refused_and_nothing_saved(client, secretary, changes, message):
    client.force_login(secretary)
    response = client.post(reverse("public:create"), {**BASE, **changes})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Tournament.objects.filter(name="Кубок").exists()
