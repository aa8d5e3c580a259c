"""No document is ever stuck (issue 13 item 4): broker down, a stuck row asked for again, the beat task."""

from __future__ import annotations

import datetime
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError

from protocols import tasks
from protocols.models import Document
from tests.factories import make_tournament

pytestmark = pytest.mark.security


@pytest.fixture
def t(secretary, chief_judge):
    return make_tournament(secretary, chief_judge, players=6)


def _url(t, kind="registration"):
    return reverse("protocols:document", args=[t.pk, kind])


def test_with_the_broker_down_the_document_is_made_in_the_request(client, t, secretary, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.CELERY_TASK_ALWAYS_EAGER = False
    client.force_login(secretary)
    down = OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
    with (
        mock.patch("protocols.tasks.generate.delay", side_effect=down),
        mock.patch("django.db.transaction.on_commit", lambda f, *a, **k: f()),
    ):
        response = client.post(_url(t))
    assert response.status_code == 302
    doc = Document.objects.get()
    assert doc.status == Document.Status.READY and doc.file


def _stuck(t, status: str, minutes: int) -> Document:
    t.refresh_from_db(fields=["version"])
    long_ago = timezone.now() - datetime.timedelta(minutes=minutes)
    doc = Document.objects.create(tournament=t, kind="registration", key="", version=t.version)
    Document.objects.filter(pk=doc.pk).update(
        status=status, created_at=long_ago, started_at=long_ago, heartbeat_at=long_ago
    )
    return doc


@pytest.mark.parametrize("status", ["pending", "running"])
def test_a_stuck_document_asked_for_again_is_made_not_returned_as_it_is(
    client, t, secretary, status, tmp_path, settings
):
    settings.MEDIA_ROOT = tmp_path
    doc = _stuck(t, status, minutes=10)
    client.force_login(secretary)
    client.post(_url(t))
    doc.refresh_from_db()
    assert doc.status == Document.Status.READY and Document.objects.count() == 1


def test_a_document_being_made_within_its_lease_is_left_alone(client, t, secretary, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    doc = _stuck(t, "running", minutes=0)
    client.force_login(secretary)
    with mock.patch("protocols.tasks.generate.delay") as delay:
        client.post(_url(t))
    doc.refresh_from_db()
    assert doc.status == Document.Status.RUNNING and not delay.called


def test_the_beat_task_queues_every_stuck_document_again(t, tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path
    old = _stuck(t, "running", minutes=10)
    assert tasks.requeue_stuck() == 1
    old.refresh_from_db()
    assert old.status == Document.Status.READY
    assert tasks.requeue_stuck() == 0
