"""Two records of one human made one (issue 17): «Елкин Петр Семенович» created beside «Ёлкин Пётр
Семёнович» before imports proposed twins. His entries, participations, official roles and sanctions follow
the person kept; it is logged; two people who play in one tournament are never merged (004 §2.3.5 for one
judging where the other plays); only an official of every tournament both records are in (their own
records), or a league official, merges (issue 25 item 3)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from judging.models import Sanction
from registration.models import Entry, Official, Participant, Person
from tests.factories import make_tournament, make_user
from tests.registration.helpers import make_entry
from tournaments.models import AuditEntry, Tournament

BORN = datetime.date(1965, 6, 8)


@pytest.fixture
def old_tournament(secretary) -> Tournament:
    return make_tournament(secretary, name="Кубок 2025", start_date=datetime.date(2025, 5, 1))


@pytest.fixture
def elkin(old_tournament) -> Person:
    """The record with history: he played last year and was disqualified."""
    person = Person.objects.create(surname="Ёлкин", name="Пётр", patronymic="Семёнович", birth_date=BORN)
    Participant.objects.create(tournament=old_tournament, person=person)
    make_entry(old_tournament, person=person, status="admitted")
    Sanction.objects.create(
        person=person,
        tournament=old_tournament,
        kind=Sanction.Kind.DISQUALIFICATION,
        starts_on=datetime.date(2025, 5, 2),
        ends_on=datetime.date(2027, 5, 1),
    )
    return person


@pytest.fixture
def twin(t) -> Person:
    """The record made by this year's file, with his entry here."""
    person = Person.objects.create(
        surname="Елкин", name="Петр", patronymic="Семенович", birth_date=BORN, organisation="Шеш-беш"
    )
    make_entry(t, person=person)
    return person


def _merge(client, t, keep, remove):
    return client.post(
        reverse("registration:merge_persons", args=[t.pk]), {"keep": keep.pk, "remove": remove.pk}
    )


def _state():
    return (
        Person.objects.count(),
        list(Entry.objects.order_by("pk").values_list("person_id", flat=True)),
        list(Sanction.objects.values_list("person_id", flat=True)),
    )


def test_an_official_of_both_records_tournaments_merges_twins_and_the_history_follows_the_person(
    client, t, secretary, elkin, twin, old_tournament
):
    # The chief secretary of this tournament and of last year's: both records are his own.
    client.force_login(secretary)
    page = client.get(reverse("registration:twins", args=[t.pk]))
    pairs = page.context["pairs"]
    assert page.status_code == 200 and [(p.first.pk, p.second.pk) for p in pairs] == [(elkin.pk, twin.pk)]
    assert pairs[0].mergeable and pairs[0].first.birth == "08.06.1965"
    response = _merge(client, t, elkin, twin)
    assert response.status_code == 302
    assert not Person.objects.filter(pk=twin.pk).exists()
    assert Entry.objects.get(tournament=t).person == elkin
    assert Entry.objects.get(tournament=old_tournament).person == elkin
    assert Sanction.objects.get().person == elkin
    elkin.refresh_from_db()
    assert elkin.organisation == "Шеш-беш"  # his blank filled from the twin
    for tournament in (t,):
        log = AuditEntry.objects.get(tournament=tournament, action="persons_merged")
        assert log.data["kept"] == elkin.pk and log.data["removed"] == twin.pk
        assert log.data["moved"]["entries"] == 1 and log.user == secretary
    # The disqualification now bars the entry here (004 §2.3.2): the history follows him.
    from registration import manager

    row = next(r for r in manager.check_rows(Entry.objects.get(tournament=t)) if r.key == "disqualification")
    assert not row.passed


def test_two_people_who_play_in_one_tournament_are_not_merged(client, t, secretary, elkin, twin):
    make_entry(t, person=elkin)
    client.force_login(secretary)
    before = _state()
    response = client.post(
        reverse("registration:merge_persons", args=[t.pk]), {"keep": elkin.pk, "remove": twin.pk}, follow=True
    )
    assert "оба играют" in response.content.decode()
    assert _state() == before


def test_an_official_is_not_merged_with_a_player_of_the_same_tournament_2_3_5(
    client, t, commission_member, elkin, twin
):
    Official.objects.create(tournament=t, person=elkin, role=Official.Role.JUDGE)
    client.force_login(commission_member)
    before = _state()
    _merge(client, t, elkin, twin)
    assert _state() == before and Official.objects.get(role=Official.Role.JUDGE).person == elkin


def test_official_roles_follow_the_person_kept(client, t, secretary, elkin, twin, old_tournament):
    Official.objects.create(tournament=old_tournament, person=twin, role=Official.Role.JUDGE)
    Entry.objects.filter(person=elkin, tournament=old_tournament).delete()
    Participant.objects.filter(person=elkin).delete()
    client.force_login(secretary)
    _merge(client, t, elkin, twin)
    assert Official.objects.get(role=Official.Role.JUDGE, tournament=old_tournament).person == elkin
    assert AuditEntry.objects.filter(tournament=old_tournament, action="persons_merged").exists()


@pytest.mark.parametrize("who", ["anonymous", "participant", "other_secretary"])
def test_forbidden_paths_change_nothing(client, t, elkin, twin, who, participant_user, other_secretary):
    if who == "participant":
        client.force_login(participant_user)
    elif who == "other_secretary":
        client.force_login(other_secretary)
    before = _state()
    assert client.get(reverse("registration:twins", args=[t.pk])).status_code == 403
    assert _merge(client, t, elkin, twin).status_code == 403
    assert _state() == before


def test_another_tournaments_official_cannot_merge_people_not_of_his_tournament(
    client, elkin, twin, other_secretary
):
    other = Tournament.objects.get(name="Другой турнир")
    client.force_login(other_secretary)
    before = _state()
    assert _merge(client, other, elkin, twin).status_code == 403
    assert _state() == before


def test_an_official_merges_only_twins_but_a_league_official_any_two(client, t, commission_member, twin):
    stranger = Person.objects.create(surname="Петров", name="Пётр", birth_date=datetime.date(1970, 1, 1))
    client.force_login(commission_member)
    assert _merge(client, t, stranger, twin).status_code == 403
    assert Person.objects.filter(pk=twin.pk).exists()
    # Staff alone is no league official (issue 25 item 3): the admin's staff flag gives no power over people.
    staff = make_user("staff")
    User.objects.filter(pk=staff.pk).update(is_staff=True)
    client.force_login(User.objects.get(pk=staff.pk))
    assert _merge(client, t, stranger, twin).status_code == 403
    league = make_user("league")
    league.groups.add(Group.objects.get(name="Официалы лиги"))
    client.force_login(league)
    assert _merge(client, t, stranger, twin).status_code == 302
    assert Entry.objects.get(tournament=t).person == stranger


def test_a_finished_tournament_merges_nothing(client, t, commission_member, elkin, twin):
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    client.force_login(commission_member)
    before = _state()
    response = _merge(client, t, elkin, twin)
    assert response.status_code == 302 and _state() == before


def test_bad_input_is_a_message_not_an_error(client, t, commission_member, twin):
    client.force_login(commission_member)
    url = reverse("registration:merge_persons", args=[t.pk])
    for data in (
        {"keep": "x", "remove": "1"},
        {"keep": twin.pk, "remove": twin.pk},
        {"keep": twin.pk, "remove": 999999},
        {"keep": 10**30, "remove": twin.pk},  # past 64 bits: SQLite's overflow was a 500 (issue 25 item 10)
    ):
        response = client.post(url, data)
        assert response.status_code in (302, 403)
    assert Person.objects.filter(pk=twin.pk).exists()
