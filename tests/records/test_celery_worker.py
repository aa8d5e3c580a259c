"""The validation task through a real Celery worker on Redis sharing the PostgreSQL database (the
deployment shape): the worker writes the verdict, and a message delivered twice leaves one verdict."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from records import manager
from records.models import Verdict
from tests.records.conftest import build, legal_text

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_real_worker_validates_a_record_once(secretary, chief_judge, participant_user):
    if connection.vendor != "postgresql":
        pytest.skip("the worker shares the test database only on PostgreSQL (DATABASE_URL)")
    broker = os.environ.get("CELERY_RECORDS_BROKER_URL", "redis://127.0.0.1:6379/13")
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url(broker).ping()
    except redis.exceptions.ConnectionError:
        pytest.skip(f"no Redis at {broker}")
    match = build(secretary, chief_judge, participant_user, validate=False)
    record = manager.attach(match, secretary, legal_text(), source="paste")  # stored, not judged
    tournament = match.round.tournament
    tournament.validate_records = True
    tournament.save(update_fields=["validate_records"])

    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    env = dict(os.environ, CELERY_BROKER_URL=broker, CELERY_RESULT_BACKEND=broker, DATABASE_URL=url)
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--concurrency=1",
         "--loglevel=WARNING", "--without-gossip", "--without-mingle", "-n", f"records-{os.getpid()}@%h"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        from celery import Celery

        client = Celery("nardy-test-client", broker=broker, backend=broker, set_as_current=False)
        client.conf.task_serializer = client.conf.result_serializer = "json"
        deadline = time.monotonic() + 60
        while not client.control.inspect(timeout=1).ping():
            assert worker.poll() is None, worker.stdout.read().decode()
            assert time.monotonic() < deadline, "the worker did not start"
        first = client.send_task("records.validate_record", args=[record.pk]).get(timeout=30)
        again = client.send_task("records.validate_record", args=[record.pk]).get(timeout=30)
    finally:
        worker.terminate()
        worker.wait(timeout=20)
    assert first["valid"] is True and first == again
    verdicts = Verdict.objects.filter(record=record)
    assert verdicts.count() == 1 and verdicts.get().valid
    assert tournament.audit.filter(action="record_verdict").count() == 1
