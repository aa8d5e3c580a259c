"""Issue 32 §3: the federation's staff enter the ЕВСК norms on a table page with the source document; others
are refused; bad rows say why in Russian and change nothing."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from federation.models import EvskNorm, NormDocument

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def russian():
    with translation.override("ru"):
        yield


@pytest.fixture
def staff(db):
    return User.objects.create_user("federation", password="pw", is_staff=True)


def _rows(doc: NormDocument, rows: list[dict], prefix: str = "norms") -> dict:
    data = {
        "doc-title": doc.title,
        "doc-dated": doc.dated.isoformat(),
        "doc-valid_from": doc.valid_from.isoformat(),
        f"{prefix}-TOTAL_FORMS": str(len(rows)),
        f"{prefix}-INITIAL_FORMS": "0",
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }
    for i, row in enumerate(rows):
        base = {
            "status": "national",
            "discipline": "long",
            "gender_group": "men",
            "age_from": "18",
            "field_kind": "participants",
            "applies_to": "event",
        }
        data.update({f"{prefix}-{i}-{k}": v for k, v in {**base, **row}.items()})
    return data


def test_issue32_3_the_staff_enter_a_document_then_its_rows(client, staff):
    client.force_login(staff)
    assert client.get(reverse("reporting:norms")).status_code == 200
    response = client.post(
        reverse("reporting:norms"),
        {"title": "Приказ Минспорта № 123", "dated": "2025-12-01", "valid_from": "2026-01-01"},
    )
    doc = NormDocument.objects.get()
    assert response.url == reverse("reporting:norm_document", args=[doc.pk])
    rows = [
        {"qualification": "cms", "place_to": "1", "min_field": "3", "field_kind": "regions"},
        {"qualification": "adult1", "place_to": "3", "confirmation": "on"},
    ]
    response = client.post(reverse("reporting:norm_document", args=[doc.pk]), _rows(doc, rows))
    assert response.status_code == 302
    assert list(
        EvskNorm.objects.values_list("qualification", "place_to", "min_field", "field_kind", "confirmation")
    ) == [
        ("cms", 1, 3, "regions", False),
        ("adult1", 3, None, "participants", True),
    ]
    page = client.get(reverse("reporting:norms")).content.decode()
    assert "Приказ Минспорта № 123" in page and "01.01.2026" in page


def test_issue32_3_a_bad_row_says_why_and_saves_nothing(client, staff):
    doc = NormDocument.objects.create(
        title="Приказ", dated=datetime.date(2026, 1, 1), valid_from=datetime.date(2026, 1, 1)
    )
    client.force_login(staff)
    rows = [
        {"qualification": "cms", "place_to": "1"},
        {"qualification": "youth1", "place_to": "0", "age_from": "14", "age_to": "12"},
    ]
    response = client.post(reverse("reporting:norm_document", args=[doc.pk]), _rows(doc, rows))
    page = response.content.decode()
    assert response.status_code == 400
    assert "Верхний возраст меньше нижнего." in page
    assert not EvskNorm.objects.exists()


@pytest.mark.parametrize("who", ["chief_judge", "secretary", "stranger", "anonymous"])
def test_issue32_3_only_the_staff_reach_the_norms(client, who, request):
    doc = NormDocument.objects.create(
        title="Приказ", dated=datetime.date(2026, 1, 1), valid_from=datetime.date(2026, 1, 1)
    )
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    assert client.get(reverse("reporting:norms")).status_code == 403
    assert client.post(reverse("reporting:norms"), {"title": "x"}).status_code == 403
    assert client.get(reverse("reporting:norm_document", args=[doc.pk])).status_code == 403
    assert client.post(reverse("reporting:norm_document", args=[doc.pk]), {}).status_code == 403
    assert NormDocument.objects.count() == 1
