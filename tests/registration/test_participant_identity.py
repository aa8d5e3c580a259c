"""A participant's data corrected without losing him (his identity and results), and the documents of a
participant added without an entry (004 §2.3.3, §2.5.1, §5.1.4)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Match
from registration import manager
from registration.models import Official, Participant, Person
from tests.factories import add_players, make_tournament, make_user
from tests.judging.conftest import at, frozen, play
from tests.registration.helpers import make_entry
from tournaments.models import AuditEntry


@pytest.fixture
def playing(secretary, chief_judge):
    """A Swiss whose participant «Иванов» was admitted through his entry and has played round 1."""
    t = make_tournament(secretary, chief_judge, system="swiss", rounds=3)
    entry = make_entry(t, surname="Иванов")
    manager.decide(entry, "admitted", "", secretary)
    add_players(t, 3)
    with frozen(at(0)):
        play(t, secretary, 1)
    return t, entry


def _edit_url(t, p):
    return reverse("registration:participant_edit", args=[t.pk, p.pk])


def _data(p, **changes):
    person = p.person
    data = {
        "surname": person.surname,
        "name": person.name,
        "patronymic": person.patronymic,
        "birth_date": person.birth_date.isoformat(),
        "gender": person.gender,
        "organisation": person.organisation,
        "region": person.region,
        "seed": p.seed or "",
    }
    data.update(changes)
    return data


def test_a_name_fix_keeps_the_same_participant_and_his_results_logged(client, playing, secretary):
    t, entry = playing
    p = t.participants.get(person=entry.person)
    played = (
        Match.objects.filter(round__tournament=t, player1=p).count()
        + Match.objects.filter(round__tournament=t, player2=p).count()
    )
    client.force_login(secretary)
    response = client.post(_edit_url(t, p), _data(p, surname="Иваненко", birth_date="1990-05-18"))
    assert response.status_code == 302, response.content.decode()[:2000]
    p.refresh_from_db()
    assert p.person.surname == "Иваненко" and p.person.birth_date == datetime.date(1990, 5, 18)
    assert t.participants.count() == 4 and p.status == "active"
    assert (
        Match.objects.filter(round__tournament=t, player1=p).count()
        + Match.objects.filter(round__tournament=t, player2=p).count()
        == played
        == 1
    )
    log = AuditEntry.objects.get(tournament=t, action="participant_edit")
    assert log.user == secretary and log.data["before"]["surname"] == "Иванов"


def test_sending_a_playing_participants_entry_back_to_review_is_refused_with_the_reason(
    client, playing, secretary
):
    t, entry = playing
    client.force_login(secretary)
    response = client.post(
        reverse("registration:entry_decide", args=[t.pk, entry.pk]),
        {"status": "pending", "reason": ""},
        follow=True,
    )
    assert "уже играет" in response.content.decode()
    entry.refresh_from_db()
    assert entry.status == "admitted"
    assert t.participants.get(person=entry.person).status == "active"
    assert Participant.objects.filter(person=entry.person).count() == 1


def test_a_fix_that_makes_him_another_registered_person_is_refused(client, playing, secretary):
    t, entry = playing
    p = t.participants.get(person=entry.person)
    other = Person.objects.create(
        surname="Петров", name="Иван", patronymic="Иванович", birth_date=datetime.date(1990, 5, 17)
    )
    client.force_login(secretary)
    response = client.post(_edit_url(t, p), _data(p, surname="Петров"))
    assert response.status_code == 400 and f"№ {other.pk}" in response.content.decode()
    p.refresh_from_db()
    assert p.person.surname == "Иванов"


def test_the_seeding_number_is_locked_once_the_draw_used_it(client, playing, secretary):
    t, entry = playing
    p = t.participants.get(person=entry.person)
    client.force_login(secretary)
    client.post(_edit_url(t, p), _data(p, seed=77))
    p.refresh_from_db()
    assert p.seed != 77


@pytest.mark.parametrize(
    "who", ["anonymous", "participant_user", "stranger", "other_secretary", "representative"]
)
def test_only_the_tournaments_officials_edit_a_participant_403(client, playing, who, request):
    t, entry = playing
    p = t.participants.get(person=entry.person)
    if who == "representative":
        user = make_user("rep")
        from registration.models import Team

        team = Team.objects.create(tournament=t, name="Клуб")
        Official.objects.create(tournament=t, person=user.person, role="representative", team=team)
        client.force_login(user)
    elif who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    assert client.get(_edit_url(t, p)).status_code == 403
    assert client.post(_edit_url(t, p), _data(p, surname="Взлом")).status_code == 403
    p.refresh_from_db()
    assert p.person.surname == "Иванов"


def test_the_shortcut_leaves_the_documents_unchecked_and_the_draw_waits_for_the_commission_2_3_3(
    client, secretary
):
    t = make_tournament(secretary, players=3, system="swiss", rounds=3)
    client.force_login(secretary)
    response = client.post(
        reverse("registration:participant_add", args=[t.pk]),
        {"surname": "Новиков", "name": "Олег", "birth_date": "1991-04-05", "gender": "male", "seed": 9},
    )
    assert response.status_code == 302
    newcomer = t.participants.get(person__surname="Новиков")
    assert not newcomer.documents_checked
    response = client.post(reverse("draw:draw", args=[t.pk]), {"number": 1}, follow=True)
    assert not t.round_set.exists()
    page = response.content.decode()
    assert "Новиков" in page and "п. 2.3.3" in page
    # The commission ticks all three documents on the participant's page; then the draw pairs him.
    url = reverse("registration:participant_edit", args=[t.pk, newcomer.pk])
    assert client.post(url, {"action": "documents", "identity": "on", "medical": "on"}).status_code == 400
    assert (
        client.post(
            url, {"action": "documents", "identity": "on", "medical": "on", "insurance": "on"}
        ).status_code
        == 302
    )
    newcomer.refresh_from_db()
    assert newcomer.documents_checked
    assert AuditEntry.objects.filter(tournament=t, action="participant_documents").exists()
    draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    assert (
        t.round_set.get().matches.filter(player1=newcomer).exists()
        or t.round_set.get().matches.filter(player2=newcomer).exists()
    )
