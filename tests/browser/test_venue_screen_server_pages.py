"""Issue 36: the venue screen walks a big round a server page (100 tables) at a time — it asked for every
table of the round at each version (0.7–1.3 s of CPU at 5,000 tables). Here a page holds 20 tables, so the
60 tables of 120 players are three server pages, each shown a screenful at a time, then the first again."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from draw import manager as draw_manager
from draw.models import Round
from tests.factories import make_tournament, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_screen_walks_the_rounds_server_pages_and_comes_back_to_the_first_issue_36(
    live_server, browser, monkeypatch
):
    monkeypatch.setattr("public.views.TABLES_PER_PAGE", 20)
    secretary = make_user("sec", can_create=True)
    t = make_tournament(secretary, players=120)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    context = browser.new_context(locale="ru-RU", viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/live/" in r.url else None)
    page.goto(live_server.url + reverse("public:screen", args=[t.pk]) + "?cycle=5")
    panel = page.locator("#panel-pairings")
    expect(panel.locator("tr[data-table='1']")).to_be_visible()
    assert panel.locator("tbody tr").count() == 20  # one server page, not the round
    expect(panel.locator("tr[data-table='21']")).to_be_visible(timeout=15_000)
    expect(panel.locator("tr[data-table='60']")).to_be_visible(timeout=15_000)
    assert panel.locator("tbody tr").count() == 20
    # After the standings panel, the pairings again from their first page.
    expect(page.locator("#panel-standings")).to_be_visible(timeout=15_000)
    expect(panel.locator("tr[data-table='1']")).to_be_visible(timeout=30_000)
    pages = {u.split("page=")[-1] for u in asked if "/rounds/" in u}
    assert {"1", "2", "3"} <= pages
    context.close()
