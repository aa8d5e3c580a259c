"""A team's representative files a protest for a player of his team (004 §5.10, §2.4.2 item 5, §2.4.3 item 2).

``participant_user`` (player 1 of ``running``) plays for the team "Казань"; ``representative`` is its
accredited representative. The window and the next-match rule are the player's; nobody else's representative
may protest.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from judging.models import Protest
from registration.models import Official, Participant, Team
from registration.permissions import is_official
from tests.factories import make_user
from tests.judging.conftest import at, draw_and_start, frozen, match_of
from tournaments.models import AuditEntry

FORM = {"reasons": "Соперник сыграл 6-5 вместо 6-4", "arguments": "Партия 3, ход 12", "evidence": ""}


def _represent(t, team, username: str, accredited: bool = True):
    user = make_user(username)
    Official.objects.create(
        tournament=t,
        person=user.person,
        role=Official.Role.REPRESENTATIVE,
        team=team,
        accredited=accredited,
    )
    return user


@pytest.fixture
def kazan(running, participant_user) -> Team:
    team = Team.objects.create(tournament=running, name="Казань")
    Participant.objects.filter(tournament=running, person__user=participant_user).update(team=team)
    return team


@pytest.fixture
def representative(running, kazan):
    return _represent(running, kazan, "rep")


@pytest.fixture
def player(running, participant_user) -> Participant:
    return running.participants.get(person__user=participant_user)


def _url(name, t, m):
    return reverse(f"judging:{name}", args=[t.pk, m.pk])


def test_the_representative_of_the_players_team_files_within_the_window_004_5_10(
    client, running, player, representative
):
    m = match_of(running, player, 1)
    client.force_login(representative)
    with frozen(at(1)):
        page = client.get(_url("match", running, m))
        assert page.status_code == 200
        assert _url("protest_new", running, m) in page.content.decode()  # "Подать протест"
        form = client.get(_url("protest_new", running, m))
        assert form.status_code == 200 and str(player) in form.content.decode()
    with frozen(at(9, 59)):
        response = client.post(_url("protest_new", running, m), FORM)
    protest = Protest.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("judging:protest", args=[running.pk, protest.pk])
    assert protest.protester == player and protest.filed_by == representative
    assert protest.filed_at == at(9, 59) and protest.status == Protest.Status.FILED
    official = Official.objects.get(person__user=representative)
    entry = AuditEntry.objects.get(action="protest")
    assert entry.user == representative and entry.data["clause"] == "004 §5.10"
    assert entry.data["player"] == player.pk and entry.data["representative"] == official.pk
    # He sees his protest: on the match page and on its own page.
    with frozen(at(10, 30)):
        assert f"№ {protest.number}" in client.get(_url("match", running, m)).content.decode()
        detail = client.get(reverse("judging:protest", args=[running.pk, protest.pk]))
    assert detail.status_code == 200 and "представитель команды" in detail.content.decode()


def test_the_representatives_protest_after_the_window_is_refused_004_5_10(
    client, running, player, representative
):
    m = match_of(running, player, 1)
    client.force_login(representative)
    with frozen(at(10, 1)):
        response = client.post(_url("protest_new", running, m), FORM)
    assert response.status_code == 400 and "Время подачи протеста истекло" in response.content.decode()
    assert not Protest.objects.exists()


def test_the_representatives_protest_after_the_players_next_match_started_is_refused_004_2_4_2(
    client, running, secretary, player, representative
):
    m = match_of(running, player, 1)
    with frozen(at(3)):
        draw_and_start(running, secretary, 2)
    client.force_login(representative)
    with frozen(at(5)):
        response = client.post(_url("protest_new", running, m), FORM)
    assert response.status_code == 400
    assert f"Следующий матч игрока {player} уже начался" in response.content.decode()
    assert not Protest.objects.exists()


def test_another_teams_representative_gets_403_and_nothing_is_saved_004_5_10(client, running, player, kazan):
    m = match_of(running, player, 1)
    # A team of a player who plays another match: its representative has no say on this one.
    elsewhere = (
        running.round_set.get(number=1).matches.exclude(pk=m.pk).exclude(player2__isnull=True)[0].player1
    )
    other_team = Team.objects.create(tournament=running, name="Уфа")
    Participant.objects.filter(pk=elsewhere.pk).update(team=other_team)
    client.force_login(_represent(running, other_team, "foreign_rep"))
    log_before = AuditEntry.objects.count()
    with frozen(at(1)):
        assert client.post(_url("protest_new", running, m), FORM).status_code == 403
        assert client.get(_url("protest_new", running, m)).status_code == 403
        assert client.get(_url("match", running, m)).status_code == 403
    assert not Protest.objects.exists() and AuditEntry.objects.count() == log_before


def test_an_unaccredited_representative_gets_403_and_nothing_is_saved_004_5_3_2(
    client, running, player, kazan
):
    m = match_of(running, player, 1)
    client.force_login(_represent(running, kazan, "not_yet", accredited=False))
    with frozen(at(1)):
        assert client.post(_url("protest_new", running, m), FORM).status_code == 403
        assert client.get(_url("match", running, m)).status_code == 403
    assert not Protest.objects.exists()


def test_the_model_refuses_a_representative_of_another_team_too(running, player, kazan):
    m = match_of(running, player, 1)
    other = _represent(running, Team.objects.create(tournament=running, name="Уфа"), "foreign_rep")
    from judging.models import JudgingError

    with pytest.raises(JudgingError):
        Protest.file(m, player, other, "причина", "доводы", "", [], at(1))
    assert not Protest.objects.exists()


def test_a_protest_filed_by_the_player_is_not_shown_to_the_representative(
    client, running, player, participant_user, representative
):
    m = match_of(running, player, 1)
    protest = Protest.file(m, player, participant_user, "причина", "доводы", "", [], at(1))
    client.force_login(representative)
    assert client.get(reverse("judging:protest", args=[running.pk, protest.pk])).status_code == 403
    with frozen(at(2)):
        response = client.post(_url("protest_new", running, m), FORM)
    assert response.status_code == 400 and Protest.objects.count() == 1  # one protest per player and match


def test_a_representative_holds_no_officials_powers(running, representative):
    assert not is_official(representative, running)
