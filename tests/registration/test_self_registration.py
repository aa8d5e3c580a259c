"""The public entry form: only while the tournament has opened it and before its deadline; one person is one
record across tournaments, and a second entry for him gets a clear message (004 §5.1.2, §5.1.3)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from registration.models import Entry, Person, RegistrationSettings, Source
from tests.factories import make_tournament
from tournaments.models import AuditEntry


def _form(**overrides):
    data = {
        "surname": "Сидоров",
        "name": "Сидор",
        "patronymic": "Сидорович",
        "birth_date": "1985-04-12",
        "gender": "male",
        "organisation": "Клуб «Длинные нарды»",
        "region": "Санкт-Петербург",
        "qualification": "cms",
        "disciplines": ["long"],
        "responsible_name": "Сидоров Сидор",
        "responsible_phone": "+7 911 000-00-00",
        "responsible_email": "sidorov@example.org",
    }
    data.update(overrides)
    return data


def _open(t, **fields):
    return RegistrationSettings.objects.create(tournament=t, self_registration=True, **fields)


def _nothing_saved(t):
    return (
        not Entry.objects.filter(tournament=t).exists()
        and not Person.objects.filter(surname="Сидоров").exists()
    )


def test_a_visitor_submits_an_entry_while_registration_is_open(client, t):
    _open(t, deadline=timezone.now() + datetime.timedelta(days=3))
    response = client.post(reverse("registration:register", args=[t.pk]), _form())
    assert response.status_code == 302
    entry = Entry.objects.get(tournament=t)
    assert entry.status == Entry.Status.PENDING and entry.source == Source.SELF
    assert (entry.person.full_name, entry.person.birth_date) == (
        "Сидоров Сидор Сидорович",
        datetime.date(1985, 4, 12),
    )
    assert entry.qualification == "cms" and entry.discipline_codes == ["long"]
    assert AuditEntry.objects.filter(tournament=t, action="entry", data__entry=entry.pk).exists()
    # The answer names no entry number: a second entry for the same person gets the same one (issue 13).
    assert "Заявка принята" in client.get(response.url).content.decode()


def test_after_the_deadline_it_is_refused_and_nothing_is_saved(client, t):
    _open(t, deadline=timezone.now() - datetime.timedelta(minutes=1))
    response = client.post(reverse("registration:register", args=[t.pk]), _form())
    assert response.status_code == 403
    assert "Заявки принимались до" in response.content.decode()
    assert _nothing_saved(t)


@pytest.mark.parametrize("who", ["anonymous", "participant_user"])
def test_when_the_tournament_has_not_opened_it_it_is_refused_and_nothing_is_saved(client, t, who, request):
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    assert client.get(reverse("registration:register", args=[t.pk])).status_code == 403
    response = client.post(reverse("registration:register", args=[t.pk]), _form())
    assert response.status_code == 403
    assert _nothing_saved(t)
    team = client.post(reverse("registration:register_team", args=[t.pk]), _form())
    assert team.status_code == 403 and _nothing_saved(t)


def test_a_finished_tournament_takes_no_entries(client, t):
    _open(t)
    t.status = "finished"
    t.save()
    assert client.post(reverse("registration:register", args=[t.pk]), _form()).status_code == 403
    assert _nothing_saved(t)


def test_a_second_entry_for_the_same_person_is_answered_like_the_first_and_logged(client, t):
    """No birth-date oracle (issue 13 item 2): the public form never tells that a person is entered."""
    _open(t)
    first = client.post(reverse("registration:register", args=[t.pk]), _form(), follow=True)
    second = client.post(
        reverse("registration:register", args=[t.pk]), _form(organisation="Другой клуб"), follow=True
    )
    assert first.status_code == second.status_code == 200
    assert [str(m) for m in first.context["messages"]] == [str(m) for m in second.context["messages"]]
    assert "уже зарегистрирована" not in second.content.decode()
    assert Entry.objects.filter(tournament=t).count() == 1
    assert AuditEntry.objects.filter(tournament=t, action="entry_duplicate").count() == 1


def test_the_same_person_in_two_tournaments_is_one_record_whatever_the_case_typed(client, t, secretary):
    other = make_tournament(secretary, name="Осенний кубок")
    _open(t)
    _open(other)
    client.post(reverse("registration:register", args=[t.pk]), _form())
    client.post(
        reverse("registration:register", args=[other.pk]),
        _form(surname="СИДОРОВ", name="сидор", patronymic=" Сидорович ", birth_date="12.04.1985"),
    )
    assert Person.objects.filter(surname="Сидоров").count() == 1
    assert Entry.objects.filter(person__surname="Сидоров").count() == 2


@pytest.mark.parametrize(
    ("field", "value"),
    [("birth_date", "2026-12-05"), ("disciplines", ["short"]), ("responsible_phone", ""), ("surname", "")],
)
def test_an_incomplete_entry_is_refused_with_the_reason(client, t, field, value):
    _open(t)
    data = _form(**{field: value})
    if field == "responsible_phone":
        data["responsible_email"] = ""
    response = client.post(reverse("registration:register", args=[t.pk]), data)
    assert response.status_code == 400
    assert _nothing_saved(t)


def test_a_logged_in_player_completes_his_own_record(client, t, participant_user):
    _open(t)
    client.force_login(participant_user)
    own = participant_user.person  # "Player Test", no date of birth yet
    form = client.get(reverse("registration:register", args=[t.pk])).content.decode()
    assert 'value="Player"' in form
    client.post(
        reverse("registration:register", args=[t.pk]), _form(surname="Player", name="Test", patronymic="")
    )
    own.refresh_from_db()
    assert own.birth_date == datetime.date(1985, 4, 12)
    entry = Entry.objects.get(tournament=t)
    assert entry.person == own
    assert client.get(reverse("registration:entry", args=[t.pk, entry.pk])).status_code == 200


def test_the_tournament_page_offers_the_form_only_while_open(client, t):
    url = reverse("public:detail", args=[t.pk])
    register = reverse("registration:register", args=[t.pk])
    assert register not in client.get(url).content.decode()
    _open(t, deadline=timezone.now() + datetime.timedelta(hours=1))
    assert register in client.get(url).content.decode()
