"""Gender groups (004 §2.1): women may enter the men's event unless the regulation forbids it."""

from __future__ import annotations

import pytest

from registration import manager
from registration.models import Entry, RegistrationSettings
from tests.factories import make_tournament
from tests.registration.helpers import make_entry


def _gender(entry):
    return next(v for v in manager.verdicts_for(entry) if v.key == "gender")


def test_a_woman_may_enter_the_mens_event_by_default_004_2_1(t, secretary):
    entry = make_entry(t, gender="female")
    assert _gender(entry).passed
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)


def test_a_regulation_may_keep_women_out_of_the_mens_event_004_2_1(t, secretary):
    RegistrationSettings.objects.create(tournament=t, women_in_mens_event=False)
    entry = make_entry(t, gender="female")
    assert not _gender(entry).passed
    assert "does not admit women" in manager.describe(_gender(entry)).detail or manager.describe(
        _gender(entry)
    )
    with pytest.raises(manager.AdmissionError):
        manager.decide(entry, Entry.Status.ADMITTED, "", secretary)


def test_a_man_cannot_enter_the_womens_event(secretary):
    women = make_tournament(secretary, gender_group="women")
    assert not _gender(make_entry(women, gender="male")).passed
    assert _gender(make_entry(women, surname="Петрова", gender="female")).passed


@pytest.mark.parametrize("gender", ["male", "female"])
def test_the_default_setting_is_the_rules_own(gender, t):
    assert RegistrationSettings.of(t).women_in_mens_event is True
    assert RegistrationSettings.of(t).pk is None  # reading never writes
