"""004 §2.4.3: «Тренер имеет право ... выражать замечания и претензии по результатам матча или нарушениям до
начала очередного гейма (матча), в том числе подавать жалобы, апелляции» — in a personal event too: an
accredited coach files a protest for a player he coaches, in the player's window; nobody else's coach may
(issue 27, «Missing»)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from judging.models import Protest
from registration.models import Official, Participant
from registration.permissions import is_official
from tests.factories import make_user
from tests.judging.conftest import at, frozen, match_of
from tournaments.models import AuditEntry

FORM = {"reasons": "Соперник сыграл 6-5 вместо 6-4", "arguments": "Партия 3, ход 12", "evidence": ""}


def _coach(t, athletes, username="coach", accredited=True):
    user = make_user(username)
    official = Official.objects.create(
        tournament=t, person=user.person, role=Official.Role.COACH, accredited=accredited
    )
    official.athletes.set(athletes)
    return user


@pytest.fixture
def player(running, participant_user) -> Participant:
    return running.participants.get(person__user=participant_user)


def _url(name, t, m):
    return reverse(f"judging:{name}", args=[t.pk, m.pk])


def test_the_coach_files_a_protest_for_his_player_in_a_personal_event_2_4_3(client, running, player):
    coach = _coach(running, [player])
    m = match_of(running, player, 1)
    client.force_login(coach)
    with frozen(at(1)):
        page = client.get(_url("match", running, m))
        assert page.status_code == 200 and _url("protest_new", running, m) in page.content.decode()
    with frozen(at(5)):
        response = client.post(_url("protest_new", running, m), FORM)
    assert response.status_code == 302
    protest = Protest.objects.get()
    assert protest.protester == player and protest.filed_by == coach
    entry = AuditEntry.objects.get(action="protest")
    assert entry.data["representative"] == Official.objects.get(person__user=coach).pk
    assert "тренер" in entry.summary
    with frozen(at(6)):
        assert client.get(reverse("judging:protest", args=[running.pk, protest.pk])).status_code == 200
    assert not is_official(coach, running)  # he speaks for his players; he holds no official's power


def test_the_coach_of_another_player_or_without_accreditation_may_not_2_4_3(client, running, player):
    other = (
        running.participants.exclude(pk=player.pk)
        .exclude(pk__in=[match_of(running, player, 1).player1_id, match_of(running, player, 1).player2_id])
        .first()
    )
    m = match_of(running, player, 1)
    for user in (_coach(running, [other], "coach2"), _coach(running, [player], "coach3", accredited=False)):
        client.force_login(user)
        with frozen(at(5)):
            assert client.get(_url("protest_new", running, m)).status_code == 403
            assert client.post(_url("protest_new", running, m), FORM).status_code == 403
    assert not Protest.objects.exists()


def test_the_coachs_protest_after_the_players_window_is_refused_2_4_3_5_10(client, running, player):
    coach = _coach(running, [player])
    m = match_of(running, player, 1)
    client.force_login(coach)
    with frozen(at(10, 1)):
        response = client.post(_url("protest_new", running, m), FORM)
    assert response.status_code == 400
    assert not Protest.objects.exists()


def test_the_officials_form_registers_a_coach_with_his_players_2_4_3(client, running, player, chief_judge):
    client.force_login(chief_judge)
    data = {
        "role": "coach",
        "surname": "Тренеров",
        "name": "Пётр",
        "birth_date": "1960-03-03",
        "gender": "male",
        "athletes": [player.pk],
    }
    response = client.post(reverse("registration:officials", args=[running.pk]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    coach = Official.objects.get(role="coach")
    assert list(coach.athletes.all()) == [player]
    del data["athletes"]
    data["surname"] = "Безучеников"
    assert client.post(reverse("registration:officials", args=[running.pk]), data).status_code == 400
