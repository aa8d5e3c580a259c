"""In a real browser: a visitor reads the standings and a participant's page on a phone; a secretary enters
a result in one browser while the public round page open in another shows it without a reload."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from draw import manager as draw_manager
from draw.models import Round
from tests.factories import make_tournament, make_user
from tests.public.helpers import build_hand_swiss

pytestmark = pytest.mark.django_db(transaction=True)


def _fits_the_screen(page) -> bool:
    # The page never scrolls sideways: wide tables scroll inside their own box.
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_a_visitor_reads_the_standings_and_a_participants_page_on_a_phone(live_server, phone):
    secretary = make_user("sec", can_create=True)
    t, p = build_hand_swiss(secretary)
    page = phone.new_page()
    page.goto(live_server.url + reverse("public:standings", args=[t.pk]))
    table = page.locator("#standings")
    expect(table).to_be_visible()
    expect(table.locator("tbody tr").first).to_contain_text("Алиев")
    expect(table.locator("tbody tr").nth(1)).to_contain_text("Васильев")
    expect(page.locator("#teams")).to_contain_text("Юг")
    assert _fits_the_screen(page)
    # Sorting by a column is a link: the order changes.
    page.locator("#standings thead th", has_text="участник").locator("a").click()
    expect(page.locator("#standings tbody tr").first).to_contain_text("Алиев")
    expect(page.locator("#standings tbody tr").nth(1)).to_contain_text("Бабаян")
    # The participant's page from his name.
    page.locator("#standings a", has_text="Гасанов").click()
    expect(page.locator("h2", has_text="Гасанов")).to_be_visible()
    matches = page.locator("#matches tbody tr")
    expect(matches).to_have_count(3)
    expect(matches.nth(0)).to_contain_text("Васильев")
    expect(matches.nth(0)).to_contain_text("5 : 7")
    expect(page.locator(".summary")).to_contain_text("4")
    assert _fits_the_screen(page)


def test_a_result_entered_by_the_secretary_appears_on_the_open_round_page_without_reload(
    live_server, browser, desktop, phone
):
    secretary = make_user("sec", can_create=True)
    t = make_tournament(secretary, players=6)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    round_url = live_server.url + reverse("public:round", args=[t.pk, 1])

    spectator = phone.new_page()
    spectator.goto(round_url)
    row = spectator.locator("#pairings tbody tr[data-table='1']")
    expect(row).to_contain_text("не начат")
    spectator.evaluate("window.__notReloaded = true")

    official = desktop.new_page()
    official.goto(live_server.url + reverse("login") + "?next=" + reverse("public:round", args=[t.pk, 1]))
    official.fill("#id_username", "sec")
    official.fill("#id_password", "pw-sec")
    official.locator("form button[type=submit], form input[type=submit]").last.click()
    official.locator("#pairings tbody tr[data-table='1'] a.button").click()
    official.fill("#id_score1", "7")
    official.fill("#id_score2", "3")
    official.get_by_role("button", name="Сохранить результат").click()
    expect(official.locator(".messages")).to_contain_text("Результат сохранён")

    expect(row).to_contain_text("7 : 3")
    expect(row).to_contain_text("предварительный")
    assert spectator.evaluate("window.__notReloaded === true")


def test_the_venue_screen_turns_from_pairings_to_standings_by_itself(live_server, desktop):
    secretary = make_user("sec", can_create=True)
    t, _p = build_hand_swiss(secretary)
    page = desktop.new_page()
    page.goto(live_server.url + reverse("public:screen", args=[t.pk]) + "?cycle=5")
    expect(page.locator("#panel-pairings")).to_be_visible()
    expect(page.locator("#panel-pairings #pairings")).to_contain_text("Алиев")  # loaded by the live part
    expect(page.locator("#panel-standings")).to_be_hidden()
    expect(page.locator("#panel-standings")).to_be_visible(timeout=60_000)
    expect(page.locator("#panel-standings #standings")).to_contain_text("Васильев")
    expect(page.locator("#panel-pairings")).to_be_hidden()


def test_a_poll_the_server_sheds_waits_its_retry_after_with_jitter_then_polls_again_issue_37(
    live_server, phone
):
    """Issue 37: past capacity nginx answers a phone's poll 503 with Retry-After (deploy/nginx/nardy.conf);
    live.js waits that long times a random 1–2 (doubling for refusals in a row) instead of its 3 s, then polls
    again and takes the fragment as before."""
    import time

    secretary = make_user("sec", can_create=True)
    t = make_tournament(secretary, players=6)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    page = phone.new_page()
    asked: list[float] = []

    def shed_twice(route):
        asked.append(time.monotonic())
        if len(asked) <= 2:
            route.fulfill(status=503, headers={"Retry-After": "2"}, body="busy")
        else:
            route.continue_()

    page.route("**/rounds/1/live/**", shed_twice)
    page.goto(live_server.url + reverse("public:round", args=[t.pk, 1]))
    page.evaluate("window.__notReloaded = true")
    expect(page.locator("#pairings tbody tr[data-table='1']")).to_contain_text("не начат")
    page.wait_for_function("() => document.getElementById('pairings-live').dataset.liveAt", timeout=60_000)
    assert len(asked) >= 3
    first_wait, second_wait = asked[1] - asked[0], asked[2] - asked[1]
    assert 2 <= first_wait <= 4 + 1  # Retry-After 2 × 1–2 (and the browser's own slack)
    assert 4 <= second_wait <= 8 + 1  # the second refusal in a row doubles it
    assert page.evaluate("window.__notReloaded === true")
