"""The officials form reaches nobody's record (issue 13 item 3): no account's name, no birth-date oracle, no
binding of a person to an account, no change to anybody's identity (004 §5.3.2 item 1)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from registration.models import Official, Person
from tests.factories import make_user

pytestmark = pytest.mark.security


def _post(client, t, **fields):
    data = {"role": "judge", "surname": "", "name": "", "birth_date": "", "gender": ""} | fields
    return client.post(reverse("registration:officials", args=[t.pk]), data)


def _errors(response) -> str:
    return str(response.context["form"].non_field_errors()) if response.context else ""


def test_a_login_never_tells_its_owners_name_5_3_2(client, t, secretary):
    make_user("victim")  # Person "Victim Test"
    client.force_login(secretary)
    wrong_name = _post(client, t, username="victim", surname="Угадай", name="Кто", birth_date="1980-01-01")
    no_such_login = _post(
        client, t, username="nobody-here", surname="Угадай", name="Кто", birth_date="1980-01-01"
    )
    assert wrong_name.status_code == no_such_login.status_code == 400
    assert _errors(wrong_name) == _errors(no_such_login)
    assert "Victim" not in wrong_name.content.decode()
    assert not Official.objects.filter(tournament=t, role="judge").exists()


def test_no_answer_differs_for_a_right_or_wrong_birth_date_of_someone_else_5_3_2(client, t, secretary):
    victim = make_user("victim")
    victim.person.birth_date = datetime.date(1987, 4, 23)
    victim.person.save()
    client.force_login(secretary)
    answers = []
    for guess in ["1987-04-23", "1987-04-24"]:
        response = _post(client, t, username="victim", surname="Victim", name="Test", birth_date=guess)
        answers.append(response.status_code)
        Official.objects.filter(tournament=t, role="judge").delete()
    assert answers == [302, 302]
    victim.person.refresh_from_db()
    assert victim.person.birth_date == datetime.date(1987, 4, 23)  # compared with nothing, written by nobody
    # By identity (no login): the officials list shows no login, so it cannot confirm a guessed date either.
    for guess in ["1987-04-23", "1987-04-24"]:
        response = _post(client, t, surname="Victim", name="Test", birth_date=guess)
        assert response.status_code == 302
        page = client.get(reverse("registration:officials", args=[t.pk])).content.decode()
        assert "victim" not in page
        Official.objects.filter(tournament=t, role="judge").delete()


def test_the_form_never_writes_another_persons_birth_date_5_3_2(client, t, secretary):
    colleague = make_user("colleague")  # an account whose person has no date of birth yet
    client.force_login(secretary)
    response = _post(
        client, t, username="colleague", surname="Colleague", name="Test", birth_date="1950-01-01"
    )
    assert response.status_code == 302
    colleague.person.refresh_from_db()
    assert colleague.person.birth_date is None


def test_a_participants_record_is_never_bound_to_another_account_5_3_2(client, t, secretary):
    player = Person.objects.create(surname="Игроков", name="Игорь", birth_date=datetime.date(1990, 1, 1))
    User.objects.create_user("accomplice", password="x")  # an account with no person record of its own
    client.force_login(secretary)
    response = _post(
        client, t, username="accomplice", surname="Игроков", name="Игорь", birth_date="1990-01-01"
    )
    assert response.status_code == 400
    response = _post(client, t, surname="Игроков", name="Игорь", birth_date="1990-01-01")
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.user_id is None
    assert Official.objects.get(tournament=t, role="judge").person == player
