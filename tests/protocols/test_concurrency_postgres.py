"""Two officials asking for the same document at the same moment, on a real PostgreSQL."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tests.factories import make_tournament

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"),
]


def _race(*calls):
    barrier = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def run(i, call):
        from django.db import connections

        try:
            barrier.wait()
            outcomes[i] = call()
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test inspects
            outcomes[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=60)
    return outcomes


def test_two_requests_at_once_make_one_document(secretary, chief_judge, tmp_path, settings):
    from protocols.documents import request_document
    from protocols.models import Document

    settings.MEDIA_ROOT = tmp_path
    t = make_tournament(secretary, chief_judge, players=30)
    outcomes = _race(
        lambda: request_document(t, "registration", "", secretary),
        lambda: request_document(t, "registration", "", chief_judge),
    )
    assert all(isinstance(o, Document) for o in outcomes), outcomes
    assert outcomes[0].pk == outcomes[1].pk
    doc = Document.objects.get()
    assert doc.status == "ready" and doc.pages >= 1
