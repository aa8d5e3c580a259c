"""004 §6.2.4: the technical judge answers for the equipment and the technical means and puts right their
faults, hardware and software: he attaches and replaces a match's game record (the record of the electronic
means) and asks for it to be checked again; a plain judge does not (issue 27, «Missing»)."""

from __future__ import annotations

from django.urls import reverse

from records.models import Record
from registration.models import Official
from tests.factories import make_user
from tests.records.conftest import legal_text


def _official(t, role):
    user = make_user("r27" + role.replace("_", ""))
    Official.objects.create(tournament=t, person=user.person, role=role)
    return user


def test_the_technical_judge_attaches_a_record_6_2_4(client, match):
    user = _official(match.round.tournament, Official.Role.TECHNICAL_JUDGE)
    client.force_login(user)
    page = client.get(reverse("records:attach", args=[match.round.tournament_id, match.pk]))
    assert page.status_code == 200
    response = client.post(
        reverse("records:attach", args=[match.round.tournament_id, match.pk]), {"text": legal_text()}
    )
    assert response.status_code == 302
    assert Record.objects.get(match=match).uploaded_by == user


def test_a_plain_judge_or_the_doctor_does_not_6_2_4(client, match):
    for role in (Official.Role.JUDGE, Official.Role.DOCTOR):
        client.force_login(_official(match.round.tournament, role))
        url = reverse("records:attach", args=[match.round.tournament_id, match.pk])
        assert client.post(url, {"text": legal_text()}).status_code == 403
    assert not Record.objects.exists()
