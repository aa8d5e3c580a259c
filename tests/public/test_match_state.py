"""Each match's state on the round page and in the API: not started, playing, provisional with the protest
time left, under protest, final (004 §5.10). The batched states agree with judging.state.match_state."""

from __future__ import annotations

import datetime

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from draw import manager as draw_manager
from draw import results
from draw.models import Round
from judging.models import Protest
from judging.state import match_state, match_states
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db
NOON = datetime.datetime(2026, 12, 5, 12, 0, tzinfo=datetime.UTC)


@pytest.fixture
def rnd(secretary):
    t = make_tournament(secretary, players=8, protest_window_minutes=10)
    with time_machine.travel(NOON, tick=False):
        r = draw_manager.draw_round(t, secretary)
        Round.objects.filter(pk=r.pk).update(status=Round.Status.PUBLISHED, published_at=NOON)
    return Round.objects.get(pk=r.pk)


def _enter(secretary, match, s1=7, s2=3):
    results.record_result(match.pk, secretary, results.ResultInput("played", s1, s2), match.version)


def test_states_go_from_not_started_to_final(secretary, rnd, client):
    m1, m2, m3, m4 = rnd.matches.order_by("table")
    with time_machine.travel(NOON, tick=False):
        m2.started_at = m3.started_at = m4.started_at = timezone.now()
        for m in (m2, m3, m4):
            m.save(update_fields=["started_at"])
    with time_machine.travel(NOON + datetime.timedelta(minutes=30), tick=False):
        _enter(secretary, m3)
        _enter(secretary, m4)
        Protest.objects.create(
            tournament=rnd.tournament,
            match=m4,
            protester=m4.player2,
            filed_at=timezone.now(),
            reasons="Кубик упал со стола",
            arguments="Партия 3",
        )
    url = reverse("public:round_live", args=[rnd.tournament_id, rnd.number])
    with time_machine.travel(NOON + datetime.timedelta(minutes=33), tick=False):
        html = client.get(url).content.decode()
        api = client.get(f"/api/tournaments/{rnd.tournament_id}/rounds/{rnd.number}").json()
    assert "не начат" in html and "идёт игра" in html
    assert "предварительный: ещё 7 мин на протест" in html
    assert "опротестован" in html
    states = {m["table"]: (m["state"], m["protest_seconds_left"]) for m in api["matches"]["items"]}
    assert states == {
        1: ("not_started", None),
        2: ("playing", None),
        3: ("provisional", 420),
        4: ("under_protest", None),
    }
    with time_machine.travel(NOON + datetime.timedelta(minutes=41), tick=False):
        api = client.get(f"/api/tournaments/{rnd.tournament_id}/rounds/{rnd.number}").json()
    assert {m["table"]: m["state"] for m in api["matches"]["items"]}[3] == "final"
    assert {m["table"]: m["state"] for m in api["matches"]["items"]}[4] == "under_protest"


def test_the_batched_states_agree_with_the_judging_app(secretary, rnd):
    m1, m2, m3, m4 = rnd.matches.order_by("table")
    with time_machine.travel(NOON + datetime.timedelta(minutes=20), tick=False):
        m2.started_at = timezone.now()
        m2.save(update_fields=["started_at"])
        _enter(secretary, m3)
        _enter(secretary, m4, 2, 7)
        Protest.objects.create(
            tournament=rnd.tournament,
            match=m3,
            protester=m3.player2,
            filed_at=timezone.now(),
            reasons="r",
            arguments="a",
        )
    matches = list(rnd.matches.select_related("round__tournament"))
    for minutes in (0, 21, 25, 29, 31, 60):
        now = NOON + datetime.timedelta(minutes=minutes)
        ours = match_states(matches, now)
        for m in matches:
            theirs, seconds = match_state(m, now)
            assert (ours[m.pk].key, ours[m.pk].seconds_left) == (theirs, seconds), (minutes, m.table)


def test_a_draft_round_is_hidden_from_the_public(secretary, client):
    t = make_tournament(secretary, players=4)
    r = draw_manager.draw_round(t, secretary)
    assert client.get(reverse("public:round_live", args=[t.pk, r.number])).status_code == 403
    assert client.get(f"/api/tournaments/{t.pk}/rounds/{r.number}").status_code == 404
    assert client.get(f"/api/tournaments/{t.pk}/rounds").json()["items"] == []
    client.force_login(secretary)
    assert client.get(reverse("public:round_live", args=[t.pk, r.number])).status_code == 200
