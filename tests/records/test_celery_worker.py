"""The validation task through a real Celery worker on Redis sharing the PostgreSQL database (the
deployment shape): the worker writes the verdict, and a message delivered twice leaves one verdict."""

from __future__ import annotations

import pytest
from django.db import connection

from records import store
from records.models import Verdict
from tests.records.conftest import build, legal_text
from tests.workers import broker_url, celery_worker, database_url_of

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_real_worker_validates_a_record_once(secretary, chief_judge, participant_user):
    if connection.vendor != "postgresql":
        pytest.skip("the worker shares the test database only on PostgreSQL (DATABASE_URL)")
    broker_url()  # skip early without Redis
    match = build(secretary, chief_judge, participant_user, validate=False)
    record = store.attach(match, secretary, legal_text(), source="paste")  # stored, not judged
    tournament = match.round.tournament
    tournament.validate_records = True
    tournament.save(update_fields=["validate_records"])

    with celery_worker("records", database_url=database_url_of(connection)) as worker:
        first = worker.send("records.validate_record", record.pk).get(timeout=30)
        again = worker.send("records.validate_record", record.pk).get(timeout=30)
    assert first["valid"] is True and first == again
    verdicts = Verdict.objects.filter(record=record)
    assert verdicts.count() == 1 and verdicts.get().valid
    assert tournament.audit.filter(action="record_verdict").count() == 1
