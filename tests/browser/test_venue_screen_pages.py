"""The venue screen (issue 14): 60 tables do not fit a 1080p screen, so the pairings are shown a screenful at
a time, every page in turn; the clock is the server's, not the browser's."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from draw import manager as draw_manager
from draw.models import Round
from tests.factories import make_tournament, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_screen_pages_through_sixty_tables_and_shows_the_servers_clock(live_server, browser):
    secretary = make_user("sec", can_create=True)
    t = make_tournament(secretary, players=120)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    context = browser.new_context(locale="ru-RU", viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    # The browser's clock is wrong by years; the screen must not show it.
    page.clock.install(time=datetime.datetime(2001, 1, 1, 3, 7))
    page.clock.resume()
    page.goto(live_server.url + reverse("public:screen", args=[t.pk]) + "?cycle=5")
    first, last = (
        page.locator("#panel-pairings tr[data-table='1']"),
        page.locator("#panel-pairings tr[data-table='60']"),
    )
    expect(first).to_be_visible()
    expect(last).to_be_hidden()
    expect(page.locator("#panel-pairings .screen-page")).to_contain_text("1 /")
    expect(last).to_be_visible(timeout=30_000)
    expect(first).to_be_hidden()
    now = timezone.localtime()
    shown = page.locator("#screen-clock").inner_text()
    assert shown != "03:07"
    hours, minutes = (int(x) for x in shown.split(":"))
    delta = abs((hours * 60 + minutes) - (now.hour * 60 + now.minute))
    assert min(delta, 1440 - delta) <= 2
    context.close()
