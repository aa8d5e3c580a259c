"""Issue 32 §3–4, in Chromium at 390 px: the event's reporting page (the chief judge's: the deadline, the
dossiers, the package) and the ЕВСК norms table (the staff's) fit a phone without sideways scrolling; the
norms table's rows are entered on the phone (docs/reporting/*-390.png are this test's pages, taken once)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from federation.models import EvskNorm
from tests.browser import layout
from tests.browser.entry_driver import login
from tests.factories import make_user
from tests.reporting.evsk import document, event_in_competition, norm, paperwork

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
WIDTH = 390


def _page(browser):
    context = browser.new_context(
        locale="ru-RU", viewport={"width": WIDTH, "height": 844}, is_mobile=True, has_touch=True
    )
    return context, context.new_page()


def test_issue32_the_reporting_page_fits_a_phone(live_server, browser):
    judge = make_user("judge")
    t = event_in_competition(make_user("sec", can_create=True), n=10)
    t.finished_at = timezone.now()
    t.save(update_fields=["finished_at"])
    paperwork(t, chief=judge.person)
    norm(document(), "adult1", 3)
    context, page = _page(browser)
    url = reverse("reporting:event", args=[t.pk])
    login(page, live_server.url, "judge", "pw-judge", url)
    page.goto(live_server.url + url)
    expect(page.locator("#report-deadline")).to_contain_text("осталось 10 дней")
    page.get_by_role("button", name="Собрать отчётный пакет (ZIP)").click()
    expect(page.locator(".messages")).to_contain_text("Собрано")
    assert layout.problems(page, public=False) == []
    page.screenshot(path="docs/reporting/event-390.png", full_page=True)
    page.goto(live_server.url + reverse("judging:desk", args=[t.pk]))
    expect(page.locator("#report-deadline")).to_contain_text("осталось 10 дней")
    assert layout.problems(page, public=False) == []
    context.close()


def test_issue32_the_norms_table_is_entered_on_a_phone(live_server, browser):
    User.objects.create_user("fed", password="pw-fed", is_staff=True)
    context, page = _page(browser)
    url = reverse("reporting:norms")
    login(page, live_server.url, "fed", "pw-fed", url)
    page.goto(live_server.url + url)
    assert layout.problems(page, public=False) == []
    page.fill("#id_title", "Приказ Минспорта № 123")
    page.fill("#id_dated", "2025-12-01")
    page.fill("#id_valid_from", "2026-01-01")
    page.get_by_role("button", name="Сохранить").click()
    expect(page.locator("#id_norms-0-place_to")).to_be_visible()
    page.select_option("#id_norms-0-status", "national")
    page.select_option("#id_norms-0-discipline", "long")
    page.select_option("#id_norms-0-qualification", "cms")
    page.fill("#id_norms-0-place_to", "1")
    assert layout.problems(page, public=False) == []
    page.screenshot(path="docs/reporting/norms-390.png", full_page=True)
    page.get_by_role("button", name="Сохранить").click()
    expect(page.locator(".messages")).to_contain_text("Сохранено")
    assert list(EvskNorm.objects.values_list("qualification", "place_to")) == [("cms", 1)]
    context.close()
