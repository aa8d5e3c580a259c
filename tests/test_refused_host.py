"""A refused Host header (issue 25 item 14): Django answers 400 and logs ``DisallowedHost`` — with a full
traceback for every scanner that sends a wrong Host. It is one line now (``config.logfilters``), the answer
stays 400."""

from __future__ import annotations

import logging

import pytest

pytestmark = [pytest.mark.security, pytest.mark.django_db]


def test_a_refused_host_is_a_400_logged_in_one_line_without_a_traceback(client, caplog):
    with caplog.at_level(logging.INFO, logger="django.security.DisallowedHost"):
        response = client.get("/", HTTP_HOST="evil.example.org")
    assert response.status_code == 400
    (record,) = [r for r in caplog.records if r.name == "django.security.DisallowedHost"]
    assert "evil.example.org" in record.getMessage() and "\n" not in record.getMessage()
    assert record.exc_info is None and record.exc_text is None
    assert "Traceback" not in caplog.text
    formatted = logging.Formatter().format(record)
    assert "\n" not in formatted
