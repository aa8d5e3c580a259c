"""Issue 14, "must be shown": a secretary enters the 50 results of a 100-player Swiss round with the keyboard
only — score, Tab, score, Enter per table — in under 3 minutes of scripted time and at most 4 keystrokes a
result; every result is stored as typed, and the round's public page shows them."""

from __future__ import annotations

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
