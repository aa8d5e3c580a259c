"""Two officials press «paid» for the same entry at the same instant: one payment is recorded, the other is
told the fee is paid in full — real threads on PostgreSQL (the ledger's operations lock the tournament's row),
and the receipt numbers of payments made at once never repeat."""

from __future__ import annotations

import pytest
from django.db import connection

from fees import manager
from fees.models import FeeSchedule, Payment
from tests.concurrency import race
from tests.factories import make_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
needs_postgres = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"
)


@needs_postgres
@pytest.mark.parametrize("attempt", range(3))
def test_paid_pressed_twice_at_once_records_one_payment(secretary, chief_judge, attempt):
    t = make_tournament(secretary, chief_judge, players=4)
    FeeSchedule.objects.create(tournament=t, base=500_000)
    pid = t.participants.first().person_id
    outcomes = race(
        lambda: manager.pay(t, pid, None, "cash", secretary),
        lambda: manager.pay(t, pid, None, "cash", chief_judge),
    )
    assert sum(isinstance(o, Payment) for o in outcomes) == 1, outcomes
    assert sum(isinstance(o, manager.FeeError) for o in outcomes) == 1, outcomes
    assert Payment.objects.filter(account__tournament=t).count() == 1


@needs_postgres
def test_payments_at_once_get_distinct_receipt_numbers(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=6)
    FeeSchedule.objects.create(tournament=t, base=500_000)
    people = list(t.participants.values_list("person_id", flat=True))
    outcomes = race(*[(lambda pid=pid: manager.pay(t, pid, None, "cash", secretary)) for pid in people])
    assert all(isinstance(o, Payment) for o in outcomes), outcomes
    numbers = [o.receipt_number for o in outcomes]
    assert len(set(numbers)) == len(numbers) == 6
