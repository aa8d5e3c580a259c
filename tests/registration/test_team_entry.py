"""Team entries (the model form at the end of 004): the team, its coach and doctor, and members each admitted
on his own into the team."""

from __future__ import annotations

from django.urls import reverse

from registration import manager
from registration.models import Entry, Participant, RegistrationSettings, TeamEntry
from tests.factories import make_tournament


def _team_form(members, **overrides):
    data = {
        "name": "Сборная Дагестана",
        "organisation": "Федерация нард Дагестана",
        "region": "Республика Дагестан",
        "disciplines": ["long"],
        "representative": "Тренеров Тимур",
        "doctor": "Врачев Виктор",
        "head_of_organisation": "",
        "responsible_name": "Тренеров Тимур",
        "responsible_phone": "+7 928 000-00-00",
        "responsible_email": "",
        "m-TOTAL_FORMS": "6",
        "m-INITIAL_FORMS": "0",
        "m-MIN_NUM_FORMS": "1",
        "m-MAX_NUM_FORMS": "30",
    }
    for i, (surname, born, gender) in enumerate(members):
        data.update(
            {
                f"m-{i}-surname": surname,
                f"m-{i}-name": "Гасан",
                f"m-{i}-birth_date": born,
                f"m-{i}-gender": gender,
                f"m-{i}-qualification": "cms",
            }
        )
    data.update(overrides)
    return data


def test_a_team_entry_brings_its_members_who_are_admitted_into_the_team(client, secretary):
    t = make_tournament(secretary, character="team")
    RegistrationSettings.objects.create(tournament=t, self_registration=True)
    members = [
        ("Гасанов", "1990-01-01", "male"),
        ("Алиева", "1992-02-02", "female"),
        ("Магомедов", "1988-03-03", "male"),
    ]
    response = client.post(reverse("registration:register_team", args=[t.pk]), _team_form(members))
    assert response.status_code == 302, response.content.decode()[:3000]
    team = TeamEntry.objects.get(tournament=t)
    assert (team.representative, team.doctor) == ("Тренеров Тимур", "Врачев Виктор")
    entries = list(team.members.select_related("person"))
    assert len(entries) == 3 and {e.region for e in entries} == {"Республика Дагестан"}
    for entry in entries:
        Entry.objects.filter(pk=entry.pk).update(
            has_identity_document=True, has_medical_clearance=True, has_insurance=True
        )
        manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    participants = Participant.objects.filter(tournament=t)
    assert {p.team.name for p in participants} == {"Сборная Дагестана"}


def test_a_member_listed_twice_or_a_bad_member_saves_nothing(client, secretary):
    t = make_tournament(secretary, character="team")
    RegistrationSettings.objects.create(tournament=t, self_registration=True)
    twice = [("Гасанов", "1990-01-01", "male"), ("Гасанов", "1990-01-01", "male")]
    assert (
        client.post(reverse("registration:register_team", args=[t.pk]), _team_form(twice)).status_code == 400
    )
    bad = [("Гасанов", "1990-01-01", "male"), ("Будущий", "2030-01-01", "male")]
    assert client.post(reverse("registration:register_team", args=[t.pk]), _team_form(bad)).status_code == 400
    assert not TeamEntry.objects.exists() and not Entry.objects.exists()


def test_a_team_needs_at_least_one_member(client, secretary):
    t = make_tournament(secretary, character="team")
    RegistrationSettings.objects.create(tournament=t, self_registration=True)
    assert client.post(reverse("registration:register_team", args=[t.pk]), _team_form([])).status_code == 400
    assert not TeamEntry.objects.exists()


def test_the_secretary_adds_a_member_to_an_existing_team_by_its_name(client, secretary):
    t = make_tournament(secretary, character="personal_team")
    client.force_login(secretary)
    data = {
        "surname": "Новиков",
        "name": "Нил",
        "birth_date": "1990-01-01",
        "gender": "male",
        "team_name": "Клуб  «Марс»",
        "organisation": "Клуб «Марс»",
        "region": "Краснодарский край",
        "disciplines": ["long"],
        "responsible_name": "Н. Н.",
        "responsible_email": "n@example.org",
    }
    response = client.post(reverse("registration:entry_add", args=[t.pk]), data)
    assert response.status_code == 302
    entry = Entry.objects.get(tournament=t)
    assert entry.team_entry.name == "Клуб «Марс»" and entry.team_entry.representative == "Н. Н."
    page = client.get(reverse("registration:team_entry", args=[t.pk, entry.team_entry_id]))
    assert "Новиков Нил" in page.content.decode()
