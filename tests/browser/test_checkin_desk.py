"""Issue 28 §4, in Chromium: check-in of 120 at the desk — a name typed filters the list, Enter checks in
the one player found, the filter shows the absent or the present, "all present but the ticked ones" checks in
the hall in one click; no click loads the page again."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from registration.models import CheckIn
from tests.browser.entry_driver import login
from tests.factories import make_tournament, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def _present(t) -> set[int]:
    return set(
        CheckIn.objects.filter(participant__tournament=t, round_number=1).values_list(
            "participant_id", flat=True
        )
    )


@pytest.mark.parametrize("width", [1280, 390])
def test_28_4_check_in_of_120_by_search_filter_and_all_present_without_a_page_load(
    live_server, browser, width
):
    secretary = make_user("sec", can_create=True)
    t = make_tournament(secretary, players=120)
    players = {p.person.surname: p for p in t.participants.select_related("person")}
    desk = reverse("draw:checkin", args=[t.pk])
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": 900})
    page = context.new_page()
    login(page, live_server.url, "sec", "pw-sec", desk)
    page.goto(live_server.url + desk)
    page.evaluate("window.sameDocument = true")  # gone if the page loads again
    rows = page.locator("#checkin tr.checkin-row")
    expect(rows).to_have_count(120)
    page.fill("#checkin-q", "игрок017")
    expect(page.locator("#checkin tr.checkin-row:visible")).to_have_count(1)
    page.press("#checkin-q", "Enter")
    expect(page.locator("#checkin-count")).to_contain_text("1 присутствует")
    expect(page.locator(f"#p{players['Игрок017'].pk}")).to_have_class("checkin-row here")
    expect(page.locator("#checkin-q")).to_be_focused()
    page.keyboard.type("ИГРОК042")  # the search was selected: the next name replaces it
    expect(page.locator("#checkin tr.checkin-row:visible")).to_have_count(1)
    page.locator(f"#p{players['Игрок042'].pk} button").click()
    expect(page.locator("#checkin-count")).to_contain_text("2 присутствуют")
    assert _present(t) == {players["Игрок017"].pk, players["Игрок042"].pk}
    page.fill("#checkin-q", "")
    page.check("#checkin-find input[value=present]")
    expect(page.locator("#checkin tr.checkin-row:visible")).to_have_count(2)
    page.check("#checkin-find input[value=absent]")
    expect(page.locator("#checkin tr.checkin-row:visible")).to_have_count(118)
    # Two are not here: ticked; everybody else in one click.
    page.check(f"#p{players['Игрок005'].pk} input[name=except]")
    page.check(f"#p{players['Игрок099'].pk} input[name=except]")
    page.click("#checkin-all button[type=submit]")
    expect(page.locator("#checkin tr.checkin-row:visible")).to_have_count(2)  # the absent filter: 2 left
    expect(page.locator("#checkin-count")).to_contain_text("118 присутствуют")
    expect(page.locator("#checkin-summary button")).to_contain_text("Снять 2")
    assert _present(t) == {p.pk for p in players.values()} - {players["Игрок005"].pk, players["Игрок099"].pk}
    # A mistaken check-in is cancelled the same way.
    page.check("#checkin-find input[value=present]")
    page.fill("#checkin-q", "игрок017")
    page.locator(f"#p{players['Игрок017'].pk} button").click()
    expect(page.locator("#checkin tr.checkin-row:visible")).to_have_count(0)
    expect(page.locator("#checkin-count")).to_contain_text("117 присутствуют")
    assert page.evaluate("window.sameDocument") is True
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()
