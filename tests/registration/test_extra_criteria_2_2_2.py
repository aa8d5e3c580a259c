"""The regulation's extra criteria as data: qualification, regions, upper age (004 §2.2.2)."""

from __future__ import annotations

import datetime

import pytest

from registration import manager
from registration.models import Entry, RegistrationSettings
from tests.factories import START
from tests.registration.helpers import make_entry


def _verdicts(entry):
    return {v.key: v for v in manager.verdicts_for(entry)}


def test_no_extra_checks_when_the_regulation_sets_none(t):
    assert {"qualification", "region", "max_age"}.isdisjoint(_verdicts(make_entry(t)))


@pytest.mark.parametrize(
    ("qualification", "passed"),
    [("", False), ("none", False), ("adult2", False), ("adult1", True), ("ms", True)],
)
def test_a_minimum_qualification_004_2_2_2(t, qualification, passed):
    RegistrationSettings.objects.create(tournament=t, min_qualification="adult1")
    verdict = _verdicts(make_entry(t, qualification=qualification))["qualification"]
    assert verdict.passed is passed and verdict.clause == "§2.2.2"


def test_a_list_of_regions_004_2_2_2(t, secretary):
    RegistrationSettings.objects.create(tournament=t, regions="Москва\nРеспублика Дагестан\n\n")
    assert _verdicts(make_entry(t, region="  республика   дагестан "))["region"].passed
    outsider = make_entry(t, surname="Чужой", region="Тверская область")
    row = manager.describe(_verdicts(outsider)["region"])
    assert not row.passed and "Тверская область" in row.detail
    with pytest.raises(manager.AdmissionError, match="п. 2.2.2 Правил вида спорта «нарды»"):
        manager.decide(outsider, Entry.Status.ADMITTED, "", secretary)


def test_an_upper_age(t):
    RegistrationSettings.objects.create(tournament=t, max_age=40)
    assert _verdicts(make_entry(t, birth_date=datetime.date(START.year - 40, 1, 1)))["max_age"].passed
    assert not _verdicts(make_entry(t, surname="Старший", birth_date=datetime.date(START.year - 41, 1, 1)))[
        "max_age"
    ].passed
