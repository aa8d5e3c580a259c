"""Documents of big fields (issue 20 item 3): the document page knows which document is current from the
tournament's version alone, the data are built once per generation, and a big field's document is never
made inside the web request — not even in the embedded default, where Celery runs eagerly."""

from __future__ import annotations

import dataclasses
from unittest import mock

import pytest
from django.urls import reverse

from protocols import documents, registry, tasks
from protocols.models import Document
from tournaments.models import bump_version

pytestmark = pytest.mark.django_db


def _url(t, kind: str) -> str:
    return reverse("protocols:document", args=[t.pk, kind])


@pytest.fixture
def counted_builds():
    """Every build of the standings document's data, counted."""
    spec = registry.get("standings")
    calls: list[str] = []

    def build(t, key):
        calls.append(key)
        return spec.build(t, key)

    with registry.overridden(dataclasses.replace(spec, build=build)):
        yield calls


def test_the_document_page_builds_no_document_data(client, swiss, secretary, django_assert_max_num_queries):
    client.force_login(secretary)
    client.post(_url(swiss, "standings"))
    with mock.patch.object(documents, "build_data", side_effect=AssertionError("data built on a GET")):
        with django_assert_max_num_queries(12):
            page = client.get(_url(swiss, "standings"))
    assert page.status_code == 200 and "Скачать PDF" in page.content.decode()


def test_the_data_are_built_once_per_document_made(client, swiss, secretary, counted_builds):
    client.force_login(secretary)
    client.post(_url(swiss, "standings"))
    assert Document.objects.get(kind="standings").status == Document.Status.READY
    assert len(counted_builds) == 1
    client.post(_url(swiss, "standings"))  # nothing changed: the document made is returned, nothing built
    assert len(counted_builds) == 1 and Document.objects.filter(kind="standings").count() == 1


def test_a_new_version_with_the_same_data_reuses_the_pdf(client, swiss, secretary, media):
    client.force_login(secretary)
    client.post(_url(swiss, "standings"))
    first = Document.objects.get(kind="standings")
    bump_version(swiss.pk)  # a change the standings do not show (say, the schedule's note)
    with mock.patch.object(documents, "render_data", side_effect=AssertionError("rendered again")):
        client.post(_url(swiss, "standings"))
    second = Document.objects.exclude(pk=first.pk).get(kind="standings")
    assert second.status == Document.Status.READY and second.file.name == first.file.name
    assert second.data_hash == first.data_hash


def test_a_big_fields_document_is_made_outside_the_request_with_progress_shown(
    client, swiss, secretary, settings, django_capture_on_commit_callbacks
):
    settings.CELERY_TASK_ALWAYS_EAGER = True  # the embedded default
    settings.DOCUMENTS_BACKGROUND_ABOVE = 5  # this field of 10 is "big"
    client.force_login(secretary)
    started: list[int] = []
    with (
        mock.patch.object(tasks, "_in_thread", side_effect=started.append),
        mock.patch.object(documents, "render_data", side_effect=AssertionError("made in the request")),
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = client.post(_url(swiss, "final"))
    doc = Document.objects.get(kind="final")
    assert response.status_code == 302 and started == [doc.pk]
    assert doc.status == Document.Status.PENDING
    page = client.get(response["Location"]).content.decode()
    assert "Страница обновится сама" in page and reverse("protocols:status", args=[doc.pk]) in page
    # What the thread does: the worker's task, in this process.
    assert tasks.generate(doc.pk) == Document.Status.READY
    doc.refresh_from_db()
    assert doc.is_ready and doc.pages >= 1


def test_a_small_fields_document_is_still_made_at_once_in_the_embedded_default(
    client, swiss, secretary, settings
):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    client.force_login(secretary)
    with mock.patch.object(tasks, "_in_thread", side_effect=AssertionError("a thread for 10 players")):
        client.post(_url(swiss, "standings"))
    assert Document.objects.get(kind="standings").is_ready


def test_a_big_document_killed_while_made_is_made_again_when_asked(
    client, swiss, secretary, settings, django_capture_on_commit_callbacks
):
    import datetime

    from django.utils import timezone

    settings.DOCUMENTS_BACKGROUND_ABOVE = 5
    swiss.refresh_from_db(fields=["version"])
    long_ago = timezone.now() - datetime.timedelta(minutes=10)
    doc = Document.objects.create(tournament=swiss, kind="final", version=swiss.version)
    Document.objects.filter(pk=doc.pk).update(status="running", progress=3, heartbeat_at=long_ago)
    client.force_login(secretary)
    started: list[int] = []
    with (
        mock.patch.object(tasks, "_in_thread", side_effect=started.append),
        django_capture_on_commit_callbacks(execute=True),
    ):
        client.post(_url(swiss, "final"))
    doc.refresh_from_db()
    assert started == [doc.pk] and doc.status == Document.Status.PENDING and doc.progress == 0
    assert Document.objects.filter(kind="final").count() == 1
    # Its page says so and offers to make it again.
    Document.objects.filter(pk=doc.pk).update(status="running", heartbeat_at=long_ago)
    page = client.get(_url(swiss, "final")).content.decode()
    assert "Создание документа прервалось" in page and "Сформировать PDF" in page


def test_the_document_page_runs_as_many_queries_for_1000_participants_as_for_100(
    client, secretary, chief_judge, media
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from registration.models import Participant, Person
    from tests.factories import make_tournament

    t = make_tournament(secretary, chief_judge, players=0)

    def field(n: int) -> None:
        people = Person.objects.bulk_create(
            Person(surname=f"Игрок{i:04d}", name="Иван") for i in range(t.participants.count(), n)
        )
        Participant.objects.bulk_create(Participant(tournament=t, person=p) for p in people)

    client.force_login(secretary)
    counts = []
    for n in (100, 1000):
        field(n)
        for kind in ("final", "standings", "registration"):
            client.get(_url(t, kind))  # sessions and caches settled
            with CaptureQueriesContext(connection) as queries:
                assert client.get(_url(t, kind)).status_code == 200
            counts.append((kind, len(queries)))
    assert counts[:3] == counts[3:]


def test_with_the_broker_down_a_big_fields_document_is_made_in_a_thread_not_the_request(
    client, swiss, secretary, settings, django_capture_on_commit_callbacks
):
    from kombu.exceptions import OperationalError

    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.DOCUMENTS_BACKGROUND_ABOVE = 5
    client.force_login(secretary)
    started: list[int] = []
    down = OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
    with (
        mock.patch.object(tasks.generate, "delay", side_effect=down),
        mock.patch.object(tasks, "_in_thread", side_effect=started.append),
        mock.patch.object(documents, "render_data", side_effect=AssertionError("made in the request")),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert client.post(_url(swiss, "final")).status_code == 302
    doc = Document.objects.get(kind="final")
    assert started == [doc.pk] and doc.status == Document.Status.PENDING
