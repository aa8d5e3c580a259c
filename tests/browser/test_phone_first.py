"""Issue 28 §5, §6 on a 390 px phone, as Challonge and Tabbycat show an event: the round's pairings as a card
per table (its number, each player with his score, the state), the standings as the essential columns
(place, name, points, the first tie-break), the player's own row first once he is known — logged in as the
person, or having opened his match link or found his table by name in this browser —, the first screen of a
round's page showing tables, not tabs and links; and the skip link as the first Tab stop, landing past the
tournament's tabs."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from draw import manager as draw_manager
from draw import results
from draw.models import Match, Round
from judging import links
from tests.browser.entry_driver import login
from tests.factories import make_tournament, make_user

pytestmark = pytest.mark.django_db(transaction=True)

MARKED = re.compile(r"\bme\b")  # static/js/pages.js marks the player's own row


def _swiss(players: int = 12, rounds: int = 2):
    """A Swiss of ``players``, ``rounds`` rounds published and played, the next one published and open."""
    secretary = make_user("sec", can_create=True)
    t = make_tournament(secretary, players=players, name="Кубок для телефона", rounds=5)
    for number in range(1, rounds + 2):
        rnd = draw_manager.draw_round(t, secretary, expected_number=number, seed=number)
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
        if number <= rounds:
            for m in Match.objects.filter(round=rnd, player2__isnull=False):
                score = (7, 2) if m.table % 2 else (3, 7)
                results.record_result(m.pk, secretary, results.ResultInput("played", *score), m.version)
    return t, rounds + 1


def _last_table(t, number):
    """The last table's match: the one furthest from the top of the page."""
    return Match.objects.filter(round__tournament=t, round__number=number, player2__isnull=False).last()


def test_the_round_is_a_card_per_table_and_its_first_screen_shows_tables_28_5(live_server, phone):
    t, number = _swiss()
    page = phone.new_page()
    page.goto(live_server.url + reverse("public:round", args=[t.pk, 1]))
    cards = page.locator("#pairings tbody tr")
    expect(cards).to_have_count(6)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    # Three tables on the first screen (844 px), above the documents and exports.
    assert cards.nth(2).bounding_box()["y"] + cards.nth(2).bounding_box()["height"] <= 844
    first = cards.first
    # Each player with his own score beside his name, and the state; the header row is for screen readers.
    p1, s1 = first.locator("td.p1").bounding_box(), first.locator(".s1").bounding_box()
    p2, s2 = first.locator("td.p2").bounding_box(), first.locator(".s2").bounding_box()
    assert abs(p1["y"] - s1["y"]) < 6 and abs(p2["y"] - s2["y"]) < 6 and p2["y"] > p1["y"]
    assert s1["x"] > p1["x"] + p1["width"] - 1  # the score at the right of the name, not under it
    expect(first.locator("td.lv .state")).to_be_visible()
    assert page.locator("#pairings thead").bounding_box()["height"] <= 1  # for screen readers only
    assert page.locator(".exports").bounding_box()["y"] > cards.last.bounding_box()["y"]


def test_the_standings_show_place_name_points_and_the_first_tiebreak_on_a_phone_28_5(
    live_server, phone, desktop
):
    t, _number = _swiss()
    url = live_server.url + reverse("public:standings", args=[t.pk])
    page = phone.new_page()
    page.goto(url)
    expect(page.locator("#standings tbody tr")).to_have_count(12)
    headers = [h.strip().lower() for h in page.locator("#standings thead th:visible").all_inner_texts()]
    assert headers == ["место", "участник", "очки", "бх"]  # Bh: Buchholz, the Swiss's first tie-break
    assert page.evaluate("document.querySelector('#standings').parentElement.scrollWidth") <= 358
    wide = desktop.new_page()
    wide.goto(url)
    # + organisation, matches, wins, losses and the Swiss's other default tie-breaks (issue 29 §2: SB, direct)
    expect(wide.locator("#standings thead th:visible")).to_have_count(10)


