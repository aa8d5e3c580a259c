"""A document made by a real Celery worker on Redis (the deployment shape), on the test PostgreSQL."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from django.db import connection

from tests.factories import make_tournament
from tests.workers import broker_url, celery_worker, database_url_of

pytestmark = [
    pytest.mark.integration,
    pytest.mark.slow,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the worker needs a shared database"),
]


def test_a_real_worker_makes_the_pdf_and_the_page_follows_it(
    tmp_path, settings, secretary, chief_judge, client
):
    broker_url()  # skip early without Redis
    from django.urls import reverse

    from protocols.models import Document

    settings.MEDIA_ROOT = tmp_path / "media"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    t = make_tournament(secretary, chief_judge, players=300)
    with celery_worker(
        "protocols", database_url=database_url_of(connection), MEDIA_ROOT=str(settings.MEDIA_ROOT)
    ) as worker:
        client.force_login(secretary)
        from unittest import mock

        # The site queues the task on its broker: here, the worker's Redis.
        with mock.patch("protocols.tasks.generate.delay", lambda pk: worker.send("protocols.generate", pk)):
            response = client.post(reverse("protocols:document", args=[t.pk, "registration"]))
        doc = Document.objects.get()
        status_url = reverse("protocols:status", args=[doc.pk])
        assert status_url in client.get(response.url).content.decode()  # the page polls while it is made
        deadline = time.monotonic() + 60
        while not (status := client.get(status_url).json())["ready"]:
            assert status["status"] in {"pending", "running"}, status
            assert time.monotonic() < deadline, status
            time.sleep(0.2)
        doc.refresh_from_db()
        assert doc.status == "ready" and doc.pages >= 5 and status["pages"] == doc.pages
        assert Path(doc.file.path).read_bytes().startswith(b"%PDF")
