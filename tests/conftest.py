"""Personas set up once: a secretary, a chief judge, a participant and a stranger with no access."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tournaments.models import Tournament

# Imports of Django code stay inside the fixtures, so the pure packages' tests (tests/pairing,
# tests/rules_core) also run without Django: `pytest tests/pairing -p no:django`.


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
