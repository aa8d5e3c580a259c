"""Hardening (issue 13, low): a 403 logs one line; `check --deploy` is clean with the documented production
settings; passwords are not the user's birth date nor guessable; password reset works (console mail)."""

from __future__ import annotations

import datetime
import logging
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.password_validation import validate_password
from django.core import mail
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.factories import make_tournament, make_user

pytestmark = pytest.mark.security
ROOT = Path(__file__).resolve().parents[1]


def test_a_403_logs_one_line_without_a_traceback(client, secretary, stranger, caplog):
    t = make_tournament(secretary)
    client.force_login(stranger)
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.get(reverse("registration:officials", args=[t.pk])).status_code == 403
    (record,) = [r for r in caplog.records if r.name == "django.request"]
    assert record.getMessage().startswith("Forbidden") and record.exc_info is None
    assert "Traceback" not in caplog.text


def test_check_deploy_is_clean_with_the_documented_production_settings():
    env = dict(
        os.environ,
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(60),
        ALLOWED_HOSTS="nardy.example.org",
        CSRF_TRUSTED_ORIGINS="https://nardy.example.org",
        BEHIND_HTTPS_PROXY="1",
        SECURE_HSTS_PRELOAD="1",
        CACHE_URL="redis://127.0.0.1:6379/13",
    )
    env.pop("DATABASE_URL", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # the browser tests set it here; production never does
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


@pytest.mark.django_db
@pytest.mark.parametrize(
    "password",
    [
        "17051990",
        "1990-05-17!",
        "17.05.1990abc",
        "q19900517",
        "Нарды2026",
        "nardy12345",
        "1234567890",
        "player-test",
    ],
)
def test_passwords_refuse_the_birth_date_and_the_guessable(password):
    user = make_user("player")
    user.person.birth_date = datetime.date(1990, 5, 17)
    user.person.save()
    with pytest.raises(ValidationError):
        validate_password(password, user)


@pytest.mark.django_db
def test_a_decent_password_passes():
    user = make_user("player")
    user.person.birth_date = datetime.date(1990, 5, 17)
    user.person.save()
    validate_password("длинные-нарды-в-парке-77", user)


@pytest.mark.django_db
def test_password_reset_sends_its_mail_and_never_500s(client):
    user = make_user("forgetful")
    user.email = "forgetful@example.org"
    user.save()
    response = client.post(reverse("password_reset"), {"email": "forgetful@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and "forgetful" in mail.outbox[0].body
    assert client.post(reverse("password_reset"), {"email": "nobody@example.org"}).status_code == 302
    assert len(mail.outbox) == 1  # an unknown address tells nothing and sends nothing
