"""No 500 on bad input (issue 13, low): sanction counts of 10^30, a second click on "add participant"."""

from __future__ import annotations

from unittest import mock

import pytest
from django.urls import reverse

from judging.models import Sanction
from registration.models import Participant
from tests.factories import make_tournament

pytestmark = [pytest.mark.security, pytest.mark.django_db]


@pytest.mark.parametrize("field", ["matches_count", "tournaments_count"])
def test_a_sanction_for_10_to_the_30_matches_is_a_message_not_a_500(client, secretary, chief_judge, field):
    t = make_tournament(secretary, chief_judge, players=2)
    client.force_login(chief_judge)
    response = client.post(
        reverse("judging:sanction_new", args=[t.pk]),
        {
            "participant": t.participants.first().pk,
            "kind": "disqualification",
            "violation": "conduct",
            "clause": "004 §2.3.2",
            "facts": "так",
            field: str(10**30),
        },
    )
    assert response.status_code == 400 and "1000" in response.content.decode()
    assert not Sanction.objects.exists()


def test_a_second_click_on_add_participant_answers_as_the_first(client, secretary):
    t = make_tournament(secretary)
    client.force_login(secretary)
    url = reverse("registration:participant_add", args=[t.pk])
    form = {"surname": "Двойной", "name": "Клик", "birth_date": "1990-01-01", "gender": "male"}
    first = client.post(url, form)
    # The second request passed its checks before the first committed: the database is the referee.
    with mock.patch(
        "registration.forms.ParticipantForm.clean", lambda self: {**self.cleaned_data, "person": None}
    ):
        second = client.post(url, form)
    assert first.status_code == second.status_code == 302 and first.url == second.url
    assert Participant.objects.filter(tournament=t).count() == 1
