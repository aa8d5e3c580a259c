"""Issue 33, "must be shown": on a 390 px phone a player opens «Уведомления» from his match link, subscribes
by e-mail (and confirms it from the mail) and in Telegram (the deep link, /start to the bot), sees both on the
page without sideways scrolling, and is told his next pairing by both — against a local SMTP server and a
local fake Bot API server."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from draw import manager as draw_manager
from judging import links
from notify.models import Subscription
from tests.notify.fakes import FakeBotAPI, Mailbox
from tests.notify.world import play, world

pytestmark = pytest.mark.django_db(transaction=True)


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= 390")


@pytest.fixture
def servers(settings, live_server):
    from notify import delivery, telegram

    with FakeBotAPI() as bot_api, Mailbox() as mailbox:
        settings.NOTIFY_DELIVER_IN_THREAD = False
        settings.SITE_URL = live_server.url
        settings.TELEGRAM_BOT_TOKEN, settings.TELEGRAM_API_URL = bot_api.token, bot_api.url
        settings.TELEGRAM_BOT_NAME = bot_api.username
        settings.TELEGRAM_RATE_PER_SECOND, settings.TELEGRAM_CHAT_INTERVAL_SECONDS = 1000.0, 0.0
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = "127.0.0.1", mailbox.port, False
        delivery._chat_last.clear()
        delivery._pace.update(next=0.0, paused_until=0.0)
        telegram._names.clear()
        yield bot_api, mailbox


def test_a_player_subscribes_from_his_match_link_on_a_phone(live_server, phone, servers):
    bot_api, mailbox = servers
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    me = m.player1

    page = phone.new_page()
    page.goto(live_server.url + links.url_for(m, me))
    page.locator("#link-notify").click()
    expect(page.locator("h2")).to_contain_text("Сообщать мне")
    assert _fits(page)

    page.fill("#id_email", "player@example.org")
    page.get_by_role("button", name="Подписаться по почте").click()
    expect(page.locator(".messages")).to_contain_text("Мы отправили ссылку на player@example.org")
    expect(page.locator("#notify-subs")).to_contain_text("ждёт подтверждения")
    assert _fits(page)
    [mail] = mailbox.to("player@example.org")
    confirm = re.search(r"(http://\S+/n/confirm/\S+/)", mailbox.body(mail)).group(1)
    page.goto(confirm)
    expect(page.locator("#notify-done")).to_contain_text("Адрес подтверждён")

    # Telegram: the button leads to the bot's deep link (caught here: no internet), the bot gets /start.
    page.go_back()
    page.reload()
    deep: list[str] = []
    page.route(
        "https://t.me/**", lambda route: (deep.append(route.request.url), route.fulfill(body="Telegram"))
    )
    page.get_by_role("button", name="Подписаться в Telegram").click()
    expect(page.locator("#notify-deep-link")).to_be_visible()
    assert _fits(page)
    page.locator("#notify-deep-link").click()
    expect(page).to_have_url(re.compile(r"^https://t\.me/nardy_test_bot\?start="))
    code = re.fullmatch(r"https://t\.me/nardy_test_bot\?start=(\S+)", deep[0]).group(1)
    bot_api.push(31337, f"/start {code}")
    call_command("telegram_poll", "--once", "--timeout", "0")
    assert Subscription.objects.get(channel="telegram").confirmed
    page.goto(live_server.url + links.url_for(m, me).rstrip("/") + "/notify/")
    expect(page.locator("#notify-subs")).to_contain_text("Telegram — действует")
    expect(page.locator("#notify-subs")).to_contain_text("player@example.org — действует")
    assert _fits(page)

    # The next round: told by both, with his link.
    play(rnd)
    rnd2 = draw_manager.draw_round(t, sec)
    draw_manager.publish_round(t, 2, sec)
    mine = rnd2.matches.filter(player1=me).first() or rnd2.matches.get(player2=me)
    told = [x for x in bot_api.texts(31337) if "тур 2" in x]
    assert len(told) == 1 and links.url_for(mine, me) in told[0]
    assert any("тур 2" in mailbox.body(x) for x in mailbox.to("player@example.org"))
