"""The roster the standings and the round pages keep between versions (issue 17: a result changes the
version, not the roster, and building 1,000 participants as models was a third of a changed fragment's CPU).
Kept only while every column reads the same: whatever changes a name, a status or a team — a form, a
queryset update that sends no signal, another process — shows at once."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from registration.models import Participant, Person, Team
from standings import ranking
from tests.public.helpers import build_hand_swiss
from tournaments.models import Tournament, bump_version

pytestmark = pytest.mark.django_db


def _names(t: Tournament) -> dict[int, str]:
    return {s.participant.pk: s.participant.person.surname for s in ranking.compute(t).rows}


def test_the_kept_roster_is_reused_while_nothing_in_it_changes():
    t, p = build_hand_swiss()
    first = ranking.participants_by_key(t)
    bump_version(t.pk)  # a result: a new version, the same roster
    assert ranking.participants_by_key(t) is first
    with CaptureQueriesContext(connection) as queries:
        ranking.participants_by_key(t)
    assert len(queries) == 1  # the values compared, no models built


def test_a_name_changed_without_a_signal_shows_in_the_standings_and_on_the_round_page(client):
    t, p = build_hand_swiss()
    assert _names(t)[p["a"].pk] == "Алиев"
    Person.objects.filter(pk=p["a"].person_id).update(surname="Алиева")  # no save(), no signal
    assert _names(t)[p["a"].pk] == "Алиева"
    html = client.get(reverse("public:round", args=[t.pk, 1])).content.decode()
    assert "Алиева" in html


def test_a_status_or_team_change_builds_the_roster_afresh():
    t, p = build_hand_swiss()
    first = ranking.participants_by_key(t)
    Participant.objects.filter(pk=p["b"].pk).update(status=Participant.Status.WITHDRAWN)
    second = ranking.participants_by_key(t)
    assert second is not first and second[str(p["b"].pk)].status == Participant.Status.WITHDRAWN
    Team.objects.filter(pk=p["c"].team_id).update(name="Северо-Запад")
    assert ranking.participants_by_key(t)[str(p["c"].pk)].team.name == "Северо-Запад"


def test_what_a_request_cached_on_a_kept_participant_is_forgotten_before_the_next():
    t, p = build_hand_swiss()
    kept = ranking.participants_by_key(t)[str(p["a"].pk)]
    assert kept.tournament.status == Tournament.Status.RUNNING  # cached on the model by this access
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    again = ranking.participants_by_key(t)[str(p["a"].pk)]
    assert again is kept
    assert again.tournament.status == Tournament.Status.FINISHED  # read afresh, not the earlier request's
