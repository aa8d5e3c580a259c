"""A year of birth alone (a federation's file said «1965»): the age checks take the least favourable day of
that year, so a year-only entry never passes a bar it might fail, and a failure asks for the full date
(004 §2.1, §2.3.1, §2.2.2)."""

from __future__ import annotations

import datetime

from registration import admission, manager
from tests.registration.helpers import make_entry

FIRST_DAY = datetime.date(2026, 12, 5)


def _verdict(year: int, key: str = "min_age", **regulation) -> admission.Verdict:
    applicant = admission.Applicant(datetime.date(year, 1, 1), "male", birth_year_only=True)
    verdicts = admission.check_entry(applicant, admission.Regulation(FIRST_DAY, **regulation))
    return next(v for v in verdicts if v.key == key)


def test_a_year_only_minimum_age_counts_from_31_december_2_3_1():
    assert _verdict(2008).passed is False  # 18 only if born by 5 December 2008: not certain
    assert _verdict(2007).passed is True  # 18 on 31 December 2025 at the latest
    assert _verdict(2008).facts["year_only"] == 2008


def test_a_full_date_of_1_january_is_not_year_only_2_3_1():
    applicant = admission.Applicant(datetime.date(2008, 1, 1), "male")
    (verdict, *_rest) = [
        v for v in admission.check_entry(applicant, admission.Regulation(FIRST_DAY)) if v.key == "min_age"
    ]
    assert verdict.passed is True


def test_a_year_only_maximum_age_counts_from_1_january_2_2_2():
    # Born in 1975: 51 if born by 5 December, 50 after — not certain to be at most 50.
    assert _verdict(1975, "max_age", max_age=50).passed is False
    assert _verdict(1976, "max_age", max_age=50).passed is True  # at most 50 whatever the day


def test_the_commission_reads_why_a_year_only_entry_failed_2_3_1(t):
    entry = make_entry(t, birth_date=datetime.date(2008, 1, 1))
    entry.person.birth_year_only = True
    entry.person.save()
    row = next(r for r in manager.check_rows(entry) if r.key == "min_age")
    assert not row.passed
    assert "известен только год рождения (2008)" in row.detail and "полную дату рождения" in row.detail


def test_a_full_date_typed_by_the_secretary_clears_the_year_only_flag(t, secretary):
    from registration.models import Participant

    entry = make_entry(t, birth_date=datetime.date(1965, 1, 1))
    entry.person.birth_year_only = True
    entry.person.save()
    participant = Participant.objects.create(tournament=t, person=entry.person)
    manager.edit_participant(participant, {"gender": "female"}, secretary)
    entry.person.refresh_from_db()
    assert entry.person.birth_year_only  # another field corrected: the year is still all that is known
    manager.edit_participant(participant, {"birth_date": datetime.date(1965, 6, 8)}, secretary)
    entry.person.refresh_from_db()
    assert not entry.person.birth_year_only and entry.person.birth_display == "08.06.1965"
