"""Officials of a tournament cannot be its participants (004 §2.3.5)."""

from __future__ import annotations

import pytest

from registration import manager
from registration.models import Entry, Official, Participant
from tests.factories import make_tournament
from tests.registration.helpers import make_entry


def test_an_official_of_the_tournament_entering_it_is_refused_004_2_3_5(t, secretary):
    entry = make_entry(t)
    Official.objects.create(tournament=t, person=entry.person, role=Official.Role.JUDGE)
    rows = {row.key: row for row in manager.check_rows(entry)}
    assert not rows["official"].passed and rows["official"].clause == "п. 2.3.5 Правил вида спорта «нарды»"
    with pytest.raises(manager.AdmissionError, match="п. 2.3.5 Правил вида спорта «нарды»"):
        manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    assert not Participant.objects.filter(tournament=t).exists()


def test_the_same_person_entering_another_tournament_is_fine(t, secretary):
    entry = make_entry(t)
    Official.objects.create(tournament=t, person=entry.person, role=Official.Role.JUDGE)
    other = make_tournament(secretary, name="Другой кубок")
    elsewhere = make_entry(other, person=entry.person)
    manager.decide(elsewhere, Entry.Status.ADMITTED, "", secretary)
    assert Participant.objects.get(tournament=other, person=entry.person).status == Participant.Status.ACTIVE


def test_the_secretary_of_the_tournament_cannot_enter_it(t, secretary):
    entry = make_entry(t, person=secretary.person, region="Москва")
    with pytest.raises(manager.AdmissionError):
        manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
