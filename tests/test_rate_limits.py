"""Rate limits (issue 13 item 6): logins lock after repeated failures (django-axes), the public entry forms
take a limited number of submissions per address (django-ratelimit); both answer 429 with a Russian page."""

from __future__ import annotations

import datetime

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from registration.models import Entry, RegistrationSettings
from tests.factories import make_tournament, make_user

pytestmark = [pytest.mark.security, pytest.mark.django_db]


def _login(client, username: str, password: str, ip: str = "203.0.113.5"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip)


def test_five_failed_logins_lock_the_login_from_that_address_then_it_cools_off(client, settings):
    user = make_user("target")
    now = timezone.now()
    with time_machine.travel(now, tick=False):
        for _ in range(settings.AXES_FAILURE_LIMIT - 1):
            assert _login(client, "target", "wrong").status_code == 200  # the form again, with an error
        assert _login(client, "target", "wrong").status_code == 429  # the fifth failure locks
        locked = _login(client, "target", f"pw-{user.username}")  # even the right password now
        assert locked.status_code == 429
        assert "Слишком много неудачных попыток входа" in locked.content.decode()
        assert "_auth_user_id" not in client.session
        # Another address, or another login, is not locked.
        assert _login(client, "target", f"pw-{user.username}", ip="198.51.100.7").status_code == 302
        client.logout()
        make_user("colleague")
        assert _login(client, "colleague", "pw-colleague").status_code == 302
        client.logout()
    with time_machine.travel(now + datetime.timedelta(minutes=16), tick=False):
        assert _login(client, "target", f"pw-{user.username}").status_code == 302


def _entry(i: int) -> dict:
    return {
        "surname": f"Частый{chr(0x430 + i)}",
        "name": "Отправитель",
        "birth_date": "1990-01-01",
        "gender": "male",
        "organisation": "Клуб",
        "region": "Москва",
        "disciplines": ["long"],
        "responsible_name": "Он",
        "responsible_phone": "+7 900 000-00-00",
    }


def test_the_public_entry_forms_are_limited_per_address(client, secretary, settings):
    settings.PUBLIC_FORMS_RATE = "5/h"
    t = make_tournament(secretary)
    RegistrationSettings.objects.create(tournament=t, self_registration=True)
    url = reverse("registration:register", args=[t.pk])
    for i in range(5):
        assert client.post(url, _entry(i), REMOTE_ADDR="203.0.113.9").status_code == 302
    refused = client.post(url, _entry(5), REMOTE_ADDR="203.0.113.9")
    assert refused.status_code == 429 and "Слишком много" in refused.content.decode()
    assert Entry.objects.filter(tournament=t).count() == 5
    team = client.post(reverse("registration:register_team", args=[t.pk]), {}, REMOTE_ADDR="203.0.113.9")
    assert team.status_code == 429
    # Reading the form is free; another address still sends.
    assert client.get(url, REMOTE_ADDR="203.0.113.9").status_code == 200
    assert client.post(url, _entry(6), REMOTE_ADDR="198.51.100.1").status_code == 302


def test_behind_the_proxy_the_configured_header_is_the_address(client, secretary, settings):
    settings.PUBLIC_FORMS_RATE = "1/h"
    settings.CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    t = make_tournament(secretary)
    RegistrationSettings.objects.create(tournament=t, self_registration=True)
    url = reverse("registration:register", args=[t.pk])
    assert client.post(url, _entry(0), HTTP_X_REAL_IP="203.0.113.1").status_code == 302
    assert (
        client.post(url, _entry(1), HTTP_X_REAL_IP="203.0.113.2").status_code == 302
    )  # same proxy, two people
    assert client.post(url, _entry(2), HTTP_X_REAL_IP="203.0.113.1").status_code == 429
