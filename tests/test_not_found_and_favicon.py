"""Issue 28 §6: under ``make run`` (DEBUG on) a missing page was Django's English technical 404 (its URL
patterns on show) and the site had no icon. Now the site's own 404 answers in the visitor's language, as
in production, and every page names an icon that is served."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.contrib.staticfiles import finders
from django.test import override_settings

pytestmark = pytest.mark.django_db

WITH_DEBUG_404 = [
    *[m for m in django_settings.MIDDLEWARE if m != "config.middleware.SiteNotFoundMiddleware"],
]
WITH_DEBUG_404.insert(
    WITH_DEBUG_404.index("django.middleware.common.CommonMiddleware") + 1,
    "config.middleware.SiteNotFoundMiddleware",
)


@override_settings(DEBUG=True, MIDDLEWARE=WITH_DEBUG_404)
def test_under_debug_a_missing_page_is_the_sites_own_russian_404(client):
    for url in ("/no-such-page/", "/t/999999/", "/competition/999999/"):  # unmatched, and raised by a view
        page = client.get(url)
        body = page.content.decode()
        assert page.status_code == 404, url
        assert "Страница не найдена" in body and "DEBUG = True" not in body and "URLconf" not in body, url


@override_settings(DEBUG=True, MIDDLEWARE=WITH_DEBUG_404)
def test_under_debug_a_missing_slash_still_redirects_and_the_api_keeps_its_json(client):
    assert client.get("/t/999999").status_code == 301  # CommonMiddleware's APPEND_SLASH first
    answer = client.get("/api/tournaments/999999")
    assert answer.status_code == 404 and answer["Content-Type"].startswith("application/json")


def test_every_page_names_an_icon_and_the_root_icon_is_served(client):
    page = client.get("/").content.decode()
    assert 'rel="icon"' in page and "/static/favicon.svg" in page and "/static/favicon.ico" in page
    assert client.get("/favicon.ico")["Location"] == "/static/favicon.ico"
    assert client.get("/apple-touch-icon.png")["Location"] == "/static/apple-touch-icon.png"
    for name in ("favicon.ico", "favicon.svg", "apple-touch-icon.png"):
        assert finders.find(name), name
