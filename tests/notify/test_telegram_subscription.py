"""Issue 33 step 2: a player subscribes in Telegram from his match link (a deep link carrying a one-time
code), the bot confirms him on /start (long polling or the webhook), tells him his pairing, and /stop ends
it — all against a local fake Bot API server."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from draw import manager as draw_manager
from judging import links
from notify.models import Channel, Message, Subscription
from tests.notify.world import play, world

pytestmark = pytest.mark.django_db


def _deep_link_code(client, m, me) -> str:
    r = client.post(reverse("notify:match", args=[links.token_for(m, me)]), {"action": "telegram"})
    assert r.status_code == 200
    found = re.search(r'href="https://t\.me/nardy_test_bot\?start=([A-Za-z0-9_-]{1,64})"', r.content.decode())
    assert found, r.content.decode()
    return found.group(1)


def test_the_deep_link_subscribes_by_long_polling_and_the_next_round_is_told(
    client, bot_api, django_capture_on_commit_callbacks
):
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    me = m.player1
    code = _deep_link_code(client, m, me)
    assert not Subscription.objects.get(code=code).confirmed

    bot_api.push(4242, f"/start {code}")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("telegram_poll", "--once", "--timeout", "0")
    sub = Subscription.objects.get(person=me.person)
    assert sub.confirmed and sub.address == "4242" and sub.code is None
    assert "Подписка оформлена" in bot_api.texts(4242)[0]

    play(rnd)
    rnd2 = draw_manager.draw_round(t, sec)
    with django_capture_on_commit_callbacks(execute=True):
        draw_manager.publish_round(t, 2, sec)
    [told] = bot_api.texts(4242)[1:]
    mine = rnd2.matches.filter(player1=me).first() or rnd2.matches.get(player2=me)
    assert f"тур 2: стол {mine.table}" in told and links.url_for(mine, me) in told
    # Only he subscribed: one chat told.
    assert {s["chat_id"] for s in bot_api.sent} == {"4242"}


def test_a_code_is_used_once(client, bot_api, django_capture_on_commit_callbacks):
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    code = _deep_link_code(client, m, m.player1)
    with django_capture_on_commit_callbacks(execute=True):
        bot_api.push(1, f"/start {code}")
        bot_api.push(2, f"/start {code}")  # the link passed on: the second chat is refused
        call_command("telegram_poll", "--once", "--timeout", "0")
    assert Subscription.objects.get().address == "1"
    assert "устарела или уже использована" in bot_api.texts(2)[0]


def test_stop_ends_every_subscription_of_the_chat_and_nothing_more_is_sent(
    client, bot_api, django_capture_on_commit_callbacks
):
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    code = _deep_link_code(client, m, m.player1)
    with django_capture_on_commit_callbacks(execute=True):
        bot_api.push(77, f"/start {code}")
        bot_api.push(77, "/stop")
        call_command("telegram_poll", "--once", "--timeout", "0")
    assert not Subscription.objects.filter(channel=Channel.TELEGRAM).exists()
    assert "Больше ничего не пришлём" in bot_api.texts(77)[-1]
    play(rnd)
    draw_manager.draw_round(t, sec)
    sent = len(bot_api.sent)
    with django_capture_on_commit_callbacks(execute=True):
        draw_manager.publish_round(t, 2, sec)
    assert len(bot_api.sent) == sent and not Message.objects.filter(key__startswith="pair:").exists()


def test_the_webhook_takes_updates_only_with_its_secret(client, settings, bot_api):
    settings.TELEGRAM_WEBHOOK_SECRET = "s3cret-path"
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    code = _deep_link_code(client, m, m.player1)
    update = {"update_id": 1, "message": {"message_id": 1, "chat": {"id": 9}, "text": f"/start {code}"}}
    url = reverse("notify:webhook", args=["s3cret-path"])
    # Wrong secret in the URL, or no header: 404, nothing done.
    assert (
        client.post(
            reverse("notify:webhook", args=["guess"]), update, content_type="application/json"
        ).status_code
        == 404
    )
    assert client.post(url, update, content_type="application/json").status_code == 404
    assert not Subscription.objects.get(code=code).confirmed
    r = client.post(
        url,
        update,
        content_type="application/json",
        headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret-path"},
    )
    assert r.status_code == 200 and Subscription.objects.get(address="9").confirmed
    assert client.get(url).status_code == 405
    bad = client.post(
        url, "{", content_type="application/json", headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret-path"}
    )
    assert bad.status_code == 400


def test_without_a_token_telegram_is_not_offered(client, settings):
    settings.TELEGRAM_BOT_TOKEN = ""
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    page = reverse("notify:match", args=[links.token_for(m, m.player1)])
    html = client.get(page).content.decode()
    assert "notify-telegram" not in html and "notify-email" in html
    assert client.post(page, {"action": "telegram"}).status_code == 400
    assert Subscription.objects.count() == 0
    with pytest.raises(CommandError):
        call_command("telegram_poll", "--once")
