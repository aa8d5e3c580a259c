"""`check --deploy` warns about a production without a shared cache (issue 25 item 11): several web processes
then keep separate rate-limit counters (N processes let N times the limit through) and live caches."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import checks

pytestmark = pytest.mark.security
ROOT = Path(__file__).resolve().parents[1]


def _ids(**kwargs) -> list[str]:
    return [m.id for m in checks.run_checks(include_deployment_checks=True, **kwargs)]


def test_production_without_cache_url_is_warned(settings):
    settings.DEBUG = False
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    assert "site.W001" in _ids()


def test_development_and_a_shared_cache_are_not_warned(settings):
    settings.DEBUG = True  # development: one process (the test runner itself runs with DEBUG off)
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    assert "site.W001" not in _ids()
    settings.DEBUG = False
    settings.CACHES = {
        "default": {"BACKEND": "config.cache.FailOpenRedisCache", "LOCATION": "redis://127.0.0.1:6379/13"}
    }
    assert "site.W001" not in _ids()


def test_check_deploy_fails_on_warnings_without_cache_url():
    """What the administrator runs: `manage.py check --deploy` with DEBUG=0 and no CACHE_URL says so."""
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(60),
        ALLOWED_HOSTS="nardy.example.org",
        CSRF_TRUSTED_ORIGINS="https://nardy.example.org",
        BEHIND_HTTPS_PROXY="1",
        SECURE_HSTS_PRELOAD="1",
    )
    for name in ("DATABASE_URL", "CACHE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"):
        env.pop(name, None)
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode != 0
    assert "(site.W001) CACHE_URL is not set" in done.stdout + done.stderr
