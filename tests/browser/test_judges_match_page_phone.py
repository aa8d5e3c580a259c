"""Issue 27, walked in the browser on a phone (390 px): the chief judge records a replacement of the dice and
a late arrival on the match page; the technical judge records an equipment check there and is offered
nothing else; the player sees none of these forms. No page scrolls sideways."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from draw import manager as draw_manager
from draw.models import Round
from judging.models import DiceReplacement, EquipmentNote, LateArrival
from registration.models import Official, Participant
from tests.browser.entry_driver import login
from tests.factories import add_players, make_tournament, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= 390")


def test_the_chief_judge_the_technical_judge_and_the_player_on_the_match_page_003_004_6_2_4(
    live_server, phone
):
    secretary = make_user("sec", can_create=True)
    judge = make_user("cj")
    tech = make_user("tj")
    player = make_user("pl")
    t = make_tournament(secretary, judge, time_control_minutes=15)
    Participant.objects.create(tournament=t, person=player.person, seed=1)
    add_players(t, 3, start=1)
    Official.objects.create(tournament=t, person=tech.person, role=Official.Role.TECHNICAL_JUDGE)
    rnd = draw_manager.draw_round(t, secretary)
    start = (timezone.now() - datetime.timedelta(minutes=20)).replace(second=0, microsecond=0)
    Round.objects.filter(pk=rnd.pk).update(
        status=Round.Status.PUBLISHED, published_at=start, start_time=start
    )
    m = (
        rnd.matches.exclude(player2=None).get(player1__person=player.person)
        if rnd.matches.filter(player1__person=player.person).exists()
        else rnd.matches.get(player2__person=player.person)
    )
    url = reverse("judging:match", args=[t.pk, m.pk])

    page = phone.new_page()
    login(page, live_server.url, "cj", "pw-cj", url)
    assert _fits(page)
    page.select_option("#id_requested_by", str(m.player2_id))
    page.fill("#id_game", "3")
    page.fill("#id_reason", "Скол на кости")
    page.get_by_role("button", name="Записать замену").click()
    expect(page.locator(".messages")).to_contain_text("Замена костей записана")
    late_at = timezone.localtime(start + datetime.timedelta(minutes=6)).strftime("%H:%M")
    page.select_option("#id_participant", str(m.player1_id))
    page.fill("#id_arrived_at", late_at)
    page.locator("form[action$='/late/'] button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text("6 мин")
    assert _fits(page)
    assert DiceReplacement.objects.get().requested_by_id == m.player2_id
    assert LateArrival.objects.get().minutes_lost == 6

    tech_page = phone.new_page()
    phone.clear_cookies()
    login(tech_page, live_server.url, "tj", "pw-tj", url)
    expect(tech_page.locator("form[action$='/equipment/']")).to_be_visible()
    assert tech_page.locator("form[action$='/dice/']").count() == 0
    assert tech_page.locator("form[action$='/late/']").count() == 0
    tech_page.fill("#id_text", "Часы заменены")
    tech_page.locator("form[action$='/equipment/'] button[type=submit]").click()
    expect(tech_page.locator(".messages")).to_be_visible()
    assert EquipmentNote.objects.get().text == "Часы заменены"
    assert _fits(tech_page)

    player_page = phone.new_page()
    phone.clear_cookies()
    login(player_page, live_server.url, "pl", "pw-pl", url)
    expect(player_page.locator("h2")).to_contain_text("стол")
    for form in ("dice", "late", "equipment"):
        assert player_page.locator(f"form[action$='/{form}/']").count() == 0
    assert _fits(player_page)
