"""The commission's decision per entry: admitted, refused (reason required) or pending; who and when is kept
and logged; only admitted people are active participants, the draw's input (004 §5.3.2)."""

from __future__ import annotations

import pytest

from draw import manager as draw_manager
from registration import manager
from registration.models import Entry, Participant
from tests.factories import add_players, make_tournament
from tests.registration.helpers import make_entry
from tournaments.models import AuditEntry


def _participant(entry):
    return Participant.objects.filter(tournament=entry.tournament, person=entry.person).first()


def test_admission_makes_an_active_participant_and_keeps_who_and_when(t, chief_judge):
    entry = make_entry(t, organisation="Клуб «Марс»", region="Краснодарский край")
    manager.decide(entry, Entry.Status.ADMITTED, "", chief_judge)
    entry.refresh_from_db()
    assert entry.decided_by == chief_judge and entry.decided_at is not None
    participant = _participant(entry)
    assert participant.status == Participant.Status.ACTIVE
    # The entry's sending organisation is this tournament's data of him; his shared record is untouched
    # (issue 25 item 3: an admission here changes no other tournament's pages).
    assert (participant.data.organisation, participant.data.region) == ("Клуб «Марс»", "Краснодарский край")
    assert (participant.organisation, participant.region) == ("Клуб «Марс»", "Краснодарский край")
    assert (participant.person.organisation, participant.person.region) == ("", "")
    actions = set(
        AuditEntry.objects.filter(tournament=t, data__entry=entry.pk).values_list("action", flat=True)
    )
    assert actions == {"entry_decision", "participant"}


def test_a_refusal_needs_a_reason(t, secretary):
    entry = make_entry(t)
    with pytest.raises(manager.AdmissionError):
        manager.decide(entry, Entry.Status.REFUSED, "  ", secretary)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.PENDING and entry.decided_at is None


def test_a_later_refusal_takes_the_participant_out_of_the_draw_and_is_logged(t, secretary):
    entry = manager.decide(make_entry(t), Entry.Status.ADMITTED, "", secretary)
    manager.decide(entry, Entry.Status.REFUSED, "Полис просрочен", secretary)
    assert _participant(entry).status == Participant.Status.WITHDRAWN
    withdrawal = AuditEntry.objects.get(tournament=t, action="withdraw")
    assert withdrawal.reason == "Полис просрочен" and withdrawal.data["entry"] == entry.pk
    assert entry.person not in [p.person for p in draw_manager.seeding_order(t)]


def test_a_refused_entry_can_be_examined_again_and_admitted(t, secretary):
    entry = make_entry(t, documents=False)
    manager.decide(entry, Entry.Status.REFUSED, "Нет полиса", secretary)
    manager.decide(entry, Entry.Status.PENDING, "", secretary)
    manager.record_documents(
        entry, secretary, has_identity_document=True, has_medical_clearance=True, has_insurance=True
    )
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    assert _participant(entry).status == Participant.Status.ACTIVE
    decisions = AuditEntry.objects.filter(tournament=t, action="entry_decision").values_list(
        "data__status", flat=True
    )
    assert sorted(decisions) == ["admitted", "pending", "refused"]


def test_readmission_reactivates_the_same_participant(t, secretary):
    entry = manager.decide(make_entry(t), Entry.Status.ADMITTED, "", secretary)
    first = _participant(entry).pk
    manager.decide(entry, Entry.Status.PENDING, "", secretary)
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    assert _participant(entry).pk == first and _participant(entry).status == Participant.Status.ACTIVE


def test_deciding_the_same_again_changes_nothing(t, secretary):
    entry = manager.decide(make_entry(t), Entry.Status.ADMITTED, "", secretary)
    before = AuditEntry.objects.count()
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    assert AuditEntry.objects.count() == before


def test_a_false_entry_is_declared_invalid_with_its_reason_004_5_1_4(t, secretary):
    entry = manager.decide(make_entry(t), Entry.Status.ADMITTED, "", secretary)
    with pytest.raises(manager.AdmissionError):
        manager.declare_invalid(entry, "", secretary)
    manager.declare_invalid(entry, "Дата рождения не совпадает с паспортом", secretary)
    entry.refresh_from_db()
    assert entry.invalid and entry.status == Entry.Status.REFUSED
    assert (
        "п. 5.1.4 Правил вида спорта «нарды»" in entry.decision_reason
        and "паспортом" in entry.decision_reason
    )
    assert _participant(entry).status == Participant.Status.WITHDRAWN
    rows = {r.key: r for r in manager.check_rows(entry)}
    assert not rows["valid"].passed and rows["valid"].clause == "п. 5.1.4 Правил вида спорта «нарды»"
    with pytest.raises(manager.AdmissionError, match="п. 5.1.4 Правил"):
        manager.decide(entry, Entry.Status.ADMITTED, "", secretary)


def test_invalidity_declared_in_error_is_lifted_and_the_entry_is_pending(t, secretary):
    entry = manager.declare_invalid(make_entry(t), "Ошибка", secretary)
    manager.declare_valid(entry, "Перепутали с однофамильцем", secretary)
    entry.refresh_from_db()
    assert not entry.invalid and entry.status == Entry.Status.PENDING
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)


def test_nobody_joins_a_round_robin_after_its_draw(secretary):
    t = make_tournament(secretary, system="round_robin")
    add_players(t, 4)
    draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    entry = make_entry(t)
    with pytest.raises(manager.AdmissionError, match="жеребьёвка"):
        manager.decide(entry, Entry.Status.ADMITTED, "", secretary)


def test_a_swiss_event_takes_a_late_admission_between_rounds(secretary):
    t = make_tournament(secretary, system="swiss")
    add_players(t, 4)
    draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    entry = manager.decide(make_entry(t), Entry.Status.ADMITTED, "", secretary)
    assert _participant(entry).status == Participant.Status.ACTIVE


def test_a_participant_removed_by_sanction_is_not_readmitted(t, secretary):
    entry = manager.decide(make_entry(t), Entry.Status.ADMITTED, "", secretary)
    Participant.objects.filter(pk=_participant(entry).pk).update(status=Participant.Status.REMOVED)
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.PENDING)
    with pytest.raises(manager.AdmissionError, match="п. 5.7.3 Правил вида спорта «нарды»"):
        manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    assert _participant(entry).status == Participant.Status.REMOVED


def test_only_admitted_people_are_drawn(t, secretary):
    admitted = [
        manager.decide(make_entry(t, surname=f"Допущен{i}"), "admitted", "", secretary) for i in range(3)
    ]
    make_entry(t, surname="Ждёт")
    manager.decide(make_entry(t, surname="Отказ"), "refused", "Нет документов", secretary)
    drawn = {p.person_id for p in draw_manager.seeding_order(t)}
    assert drawn == {e.person_id for e in admitted}
