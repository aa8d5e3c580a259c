"""A disqualification in force on the first day bars admission (004 §2.3.2, §5.7.4)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from judging.models import Sanction
from registration import manager
from registration.models import Entry, Participant
from tests.factories import START
from tests.registration.helpers import make_entry

DAY = datetime.timedelta(days=1)


def _disqualify(person, starts_on, ends_on=None, **extra) -> Sanction:
    return Sanction.objects.create(
        person=person, kind=Sanction.Kind.DISQUALIFICATION, starts_on=starts_on, ends_on=ends_on, **extra
    )


def test_a_disqualification_ending_the_day_before_the_start_is_admitted_004_2_3_2(t, secretary):
    entry = make_entry(t)
    _disqualify(entry.person, START - 90 * DAY, START - DAY)
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    assert Participant.objects.get(tournament=t, person=entry.person).status == Participant.Status.ACTIVE


@pytest.mark.parametrize(
    "ends_on",
    [START, START + DAY, START + 365 * DAY, None],
    ids=["first-day", "next-day", "a-year", "until-lifted"],
)
def test_a_disqualification_ending_on_or_after_the_first_day_is_refused_004_2_3_2(t, secretary, ends_on):
    entry = make_entry(t)
    _disqualify(entry.person, START - 30 * DAY, ends_on, clause="004 §5.7.4")
    rows = {row.key: row for row in manager.check_rows(entry)}
    assert not rows["disqualification"].passed
    assert rows["disqualification"].clause == "п. 2.3.2 Правил вида спорта «нарды»"
    assert "004 §5.7.4" in rows["disqualification"].detail
    with pytest.raises(manager.AdmissionError, match="п. 2.3.2 Правил вида спорта «нарды»"):
        manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    assert not Participant.objects.filter(tournament=t).exists()


def test_a_lifted_disqualification_or_one_starting_later_does_not_bar(t, secretary):
    entry = make_entry(t)
    _disqualify(entry.person, START - 30 * DAY, None, lifted_at=timezone.now())
    _disqualify(entry.person, START + DAY, START + 30 * DAY)
    assert all(v.passed for v in manager.verdicts_for(entry) if v.key == "disqualification")
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)


def test_a_warning_is_no_bar(t, secretary):
    entry = make_entry(t)
    Sanction.objects.create(person=entry.person, kind=Sanction.Kind.WARNING, starts_on=START - DAY)
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)


def test_the_sanction_follows_the_person_into_another_tournaments_entry(t, secretary):
    """One person record across tournaments: a new entry with the same identity finds the sanction."""
    first = make_entry(t)
    _disqualify(first.person, START - DAY, None)
    from tests.factories import make_tournament

    other = make_tournament(secretary, name="Весенний кубок")
    second = make_entry(other, birth_date=first.person.birth_date)
    assert second.person == first.person
    assert not next(v for v in manager.verdicts_for(second) if v.key == "disqualification").passed


def test_a_disqualified_person_is_no_official_either_004_1_6_2(t, secretary, chief_judge):
    """Issue 27 item 12 (004 §1.6.2 "ни в каком качестве"): the registration and the accreditation of an
    official refuse a person disqualified on the tournament's first day, as the entry does."""
    from registration.models import Official, Person

    person = Person.objects.create(surname="Запретов", name="Иван", birth_date=datetime.date(1980, 1, 1))
    official = manager.register_official(t, {"role": Official.Role.JUDGE, "person": person}, chief_judge)
    _disqualify(person, START - 30 * DAY, None, clause="004 §5.7.4")
    with pytest.raises(manager.AdmissionError, match="1.6.2"):
        manager.accredit(official, True, chief_judge)
    with pytest.raises(manager.AdmissionError, match="1.6.2"):
        manager.register_official(t, {"role": Official.Role.SECRETARY, "person": person}, chief_judge)
    assert not Official.objects.filter(person=person, accredited=True).exists()
