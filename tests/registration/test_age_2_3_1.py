"""Minimum age on the first day (004 §2.1, §2.3.1), 29 February birthdays included.

A person born on 29 February turns N on 1 March in a non-leap year (see registration/admission.py for why).
"""

from __future__ import annotations

import datetime

import pytest

from registration import admission, manager
from registration.models import Entry, Participant
from tests.factories import START, make_tournament
from tests.registration.helpers import make_entry


def _age_verdict(entry: Entry) -> admission.Verdict:
    return next(v for v in manager.verdicts_for(entry) if v.key == "min_age")


def test_18th_birthday_on_the_first_day_is_admitted_004_2_1(t, secretary):
    entry = make_entry(t, birth_date=datetime.date(START.year - 18, START.month, START.day))
    assert _age_verdict(entry).passed
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ADMITTED
    assert Participant.objects.get(tournament=t, person=entry.person).status == Participant.Status.ACTIVE


def test_18th_birthday_the_day_after_the_first_day_is_refused_004_2_3_1(t, secretary):
    turns_18 = START + datetime.timedelta(days=1)
    entry = make_entry(t, birth_date=turns_18.replace(year=turns_18.year - 18))
    verdict = _age_verdict(entry)
    assert not verdict.passed
    assert verdict.facts["age"] == 17 and verdict.facts["turns_on"] == turns_18
    with pytest.raises(manager.AdmissionError, match="пп. 2.1, 2.3.1 Правил вида спорта «нарды»"):
        manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.PENDING
    assert not Participant.objects.filter(tournament=t).exists()
    row = manager.describe(verdict)
    assert (
        row.clause == "пп. 2.1, 2.3.1 Правил вида спорта «нарды»"
        and "17" in row.detail
        and "06.12.2026" in row.detail
    )


@pytest.mark.parametrize(
    ("first_day", "admitted"),
    [
        (datetime.date(2026, 2, 28), False),  # not yet 18: the birthday of a non-leap year is 1 March
        (datetime.date(2026, 3, 1), True),
        (datetime.date(2028, 2, 28), False),  # a leap year (minimum age 20): the birthday is the 29th itself
        (datetime.date(2028, 2, 29), True),
    ],
)
def test_29_february_birthdays_turn_a_year_older_on_1_march_in_other_years(secretary, first_day, admitted):
    born = datetime.date(2008, 2, 29)
    min_age = first_day.year - born.year  # 18 in 2026, 20 in 2028
    tournament = make_tournament(secretary, start_date=first_day, end_date=first_day, min_age=min_age)
    entry = make_entry(tournament, birth_date=born)
    assert _age_verdict(entry).passed is admitted
    if admitted:
        manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    else:
        with pytest.raises(manager.AdmissionError):
            manager.decide(entry, Entry.Status.ADMITTED, "", secretary)


@pytest.mark.parametrize(
    ("born", "day", "age"),
    [
        (datetime.date(2008, 2, 29), datetime.date(2026, 2, 28), 17),
        (datetime.date(2008, 2, 29), datetime.date(2026, 3, 1), 18),
        (datetime.date(2008, 2, 29), datetime.date(2028, 2, 29), 20),
        (datetime.date(2008, 12, 5), datetime.date(2026, 12, 4), 17),
        (datetime.date(2008, 12, 5), datetime.date(2026, 12, 5), 18),
        (datetime.date(2008, 12, 31), datetime.date(2027, 1, 1), 18),
    ],
)
def test_age_on_counts_the_birthday_itself(born, day, age):
    assert admission.age_on(born, day) == age


def test_the_day_a_29_february_child_turns_18_is_1_march():
    assert admission.birthday(datetime.date(2008, 2, 29), 18) == datetime.date(2026, 3, 1)
    assert admission.birthday(datetime.date(2008, 2, 29), 20) == datetime.date(2028, 2, 29)


def test_a_higher_minimum_age_of_the_regulation_applies(secretary):
    tournament = make_tournament(secretary, min_age=21)
    entry = make_entry(tournament, birth_date=datetime.date(START.year - 20, 1, 1))
    verdict = _age_verdict(entry)
    assert not verdict.passed and verdict.facts["min_age"] == 21


def test_a_missing_date_of_birth_fails_the_age_check(t):
    entry = make_entry(t)
    entry.person.birth_date = None
    entry.person.save()
    assert not _age_verdict(entry).passed
