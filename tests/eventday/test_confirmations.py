"""Confirmations and locked actions (issue 14 item 7): publish, drop, withdraw and remove say in one sentence
what will happen before they act; "drop and draw again" does both; actions that are locked are greyed with
the reason instead of failing after the form is filled."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Round
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


def test_drop_and_draw_again_does_both(client, secretary):
    t = make_tournament(secretary, players=8)
    first = draw_manager.draw_round(t, secretary)
    client.force_login(secretary)
    response = client.post(reverse("draw:drop", args=[t.pk, 1]), {"redraw": "1"})
    assert response.status_code == 302 and response.url == reverse("public:round", args=[t.pk, 1])
    again = Round.objects.get(tournament=t, number=1)
    assert again.pk != first.pk and again.is_draft and again.matches.count() == 4
    assert list(t.audit.filter(action__in=["drop", "draw"]).values_list("action", flat=True)[:2]) == [
        "draw",
        "drop",
    ]


def test_drop_alone_leaves_no_round(client, secretary):
    t = make_tournament(secretary, players=8)
    draw_manager.draw_round(t, secretary)
    client.force_login(secretary)
    client.post(reverse("draw:drop", args=[t.pk, 1]))
    assert not Round.objects.filter(tournament=t).exists()


def test_publish_drop_and_withdraw_say_what_will_happen(client, secretary):
    t = make_tournament(secretary, players=8)
    draw_manager.draw_round(t, secretary)
    client.force_login(secretary)
    page = client.get(reverse("public:round", args=[t.pk, 1])).content.decode()
    assert page.count("data-confirm=") >= 3
    assert "станет публичным" in page or "увидят пары" in page
    participants = client.get(reverse("public:participants", args=[t.pk])).content.decode()
    assert "data-confirm=" in participants and "снимается" in participants


def test_locked_actions_are_greyed_with_the_reason(client, secretary):
    t = make_tournament(secretary, players=6, system="round_robin")
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    client.force_login(secretary)
    home = client.get(reverse("public:detail", args=[t.pk])).content.decode()
    # A round robin takes nobody new after its first draw; a round lacking results blocks the next draw.
    assert 'disabled title="Добавлять участников больше нельзя: жеребьёвка уже началась."' in home
    assert 'disabled title="До следующей жеребьёвки нужно ввести все результаты тура."' in home
