"""004 §6.2.4: the technical judge «обязан до начала, в течение и после встречи контролировать состояние
оборудования»: he records each check and each fault put right on the match (before, during, after it);
logged, on the match page and printed on the match protocol. The chief judge may too (§6.2.1 item 4: he
controls the equipment); nobody else (issue 27, «Missing»)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw.models import Round
from judging.models import EquipmentNote
from protocols.docs import match as match_doc
from registration.models import Official
from tests.factories import make_user
from tournaments.models import AuditEntry


@pytest.fixture
def technical_judge(running):
    user = make_user("techjudge")
    Official.objects.create(tournament=running, person=user.person, role=Official.Role.TECHNICAL_JUDGE)
    return user


def _match(t):
    return Round.objects.get(tournament=t, number=1).matches.exclude(player2=None).order_by("table").first()


def _note(client, t, m, **data):
    payload = {"moment": "during", "text": "Часы остановились: заменены, 2 минуты", **data}
    return client.post(reverse("judging:equipment", args=[t.pk, m.pk]), payload)


def test_the_technical_judge_records_a_fault_put_right_during_the_match_6_2_4(
    client, running, technical_judge
):
    m = _match(running)
    client.force_login(technical_judge)
    page = client.get(reverse("judging:match", args=[running.pk, m.pk])).content.decode()
    assert reverse("judging:equipment", args=[running.pk, m.pk]) in page
    assert _note(client, running, m).status_code == 302
    note = EquipmentNote.objects.get()
    assert (note.match, note.moment, note.by) == (m, "during", technical_judge)
    assert AuditEntry.objects.get(action="equipment").data["clause"] == "004 §6.2.4"
    assert "Часы остановились" in match_doc.build(m).equipment


@pytest.mark.parametrize("who", ["anonymous", "participant_user", "plain_secretary", "stranger"])
def test_nobody_else_records_the_equipment_6_2_4(client, running, who, request):
    m = _match(running)
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = _note(client, running, m)
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "login" in response.url
    assert not EquipmentNote.objects.exists()


def test_bad_input_changes_nothing_6_2_4(client, running, technical_judge):
    m = _match(running)
    client.force_login(technical_judge)
    assert _note(client, running, m, moment="tomorrow").status_code == 400
    assert _note(client, running, m, text="   ").status_code == 400
    assert not EquipmentNote.objects.exists()
