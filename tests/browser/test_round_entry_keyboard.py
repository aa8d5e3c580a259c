"""Issue 14, "must be shown": a secretary enters the 50 results of a 100-player Swiss round with the keyboard
only — score, Tab, score, Enter per table — in under 3 minutes of scripted time and at most 4 keystrokes a
result; every result is stored as typed, and the round's public page shows them."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from draw.models import Round
from tests.browser.entry_driver import enter_round, hundred_player_swiss, login
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_fifty_results_of_a_hundred_player_swiss_round_by_keyboard_only(live_server, desktop):
    secretary = make_user("sec", can_create=True)
    rnd = hundred_player_swiss(secretary)
    page = desktop.new_page()
    login(page, live_server.url, "sec", "pw-sec", reverse("public:round", args=[rnd.tournament_id, 1]))
    done = enter_round(page, live_server.url, rnd)
    assert done.results == 50
    assert done.keystrokes / done.results <= 4
    assert done.seconds < 180
    stored = {m.table: (m.score1, m.score2) for m in rnd.matches.all()}
    assert stored == done.scores
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FINISHED  # every match has its result
    page.goto(live_server.url + reverse("public:round", args=[rnd.tournament_id, 1]))
    s1, s2 = done.scores[1]
    expect(page.locator("#pairings tbody tr[data-table='1']")).to_contain_text(f"{s1} : {s2}")


def test_rows_typed_without_enter_are_saved_together_or_not_at_all(live_server, desktop):
    """Issue 20 item 6: "Save every row typed" sends the rows typed (and not saved yet) in one submit; a bad
    row refuses it, named, nothing is saved and the typed scores stay; corrected, all are saved at once."""
    secretary = make_user("sec", can_create=True)
    rnd = hundred_player_swiss(secretary)
    page = desktop.new_page()
    entry = reverse("public:round_entry", args=[rnd.tournament_id, 1])
    login(page, live_server.url, "sec", "pw-sec", entry)
    page.goto(live_server.url + entry)
    typed = {1: ("7", "3"), 2: ("7", "7"), 3: ("2", "7")}
    for table, (s1, s2) in typed.items():
        page.fill(f"#t{table} input.s1", s1)
        page.fill(f"#t{table} input.s2", s2)
    page.click("#entry-all button[type=submit]")
    expect(page.locator("#t2")).to_have_class(re.compile("failed"))
    expect(page.locator(".messages")).to_contain_text("стол 2")
    assert not rnd.matches.exclude(result_kind="").exists()
    expect(page.locator("#t3 input.s1")).to_have_value("2")
    page.fill("#t2 input.s2", "5")
    page.click("#entry-all button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Сохранено 3 результата")
    stored = {m.table: (str(m.score1), str(m.score2)) for m in rnd.matches.exclude(result_kind="")}
    assert stored == {1: ("7", "3"), 2: ("7", "5"), 3: ("2", "7")}
