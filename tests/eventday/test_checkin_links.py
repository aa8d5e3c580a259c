"""A check-in link works only while the check-in it serves is open, and the secretary revokes one player's
link (issue 25 item 14). Before, ``/c/<token>/`` opened its player's page for ever — after round 1 was drawn
under "before round 1", in a finished tournament, for a withdrawn player — and a lost slip could not be
revoked. Now a closed check-in, a withdrawn player and a revoked (old generation) token are a 404 that checks
nobody in; the revoke is logged and the new slip works; a slip printed before (generation 0) keeps working
until revoked."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from draw import checkin
from draw import manager as draw_manager
from draw.models import Round
from registration.models import CheckIn, Participant
from tests.factories import make_tournament
from tournaments.models import Tournament

pytestmark = [pytest.mark.security, pytest.mark.django_db]


def _url(p) -> str:
    return reverse("draw:checkin_link", args=[checkin.token_for(p)])


def _closed(client, url) -> None:
    page = client.get(url)
    assert page.status_code == 404
    assert client.post(url).status_code == 404
    assert "Игрок" not in page.content.decode()  # nobody's name on a link that opens nothing


def test_a_link_stops_working_once_round_1_is_drawn_before_round_1(client, secretary):
    t = make_tournament(secretary, players=4)  # check-in before round 1 (the default)
    p = t.participants.first()
    url = _url(p)
    assert client.get(url).status_code == 200
    rnd = draw_manager.draw_round(t, secretary)
    _closed(client, url)  # a draft is out: the check-in is closed
    assert "никого не отмечает" in client.get(url).content.decode()
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED, published_at=timezone.now())
    _closed(client, url)  # round 1 is out: the check-in it served is over
    assert not CheckIn.objects.exists()


def test_a_link_serves_each_rounds_check_in_before_every_round(client, secretary):
    t = make_tournament(secretary, players=4, checkin="every")
    p = t.participants.first()
    url = _url(p)
    rnd = draw_manager.draw_round(t, secretary)
    _closed(client, url)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED, published_at=timezone.now())
    assert client.post(url).status_code == 302  # the check-in for round 2 is open
    assert list(CheckIn.objects.values_list("round_number", flat=True)) == [2]


def test_a_link_of_a_finished_tournament_or_a_withdrawn_player_opens_nothing(client, secretary):
    t = make_tournament(secretary, players=4, checkin="every")
    first, second = t.participants.order_by("pk")[:2]
    Participant.objects.filter(pk=second.pk).update(status=Participant.Status.WITHDRAWN)
    _closed(client, _url(second))
    assert client.get(_url(first)).status_code == 200
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    _closed(client, _url(first))
    assert not CheckIn.objects.exists()


def test_the_secretary_revokes_one_players_link_and_prints_the_new_one(client, secretary):
    t = make_tournament(secretary, players=4)
    p, other = t.participants.order_by("pk")[:2]
    old, others = _url(p), _url(other)
    client.force_login(secretary)
    response = client.post(reverse("draw:checkin_revoke", args=[t.pk]), {"participant": p.pk})
    assert response.status_code == 302
    client.logout()
    _closed(client, old)
    new = _url(p)
    assert new != old and client.post(new).status_code == 302
    assert client.get(others).status_code == 200  # the other players' slips are untouched
    entry = t.audit.get(action="checkin_link_revoked")
    assert entry.data["participant"] == p.pk and entry.user == secretary
    client.force_login(secretary)
    slips = client.get(reverse("draw:checkin_slips", args=[t.pk])).content.decode()
    assert new in slips and old not in slips
    assert reverse("draw:checkin_revoke", args=[t.pk]) in slips
    assert f"ID {p.person_id}" in slips  # issue 31 §1: the federation ID printed on the player's slip


@pytest.mark.parametrize("who", ["anonymous", "stranger", "other_secretary"])
def test_nobody_but_the_tournaments_runners_revokes_a_link(client, secretary, who, request):
    t = make_tournament(secretary, players=2)
    p = t.participants.first()
    url = _url(p)
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = client.post(reverse("draw:checkin_revoke", args=[t.pk]), {"participant": p.pk})
    assert response.status_code in (302, 403) and not t.audit.filter(action="checkin_link_revoked").exists()
    client.logout()
    assert client.get(url).status_code == 200


def test_a_revoke_in_a_finished_tournament_is_refused(client, secretary):
    t = make_tournament(secretary, players=2)
    p = t.participants.first()
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    client.force_login(secretary)
    client.post(reverse("draw:checkin_revoke", args=[t.pk]), {"participant": p.pk})
    assert not t.audit.filter(action="checkin_link_revoked").exists()
    assert (
        reverse("draw:checkin_revoke", args=[t.pk])
        not in client.get(reverse("draw:checkin_slips", args=[t.pk])).content.decode()
    )
