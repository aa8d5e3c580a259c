"""Issue 37: the whole tournament's XLSX of a big field (17 s in the request at 20,000 players) is made off
the request, like the PDFs: the first request answers at once with a page that reloads itself (202, no
ETag), a worker makes the file, the next request downloads it; a change makes a new one; a maker that died is
replaced after the lease; a small field is answered in the request as before."""

from __future__ import annotations

import io
import os
import time
from unittest import mock

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from public import workbook
from tests.factories import make_tournament, make_user
from tournaments.models import bump_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def big(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.DOCUMENTS_BACKGROUND_ABOVE = 3  # 4 players are "big" here
    return make_tournament(make_user("sec"), players=4)


def _content(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_a_big_fields_workbook_is_made_off_the_request_then_downloaded_issue_37(client, big):
    url = reverse("public:export_tournament", args=[big.pk])
    made = []
    with mock.patch.object(workbook, "_in_thread", side_effect=lambda *a: made.append(a)):
        first = client.get(url)
        again = client.get(url)  # a reload while it is being made starts nothing more
    assert first.status_code == 202 and "ETag" not in first and first["Refresh"] == "3"
    assert "готовится" in first.content.decode()
    assert again.status_code == 202 and len(made) == 1
    workbook.make(*made[0])  # the worker's turn
    ready = client.get(url)
    assert ready.status_code == 200 and ready["ETag"]
    book = load_workbook(io.BytesIO(_content(ready)))
    assert client.get(url, HTTP_IF_NONE_MATCH=ready["ETag"]).status_code == 304  # the same version: no body
    assert "Игрок000" in str([c.value for row in book.worksheets[0].iter_rows() for c in row])
    # A change: a new file is made for the new version, the old one removed once it is.
    bump_version(big.pk)
    with mock.patch.object(workbook, "_in_thread", side_effect=lambda *a: made.append(a)):
        assert client.get(url).status_code == 202
    workbook.make(*made[-1])
    assert client.get(url).status_code == 200
    assert len(list(workbook.folder().glob(f"tournament-{big.pk}-v*.xlsx"))) == 1


def test_a_maker_that_died_is_replaced_after_the_lease(client, big, settings):
    big.refresh_from_db()
    made = []
    with mock.patch.object(workbook, "_in_thread", side_effect=lambda *a: made.append(a)):
        assert workbook.start(big, "ru") is True
        assert workbook.start(big, "ru") is False  # being made
        marker = workbook._marker(workbook.path(big.pk, big.version, "ru"))
        old = time.time() - settings.DOCUMENTS_LEASE_SECONDS - 5
        os.utime(marker, (old, old))  # its thread was killed: the marker went silent
        assert workbook.start(big, "ru") is True
    assert len(made) == 2


def test_a_small_field_is_answered_in_the_request(client, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    t = make_tournament(make_user("sec"), players=4)
    with mock.patch.object(workbook, "_in_thread", side_effect=AssertionError("no thread for 4 players")):
        response = client.get(reverse("public:export_tournament", args=[t.pk]))
    assert response.status_code == 200 and load_workbook(io.BytesIO(response.content)).worksheets
