"""Issue 33 step 1: a player subscribes by e-mail from his match link, confirms by the mailed link, is told
his pairing when a round is published (table, opponent, length, his link), and unsubscribes from the mail."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from judging import links
from notify.models import Message, Subscription
from tests.notify.world import play, world

pytestmark = pytest.mark.django_db


def _link(text: str, name: str) -> str:
    found = re.search(rf"http://testserver(/n/{name}/[^\s]+/)", text)
    assert found, text
    return found.group(1)


def test_a_player_subscribes_from_his_match_link_and_is_told_his_next_pairing(
    client, mailbox, django_capture_on_commit_callbacks
):
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    me = m.player1
    page = reverse("notify:match", args=[links.token_for(m, me)])
    assert "Уведомления" in client.get(page).content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(page, {"action": "email", "email": "Player1@Example.org"})
    assert r.status_code == 302
    [mail] = mailbox.to("player1@example.org")
    sub = Subscription.objects.get(person=me.person)
    assert not sub.confirmed
    # Not confirmed: the next round tells him nothing yet.
    assert client.get(_link(mailbox.body(mail), "confirm")).status_code == 200
    sub.refresh_from_db()
    assert sub.confirmed and sub.code is None
    # The confirmation link is good once.
    assert client.get(_link(mailbox.body(mail), "confirm")).status_code == 404

    play(rnd)
    rnd2 = draw_manager.draw_round(t, sec)
    with django_capture_on_commit_callbacks(execute=True):
        draw_manager.publish_round(t, 2, sec)
    mails = mailbox.to("player1@example.org")
    assert len(mails) == 2
    body = mailbox.body(mails[1])
    mine = (
        rnd2.matches.get(player1=me)
        if rnd2.matches.filter(player1=me).exists()
        else rnd2.matches.get(player2=me)
    )
    opponent = mine.player2 if mine.player1_id == me.pk else mine.player1
    assert f"тур 2: стол {mine.table}" in body and str(opponent) in body
    assert f"http://testserver{links.url_for(mine, me)}" in body
    assert mails[1]["List-Unsubscribe"]
    # Nobody else subscribed: nobody else was written to.
    assert len(mailbox.messages) == 2
    assert Message.objects.filter(state="sent").count() == 2

    # The unsubscribe link of the mail: a GET asks, a POST ends it.
    stop = _link(body, "stop")
    assert client.get(stop).status_code == 200 and Subscription.objects.filter(pk=sub.pk).exists()
    client.post(stop)
    assert not Subscription.objects.filter(pk=sub.pk).exists()


def test_publishing_tells_nobody_who_did_not_subscribe(mailbox, bot_api, django_capture_on_commit_callbacks):
    t, sec, _rnd = world()
    with django_capture_on_commit_callbacks(execute=True):
        draw_manager.publish_round(t, 1, sec)
    assert Message.objects.count() == 0 and mailbox.messages == [] and bot_api.sent == []


def test_a_wrong_email_is_refused_in_russian_and_changes_nothing(client):
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    r = client.post(
        reverse("notify:match", args=[links.token_for(m, m.player1)]), {"action": "email", "email": "x@"}
    )
    assert r.status_code == 400 and "Введите правильный адрес" in r.content.decode()
    assert Subscription.objects.count() == 0


def test_a_tampered_or_draft_match_link_opens_no_subscription_page(client):
    t, sec, rnd = world()
    m = rnd.matches.get(table=1)
    token = links.token_for(m, m.player1)
    assert client.get(reverse("notify:match", args=[token])).status_code == 404  # a draft round
    draw_manager.publish_round(t, 1, sec)
    assert client.get(reverse("notify:match", args=[token + "x"])).status_code == 404
    r = client.post(reverse("notify:match", args=[token + "x"]), {"action": "email", "email": "a@b.org"})
    assert r.status_code == 404 and Subscription.objects.count() == 0


def test_a_player_subscribes_from_his_check_in_link_before_round_1_is_published(
    client, mailbox, django_capture_on_commit_callbacks
):
    from draw import checkin

    t, sec, rnd = world()
    me = t.participants.order_by("pk").first()
    page = reverse("notify:checkin", args=[checkin.token_for(me)])
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(page, {"action": "email", "email": "early@example.org"}).status_code == 302
    [mail] = mailbox.to("early@example.org")
    client.get(_link(mailbox.body(mail), "confirm"))
    with django_capture_on_commit_callbacks(execute=True):
        draw_manager.publish_round(t, 1, sec)
    mine = rnd.matches.filter(player1=me).first() or rnd.matches.get(player2=me)
    [_confirm, told] = mailbox.to("early@example.org")
    assert f"тур 1: стол {mine.table}" in mailbox.body(told)
    # A revoked or tampered check-in link opens nothing.
    assert client.get(page.replace("/notify/", "x/notify/")).status_code == 404
    checkin.revoke(me, sec)
    assert client.get(page).status_code == 404


def test_a_finished_tournaments_link_subscribes_nobody_6_2_1(client):
    from tournaments.models import Tournament

    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    page = reverse("notify:match", args=[links.token_for(m, m.player1)])
    html = client.get(page).content.decode()
    assert "notify-email" not in html and "notify-telegram" not in html
    for action in ("email", "telegram"):
        assert client.post(page, {"action": action, "email": "a@example.org"}).status_code == 403
    assert Subscription.objects.count() == 0
