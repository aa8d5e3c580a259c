"""Who manages officials (004 §6.1, §6.2): the whole matrix of roles × officials actions.

Only the chief judge and the chief secretary register, accredit, withdraw and remove officials, each only in
roles below his own (the chief judge above the chief secretary, both above everybody else); nobody changes his
own role; the last accredited chief judge / chief secretary stays; every change is in the change log. Anybody
else (a plain secretary, a judge, the admission commission, a representative, a participant, a stranger,
another tournament's chief secretary, anonymous) gets 403 and nothing changes.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from registration import manager
from registration.models import Official, Person, Team
from tests.factories import make_user
from tournaments.models import AuditEntry

pytestmark = pytest.mark.security

# The policy written out as a table, independently of the code: the roles each actor may act on.
MANAGES = {
    "chief_judge": {"chief_secretary", "secretary", "judge", "admission", "representative"},
    "chief_secretary": {"secretary", "judge", "admission", "representative"},
}
TARGETS = ["chief_judge", "chief_secretary", "secretary", "judge", "admission", "representative"]
ACTORS = [
    "chief_judge",
    "chief_secretary",
    "secretary",
    "judge",
    "admission",
    "representative",
    "participant",
    "stranger",
    "other_tournament",
    "anonymous",
]


@pytest.fixture
def scene(t, secretary, chief_judge, other_secretary, participant_user, stranger):
    team = Team.objects.create(tournament=t, name="Команда")
    users = {
        "chief_judge": chief_judge,
        "chief_secretary": secretary,
        "participant": participant_user,
        "stranger": stranger,
        "other_tournament": other_secretary,
        "anonymous": None,
    }
    for role in ["secretary", "judge", "admission", "representative"]:
        user = make_user(f"actor_{role}")
        Official.objects.create(
            tournament=t, person=user.person, role=role, team=team if role == "representative" else None
        )
        users[role] = user
    t.participants.create(person=participant_user.person)
    # A second accredited chief of each kind, so "the last one stays" never hides a permission in the matrix.
    for role in ["chief_judge", "chief_secretary"]:
        Official.objects.create(tournament=t, person=_person(f"Второй-{role}"), role=role)
    return t, users, team


def _person(surname: str) -> Person:
    return Person.objects.get_or_create(surname=surname, name="Цель", birth_date="1970-01-01")[0]


def _target(t, role: str, accredited: bool, team) -> Official:
    return Official.objects.create(
        tournament=t,
        person=_person(f"Цель-{role}-{accredited}"),
        role=role,
        accredited=accredited,
        team=team if role == "representative" else None,
    )


def _state(t):
    return (
        sorted(Official.objects.filter(tournament=t).values_list("pk", "role", "accredited", "person_id")),
        AuditEntry.objects.filter(tournament=t).count(),
    )


def _client_for(client, user: User | None):
    client.logout()
    if user is not None:
        client.force_login(user)
    return client


def _allowed(actor: str, role: str) -> bool:
    return role in MANAGES.get(actor, set())


@pytest.mark.parametrize("actor", ACTORS)
def test_roles_x_officials_actions_matrix_6_1_6_2(client, scene, actor):
    t, users, team = scene
    client = _client_for(client, users[actor])
    r = lambda name, *args: reverse(f"registration:{name}", args=[t.pk, *args])  # noqa: E731
    checked = 0
    for role in TARGETS:
        for action in ["withdraw", "accredit", "remove"]:
            target = _target(t, role, accredited=action == "withdraw", team=team)
            before = _state(t)
            if action == "remove":
                response = client.post(r("official_remove", target.pk))
            else:
                data = {"accredited": "1" if action == "accredit" else "0"}
                response = client.post(r("official_accredit", target.pk), data)
            after = _state(t)
            gone = not Official.objects.filter(pk=target.pk).exists()
            if _allowed(actor, role):
                assert response.status_code == 302, (actor, role, action, response.status_code)
                changed = (
                    gone
                    if action == "remove"
                    else Official.objects.get(pk=target.pk).accredited == (action == "accredit")
                )
                assert changed, (actor, role, action)
                assert after[1] == before[1] + 1, "every change is logged"
            else:
                assert response.status_code == 403, (actor, role, action, response.status_code)
                assert after == before, (actor, role, action)
            Official.objects.filter(pk=target.pk).delete()
            checked += 1
        # Registering a new official in this role.
        before = _state(t)
        form = {"role": role, "surname": f"Новый-{role}", "name": "Н", "birth_date": "1975-05-05"}
        if role == "representative":
            form["team"] = Team.objects.get_or_create(tournament=t, name="Команда")[0].pk
        response = client.post(r("officials"), form)
        made = Official.objects.filter(tournament=t, role=role, person__surname=f"Новый-{role}")
        if _allowed(actor, role):
            assert response.status_code == 302 and made.exists(), (actor, role, response.status_code)
            assert not made.get().accredited and _state(t)[1] == before[1] + 1
            made.delete()
        else:
            # A manager is not offered the role (400, form error); anybody else is refused (403).
            expected = {400} if actor in MANAGES else {403}
            assert response.status_code in expected, (actor, role, response.status_code)
            assert _state(t) == before
        checked += 1
    assert checked == len(TARGETS) * 4


@pytest.mark.parametrize("actor", ["chief_judge", "chief_secretary", "admission", "secretary"])
def test_nobody_changes_his_own_role_6_1(client, scene, actor):
    t, users, _team = scene
    own = Official.objects.get(tournament=t, person=users[actor].person)
    client = _client_for(client, users[actor])
    before = _state(t)
    client.post(reverse("registration:official_accredit", args=[t.pk, own.pk]), {"accredited": "0"})
    client.post(reverse("registration:official_remove", args=[t.pk, own.pk]))
    assert _state(t) == before


def test_the_last_chief_judge_and_chief_secretary_stay_even_for_a_superuser_6_1(client, t, secretary):
    admin = User.objects.create_superuser("root", password="x")
    client.force_login(admin)
    for role in ["chief_judge", "chief_secretary"]:
        only = Official.objects.get(tournament=t, role=role)
        before = _state(t)
        response = client.post(
            reverse("registration:official_accredit", args=[t.pk, only.pk]), {"accredited": "0"}
        )
        assert response.status_code == 302 and _state(t) == before
        only.refresh_from_db()
        assert only.accredited
    # With a second one accredited, the superuser may withdraw the first.
    second = Official.objects.create(tournament=t, person=_person("Запасной"), role="chief_judge")
    first = Official.objects.get(
        tournament=t, role="chief_judge", accredited=True, person__user__isnull=False
    )
    manager.accredit(first, False, admin)
    first.refresh_from_db()
    assert not first.accredited and second.accredited


def test_the_attack_of_the_issue_admission_member_takes_over_nothing_6_1(client, t, secretary, chief_judge):
    """A commission member tries to de-accredit both chiefs and accredit a stranger as chief judge."""
    member = make_user("member")
    Official.objects.create(tournament=t, person=member.person, role="admission")
    intruder = make_user("intruder")
    client.force_login(member)
    before = _state(t)
    for chief in Official.objects.filter(tournament=t, role__in=["chief_judge", "chief_secretary"]):
        r1 = client.post(
            reverse("registration:official_accredit", args=[t.pk, chief.pk]), {"accredited": "0"}
        )
        r2 = client.post(reverse("registration:official_remove", args=[t.pk, chief.pk]))
        assert r1.status_code == r2.status_code == 403
    response = client.post(
        reverse("registration:officials", args=[t.pk]),
        {"role": "chief_judge", "username": "intruder", "surname": "Intruder", "name": "Test"},
    )
    assert response.status_code == 403
    assert _state(t) == before
    assert not Official.objects.filter(tournament=t, person=intruder.person).exists()


def test_a_chief_secretary_appoints_the_first_chief_judge_and_no_second_6_1(client, secretary):
    from tests.factories import make_tournament

    t = make_tournament(secretary)  # no chief judge yet
    client.force_login(secretary)
    url = reverse("registration:officials", args=[t.pk])
    form = {"role": "chief_judge", "surname": "Главный", "name": "Судья", "birth_date": "1960-01-01"}
    assert client.post(url, form).status_code == 302
    cj = Official.objects.get(tournament=t, role="chief_judge")
    response = client.post(reverse("registration:official_accredit", args=[t.pk, cj.pk]), {"accredited": "1"})
    assert response.status_code == 302
    cj.refresh_from_db()
    assert cj.accredited
    # Now there is one: the chief secretary neither withdraws him nor registers another.
    response = client.post(reverse("registration:official_accredit", args=[t.pk, cj.pk]), {"accredited": "0"})
    assert response.status_code == 403
    assert client.post(url, {**form, "surname": "Второй"}).status_code == 400
    assert Official.objects.filter(tournament=t, role="chief_judge").count() == 1


def test_a_commission_member_sees_the_list_without_the_actions_6_1(client, t, commission_member):
    client.force_login(commission_member)
    page = client.get(reverse("registration:officials", args=[t.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "official_accredit" not in html and "/accredit/" not in html and 'name="role"' not in html
