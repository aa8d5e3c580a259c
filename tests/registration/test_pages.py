"""The commission's pages render for it: list, entry, forms, settings, officials (no 500 anywhere)."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils import timezone

from registration import manager
from registration.models import Entry, RegistrationSettings
from tests.factories import add_players, make_tournament
from tests.registration.helpers import make_entry


def test_every_page_renders_for_the_secretary(client, t, secretary):
    entry = make_entry(t, documents=False)
    client.force_login(secretary)
    for name, args in [
        ("entries", []),
        ("entry", [entry.pk]),
        ("entry_add", []),
        ("entry_edit", [entry.pk]),
        ("import", []),
        ("settings", []),
        ("officials", []),
        ("protocol", []),
    ]:
        response = client.get(reverse(f"registration:{name}", args=[t.pk, *args]))
        assert response.status_code == 200, name
    page = client.get(reverse("registration:entry", args=[t.pk, entry.pk])).content.decode()
    assert (
        "п. 2.3.3 Правил вида спорта «нарды»" in page
        and "п. 2.5.1 Правил вида спорта «нарды»" in page
        and "пп. 2.1, 2.3.1 Правил вида спорта «нарды»" in page
    )


def test_the_list_shows_failing_checks_and_filters_by_decision(client, t, secretary):
    make_entry(t, surname="Юнец", birth_date=datetime.date(2010, 1, 1))
    manager.decide(make_entry(t, surname="Готов"), Entry.Status.ADMITTED, "", secretary)
    client.force_login(secretary)
    page = client.get(reverse("registration:entries", args=[t.pk])).content.decode()
    assert "Юнец" in page and "Готов" in page and "пп. 2.1, 2.3.1 Правил вида спорта «нарды»" in page
    admitted = client.get(reverse("registration:entries", args=[t.pk]) + "?status=admitted").content.decode()
    assert "Готов" in admitted and "Юнец" not in admitted


def test_the_decision_form_posts_and_shows_why_admission_failed(client, t, secretary):
    entry = make_entry(t, documents=False)
    client.force_login(secretary)
    response = client.post(
        reverse("registration:entry_decide", args=[t.pk, entry.pk]), {"status": "admitted"}, follow=True
    )
    page = response.content.decode()
    assert "Заявку нельзя допустить" in page and "п. 2.3.3 Правил вида спорта «нарды»" in page
    entry.refresh_from_db()
    assert entry.status == Entry.Status.PENDING
    client.post(
        reverse("registration:entry_documents", args=[t.pk, entry.pk]),
        {"has_identity_document": "on", "has_medical_clearance": "on", "has_insurance": "on"},
    )
    client.post(reverse("registration:entry_decide", args=[t.pk, entry.pk]), {"status": "admitted"})
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ADMITTED
    history = client.get(reverse("registration:entry", args=[t.pk, entry.pk])).content.decode()
    assert "Документы" in history and "допущен" in history


def test_the_secretary_corrects_an_entry_and_it_moves_to_the_right_person(client, t, secretary):
    entry = make_entry(t)
    client.force_login(secretary)
    data = {
        "surname": "Иванов",
        "name": "Иван",
        "patronymic": "Иванович",
        "birth_date": "17.05.1991",
        "gender": "male",
        "organisation": "Клуб",
        "region": "Москва",
        "disciplines": ["long"],
        "responsible_name": "П. П.",
        "responsible_phone": "1",
    }
    response = client.post(reverse("registration:entry_edit", args=[t.pk, entry.pk]), data)
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.person.birth_date == datetime.date(1991, 5, 17)


def test_settings_open_self_registration(client, t, secretary):
    client.force_login(secretary)
    deadline = (timezone.localtime() + datetime.timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    response = client.post(
        reverse("registration:settings", args=[t.pk]),
        {"self_registration": "on", "deadline": deadline, "women_in_mens_event": "", "regions": "Москва"},
    )
    assert response.status_code == 302
    reg = RegistrationSettings.objects.get(tournament=t)
    assert reg.self_registration and not reg.women_in_mens_event and reg.region_list == ("Москва",)
    assert reg.accepts_self_registration(timezone.now())


def test_the_plain_add_participant_form_keeps_the_bars(client, secretary):
    t = make_tournament(secretary)
    add_players(t, 1)
    client.force_login(secretary)
    url = reverse("registration:participant_add", args=[t.pk])
    young = {"surname": "Юнец", "name": "Ю", "birth_date": "2010-01-01", "gender": "male"}
    response = client.post(url, young)
    assert (
        response.status_code == 200
        and "пп. 2.1, 2.3.1 Правил вида спорта «нарды»" in response.content.decode()
    )
    assert not t.participants.filter(person__surname="Юнец").exists()
    own = {
        "surname": secretary.person.surname,
        "name": secretary.person.name,
        "birth_date": "1980-01-01",
        "gender": "male",
    }
    secretary.person.birth_date = datetime.date(1980, 1, 1)
    secretary.person.save()
    response = client.post(url, own)
    assert "п. 2.3.5 Правил вида спорта «нарды»" in response.content.decode()


def test_the_list_reads_the_same_queries_for_5_or_25_entries(client, t, secretary):
    """The officials and the regulation are read once, and the disqualifications of every entry's person in
    one question to the judging app (issue 17: it was one query per entry)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(secretary)
    url = reverse("registration:entries", args=[t.pk])

    def queries(n):
        for i in range(Entry.objects.filter(tournament=t).count(), n):
            make_entry(t, surname=f"Заявитель{i:02d}")
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        return len(ctx.captured_queries)

    few = queries(5)
    assert queries(25) == few
