"""Documents the commission ticks: identity document, medical clearance (004 §2.3.3), insurance (§2.5.1)."""

from __future__ import annotations

import pytest

from registration import manager
from registration.models import Entry, Participant
from tests.registration.helpers import make_entry

DOCUMENTS = ["has_identity_document", "has_medical_clearance", "has_insurance"]


@pytest.mark.parametrize("missing", DOCUMENTS)
def test_an_entry_lacking_a_document_cannot_be_admitted(t, secretary, missing):
    entry = make_entry(t, **{missing: False})
    with pytest.raises(manager.AdmissionError):
        manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    assert not Participant.objects.filter(tournament=t).exists()


def test_ticking_the_documents_makes_the_entry_admissible(t, secretary):
    entry = make_entry(t, documents=False)
    manager.record_documents(
        entry, secretary, has_identity_document=True, has_medical_clearance=True, has_insurance=True
    )
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ADMITTED
    assert t.audit.filter(action="entry_documents", data__entry=entry.pk).exists()


def test_the_documents_of_an_admitted_entry_are_not_changed_behind_its_decision(t, secretary):
    entry = manager.decide(make_entry(t), Entry.Status.ADMITTED, "", secretary)
    with pytest.raises(manager.AdmissionError):
        manager.record_documents(
            entry, secretary, has_identity_document=False, has_medical_clearance=True, has_insurance=True
        )
    entry.refresh_from_db()
    assert entry.has_identity_document
