"""Only the admission commission, the chief judge and the secretaries decide admission; anybody else gets 403
and nothing changes. Personal data is seen by the tournament's officials and the person himself."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from registration.models import Entry, EntryImport, Official, Participant, RegistrationSettings
from tests.factories import make_user
from tests.registration.helpers import make_entry
from tournaments.models import AuditEntry


def _snapshot(t):
    return (
        list(Entry.objects.filter(tournament=t).values_list("pk", "status", "invalid", "has_insurance")),
        list(Participant.objects.filter(tournament=t).values_list("pk", "status")),
        list(Official.objects.filter(tournament=t).values_list("pk", "accredited")),
        AuditEntry.objects.filter(tournament=t).count(),
        RegistrationSettings.objects.filter(tournament=t).count(),
        EntryImport.objects.count(),
    )


def _actions(t, entry, official):
    r = lambda name, *args: reverse(f"registration:{name}", args=[t.pk, *args])  # noqa: E731
    return [
        ("get", r("entries"), None),
        ("get", r("entry", entry.pk), None),
        ("get", r("entry_add"), None),
        (
            "post",
            r("entry_add"),
            {"surname": "Чужой", "name": "Ч", "birth_date": "1990-01-01", "gender": "male"},
        ),
        ("get", r("entry_edit", entry.pk), None),
        ("post", r("entry_decide", entry.pk), {"status": "admitted"}),
        ("post", r("entry_decide", entry.pk), {"status": "refused", "reason": "так"}),
        ("post", r("entry_documents", entry.pk), {"has_insurance": "on"}),
        ("post", r("entry_invalid", entry.pk), {"reason": "ложь"}),
        ("post", r("entry_valid", entry.pk), {"reason": "правда"}),
        ("get", r("import"), None),
        ("post", r("import"), {}),
        ("get", r("import_template"), None),
        ("get", r("settings"), None),
        ("post", r("settings"), {"self_registration": "on", "women_in_mens_event": "on"}),
        ("get", r("officials"), None),
        ("post", r("official_accredit", official.pk), {"accredited": "0"}),
        ("post", r("official_remove", official.pk), None),
        ("get", r("team_entry_add"), None),
    ]


@pytest.fixture
def scene(t):
    entry = make_entry(t, documents=True)
    official = Official.objects.create(
        tournament=t, person=make_user("judge2").person, role=Official.Role.JUDGE, accredited=False
    )
    return t, entry, official


@pytest.mark.parametrize(
    "who", ["anonymous", "participant_user", "stranger", "other_secretary", "unaccredited"]
)
def test_others_get_403_and_change_nothing(client, scene, who, request):
    t, entry, official = scene
    if who == "unaccredited":
        user = make_user("notyet")
        Official.objects.create(
            tournament=t, person=user.person, role=Official.Role.ADMISSION, accredited=False
        )
        client.force_login(user)
    elif who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    if who == "participant_user":  # a participant of this tournament, with an entry of his own
        person = request.getfixturevalue(who).person
        person.birth_date = datetime.date(1991, 1, 1)
        person.save()
        make_entry(t, person=person)
    before = _snapshot(t)
    for method, url, data in _actions(t, entry, official):
        response = getattr(client, method)(url, data or {})
        assert response.status_code == 403, (who, method, url, response.status_code)
    assert _snapshot(t) == before


@pytest.mark.parametrize("who", ["commission_member", "chief_judge", "secretary"])
def test_the_commission_the_chief_judge_and_the_secretary_decide(client, scene, who, request):
    t, entry, _official = scene
    user = request.getfixturevalue(who)
    client.force_login(user)
    response = client.post(
        reverse("registration:entry_decide", args=[t.pk, entry.pk]), {"status": "admitted"}
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ADMITTED and entry.decided_by == user
    assert Participant.objects.get(tournament=t, person=entry.person).status == Participant.Status.ACTIVE


def test_a_plain_secretary_decides_when_the_regulation_says_so_5_3_1(client, scene):
    # admission_by = "officials": the secretaries decide with the commission (the default: the commission).
    t, entry, _official = scene
    t.admission_by = "officials"
    t.save(update_fields=["admission_by"])
    user = make_user("secretary2")
    Official.objects.create(tournament=t, person=user.person, role=Official.Role.SECRETARY)
    client.force_login(user)
    client.post(
        reverse("registration:entry_decide", args=[t.pk, entry.pk]), {"status": "refused", "reason": "x"}
    )
    entry.refresh_from_db()
    assert entry.status == Entry.Status.REFUSED


def test_a_judge_sees_the_entries_but_does_not_decide(client, scene):
    t, entry, _official = scene
    user = make_user("judge3")
    Official.objects.create(tournament=t, person=user.person, role=Official.Role.JUDGE)
    client.force_login(user)
    assert client.get(reverse("registration:entries", args=[t.pk])).status_code == 200
    assert client.get(reverse("registration:entry", args=[t.pk, entry.pk])).status_code == 200
    url = reverse("registration:entry_decide", args=[t.pk, entry.pk])
    assert client.post(url, {"status": "admitted"}).status_code == 403


def test_the_person_himself_sees_his_entry_and_nobody_elses(client, t, participant_user):
    person = participant_user.person
    person.birth_date = datetime.date(1991, 1, 1)
    person.save()
    own = make_entry(t, person=person, identity_document_number="45 01 123456")
    other = make_entry(t, surname="Другой", identity_document_number="45 99 999999")
    client.force_login(participant_user)
    page = client.get(reverse("registration:entry", args=[t.pk, own.pk]))
    assert page.status_code == 200 and "45 01 123456" in page.content.decode()
    assert "registration/entry_decide" not in page.content.decode()  # no decision form for him
    assert client.get(reverse("registration:entry", args=[t.pk, other.pk])).status_code == 403


def test_public_pages_show_name_organisation_and_region_only(client, t, secretary):
    from registration import manager

    entry = make_entry(t, birth_date=datetime.date(1987, 6, 15), responsible_email="secret@example.org")
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    for name in ("public:participants", "registration:protocol", "public:detail"):
        page = client.get(reverse(name, args=[t.pk])).content.decode()
        assert "15.06.1987" not in page and "1987-06-15" not in page and "secret@example.org" not in page, (
            name
        )
    protocol = client.get(reverse("registration:protocol", args=[t.pk])).content.decode()
    assert "Иванов Иван Иванович" in protocol and "Клуб «Шеш-беш»" in protocol and "Москва" in protocol
    client.force_login(secretary)
    assert "15.06.1987" in client.get(reverse("registration:protocol", args=[t.pk])).content.decode()
