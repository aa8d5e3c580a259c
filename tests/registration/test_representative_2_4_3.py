"""A team's representative (004 §2.4, §2.4.3): registered for his team and accredited like other officials
(004 §5.3.2), but without any of the officials' powers: no desk, no change log, no personal data, no
documents for officials, no admission decisions."""

from __future__ import annotations

import pytest
from django.urls import reverse

from registration import manager
from registration.models import Official, Participant, Team
from registration.permissions import OFFICIALS, can_run, is_official
from tests.factories import make_user
from tests.registration.helpers import make_entry
from tests.registration.test_permissions import _actions, _snapshot


def _official(**overrides):
    data = {
        "role": "representative",
        "team": "",
        "username": "",
        "surname": "Тренеров",
        "name": "Олег",
        "patronymic": "",
        "birth_date": "1975-03-04",
        "gender": "male",
        "organisation": "",
        "region": "",
    }
    data.update(overrides)
    return data


@pytest.fixture
def team(t) -> Team:
    return Team.objects.create(tournament=t, name="Казань")


@pytest.fixture
def representative(t, team):
    user = make_user("rep")
    Official.objects.create(
        tournament=t, person=user.person, role=Official.Role.REPRESENTATIVE, team=team, accredited=True
    )
    return user


def test_registering_a_representative_without_a_team_gives_a_russian_form_error_5_3_2(
    client, t, chief_judge, team
):
    client.force_login(chief_judge)
    response = client.post(reverse("registration:officials", args=[t.pk]), _official())
    assert response.status_code == 400
    assert "Представитель команды регистрируется от своей команды: выберите команду." in (
        response.content.decode()
    )
    assert not Official.objects.filter(role=Official.Role.REPRESENTATIVE).exists()


def test_a_team_is_given_only_for_a_representative_5_3_2(client, t, chief_judge, team):
    client.force_login(chief_judge)
    response = client.post(
        reverse("registration:officials", args=[t.pk]), _official(role="judge", team=team.pk)
    )
    assert response.status_code == 400
    assert "Команду указывают только для представителя команды." in response.content.decode()
    assert not Official.objects.filter(role="judge", person__surname="Тренеров").exists()


def test_a_representative_is_registered_for_his_team_and_accredited_like_other_officials_5_3_2(
    client, t, chief_judge, team
):
    account = make_user("coach")
    client.force_login(chief_judge)
    response = client.post(
        reverse("registration:officials", args=[t.pk]),
        _official(team=team.pk, username="coach", surname="Coach", name="Test"),
    )
    assert response.status_code == 302
    official = Official.objects.get(role=Official.Role.REPRESENTATIVE)
    assert official.team == team and official.person == account.person and not official.accredited
    manager.accredit(official, True, chief_judge)
    official.refresh_from_db()
    assert official.accredited
    page = client.get(reverse("registration:officials", args=[t.pk])).content.decode()
    assert "представитель команды «Казань»" in page


def test_a_team_of_another_tournament_cannot_be_chosen(client, t, chief_judge, other_secretary):
    other = other_secretary.person.official_roles.get().tournament
    foreign = Team.objects.create(tournament=other, name="Уфа")
    client.force_login(chief_judge)
    response = client.post(reverse("registration:officials", args=[t.pk]), _official(team=foreign.pk))
    assert response.status_code == 400
    assert not Official.objects.filter(role=Official.Role.REPRESENTATIVE).exists()


def test_a_representative_is_not_an_official_of_the_tournament(t, representative):
    assert Official.Role.REPRESENTATIVE not in OFFICIALS
    assert not is_official(representative, t) and not can_run(representative, t)


def test_a_representative_cannot_open_the_desk_the_change_log_or_an_entrys_personal_data_403(
    client, t, representative
):
    entry = make_entry(t, documents=True)
    judge = Official.objects.create(
        tournament=t, person=make_user("judge2").person, role=Official.Role.JUDGE, accredited=False
    )
    client.force_login(representative)
    before = _snapshot(t)
    forbidden = [
        reverse("judging:desk", args=[t.pk]),
        reverse("public:audit", args=[t.pk]),
        reverse("registration:entry", args=[t.pk, entry.pk]),
        reverse("registration:entries", args=[t.pk]),
        reverse("protocols:document", args=[t.pk, "registration"]),
        reverse("protocols:document", args=[t.pk, "sanctions"]),
    ]
    for url in forbidden:
        assert client.get(url).status_code == 403, url
    # Admission decisions, officials, settings, imports: every action of the commission.
    for method, url, data in _actions(t, entry, judge):
        assert getattr(client, method)(url, data or {}).status_code == 403, (method, url)
    assert _snapshot(t) == before
    protocol = client.get(reverse("registration:protocol", args=[t.pk])).content.decode()
    assert "17.05.1990" not in protocol  # dates of birth are for the tournament's officials only


def test_a_playing_representative_is_not_barred_by_2_3_5(t, chief_judge, team):
    """004 §2.3.5 bars officials of the competition; §2.4 names team representatives apart from them."""
    entry = make_entry(t, documents=True)
    Official.objects.create(
        tournament=t, person=entry.person, role=Official.Role.REPRESENTATIVE, team=team, accredited=True
    )
    assert next(v for v in manager.verdicts_for(entry) if v.key == "official").passed
    manager.decide(entry, "admitted", "", chief_judge)
    assert Participant.objects.get(tournament=t, person=entry.person).status == Participant.Status.ACTIVE
