"""004 §5.3.3: «В работе комиссии по допуску может принимать участие врач соревнований». The doctor, an
accredited official, ticks the medical clearance of an entry (004 §2.3.3) — and nothing else: he neither
admits nor ticks the other documents (issue 27, «Missing»)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from registration import manager
from registration.models import Official
from tests.factories import make_tournament, make_user
from tests.registration.helpers import make_entry


@pytest.fixture
def setup(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge)
    doctor = make_user("doctor")
    Official.objects.create(tournament=t, person=doctor.person, role=Official.Role.DOCTOR)
    entry = make_entry(t, documents=False)
    return t, doctor, entry


def test_the_doctor_ticks_the_medical_clearance_5_3_3_2_3_3(client, setup):
    t, doctor, entry = setup
    client.force_login(doctor)
    page = client.get(reverse("registration:entry", args=[t.pk, entry.pk])).content.decode()
    assert reverse("registration:entry_documents", args=[t.pk, entry.pk]) in page
    url = reverse("registration:entry_documents", args=[t.pk, entry.pk])
    # He sends every box ticked: only the medical clearance is his to tick.
    response = client.post(
        url, {"has_medical_clearance": "on", "has_identity_document": "on", "has_insurance": "on"}
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.has_medical_clearance and not entry.has_identity_document and not entry.has_insurance
    assert t.audit.filter(action="entry_documents", user=doctor).exists()


def test_the_doctor_does_not_admit_nor_tick_the_other_documents_5_3_1(client, setup):
    t, doctor, entry = setup
    client.force_login(doctor)
    response = client.post(
        reverse("registration:entry_decide", args=[t.pk, entry.pk]), {"status": "admitted"}
    )
    assert response.status_code == 403
    with pytest.raises(PermissionDenied):
        manager.record_documents(entry, doctor, has_identity_document=True)
    entry.refresh_from_db()
    assert entry.status == "pending" and not entry.has_identity_document


def test_the_chief_judge_registers_a_doctor_and_a_technical_judge_6_2_4_5_3_3(client, secretary, chief_judge):
    t = make_tournament(secretary, chief_judge)
    client.force_login(chief_judge)
    for role, surname in (("doctor", "Лекарев"), ("technical_judge", "Техников")):
        data = {
            "role": role,
            "surname": surname,
            "name": "Иван",
            "birth_date": "1970-02-02",
            "gender": "male",
        }
        response = client.post(reverse("registration:officials", args=[t.pk]), data)
        assert response.status_code == 302, response.content.decode()[:2000]
    assert set(t.officials.values_list("role", flat=True)) >= {"doctor", "technical_judge"}
