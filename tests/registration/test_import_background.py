"""A big entries file is checked and saved off the request (issue 25 item 13): in the embedded default (Celery
eager) a thread of the web process does it after the commit, as for a big field's documents; the upload
answers at once with the progress page, which polls the status until the preview is there."""

from __future__ import annotations

import threading
import time
from unittest import mock

import pytest
from django.urls import reverse

from registration import imports, tasks
from registration.models import Entry, EntryImport
from tests.registration.test_import import _csv, _rows, _upload

pytestmark = [pytest.mark.security, pytest.mark.django_db(transaction=True)]


def _wait_for_the_import_threads(timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    for thread in [t for t in threading.enumerate() if t.name.startswith("import-")]:
        thread.join(max(0.1, deadline - time.monotonic()))
        assert not thread.is_alive(), "the import thread did not finish"


@pytest.fixture
def big_files(settings, client, secretary):
    settings.CELERY_TASK_ALWAYS_EAGER = True  # the embedded default
    settings.IMPORT_BACKGROUND_ABOVE = 20  # a file of 40 rows is "big" here (5,000 in the issue)
    client.force_login(secretary)
    return client


def test_a_big_files_preview_runs_in_a_thread_after_the_upload_answers_25_13(big_files, t):
    client = big_files
    started = threading.Event()
    real_preview = imports.preview

    def slow_preview(*args, **kwargs):
        started.set()
        assert threading.current_thread().name.startswith("import-")  # never the request's thread
        return real_preview(*args, **kwargs)

    with mock.patch.object(imports, "preview", side_effect=slow_preview):
        response = _upload(client, t, "entries.csv", _csv(_rows(40, bad={})))
        batch = EntryImport.objects.get()
        # The upload answered with the progress page, which polls the status (static/js/progress.js).
        assert response.status_code == 200
        assert response.templates[0].name == "registration/import_progress.html"
        page = response.content.decode()
        assert reverse("registration:import_status", args=[t.pk, batch.pk]) in page
        assert "js/progress.js" in page and '<b id="import-progress">' in page
        _wait_for_the_import_threads()
    assert started.is_set()
    status = client.get(reverse("registration:import_status", args=[t.pk, batch.pk])).json()
    assert status == {"status": "previewed", "progress": 40, "total": 40, "done": True}
    preview = client.get(reverse("registration:import_batch", args=[t.pk, batch.pk]))
    assert preview.context["outcome"].good == 40 and not Entry.objects.exists()
    # The confirmation of a big file too: the request answers, the thread saves.
    response = client.post(reverse("registration:import_confirm", args=[t.pk, batch.pk]))
    assert response.status_code == 302
    _wait_for_the_import_threads()
    assert Entry.objects.filter(tournament=t).count() == 40
    batch.refresh_from_db()
    assert batch.status == EntryImport.Status.CONFIRMED


def test_a_small_file_is_still_previewed_at_once(big_files, t):
    with mock.patch.object(tasks, "_in_thread", side_effect=AssertionError("a thread for 5 rows")):
        response = _upload(big_files, t, "entries.csv", _csv(_rows(5, bad={})))
    assert response.context["outcome"].good == 5


def test_with_the_broker_down_a_big_file_is_checked_in_a_thread_not_the_request(big_files, t, settings):
    from kombu.exceptions import OperationalError

    settings.CELERY_TASK_ALWAYS_EAGER = False
    started = []
    with (
        mock.patch("registration.tasks.preview_import.delay", side_effect=OperationalError("down")),
        mock.patch.object(tasks, "_in_thread", side_effect=lambda task, pk: started.append(pk)),
    ):
        response = _upload(big_files, t, "entries.csv", _csv(_rows(40, bad={})))
    assert response.status_code == 200 and started == [EntryImport.objects.get().pk]
    assert response.templates[0].name == "registration/import_progress.html"
