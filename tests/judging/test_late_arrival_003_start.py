"""A late arrival (003 «Начало турнира»: «В точно назначенное время, независимо от того, все ли игроки
присутствуют, судья дает сигнал к началу партии, пуская ... часы отсутствующего участника»; 003 «Часы»:
«падение флажка влечет поражение в матче»). The judging panel records when he arrived: the minutes from the
round's official start are gone from his clock; when they are his whole time, or he never came, his flag has
fallen: the match is lost on time (issue 27, «Missing»)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from draw.models import Round
from judging.models import LateArrival
from protocols.docs import match as match_doc
from tests.judging.conftest import at, draw_and_start, frozen
from tournaments.models import AuditEntry, Tournament


@pytest.fixture
def round2(running, secretary):
    Tournament.objects.filter(pk=running.pk).update(time_control_minutes=15)
    running.refresh_from_db()
    with frozen(at(60)):
        rnd = draw_and_start(running, secretary, 2)
    Round.objects.filter(pk=rnd.pk).update(start_time=at(60))
    return rnd


def _hm(minutes: int) -> str:
    """The local time ``minutes`` after the round's official start, as the judge types it."""
    return (timezone.localtime(at(60)) + datetime.timedelta(minutes=minutes)).strftime("%H:%M")


def _late(client, t, m, player, arrived=None, **extra):
    arrived = _hm(12) if arrived is None else arrived
    data = {"participant": player.pk, "arrived_at": arrived, **extra}
    return client.post(reverse("judging:late_arrival", args=[t.pk, m.pk]), data)


def _matches(rnd):
    return list(rnd.matches.exclude(player2=None).order_by("table"))


def test_minutes_late_are_gone_from_his_clock_003_start(client, running, round2, chief_judge):
    m = _matches(round2)[0]
    client.force_login(chief_judge)
    with frozen(at(73)):
        assert _late(client, running, m, m.player1, arrived=_hm(12)).status_code == 302
    row = LateArrival.objects.get()
    assert (row.participant, row.minutes_lost, row.consequence) == (
        m.player1,
        12,
        LateArrival.Consequence.CLOCK,
    )
    m.refresh_from_db()
    assert not m.result_kind  # the match is played on his shortened clock
    assert AuditEntry.objects.get(action="late_arrival").data["clause"] == "003 «Начало турнира»"
    assert "12" in match_doc.build(m).late


def test_late_by_his_whole_time_the_match_is_lost_on_time_003_start_003_clock(
    client, running, round2, chief_judge
):
    m = _matches(round2)[0]
    client.force_login(chief_judge)
    with frozen(at(80)):
        assert _late(client, running, m, m.player2, arrived=_hm(16)).status_code == 302
    m.refresh_from_db()
    assert m.result_kind == "time" and m.winner_id == m.player1_id
    assert LateArrival.objects.get().consequence == LateArrival.Consequence.TIME


def test_never_arrived_the_match_is_lost_on_time_003_start(client, running, round2, chief_judge):
    m = _matches(round2)[1]
    client.force_login(chief_judge)
    with frozen(at(80)):
        assert _late(client, running, m, m.player1, arrived="", absent="on").status_code == 302
    m.refresh_from_db()
    assert m.result_kind == "time" and m.winner_id == m.player2_id


@pytest.mark.parametrize("who", ["anonymous", "plain_secretary", "participant_user", "stranger"])
def test_only_the_judging_panel_records_a_late_arrival_6_1_2(client, running, round2, who, request):
    m = _matches(round2)[0]
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = _late(client, running, m, m.player1)
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "login" in response.url
    assert not LateArrival.objects.exists()


def test_bad_input_changes_nothing_003_start(client, running, round2, chief_judge):
    m, other = _matches(round2)[:2]
    client.force_login(chief_judge)
    with frozen(at(80)):
        assert _late(client, running, m, other.player1).status_code == 400  # not a player of this match
        assert _late(client, running, m, m.player1, arrived=_hm(-1)).status_code == 400  # before the start
        assert _late(client, running, m, m.player1, arrived="25:00").status_code == 400
        assert _late(client, running, m, m.player1, arrived="").status_code == 400  # neither time nor absent
    assert not LateArrival.objects.exists()
    m.refresh_from_db()
    assert not m.result_kind


def test_without_the_rounds_official_start_nothing_is_measured_003_start(
    client, running, round2, chief_judge
):
    Round.objects.filter(pk=round2.pk).update(start_time=None)
    m = _matches(round2)[0]
    client.force_login(chief_judge)
    assert _late(client, running, m, m.player1).status_code == 400
    assert not LateArrival.objects.exists()
