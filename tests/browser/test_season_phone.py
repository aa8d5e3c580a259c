"""Issue 32, "Must be shown": the season page and a series page in Chromium on a 390 px phone — no sideways
scrolling, nothing spilling, no word broken (``layout.problems``), and what a visitor looks for visible: the
event's status, ЕКП number, ВРВС code, venue, organiser and the feed's link; the series' places, sums,
stage cells and the final's seeds, live while a stage runs. Screenshots go to docs/season/ when
NARDY_SCREENSHOTS is set."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from registration.models import Person
from season.models import RegionalQuota, SeriesStage
from tests.browser import layout
from tests.season.builders import calendar, cup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "season"


def _shot(page, name: str) -> None:
    if os.environ.get("NARDY_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_issue_32_1_the_season_page_on_a_phone(live_server, phone):
    season, on_site, elsewhere = calendar()
    elsewhere.organiser = "Федерация нард Ханты-Мансийского автономного округа — Югры"
    elsewhere.save()
    page = phone.new_page()
    page.goto(live_server.url + reverse("season:season", args=[2026]))
    for text in (
        "всероссийские",
        "2026-0123",
        "1570011811Я",
        "Казань, Дворец спорта",
        "Первенство Сибири",
        "Югры",
    ):
        expect(page.get_by_text(text, exact=False).first).to_be_visible()
    expect(page.locator("#season-ics")).to_be_visible()
    assert layout.problems(page, public=True) == []
    _shot(page, "season-phone")


def test_issue_32_2_a_series_page_on_a_phone_live_during_a_stage(live_server, phone):
    series, events, who = cup(
        stages=4, players=14, running_last=True, drop_worst=1, qualify_from="series", qualify_top=4
    )
    RegionalQuota.objects.create(series=series, region="Казань", seats=1)
    SeriesStage.objects.create(series=series, number=5, name="Финал, Сочи", is_final=False)
    Person.objects.filter(pk=who[3].pk).update(surname="Константинопольский-Задунайский")
    page = phone.new_page()
    page.goto(live_server.url + reverse("season:series", args=[series.pk]))
    expect(page.locator("#series-live")).to_be_visible()
    expect(page.locator("#series-table tbody tr")).to_have_count(14)
    expect(page.get_by_text("Константинопольский-Задунайский").first).to_be_visible()
    expect(page.locator("#series-qualified li")).to_have_count(4)
    expect(page.get_by_text("посев 1", exact=False).first).to_be_visible()
    assert layout.problems(page, public=True) == []
    _shot(page, "series-phone")
