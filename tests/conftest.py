"""Personas set up once: a secretary, a chief judge, a participant and a stranger with no access."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tournaments.models import Tournament

# Imports of Django code stay inside the fixtures, so the pure packages' tests (tests/pairing,
# tests/rules_core) also run without Django: `pytest tests/draw/pairing -p no:django`.


def pytest_collection_modifyitems(config, items) -> None:
    """Browser tests are marked by where they live, so ``make test-fast`` can leave them out."""
    for item in items:
        if "tests/browser/" in item.nodeid or item.nodeid.split("::")[0].endswith("_browser.py"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hasher(request) -> None:
    """One fast hasher for the whole suite: PBKDF2's deliberate slowness bought nothing here but minutes."""
    if not request.config.pluginmanager.hasplugin("django"):
        return
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_rate_limits(request) -> None:
    """Rate-limit counters and cached fragments live in the (local memory) cache, standings computed once
    per tournament version in the process: each test starts with none (a rolled-back test's tournament may
    come back with the same primary key and version)."""
    if not request.config.pluginmanager.hasplugin("django"):
        return
    from django.core.cache import cache

    from standings.ranking import forget_computed

    cache.clear()
    forget_computed()


@pytest.fixture
def secretary(db) -> User:
    from tests.factories import make_user

    return make_user("secretary", can_create=True)


@pytest.fixture
def chief_judge(db) -> User:
    from tests.factories import make_user

    return make_user("judge")


@pytest.fixture
def participant_user(db) -> User:
    from tests.factories import make_user

    return make_user("player")


@pytest.fixture
def stranger(db) -> User:
    from tests.factories import make_user

    return make_user("stranger")


@pytest.fixture
def other_secretary(db) -> User:
    """Secretary of another tournament: no powers here."""
    from tests.factories import make_tournament, make_user

    user = make_user("othersec", can_create=True)
    other = make_tournament(user, name="Другой турнир")
    assert other.pk
    return user


@pytest.fixture
def tournament(secretary, chief_judge) -> Tournament:
    from tests.factories import make_tournament

    return make_tournament(secretary, chief_judge, players=8)


@pytest.fixture
def restore_gc():
    """The collector's thresholds and frozen objects as they were (tests of config/collector.py and
    config/wsgi.py, which freeze and tune it as a web worker does)."""
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)
