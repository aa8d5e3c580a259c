"""Check-in (issue 14 item 3): players check in by their own link or at the desk before the draw; the
secretary withdraws the no-shows in one step, each withdrawal logged with the reason, through the same path
as one by one; before every round when the tournament says so; none when it says none."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import checkin
from draw import manager as draw_manager
from draw.models import Round
from registration.models import CheckIn, Participant
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


def test_a_player_checks_in_by_his_link_once_and_a_tampered_link_does_nothing(client, secretary):
    t = make_tournament(secretary, players=4)
    p = t.participants.first()
    url = reverse("draw:checkin_link", args=[checkin.token_for(p)])
    assert "Я здесь" in client.get(url).content.decode()
    assert client.post(url).status_code == 302
    assert client.post(url).status_code == 302
    assert CheckIn.objects.filter(participant=p, round_number=1, via="link").count() == 1
    bad = reverse("draw:checkin_link", args=[checkin.token_for(p)[:-2] + "zz"])
    assert client.post(bad).status_code == 404
    assert client.get(reverse("draw:checkin_link", args=[f"{p.pk + 1}.x"])).status_code == 404


def test_the_secretary_withdraws_the_no_shows_in_one_step_before_the_draw(client, secretary, stranger):
    t = make_tournament(secretary, players=6)
    players = list(t.participants.order_by("pk"))
    for p in players[:4]:
        checkin.check_in(p, 1, CheckIn.Via.LINK)
    client.force_login(stranger)
    assert client.post(reverse("draw:checkin_withdraw", args=[t.pk])).status_code == 403
    assert client.get(reverse("draw:checkin", args=[t.pk])).status_code == 403
    client.force_login(secretary)
    page = client.get(reverse("draw:checkin", args=[t.pk])).content.decode()
    assert "data-confirm=" in page and "<strong>4</strong>" in page
    client.post(reverse("draw:checkin_present", args=[t.pk]), {"participant": players[4].pk})
    client.post(reverse("draw:checkin_withdraw", args=[t.pk]))
    statuses = dict(Participant.objects.filter(tournament=t).values_list("pk", "status"))
    assert [statuses[p.pk] for p in players] == ["active"] * 5 + ["withdrawn"]
    entry = t.audit.get(action="withdraw")
    assert entry.data["participant"] == players[5].pk and "туром 1" in entry.reason
    rnd = draw_manager.draw_round(t, secretary)
    assert players[5].pk not in {m.player1_id for m in rnd.matches.all()} | {
        m.player2_id for m in rnd.matches.all()
    }


def test_check_in_before_every_round_or_none_as_the_tournament_says(secretary):
    t = make_tournament(secretary, players=4, checkin="every")
    assert checkin.open_for(t) == 1
    rnd = draw_manager.draw_round(t, secretary)
    assert checkin.open_for(t) is None  # a draft is out
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    assert checkin.open_for(t) == 2
    t.checkin = "first"
    assert checkin.open_for(t) is None
    t.checkin = "none"
    t.round_set.all().delete()
    assert checkin.open_for(t) is None
