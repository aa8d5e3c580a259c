"""Every knob from the environment through typed helpers that refuse nonsense."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import envbool, envint, envlist


def test_envbool_reads_the_usual_spellings(monkeypatch):
    monkeypatch.setenv("X_FLAG", "off")
    assert envbool("X_FLAG", True) is False
    monkeypatch.setenv("X_FLAG", "Yes")
    assert envbool("X_FLAG", False) is True
    monkeypatch.delenv("X_FLAG")
    assert envbool("X_FLAG", True) is True


def test_envbool_and_envint_refuse_nonsense(monkeypatch):
    monkeypatch.setenv("X_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="X_FLAG"):
        envbool("X_FLAG", True)
    monkeypatch.setenv("X_INT", "ten")
    with pytest.raises(ImproperlyConfigured, match="X_INT"):
        envint("X_INT", 1)


def test_envlist_splits_on_commas(monkeypatch):
    monkeypatch.setenv("X_HOSTS", "a.example, b.example,,")
    assert envlist("X_HOSTS", []) == ["a.example", "b.example"]


def test_the_embedded_default_is_russian_moscow_and_eager(settings):
    assert settings.LANGUAGE_CODE == "ru"
    assert settings.TIME_ZONE == "Europe/Moscow"
    assert settings.CELERY_TASK_ALWAYS_EAGER is True
