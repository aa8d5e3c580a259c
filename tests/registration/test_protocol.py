"""The registration protocol (004 §5.3.2 item 4): admitted participants and accredited officials, as plain
data for the PDF and as a page."""

from __future__ import annotations

import datetime

from django.urls import reverse

from registration import manager
from registration.manager import registration_protocol_data
from registration.models import Entry, Official
from tests.factories import add_players, make_user
from tests.registration.helpers import make_entry


def test_the_protocol_lists_admitted_participants_and_accredited_officials(t, secretary, chief_judge):
    admitted = manager.decide(
        make_entry(t, surname="Допущенный", qualification="cms"), "admitted", "", secretary
    )
    make_entry(t, surname="Ожидающий")
    manager.decide(make_entry(t, surname="Отказанный"), "refused", "нет полиса", secretary)
    later_withdrawn = manager.decide(make_entry(t, surname="Выбывший"), "admitted", "", secretary)
    manager.decide(later_withdrawn, "refused", "ложные сведения", secretary)
    (direct,) = add_players(t, 1)  # added directly by the secretary, no entry
    judge = make_user("judge9")
    Official.objects.create(tournament=t, person=judge.person, role=Official.Role.JUDGE, accredited=False)

    data = registration_protocol_data(t)
    names = [p.full_name for p in data.participants]
    assert names == ["Допущенный Иван Иванович", direct.person.full_name]
    first = data.participants[0]
    assert first.number == 1 and first.birth_date == datetime.date(1990, 5, 17)
    assert first.qualification == "кандидат в мастера спорта" and first.admitted_by
    assert (data.entries_received, data.entries_admitted, data.entries_refused, data.entries_pending) == (
        4,
        1,
        2,
        1,
    )
    roles = [(o.full_name, o.role) for o in data.officials]
    assert roles == [
        (chief_judge.person.full_name, "chief_judge"),
        (secretary.person.full_name, "chief_secretary"),
    ]
    assert admitted.person.full_name in names


def test_the_protocol_page_is_public(client, t, secretary):
    manager.decide(make_entry(t), Entry.Status.ADMITTED, "", secretary)
    page = client.get(reverse("registration:protocol", args=[t.pk]))
    assert page.status_code == 200 and "Иванов Иван Иванович" in page.content.decode()
