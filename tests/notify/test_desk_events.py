"""Issue 33 "Events for officials": an official subscribed to his tournament's desk is told of a result
disputed, a removal proposed (a second warning, 004 §5.7.2) and a document stuck; he subscribes on the
officials' notifications page, which strangers cannot open."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from draw import manager as draw_manager
from judging.models import MatchProtocol, Sanction
from notify.models import Channel, Subscription
from protocols.models import Document
from protocols.signals import document_stuck
from tests.factories import make_user
from tests.notify.world import world

pytestmark = pytest.mark.django_db


def _desk_subscriber(client, t, judge_user, mailbox, capture) -> Subscription:
    client.force_login(judge_user)
    with capture(execute=True):
        r = client.post(
            reverse("notify:failures", args=[t.pk]), {"action": "email", "email": "judge@example.org"}
        )
    assert r.status_code == 302
    [mail] = mailbox.to("judge@example.org")
    code = re.search(r"/n/confirm/([^/\s]+)/", mailbox.body(mail)).group(1)
    assert client.get(reverse("notify:confirm", args=[code])).status_code == 200
    return Subscription.objects.get(desk=t)


def test_the_desk_is_told_a_disputed_result_and_a_proposed_removal(
    client, mailbox, django_capture_on_commit_callbacks
):
    t, sec, rnd = world()
    judge = t.officials.get(role="chief_judge").person.user
    sub = _desk_subscriber(client, t, judge, mailbox, django_capture_on_commit_callbacks)
    assert sub.confirmed and sub.channel == Channel.EMAIL
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    protocol = MatchProtocol.submit(m, m.player1, m.match_length, 1, "", None, timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        protocol.answer(m.player2, False, "я выиграл", None, timezone.now())
    texts = [mailbox.body(x) for x in mailbox.to("judge@example.org")]
    assert any("оспорен: я выиграл" in x for x in texts)
    # Two warnings: removal proposed (004 §5.7.2) — told once to the desk.
    for facts in ("опоздал", "снова опоздал"):
        with django_capture_on_commit_callbacks(execute=True):
            Sanction(person=m.player1.person, tournament=t, kind="warning", clause="003", facts=facts).apply(
                judge, m.player1
            )
    texts = [mailbox.body(x) for x in mailbox.to("judge@example.org")]
    assert sum("предложено снятие" in x for x in texts) == 1


def test_a_stuck_document_is_told_to_the_desk_once(client, mailbox, django_capture_on_commit_callbacks):
    t, sec, _rnd = world()
    judge = t.officials.get(role="chief_judge").person.user
    _desk_subscriber(client, t, judge, mailbox, django_capture_on_commit_callbacks)
    doc = Document.objects.create(tournament=t, kind="pairings", key="1")
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            document_stuck.send(sender=Document, document=doc)
    texts = [mailbox.body(x) for x in mailbox.to("judge@example.org")]
    assert sum("завис" in x for x in texts) == 1


def test_the_notifications_page_is_the_officials_only(client):
    t, sec, _rnd = world()
    url = reverse("notify:failures", args=[t.pk])
    assert client.get(url).status_code in (302, 403)
    client.force_login(make_user("stranger"))
    assert client.get(url).status_code == 403
    assert client.post(url, {"action": "email", "email": "x@example.org"}).status_code == 403
    assert Subscription.objects.count() == 0
    client.force_login(sec)
    assert client.get(url).status_code == 200
