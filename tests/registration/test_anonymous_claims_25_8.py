"""Issue 25 item 8: anonymous input never writes a person record that officials did not confirm.

«Жертвин Пётр 05.05.1985» is entered anonymously on the public form as female with «Клуб Хакеров». The
record it makes is only the entry's claim (``Person.confirmed`` False); the entry keeps what was typed. The
secretary then adds the real person: the official's data replace the claim, and the stored person, the
pages and the API say male and his club. Admission confirms the record as the commission saw it; a
confirmed record is never changed by a public form."""

from __future__ import annotations

import pytest
from django.urls import reverse

from registration import manager
from registration.models import Entry, Person, RegistrationSettings
from tests.factories import make_tournament
from tournaments.models import AuditEntry

pytestmark = pytest.mark.security

CLAIM = {
    "surname": "Жертвин",
    "name": "Пётр",
    "birth_date": "1985-05-05",
    "gender": "female",
    "organisation": "Клуб Хакеров",
    "region": "Хакерск",
    "club": "Клуб Хакеров",
    "disciplines": ["long"],
    "responsible_name": "Аноним",
    "responsible_phone": "+7 900 000-00-13",
}


@pytest.fixture
def open_tournament(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge)
    RegistrationSettings.objects.create(tournament=t, self_registration=True)
    return t


def _anonymous_entry(client, t):
    client.logout()
    assert client.post(reverse("registration:register", args=[t.pk]), CLAIM).status_code == 302
    return Person.objects.get(surname="Жертвин")


def test_an_anonymous_entry_does_not_set_the_real_participants_data(client, open_tournament, secretary):
    t = open_tournament
    claim = _anonymous_entry(client, t)
    client.force_login(secretary)
    response = client.post(
        reverse("registration:participant_add", args=[t.pk]),
        {
            "surname": "Жертвин",
            "name": "Пётр",
            "birth_date": "1985-05-05",
            "gender": "male",
            "organisation": "Клуб «Нарды»",
            "region": "Москва",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    person = Person.objects.get(surname="Жертвин")
    assert person.pk == claim.pk  # one record: the claim, replaced
    assert (person.gender, person.organisation, person.region) == ("male", "Клуб «Нарды»", "Москва")
    participant = t.participants.get(person=person)
    assert [r for r in client.get(f"/api/tournaments/{t.pk}/participants").json()["items"]] == [
        {
            "id": participant.pk,
            "name": "Жертвин Пётр",
            "short_name": "Жертвин П.",
            "partner": None,
            "organisation": "Клуб «Нарды»",
            "region": "Москва",
            "team": None,
            "seed": None,
            "federation_id": person.pk,  # issue 31: the register's ID, the person's record number
            "partner_federation_id": None,
            "rating": None,
            "status": "active",
        }
    ]
    page = client.get(reverse("public:participant", args=[t.pk, participant.pk])).content.decode()
    assert "Хакер" not in page
    # The anonymous entry keeps what was typed, for the commission; the change log says who confirmed.
    entry = Entry.objects.get(tournament=t, person=person)
    assert (entry.organisation, entry.club) == ("Клуб Хакеров", "Клуб Хакеров")
    confirmed = AuditEntry.objects.get(tournament=t, action="person_confirmed")
    assert confirmed.user == secretary and confirmed.data["before"]["gender"] == "female"
    assert person.confirmed


def test_an_anonymous_entry_makes_an_unconfirmed_claim_and_changes_no_confirmed_record(
    client, open_tournament
):
    claim = _anonymous_entry(client, open_tournament)
    assert not claim.confirmed and (claim.gender, claim.organisation) == ("female", "Клуб Хакеров")


@pytest.mark.parametrize("path", ["entry", "import"])
def test_an_officials_entry_or_import_replaces_the_claim(client, open_tournament, secretary, path):
    t = open_tournament
    other = make_tournament(secretary, name="Кубок осени")
    _anonymous_entry(client, t)
    client.force_login(secretary)
    if path == "entry":
        data = {**CLAIM, "gender": "male", "organisation": "Клуб «Нарды»", "region": "Москва", "club": ""}
        response = client.post(reverse("registration:entry_add", args=[other.pk]), data)
        assert response.status_code == 302, response.content.decode()[:2000]
    else:
        from tests.registration.people import preview, year_only_file

        upload = year_only_file(("Жертвин", "Пётр", "", "05.05.1985"))
        preview(client, other, upload)
        from registration.models import EntryImport

        batch = EntryImport.objects.get()
        assert (
            client.post(reverse("registration:import_confirm", args=[other.pk, batch.pk])).status_code == 302
        )
    person = Person.objects.get(surname="Жертвин")
    assert person.gender == "male" and "Хакер" not in person.organisation
    assert person.confirmed


def test_admission_confirms_the_record_the_commission_saw(client, open_tournament, secretary):
    t = open_tournament
    claim = _anonymous_entry(client, t)
    entry = Entry.objects.get(tournament=t, person=claim)
    Entry.objects.filter(pk=entry.pk).update(
        has_identity_document=True, has_medical_clearance=True, has_insurance=True
    )
    manager.decide(Entry.objects.get(pk=entry.pk), Entry.Status.ADMITTED, "", secretary)
    # Confirmed, a second anonymous entry elsewhere changes nothing of him.
    t2 = make_tournament(secretary, name="Кубок зимы")
    RegistrationSettings.objects.create(tournament=t2, self_registration=True)
    client.logout()
    client.post(
        reverse("registration:register", args=[t2.pk]), {**CLAIM, "gender": "male", "organisation": "X"}
    )
    claim.refresh_from_db()
    assert (claim.gender, claim.organisation) == ("female", "Клуб Хакеров")
    assert claim.confirmed
