"""A worker killed in the middle of a document: the document is finished all the same (issue 13 item 4).

Real Celery workers on Redis sharing the PostgreSQL test database. To kill the worker *in the middle*, the
test waits until the document is being made, then holds its row locked so the worker's next page update
waits, kills the worker, and lets go.
"""

from __future__ import annotations

import datetime
import os
import signal
import time
from unittest import mock

import pytest
from django.db import connection, transaction
from django.urls import reverse

from protocols.models import Document
from registration.models import Participant, Person
from tests.factories import make_tournament
from tests.workers import broker_url, celery_worker, database_url_of

pytestmark = [
    pytest.mark.integration,
    pytest.mark.slow,
    pytest.mark.postgres,
    pytest.mark.security,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the worker needs a shared database"),
]


def _big_tournament(secretary, chief_judge, players: int = 1500):
    t = make_tournament(secretary, chief_judge)
    people = Person.objects.bulk_create(
        Person(
            surname=f"Игрок{i:04d}", name="Иван", birth_date=datetime.date(1970, 1, 1) + datetime.timedelta(i)
        )
        for i in range(players)
    )
    Participant.objects.bulk_create(
        Participant(tournament=t, person=p, seed=i + 1) for i, p in enumerate(people)
    )
    return t


def _status(doc_pk: int) -> str:
    return Document.objects.filter(pk=doc_pk).values_list("status", flat=True).get()


def _kill_mid_document(doc_pk: int, kill) -> None:
    deadline = time.monotonic() + 60
    while _status(doc_pk) != Document.Status.RUNNING:
        assert time.monotonic() < deadline, "the worker never started the document"
        time.sleep(0.005)
    with transaction.atomic():
        Document.objects.select_for_update().get(pk=doc_pk)  # its next page update now waits for us
        assert _status(doc_pk) == Document.Status.RUNNING, "the document finished before the kill"
        kill()
        time.sleep(0.5)
    assert _status(doc_pk) == Document.Status.RUNNING  # killed mid-document: «формируется»


def _wait_ready(doc_pk: int, seconds: float = 90) -> Document:
    deadline = time.monotonic() + seconds
    while _status(doc_pk) != Document.Status.READY:
        assert _status(doc_pk) != Document.Status.FAILED
        assert time.monotonic() < deadline, _status(doc_pk)
        time.sleep(0.2)
    return Document.objects.get(pk=doc_pk)


def test_a_pool_process_killed_mid_document_gives_the_task_back_and_it_finishes(
    client, settings, tmp_path, secretary, chief_judge
):
    broker_url()
    settings.MEDIA_ROOT, settings.CELERY_TASK_ALWAYS_EAGER = tmp_path, False
    t = _big_tournament(secretary, chief_judge)
    env = {"MEDIA_ROOT": str(tmp_path)}
    with celery_worker("killed-child", database_url_of(connection), pool="prefork", **env) as worker:
        client.force_login(secretary)
        with mock.patch("protocols.tasks.generate.delay", lambda pk: worker.send("protocols.generate", pk)):
            client.post(reverse("protocols:document", args=[t.pk, "registration"]))
        doc = Document.objects.get()
        children = worker.pool_children()
        assert children, "a prefork worker has a pool process"
        _kill_mid_document(doc.pk, lambda: [os.kill(pid, signal.SIGKILL) for pid in children])
        # acks_late + reject_on_worker_lost: the message goes back to the queue; a new pool process makes it.
        doc = _wait_ready(doc.pk)
        assert doc.pages >= 10 and doc.file.read(4) == b"%PDF"


def test_a_whole_worker_killed_mid_document_and_restarted_finishes_it_after_the_lease(
    client, settings, tmp_path, secretary, chief_judge
):
    broker_url()
    settings.MEDIA_ROOT, settings.CELERY_TASK_ALWAYS_EAGER = tmp_path, False
    settings.DOCUMENTS_LEASE_SECONDS = 2
    t = _big_tournament(secretary, chief_judge)
    env = {"MEDIA_ROOT": str(tmp_path)}
    url = reverse("protocols:document", args=[t.pk, "registration"])
    client.force_login(secretary)
    with celery_worker("killed-whole", database_url_of(connection), **env) as worker:
        with mock.patch("protocols.tasks.generate.delay", lambda pk: worker.send("protocols.generate", pk)):
            client.post(url)
        doc = Document.objects.get()
        _kill_mid_document(doc.pk, lambda: worker.process.send_signal(signal.SIGKILL))
        worker.process.wait(timeout=20)
    # Asked again within the lease: the same row, still being made (its worker might only be slow).
    assert client.post(url).status_code == 302 and _status(doc.pk) == Document.Status.RUNNING
    time.sleep(2.5)
    with celery_worker("restarted", database_url_of(connection), **env) as worker:
        with mock.patch("protocols.tasks.generate.delay", lambda pk: worker.send("protocols.generate", pk)):
            response = client.post(url)  # past the lease: queued again, not handed back stuck
        assert response.status_code == 302 and Document.objects.count() == 1
        doc = _wait_ready(doc.pk)
        assert doc.file.read(4) == b"%PDF"
