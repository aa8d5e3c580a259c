"""Ids nobody has, however big, are a 404 on every season page, never a 500 (issue 32; bad input)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

HUGE = "9" * 25


@pytest.mark.parametrize(
    "url",
    [
        f"/season/{HUGE}/",
        f"/season/{HUGE}/calendar.ics",
        "/season/1900/",
        f"/season/event/{HUGE}/regulation/",
        f"/series/{HUGE}/",
        f"/series/{HUGE}/standings.pdf",
        f"/series/{HUGE}/standings.xlsx",
        "/m/not-a-token/calendar.ics",
    ],
)
def test_issue_32_an_unknown_id_is_a_404(client, url):
    assert client.get(url).status_code == 404
