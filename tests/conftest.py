"""Personas set up once: a secretary, a chief judge, a participant and a stranger with no access."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.factories import make_tournament, make_user
from tournaments.models import Tournament


@pytest.fixture
def secretary(db) -> User:
    return make_user("secretary", can_create=True)


@pytest.fixture
def chief_judge(db) -> User:
    return make_user("judge")


@pytest.fixture
def participant_user(db) -> User:
    return make_user("player")


@pytest.fixture
def stranger(db) -> User:
    return make_user("stranger")


@pytest.fixture
def other_secretary(db) -> User:
    """Secretary of another tournament: no powers here."""
    user = make_user("othersec", can_create=True)
    other = make_tournament(user, name="Другой турнир")
    assert other.pk
    return user


@pytest.fixture
def tournament(secretary, chief_judge) -> Tournament:
    return make_tournament(secretary, chief_judge, players=8)
