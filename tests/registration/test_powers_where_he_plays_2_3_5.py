"""Issue 27 item 1: a player never runs his own event (004 §2.3.5, §1.5.8). In a competition of several
events one panel of officials serves them all (004 §1.2), so a role in event B counts in event A; but the
person who plays in A holds no power there — by whatever path he became an official (the officials form,
a role registered before his entry, the admin). A team's representative who plays keeps his own role."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from draw.models import Match
from registration import manager, permissions
from registration.models import Official, Participant, Person
from tests.factories import START, add_players, make_tournament, make_user
from tests.judging.conftest import draw_and_start
from tournaments.models import Competition, Tournament


@pytest.fixture
def events(secretary, chief_judge):
    c = Competition.objects.create(
        name="Кубок округа", start_date=START, end_date=START + datetime.timedelta(1)
    )
    a = make_tournament(secretary, chief_judge, name="Длинные нарды", competition=c)
    b = Tournament.objects.create(
        name="Короткие нарды",
        discipline="short",
        system="swiss",
        start_date=START,
        end_date=START,
        competition=c,
    )
    return a, b


@pytest.fixture
def player(events):
    """P plays in event A (a participant with an account) and, by a path the form no longer offers, holds an
    accredited secretary's role in event B."""
    a, b = events
    user = make_user("pplayer")
    Participant.objects.create(tournament=a, person=user.person, seed=1)
    add_players(a, 3, start=1)
    Official.objects.create(tournament=b, person=user.person, role=Official.Role.SECRETARY, accredited=True)
    return user


def test_a_role_in_a_sibling_event_gives_no_power_where_he_plays_2_3_5(client, events, player, secretary):
    a, b = events
    assert permissions.can_run(player, b) and not permissions.can_run(player, a)
    assert permissions.roles_of(player, a) == set()
    draw_and_start(a, secretary, 1, seed=3)
    own = Match.objects.filter(round__tournament=a).filter(player1__person=player.person).first() or (
        Match.objects.filter(round__tournament=a, player2__person=player.person).get()
    )
    client.force_login(player)
    won = {"kind": "played", "score1": 7, "score2": 0, "version": own.version}
    if own.player2.person_id == player.person.pk:
        won.update(score1=0, score2=7)
    response = client.post(reverse("draw:match_result", args=[a.pk, own.pk]), won)
    assert response.status_code == 403
    own.refresh_from_db()
    assert own.result_kind == "" and own.winner_id is None
    # Nor does he see the personal data of event A's people as one of its officials.
    assert a.pk not in permissions.Reach.of_user(player).tournaments
    assert b.pk in permissions.Reach.of_user(player).tournaments


def test_the_second_player_of_a_pair_holds_no_power_in_his_event_2_3_5(events, secretary):
    a, b = events
    partner = make_user("ppartner")
    first = Person.objects.create(surname="Первый", name="Иван", birth_date=datetime.date(1990, 1, 1))
    Participant.objects.create(tournament=a, person=first, partner=partner.person, seed=1)
    Official.objects.create(
        tournament=b, person=partner.person, role=Official.Role.SECRETARY, accredited=True
    )
    assert not permissions.can_run(partner, a) and permissions.can_run(partner, b)


def test_the_officials_form_refuses_a_player_of_a_sibling_event_2_3_5(client, events, secretary):
    a, b = events
    user = make_user("entrant")
    Participant.objects.create(tournament=a, person=user.person, seed=1)
    client.force_login(secretary)
    response = client.post(
        reverse("registration:officials", args=[b.pk]),
        {
            "surname": user.person.surname,
            "name": user.person.name,
            "username": user.username,
            "role": "secretary",
        },
    )
    assert response.status_code == 400
    assert "п. 2.3.5 Правил вида спорта «нарды»" in response.content.decode()
    assert not Official.objects.filter(person=user.person).exists()


def test_registration_and_accreditation_refuse_him_on_the_server_too_2_3_5(events, secretary, chief_judge):
    a, b = events
    user = make_user("entrant2")
    data = {"role": Official.Role.SECRETARY, "person": user.person}
    official = manager.register_official(b, data, secretary)  # before he entered A
    Participant.objects.create(tournament=a, person=user.person, seed=1)
    with pytest.raises(manager.AdmissionError, match="2.3.5"):
        manager.accredit(official, True, chief_judge)
    official.refresh_from_db()
    assert not official.accredited
    with pytest.raises(manager.AdmissionError, match="2.3.5"):
        manager.register_official(b, {"role": Official.Role.JUDGE, "person": user.person}, secretary)


def test_a_playing_team_representative_keeps_his_role_2_4_3(events):
    a, _b = events
    from registration.models import Team

    user = make_user("captain")
    team = Team.objects.create(tournament=a, name="Шеш-беш")
    Participant.objects.create(tournament=a, person=user.person, team=team, seed=1)
    Official.objects.create(
        tournament=a, person=user.person, role=Official.Role.REPRESENTATIVE, team=team, accredited=True
    )
    assert permissions.roles_of(user, a) == {Official.Role.REPRESENTATIVE}
