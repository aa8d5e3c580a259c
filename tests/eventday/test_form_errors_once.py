"""Form errors are shown once (issue 14): the result, protest, decision, add-participant and protocol forms
printed a non-field error twice (``non_field_errors`` and again in ``as_p``)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Round
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


def test_the_result_forms_error_is_shown_once(client, secretary):
    t = make_tournament(secretary, players=4)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    m = rnd.matches.first()
    client.force_login(secretary)
    data = {"kind": "played", "score1": 7, "score2": 7, "version": 0}
    html = client.post(reverse("draw:match_result", args=[t.pk, m.pk]), data).content.decode()
    assert html.count("может набрать только один игрок") == 1


def test_the_add_participant_forms_error_is_shown_once(client, secretary):
    t = make_tournament(secretary)
    client.force_login(secretary)
    data = {"surname": "Юнов", "name": "Ян", "birth_date": "2015-01-01", "gender": "male", "region": "Москва"}
    html = client.post(reverse("registration:participant_add", args=[t.pk]), data).content.decode()
    assert html.count("Не может быть участником") == 1


def test_the_protocol_forms_error_is_shown_once(client, secretary, participant_user):
    from registration.models import Participant

    t = make_tournament(secretary, players=3)
    Participant.objects.create(tournament=t, person=participant_user.person, seed=9)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    m = rnd.matches.filter(player2__isnull=False).get(
        pk__in=[
            x.pk
            for x in rnd.matches.all()
            if participant_user.person.pk in (x.player1.person_id, getattr(x.player2, "person_id", None))
        ]
    )
    client.force_login(participant_user)
    me_first = m.player1.person_id == participant_user.person.pk
    data = {"score1": 2 if me_first else 7, "score2": 7 if me_first else 2}
    html = client.post(reverse("judging:protocol_submit", args=[t.pk, m.pk]), data).content.decode()
    assert html.count("выигравший матч") == 1
