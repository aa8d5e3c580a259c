"""The public entry forms are no oracle and write nobody's record (issue 13 items 2 and 10; 004 §5.1.3)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from registration import manager
from registration.models import Entry, Person, RegistrationSettings
from tests.factories import make_tournament
from tests.registration.helpers import make_entry
from tournaments.models import AuditEntry

pytestmark = pytest.mark.security


def _member(i: int, surname: str, birth: datetime.date) -> dict:
    return {
        f"m-{i}-surname": surname,
        f"m-{i}-name": "Иван",
        f"m-{i}-patronymic": "Иванович",
        f"m-{i}-birth_date": birth.isoformat(),
        f"m-{i}-gender": "male",
    }


def _team(name: str, members: list[dict]) -> dict:
    data = {
        "name": name,
        "organisation": "Клуб",
        "region": "Москва",
        "disciplines": ["long"],
        "representative": "Тренер",
        "responsible_name": "Тренер",
        "responsible_phone": "+7 900 000-00-00",
        "m-TOTAL_FORMS": str(len(members)),
        "m-INITIAL_FORMS": "0",
        "m-MIN_NUM_FORMS": "1",
        "m-MAX_NUM_FORMS": "30",
    }
    for member in members:
        data.update(member)
    return data


def test_a_team_entry_of_30_namesakes_learns_no_birth_date_5_1_3(client, secretary):
    """The attack of the issue: 30 members of one name and 30 consecutive dates, one of them entered."""
    t = make_tournament(secretary, character="team")
    RegistrationSettings.objects.create(tournament=t, self_registration=True)
    victim_birth = datetime.date(1987, 4, 23)
    make_entry(t, surname="Иванов", birth_date=victim_birth)
    start = victim_birth - datetime.timedelta(days=10)
    members = [_member(i, "Иванов", start + datetime.timedelta(days=i)) for i in range(30)]
    response = client.post(reverse("registration:register_team", args=[t.pk]), _team("Зонд", members))
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    for text in ["23.04.1987", "1987-04-23", "уже зарегистрирована", "допущен", "№"]:
        assert text not in page, text
    # A team made of only the victim is answered the same way as a team of new people.
    alone = client.post(
        reverse("registration:register_team", args=[t.pk]),
        _team("Зонд-2", [_member(0, "Иванов", victim_birth)]),
        follow=True,
    )
    fresh = client.post(
        reverse("registration:register_team", args=[t.pk]),
        _team("Зонд-3", [_member(0, "Петров", victim_birth)]),
        follow=True,
    )
    assert alone.status_code == fresh.status_code == 200
    said = [str(m).replace("Зонд-2", "X") for m in alone.context["messages"]]
    assert said == [str(m).replace("Зонд-3", "X") for m in fresh.context["messages"]]
    # The victim still has one entry; the commission sees the attempts in the change log.
    victim = Person.objects.get(surname="Иванов", birth_date=victim_birth)
    assert Entry.objects.filter(tournament=t, person=victim).count() == 1
    assert AuditEntry.objects.filter(tournament=t, action="entry_duplicate").count() == 2


def test_an_anonymous_entry_never_changes_an_existing_persons_record_5_1_3(client, secretary):
    known = Person.objects.create(
        surname="Известный",
        name="Игрок",
        patronymic="",
        birth_date=datetime.date(1975, 3, 3),
        gender="male",
        organisation="Клуб «Старый»",
        region="Казань",
    )
    t = make_tournament(secretary)
    RegistrationSettings.objects.create(tournament=t, self_registration=True)
    data = {
        "surname": "Известный",
        "name": "Игрок",
        "birth_date": "1975-03-03",
        "gender": "female",
        "organisation": "Клуб «Чужой»",
        "region": "Тула",
        "disciplines": ["long"],
        "responsible_name": "Кто-то",
        "responsible_phone": "+7 900 000-00-01",
    }
    assert client.post(reverse("registration:register", args=[t.pk]), data).status_code == 302
    known.refresh_from_db()
    assert (known.gender, known.organisation, known.region) == ("male", "Клуб «Старый»", "Казань")
    entry = Entry.objects.get(tournament=t, person=known)
    assert (entry.organisation, entry.region) == ("Клуб «Чужой»", "Тула")  # kept on the entry
    # Admitted, the checked organisation is this tournament's data of him, never his shared record's
    # (issue 25 items 3, 8).
    entry.has_identity_document = entry.has_medical_clearance = entry.has_insurance = True
    entry.save()
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    known.refresh_from_db()
    assert (known.organisation, known.region, known.gender) == ("Клуб «Старый»", "Казань", "male")
    p = t.participants.get(person=known)
    assert (p.data.organisation, p.data.region, p.data.gender) == ("Клуб «Чужой»", "Тула", "male")
