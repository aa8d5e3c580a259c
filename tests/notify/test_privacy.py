"""Issue 33 "Privacy": chat ids and e-mails are the person's and his officials' — never on the public pages,
the exports or the API; a person's subscriptions go with him (the README's retention section)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from judging import links
from notify.models import Channel, Subscription
from registration.models import Person
from tests.notify.world import subscribe, world

pytestmark = pytest.mark.django_db


def test_no_chat_id_or_email_on_public_pages_exports_or_the_api(client):
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    tg = subscribe(m.player1, address="987654321")
    mail = subscribe(m.player2, channel=Channel.EMAIL, address="secret.player@example.org")
    urls = [
        reverse("public:round", args=[t.pk, 1]),
        reverse("public:participants", args=[t.pk]),
        reverse("public:export_participants", args=[t.pk, "csv"]),
        f"/api/tournaments/{t.pk}/participants",
        f"/api/tournaments/{t.pk}/participants/{m.player1_id}",
        f"/api/tournaments/{t.pk}/matches",
        f"/api/tournaments/{t.pk}/rounds/1",
    ]
    for url in urls:
        r = client.get(url)
        assert r.status_code == 200, url
        body = r.content.decode("utf-8-sig", errors="replace")
        assert tg.address not in body and mail.address not in body, url
    # His own match link's page shows him his own e-mail; the opponent's link does not show it.
    mine = client.get(reverse("notify:match", args=[links.token_for(m, m.player2)])).content.decode()
    theirs = client.get(reverse("notify:match", args=[links.token_for(m, m.player1)])).content.decode()
    assert mail.address in mine and mail.address not in theirs and tg.address not in theirs


def test_a_persons_subscriptions_are_deleted_with_him():
    person = Person.objects.create(surname="Удалённый", name="Пётр")
    Subscription.objects.create(person=person, channel=Channel.EMAIL, address="p@example.org", confirmed=True)
    person.delete()
    assert Subscription.objects.count() == 0
