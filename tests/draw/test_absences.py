"""Issue 29 §3: absent in round N and a requested bye, as data, set before the draw by the secretary."""

from __future__ import annotations

import pytest

from draw import manager
from draw.absences import AbsenceError, set_absence
from draw.models import Absence, Match
from standings import ranking
from tests.factories import make_tournament, make_user
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def _setup(players=5):
    user = make_user("sec")
    t = make_tournament(user, players=players, rounds=3)
    return user, t, list(t.participants.order_by("seed"))


def _paired(t, number):
    out = set()
    for m in Match.objects.filter(round__tournament=t, round__number=number):
        out |= {m.player1_id, m.player2_id}
    return out - {None}


def _play(t, number, user):
    for m in Match.objects.filter(round__tournament=t, round__number=number, result_kind=""):
        Match.objects.filter(pk=m.pk).update(result_kind="played", winner_id=m.player1_id, score1=5, score2=1)


def test_an_absent_participant_is_not_paired_and_plays_again_next_round_without_readmission():
    user, t, ps = _setup()
    set_absence(t, ps[0], 1, "absent", 0, user, "ill")
    manager.draw_round(t, user)
    assert ps[0].pk not in _paired(t, 1)
    manager.publish_round(t, 1, user)
    _play(t, 1, user)
    manager.draw_round(t, user)
    assert ps[0].pk in _paired(t, 2)
    ps[0].refresh_from_db()
    assert ps[0].status == "active"
    assert AuditEntry.objects.filter(tournament=t, action="absence").count() == 1


def test_a_requested_bye_counts_its_value_in_the_standings():
    user, t, ps = _setup(players=4)
    set_absence(t, ps[3], 1, "requested_bye", "0.5", user)
    manager.draw_round(t, user)
    manager.publish_round(t, 1, user)
    rows = {s.participant.pk: s.row for s in ranking.compute(t).rows}
    assert rows[ps[3].pk].points == 0.5 and rows[ps[3].pk].absences == 1


def test_an_absence_for_a_round_already_drawn_is_refused_and_changes_nothing():
    user, t, ps = _setup()
    manager.draw_round(t, user)
    with pytest.raises(AbsenceError, match="Тур 1"):  # «Тур 1 уже разыгран…» (Russian by default)
        set_absence(t, ps[0], 1, "absent", 0, user)
    assert not Absence.objects.exists()


def test_a_requested_bye_is_worth_0_half_or_1():
    user, t, ps = _setup()
    with pytest.raises(AbsenceError):
        set_absence(t, ps[0], 1, "requested_bye", "0.7", user)


def test_the_page_is_the_secretarys_others_get_403(client):
    user, t, ps = _setup()
    stranger = make_user("stranger")
    client.force_login(stranger)
    url = f"/t/{t.pk}/absences/"
    data = {"participant": ps[1].pk, "round_number": 1, "kind": "requested_bye", "points": "0.5"}
    assert client.get(url).status_code == 403
    assert client.post(url, data).status_code == 403
    assert not Absence.objects.exists()
    client.force_login(user)
    assert client.get(url).status_code == 200
    assert client.post(url, data).status_code == 302
    absence = Absence.objects.get()
    client.force_login(stranger)
    assert client.post(f"/t/{t.pk}/absences/{absence.pk}/remove/").status_code == 403
    client.force_login(user)
    client.post(f"/t/{t.pk}/absences/{absence.pk}/remove/")
    assert not Absence.objects.exists()


def test_the_rounds_page_and_its_pairing_protocol_list_who_sits_out_and_how_issue_29_3(client):
    from django.urls import reverse

    from protocols.docs import pairings
    from tests.protocols.conftest import pdf_text

    user, t, ps = _setup()
    set_absence(t, ps[0], 1, "absent", 0, user, "ill")
    set_absence(t, ps[1], 1, "requested_bye", "0.5", user)
    manager.draw_round(t, user)
    manager.publish_round(t, 1, user)
    page = client.get(reverse("public:round", args=[t.pk, 1])).content.decode()
    absent, bye = ps[0].person.full_name, ps[1].person.full_name
    assert "Не играют в этом туре:" in page
    assert f"{absent} — отсутствует" in page and f"{bye} — пропуск тура по заявлению, ½ оч." in page
    text = " ".join(pdf_text(pairings.render(pairings.build(t.round_set.get(number=1)))))
    assert "Не играют в этом туре:" in text and absent in text and "½ оч." in text
    # Round 2 has nobody out: nothing printed.
    _play(t, 1, user)
    manager.draw_round(t, user)
    manager.publish_round(t, 2, user)
    assert "Не играют" not in client.get(reverse("public:round", args=[t.pk, 2])).content.decode()
