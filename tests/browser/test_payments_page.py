"""Issue 34, in Chromium: the officials' payments page at 390 px and 1280 px — a name typed filters the
list, Enter marks the one entry found as paid (by the method chosen), the unpaid filter, no sideways
scrolling (docs/fees/payments-<width>.png are this test's pages, taken once)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from fees.models import FeeSchedule, Payment
from tests.browser.entry_driver import login
from tests.factories import make_tournament, make_user

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("width", [390, 1280])
def test_34_mark_paid_by_keyboard_and_filter_the_unpaid(live_server, browser, width):
    secretary = make_user("sec", can_create=True)
    t = make_tournament(secretary, players=30)
    FeeSchedule.objects.create(tournament=t, base=500_000, women=300_000)
    url = reverse("fees:payments", args=[t.pk])
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": 900})
    page = context.new_page()
    login(page, live_server.url, "sec", "pw-sec", url)
    page.goto(live_server.url + url)
    rows = page.locator("#fees tr.fee-row")
    expect(rows).to_have_count(30)
    expect(page.locator("#fees[data-ready='1']")).to_have_count(1)
    expect(page.locator("#fees-q")).to_be_focused()
    page.fill("#fees-q", "игрок017")
    expect(page.locator("#fees tr.fee-row:visible")).to_have_count(1)
    page.check("#fees-find input[name=method][value=transfer]")
    page.press("#fees-q", "Enter")
    expect(page.locator(".messages")).to_contain_text("Оплачено: 5")
    row = Payment.objects.get()
    assert (row.account.person.surname, row.amount, row.method) == ("Игрок017", 500_000, "transfer")
    # The page came back with the search focused and selected for the next name; Enter pays him in cash.
    expect(page.locator("#fees[data-ready='1']")).to_have_count(1)
    expect(page.locator("#fees-q")).to_be_focused()
    selected = page.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]")
    assert selected == [0, len("игрок017")]  # the last name selected: the next one typed replaces it
    page.keyboard.type("ИГРОК021")  # the first letter starts the next name
    page.check("#fees-find input[name=method][value=cash]")
    expect(page.locator("#fees tr.fee-row:visible")).to_have_count(1)
    page.press("#fees-q", "Enter")
    expect(page.locator(".messages")).to_contain_text("Оплачено")
    assert Payment.objects.count() == 2
    page.fill("#fees-q", "")
    page.check("#fees-find input[value=unpaid]")
    expect(page.locator("#fees tr.fee-row:visible")).to_have_count(28)
    page.check("#fees-find input[value=paid]")
    expect(page.locator("#fees tr.fee-row:visible")).to_have_count(2)
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth)"
        ".map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 8)"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= width, wide
    context.close()
