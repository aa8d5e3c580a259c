"""Issue 28 §4: after the finish a new entry could still be saved. A finished tournament takes no entry and no
change of one on every path (004 §6.2.1 item 6: the signed final protocol) — the secretary's form, the public
form and the public team form, a team entry typed by the secretary, the entry's edit, an import's upload and
its confirmation, a competition's one form, the forms' own save (the one rule, ``manager.lock_open``) — and
each says why and changes nothing."""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from registration import manager
from registration.forms import EntryForm, MemberFormSet, TeamEntryForm, save_team_entry
from registration.models import Entry, EntryImport, Person, RegistrationSettings, TeamEntry
from tests.factories import make_tournament
from tournaments.models import Competition, Tournament

pytestmark = pytest.mark.django_db

ENTRY = {
    "surname": "Поздняков",
    "name": "Иван",
    "birth_date": "1985-04-05",
    "gender": "male",
    "organisation": "Клуб",
    "region": "Москва",
    "disciplines": ["long"],
    "responsible_name": "Тренеров",
    "responsible_phone": "+7 900 000-00-00",
}
TEAM = {
    "name": "Поздние",
    "organisation": "Клуб",
    "region": "Москва",
    "disciplines": ["long"],
    "representative": "Тренер",
    "responsible_name": "Тренер",
    "responsible_phone": "+7 900 000-00-00",
    "m-TOTAL_FORMS": "1",
    "m-INITIAL_FORMS": "0",
    "m-MIN_NUM_FORMS": "1",
    "m-MAX_NUM_FORMS": "30",
    "m-0-surname": "Командин",
    "m-0-name": "Иван",
    "m-0-birth_date": "1980-01-01",
    "m-0-gender": "male",
}
SAYS = "Турнир завершён"


def _finish(t: Tournament) -> None:
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    t.refresh_from_db()


def _nothing(t) -> None:
    assert not Entry.objects.filter(tournament=t).exists()
    assert not TeamEntry.objects.filter(tournament=t).exists()
    assert not Person.objects.filter(surname__in=["Поздняков", "Командин"]).exists()


def test_the_secretarys_form_saves_no_entry_after_the_finish_6_2_1(client, secretary):
    t = make_tournament(secretary)
    _finish(t)
    client.force_login(secretary)
    response = client.post(reverse("registration:entry_add", args=[t.pk]), ENTRY)
    assert response.status_code == 400 and SAYS in response.content.decode()
    _nothing(t)


@pytest.mark.parametrize("character", ["personal", "team"])
def test_the_public_forms_save_no_entry_after_the_finish_6_2_1(client, secretary, character):
    t = make_tournament(secretary, character=character)
    RegistrationSettings.objects.create(tournament=t, self_registration=True)
    _finish(t)
    url, data = (
        (reverse("registration:register", args=[t.pk]), ENTRY)
        if character == "personal"
        else (reverse("registration:register_team", args=[t.pk]), TEAM)
    )
    assert client.post(url, data).status_code == 403
    _nothing(t)


def test_a_team_entry_typed_by_the_secretary_is_not_saved_after_the_finish_6_2_1(client, secretary):
    t = make_tournament(secretary, character="team")
    _finish(t)
    client.force_login(secretary)
    response = client.post(reverse("registration:team_entry_add", args=[t.pk]), TEAM)
    assert response.status_code == 400 and SAYS in response.content.decode()
    _nothing(t)


def test_an_entry_is_not_changed_after_the_finish_6_2_1(client, secretary):
    t = make_tournament(secretary)
    form = EntryForm(ENTRY, tournament=t)
    assert form.is_valid(), form.errors
    entry = form.save(user=secretary)
    _finish(t)
    client.force_login(secretary)
    edit = reverse("registration:entry_edit", args=[t.pk, entry.pk])
    response = client.post(edit, {**ENTRY, "region": "Тула"})
    assert response.status_code == 400 and SAYS in response.content.decode()
    entry.refresh_from_db()
    assert entry.region == "Москва"


def test_an_import_is_neither_read_nor_confirmed_after_the_finish_6_2_1(client, secretary):
    t = make_tournament(secretary)
    client.force_login(secretary)
    header = "Фамилия;Имя;Дата рождения;Пол;Организация;Регион;Ответственное лицо;Телефон\n"
    row = "Поздняков;Иван;05.04.1985;М;Клуб;Москва;Тренеров;+7 900 000-00-00\n"
    upload = SimpleUploadedFile("e.csv", (header + row).encode(), content_type="text/csv")
    client.post(reverse("registration:import", args=[t.pk]), {"file": upload})
    batch = EntryImport.objects.get(tournament=t)
    assert batch.status == EntryImport.Status.PREVIEWED
    _finish(t)
    response = client.post(reverse("registration:import_confirm", args=[t.pk, batch.pk]))
    assert response.status_code == 302
    batch.refresh_from_db()
    assert batch.status == EntryImport.Status.PREVIEWED
    upload = SimpleUploadedFile("e.csv", (header + row).encode(), content_type="text/csv")
    client.post(reverse("registration:import", args=[t.pk]), {"file": upload})
    assert EntryImport.objects.filter(tournament=t).count() == 1
    _nothing(t)


def test_a_competitions_form_saves_no_entry_in_a_finished_event_6_2_1(client, secretary):
    start = datetime.date(2026, 12, 5)
    c = Competition.objects.create(name="Чемпионат", start_date=start, end_date=start)
    t = make_tournament(secretary, competition=c)
    _finish(t)
    client.force_login(secretary)
    data = {**ENTRY, "events": [str(t.pk)]}
    response = client.post(reverse("public:competition_entry", args=[c.pk]), data)
    assert response.status_code in (302, 400, 403)
    _nothing(t)


def test_the_forms_save_refuses_a_tournament_finished_after_its_form_was_checked_6_2_1(secretary):
    t = make_tournament(secretary, character="team")
    form = EntryForm({**ENTRY, "team_name": "Поздние"}, tournament=t)
    team_form = TeamEntryForm(TEAM, tournament=t)
    members = MemberFormSet(TEAM, tournament=t, prefix="m")
    assert form.is_valid() and team_form.is_valid() and members.is_valid()
    _finish(t)
    with pytest.raises(manager.AdmissionError, match="завершён"):
        form.save(user=secretary)
    with pytest.raises(manager.AdmissionError, match="завершён"):
        save_team_entry(team_form, members, source="secretary", user=secretary)
    _nothing(t)