def test_a_player_who_opened_his_match_link_finds_his_table_first_and_his_standing_on_top_28_5(
    live_server, phone
):
    t, number = _swiss()
    m = _last_table(t, number)
    page = phone.new_page()
    page.goto(live_server.url + links.url_for(m, m.player2))  # his private link, from his slip's QR code
    expect(page.locator("#link-result")).to_be_visible()
    page.goto(live_server.url + reverse("public:round", args=[t.pk, number]))
    first = page.locator("#pairings tbody tr").first
    expect(first).to_have_class(MARKED)  # moved up, marked
    expect(first).to_contain_text(m.player2.person.surname)
    expect(first).to_have_attribute("data-table", str(m.table))
    # The standings: a copy of his row heads the table; his own row stays at its place, marked.
    page.goto(live_server.url + reverse("public:standings", args=[t.pk]))
    top = page.locator("#standings tbody tr").first
    expect(top).to_have_class(re.compile(r"\bme-copy\b"))
    expect(top).to_contain_text(m.player2.person.surname)
    expect(page.locator("#standings tbody tr.me")).to_have_count(2)
    # Another player's link in this browser: now he is the one first.
    page.goto(live_server.url + links.url_for(m, m.player1))
    page.goto(live_server.url + reverse("public:round", args=[t.pk, number]))
    expect(page.locator("#pairings tbody tr").first).to_contain_text(m.player1.person.surname)


def test_find_my_table_remembers_the_one_player_it_found_28_5(live_server, phone):
    t, number = _swiss()
    m = _last_table(t, number)
    surname = m.player1.person.surname  # "Игрок0NN": one player of the field
    page = phone.new_page()
    round_url = live_server.url + reverse("public:round", args=[t.pk, number])
    page.goto(round_url + "?q=" + surname.lower())
    expect(page.locator("#pairings tbody tr")).to_have_count(1)
    page.goto(round_url)
    expect(page.locator("#pairings tbody tr").first).to_contain_text(surname)
    expect(page.locator("#pairings tbody tr").first).to_have_class(MARKED)
    # A search naming several players remembers nobody new.
    page.goto(round_url + "?q=Игрок")
    page.goto(round_url)
    expect(page.locator("#pairings tbody tr").first).to_contain_text(surname)
    # The page is live: after a result the fragment is swapped in, and his table is first again.
    secretary = User.objects.get(username="sec")
    other = Match.objects.filter(round__tournament=t, round__number=number, table=1).get()
    results.record_result(other.pk, secretary, results.ResultInput("played", 7, 1), other.version)
    expect(page.locator("#pairings tbody tr[data-table='1']")).to_contain_text("7")
    expect(page.locator("#pairings tbody tr").first).to_contain_text(surname)


def test_a_logged_in_participant_sees_his_table_first_28_5(live_server, phone):
    t, number = _swiss()
    m = _last_table(t, number)
    user = User.objects.create_user("igrok", password="pw-igrok-12345")
    person = m.player2.person
    person.user = user
    person.save()
    page = phone.new_page()
    login(page, live_server.url, "igrok", "pw-igrok-12345", reverse("public:round", args=[t.pk, number]))
    expect(page.locator("#pairings tbody tr").first).to_contain_text(person.surname)
    expect(page.locator("#me")).to_have_attribute("data-participant", str(m.player2_id))


def test_the_skip_link_is_the_first_tab_stop_and_lands_past_the_tabs_28_6(live_server, desktop):
    t, number = _swiss()
    page = desktop.new_page()
    page.goto(live_server.url + reverse("public:round", args=[t.pk, number]))
    page.keyboard.press("Tab")
    skip = page.locator("a.skip-link")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()  # shown while it has the focus
    expect(skip).to_have_text("Перейти к содержанию")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    # The next stop is the page's own first field: "find my table", not the header or the 8 tabs.
    expect(page.locator("#find-q")).to_be_focused()
    # A page without the tournament's tabs: the skip link lands on its content too.
    page.goto(live_server.url + reverse("public:list"))
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(page.locator("main a").first).to_be_focused()


def test_the_sites_list_is_a_card_per_tournament_on_a_phone_28_5(live_server, phone):
    """It was a 5-column table with each name on 4–5 lines: now the name on a line or two, then the dates,
    discipline, system and status."""
    secretary = make_user("sec", can_create=True)
    make_tournament(
        secretary, name="Открытое первенство Ханты-Мансийского автономного округа по коротким нардам"
    )
    page = phone.new_page()
    page.goto(live_server.url + reverse("public:list"))
    card = page.locator("table.tournaments tbody tr").first
    name = card.locator("td.lead").bounding_box()
    line = float(page.evaluate("parseFloat(getComputedStyle(document.querySelector('td.lead')).lineHeight)"))
    assert name["width"] > 300 and name["height"] <= 3.2 * line  # the card's width, not a column's
    expect(card).to_contain_text("05.12.2026–06.12.2026")
    expect(card).to_contain_text("длинные нарды")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
