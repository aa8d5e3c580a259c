"""A tournament without participants and a member of its admission commission."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from registration.models import Official
from tests.factories import make_tournament, make_user
from tournaments.models import Tournament


@pytest.fixture
def t(secretary, chief_judge) -> Tournament:
    """A Swiss tournament starting on 5 December 2026, no participants yet."""
    return make_tournament(secretary, chief_judge)


@pytest.fixture
def commission_member(t) -> User:
    user = make_user("commission")
    Official.objects.create(tournament=t, person=user.person, role=Official.Role.ADMISSION)
    return user
