"""Accrediting an official whose judging category has lapsed needs a reason, logged (issue 31 §1)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from federation.models import JudgeCategory
from registration.models import Official
from tests.factories import make_tournament
from tournaments.models import AuditEntry

from .builders import people


@pytest.fixture
def t(secretary, chief_judge):
    return make_tournament(secretary, chief_judge)


@pytest.fixture
def lapsed_judge(t):
    person = people(1, start=700)[0]
    JudgeCategory.objects.create(
        person=person, category="second", assigned_on=datetime.date(2018, 1, 1), order="Приказ № 9",
        lapses_on=t.start_date - datetime.timedelta(days=1),
    )  # fmt: skip
    return Official.objects.create(tournament=t, person=person, role=Official.Role.JUDGE, accredited=False)


def _accredit(client, t, official, **extra):
    return client.post(
        reverse("registration:official_accredit", args=[t.pk, official.pk]), {"accredited": "1", **extra}
    )


def test_issue31_a_lapsed_category_is_not_accredited_without_a_reason(client, t, chief_judge, lapsed_judge):
    client.force_login(chief_judge)
    response = _accredit(client, t, lapsed_judge)
    assert response.status_code == 302
    lapsed_judge.refresh_from_db()
    assert not lapsed_judge.accredited
    page = client.get(reverse("registration:officials", args=[t.pk])).content.decode()
    lapsed = (t.start_date - datetime.timedelta(days=1)).strftime("%d.%m.%Y")
    assert f"истекла {lapsed}" in page and "Укажите причину" in page


def test_issue31_with_a_reason_he_is_accredited_and_the_reason_logged(client, t, chief_judge, lapsed_judge):
    client.force_login(chief_judge)
    _accredit(client, t, lapsed_judge, reason="переаттестация назначена, решение ГСК")
    lapsed_judge.refresh_from_db()
    assert lapsed_judge.accredited
    entry = AuditEntry.objects.filter(tournament=t, action="accreditation").latest("at")
    assert entry.reason == "переаттестация назначена, решение ГСК"
    assert entry.data["lapsed_category"]


def test_issue31_a_category_in_force_or_unknown_needs_no_reason(client, t, chief_judge, lapsed_judge):
    JudgeCategory.objects.create(
        person=lapsed_judge.person, category="first", assigned_on=datetime.date(2025, 1, 1),
        order="Приказ № 10", lapses_on=datetime.date(2099, 1, 1),
    )  # fmt: skip
    client.force_login(chief_judge)
    _accredit(client, t, lapsed_judge)
    lapsed_judge.refresh_from_db()
    assert lapsed_judge.accredited
    nobody = Official.objects.create(
        tournament=t, person=people(1, start=800)[0], role=Official.Role.JUDGE, accredited=False
    )
    _accredit(client, t, nobody)
    nobody.refresh_from_db()
    assert nobody.accredited
