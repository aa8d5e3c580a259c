"""The tournament form in a browser (issue 14 item 8): choosing the system shows its own settings only and
sets the tie-breaks that suit it; ↑ moves a tie-break up, and the saved order is the one shown."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.entry_driver import login
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_system_shows_its_settings_and_its_default_tiebreaks(live_server, desktop):
    make_user("sec", can_create=True)
    page = desktop.new_page()
    login(page, live_server.url, "sec", "pw-sec", reverse("public:create"))
    page.select_option("#id_system", "round_robin")
    expect(page.locator("#id_cycles")).to_be_visible()
    expect(page.locator("#id_rounds")).to_be_hidden()
    expect(page.locator("#id_max_losses")).to_be_hidden()
    checked = page.locator("ol.tiebreaks li:has(input:checked)")
    expect(checked).to_have_count(4)
    expect(checked.first).to_have_attribute("data-key", "direct")
    page.select_option("#id_system", "swiss")
    expect(page.locator("#id_rounds")).to_be_visible()
    expect(page.locator("#id_cycles")).to_be_hidden()
    expect(checked.first).to_have_attribute("data-key", "buchholz")
    # The Swiss defaults after FIDE (issue 29 §2): Buchholz, Sonneborn-Berger, direct encounter; the second up
    page.locator("ol.tiebreaks li[data-key='sonneborn_berger'] button.up").click()
    expect(checked.first).to_have_attribute("data-key", "sonneborn_berger")


def test_a_personal_event_shows_no_team_settings_issue_28_6(live_server, desktop):
    """Boards, team scoring and a drawn team match's rule are a team event's (004 §1.3.4): a personal or
    personal-team event does not show them; choosing "team" shows them."""
    make_user("sec", can_create=True)
    page = desktop.new_page()
    login(page, live_server.url, "sec", "pw-sec", reverse("public:create"))
    team_fields = ["#id_boards", "#id_team_scoring", "#id_team_draw_rule"]
    for character in ("personal", "personal_team"):
        page.select_option("#id_character", character)
        for field in team_fields:
            expect(page.locator(field)).to_be_hidden()
    page.select_option("#id_character", "team")
    for field in team_fields:
        expect(page.locator(field)).to_be_visible()
