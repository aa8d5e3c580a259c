"""004 §6.1.2 item 3: the judging panel «в случае необходимости отменяет соревнование». A cancelled event
keeps its entries, results and documents as they were and is read-only everywhere; every page and document
says it is cancelled; cancelling a competition cancels each of its events (issue 27, «Missing»)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Match
from protocols.docs import standings as standings_doc
from protocols.facts import heading
from tests.factories import START, make_tournament
from tournaments.models import AuditEntry, Competition, Tournament


def _cancel(client, t, reason="Зал закрыт по решению администрации"):
    return client.post(reverse("judging:cancel", args=[t.pk]), {"reason": reason})


def test_the_panel_cancels_an_event_and_it_is_read_only_everywhere_6_1_2(
    client, running, secretary, chief_judge
):
    m = running.round_set.get(number=1).matches.exclude(player2=None).first()
    before = (m.score1, m.score2)
    client.force_login(chief_judge)
    assert client.get(reverse("judging:cancel", args=[running.pk])).status_code == 200
    assert _cancel(client, running).status_code == 302
    running.refresh_from_db()
    assert running.status == Tournament.Status.CANCELLED and running.read_only_reason
    entry = AuditEntry.objects.get(tournament=running, action="cancel")
    assert entry.reason == "Зал закрыт по решению администрации" and entry.data["clause"] == "004 §6.1.2"
    # Results are kept and refused: the result form, the draw.
    client.force_login(secretary)
    response = client.post(
        reverse("draw:match_result", args=[running.pk, m.pk]),
        {"kind": "played", "score1": 0, "score2": 7, "version": m.version},
    )
    assert response.status_code in (302, 400)
    m.refresh_from_db()
    assert (m.score1, m.score2) == before
    with pytest.raises(draw_manager.DrawError):
        draw_manager.draw_round(running, secretary)
    # Marked cancelled: the page, the list, the documents.
    assert "отменён" in client.get(reverse("public:detail", args=[running.pk])).content.decode().lower()
    assert "отменён" in heading(running).cancelled.lower()
    data = standings_doc.build(running)
    assert "отменён" in data.heading.cancelled.lower()


def test_a_plain_secretary_or_a_player_cannot_cancel_6_1_2(
    client, running, plain_secretary, participant_user
):
    for user in (plain_secretary, participant_user):
        client.force_login(user)
        assert _cancel(client, running).status_code == 403
    running.refresh_from_db()
    assert running.status == Tournament.Status.RUNNING


def test_a_cancel_needs_a_reason_and_a_finished_event_is_not_cancelled_6_1_2(client, running, chief_judge):
    client.force_login(chief_judge)
    assert _cancel(client, running, reason="  ").status_code == 400
    Tournament.objects.filter(pk=running.pk).update(status=Tournament.Status.FINISHED)
    assert _cancel(client, running).status_code == 400
    running.refresh_from_db()
    assert running.status == Tournament.Status.FINISHED


def test_cancelling_a_competition_cancels_its_events_6_1_2(client, secretary, chief_judge):
    c = Competition.objects.create(
        name="Чемпионат округа", start_date=START, end_date=START + datetime.timedelta(days=2)
    )
    long = make_tournament(secretary, chief_judge, name="Длинные", competition=c, players=4)
    short = make_tournament(secretary, name="Короткие", discipline="short", competition=c, players=4)
    client.force_login(chief_judge)
    page = client.get(reverse("public:competition", args=[c.pk])).content.decode()
    assert reverse("judging:cancel_competition", args=[c.pk]) in page
    response = client.post(reverse("judging:cancel_competition", args=[c.pk]), {"reason": "Погодные условия"})
    assert response.status_code == 302
    for t in (long, short):
        t.refresh_from_db()
        assert t.status == Tournament.Status.CANCELLED
    assert AuditEntry.objects.filter(action="cancel").count() == 2
    assert "отменён" in client.get(reverse("public:competition", args=[c.pk])).content.decode().lower()
    assert not Match.objects.exists()
