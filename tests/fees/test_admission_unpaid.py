"""Issue 34: whether an unpaid entry may be admitted is the regulation's setting; by default the commission
sees «не оплачено» on the entries list and decides."""

from __future__ import annotations

import pytest
from django.urls import reverse

from fees import manager
from fees.models import FeeSchedule, UnpaidAdmission
from registration.manager import AdmissionError, decide, decide_many
from registration.models import Entry
from tests.registration.helpers import make_entry

pytestmark = pytest.mark.django_db


def test_the_commission_sees_an_unpaid_entry_and_may_admit_it_by_default(client, tournament, chief_judge):
    FeeSchedule.objects.create(tournament=tournament, base=500_000)
    entry = make_entry(tournament, surname="Должников")
    client.force_login(chief_judge)
    page = client.get(reverse("registration:entries", args=[tournament.pk])).content.decode()
    assert "не оплачено" in page
    decide(entry, Entry.Status.ADMITTED, "", chief_judge)
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.ADMITTED


def test_the_regulation_may_bar_an_unpaid_entry_from_admission(tournament, chief_judge, secretary):
    FeeSchedule.objects.create(tournament=tournament, base=500_000, unpaid_admission=UnpaidAdmission.REFUSE)
    unpaid = make_entry(tournament, surname="Должников")
    paid = make_entry(tournament, surname="Платов")
    manager.pay(tournament, paid.person_id, None, "cash", secretary)
    with pytest.raises(AdmissionError, match="не оплачен"):
        decide(unpaid, Entry.Status.ADMITTED, "", chief_judge)
    outcome = decide_many(tournament, [unpaid.pk, paid.pk], Entry.Status.ADMITTED, "", chief_judge)
    assert [e.pk for e in outcome.decided] == [paid.pk]
    assert [r.entry.pk for r in outcome.refused] == [unpaid.pk]
    assert Entry.objects.get(pk=unpaid.pk).status == Entry.Status.PENDING


def test_no_fee_schedule_no_badge(client, tournament, chief_judge):
    make_entry(tournament, surname="Должников")
    client.force_login(chief_judge)
    page = client.get(reverse("registration:entries", args=[tournament.pk])).content.decode()
    assert "не оплачено" not in page
