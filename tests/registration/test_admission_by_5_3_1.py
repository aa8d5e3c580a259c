"""Who decides on entries (issue 27, "Plain secretaries admit entries"): 004 §5.3.1, §5.3.3 give admission
to the commission — formed by the chief judge from the judging panel and the organiser's representatives. A
plain secretary keeps the entries (sees them, types one from paper, corrects data) but decides nothing, unless
the regulation's ``admission_by`` says "officials". One rule, ``permissions.may_admit``, checked by the
manager functions themselves and by the pages."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from registration import manager, permissions
from registration.models import Entry, Official, Participant
from tests.factories import make_user
from tests.registration.helpers import make_entry
from tests.tournaments.test_regulation import _form_data
from tournaments.forms import TournamentForm
from tournaments.models import AuditEntry


@pytest.fixture
def plain_secretary(t):
    user = make_user("plain")
    Official.objects.create(tournament=t, person=user.person, role=Official.Role.SECRETARY)
    return user


def _state(t):
    return (
        list(Entry.objects.filter(tournament=t).values_list("pk", "status", "invalid", "has_insurance")),
        list(Participant.objects.filter(tournament=t).values_list("pk", "status", "documents_checked")),
        AuditEntry.objects.filter(tournament=t).count(),
    )


def test_the_default_is_the_commission_5_3_1(t, plain_secretary, commission_member, chief_judge, secretary):
    assert t.admission_by == "commission"
    assert not permissions.may_admit(plain_secretary, t)
    assert all(permissions.may_admit(u, t) for u in (commission_member, chief_judge, secretary))
    # The desk stays his: he sees and keeps the entries.
    assert permissions.can_decide(plain_secretary, t)


def test_a_plain_secretary_cannot_decide_in_any_manager_path_5_3_1(t, plain_secretary):
    entry = make_entry(t, documents=True)
    participant = Participant.objects.create(tournament=t, person=make_user("direct").person)
    before = _state(t)
    for action in (
        lambda: manager.decide(entry, Entry.Status.ADMITTED, "", plain_secretary),
        lambda: manager.decide(entry, Entry.Status.REFUSED, "так", plain_secretary),
        lambda: manager.decide_many(t, [entry.pk], Entry.Status.ADMITTED, "", plain_secretary),
        lambda: manager.declare_invalid(entry, "ложь", plain_secretary),
        lambda: manager.declare_valid(entry, "правда", plain_secretary),
        lambda: manager.record_documents(entry, plain_secretary, has_insurance=False),
        lambda: manager.keep_admitted(participant, "годен", plain_secretary),
        lambda: manager.check_documents(
            participant, plain_secretary, identity=True, medical=True, insurance=True
        ),
    ):
        with pytest.raises(PermissionDenied):
            action()
    assert _state(t) == before


def test_a_plain_secretary_gets_403_on_the_decision_pages_5_3_1(client, t, plain_secretary):
    entry = make_entry(t, documents=True)
    client.force_login(plain_secretary)
    before = _state(t)
    r = lambda name, *args: reverse(f"registration:{name}", args=[t.pk, *args])  # noqa: E731
    for url, data in (
        (r("entry_decide", entry.pk), {"status": "admitted"}),
        (r("entry_decide", entry.pk), {"status": "refused", "reason": "так"}),
        (r("entries_bulk"), {"entries": [entry.pk], "status": "admitted"}),
        (r("entry_documents", entry.pk), {}),
        (r("entry_invalid", entry.pk), {"reason": "ложь"}),
        (r("entry_valid", entry.pk), {"reason": "правда"}),
    ):
        assert client.post(url, data).status_code == 403, url
    assert _state(t) == before
    # What is not admission stays his: the list, the entry, typing one from paper, correcting one.
    assert client.get(r("entries")).status_code == 200
    assert client.get(r("entry_edit", entry.pk)).status_code == 200
    paper = {
        "surname": "Бумажный",
        "name": "Борис",
        "birth_date": "1990-01-01",
        "gender": "male",
        "organisation": "Клуб «Нарды»",
        "region": "Москва",
        "disciplines": ["long"],
        "responsible_name": "Тренеров Т. Т.",
        "responsible_phone": "+7 900 000-00-00",
    }
    response = client.post(r("entry_add"), paper)
    assert response.status_code == 302, response.content.decode()
    assert Entry.objects.filter(tournament=t, person__surname="Бумажный").exists()


def test_the_pages_do_not_offer_him_a_decision_5_3_1(client, t, plain_secretary, commission_member):
    entry = make_entry(t, documents=True)
    decide = reverse("registration:entry_decide", args=[t.pk, entry.pk])
    bulk = reverse("registration:entries_bulk", args=[t.pk])
    client.force_login(plain_secretary)
    page = client.get(reverse("registration:entry", args=[t.pk, entry.pk])).content.decode()
    assert decide not in page and "5.3.1" in page
    assert bulk not in client.get(reverse("registration:entries", args=[t.pk])).content.decode()
    client.force_login(commission_member)
    assert decide in client.get(reverse("registration:entry", args=[t.pk, entry.pk])).content.decode()
    assert bulk in client.get(reverse("registration:entries", args=[t.pk])).content.decode()


@pytest.mark.parametrize("who", ["commission_member", "chief_judge", "secretary"])
def test_the_commission_and_the_panel_admit_5_3_1(t, who, request):
    user = request.getfixturevalue(who)
    entry = manager.decide(make_entry(t, documents=True), Entry.Status.ADMITTED, "", user)
    assert entry.status == Entry.Status.ADMITTED and entry.decided_by == user


def test_with_officials_a_plain_secretary_admits_5_3_1(client, t, plain_secretary):
    t.admission_by = "officials"
    t.save(update_fields=["admission_by"])
    entry = make_entry(t, documents=True)
    client.force_login(plain_secretary)
    response = client.post(
        reverse("registration:entries_bulk", args=[t.pk]), {"entries": [entry.pk], "status": "admitted"}
    )
    assert response.status_code == 200
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ADMITTED and entry.decided_by == plain_secretary


def test_only_the_chief_judge_says_who_admits_5_3_1(client, t, plain_secretary, chief_judge, secretary):
    # The chief judge forms the commission (004 §5.3.1): for anybody else the field is disabled, so a
    # posted "officials" changes nothing.
    assert TournamentForm(instance=t, may_set_admission=False).fields["admission_by"].disabled
    url = reverse("public:edit", args=[t.pk])
    for user, expected in (
        (plain_secretary, "commission"),
        (secretary, "commission"),
        (chief_judge, "officials"),
    ):
        client.force_login(user)
        response = client.post(url, _form_data(t, admission_by="officials"))
        assert response.status_code == 302, response.content.decode()[:500]
        t.refresh_from_db()
        assert t.admission_by == expected, user
