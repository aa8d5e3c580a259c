"""Issue 33 "Delivery": an outbox row is sent once — a retry, a second delivery, a worker killed with rows
leased — within Telegram's limits (about 30 a second overall, 1 a second per chat), honouring a 429's
``retry_after``; what cannot be delivered is shown to the tournament's officials, who was not reached and
why."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from draw import manager as draw_manager
from notify import delivery, events
from notify.models import Channel, Message
from notify.outbox import Text, tell_one
from tests.notify.world import subscribe, world

pytestmark = pytest.mark.django_db


def _subscribed_round(n_players: int = 8, **kw):
    t, sec, rnd = world(n_players)
    players = [p for m in rnd.matches.all() for p in (m.player1, m.player2) if p]
    subs = [subscribe(p, **kw) for p in players]
    draw_manager.publish_round(t, 1, sec)  # rows written; not delivered (no commit in this test)
    return t, sec, rnd, subs


def test_an_event_written_twice_is_one_row_and_a_sent_row_is_never_sent_again(bot_api):
    t, sec, rnd, subs = _subscribed_round()
    events.round_published(t.round_set.get(number=1))  # the same publication heard again
    assert Message.objects.count() == 8
    assert delivery.deliver(budget=10).sent == 8
    assert delivery.deliver(budget=10).sent == 0
    assert len(bot_api.sent) == 8 and len({s["chat_id"] for s in bot_api.sent}) == 8


def test_a_429_pauses_the_bot_for_its_retry_after_and_every_message_goes_out_once(bot_api):
    t, sec, rnd, subs = _subscribed_round()
    bot_api.flood, bot_api.retry_after = 2, 1
    counts = delivery.deliver(budget=20)
    assert counts.sent == 8 and counts.retried == 2 and counts.failed == 0
    assert len(bot_api.sent) == 8 and len({s["chat_id"] for s in bot_api.sent}) == 8
    # Nothing was sent within the second Telegram asked to wait.
    first_429 = bot_api.flooded[0]
    assert all(s["at"] >= first_429 + 0.95 for s in bot_api.sent)
    # A 429 is not a failure: the attempts are the one that went through.
    assert set(Message.objects.values_list("attempts", flat=True)) == {1}


def test_one_message_a_second_per_chat(bot_api, settings):
    settings.TELEGRAM_CHAT_INTERVAL_SECONDS = 1.0
    t, sec, rnd = world()
    sub = subscribe(rnd.matches.first().player1)
    for n in range(3):
        tell_one(sub, f"test:{n}", Text("s", f"message {n}"))
    delivery.deliver(budget=10)
    times = [s["at"] for s in bot_api.sent]
    assert len(times) == 3
    assert all(b - a >= 0.95 for a, b in zip(times, times[1:], strict=False))


def test_about_thirty_a_second_overall(bot_api, settings):
    settings.TELEGRAM_RATE_PER_SECOND = 30.0
    t, sec, rnd, subs = _subscribed_round(40)
    delivery.deliver(budget=20)
    times = sorted(s["at"] for s in bot_api.sent)
    assert len(times) == 40
    # No second holds more than 30 (plus the one at its edge).
    assert all(sum(1 for x in times if a <= x < a + 1.0) <= 31 for a in times)
    assert times[-1] - times[0] >= 39 / 30 - 0.05


def test_rows_leased_by_a_killed_worker_go_out_once_after_the_lease(bot_api):
    t, sec, rnd, subs = _subscribed_round()
    now = timezone.now()
    rows = list(Message.objects.order_by("pk"))
    # A worker claimed the first four and died: two leases have run out, two have not yet.
    Message.objects.filter(pk__in=[r.pk for r in rows[:2]]).update(
        state="sending", lease_until=now - datetime.timedelta(seconds=1), lease_token="dead"
    )
    Message.objects.filter(pk__in=[r.pk for r in rows[2:4]]).update(
        state="sending", lease_until=now + datetime.timedelta(minutes=5), lease_token="dead"
    )
    assert delivery.deliver(budget=3).sent == 6
    assert Message.objects.filter(state="sending").count() == 2
    Message.objects.filter(state="sending").update(lease_until=now - datetime.timedelta(seconds=1))
    assert delivery.deliver(budget=3).sent == 2
    assert len(bot_api.sent) == 8 and len({s["chat_id"] for s in bot_api.sent}) == 8
    assert delivery.deliver(budget=3).sent == 0


def test_an_unreachable_bot_is_retried_with_backoff_then_shown_to_the_officials(client, settings, bot_api):
    settings.NOTIFY_MAX_ATTEMPTS = 2
    t, sec, rnd, subs = _subscribed_round()
    settings.TELEGRAM_API_URL = "http://127.0.0.1:9"  # nothing listens (discard port)
    counts = delivery.deliver(budget=10)
    assert counts.failed == 8 and counts.retried == 8 and counts.sent == 0
    assert set(Message.objects.values_list("state", "attempts")) == {("failed", 2)}
    client.force_login(sec)
    html = client.get(reverse("notify:failures", args=[t.pk])).content.decode()
    assert "не доставлено: 8" in html and str(subs[0].person) in html and "Telegram: 0" in html
    # Who was not reached is named; his chat id is not printed.
    assert all(s.address not in html for s in subs)


def test_a_chat_that_blocked_the_bot_and_a_refused_address_fail_at_once_with_the_reason(
    client, bot_api, mailbox
):
    t, sec, rnd = world()
    players = [p for m in rnd.matches.all() for p in (m.player1, m.player2) if p]
    blocked = subscribe(players[0])
    refused = subscribe(players[1], channel=Channel.EMAIL, address="gone@example.org")
    subscribe(players[2])
    bot_api.blocked.add(blocked.address)
    mailbox.refuse.add("gone@example.org")
    draw_manager.publish_round(t, 1, sec)
    counts = delivery.deliver(budget=10)
    assert counts.sent == 1 and counts.failed == 2 and counts.retried == 0
    client.force_login(sec)
    html = client.get(reverse("notify:failures", args=[t.pk])).content.decode()
    assert "bot was blocked by the user" in html and "SMTP: 550 No such user" in html
    assert str(blocked.person) in html and str(refused.person) in html
    assert "gone@example.org" not in html and blocked.address not in html
