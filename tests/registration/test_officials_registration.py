"""Officials are registered and accredited by the commission (004 §5.3.2 items 1–3)."""

from __future__ import annotations

from django.urls import reverse

from registration import manager
from registration.models import Entry, Official
from registration.permissions import can_run
from tests.factories import make_user
from tests.registration.helpers import make_entry


def _official(**overrides):
    data = {
        "role": "judge",
        "username": "",
        "surname": "Судьин",
        "name": "Сергей",
        "patronymic": "",
        "birth_date": "1970-01-01",
        "gender": "male",
        "organisation": "",
        "region": "",
    }
    data.update(overrides)
    return data


def test_an_official_is_registered_unaccredited_then_accredited(client, t, chief_judge):
    client.force_login(chief_judge)
    response = client.post(reverse("registration:officials", args=[t.pk]), _official())
    assert response.status_code == 302
    official = Official.objects.get(tournament=t, role="judge")
    assert not official.accredited
    client.post(reverse("registration:official_accredit", args=[t.pk, official.pk]), {"accredited": "1"})
    official.refresh_from_db()
    assert official.accredited
    assert t.audit.filter(action="accreditation").exists()


def test_a_login_names_the_account_and_powers_follow_accreditation(client, t, chief_judge):
    account = make_user("newsec")
    client.force_login(chief_judge)
    client.post(
        reverse("registration:officials", args=[t.pk]),
        _official(role="secretary", username="newsec", surname="Newsec", name="Test"),
    )
    official = Official.objects.get(tournament=t, role="secretary")
    # The role goes to the account's own person; his (unknown) date of birth is not written by somebody else.
    assert official.person == account.person and official.person.birth_date is None
    assert not can_run(account, t)
    manager.accredit(official, True, chief_judge)
    assert can_run(account, t)


def test_nobody_accredits_himself(t, chief_judge):
    own = Official.objects.get(tournament=t, person=chief_judge.person)
    try:
        manager.accredit(own, False, chief_judge)
    except manager.AdmissionError:
        pass
    own.refresh_from_db()
    assert own.accredited


def test_an_admitted_participant_cannot_become_an_official_004_2_3_5(client, t, secretary):
    entry = manager.decide(make_entry(t), Entry.Status.ADMITTED, "", secretary)
    client.force_login(secretary)
    person = entry.person
    response = client.post(
        reverse("registration:officials", args=[t.pk]),
        _official(
            surname=person.surname,
            name=person.name,
            patronymic=person.patronymic,
            birth_date=person.birth_date.isoformat(),
        ),
    )
    assert response.status_code == 400 and "п. 2.3.5 Правил вида спорта «нарды»" in response.content.decode()
    assert not Official.objects.filter(tournament=t, person=person).exists()


def test_a_mistaken_registration_is_removed_only_once_unaccredited(client, t, secretary):
    client.force_login(secretary)
    client.post(reverse("registration:officials", args=[t.pk]), _official())
    official = Official.objects.get(tournament=t, role="judge")
    manager.accredit(official, True, secretary)
    client.post(reverse("registration:official_remove", args=[t.pk, official.pk]))
    assert Official.objects.filter(pk=official.pk).exists()
    manager.accredit(official, False, secretary)
    client.post(reverse("registration:official_remove", args=[t.pk, official.pk]))
    assert not Official.objects.filter(pk=official.pk).exists()


def test_a_finished_tournaments_officials_are_those_it_signed_6_2_1(client, t, chief_judge):
    """Issue 27 item 10 (004 §6.2.1 item 6): the signed final protocol lists the officials; once finished
    nobody registers, accredits or removes one — the page offers nothing, the server refuses every path."""
    import pytest

    client.force_login(chief_judge)
    client.post(reverse("registration:officials", args=[t.pk]), _official())
    pending = Official.objects.get(tournament=t, role="judge")
    t.status = "finished"
    t.save(update_fields=["status"])
    page = client.get(reverse("registration:officials", args=[t.pk])).content.decode()
    assert 'name="surname"' not in page
    assert reverse("registration:official_accredit", args=[t.pk, pending.pk]) not in page
    before = list(Official.objects.order_by("pk").values_list("pk", "accredited"))
    client.post(reverse("registration:officials", args=[t.pk]), _official(surname="Новиков"))
    client.post(reverse("registration:official_accredit", args=[t.pk, pending.pk]), {"accredited": "1"})
    client.post(reverse("registration:official_remove", args=[t.pk, pending.pk]))
    assert list(Official.objects.order_by("pk").values_list("pk", "accredited")) == before
    with pytest.raises(manager.AdmissionError):
        manager.accredit(pending, True, chief_judge)
    with pytest.raises(manager.AdmissionError):
        manager.register_official(t, {**_official(surname="Новиков"), "person": None}, chief_judge)
