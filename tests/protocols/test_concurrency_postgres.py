"""Two officials asking for the same document at the same moment, on a real PostgreSQL."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.concurrency import race
from tests.factories import make_tournament

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"),
]


def test_two_requests_at_once_make_one_document(secretary, chief_judge, tmp_path, settings):
    from protocols.models import Document
    from protocols.tasks import request_document

    settings.MEDIA_ROOT = tmp_path
    t = make_tournament(secretary, chief_judge, players=30)
    outcomes = race(
        lambda: request_document(t, "registration", "", secretary),
        lambda: request_document(t, "registration", "", chief_judge),
    )
    assert all(isinstance(o, Document) for o in outcomes), outcomes
    assert outcomes[0].pk == outcomes[1].pk
    doc = Document.objects.get()
    assert doc.status == "ready" and doc.pages >= 1
