"""The preview and the import of a file run as Celery tasks with progress (issue 13 item 11)."""

from __future__ import annotations

from unittest import mock

import pytest
from django.urls import reverse

from registration import tasks
from registration.models import Entry, EntryImport
from tests.registration.test_import import _csv, _rows, _upload

pytestmark = pytest.mark.security


@pytest.fixture
def queued(client, secretary, t, settings):
    """A real broker's shape: the request queues the tasks (after the commit); the test plays the worker."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    client.force_login(secretary)
    sent = []
    with (
        mock.patch("registration.tasks.preview_import.delay", lambda pk: sent.append(("preview", pk))),
        mock.patch("registration.tasks.confirm_import.delay", lambda pk: sent.append(("confirm", pk))),
        mock.patch("django.db.transaction.on_commit", lambda f, *a, **k: f()),
    ):
        yield client, sent


def test_the_preview_and_the_import_are_tasks_that_report_progress_11(queued, t):
    client, sent = queued
    response = _upload(client, t, "entries.csv", _csv(_rows(200)))
    batch = EntryImport.objects.get()
    assert response.status_code == 200 and sent == [("preview", batch.pk)]
    assert batch.status == EntryImport.Status.CHECKING and batch.total == 200
    status_url = reverse("registration:import_status", args=[t.pk, batch.pk])
    assert status_url in response.content.decode()  # the page polls while the rows are checked
    assert client.get(status_url).json() == {"status": "checking", "progress": 0, "total": 200, "done": False}
    seen = []
    with mock.patch("registration.tasks._progress", lambda pk: lambda d, n: seen.append(d)):
        assert tasks.preview_import(batch.pk) == "previewed"
    assert seen == [100, 200]
    assert client.get(status_url).json()["done"] is True
    page = client.get(reverse("registration:import_batch", args=[t.pk, batch.pk]))
    assert page.context["outcome"].good == 197 and not Entry.objects.exists()
    assert tasks.preview_import(batch.pk) == "previewed"  # a second delivery does nothing more
    client.post(reverse("registration:import_confirm", args=[t.pk, batch.pk]))
    client.post(reverse("registration:import_confirm", args=[t.pk, batch.pk]))  # a double click
    assert sent[1:] == [("confirm", batch.pk)]
    assert tasks.confirm_import(batch.pk) == "confirmed" and tasks.confirm_import(batch.pk) == "confirmed"
    assert Entry.objects.filter(tournament=t).count() == 197
    done = client.get(reverse("registration:import_batch", args=[t.pk, batch.pk])).content.decode()
    assert "197" in done


def test_with_the_broker_down_the_preview_runs_in_the_request_11(client, secretary, t, settings):
    from kombu.exceptions import OperationalError

    settings.CELERY_TASK_ALWAYS_EAGER = False
    client.force_login(secretary)
    with (
        mock.patch("registration.tasks.preview_import.delay", side_effect=OperationalError("down")),
        mock.patch("django.db.transaction.on_commit", lambda f, *a, **k: f()),
    ):
        response = _upload(client, t, "entries.csv", _csv(_rows(5, bad={})))
    assert response.status_code == 200 and response.context["outcome"].good == 5
