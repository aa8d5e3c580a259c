"""Issue 32 §3: at the finish the event's dossiers are made off the request (after the commit, by a worker or
a thread); a big field's archives are never made inside the request that asks for them."""

from __future__ import annotations

import pytest
from django.utils import translation

from judging.signals import tournament_finished
from reporting import tasks
from reporting.models import Archive

from .evsk import document, event_in_competition, norm, paperwork

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def russian():
    with translation.override("ru"):
        yield


@pytest.fixture
def worker(monkeypatch):
    """The worker, here and now: what the thread or the Celery task would run."""
    ran: list[int] = []

    def run(archive_id: int) -> None:
        ran.append(archive_id)
        tasks.make_archive(archive_id)

    monkeypatch.setattr(tasks, "dispatch", run)
    return ran


def test_issue32_3_the_finish_makes_the_dossiers_after_the_commit(
    secretary, worker, django_capture_on_commit_callbacks
):
    t = event_in_competition(secretary)
    paperwork(t)
    norm(document(), "adult1", 2)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        tournament_finished.send(sender=type(t), tournament=t, user=secretary)
    assert not Archive.objects.exists()  # nothing inside the finish's transaction
    for callback in callbacks:
        callback()
    archive = Archive.objects.get()
    assert (archive.kind, archive.status, archive.files) == ("dossiers", "ready", 2)
    assert worker == [archive.pk]


def test_issue32_3_an_event_without_norms_makes_no_dossiers_at_the_finish(
    secretary, worker, django_capture_on_commit_callbacks
):
    t = event_in_competition(secretary, status=None)
    with django_capture_on_commit_callbacks(execute=True):
        tournament_finished.send(sender=type(t), tournament=t, user=secretary)
    assert not Archive.objects.exists() and worker == []


def test_issue32_3_a_big_fields_archive_is_made_off_the_request(
    secretary, worker, settings, django_capture_on_commit_callbacks
):
    settings.DOCUMENTS_BACKGROUND_ABOVE = 4
    t = event_in_competition(secretary, n=6)
    paperwork(t)
    norm(document(), "adult1", 2)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        archive = tasks.start(t, Archive.Kind.DOSSIERS, secretary)
    assert archive.status == "pending" and worker == []  # the request returns at once
    for callback in callbacks:
        callback()
    archive.refresh_from_db()
    assert archive.status == "ready" and archive.files == 2
