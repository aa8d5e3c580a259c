"""Issue 32 §4: a big field's report package is made by a real Celery worker on Redis (the deployment shape),
on the test PostgreSQL, while the request returns at once."""

from __future__ import annotations

import io
import time
import zipfile
from unittest import mock

import pytest
from django.db import connection
from django.urls import reverse

from reporting.models import Archive
from tests.workers import broker_url, celery_worker, database_url_of

from .evsk import document, event_in_competition, norm, paperwork

pytestmark = [
    pytest.mark.integration,
    pytest.mark.slow,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the worker needs a shared database"),
]


def test_issue32_4_a_real_worker_makes_a_big_fields_package(
    tmp_path, settings, secretary, chief_judge, client
):
    broker_url()  # skip early without Redis
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.DOCUMENTS_BACKGROUND_ABOVE = 5  # a "big" field of 8: off the request
    t = event_in_competition(secretary, n=8)
    paperwork(t, chief=chief_judge.person)
    norm(document(), "adult1", 3)
    with celery_worker(
        "reporting", database_url=database_url_of(connection), MEDIA_ROOT=str(settings.MEDIA_ROOT)
    ) as worker:
        client.force_login(chief_judge)
        with mock.patch(
            "reporting.tasks.make_archive.delay", lambda pk: worker.send("reporting.make_archive", pk)
        ):
            client.post(reverse("reporting:make", args=[t.pk, "package"]))
        archive = Archive.objects.get()
        deadline = time.monotonic() + 90
        while archive.status == "pending":
            assert time.monotonic() < deadline, "the worker did not make the package"
            time.sleep(0.3)
            archive.refresh_from_db()
        assert archive.status == "ready", archive.error
        names = zipfile.ZipFile(io.BytesIO(archive.file.read())).namelist()
        assert "01_final_protocol.pdf" in names and sum(n.startswith("dossiers/") for n in names) == 3
