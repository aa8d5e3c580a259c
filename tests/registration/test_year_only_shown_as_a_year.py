"""Issue 28 §4: a person whose file gave the year of birth only («2003», stored as 1 January) is shown as
«2003» on the entry pages — the entries list, the entry, the registration protocol (page and PDF data) — never
as «01.01.2003»; the entry's form says the year is all that is known."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from registration import manager
from registration.models import Entry, Person
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(secretary):
    t = make_tournament(secretary)
    person = Person.objects.create(
        surname="Годов", name="Олег", birth_date=datetime.date(2003, 1, 1), birth_year_only=True
    )
    return Entry.objects.create(
        tournament=t,
        person=person,
        organisation="Клуб",
        region="Москва",
        disciplines=t.discipline,
        responsible_name="Тренеров",
        responsible_phone="+7 900 000-00-00",
    )


def test_the_entries_list_and_the_entry_show_the_year_only(client, secretary, entry):
    t = entry.tournament
    client.force_login(secretary)
    for url in (
        reverse("registration:entries", args=[t.pk]),
        reverse("registration:entry", args=[t.pk, entry.pk]),
    ):
        html = client.get(url).content.decode()
        assert "2003" in html and "01.01.2003" not in html, url
    form = client.get(reverse("registration:entry_edit", args=[t.pk, entry.pk])).content.decode()
    assert "Известен только год рождения: 2003" in form


def test_the_registration_protocol_shows_the_year_only(client, secretary, entry):
    t = entry.tournament
    manager.decide_many(
        t,
        [entry.pk],
        "admitted",
        "",
        secretary,
        {"has_identity_document": True, "has_medical_clearance": True, "has_insurance": True},
    )
    data = manager.registration_protocol_data(t)
    assert [p.birth_display for p in data.participants] == ["2003"]
    client.force_login(secretary)
    html = client.get(reverse("registration:protocol", args=[t.pk])).content.decode()
    assert "2003" in html and "01.01.2003" not in html
