"""Sanctions on coaches and officials (004 §2.4.5: «к спортсменам, тренерам могут применяться спортивные
санкции»; §2.4.6 by analogy to team leaders and the other participants; §6.2.2 items 3–4: the chief judge
removes officials and takes judges off the judging). The chief judge alone warns, removes (his accreditation
is withdrawn: his powers end) or disqualifies a coach or an official below him; logged, on the desk
(issue 27, «Missing»)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from judging.models import Sanction
from registration.models import Official
from registration.permissions import can_run
from tests.factories import START, make_user
from tests.judging.conftest import at, frozen
from tournaments.models import AuditEntry


def _official(t, role, username, **extra):
    user = make_user(username)
    official = Official.objects.create(tournament=t, person=user.person, role=role, **extra)
    return user, official


def _sanction(client, t, official, **data):
    payload = {"kind": "warning", "clause": "004 §2.4.4", "facts": "Указания игроку во время матча", **data}
    return client.post(reverse("judging:official_sanction", args=[t.pk, official.pk]), payload)


def test_the_chief_judge_warns_a_coach_2_4_5(client, running, chief_judge, participant_user):
    _user, coach = _official(running, Official.Role.COACH, "coachw")
    coach.athletes.set([running.participants.get(person__user=participant_user)])
    client.force_login(chief_judge)
    page = client.get(reverse("registration:officials", args=[running.pk])).content.decode()
    assert reverse("judging:official_sanction", args=[running.pk, coach.pk]) in page
    with frozen(at(20)):
        assert _sanction(client, running, coach).status_code == 302
    s = Sanction.objects.get()
    assert (s.person, s.official, s.kind, s.tournament) == (coach.person, coach, "warning", running)
    assert AuditEntry.objects.filter(action="sanction", tournament=running).exists()
    desk = client.get(reverse("judging:desk", args=[running.pk])).content.decode()
    assert "тренер" in desk and "Указания игроку" in desk


def test_a_removed_secretary_loses_his_powers_6_2_2(client, running, chief_judge, plain_secretary):
    official = Official.objects.get(tournament=running, person__user=plain_secretary)
    assert can_run(plain_secretary, running)
    client.force_login(chief_judge)
    with frozen(at(20)):
        assert (
            _sanction(client, running, official, kind="removal", facts="Неспортивное поведение").status_code
            == 302
        )
    official.refresh_from_db()
    assert not official.accredited and not can_run(plain_secretary, running)
    assert Sanction.objects.get().kind == "removal"


def test_a_disqualified_coach_is_refused_as_an_official_elsewhere_2_4_5_1_6_2(
    client, running, chief_judge, secretary
):
    from tests.factories import make_tournament

    user, coach = _official(running, Official.Role.JUDGE, "judgex")
    client.force_login(chief_judge)
    with frozen(at(20)):
        response = _sanction(
            client,
            running,
            coach,
            kind="disqualification",
            ends_on=(START + datetime.timedelta(days=90)).isoformat(),
        )
    assert response.status_code == 302, response.content.decode()[:2000]
    coach.refresh_from_db()
    assert not coach.accredited
    later = make_tournament(
        secretary,
        name="Кубок зимы",
        start_date=START + datetime.timedelta(days=30),
        end_date=START + datetime.timedelta(days=31),
    )
    client.force_login(secretary)
    data = {
        "role": "judge",
        "username": user.username,
        "surname": user.person.surname,
        "name": user.person.name,
    }
    response = client.post(reverse("registration:officials", args=[later.pk]), data)
    assert response.status_code == 400
    assert not Official.objects.filter(tournament=later, person=user.person).exists()


@pytest.mark.parametrize("who", ["secretary", "plain_secretary", "participant_user", "stranger", "anonymous"])
def test_only_the_chief_judge_sanctions_an_official_6_2_1(client, running, who, request):
    _user, coach = _official(running, Official.Role.COACH, "coachz")
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = _sanction(client, running, coach)
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "login" in response.url
    assert not Sanction.objects.exists()


def test_nobody_sanctions_himself_or_a_chief_judge_6_2_1(client, running, chief_judge):
    own = Official.objects.get(tournament=running, person__user=chief_judge)
    _user, other_chief = _official(running, Official.Role.CHIEF_JUDGE, "chief2")
    client.force_login(chief_judge)
    assert _sanction(client, running, own).status_code == 403
    assert _sanction(client, running, other_chief).status_code == 403
    assert not Sanction.objects.exists()


def test_bad_input_changes_nothing_2_4_5(client, running, chief_judge):
    _user, coach = _official(running, Official.Role.COACH, "coachb")
    client.force_login(chief_judge)
    assert _sanction(client, running, coach, kind="technical_defeat").status_code == 400
    assert _sanction(client, running, coach, facts="  ").status_code == 400
    assert _sanction(client, running, coach, kind="disqualification").status_code == 400  # no term
    assert not Sanction.objects.exists()
