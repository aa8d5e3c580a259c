"""A date typo never takes the pages down (issue 13 item 5): every date a person types is between 1900 and
2100, in the forms, the imports and the admin — tried on PostgreSQL, where year 1 came back as year 0."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse

from registration.models import Entry, Person, RegistrationSettings
from tests.factories import make_tournament
from tournaments.models import Tournament

pytestmark = [pytest.mark.postgres, pytest.mark.security]

needs_postgres = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"
)


def _pages(t):
    return [
        reverse("public:detail", args=[t.pk]),
        reverse("public:participants", args=[t.pk]),
        reverse("public:standings", args=[t.pk]),
        reverse("registration:entries", args=[t.pk]),
        reverse("registration:settings", args=[t.pk]),
        reverse("public:edit", args=[t.pk]),
        reverse("admin:tournaments_tournament_change", args=[t.pk]),
        reverse("admin:registration_registrationsettings_changelist"),
    ]


@needs_postgres
@pytest.mark.parametrize("deadline", ["01.01.0001 00:00", "0001-01-01T00:00", "31.12.9999 23:59"])
def test_a_deadline_in_year_1_is_refused_and_every_page_stays_up(client, secretary, chief_judge, deadline):
    t = make_tournament(secretary, chief_judge, players=4)
    client.force_login(secretary)
    response = client.post(
        reverse("registration:settings", args=[t.pk]),
        {"self_registration": "on", "women_in_mens_event": "on", "deadline": deadline},
    )
    assert response.status_code == 400
    assert "между 1900 и 2100" in response.content.decode()
    assert not RegistrationSettings.objects.filter(tournament=t).exists()
    admin = User.objects.create_superuser("root", password="x")
    client.force_login(admin)
    for url in _pages(t):
        assert client.get(url).status_code == 200, url


@needs_postgres
def test_tournament_dates_and_a_disqualification_in_year_1_are_refused(client, secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=4)
    client.force_login(secretary)
    form = {"name": t.name, "start_date": "0001-01-01", "end_date": "0001-01-02", "venue": "Москва"}
    response = client.post(reverse("public:edit", args=[t.pk]), form)
    assert response.status_code in {200, 400} and response.context["form"].errors
    t.refresh_from_db()
    assert t.start_date.year == 2026
    client.force_login(chief_judge)
    participant = t.participants.first()
    response = client.post(
        reverse("judging:sanction_new", args=[t.pk]),
        {
            "participant": participant.pk,
            "kind": "disqualification",
            "violation": "other",
            "clause": "004 §2.3.2",
            "facts": "опечатка",
            "ends_on": "0001-01-01",
        },
    )
    assert response.status_code == 400
    assert not participant.person.sanctions.exists()


@needs_postgres
def test_an_imported_birth_date_in_year_1_is_a_row_error(client, secretary):
    t = make_tournament(secretary)
    client.force_login(secretary)
    csv = (
        "Фамилия;Имя;Отчество;Дата рождения;Пол;Организация;Регион;Ответственный;Телефон\n"
        "Годов;Первый;;01.01.0001;М;Клуб;Москва;Тренер;+7 900 000-00-00\n"
    ).encode()
    response = client.post(
        reverse("registration:import", args=[t.pk]), {"file": SimpleUploadedFile("e.csv", csv)}, follow=True
    )
    assert response.status_code in {200, 400}
    assert not Entry.objects.filter(tournament=t).exists()
    assert not Person.objects.filter(surname="Годов").exists()
    assert Tournament.objects.get(pk=t.pk)


def test_the_admin_refuses_a_birth_date_in_year_1(client, db):
    admin = User.objects.create_superuser("root", password="x")
    client.force_login(admin)
    response = client.post(
        reverse("admin:registration_person_add"),
        {"surname": "Годов", "name": "Первый", "birth_date": "0001-01-01", "gender": "male"},
    )
    assert response.status_code == 200 and "между 1900 и 2100" in response.content.decode()
    assert not Person.objects.filter(surname="Годов").exists()
