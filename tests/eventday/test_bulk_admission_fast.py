"""Bulk admission of 120 (issue 28 §4: 15 s with only the browser's spinner): one transaction with a bounded
number of queries per entry; an entry whose decision fails refuses only itself (its documents stay ticked);
the list's decision defaults to admission, not to "pending"; the form says it is working and sends once;
after the finish nothing is decided (004 §6.2.1 item 6)."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from registration import manager
from registration.models import Entry, Participant, Person
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

DOCUMENTS = {"has_identity_document": True, "has_medical_clearance": True, "has_insurance": True}


def _entries(t, n: int, start: int = 0) -> list[Entry]:
    out = []
    for i in range(start, start + n):
        person = Person.objects.create(
            surname=f"Заявкин{i:03d}",
            name="Пётр",
            birth_date=datetime.date(1980, 1, 1) + datetime.timedelta(i),
        )
        out.append(
            Entry.objects.create(
                tournament=t,
                person=person,
                organisation="Клуб",
                region="Москва",
                disciplines=t.discipline,
                responsible_name="Тренеров",
                responsible_phone="+7 900 000-00-00",
            )
        )
    return out


def _queries(t, secretary, entries) -> int:
    with CaptureQueriesContext(connection) as ctx:
        outcome = manager.decide_many(t, [e.pk for e in entries], "admitted", "", secretary, DOCUMENTS)
    assert len(outcome.decided) == len(entries) and not outcome.refused
    return len(ctx.captured_queries)


def test_a_bulk_admission_costs_a_few_queries_an_entry_in_one_transaction(secretary):
    t = make_tournament(secretary)
    ten = _queries(t, secretary, _entries(t, 10))
    t2 = make_tournament(secretary, name="Второй")
    forty = _queries(t2, secretary, _entries(t2, 40, start=100))
    assert (forty - ten) / 30 <= 6, (ten, forty)  # was ~27 queries and two commits an entry
    assert t2.audit.filter(action="entry_decision").count() == 40
    assert Participant.objects.filter(tournament=t2, status="active").count() == 40


def test_an_entry_whose_decision_fails_refuses_only_itself_5_7_3(secretary):
    t = make_tournament(secretary)
    entries = _entries(t, 5)
    removed = entries[2]
    Participant.objects.create(tournament=t, person=removed.person, status=Participant.Status.REMOVED)
    outcome = manager.decide_many(t, [e.pk for e in entries], "admitted", "", secretary, DOCUMENTS)
    assert [r.entry.pk for r in outcome.refused] == [removed.pk]
    assert "5.7.3" in outcome.refused[0].reasons[0]
    statuses = dict(Entry.objects.filter(tournament=t).values_list("pk", "status"))
    assert [statuses[e.pk] for e in entries] == ["admitted", "admitted", "pending", "admitted", "admitted"]
    removed.refresh_from_db()
    assert removed.has_identity_document and removed.has_insurance  # the documents seen stay recorded


def test_after_the_finish_a_bulk_decision_changes_nothing_6_2_1(client, secretary):
    t = make_tournament(secretary)
    entries = _entries(t, 3)
    t.status = t.Status.FINISHED
    t.save(update_fields=["status"])
    with pytest.raises(manager.AdmissionError):
        manager.decide_many(t, [e.pk for e in entries], "admitted", "", secretary, DOCUMENTS)
    client.force_login(secretary)
    data = {"entries": [e.pk for e in entries], "status": "admitted", "has_insurance": "on"}
    client.post(reverse("registration:entries_bulk", args=[t.pk]), data)
    assert not Entry.objects.filter(tournament=t).exclude(status="pending").exists()
    assert not Entry.objects.filter(tournament=t, has_insurance=True).exists()
    assert not Participant.objects.filter(tournament=t).exists()


def test_the_list_decides_admission_by_default_and_says_it_is_working(client, secretary):
    t = make_tournament(secretary)
    _entries(t, 2)
    client.force_login(secretary)
    html = client.get(reverse("registration:entries", args=[t.pk])).content.decode()
    select = html[html.index('name="status"') : html.index("</select>", html.index('name="status"'))]
    assert '<option value="admitted" selected>' in select
    assert select.index('value="admitted"') < select.index('value="pending"')
    assert 'id="bulk" data-busy="' in html and 'class="busy' in html
