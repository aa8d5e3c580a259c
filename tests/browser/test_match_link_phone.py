"""Issue 14, "must be shown": on a phone, a player opens his match link from the QR code's URL on his slip,
hands in 7:4; his opponent confirms on his own link; the public round page open on another phone shows the
provisional result without a reload. Another match's, a revoked and a tampered token open nothing and change
nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from draw import manager as draw_manager
from draw.models import Round
from judging import links
from judging.models import MatchProtocol
from tests.browser.entry_driver import login
from tests.factories import make_tournament, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= 390")


def test_a_player_reports_7_4_from_the_qr_link_and_the_opponent_confirms(
    live_server, browser, desktop, phone
):
    secretary = make_user("sec", can_create=True)
    t = make_tournament(secretary, players=8)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    m = rnd.matches.get(table=1)

    # The secretary's slips: each player's QR code carries his link.
    office = desktop.new_page()
    login(office, live_server.url, "sec", "pw-sec", reverse("judging:slips", args=[t.pk, 1]))
    qr = office.locator(f"#slip-1-{m.player1_id} svg.qr")
    winner_url = qr.get_attribute("data-text")
    loser_url = office.locator(f"#slip-1-{m.player2_id} svg.qr").get_attribute("data-text")
    other_url = office.locator(f"#slip-2-{rnd.matches.get(table=2).player1_id} svg.qr").get_attribute(
        "data-text"
    )
    assert winner_url.startswith(live_server.url + "/m/") and winner_url != loser_url

    spectator = phone.new_page()
    spectator.goto(live_server.url + reverse("public:round", args=[t.pk, 1]))
    row = spectator.locator("#pairings tbody tr[data-table='1']")
    expect(row).to_contain_text("не начат")
    spectator.evaluate("window.__notReloaded = true")

    player = phone.new_page()
    player.goto(winner_url)
    expect(player.locator("h2")).to_contain_text("стол 1")
    assert _fits(player)
    player.fill("#id_mine", "7")
    player.fill("#id_theirs", "4")
    player.get_by_role("button", name="Сдать").click()
    expect(player.locator(".messages")).to_contain_text("Результат сдан")
    expect(player.locator("#link-result")).to_contain_text("7 : 4")
    assert _fits(player)

    opponent_context = browser.new_context(
        locale="ru-RU", viewport={"width": 390, "height": 844}, is_mobile=True
    )
    opponent = opponent_context.new_page()
    opponent.goto(loser_url)
    expect(opponent.locator("#answer")).to_contain_text("сдал результат")
    expect(opponent.locator("#link-result")).to_contain_text("4 : 7")
    opponent.get_by_role("button", name="Подтвердить").click()
    expect(opponent.locator("#link-protocol")).to_contain_text("подписан")
    assert _fits(opponent)

    expect(row).to_contain_text("7 : 4")
    expect(row).to_contain_text("предварительный")
    assert spectator.evaluate("window.__notReloaded === true")
    assert MatchProtocol.objects.get(match=m).status == "confirmed"

    # Another match's link opens that match only; revoked and tampered tokens open nothing.
    before = {x.pk: (x.version, x.result_kind) for x in rnd.matches.all()}
    probe = opponent_context.new_page()
    answer = probe.goto(other_url)
    assert answer.status == 200
    expect(probe.locator("h2")).to_contain_text("стол 2")
    links.revoke(m, m.player1, secretary)
    assert probe.goto(winner_url).status == 404
    tampered = (
        loser_url.rstrip("/")[:-3] + ("AAA" if not loser_url.rstrip("/").endswith("AAA") else "BBB") + "/"
    )
    assert probe.goto(tampered).status == 404
    assert {x.pk: (x.version, x.result_kind) for x in rnd.matches.all()} == before
    opponent_context.close()
